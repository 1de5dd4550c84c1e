"""English for the terminal: counts in the singular or plural, lists of names, scores."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

YOU = "You"
"""The human's name at the start of a sentence; ``you`` within one."""


def counted(count: int, word: str) -> str:
    """``count`` and the English ``word`` in the singular or plural: "1 round", "6 cards"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def listed(names: Sequence[str]) -> str:
    """Names as an English list: "Alice", "Alice and Bob", "AI 1, AI 2 and you" (the human,
    "You", in lower case after the first)."""
    words = [name if i == 0 or name != YOU else "you" for i, name in enumerate(names)]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def within(names: str) -> str:
    """A name or list of names inside a sentence: "to you", not "to You"."""
    return "you" + names[len(YOU) :] if names.startswith(YOU + " ") or names == YOU else names


def score(value: Fraction) -> str:
    """A score as a whole number, or a decimal when it is a fraction of a point."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


_COUNTED = re.compile(r"\{(\w+)\} (\w+)\(s\)")


def plural_template(template: str, params: dict[str, object]) -> tuple[str, dict[str, object]]:
    """A core message template that says ``{count} card(s)`` rewritten to say "1 card" or
    "2 cards": each such count is filled in with its word before the message is rendered."""
    params = dict(params)

    def spell(found: re.Match[str]) -> str:
        name, word = found.group(1), found.group(2)
        value = params.get(name)
        if not isinstance(value, int):
            return found.group(0)
        key = f"{name}_{word}"
        params[key] = counted(value, word)
        return "{" + key + "}"

    return _COUNTED.sub(spell, template), params

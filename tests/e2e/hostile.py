"""Hostile display names and the check that every message showed them inert.

Discord renders markdown in a message's content, its embeds' titles, descriptions and fields,
and in Components V2 text displays; there a player's name must show as typed: no bold, no
masked link, no heading, no quote, no mention that renders or pings. Button labels, select
options, thread names, attachment descriptions, embed footers and modals are plain text: there
the name shows as typed, without the backslashes that escape it in markdown (shortened with an
ellipsis where a limit demands it). ``check_names_inert`` checks every version of every
message the emulator saw; any e2e test may call it with the names its players chose.

Discord allows no line break in a display name (nor in a nickname): no name here has one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from bot.ui.text import name_text
from tests.emulator import Emulator, Message
from tests.emulator import components as comp

ZERO_WIDTH = "\u200b"
MAX_NAME = 32
"""Characters of a display name or nickname Discord allows."""

ISSUE_NAME = "<@111> @everyone **fett** [klick](https://evil.example) # Titel"
"""The nickname of issue 30 (longer than Discord allows today, as some older ones are)."""


def hostile_names(victim_id: int) -> list[str]:
    """Names that would render markup or ping if a message took them as they are: the
    issue's, one mentioning a real member (``victim_id``) and @here, markup of every kind at
    a line's start, and one of exactly 32 characters in several words."""
    names = [
        ISSUE_NAME,
        f"<@{victim_id}> @here",
        "||spoiler|| @everyone [a](<b>)",
        "# Titel _kursiv_ `code` ~~weg~~",
        "> Zitat __unter__ *schief* -# x",
        "Sehr langer Name mit vielen Wort",
    ]
    assert all(len(name) <= MAX_NAME for name in names[1:])
    assert len(names[-1]) == MAX_NAME
    return names


ACTIVE = (
    ("bold", r"(?<!\\)\*\*fett(?<!\\)\*\*"),
    ("italic", r"(?<!\\)\*schief(?<!\\)\*"),
    ("underline", r"(?<!\\)__unter(?<!\\)__"),
    ("italic", r"(?<!\\)_kursiv(?<!\\)_"),
    ("code", r"(?<!\\)`code(?<!\\)`"),
    ("strike", r"(?<!\\)~~weg(?<!\\)~~"),
    ("spoiler", r"(?<!\\)\|\|spoiler(?<!\\)\|\|"),
    ("masked link", r"(?<!\\)\[klick(?<!\\)\]\(https://evil\.example\)"),
    ("@everyone", r"@(?:everyone|here)"),
    ("heading", r"(?m)^\s*#{1,3} Titel"),
    ("subtext", r"(?m)^\s*-# x"),
    ("quote", r"(?m)^\s*>>?>? ?Zitat"),
)
"""Markup from the names above that Discord would render in a markdown text, and the
pattern that finds it (an escaped character is preceded by a backslash; a mention or
@everyone broken by a zero-width space no longer matches)."""

MENTION = re.compile(r"<@!?[0-9]+>")
CODE = re.compile(r"```.*?```|(?<!\\)`[^`\n]+(?<!\\)`", re.DOTALL)
"""Code blocks and spans: Discord reads no markdown inside (a name shows there as typed)."""


@dataclass(frozen=True)
class Finding:
    """One place where a name did not show inert."""

    message: Message
    where: str
    problem: str
    text: str

    def __str__(self) -> str:
        place = "ephemeral" if self.message.ephemeral else f"channel {self.message.channel.id}"
        return f"{self.where} ({place}): {self.problem}: {self.text[:300]!r}"


def markdown_texts(version: Any) -> Iterator[tuple[str, str]]:
    """(where, text) of a message version's texts that Discord renders as markdown."""
    yield "content", version.content
    for embed in version.embeds:
        yield "embed title", embed.get("title") or ""
        yield "embed description", embed.get("description") or ""
        for item in embed.get("fields") or []:
            yield "embed field name", item.get("name") or ""
            yield "embed field value", item.get("value") or ""
    for component in comp.walk(version.components):
        if component.get("type") == comp.TEXT_DISPLAY:
            yield "text display", str(component.get("content") or "")


def plain_texts(version: Any) -> Iterator[tuple[str, str]]:
    """(where, text) of a message version's texts that Discord shows as they are."""
    for embed in version.embeds:
        yield "embed footer", (embed.get("footer") or {}).get("text") or ""
        yield "embed author", (embed.get("author") or {}).get("name") or ""
    for component in comp.walk(version.components):
        kind = component.get("type")
        if component.get("label"):
            yield "label", str(component["label"])
        if component.get("placeholder"):
            yield "placeholder", str(component["placeholder"])
        if kind == comp.STRING_SELECT:
            for option in component.get("options") or []:
                yield "select option", str(option.get("label") or "")
                yield "select option description", str(option.get("description") or "")
        if kind in (comp.THUMBNAIL,) and component.get("description"):
            yield "thumbnail description", str(component["description"])
        if kind == comp.MEDIA_GALLERY:
            for item in component.get("items") or []:
                yield "media description", str(item.get("description") or "")
    for attachment in version.attachments:
        yield "attachment description", attachment.description or ""


def markup_problems(text: str, names: Iterable[str] = ()) -> list[str]:
    """What of the names' markup is active in a markdown ``text``: the patterns above, and
    a mention written in one of ``names`` (the bot's own mentions are its business)."""
    outside = CODE.sub("", text)
    problems = [what for what, pattern in ACTIVE if re.search(pattern, outside)]
    for name in names:
        for mention in MENTION.findall(name):
            if mention in outside:
                problems.append(f"mention {mention}")
    return problems


def plain_problems(text: str, names: Iterable[str]) -> list[str]:
    """How a plain ``text`` misshows one of ``names``: escaped, mangled, or cut mid-word
    where a word's end was within reach (a shortened name ends with "…")."""
    names = sorted(names, key=len, reverse=True)
    problems = []
    if ESCAPED.search(text) or ZERO_WIDTH in text:
        problems.append("escaped for markdown")
    rest = text
    for name in names:
        rest = rest.replace(name, "\0")  # shown whole: fine
    for name in names:
        start = rest.find(name[:6])
        if start < 0:
            continue
        shown = rest[start : start + len(name) + 1]
        cut, ellipsis, _ = shown.partition("…")
        if not ellipsis or not name.startswith(cut):
            problems.append(f"name {name!r} shown as {shown!r}")
        elif name[len(cut)] != " " and not cut.endswith(" ") and " " in cut.strip():
            problems.append(f"name {name!r} cut mid-word as {shown!r}")
    return problems


ESCAPED = re.compile(r"\\[*_~`|>#\[\]()<@-]")
"""A markdown escape: shown as a backslash where Discord reads no markdown."""


def findings(
    emulator: Emulator, names: Iterable[str], *, protected: Iterable[int] = ()
) -> list[Finding]:
    """Every place, over every version of every message, thread and modal the emulator saw,
    where one of ``names`` was not inert; ``protected``: members no message may ping."""
    names = list(names)
    protected = set(protected)
    found: list[Finding] = []
    for message in emulator.all_messages():
        if message.pinged_everyone:
            found.append(Finding(message, "creation", "pinged @everyone", message.content))
        if message.pinged_users & protected:
            found.append(Finding(message, "creation", "pinged a name's member", message.content))
        for version in message.versions:
            for where, text in markdown_texts(version):
                for problem in markup_problems(text, names):
                    found.append(Finding(message, where, f"active {problem}", text))
            for where, text in plain_texts(version):
                for problem in plain_problems(text, names):
                    found.append(Finding(message, where, problem, text))
    return found


def plain_findings(emulator: Emulator, names: Iterable[str]) -> list[str]:
    """Thread names and modals (their titles, labels and values): plain text everywhere."""
    names = list(names)
    problems = []
    for guild in emulator.guilds.values():
        for thread in guild.threads:
            problems += [f"thread {thread.name!r}: {p}" for p in plain_problems(thread.name, names)]
    for handle in emulator.interactions:
        modal = handle.modal
        if not modal:
            continue
        texts = [str(modal.get("title") or "")]
        for component in comp.walk(modal.get("components") or []):
            texts += [str(component.get(key) or "") for key in ("label", "value", "placeholder")]
        for text in texts:
            problems += [f"modal {text!r}: {p}" for p in plain_problems(text, names)]
    return problems


def showing(emulator: Emulator, name: str) -> dict[str, set[int]]:
    """The messages that showed ``name``: escaped in a markdown text, as typed in a plain
    one (by id, under "markdown" and "plain")."""
    escaped = name_text(name)
    found: dict[str, set[int]] = {"markdown": set(), "plain": set()}
    for message in emulator.all_messages():
        for version in message.versions:
            if any(escaped in text for _, text in markdown_texts(version)):
                found["markdown"].add(message.id)
            if any(name in text for _, text in plain_texts(version)):
                found["plain"].add(message.id)
    return found


def check_names_inert(
    emulator: Emulator, names: Iterable[str], *, protected: Iterable[int] = ()
) -> None:
    """Assert that every message, thread and modal showed ``names`` inert (module doc)."""
    names = list(names)
    problems = [str(f) for f in findings(emulator, names, protected=protected)]
    problems += plain_findings(emulator, names)
    assert not problems, "\n".join(dict.fromkeys(problems))

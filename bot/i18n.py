"""Translations: every text a player reads goes through ``_`` (or ``_n`` for plurals).

The catalogues are gettext ``.po`` files under ``bot/locale/<language>/`` (English is the source
language, so it has none), read with Babel at import. Several files per language are merged so
that each part of the bot keeps its own.

Whose language: a context variable holds the language of whoever will read what is being
rendered. An interaction's handler speaks the clicking user's language (``speak_to``); the
publisher renders each hand in its player's language and the table message in the server's
(``using``). Code that only builds text never passes a language around.

Rules for the strings (a test enforces them):
- the message id is a literal English sentence, with ``{name}`` placeholders filled from the
  keyword arguments (never an f-string, never concatenated pieces);
- module-level constants are marked with ``N_`` and translated where they are shown, ``_(X)``.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE = "en"
"""The language the message ids are written in."""
LANGUAGES = ("en", "de", "pl")
"""Languages the bot speaks; the first is the fallback."""


@dataclass(frozen=True)
class Catalogue:
    """One language's translations: singular message id → text; plural ids → forms, and
    which form a count takes (``plural_form``: Polish has three, 1 / 2-4 / 5 and more)."""

    singular: dict[str, str]
    plural: dict[tuple[str, str], tuple[str, ...]]
    plural_form: Callable[[int], int]


def _load(language: str) -> Catalogue:
    singular: dict[str, str] = {}
    plural: dict[tuple[str, str], tuple[str, ...]] = {}
    folder = LOCALE_DIR / language
    for path in sorted(folder.glob("*.po")) if folder.is_dir() else []:
        with path.open("rb") as file:
            catalog = read_po(file, locale=language)
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            if isinstance(message.id, tuple | list):
                forms = tuple(message.string or ())
                if all(forms):
                    plural[(message.id[0], message.id[1])] = forms
            elif message.string:
                singular[str(message.id)] = str(message.string)
    return Catalogue(singular, plural, _plural_form(language))


def _plural_form(language: str) -> Callable[[int], int]:
    """The index of the form a count takes in ``language``: the gettext ``Plural-Forms`` rule
    Babel knows for it (the one its catalogues' headers state)."""
    return gettext.c2py(get_plural(language).plural_expr)


CATALOGUES: dict[str, Catalogue] = {language: _load(language) for language in LANGUAGES[1:]}

_current: contextvars.ContextVar[str] = contextvars.ContextVar("language", default=SOURCE)

MISSING: set[tuple[str, str]] = set()
"""(language, message id) looked up without a translation since start (tests read it)."""


def language_of(locale: object) -> str:
    """The bot's language for a Discord locale (``de``, ``en-US``, a ``discord.Locale``...)."""
    text = str(getattr(locale, "value", locale) or "").lower()
    base = text.split("-")[0].split("_")[0]
    return base if base in LANGUAGES else SOURCE


def current() -> str:
    """The language of whoever reads what is being rendered now."""
    return _current.get()


@contextlib.contextmanager
def using(language: str) -> Iterator[None]:
    """Render in ``language`` inside the block."""
    token = _current.set(language_of(language))
    try:
        yield
    finally:
        _current.reset(token)


def set_language(language: str) -> None:
    """Speak ``language`` for the rest of this task (an interaction's handler)."""
    _current.set(language_of(language))


def speak_to(interaction: Any) -> str:
    """Speak the language of the user of ``interaction`` for the rest of its handler (and let
    the bot's preferences remember it for the DMs it sends on its own)."""
    language = language_of(getattr(interaction, "locale", None))
    set_language(language)
    user_id = getattr(getattr(interaction, "user", None), "id", None)
    preferences = getattr(getattr(interaction, "client", None), "preferences", None)
    if isinstance(user_id, int) and preferences is not None:
        preferences.seen(user_id, language)
    return language


def N_(message: str) -> str:
    """Mark a constant for translation; it is translated where shown, with ``_``."""
    return message


def _lookup(message: str, language: str) -> str:
    if language == SOURCE:
        return message
    found = CATALOGUES[language].singular.get(message)
    if found is None:
        MISSING.add((language, message))
        return message
    return found


def _(message: str, /, **params: object) -> str:
    """``message`` in the current language, its ``{placeholders}`` filled from ``params``."""
    language = _current.get()  # a render asks for some forty texts: no call more than needed
    text = message if language == SOURCE else _lookup(message, language)
    return text.format(**params) if params else text


def _n(singular: str, plural: str, count: int, /, **params: object) -> str:
    """The singular or plural of a message for ``count`` (also a ``{count}`` placeholder)."""
    language = current()
    forms: tuple[str, ...] = (singular, plural)
    if language != SOURCE:
        found = CATALOGUES[language].plural.get((singular, plural))
        if found is None:
            MISSING.add((language, singular))
        else:
            forms = found
    index = CATALOGUES[language].plural_form(count) if language != SOURCE else int(count != 1)
    text = forms[min(index, len(forms) - 1)]
    return text.format(count=count, **params)


def translate(message: str) -> str:
    """``message`` in the current language, placeholders left for the caller to fill."""
    return _lookup(message, current())


def translated(message: str, language: str) -> str | None:
    """The translation of ``message`` into ``language`` if the catalogue has it."""
    if language == SOURCE:
        return message
    return CATALOGUES[language].singular.get(message)


def number(value: Fraction | Decimal | float | int, *, signed: bool = False) -> str:
    """A number as the reader writes it: ``−7,5`` in German, ``−7.5`` in English."""
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    text = format_decimal(value, format="#,##0.##", locale=current())
    if text.startswith("-"):
        return "−" + text[1:]
    if signed and value > 0:
        return "+" + text
    return text

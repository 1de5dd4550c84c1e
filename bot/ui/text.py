"""Plain-text pieces shared by every message: cards, scores, names and the rules in brief."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

import discord
from babel.numbers import format_currency

from bot import i18n
from bot.i18n import _, _n
from bot.tables.errors import UserText
from bot.tables.model import AI_NAME, ai_number
from bot.ui import faces
from ramsch_core import DEFAULT_GAME, Card, Game, RuleSet, TableOptions, get_game

if TYPE_CHECKING:
    from bot.tables import Seat, Update

VARIANT_TITLES = dict(get_game(DEFAULT_GAME).variant_titles)


def cards_text(
    cards: Iterable[Card], empty: str = "—", face: Callable[[Card], str] | None = None
) -> str:
    """Cards as ``♣J ♠A ♥10`` in the pack the reader sees (or each as ``face`` shows it)."""
    text = " ".join(faces.face(card) if face is None else face(card) for card in cards)
    return text or empty


ZERO_WIDTH = "\u200b"
_ESCAPED = re.compile(r"\\(.)")


@lru_cache(maxsize=1024)
def name_text(name: str) -> str:
    """A player's name (as Discord gave it) as plain text in a message: no markdown, and
    nothing that Discord shows as a mention, a channel, an emoji or a timestamp. A nickname
    written as ``<@someone>`` or ``**x**`` shows as typed and pings nobody. Cached (the
    names of a table are escaped several times at every render; the text depends on the
    name alone)."""
    text = discord.utils.escape_mentions(discord.utils.escape_markdown(name))
    return text.replace("<", "<" + ZERO_WIDTH)


def player_name(name: str, *, ai: bool) -> str:
    """A seat's name as typed, an AI seat's in the reader's language (``AI 1``, ``KI 1``)."""
    number = ai_number(name) if ai else None
    return name if number is None else _(AI_NAME, number=number)


def seat_name(seat: Seat) -> str:
    """A seat's name as plain text in a message (``name_text``), an AI's in the reader's
    language."""
    return name_text(player_name(seat.name, ai=seat.ai is not None))


def code_name(shown: str) -> str:
    """A name as ``name_text`` shows it, back as typed: for a code block, where Discord reads
    no markdown and no mentions (its backticks are the caller's to replace)."""
    return _ESCAPED.sub(r"\1", shown).replace(ZERO_WIDTH, "")


def note_text(update: Update) -> str:
    """An update's note (a timer's, a table's end) in the current language, the names in it
    (its ``name`` parameter, and any ``UserText``) as ``name_text`` shows them."""
    if not update.note:
        return ""
    params = {
        key: name_text(value)
        if (key == "name" and isinstance(value, str)) or isinstance(value, UserText)
        else value
        for key, value in update.note_params.items()
    }
    return _(update.note, **params)


def score_text(value: Fraction | int, *, signed: bool = True) -> str:
    """A score, exact, as the reader writes numbers: ``−7½``, ``+120``, ``0`` in English (a
    half stays a half); ``−7,5``, ``+1.200`` in German (``i18n.number``)."""
    return _score_text(value, signed, i18n.current())


AMOUNTS_CACHED = 4096
"""Texts of amounts kept (``score_text``, ``amount_text``): a table's render writes every
cell of its score sheet, most of them the same numbers as at the last render."""


@lru_cache(maxsize=AMOUNTS_CACHED)
def _score_text(value: Fraction | int, signed: bool, language: str) -> str:
    """``score_text`` in ``language`` (the current one: the key of the cache)."""
    value = Fraction(value)
    if language != i18n.SOURCE:
        return i18n.number(value, signed=signed)
    whole, rest = divmod(abs(value), 1)
    if rest == 0:
        body = str(whole)
    elif rest == Fraction(1, 2):
        body = (str(whole) if whole else "") + "½"
    else:
        body = i18n.number(abs(value))
    if value < 0:
        return "−" + body
    return ("+" if signed and value > 0 else "") + body


CENTS = "¢"
"""The unit of a game that pays money (``GameRenderer.unit``)."""


def amount_text(value: Fraction | int, unit: str, *, signed: bool = True) -> str:
    """A score with its game's unit, the one way players read amounts: points as
    ``score_text``; cents below a euro as ``50¢``, a euro and more in euros as the reader
    writes them (``−16,80 €`` in German, ``−€16.80`` in English)."""
    return _amount_text(value, unit, signed, i18n.current())


@lru_cache(maxsize=AMOUNTS_CACHED)
def _amount_text(value: Fraction | int, unit: str, signed: bool, language: str) -> str:
    """``amount_text`` in ``language`` (the current one: the key of the cache)."""
    value = Fraction(value)
    if unit != CENTS or abs(value) < 100:
        return _score_text(value, signed, language) + unit
    euros = Decimal(abs(value).numerator) / Decimal(abs(value).denominator) / 100
    text = format_currency(euros, "EUR", locale=language)
    if value < 0:
        return "−" + text
    return ("+" if signed else "") + text


def preset_choice_name(game: Game, name: str) -> str:
    """A preset as a slash-command choice: its name and description, ≤ 100 characters."""
    text = f"{name} — {game.descriptions[name]}"
    return text if len(text) <= 100 else text[:99] + "…"


def presets_overview(game: Game) -> str:
    """Every preset of a game with its one-line description."""
    return "\n".join(f"**{name}** — {game.descriptions[name]}" for name in game.presets)


def timer_text(seconds: float | None) -> str:
    """A turn timer: ``off``, ``45 s``, ``2 min``, ``1 min 30 s``."""
    if seconds is None:
        return _("off")
    minutes, rest = divmod(round(seconds), 60)
    if not minutes:
        return _("{seconds} s", seconds=rest)
    if not rest:
        return _("{minutes} min", minutes=minutes)
    return _("{minutes} min {seconds} s", minutes=minutes, seconds=rest)


def table_text(rules: RuleSet, options: TableOptions) -> str:
    """Seats, length and the game's match options (Bock rounds...) of a table, e.g. ``4 seats
    (the dealer sits out) · …``."""
    deals = options.rounds * options.seats
    if options.seats > rules.players:
        seats = _("{count} seats (the dealer sits out each deal)", count=options.seats)
    else:
        seats = _("{count} seats", count=options.seats)
    length = _n(
        "{count} round ({deals} deals)", "{count} rounds ({deals} deals)", options.rounds,
        deals=deals,
    )  # fmt: skip
    if rules.plays_to_a_winner():
        length = _("played until someone has drawn all his bars")
    parts = [seats, length]
    # Imported here: the games' renderers import this module.
    from bot.ui.games import match_lines

    parts += match_lines(rules, options.of_game(rules).model_dump())
    return " · ".join(parts)

"""How a card looks to whoever reads a message: the pack (French or German) and its language.

The pack shown is the reader's own choice (``/ramsch cards``) if he made one, else the pack
of the table's game, as its renderer says (``bot.ui.games``). Rendering code calls ``face(card)``
and never picks a pack itself; the message's entry point sets the pack with ``showing(rules)``.

- French pack: ``♣J ♠Q ♥K ♦A`` in English; ``♣B ♠D ♥K ♦A`` in German (Bube, Dame, König, Ass);
  ``♣W ♠D ♥K ♦A`` in Polish (walet, dama, król, as).
- German pack: ``🌰O 🍀U ❤️A 🔔10`` (Eichel-Ober, Gras-Unter, Herz-Sau, Schellen-Zehn) in every
  language: players call these cards by their German names whatever language they speak.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Concatenate, Literal, ParamSpec, TypeVar

from bot import i18n
from ramsch_core import Card, RuleSet, Suit

Pack = Literal["french", "german"]

FRENCH_SUITS = ("♣", "♠", "♥", "♦")
GERMAN_SUITS = ("🌰", "🍀", "❤️", "🔔")
"""Eichel, Gras, Herz, Schellen (Suit order C, S, H, D)."""
RANKS = {
    "en": ("A", "10", "K", "Q", "J", "9", "8", "7"),
    "de": ("A", "10", "K", "D", "B", "9", "8", "7"),
    "pl": ("A", "10", "K", "D", "W", "9", "8", "7"),
    "german": ("A", "10", "K", "O", "U", "9", "8", "7"),
}
"""Rank letters (Rank order A 10 K Q J 9 8 7): the French pack by language, and the German pack."""

SUIT_NAMES = {
    ("french", "en"): ("Clubs", "Spades", "Hearts", "Diamonds"),
    ("french", "de"): ("Kreuz", "Pik", "Herz", "Karo"),
    ("french", "pl"): ("trefl", "pik", "kier", "karo"),
    ("german", "en"): ("Eichel", "Gras", "Herz", "Schellen"),
    ("german", "de"): ("Eichel", "Gras", "Herz", "Schellen"),
    ("german", "pl"): ("Eichel", "Gras", "Herz", "Schellen"),
}


@dataclass(frozen=True)
class Look:
    """The pack a reader sees and whether the French pack is in four colours."""

    pack: Pack = "french"
    four_colour: bool = False


@dataclass(frozen=True)
class Preference:
    """A reader's own choice of cards; None: as the table's game shows them."""

    pack: Pack | None = None
    four_colour: bool = False
    pictures: bool = True


# Both defaults are frozen dataclasses, safe to share.
_look: contextvars.ContextVar[Look] = contextvars.ContextVar("look", default=Look())  # noqa: B039
_preference: contextvars.ContextVar[Preference] = contextvars.ContextVar(
    "preference",
    default=Preference(),  # noqa: B039
)


def game_pack(rules: RuleSet) -> Pack:
    """The pack a game is played with (its renderer's ``pack``)."""
    # The renderers draw their cards with this module: the registry is imported when first asked.
    from bot.ui import games

    return games.game_pack(rules)


def look_for(rules: RuleSet | None) -> Look:
    """What the current reader sees at a table with ``rules``."""
    preference = _preference.get()
    pack = preference.pack or (game_pack(rules) if rules is not None else "french")
    return Look(pack, preference.four_colour)


@contextlib.contextmanager
def showing(rules: RuleSet | None) -> Iterator[Look]:
    """Show cards as the current reader sees them at a table with ``rules``."""
    look = look_for(rules)
    token = _look.set(look)
    try:
        yield look
    finally:
        _look.reset(token)


@contextlib.contextmanager
def preferring(preference: Preference | None) -> Iterator[None]:
    """Render for a reader with his own choice of cards."""
    token = _preference.set(preference or Preference())
    try:
        yield
    finally:
        _preference.reset(token)


def current() -> Look:
    """The look in effect."""
    return _look.get()


_FACES: dict[tuple[Pack, str], tuple[str, ...]] = {
    (pack, language): tuple(
        (GERMAN_SUITS if pack == "german" else FRENCH_SUITS)[card.suit]
        + RANKS["german" if pack == "german" else language][card.rank]
        for card in Card
    )
    for pack in ("french", "german")
    for language in i18n.LANGUAGES
}
"""Every card's face by pack and language, indexed by the card: a render shows some thirty
cards (the hand's buttons and text, the trick), each looked up rather than put together."""


def face(card: Card) -> str:
    """A card, short enough for a button: ``♣J`` / ``♣B`` / ``🌰U``."""
    return _FACES[_look.get().pack, i18n.current()][card]


def suit_face(suit: Suit) -> str:
    """A suit's symbol in the pack shown: ``♠`` / ``🍀``."""
    return (GERMAN_SUITS if _look.get().pack == "german" else FRENCH_SUITS)[suit]


def suit_name(suit: Suit) -> str:
    """A suit's name in the pack shown and the reader's language: ``Kreuz``, ``Clubs``,
    ``Eichel``."""
    return SUIT_NAMES[(_look.get().pack, i18n.current())][suit]


def cards_text(cards: Iterable[Card], empty: str = "—") -> str:
    """Cards as ``♣J ♠A ♥10`` in the pack shown."""
    return " ".join(face(card) for card in cards) or empty


_ALL_SUITS = "|".join(re.escape(symbol) for symbol in (*FRENCH_SUITS, *GERMAN_SUITS, "❤"))
FACE_TEXT = re.compile(f"({_ALL_SUITS})(10|[AKQJDBWOU987])")
_SUIT_OF = {
    **{symbol: Suit(index) for index, symbol in enumerate(FRENCH_SUITS)},
    **{symbol: Suit(index) for index, symbol in enumerate(GERMAN_SUITS)},
    "❤": Suit.HEARTS,
}
_RANK_OF = {
    "A": "A", "10": "T", "K": "K", "Q": "Q", "J": "J", "D": "Q", "B": "J", "W": "J", "O": "Q",
    "U": "J", "9": "9", "8": "8", "7": "7",
}  # fmt: skip


def cards_in(text: str) -> set[Card]:
    """Every card a text names by a face of either pack, in either language (the e2e tests'
    check that a message shows no card it should not)."""
    found: set[Card] = set()
    for symbol, rank in FACE_TEXT.findall(text):
        letter = "CSHD"[_SUIT_OF[symbol]]
        found.add(Card[letter + _RANK_OF[rank]])
    return found


P = ParamSpec("P")
R = TypeVar("R")


def table_look(render: Callable[Concatenate[Any, P], R]) -> Callable[Concatenate[Any, P], R]:
    """Decorate a message's renderer whose first argument is a table: its cards are shown
    as the reader sees them at that table (``showing(table.rules)``)."""

    @functools.wraps(render)
    def wrapper(table: Any, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with showing(getattr(table, "rules", None)):
            return render(table, *args, **kwargs)

    return wrapper

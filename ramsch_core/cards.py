"""The 32-card deck: cards, suits, ranks, C-2 notation and card points (C-1..C-3)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from ramsch_core.errors import InvalidCardError


class Suit(IntEnum):
    """The four suits in C-2 order: Clubs, Spades, Hearts, Diamonds."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        return "CSHD"[self]

    @property
    def symbol(self) -> str:
        return "♣♠♥♦"[self]

    @property
    def german(self) -> str:
        return ("Eichel", "Gras", "Herz", "Schellen")[self]


class Rank(IntEnum):
    """The eight ranks in C-2 order: A 10 K Q J 9 8 7."""

    ACE = 0
    TEN = 1
    KING = 2
    QUEEN = 3
    JACK = 4
    NINE = 5
    EIGHT = 6
    SEVEN = 7

    @property
    def letter(self) -> str:
        return "ATKQJ987"[self]

    @property
    def display(self) -> str:
        return ("A", "10", "K", "Q", "J", "9", "8", "7")[self]

    @property
    def german(self) -> str:
        return ("Sau", "10", "König", "Ober", "Unter", "9", "8", "7")[self]


_RANK_POINTS = (11, 10, 4, 3, 2, 0, 0, 0)


class Card(IntEnum):
    """One of the 32 cards; its value is suit * 8 + rank, its str the C-2 name (``CJ``)."""

    CA = 0
    CT = 1
    CK = 2
    CQ = 3
    CJ = 4
    C9 = 5
    C8 = 6
    C7 = 7
    SA = 8
    ST = 9
    SK = 10
    SQ = 11
    SJ = 12
    S9 = 13
    S8 = 14
    S7 = 15
    HA = 16
    HT = 17
    HK = 18
    HQ = 19
    HJ = 20
    H9 = 21
    H8 = 22
    H7 = 23
    DA = 24
    DT = 25
    DK = 26
    DQ = 27
    DJ = 28
    D9 = 29
    D8 = 30
    D7 = 31

    @property
    def suit(self) -> Suit:
        return _SUIT_OF[self]

    @property
    def rank(self) -> Rank:
        return _RANK_OF[self]

    @property
    def points(self) -> int:
        """Card points (Augen), C-3."""
        return _RANK_POINTS[self & 7]

    @property
    def mask(self) -> int:
        return 1 << self

    @property
    def pretty(self) -> str:
        """French-suited display, e.g. ``♣J`` or ``♥10``."""
        return self.suit.symbol + self.rank.display

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read a card in C-2 notation; ``10`` is accepted for ``T``; case does not matter."""
        if not isinstance(text, str):
            raise InvalidCardError(
                "A card must be written as text like 'SA', not {text}", text=repr(text)
            )
        name = text.strip().upper().replace("10", "T")
        try:
            return cls[name]
        except KeyError:
            raise InvalidCardError(
                "Unknown card {text}: write a suit letter (C S H D) and a rank "
                "(A T K Q J 9 8 7), e.g. 'SA' or 'HT'",
                text=repr(text),
            ) from None


DECK: tuple[Card, ...] = tuple(Card)
_SUIT_OF: tuple[Suit, ...] = tuple(Suit(card >> 3) for card in DECK)
"""Each card's suit, by its value (looked up: building the enum member costs more)."""
_RANK_OF: tuple[Rank, ...] = tuple(Rank(card & 7) for card in DECK)
"""Each card's rank, by its value."""
FULL_MASK = (1 << 32) - 1
TOTAL_POINTS = 120


def mask_of(cards: Iterable[Card]) -> int:
    """The 32-bit mask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


CARDS_BY_BYTE: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(DECK[8 * part + bit] for bit in range(8) if byte >> bit & 1) for byte in range(256))
    for part in range(4)
)
"""Per byte of a card mask (the lowest first), the cards of each of its 256 values."""


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in deck order (four look-ups, one per byte: the public API asks
    for the cards of a mask at every legal_actions)."""
    t0, t1, t2, t3 = CARDS_BY_BYTE
    return [*t0[mask & 255], *t1[mask >> 8 & 255], *t2[mask >> 16 & 255], *t3[mask >> 24 & 255]]


_POINTS_OF: tuple[int, ...] = tuple(card.points for card in DECK)
"""Each card's points, by its value."""


def points_of(cards: Iterable[Card]) -> int:
    """Total card points of some cards (a trick's at every trick taken)."""
    points = _POINTS_OF
    return sum([points[card] for card in cards])


def parse_cards(items: Iterable[object]) -> list[Card]:
    """Read a list of cards in C-2 notation."""
    return [Card.parse(item) for item in items]

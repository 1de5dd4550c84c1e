"""The trick order as data: trumps, plain suits, which cards follow which, card strength (C-5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ramsch_core.cards import Card, Rank, Suit

TRUMP = 4
"""The follow class of trumps; plain suits use their Suit value 0..3."""


@dataclass(frozen=True)
class TrickOrder:
    """How cards rank and which cards follow which: trumps first, then each plain suit.

    ``trumps`` and each entry of ``plain`` list cards from highest to lowest. A trump is never
    a card of its printed suit (C-5).
    """

    trumps: tuple[Card, ...]
    plain: tuple[tuple[Card, ...], ...]
    follow_class: tuple[int, ...] = field(init=False)
    strength: tuple[int, ...] = field(init=False)
    class_masks: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        follow = [0] * 32
        strength = [0] * 32
        masks = [0] * 5
        for index, card in enumerate(self.trumps):
            follow[card] = TRUMP
            strength[card] = 100 + len(self.trumps) - index
            masks[TRUMP] |= 1 << card
        for suit, cards in enumerate(self.plain):
            for index, card in enumerate(cards):
                follow[card] = suit
                strength[card] = 1 + len(cards) - index
                masks[suit] |= 1 << card
        if sum(bin(mask).count("1") for mask in masks) != 32:
            raise ValueError("a trick order must place every card exactly once")
        object.__setattr__(self, "follow_class", tuple(follow))
        object.__setattr__(self, "strength", tuple(strength))
        object.__setattr__(self, "class_masks", tuple(masks))

    def is_trump(self, card: Card) -> bool:
        return self.follow_class[card] == TRUMP

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Display order for a hand: trumps first, then suits in C-2 order, high to low."""
        cls = self.follow_class[card]
        return (-1 if cls == TRUMP else cls, -self.strength[card])

    def describe_class(self, cls: int) -> str:
        return "trump" if cls == TRUMP else Suit(cls).symbol


def plain_suits(
    ranks: Sequence[Rank], exclude: Sequence[Card] = ()
) -> tuple[tuple[Card, ...], ...]:
    """Plain suits ranked by ``ranks`` (high to low) without the cards in ``exclude``."""
    excluded = set(exclude)
    return tuple(
        tuple(Card(suit * 8 + rank) for rank in ranks if Card(suit * 8 + rank) not in excluded)
        for suit in Suit
    )


JACKS: tuple[Card, ...] = (Card.CJ, Card.SJ, Card.HJ, Card.DJ)
OBERS: tuple[Card, ...] = (Card.CQ, Card.SQ, Card.HQ, Card.DQ)

"""A contract's trick order and play rule compiled to bit masks: legal cards and trick winners
for the public API and the kernel alike."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from ramsch_core.cards import Card
from ramsch_core.tricks.constraints import PlayRule
from ramsch_core.tricks.order import TRUMP, TrickOrder

Duty = Literal["any", "follow", "trump", "beat"]
"""Why a hand may play only some cards: nothing binds, following, trumping, beating."""


def _byte_tables(source: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Per byte of a 32-bit mask, the image of each of its 256 values under a bit map."""
    return tuple(
        tuple(
            sum(source[8 * part + bit] for bit in range(8) if byte >> bit & 1)
            for byte in range(256)
        )
        for part in range(4)
    )


class Layout:
    """Bit positions for the 32 cards under one trick order: each follow class is a contiguous
    range, weakest lowest, plain suits low and trumps on top. So among the cards that count in
    a trick (the class led and the trumps) the highest bit wins, and one card beats another of
    those exactly when its bit is higher."""

    def __init__(self, order: TrickOrder, rule: PlayRule) -> None:
        self.order = order
        self.rule = rule
        self.plain_follow = rule.plain_follow
        classes: list[list[Card]] = [[] for _ in range(5)]
        for card in Card:
            classes[order.follow_class[card]].append(card)
        layout: list[Card] = []
        class_masks = [0] * 5
        for cls in (0, 1, 2, 3, TRUMP):
            for card in sorted(classes[cls], key=lambda card: order.strength[card]):
                class_masks[cls] |= 1 << len(layout)
                layout.append(card)
        self.card_at: tuple[Card, ...] = tuple(layout)
        """The card at each bit position."""
        self.bit_of: tuple[int, ...] = tuple(1 << layout.index(card) for card in Card)
        """The bit of each card (indexed by the card's value)."""
        self.trump_mask = class_masks[TRUMP]
        self.class_masks = tuple(class_masks)
        self.lowest_trump = 32 - self.trump_mask.bit_count()
        """Bit position of the lowest trump (32 without trumps)."""
        self.follow: dict[int, int] = {}
        """Bit -> the mask of its follow class."""
        self.relevant: dict[int, int] = {}
        """Bit led -> the cards that can win that trick (its class and the trumps)."""
        self.points: dict[int, int] = {}
        for position, card in enumerate(layout):
            bit = 1 << position
            self.follow[bit] = class_masks[order.follow_class[card]]
            self.relevant[bit] = self.follow[bit] | self.trump_mask
            self.points[bit] = card.points
        self.card_follow: tuple[int, ...] = tuple(
            order.class_masks[order.follow_class[card]] for card in Card
        )
        """The card mask (bit = card value) of each card's follow class, by the card's value:
        under a rule that only asks to follow, ``hand & card_follow[led] or hand`` on card
        masks is ``legal``."""
        self.byte_points = _byte_tables([card.points for card in layout])
        self._from_cards = _byte_tables([1 << layout.index(card) for card in Card])
        self._to_cards = _byte_tables([1 << card for card in layout])

    # -- conversions -----------------------------------------------------------------------

    def mask(self, cards: Iterable[Card]) -> int:
        """The layout mask of some cards."""
        bit_of = self.bit_of
        result = 0
        for card in cards:
            result |= bit_of[card]
        return result

    def cards(self, mask: int) -> list[Card]:
        """The cards of a layout mask, weakest first."""
        return [card for position, card in enumerate(self.card_at) if mask >> position & 1]

    def card(self, bit: int) -> Card:
        return self.card_at[bit.bit_length() - 1]

    def from_card_mask(self, mask: int) -> int:
        """A card mask (bit = card value) as a layout mask."""
        t0, t1, t2, t3 = self._from_cards
        return t0[mask & 255] | t1[mask >> 8 & 255] | t2[mask >> 16 & 255] | t3[mask >> 24]

    def to_card_mask(self, mask: int) -> int:
        """A layout mask as a card mask (bit = card value)."""
        t0, t1, t2, t3 = self._to_cards
        return t0[mask & 255] | t1[mask >> 8 & 255] | t2[mask >> 16 & 255] | t3[mask >> 24]

    def mask_points(self, mask: int) -> int:
        """Card points of a layout mask."""
        p0, p1, p2, p3 = self.byte_points
        return p0[mask & 255] + p1[mask >> 8 & 255] + p2[mask >> 16 & 255] + p3[mask >> 24]

    # -- the rules of one trick ------------------------------------------------------------

    def duty(self, hand: int, trick: Sequence[int]) -> tuple[Duty, int]:
        """What binds a hand about to play to ``trick`` (its bits in play order) and the cards
        it may play: the compiled PlayRule."""
        if not trick or not self.rule.follow:
            return "any", hand
        led = trick[0]
        allowed = hand & self.follow[led]
        duty: Duty = "follow"
        if not allowed:
            if not self.rule.must_trump or not hand & self.trump_mask:
                return "any", hand
            allowed, duty = hand & self.trump_mask, "trump"
        if self.rule.must_beat:
            relevant = self.relevant[led]
            best = max(bit for bit in trick if bit & relevant)
            # ``allowed`` is of the led class or trumps: the higher bits beat ``best``.
            beating = allowed & ~(2 * best - 1)
            if beating:
                return "beat", beating
        return duty, allowed

    def legal(self, hand: int, trick: Sequence[int]) -> int:
        """The cards of ``hand`` that may be played to ``trick``."""
        if not trick:
            return hand
        if self.plain_follow:
            return hand & self.follow[trick[0]] or hand
        return self.duty(hand, trick)[1]

    def winner_index(self, trick: Sequence[int]) -> int:
        """Index (in play order) of the card that wins a complete trick (C-5)."""
        relevant = self.relevant[trick[0]]
        best = max(bit for bit in trick if bit & relevant)
        return list(trick).index(best)

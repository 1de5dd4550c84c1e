"""Fast pure-Python kernel: bit-mask tables per rule set, random playouts and their scores."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ramsch_core.cards import Card
from ramsch_core.kernel_scoring import Score, Scorer, make_scorer
from ramsch_core.rules import AnyRules, SkatRules
from ramsch_core.tricks import TRUMP


@dataclass(slots=True)
class Position:
    """A deal in the card play, in kernel masks: every hand, the trick so far, what was won."""

    hands: list[int]
    leader: int = 0
    trick: list[int] = field(default_factory=list)
    """Kernel bits played to the current trick, in play order."""
    won: list[int] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    last: list[int] = field(default_factory=list)
    """Per seat, the number of the last trick it won (-1 for none)."""
    number: int = 0
    """Completed tricks."""
    face_down: int = 0
    """The skat, or the two cards laid away after Schieberamsch."""
    pushes: int = 0

    def __post_init__(self) -> None:
        players = len(self.hands)
        self.won = self.won or [0] * players
        self.counts = self.counts or [0] * players
        self.last = self.last or [-1] * players


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a playout: trick winners in order, card points, trick counts and scores."""

    winners: tuple[int, ...]
    card_points: tuple[int, ...]
    trick_counts: tuple[int, ...]
    scores: tuple[Score, ...]


class Kernel:
    """Tables of one rule set: each follow class is a contiguous bit range, weakest lowest.

    Plain suits take the low bits and trumps the top ones, so among the cards that count in
    a trick (the suit led and trumps) the highest bit wins.
    """

    def __init__(self, rules: AnyRules) -> None:
        order = rules.trick_order()
        self.rules = rules
        self.order = order
        self.players = rules.players
        self.tricks_per_deal = rules.hand_size
        classes: list[list[Card]] = [[] for _ in range(5)]
        for card in Card:
            classes[order.follow_class[card]].append(card)
        layout: list[Card] = []
        class_masks = [0] * 5
        for cls in (0, 1, 2, 3, TRUMP):
            members = sorted(classes[cls], key=lambda card: order.strength[card])
            for card in members:
                class_masks[cls] |= 1 << len(layout)
                layout.append(card)
        self.card_at: tuple[Card, ...] = tuple(layout)
        """The card at each kernel bit position."""
        self.bit_of: tuple[int, ...] = tuple(1 << layout.index(card) for card in Card)
        """The kernel bit of each card (indexed by the card's value)."""
        self.trump_mask = class_masks[TRUMP]
        self.class_masks = tuple(class_masks)
        self.follow: dict[int, int] = {}
        """Kernel bit -> the mask of its follow class."""
        self.relevant: dict[int, int] = {}
        """Kernel bit led -> the cards that can win that trick (its class and trumps)."""
        self.points: dict[int, int] = {}
        for position, card in enumerate(layout):
            bit = 1 << position
            self.follow[bit] = class_masks[order.follow_class[card]]
            self.relevant[bit] = self.follow[bit] | self.trump_mask
            self.points[bit] = card.points
        self.byte_points = tuple(
            tuple(
                sum(layout[8 * part + i].points for i in range(8) if byte >> i & 1)
                for byte in range(256)
            )
            for part in range(4)
        )
        self.next_seat = tuple((seat + 1) % self.players for seat in range(self.players))
        self.pass_on_allowed = isinstance(rules, SkatRules)
        jacks_barred = isinstance(rules, SkatRules) and not rules.schieben_jacks
        jacks = self.mask(card for card in Card if card.rank.letter == "J")
        self.layable = ((1 << 32) - 1) & ~(jacks if jacks_barred else 0)
        self.scorer: Scorer = make_scorer(self)

    # -- conversions -----------------------------------------------------------------------

    def mask(self, cards: Iterable[Card]) -> int:
        """Kernel mask of some cards."""
        bit_of = self.bit_of
        result = 0
        for card in cards:
            result |= bit_of[card]
        return result

    def cards(self, mask: int) -> list[Card]:
        """Cards of a kernel mask, weakest first."""
        return [card for position, card in enumerate(self.card_at) if mask >> position & 1]

    def card(self, bit: int) -> Card:
        return self.card_at[bit.bit_length() - 1]

    def mask_points(self, mask: int) -> int:
        """Card points of a kernel mask."""
        p0, p1, p2, p3 = self.byte_points
        return p0[mask & 255] + p1[mask >> 8 & 255] + p2[mask >> 16 & 255] + p3[mask >> 24]

    # -- rules -----------------------------------------------------------------------------

    def legal(self, hand: int, trick: Sequence[int]) -> int:
        """Cards of ``hand`` that may go to a trick whose cards so far are ``trick``."""
        if not trick:
            return hand
        return hand & self.follow[trick[0]] or hand

    def trick_winner(self, leader: int, trick: Sequence[int]) -> int:
        """Seat that wins a complete trick led by ``leader``."""
        relevant = self.relevant[trick[0]]
        best = max(bit for bit in trick if bit & relevant)
        return (leader + list(trick).index(best)) % self.players

    # -- random deals and playouts ---------------------------------------------------------

    def random_deal(self, rng: random.Random) -> tuple[list[int], int]:
        """Hands (forehand first) and skat as kernel masks from a seeded generator."""
        deck = list(range(32))
        rand = rng.random
        for index in range(31, 0, -1):
            other = int(rand() * (index + 1))
            deck[index], deck[other] = deck[other], deck[index]
        size = self.tricks_per_deal
        hands = []
        for seat in range(self.players):
            hand = 0
            for position in deck[seat * size : (seat + 1) * size]:
                hand |= 1 << position
            hands.append(hand)
        skat = 0
        for position in deck[self.players * size :]:
            skat |= 1 << position
        return hands, skat

    def random_push(
        self, hands: list[int], skat: int, rng: random.Random, log: list[int] | None = None
    ) -> tuple[int, int]:
        """Schieberamsch with a random policy; returns (face-down cards, pushes).

        Skat tables pass on with probability 1/2. ``log`` gets each seat's laid mask
        (0 for passing on).
        """
        packet, pushes = skat, 0
        rand = rng.random
        for seat in range(self.players):
            if self.pass_on_allowed and rand() < 0.5:
                if log is not None:
                    log.append(0)
                continue
            pool = hands[seat] | packet
            layable = pool & self.layable
            pair = _random_bit(layable, rand)
            pair |= _random_bit(layable ^ pair, rand)
            hands[seat] = pool ^ pair
            packet = pair
            pushes += 1
            if log is not None:
                log.append(pair)
        return packet, pushes

    def random_game(
        self,
        hands: list[int],
        skat: int,
        rng: random.Random,
        log: list[int] | None = None,
        push_log: list[int] | None = None,
    ) -> Outcome:
        """A whole deal from the given hands with random play (and random pushing)."""
        hands = list(hands)
        face_down, pushes = skat, 0
        if self.rules.pushing:
            face_down, pushes = self.random_push(hands, skat, rng, push_log)
        return self.playout(Position(hands, face_down=face_down, pushes=pushes), rng, log)

    def playout(
        self, position: Position, rng: random.Random, log: list[int] | None = None
    ) -> Outcome:
        """Play ``position`` to the end with uniformly random legal cards and score it."""
        won, counts, last = list(position.won), list(position.counts), list(position.last)
        winners = self.run(
            list(position.hands), position.leader, list(position.trick), won, counts, last,
            position.number, rng.random, log,
        )  # fmt: skip
        points, scores = self.scorer(won, counts, last, position.face_down, position.pushes)
        return Outcome(tuple(winners), points, tuple(counts), scores)

    def simulate(self, position: Position, rand: Callable[[], float]) -> tuple[Score, ...]:
        """Only the scores of a random playout driven by ``rand`` (the AI's simulation step).

        ``position`` is left unchanged; passing the same numbers replays the same choices.
        """
        won, counts, last = list(position.won), list(position.counts), list(position.last)
        self.run(
            list(position.hands), position.leader, list(position.trick), won, counts, last,
            position.number, rand, None,
        )  # fmt: skip
        return self.scorer(won, counts, last, position.face_down, position.pushes)[1]

    def run(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        won: list[int],
        counts: list[int],
        last: list[int],
        number: int,
        rand: Callable[[], float],
        log: list[int] | None,
    ) -> list[int]:
        """The playout loop; updates its list arguments in place and returns trick winners."""
        follow, relevant, next_seat = self.follow, self.relevant, self.next_seat
        players, total = self.players, self.tricks_per_deal
        winners: list[int] = []
        start = len(trick)
        fmask = rel = best = tmask = 0
        best_seat = seat = leader
        if start:
            fmask, rel = follow[trick[0]], relevant[trick[0]]
            for index, bit in enumerate(trick):
                tmask |= bit
                if bit & rel and bit > best:
                    best, best_seat = bit, (leader + index) % players
            seat = (leader + start) % players
        while number < total:
            for index in range(start, players):
                hand = hands[seat]
                legal = (hand & fmask or hand) if index else hand
                count = legal.bit_count()
                if count > 1:
                    skip = int(rand() * count)
                    while skip:
                        legal &= legal - 1
                        skip -= 1
                bit = legal & -legal
                hands[seat] = hand ^ bit
                if index:
                    tmask |= bit
                    if bit & rel and bit > best:
                        best, best_seat = bit, seat
                else:
                    fmask, rel, best, best_seat, tmask = follow[bit], relevant[bit], bit, seat, bit
                if log is not None:
                    log.append(bit)
                seat = next_seat[seat]
            won[best_seat] |= tmask
            counts[best_seat] += 1
            last[best_seat] = number
            winners.append(best_seat)
            seat = best_seat
            number += 1
            start = 0
        return winners

    def play(self, position: Position, bit: int) -> None:
        """Play one card for the seat to act, checking it; completes the trick when full."""
        seat = (position.leader + len(position.trick)) % self.players
        if not self.legal(position.hands[seat], position.trick) & bit:
            raise ValueError(f"{self.card(bit)} is not legal for seat {seat}")
        position.hands[seat] ^= bit
        position.trick.append(bit)
        if len(position.trick) < self.players:
            return
        winner = self.trick_winner(position.leader, position.trick)
        for played in position.trick:
            position.won[winner] |= played
        position.counts[winner] += 1
        position.last[winner] = position.number
        position.leader, position.trick = winner, []
        position.number += 1

    def replay(
        self, hands: Sequence[int], skat: int, pushes: Sequence[int], cards: Iterable[int]
    ) -> Outcome:
        """Score a deal from its push masks (0 = pass on) and every card in play order.

        Raises ``ValueError`` on a card the kernel finds illegal.
        """
        hands = list(hands)
        packet, count = skat, 0
        for seat, pair in enumerate(pushes):
            if pair:
                hands[seat] = (hands[seat] | packet) ^ pair
                packet, count = pair, count + 1
        position = Position(hands, face_down=packet, pushes=count)
        winners: list[int] = []
        for bit in cards:
            number = position.number
            self.play(position, bit)
            if position.number > number:
                winners.append(position.leader)
        points, scores = self.score(position)
        return Outcome(tuple(winners), points, tuple(position.counts), scores)

    def score(self, position: Position) -> tuple[tuple[int, ...], tuple[Score, ...]]:
        """Card points and scores of a finished position."""
        return self.scorer(
            position.won, position.counts, position.last, position.face_down, position.pushes
        )


def _random_bit(mask: int, rand: Callable[[], float]) -> int:
    """A uniformly random set bit of a non-empty mask."""
    skip = int(rand() * mask.bit_count())
    while skip:
        mask &= mask - 1
        skip -= 1
    return mask & -mask

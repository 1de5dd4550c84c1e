"""What one seat knows in the card play, and random deals of the unseen cards consistent with it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ramsch_core.cards import Card
from ramsch_core.kernel import Kernel, Position
from ramsch_core.rules import RuleSet
from ramsch_core.view import SeatView

FULL = (1 << 32) - 1


@lru_cache(maxsize=64)
def kernel_for(rules: RuleSet) -> Kernel:
    """One kernel per rule set, built once."""
    return Kernel(rules)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A seat's knowledge in kernel masks: the position without the other hands, and limits."""

    seat: int
    position: Position
    """Other hands are 0 and the skat is 0 (or the two cards the seat laid last)."""
    unseen: int
    """Cards the seat has not seen: in other hands or face down."""
    sizes: tuple[int, ...]
    """Cards still held per seat, then the face-down count (last entry)."""
    allowed: tuple[int, ...]
    """Per holder (seats, then face down), the unseen cards it may hold."""
    declarer: int | None = None
    """The declarer of the game being played (full Skat), if the deal has one."""


def read_view(kernel: Kernel, view: SeatView, declarer: int | None = None) -> Knowledge:
    """Build what ``view.seat`` knows: played cards, voids shown by not following suit; the
    declarer is passed by a game that has one."""
    players, me = view.players, view.seat
    position = Position([0] * players, pushes=view.pushes)
    voids = [0] * players
    seen = kernel.mask(view.hand)
    for number, trick in enumerate(view.tricks):
        _note_voids(kernel, trick.leader, trick.cards, voids)
        for card in trick.cards:
            position.won[trick.winner] |= kernel.bit_of[card]
        position.counts[trick.winner] += 1
        position.last[trick.winner] = number
        position.number += 1
        position.leader = trick.winner
    if view.trick_leader is not None:
        position.leader = view.trick_leader
    position.trick = [kernel.bit_of[card] for card in view.trick]
    _note_voids(kernel, position.leader, view.trick, voids)
    for mask in position.won:
        seen |= mask
    for bit in position.trick:
        seen |= bit
    position.hands[me] = kernel.mask(view.hand)
    unseen = FULL & ~seen
    in_trick = {(position.leader + index) % players for index in range(len(view.trick))}
    sizes = [
        kernel.tricks_per_deal - position.number - (seat in in_trick) if seat != me else 0
        for seat in range(players)
    ]
    skat_size = kernel.rules.skat_size
    allowed = [unseen & ~voids[seat] if seat != me else 0 for seat in range(players)]
    allowed.append(unseen)
    laid = kernel.mask(view.laid)
    if laid:
        later = _later_pushers(view)
        if later:
            for seat in range(players):
                if seat not in later:
                    allowed[seat] &= ~laid
        else:  # the seat laid last: its two cards are the ones face down
            position.skat = laid
            unseen &= ~laid
            allowed = [mask & ~laid for mask in allowed]
            skat_size = 0
    for seat, cards in view.open_hands:  # an Ouvert declarer's hand is known to all
        if seat != me:
            shown = kernel.mask(cards)
            allowed = [mask & ~shown for mask in allowed]
            allowed[seat] = shown
    sizes.append(skat_size)
    return Knowledge(me, position, unseen, tuple(sizes), tuple(allowed), declarer)


def _note_voids(kernel: Kernel, leader: int, cards: tuple[Card, ...], voids: list[int]) -> None:
    if not cards:
        return
    led = kernel.follow[kernel.bit_of[cards[0]]]
    for index, card in enumerate(cards[1:], start=1):
        if not kernel.bit_of[card] & led:
            voids[(leader + index) % len(voids)] |= led


def _later_pushers(view: SeatView) -> set[int]:
    mine = [index for index, (seat, _) in enumerate(view.log) if seat == view.seat]
    if not mine:
        return set()
    return {seat for seat, what in view.log[mine[-1] + 1 :] if what == "push"}


def sampler(knowledge: Knowledge, rand: Callable[[], float]) -> Callable[[], Position]:
    """A function drawing full positions: the unseen cards dealt consistently with knowledge.

    Cards with the fewest possible holders are placed first, each to a holder chosen in
    proportion to its free places; a dead end retries, and after a few the voids are dropped.
    """
    holders = len(knowledge.sizes)
    bits = [1 << position for position in range(32) if knowledge.unseen >> position & 1]
    options = {
        bit: [holder for holder in range(holders) if knowledge.allowed[holder] & bit]
        for bit in bits
    }
    bits.sort(key=lambda bit: len(options[bit]))
    relaxed = {bit: [h for h in range(holders) if knowledge.sizes[h]] for bit in bits}
    base = knowledge.position
    players = len(base.hands)

    def deal(choices: dict[int, list[int]]) -> list[int] | None:
        free = list(knowledge.sizes)
        masks = [0] * holders
        for bit in bits:
            total = 0
            for holder in choices[bit]:
                total += free[holder]
            if not total:
                return None
            pick = int(rand() * total)
            for holder in choices[bit]:
                pick -= free[holder]
                if pick < 0:
                    break
            free[holder] -= 1
            masks[holder] |= bit
        return masks

    def draw() -> Position:
        masks = None
        for _ in range(12):
            masks = deal(options)
            if masks is not None:
                break
        if masks is None:
            masks = deal(relaxed)
            assert masks is not None
        hands = list(base.hands)
        for seat in range(players):
            hands[seat] |= masks[seat]
        return Position(
            hands, base.leader, list(base.trick), list(base.won), list(base.counts),
            list(base.last), base.number, base.skat | masks[players], base.pushes,
        )  # fmt: skip

    return draw

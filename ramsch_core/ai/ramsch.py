"""Rule-of-thumb Ramsch play on kernel masks: duck, shed, stop a Durchmarsch, push danger away."""

from __future__ import annotations

from ramsch_core.actions import Action, PassOn, PickUp, Push
from ramsch_core.ai.knowledge import Knowledge
from ramsch_core.kernel import Kernel
from ramsch_core.view import SeatView

PASS_ON_BELOW = 30
"""Skat Schieberamsch: only a hand this safe (about 1 in 20) passes on; see the docs."""


def bits_of(mask: int) -> list[int]:
    """The set bits of a mask, lowest first."""
    bits = []
    while mask:
        bit = mask & -mask
        bits.append(bit)
        mask ^= bit
    return bits


def highest(mask: int) -> int:
    return 1 << (mask.bit_length() - 1)


def unseen_higher(kernel: Kernel, bit: int, unseen: int) -> int:
    """How many unseen cards of ``bit``'s follow class rank above it."""
    return (unseen & kernel.follow[bit] & ~(2 * bit - 1)).bit_count()


def danger(kernel: Kernel, bit: int, unseen: int) -> int:
    """How much a card hurts to keep: its points, more if nothing unseen can beat it."""
    above = unseen_higher(kernel, bit, unseen)
    return kernel.points[bit] + (8 if above == 0 else 4 if above == 1 else 0)


def durchmarsch_threat(kernel: Kernel, knowledge: Knowledge) -> int | None:
    """An opponent who took every trick so far, once half the tricks are played."""
    position = knowledge.position
    if position.number < max(2, kernel.tricks_per_deal // 2):
        return None
    for seat, count in enumerate(position.counts):
        if seat != knowledge.seat and count == position.number:
            return seat
    return None


def rule_card(kernel: Kernel, knowledge: Knowledge, legal: int) -> int:
    """The rule-of-thumb card (a kernel bit) among ``legal``."""
    if not legal & (legal - 1):
        return legal
    position, unseen = knowledge.position, knowledge.unseen
    trick = position.trick
    if not trick:
        return _lead(kernel, legal, unseen)
    relevant = kernel.relevant[trick[0]]
    best = max(bit for bit in trick if bit & relevant)
    best_seat = (position.leader + trick.index(best)) % kernel.players
    # Trumps sit above every plain card, so the cards that beat ``best`` are the higher bits.
    beating = legal & relevant & ~(2 * best - 1)
    losing = legal & ~beating
    last_to_play = len(trick) == kernel.players - 1
    if beating and best_seat == durchmarsch_threat(kernel, knowledge):
        if last_to_play:
            return min(bits_of(beating), key=lambda bit: (kernel.points[bit], bit))
        return highest(beating)
    if losing:
        led = kernel.follow[trick[0]]
        if losing & led:  # duck as high as possible under the winning card
            return highest(losing & led)
        return max(bits_of(losing), key=lambda bit: (danger(kernel, bit, unseen), bit))
    return highest(beating) if last_to_play else beating & -beating


def _lead(kernel: Kernel, legal: int, unseen: int) -> int:
    """Lead a card others can beat, cheap in points; keep the very lowest of a suit for later."""

    def key(bit: int) -> tuple[int, int, int]:
        cls = kernel.follow[bit]
        held = (legal & cls).bit_count()
        exit_card = held > 1 and bit == (legal & cls) & -(legal & cls)
        return (min(unseen_higher(kernel, bit, unseen), 3), -exit_card, -kernel.points[bit])

    return max(bits_of(legal), key=key)


def hand_danger(kernel: Kernel, hand: int, unseen: int) -> int:
    """Total danger of a hand: a high figure means it will take tricks and points."""
    return sum(danger(kernel, bit, unseen) for bit in bits_of(hand))


def lay_pair(kernel: Kernel, pool: int, layable: int) -> int:
    """The two cards to push: the most dangerous, preferring to empty a short suit."""
    unseen = ((1 << 32) - 1) & ~pool

    def key(bit: int) -> tuple[int, int]:
        short = (pool & kernel.follow[bit]).bit_count() <= 2 and not bit & kernel.trump_mask
        return (danger(kernel, bit, unseen) + 3 * short, bit)

    ranked = sorted(bits_of(layable), key=key, reverse=True)
    return ranked[0] | ranked[1]


def decide_push(kernel: Kernel, view: SeatView) -> Action:
    """Schieberamsch: pass on only a very safe hand; lay the two most dangerous cards."""
    hand = kernel.mask(view.hand)
    if PickUp() in view.legal:
        unseen = ((1 << 32) - 1) & ~hand
        if PassOn() in view.legal and hand_danger(kernel, hand, unseen) < PASS_ON_BELOW:
            return PassOn()
        return PickUp()
    offered = {card for action in view.legal if isinstance(action, Push) for card in action.cards}
    layable = kernel.mask(offered)
    pool = hand | kernel.mask(view.skat)
    first, second = kernel.cards(lay_pair(kernel, pool, layable))
    return Push((first, second))

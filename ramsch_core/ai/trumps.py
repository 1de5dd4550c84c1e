"""Card rules of thumb for a game with a declarer and trumps (Skat's suit games and Grand,
Schafkopf's Wenz and Solo), on kernel masks; shared by those games' AI."""

from __future__ import annotations

from ramsch_core.ai.knowledge import Knowledge
from ramsch_core.ai.ramsch import bits_of, highest
from ramsch_core.kernel import Kernel


def still_to_play(kernel: Kernel, knowledge: Knowledge) -> list[int]:
    """Seats that play to the current trick after this seat."""
    position = knowledge.position
    return [
        (position.leader + index) % kernel.players
        for index in range(len(position.trick) + 1, kernel.players)
    ]


def cheapest(kernel: Kernel, mask: int) -> int:
    return min(bits_of(mask), key=lambda bit: (kernel.points[bit], bit))


def is_sure(kernel: Kernel, bit: int, unseen: int) -> bool:
    """Nothing unseen can beat the card once it leads its class (or wins a trick of it)."""
    return not unseen & kernel.relevant[bit] & ~(2 * bit - 1)


def trump_card(kernel: Kernel, knowledge: Knowledge, legal: int) -> int:
    """Rules of thumb for a suit game or Grand: the declarer draws trumps and cashes sure
    cards; a defender adds points to a partner's safe trick; whoever can, takes a trick worth
    it with the cheapest sure card; otherwise the cheapest card goes."""
    if not legal & (legal - 1):
        return legal
    position, unseen = knowledge.position, knowledge.unseen
    me, declarer = knowledge.seat, knowledge.declarer
    trick = position.trick
    if not trick:
        return _trump_lead(kernel, knowledge, legal)
    relevant = kernel.relevant[trick[0]]
    best = max(bit for bit in trick if bit & relevant)
    best_seat = (position.leader + trick.index(best)) % kernel.players
    beating = legal & relevant & ~(2 * best - 1)
    later = still_to_play(kernel, knowledge)
    if declarer is not None and me != declarer and best_seat != declarer:
        safe = declarer not in later or not unseen & relevant & ~(2 * best - 1)
        if safe:  # the partner's trick: add points, but keep trumps
            pool = legal & ~kernel.trump_mask or legal
            return max(bits_of(pool), key=lambda bit: (kernel.points[bit], -bit))
        return cheapest(kernel, legal & ~kernel.trump_mask or legal)
    if beating:
        if not later:
            return cheapest(kernel, beating)
        sure = [bit for bit in bits_of(beating) if is_sure(kernel, bit, unseen)]
        if sure:
            return min(sure, key=lambda bit: (kernel.points[bit], bit))
        worth = sum(kernel.points[bit] for bit in trick)
        if worth >= 10:
            return highest(beating)
    losing = legal & ~beating or legal
    return cheapest(kernel, losing & ~kernel.trump_mask or losing)


def _trump_lead(kernel: Kernel, knowledge: Knowledge, legal: int) -> int:
    unseen, trump_mask = knowledge.unseen, kernel.trump_mask
    mine = legal & trump_mask
    side = legal & ~trump_mask
    if knowledge.declarer == knowledge.seat:
        theirs = unseen & trump_mask
        if mine and theirs:
            top = highest(mine)
            return top if top > highest(theirs) else mine & -mine
        sure = [bit for bit in bits_of(side) if is_sure(kernel, bit, unseen)]
        if sure:
            return max(sure, key=lambda bit: (kernel.points[bit], bit))
    else:
        sure = [bit for bit in bits_of(side) if is_sure(kernel, bit, unseen)]
        if sure:
            return max(sure, key=lambda bit: (kernel.points[bit], bit))
    if not side:
        return mine & -mine
    longest = max(
        (side & kernel.follow[bit] for bit in bits_of(side)), key=lambda m: (m.bit_count(), m)
    )
    return longest & -longest

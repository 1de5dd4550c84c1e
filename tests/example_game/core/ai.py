"""How the AI plays Stich: a rule-of-thumb card for the contract ``stich`` (the playouts then
check it). Stich has no step before the card play, so no ``steps``."""

from __future__ import annotations

from ramsch_core.ai.knowledge import Knowledge
from ramsch_core.ai.policy import GamePolicy
from ramsch_core.kernel import Kernel


def cheapest_card(kernel: Kernel, knowledge: Knowledge, legal: int) -> int:
    """The legal card (a kernel bit) with the fewest card points, the lowest on a tie: the
    most points lose, so shed nothing of worth."""
    del knowledge
    bits = [bit for bit in (1 << n for n in range(legal.bit_length())) if legal & bit]
    return min(bits, key=lambda bit: (kernel.points[bit], bit))


POLICY = GamePolicy(card_priors={"stich": cheapest_card})

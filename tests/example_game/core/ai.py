"""How the AI plays Stich: its announcement (double with a cheap hand, ST-6), the kernel of
the contract the announcements made (``play_setup``), and a rule-of-thumb card for the
contract ``stich`` (the playouts then check it)."""

from __future__ import annotations

from functools import cache

from ramsch_core.actions import Action
from ramsch_core.ai.knowledge import Knowledge, kernel_for
from ramsch_core.ai.policy import GamePolicy
from ramsch_core.kernel import Kernel
from ramsch_core.phases.say import Pass
from ramsch_core.rules import RuleSet
from ramsch_core.view import SeatView
from tests.example_game.core.announce import Double, StichState
from tests.example_game.core.contract import stich_contract
from tests.example_game.core.rules import StichRules

CHEAP_HAND = 10
"""A hand with at most this many card points doubles: the fewest points win (ST-4)."""


def announce(kernel: Kernel, view: SeatView) -> Action:
    """Double with a hand of few card points, else pass."""
    points = sum(kernel.points[kernel.bit_of[card]] for card in view.hand)
    return Double() if points <= CHEAP_HAND else Pass()


@cache
def doubled_kernel(rules: RuleSet, factor: int) -> Kernel:
    """The kernel of the rules' contract with its scores multiplied by ``factor``."""
    assert isinstance(rules, StichRules)
    return Kernel(rules, stich_contract(rules, factor))


def play_setup(view: SeatView) -> tuple[Kernel, int | None]:
    """The kernel of the contract being played: the rules' own, its scores multiplied by the
    doubles said (ST-6); Stich has no declarer."""
    state = view.public.state
    if not isinstance(state, StichState) or state.factor == 1:
        return kernel_for(view.rules), None
    return doubled_kernel(view.rules, state.factor), None


def cheapest_card(kernel: Kernel, knowledge: Knowledge, legal: int) -> int:
    """The legal card (a kernel bit) with the fewest card points, the lowest on a tie: the
    most points lose, so shed nothing of worth."""
    del knowledge
    bits = [bit for bit in (1 << n for n in range(legal.bit_length())) if legal & bit]
    return min(bits, key=lambda bit: (kernel.points[bit], bit))


POLICY = GamePolicy(
    steps={"announce": announce}, play_setup=play_setup, card_priors={"stich": cheapest_card}
)

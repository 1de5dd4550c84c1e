"""The easy AI: random among reasonable choices.

Each step before the card play (pushing, bidding, declaring, calls, exchanges) follows the
heuristic's rules, so it never bids or calls absurdly. In the card play it says Kontra or Re
when the heuristic would, and otherwise plays the heuristic's rule-of-thumb card (without its
playouts) or, just as often, a uniformly random legal card. It decides from the seat's view
only, deterministically for its seed.
"""

from __future__ import annotations

import random

from ramsch_core.actions import Action, Play
from ramsch_core.ai.players import HeuristicPlayer, require_turn
from ramsch_core.view import SeatView

RULE_OF_THUMB_SHARE = 0.5
"""How often the easy AI plays the heuristic's card; otherwise any legal card."""


class EasyPlayer:
    """Random among reasonable: the heuristic's card half the time, any legal card else."""

    def __init__(self, seed: int = 0, *, share: float = RULE_OF_THUMB_SHARE) -> None:
        self.rng = random.Random(seed)
        self.share = share
        self.heuristic = HeuristicPlayer(seed, playouts=0, time_limit=None)

    def choose(self, view: SeatView) -> Action:
        """Raises IllegalActionError off turn, ValueError in a step it has no rule for."""
        require_turn(view)
        reasonable = self.heuristic.choose(view)
        if view.phase != "play" or not isinstance(reasonable, Play):
            return reasonable
        cards = [action for action in view.legal if isinstance(action, Play)]
        if self.rng.random() < self.share:
            return reasonable
        return cards[int(self.rng.random() * len(cards))]

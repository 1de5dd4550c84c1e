"""What a game gives ``python -m ramsch_core.bench`` when its contract is chosen in the deal
(``Game.bench``): how one random deal is played through the kernel."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ramsch_core.cards import Card
from ramsch_core.kernel import Outcome
from ramsch_core.rules import RuleSet

Dealt = tuple[list[list[Card]], list[Card]]
"""Hands and skat of a public deal (``deal_from_seed``)."""
KernelDeal = Callable[[RuleSet, random.Random, Dealt | None], Outcome]
"""One random deal through the kernel: dealt by its own shuffle (None) or the given cards."""


@dataclass(frozen=True)
class BenchCase:
    """A game's deal on the bench; a game without one plays its rules' own contract."""

    kernel_deal: KernelDeal
    seeded_deal: Callable[[RuleSet, int], Dealt] | None = None
    """For a deal that holds more than hands and a skat: the cards of its seeded deal as
    ``kernel_deal`` takes them (None: ``deal_from_seed``)."""

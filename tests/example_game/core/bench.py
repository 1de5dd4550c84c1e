"""Stich on the bench (``Game.bench``): with ``doubling`` the deal chooses its contract (the
doubles said multiply its scores, ST-6), so the bench says them at random and plays the
deal out through that contract's kernel."""

from __future__ import annotations

import random

from ramsch_core.bench_case import BenchCase, Dealt
from ramsch_core.kernel import Outcome
from ramsch_core.rules import RuleSet
from tests.example_game.core.ai import doubled_kernel


def stich_kernel_deal(rules: RuleSet, rng: random.Random, dealt: Dealt | None) -> Outcome:
    """Each seat doubles with even chance when the rules allow it; then a random play of the
    dealt (or shuffled) cards under the contract of those doubles."""
    doubling = bool(getattr(rules, "doubling", False))
    doubles = sum(rng.random() < 0.5 for _ in range(rules.players)) if doubling else 0
    kernel = doubled_kernel(rules, 2**doubles)
    if dealt is None:
        hands, skat = kernel.random_deal(rng)
    else:
        hands, skat = [kernel.mask(hand) for hand in dealt[0]], kernel.mask(dealt[1])
    return kernel.random_game(hands, skat, rng)


BENCH = BenchCase(stich_kernel_deal)

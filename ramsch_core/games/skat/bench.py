"""Full Skat on the bench (``Game.bench``): a random declared game played out through the
kernel."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from ramsch_core.bench_case import BenchCase, Dealt
from ramsch_core.contracts import Contract
from ramsch_core.games.skat.contract import GAMES as GAMES_OF_SKAT
from ramsch_core.games.skat.contract import Declaration, GameName, SkatScorer, skat_order
from ramsch_core.kernel import Kernel, Outcome, tally
from ramsch_core.rules import RuleSet
from ramsch_core.tricks.constraints import FOLLOW_SUIT


def skat_kernel_deal(rules: RuleSet, rng: random.Random, dealt: Dealt | None) -> Outcome:
    """Full Skat: a random declarer declares a random game (Hand, or with two random cards
    laid away after taking the skat); the kernel plays it out at random under that game's
    trick order and the deal's own scorer (matadors, Hand, bid 18). The bidding is not
    simulated, and a Null is played to the last trick (its result is the same)."""
    game = GAMES_OF_SKAT[int(rng.random() * len(GAMES_OF_SKAT))]
    declarer = int(rng.random() * rules.players)
    kernel = _skat_kernel(rules, game)
    if dealt is None:
        hands, skat = kernel.random_deal(rng)
    else:
        hands, skat = [kernel.mask(hand) for hand in dealt[0]], kernel.mask(dealt[1])
    hand = rng.random() < 0.5
    twelve = hands[declarer] | skat
    if not hand:
        first = _random_card(twelve, rng.random)
        pair = first | _random_card(twelve ^ first, rng.random)
        hands[declarer], skat = twelve ^ pair, pair
    declaration = Declaration(game, hand)
    count = 0 if declaration.null else _matadors(kernel, twelve)
    scorer = SkatScorer(declaration, declarer, 18, count)
    players = rules.players
    won, counts, last = [0] * players, [0] * players, [-1] * players
    winners = kernel.run(hands, 0, [], won, counts, last, 0, rng.random, None)
    score = scorer(tally(kernel.layout, won, counts, last, skat, 0))
    return Outcome(tuple(winners), score.points, tuple(counts), score.scores)


@cache
def _skat_kernel(rules: RuleSet, game: GameName) -> Kernel:
    """The kernel of one game's trick order (its scorer is replaced deal by deal)."""
    scorer = SkatScorer(Declaration(game, False), 0, 18, 1)
    return Kernel(rules, Contract(game, skat_order(game), FOLLOW_SUIT, scorer))


def _matadors(kernel: Kernel, twelve: int) -> int:
    """FS-9 on layout masks: trumps take the top bits, ♣J the highest."""
    trumps = kernel.trump_mask.bit_count()
    holding = twelve >> 31 & 1
    count = 0
    for position in range(31, 31 - trumps, -1):
        if twelve >> position & 1 != holding:
            break
        count += 1
    return count if holding else -count


def _random_card(mask: int, rand: Callable[[], float]) -> int:
    """A uniformly random set bit of a non-empty mask."""
    skip = int(rand() * mask.bit_count())
    while skip:
        mask &= mask - 1
        skip -= 1
    return mask & -mask


BENCH = BenchCase(skat_kernel_deal)

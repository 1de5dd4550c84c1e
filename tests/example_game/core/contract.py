"""Stich's contract: the trick order the rules choose, the play rule of their duties and the
scorer (ST-3, ST-4), its scores multiplied by the doubles said before the play (ST-6)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from ramsch_core.contracts import Contract, Score
from ramsch_core.contracts.ramsch import (
    Taken,
    altenburg_order,
    jacks_order,
    schafkopf_order,
    taken_of,
)
from ramsch_core.kernel.tally import Tally
from ramsch_core.tricks.constraints import PlayRule
from ramsch_core.tricks.order import TrickOrder

if TYPE_CHECKING:
    from tests.example_game.core.rules import StichRules

ORDERS: dict[str, Callable[[], TrickOrder]] = {
    "jacks": jacks_order,
    "schafkopf": lambda: schafkopf_order(obers_unters_only=False),
    "none": lambda: altenburg_order(tens_low=False, jacks_trump=False),
}
"""The trick orders the game may be played with: jacks trump, Schafkopf trumps, no trumps."""


def _top(values: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(seat for seat, value in enumerate(values) if value == max(values))


def _bottom(values: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(seat for seat, value in enumerate(values) if value == min(values))


class StichScorer:
    """``factor``: 2 for each double said before the play (ST-6).

    Card points count with the skat's points credited to the winner of the last trick; the
    most points lose, the fewest win. Each seat scores its points, double for a seat that takes
    every trick (recorded as the Durchmarsch; it ends the match). So the score depends on every
    fact of the tally: points, counts, the last trick, the skat."""

    def __init__(self, factor: int = 1) -> None:
        self.factor = factor

    def __call__(self, tally: Tally) -> Score:
        points = list(tally.points)
        points[tally.final] += tally.skat_points
        counts = tally.counts
        maker = counts.index(tally.tricks) if tally.tricks in counts else None
        scores = tuple(
            self.factor * (2 * value if seat == maker else value)
            for seat, value in enumerate(points)
        )
        won = tuple(points)
        return Score(
            won, scores, _top(won), _bottom(won), self.factor, facts=Taken(maker, tally.final)
        )

    def tags(self, score: Score, tally: Tally) -> tuple[tuple[str, ...], ...]:
        """``loser`` for the seats with the most points, ``all_tricks`` for a seat that took
        every trick."""
        return tuple(
            (("loser",) if seat in score.losers else ())
            + (("all_tricks",) if seat == taken_of(score).durchmarsch else ())
            for seat in range(len(tally.counts))
        )

    def events(self, score: Score, tally: Tally) -> frozenset[str]:
        """``match_over`` after a seat took every trick (ST-5); ``tie`` when every seat has the
        same points (ST-7: a table may open a Bock round)."""
        if taken_of(score).durchmarsch is not None:
            return frozenset({"match_over"})
        return frozenset({"tie"}) if len(set(score.points)) == 1 else frozenset()


@lru_cache(maxsize=64)
def stich_contract(rules: StichRules, factor: int = 1) -> Contract:
    """The contract of the rules, its scores multiplied by ``factor`` (ST-6)."""
    rule = PlayRule(follow=True, must_trump=rules.must_trump, must_beat=rules.must_beat)
    return Contract("stich", ORDERS[rules.order](), rule, StichScorer(factor))

"""Stich's contract: the trick order the rules choose, the play rule of their duties and the
scorer (ST-3, ST-4)."""

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
    """Card points count with the skat's points credited to the winner of the last trick; the
    most points lose, the fewest win. Each seat scores its points, double for a seat that takes
    every trick (recorded as the Durchmarsch; it ends the match). So the score depends on every
    fact of the tally: points, counts, the last trick, the skat."""

    def __call__(self, tally: Tally) -> Score:
        points = list(tally.points)
        points[tally.final] += tally.skat_points
        counts = tally.counts
        maker = counts.index(tally.tricks) if tally.tricks in counts else None
        scores = tuple(2 * value if seat == maker else value for seat, value in enumerate(points))
        won = tuple(points)
        return Score(won, scores, _top(won), _bottom(won), 1, facts=Taken(maker, tally.final))

    def tags(self, score: Score, tally: Tally) -> tuple[tuple[str, ...], ...]:
        """``loser`` for the seats with the most points, ``all_tricks`` for a seat that took
        every trick."""
        return tuple(
            (("loser",) if seat in score.losers else ())
            + (("all_tricks",) if seat == taken_of(score).durchmarsch else ())
            for seat in range(len(tally.counts))
        )

    def events(self, score: Score, tally: Tally) -> frozenset[str]:
        return frozenset({"match_over"}) if taken_of(score).durchmarsch is not None else frozenset()


@lru_cache(maxsize=64)
def stich_contract(rules: StichRules) -> Contract:
    rule = PlayRule(follow=True, must_trump=rules.must_trump, must_beat=rules.must_beat)
    return Contract("stich", ORDERS[rules.order](), rule, StichScorer())

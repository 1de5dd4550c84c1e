"""Kernel scorers: each variant's deal score from won-card masks, as result.py scores it."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from ramsch_core.rules import AltenburgRules, SchafkopfRules, SkatRules

if TYPE_CHECKING:
    from ramsch_core.kernel import Kernel

Score = int | Fraction
"""A kernel score: an int, or a Fraction only for AR-4's split 15-point penalty."""

Scorer = Callable[
    [list[int], list[int], list[int], int, int], tuple[tuple[int, ...], tuple[Score, ...]]
]
"""(won masks, trick counts, last trick won, face-down mask, pushes) -> (points, scores)."""


def make_scorer(kernel: Kernel) -> Scorer:
    """The scorer of the kernel's rule set (SR-4..10, SK-5..8, AR-4..6)."""
    rules = kernel.rules
    if isinstance(rules, SkatRules):
        return _skat_scorer(kernel, rules)
    if isinstance(rules, SchafkopfRules):
        return _schafkopf_scorer(kernel, rules)
    return _altenburg_scorer(kernel, rules)


def _skat_scorer(kernel: Kernel, rules: SkatRules) -> Scorer:
    mask_points = kernel.mask_points
    final = kernel.tricks_per_deal - 1
    skat_to = rules.skat_to
    durchmarsch = rules.durchmarsch
    fixed = rules.scoring == "fixed"
    stake = rules.stake
    doubles = rules.schieben_doubles

    def score(
        won: list[int], counts: list[int], last: list[int], face_down: int, pushes: int
    ) -> tuple[tuple[int, ...], tuple[Score, ...]]:
        points = [mask_points(won[0]), mask_points(won[1]), mask_points(won[2])]
        if skat_to == "last_trick":
            points[last.index(final)] += mask_points(face_down)
        elif skat_to == "loser":
            top = max(points)
            if points.count(top) == 1:
                points[points.index(top)] += mask_points(face_down)
        factor = 1 << pushes if doubles else 1
        if durchmarsch and final + 1 in counts:
            scores = [0, 0, 0]
            scores[counts.index(final + 1)] = 120 * factor
            return tuple(points), tuple(scores)
        multiplier = (1 << counts.count(0)) * factor
        top = max(points)
        loss = stake if fixed else top
        return tuple(points), tuple(-loss * multiplier if value == top else 0 for value in points)

    return score


def _schafkopf_scorer(kernel: Kernel, rules: SchafkopfRules) -> Scorer:
    mask_points = kernel.mask_points
    trumps = kernel.trump_mask
    total = kernel.tricks_per_deal
    base = rules.base_stake
    doubles_all = rules.jungfrau_doubles_all

    def score(
        won: list[int], counts: list[int], last: list[int], face_down: int, pushes: int
    ) -> tuple[tuple[int, ...], tuple[Score, ...]]:
        points = tuple(mask_points(mask) for mask in won)
        if total in counts:  # SK-7: paid as a Solo schwarz
            maker = counts.index(total)
            return points, tuple(21 * base if seat == maker else -7 * base for seat in range(4))
        # SK-5; the highest kernel bit of the trumps taken is the highest trump taken.
        loser = max(
            range(4),
            key=lambda seat: (
                points[seat],
                counts[seat],
                (won[seat] & trumps).bit_count(),
                (won[seat] & trumps).bit_length(),
                last[seat],
            ),
        )
        everyone = doubles_all and 0 in counts
        scores = [0, 0, 0, 0]
        for seat in range(4):
            if seat != loser:
                pay = 4 * base if everyone or counts[seat] == 0 else 2 * base
                scores[seat] = pay
                scores[loser] -= pay
        return points, tuple(scores)

    return score


def _altenburg_scorer(kernel: Kernel, rules: AltenburgRules) -> Scorer:
    mask_points = kernel.mask_points
    final = kernel.tricks_per_deal - 1
    laid_away_counts = rules.schieben
    pips = rules.effective_scoring == "pips"

    def score(
        won: list[int], counts: list[int], last: list[int], face_down: int, pushes: int
    ) -> tuple[tuple[int, ...], tuple[Score, ...]]:
        points = [mask_points(won[0]), mask_points(won[1]), mask_points(won[2])]
        if laid_away_counts:  # AR-6
            points[last.index(final)] += mask_points(face_down)
        if pips:  # AR-5
            if final + 1 in counts:
                maker = counts.index(final + 1)
                return tuple(points), tuple(0 if seat == maker else -60 for seat in range(3))
            return tuple(points), tuple(-value for value in points)
        top = max(points)  # AR-4
        losers = points.count(top)
        if losers == 3:
            return tuple(points), (0, 0, 0)
        penalty = {0: 10, 1: 15}.get(counts.count(0), 20)
        loss: Score = penalty // losers if penalty % losers == 0 else Fraction(penalty, losers)
        return tuple(points), tuple(-loss if value == top else 0 for value in points)

    return score

"""Contracts: what is played in a deal's card play — its trick order, play rule and scorer.

A game chooses the contract (Ramsch, and with the full games a suit game, Grand, Null, a
Sauspiel, ...); the card play, the kernel and the AI take everything from it. The scorer reads a
``Tally`` and is the only place a contract's score is computed: the public API and the kernel
both call it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any, NamedTuple, Protocol

from ramsch_core.kernel.layout import Layout
from ramsch_core.kernel.tally import Tally
from ramsch_core.tricks.constraints import PlayRule
from ramsch_core.tricks.order import TrickOrder

Value = int | Fraction
"""A score: an int, or an exact Fraction where a rule splits a penalty (AR-4)."""


class Score(NamedTuple):
    """What a scorer decides, per deal seat; scores are signed, positive is good."""

    points: tuple[int, ...]
    """Card points, with the skat credited as the rules say."""
    scores: tuple[Value, ...]
    losers: tuple[int, ...]
    winners: tuple[int, ...]
    multiplier: int
    details: dict[str, Any] | None = None
    """What a game adds for its result (a Skat game: declarer, value, won...)."""
    facts: Any = None
    """What the contract decides beyond the scores, in its own type (a trick game's seat that
    took every trick and the seat the face-down cards counted for:
    ``contracts.ramsch.Taken``); None: nothing."""


class Scorer(Protocol):
    """Scores a finished deal from its tally."""

    def __call__(self, tally: Tally) -> Score: ...

    def tags(self, score: Score, tally: Tally) -> tuple[tuple[str, ...], ...]:
        """Per deal seat, what the deal made of it for statistics (``loser``, ``jungfrau``...)."""
        ...

    def events(self, score: Score, tally: Tally) -> frozenset[str]:
        """What happened in the deal that table policies (Bock) may react to."""
        ...


def score_values(scorer: Callable[[Tally], Score]) -> Callable[[Tally], tuple[Value, ...]]:
    """Only the scores (``Score.scores``) of a tally: the scorer's own ``values`` where it has
    one (the AI's playouts and search score many tallies and read nothing else), else taken
    from its whole score."""
    values: Callable[[Tally], tuple[Value, ...]] | None = getattr(scorer, "values", None)
    if values is not None:
        return values
    return lambda tally: scorer(tally).scores


@dataclass(frozen=True)
class Contract:
    """One contract: ``name`` (e.g. ``ramsch``), its trick order, play rule and scorer."""

    name: str
    order: TrickOrder
    rule: PlayRule
    scorer: Scorer

    @cached_property
    def layout(self) -> Layout:
        """The order and rule compiled to bit masks (built once per order and rule)."""
        return compiled(self.order, self.rule)


@lru_cache(maxsize=256)
def compiled(order: TrickOrder, rule: PlayRule) -> Layout:
    return Layout(order, rule)

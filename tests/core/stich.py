"""A tiny test-only game, "Stich", built the way a game package (ramsch_core/games/<game>/)
builds its game.

Three to five players get six cards each, the rest lies face down as the skat; the card play is
one contract whose PlayRule has the chosen duties (follow suit always; must trump, must beat as
the options say) under a trick order borrowed from Ramsch. Each seat scores the card points it
won (the skat's with the last trick); the most points lose. A seat that takes every trick
scores double and ends the match (event ``match_over``).

It is not registered on import: a test registers it with ``register(monkeypatch)``.
A rule set's player count is the option ``seats``: an option named ``players`` is not possible,
see test_registry.test_a_game_option_may_be_called_players.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

import pytest
from pydantic import Field

from ramsch_core import Game, RuleSet
from ramsch_core.contracts import Contract, Score
from ramsch_core.contracts.ramsch import altenburg_order, jacks_order, schafkopf_order
from ramsch_core.deck import Schedule, dealt_in_slices
from ramsch_core.games import registry
from ramsch_core.kernel.tally import Tally
from ramsch_core.phases import Finished, Phase
from ramsch_core.tricks.constraints import PlayRule
from ramsch_core.tricks.order import TrickOrder
from ramsch_core.tricks.play import CardPlay

if TYPE_CHECKING:
    from ramsch_core.deal import Deal

HAND_SIZE = 6

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
    """Card points count with the skat's points credited to the winner of the last trick (as
    SR-4's default); the most points lose, the fewest win. Each seat scores its points, double
    for a seat that takes every trick (recorded as the Durchmarsch; it ends the match). So the
    score depends on every fact of the tally: points, counts, the last trick, the skat."""

    def __call__(self, tally: Tally) -> Score:
        points = list(tally.points)
        points[tally.final] += tally.skat_points
        counts = tally.counts
        maker = counts.index(tally.tricks) if tally.tricks in counts else None
        scores = tuple(2 * value if seat == maker else value for seat, value in enumerate(points))
        won = tuple(points)
        return Score(won, scores, _top(won), _bottom(won), maker, tally.final, 1)

    def tags(self, score: Score, tally: Tally) -> tuple[tuple[str, ...], ...]:
        return tuple(
            ("loser",) if seat in score.losers else () for seat in range(len(tally.counts))
        )

    def events(self, score: Score, tally: Tally) -> frozenset[str]:
        return frozenset({"match_over"}) if score.durchmarsch is not None else frozenset()


@lru_cache(maxsize=64)
def stich_contract(rules: StichRules) -> Contract:
    rule = PlayRule(follow=True, must_trump=rules.must_trump, must_beat=rules.must_beat)
    return Contract("stich", ORDERS[rules.order](), rule, StichScorer())


class StichRules(RuleSet):
    """The one rule model of the test game."""

    game: Literal["stich"] = "stich"
    seats: Literal[3, 4, 5] = Field(3, description="players in a deal")
    order: Literal["jacks", "schafkopf", "none"] = Field("jacks", description="the trumps")
    must_trump: bool = Field(False, description="Trumpfzwang")
    must_beat: bool = Field(False, description="Stechzwang")

    @property
    def players(self) -> int:
        return self.seats

    @property
    def hand_size(self) -> int:
        return HAND_SIZE

    @property
    def skat_size(self) -> int:
        return 32 - HAND_SIZE * self.seats

    def title(self) -> str:
        return "Stich"

    def schedule(self, seed: int) -> Schedule:
        return dealt_in_slices(seed, self.players, HAND_SIZE)

    def contract(self) -> Contract:
        return stich_contract(self)

    def trick_order(self) -> TrickOrder:
        return self.contract().order

    def first_phase(self, deal: Deal) -> Phase:
        return CardPlay(self.contract(), self.players, HAND_SIZE)

    def next_phase(self, deal: Deal, done: Phase) -> Phase:
        return Finished()


STICH = Game(
    id="stich",
    title="Stich",
    variants=(StichRules,),
    presets={
        "plain": {},
        "strict": {"must_trump": True, "must_beat": True},
        "four": {"seats": 4},
        "five": {"seats": 5, "must_beat": True},
    },
    descriptions={
        "plain": "follow suit, else any card",
        "strict": "follow suit, else trump; beat the trick when you can",
        "four": "four players",
        "five": "five players, beat the trick when you can",
    },
    default_preset="plain",
    aliases=("tricks",),
)


def register(monkeypatch: pytest.MonkeyPatch) -> Game:
    """Register the test game (and its alias) until the end of the test."""
    monkeypatch.setitem(registry.GAMES, STICH.id, STICH)
    for alias in STICH.aliases:
        monkeypatch.setitem(registry._ALIASES, alias, STICH.id)
    return STICH

"""Table scoring policies around the deals: the match options a game declares, Bock rounds,
rounds of compulsory Ramsch and tournament points (SR-11, SR-12, FS-13, FS-14)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from ramsch_core.errors import RuleSetError
from ramsch_core.result import DealResult

if TYPE_CHECKING:
    from ramsch_core.rules import RuleSet

DECLARED_GAME = frozenset({"declarer", "value", "won"})
"""What a result's ``details`` tell of a declared game that tournament points score: who
declared, the game's value and whether it was won (a Skat game's scorer gives them)."""

RoundKind = Literal["bock", "compulsory"]
"""A special deal of a table: one of a Bock round, or one of a round of compulsory Ramsch."""


def own_events(result: DealResult) -> frozenset[str]:
    """The events of a finished deal as its scorer named them."""
    return result.events


class MatchOptions(BaseModel):
    """What a game lets a table choose around its deals (``Game.match_options``): nothing
    here. A game's options are stored among the table's options, by name; another game's
    options there are ignored, so a table can change its game and back keeping them."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)

    BOCK_SWITCHES: ClassVar[tuple[str, ...]] = ()
    """The options a plain "Bock rounds: on" turns on (none: the game offers no Bock)."""

    @classmethod
    def refuse_elsewhere(cls, chosen: Mapping[str, Any], rules: RuleSet) -> None:
        """Raise RuleSetError if ``chosen`` switches on one of this model's options that a
        table of another game (``rules``, without it) must not carry (unlike a Bock switch,
        which never fires there)."""

    def also_dealt(self, rules: RuleSet) -> tuple[RuleSet, ...]:
        """The other rule sets these options deal at a table of ``rules`` (each must seat the
        table); raise RuleSetError if the rules can't be played with these options."""
        return ()

    def bock_rounds(self, seats: int) -> BockRounds:
        """The table's Bock rounds (none opened unless the game has Bock switches)."""
        return BockRounds(frozenset(), seats)

    def scoring(self) -> PlainScores:
        """How a deal's scores count at the table."""
        return PlainScores()


class BockOptions(MatchOptions):
    """A trick game whose Ramsch may open a Bock round: after a Durchmarsch, after a tie."""

    bock_on_durchmarsch: bool = Field(False, description="a Durchmarsch opens a Bock round")
    bock_on_tie: bool = Field(False, description="a tie of all players opens a Bock round")

    BOCK_SWITCHES: ClassVar[tuple[str, ...]] = ("bock_on_durchmarsch",)
    BOCK_EVENTS: ClassVar[Mapping[str, str]] = {
        "bock_on_durchmarsch": "durchmarsch",
        "bock_on_tie": "tie",
    }
    """Option -> the deal event (see ``DealResult.events``) that opens a Bock round."""

    def bock_events(self) -> frozenset[str]:
        """The deal events that open a Bock round at this table."""
        return frozenset(
            event for option, event in self.BOCK_EVENTS.items() if getattr(self, option)
        )

    def bock_rounds(self, seats: int) -> BockRounds:
        return BockRounds(self.bock_events(), seats)


def tournament_scoring(tournament: bool) -> PlainScores:
    """Tournament points if the table chose them, else the deals' own scores."""
    return TournamentPoints() if tournament else PlainScores()


def refuse_tournament(chosen: Mapping[str, Any], rules: RuleSet) -> None:
    """Raise RuleSetError if ``chosen`` asks tournament scoring of a game without it."""
    if chosen.get("tournament"):
        raise RuleSetError("Tournament scoring is not available for {game}", game=rules.title())


class BockRounds:
    """An event a table chose opens a Bock round: one deal per seat in which every score
    counts double; with ``ramsch_after`` a round of compulsory Ramsch (one deal per seat, not
    doubled) follows it. Rounds opened meanwhile queue up behind those already waiting, so
    the order is always Bock, Ramsch, Bock, Ramsch (SR-11, FS-13)."""

    def __init__(
        self,
        events: frozenset[str],
        seats: int,
        ramsch_after: bool = False,
        events_of: Callable[[DealResult], frozenset[str]] = own_events,
    ) -> None:
        self.events = events
        self.seats = seats
        self.ramsch_after = ramsch_after
        self.events_of = events_of
        """What a finished deal did that may open a Bock round: its own events, and what the
        game's options add (Skat: a game worth the table's threshold)."""
        self.queue: list[RoundKind] = []
        """The special deals still to come, one entry per deal, the current one first."""

    @property
    def active(self) -> bool:
        """Whether the current deal counts double."""
        return bool(self.queue) and self.queue[0] == "bock"

    @property
    def compulsory_ramsch(self) -> bool:
        """Whether the current deal is a deal of compulsory Ramsch."""
        return bool(self.queue) and self.queue[0] == "compulsory"

    @property
    def pending(self) -> int:
        """Bock deals still to come, the current one included."""
        return self.queue.count("bock")

    def factor(self) -> int:
        return 2 if self.active else 1

    def opens(self, result: DealResult) -> bool:
        """Whether a finished deal opens a Bock round at this table."""
        return bool(self.events_of(result) & self.events)

    def after(self, result: DealResult) -> None:
        """The current deal is over: count it off, and queue the rounds it calls for."""
        if self.queue:
            self.queue.pop(0)
        if self.opens(result):
            self.queue += ["bock"] * self.seats
            if self.ramsch_after:
                self.queue += ["compulsory"] * self.seats


class PlainScores:
    """A deal's scores as they are, each at the table seat of the deal seat that made it;
    a seat sitting out scores 0."""

    def table_scores(
        self, result: DealResult, active: tuple[int, ...], seats: int
    ) -> tuple[Fraction, ...]:
        scores = [Fraction(0)] * seats
        for deal_seat, table_seat in enumerate(active):
            scores[table_seat] = Fraction(result.scores[deal_seat])
        return tuple(scores)


class TournamentPoints(PlainScores):
    """Seeger-Fabian tournament points (FS-14): a won game scores its value + 50 for the
    declarer; a lost one −2 × value − 50, and every other player at the table, a dealer
    sitting out included, gets 40 (30 at a table of four). A Ramsch deal keeps its scores:
    only the loser loses points, nobody gets a bonus (SR-12); a deal thrown in scores 0.
    In a Bock round the table doubles all of it, the 50 and the 40 (30) included."""

    WIN_BONUS = 50

    def opponent_bonus(self, seats: int) -> int:
        """What each other player gets when the declarer loses."""
        return 40 if seats == 3 else 30

    def table_scores(
        self, result: DealResult, active: tuple[int, ...], seats: int
    ) -> tuple[Fraction, ...]:
        """A declared game (its details name declarer, value and whether it was won) scores
        tournament points; any other deal (a Ramsch, a deal thrown in) keeps its scores. Only
        games that declare ``tournament`` in their ``Game`` reach here (``check_table``)."""
        details = result.details
        if details is None or not details.keys() >= DECLARED_GAME:
            return super().table_scores(result, active, seats)
        return self._game_scores(details, active, seats)

    def _game_scores(
        self, details: dict[str, object], active: tuple[int, ...], seats: int
    ) -> tuple[Fraction, ...]:
        declarer = active[_int(details["declarer"])]
        value = _int(details["value"])
        scores = [Fraction(0)] * seats
        if details["won"]:
            scores[declarer] = Fraction(value + self.WIN_BONUS)
            return tuple(scores)
        bonus = Fraction(self.opponent_bonus(seats))
        scores = [bonus] * seats
        scores[declarer] = Fraction(-2 * value - self.WIN_BONUS)
        return tuple(scores)


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value

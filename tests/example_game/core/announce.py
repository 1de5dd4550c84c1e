"""Stich's own step before the card play (ST-6): each seat in turn from forehand says
"double" or passes, once; every double doubles the deal's scores."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from ramsch_core.actions import Action, Event
from ramsch_core.errors import IllegalActionError
from ramsch_core.phases import Phase
from ramsch_core.phases.say import Pass, Said

if TYPE_CHECKING:
    from ramsch_core.deal import Deal


@dataclass(frozen=True, slots=True)
class Double(Action):
    """Say "double": the deal's scores count twice as much (ST-6).

    A real game registers its actions with ``@registered`` at import; the example game's is
    registered by ``tests.example_game.register`` only while the game is."""

    kind: ClassVar[str] = "double"

    def __str__(self) -> str:
        return "double"


@dataclass
class StichState:
    """What a Stich deal keeps besides its cards (``RuleSet.new_state``), public to all: what
    each seat said in the announcements."""

    said: dict[int, str] = field(default_factory=dict)

    @property
    def doubles(self) -> int:
        return sum(1 for what in self.said.values() if what == "double")

    @property
    def factor(self) -> int:
        """What every score of the deal is multiplied by: 2 for each double."""
        return 2**self.doubles

    def copy(self) -> StichState:
        return StichState(dict(self.said))


def stich_state(deal: Deal) -> StichState:
    state = deal.state
    assert isinstance(state, StichState)
    return state


class Announce(Phase):
    """ST-6: one round from forehand; each seat says "double" or passes."""

    name: ClassVar[str] = "announce"

    def __init__(self, players: int) -> None:
        self.players = players
        self.to_act: int | None = 0

    def copy(self) -> Phase:
        other = Announce(self.players)
        other.to_act = self.to_act
        return other

    def legal(self, deal: Deal) -> list[Action]:
        return [Double(), Pass()]

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Double):
            what = "double"
        elif isinstance(action, Pass):
            what = "pass"
        else:
            raise IllegalActionError("You can't do that now: say double or pass")
        stich_state(deal).said[seat] = what
        events: list[Event] = [Said(seat, what)]
        if seat + 1 < self.players:
            self.to_act = seat + 1
            return events
        self.to_act = None
        return events + deal.advance(self)

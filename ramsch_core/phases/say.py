"""What a seat says before the card play, shared by the games' steps: passing, and the event
that shows what was said (a bid, a call, "in")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ramsch_core.actions import Action, Event, registered
from ramsch_core.phases import Phase

if TYPE_CHECKING:
    from ramsch_core.deal import Deal


@registered
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Drop out of the bidding."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Said(Event):
    """A seat spoke in the bidding or announced something: ``what`` as in ``SkatContest.said``."""

    seat: int
    what: str


class SayingRound(Phase):
    """A step in which every seat in turn from forehand says one thing (in or pass, a knock or
    none); after the last seat the deal moves on."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.to_act = 0

    def said(self, deal: Deal, seat: int, what: str) -> list[Event]:
        """``seat`` said ``what``: the next seat's turn, or after the last the deal's next step."""
        events: list[Event] = [Said(seat, what)]
        if seat + 1 < self.players:
            self.to_act = seat + 1
            return events
        self.to_act = None
        return events + deal.advance(self)

"""What a seat says before the card play, shared by the games' steps: passing, and the event
that shows what was said (a bid, a call, "in")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ramsch_core.actions import Action, Event, registered


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

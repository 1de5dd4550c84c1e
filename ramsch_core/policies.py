"""Table scoring policies around the deals: Bock rounds and tournament points (SR-11, SR-12)."""

from __future__ import annotations

from fractions import Fraction

from ramsch_core.result import DealResult

BOCK_EVENTS = {"bock_on_durchmarsch": "durchmarsch", "bock_on_tie": "tie"}
"""Table option -> the deal event (see ``DealResult.events``) that opens a Bock round."""


class BockRounds:
    """An event a table chose opens a Bock round: one deal per seat in which every score
    counts double; rounds opened during one queue up behind it (SR-11)."""

    def __init__(self, events: frozenset[str], seats: int) -> None:
        self.events = events
        self.seats = seats
        self.pending = 0
        """Bock deals still to come, the current one included."""

    @property
    def active(self) -> bool:
        """Whether the current deal counts double."""
        return self.pending > 0

    def factor(self) -> int:
        return 2 if self.active else 1

    def after(self, result: DealResult) -> None:
        """The current deal is over: count it off, and open a round if it called for one."""
        if self.pending:
            self.pending -= 1
        if result.events & self.events:
            self.pending += self.seats


class TournamentPoints:
    """Seeger-Fabian tournament scoring of a deal's scores, by the contract played. A Ramsch
    deal keeps its scores: only the loser loses points, nobody gets a bonus (SR-12)."""

    def scores(self, result: DealResult) -> tuple[Fraction, ...]:
        if result.contract == "ramsch":
            return result.scores
        raise ValueError(f"No tournament scoring for the contract {result.contract!r}")

"""A table session: several deals, dealer rotation, Bock rounds, running totals (C-4, SR-11/12)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ramsch_core.actions import Action, Event
from ramsch_core.deal import Deal
from ramsch_core.errors import IllegalActionError, NotYourTurnError
from ramsch_core.result import DealResult
from ramsch_core.rules import AnyRules, RuleSetError


class TableOptions(BaseModel):
    """How a session is played around the deals: seats, length, Bock and tournament scoring."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    seats: Literal[3, 4] = Field(3, description="players at the table")
    rounds: int = Field(1, ge=1, le=50, description="rounds; in a round every seat deals once")
    bock_on_durchmarsch: bool = Field(False, description="a Durchmarsch opens a Bock round")
    bock_on_tie: bool = Field(False, description="a tie of all players opens a Bock round")
    tournament: bool = Field(False, description="Seeger-Fabian tournament scoring (SR-12)")


def parse_table_options(data: Mapping[str, Any] | None) -> TableOptions:
    try:
        return TableOptions.model_validate(dict(data or {}))
    except ValidationError as error:
        item = error.errors()[0]
        where = ".".join(str(loc) for loc in item["loc"]) or "table"
        raise RuleSetError(f"Invalid table option '{where}': {item['msg']}") from None


def deal_seed(session_seed: int, number: int) -> int:
    """The seed of deal ``number`` of a session, derived so any deal can be rebuilt alone."""
    digest = hashlib.sha256(f"ramsch/{session_seed}/{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class DealRecordEntry:
    """One finished deal of a session, in table seats."""

    number: int
    dealer: int
    seats: tuple[int, ...]
    bock: bool
    result: DealResult
    table_scores: tuple[Fraction, ...]


class Session:
    """Deals one after another for a table of three or four seats, keeping the score sheet."""

    def __init__(self, rules: AnyRules, options: TableOptions, seed: int) -> None:
        if rules.players == 4 and options.seats != 4:
            raise RuleSetError(f"{rules.variant} is played by four players")
        self.rules = rules
        self.options = options
        self.seed = seed
        self.seats = options.seats
        self.total_deals = options.rounds * options.seats
        self.totals = [Fraction(0)] * self.seats
        self.finished_deals: list[DealRecordEntry] = []
        self.bock_pending = 0
        self.number = 0
        self.deal = self._start_deal()

    @property
    def finished(self) -> bool:
        return len(self.finished_deals) == self.total_deals

    @property
    def dealer(self) -> int:
        return self.number % self.seats

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Table seats of the deal's players, forehand first (C-4)."""
        players = self.rules.players
        return tuple((self.dealer + 1 + index) % self.seats for index in range(players))

    @property
    def sitting_out(self) -> int | None:
        """The dealer at a four-seat table of a three-player variant sits the deal out."""
        return self.dealer if self.seats > self.rules.players else None

    @property
    def bock(self) -> bool:
        """Whether the current deal counts double (SR-11)."""
        return self.bock_pending > 0

    def _start_deal(self) -> Deal:
        return Deal.from_seed(self.rules, deal_seed(self.seed, self.number))

    @property
    def to_act(self) -> int | None:
        """The table seat to act, or None when the session is over."""
        if self.finished or self.deal.to_act is None:
            return None
        return self.active_seats[self.deal.to_act]

    def deal_seat(self, table_seat: int) -> int | None:
        seats = self.active_seats
        return seats.index(table_seat) if table_seat in seats else None

    def _deal_seat_for(self, table_seat: int | None) -> int | None:
        if self.finished:
            raise IllegalActionError("The session is over")
        if table_seat is None:
            return None
        seat = self.deal_seat(table_seat)
        if seat is None:
            raise NotYourTurnError("You sit this deal out as the dealer")
        return seat

    def check(self, action: Action, table_seat: int | None = None) -> None:
        """Raise the error ``apply`` would raise, without changing anything."""
        self.deal.check(action, self._deal_seat_for(table_seat))

    @classmethod
    def replay(
        cls,
        rules: AnyRules,
        options: TableOptions,
        seed: int,
        actions: Iterable[tuple[int | None, Action]],
    ) -> Session:
        """Rebuild a session from its seed and its actions (table seat, action)."""
        session = cls(rules, options, seed)
        for table_seat, action in actions:
            session.apply(action, table_seat)
        return session

    def apply(self, action: Action, table_seat: int | None = None) -> list[Event]:
        """Apply an action; when it ends the deal, score it and start the next one."""
        events = self.deal.apply(action, self._deal_seat_for(table_seat))
        if self.deal.result is not None:
            self._finish_deal(self.deal.result)
        return events

    def _finish_deal(self, result: DealResult) -> None:
        bock = self.bock
        factor = 2 if bock else 1
        table_scores = [Fraction(0)] * self.seats
        for deal_seat, table_seat in enumerate(self.active_seats):
            table_scores[table_seat] = result.scores[deal_seat] * factor
            self.totals[table_seat] += table_scores[table_seat]
        self.finished_deals.append(
            DealRecordEntry(
                self.number, self.dealer, self.active_seats, bock, result, tuple(table_scores)
            )
        )
        if self.bock_pending:
            self.bock_pending -= 1
        if self._opens_bock(result):
            self.bock_pending += self.seats
        self.number += 1
        if not self.finished:
            self.deal = self._start_deal()

    def _opens_bock(self, result: DealResult) -> bool:
        if self.options.bock_on_durchmarsch and result.durchmarsch is not None:
            return True
        points = result.card_points
        return self.options.bock_on_tie and len(set(points)) == 1

    def standings(self) -> list[tuple[int, Fraction]]:
        """Table seats with their totals, best first (AR-7: the lowest penalty wins)."""
        return sorted(enumerate(self.totals), key=lambda item: (-item[1], item[0]))

"""A match at a table: deals one after another, dealer rotation, table policies, running totals
(C-4, SR-11/12)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ramsch_core.actions import Action, Event
from ramsch_core.deal import Deal
from ramsch_core.errors import IllegalActionError, NotYourTurnError, RuleSetError
from ramsch_core.policies import BOCK_EVENTS, BockRounds, TournamentPoints
from ramsch_core.result import DealResult
from ramsch_core.rules import RuleSet
from ramsch_core.seats import Rotation, rotation


class TableOptions(BaseModel):
    """How a match is played around the deals: seats, length, Bock and tournament scoring."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    seats: int = Field(3, ge=3, le=5, description="players at the table")
    rounds: int = Field(1, ge=1, le=50, description="rounds; in a round every seat deals once")
    bock_on_durchmarsch: bool = Field(False, description="a Durchmarsch opens a Bock round")
    bock_on_tie: bool = Field(False, description="a tie of all players opens a Bock round")
    tournament: bool = Field(False, description="Seeger-Fabian tournament scoring")

    def bock_events(self) -> frozenset[str]:
        """The deal events that open a Bock round at this table."""
        return frozenset(event for option, event in BOCK_EVENTS.items() if getattr(self, option))


def parse_table_options(data: Mapping[str, Any] | None) -> TableOptions:
    """Validate table options; missing ones take their defaults.

    Raises RuleSetError naming the option that is wrong."""
    try:
        return TableOptions.model_validate(dict(data or {}))
    except ValidationError as error:
        item = error.errors()[0]
        where = ".".join(str(loc) for loc in item["loc"]) or "table"
        raise RuleSetError(f"Invalid table option '{where}': {item['msg']}") from None


def check_table(rules: RuleSet, options: TableOptions) -> None:
    """Raise RuleSetError if the rules can't be played at a table of ``options.seats``."""
    sizes = rules.table_sizes()
    if options.seats not in sizes:
        counts = " or ".join(str(size) for size in sizes)
        raise RuleSetError(
            f"{rules.title()} is played by {_count(sizes)} players: choose {counts} seats"
        )


def _count(sizes: tuple[int, ...]) -> str:
    words = {3: "three", 4: "four", 5: "five"}
    return " or ".join(words.get(size, str(size)) for size in sizes)


def deal_seed(match_seed: int, number: int) -> int:
    """The seed of deal ``number`` of a match, derived so any deal can be rebuilt alone."""
    digest = hashlib.sha256(f"ramsch/{match_seed}/{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class SheetEntry:
    """One finished deal on the match's score sheet, in table seats."""

    number: int
    dealer: int
    seats: tuple[int, ...]
    """The table seats of the deal's players, forehand first."""
    bock: bool
    result: DealResult
    table_scores: tuple[Fraction, ...]


class Match:
    """Deals one after another at a table, keeping the score sheet.

    ``rounds`` rounds of one deal per seat; a deal whose result carries the event
    ``match_over`` ends the match at once."""

    def __init__(self, rules: RuleSet, options: TableOptions, seed: int) -> None:
        """Raises RuleSetError if the rules can't be played at a table of that size."""
        check_table(rules, options)
        self.rules = rules
        self.options = options
        self.seed = seed
        self.seats = options.seats
        self.total_deals = options.rounds * options.seats
        self.totals = [Fraction(0)] * self.seats
        self.finished_deals: list[SheetEntry] = []
        self.bock_rounds = BockRounds(options.bock_events(), self.seats)
        self.tournament = TournamentPoints() if options.tournament else None
        self.over = False
        self.number = 0
        self.deal = self._start_deal()

    @property
    def finished(self) -> bool:
        return self.over

    @property
    def rotation(self) -> Rotation:
        return rotation(self.seats, self.rules.players, self.number)

    @property
    def dealer(self) -> int:
        return self.rotation.dealer

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Table seats of the deal's players, forehand first (C-4)."""
        return self.rotation.active

    @property
    def sitting_out(self) -> int | None:
        """The table seat that sits this deal out (the dealer at a bigger table), if any."""
        out = self.rotation.sitting_out
        return out[0] if out else None

    @property
    def bock(self) -> bool:
        """Whether the current deal counts double (SR-11)."""
        return self.bock_rounds.active

    @property
    def bock_pending(self) -> int:
        """Bock deals still to come, the current one included."""
        return self.bock_rounds.pending

    def _start_deal(self) -> Deal:
        return Deal.from_seed(self.rules, deal_seed(self.seed, self.number))

    @property
    def to_act(self) -> int | None:
        """The table seat to act, or None when the match is over."""
        if self.finished or self.deal.to_act is None:
            return None
        return self.active_seats[self.deal.to_act]

    def deal_seat(self, table_seat: int) -> int | None:
        """The deal seat of a table seat in the current deal; None if it sits out."""
        return self.rotation.deal_seat(table_seat)

    def _deal_seat_for(self, table_seat: int | None) -> int | None:
        if self.finished:
            raise IllegalActionError("The match is over")
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
        rules: RuleSet,
        options: TableOptions,
        seed: int,
        actions: Iterable[tuple[int | None, Action]],
    ) -> Match:
        """Rebuild a match from its seed and its actions (table seat, action)."""
        match = cls(rules, options, seed)
        for table_seat, action in actions:
            match.apply(action, table_seat)
        return match

    def apply(self, action: Action, table_seat: int | None = None) -> list[Event]:
        """Apply an action of a table seat; when it ends the deal, score it and deal the next.

        Raises what ``Deal.apply`` raises, and NotYourTurnError for a seat sitting out."""
        events = self.deal.apply(action, self._deal_seat_for(table_seat))
        if self.deal.result is not None:
            self._finish_deal(self.deal.result)
        return events

    def _finish_deal(self, result: DealResult) -> None:
        scores = self.tournament.scores(result) if self.tournament else result.scores
        factor = self.bock_rounds.factor()
        table_scores = [Fraction(0)] * self.seats
        for deal_seat, table_seat in enumerate(self.active_seats):
            table_scores[table_seat] = scores[deal_seat] * factor
            self.totals[table_seat] += table_scores[table_seat]
        self.finished_deals.append(
            SheetEntry(
                self.number, self.dealer, self.active_seats, factor > 1, result,
                tuple(table_scores),
            )
        )  # fmt: skip
        self.bock_rounds.after(result)
        self.number += 1
        self.over = "match_over" in result.events or self.number >= self.total_deals
        if not self.over:
            self.deal = self._start_deal()

    def standings(self) -> list[tuple[int, Fraction]]:
        """Table seats with their totals, best first (AR-7: the lowest penalty wins)."""
        return sorted(enumerate(self.totals), key=lambda item: (-item[1], item[0]))

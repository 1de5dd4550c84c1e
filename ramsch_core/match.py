"""A match at a table: deals one after another, dealer rotation, table policies, running totals
and the Skat list (C-4, SR-11/12, FS-13..15)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ramsch_core.actions import Action, Event
from ramsch_core.deal import Deal
from ramsch_core.errors import (
    IllegalActionError,
    Message,
    NotYourTurnError,
    RuleSetError,
    one_of,
)
from ramsch_core.games.registry import game_of, match_option_models, option_owner
from ramsch_core.policies import MatchOptions, TournamentPoints
from ramsch_core.result import DealResult
from ramsch_core.rules import RuleSet
from ramsch_core.seats import Rotation, rotation


class TableOptions(BaseModel):
    """How a match is played around the deals: seats and length, and by name beside them the
    options the game declares (``Game.match_options``: Bock rounds, tournament scoring...),
    read through ``of_game``. A table keeps the options of another game it was set to, which
    never act at this one."""

    model_config = ConfigDict(extra="allow", frozen=True, strict=True)

    seats: int = Field(3, ge=3, le=5, description="players at the table")
    rounds: int = Field(1, ge=1, le=50, description="rounds; in a round every seat deals once")

    @property
    def chosen(self) -> dict[str, Any]:
        """The game options the table carries, by name (of any game)."""
        return dict(self.model_extra or {})

    def with_game(self, rules: RuleSet) -> dict[str, Any]:
        """Every option the table carries, with the rules' game's own where it chose none."""
        return {**self.model_dump(), **self.of_game(rules).model_dump()}

    def of_game(self, rules: RuleSet) -> MatchOptions:
        """The options of the rules' game as the table chose them (missing ones default)."""
        return game_of(rules).match_options.model_validate(self.chosen)


def parse_table_options(data: Mapping[str, Any] | None) -> TableOptions:
    """Validate table options; missing ones take their defaults, and a game's option must be
    one that some registered game declares, with a value it accepts.

    Raises RuleSetError naming the option that is wrong."""
    try:
        options = TableOptions.model_validate(dict(data or {}))
        for name, value in options.chosen.items():
            owner = option_owner(name)
            if owner is None:
                raise RuleSetError(
                    "Invalid table option '{where}': {detail}",
                    where=name,
                    detail="Extra inputs are not permitted",
                )
            owner.model_validate({name: value})
    except ValidationError as error:
        item = error.errors()[0]
        where = ".".join(str(loc) for loc in item["loc"]) or "table"
        raise RuleSetError(
            "Invalid table option '{where}': {detail}", where=where, detail=item["msg"]
        ) from None
    return options


def check_table(rules: RuleSet, options: TableOptions) -> None:
    """Raise RuleSetError if the rules can't be played with these table options: at a table
    of ``options.seats``, with what the game's options ask (Skat: Ramsch rounds after Bock).

    An option only other games have is accepted and never acts (a Bock switch of Skat at a
    Ramsch table), so a table can change its game without clearing its options first;
    unless the game that has it refuses it elsewhere (tournament scoring)."""
    check_seats(rules, options.seats)
    own = game_of(rules).match_options
    foreign = {k: v for k, v in options.chosen.items() if k not in own.model_fields}
    for model in match_option_models():
        if model is not own:
            model.refuse_elsewhere(foreign, rules)
    for other in options.of_game(rules).also_dealt(rules):
        check_seats(other, options.seats)


def check_seats(rules: RuleSet, seats: int) -> None:
    """Raise RuleSetError if ``rules`` can't be played at a table of ``seats``."""
    sizes = rules.table_sizes()
    if seats not in sizes:
        raise RuleSetError(
            "{game} is played by {count} players: choose {counts} seats",
            game=rules.title(),
            count=_count(sizes),
            counts=one_of(sizes),
        )


_WORDS = {3: Message("three"), 4: Message("four"), 5: Message("five")}


def _count(sizes: tuple[int, ...]) -> object:
    return one_of([_WORDS.get(size, size) for size in sizes])


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
    compulsory_ramsch: bool = False
    """Whether the deal was one of a round of compulsory Ramsch (after a Bock round)."""


@dataclass(frozen=True)
class SkatListRow:
    """One line of the Skat list: a finished deal and the running totals after it, every
    seat column a table seat (FS-13..15). Pure data for the terminal and the bot."""

    number: int
    dealer: int
    game: str
    """The game played: ``clubs`` .. ``null``, ``ramsch``, ``passed``."""
    declarer: int | None
    """The declarer's table seat; None when nobody declared."""
    won: bool | None
    """Whether the declarer won; None when nobody declared."""
    scores: tuple[Fraction, ...]
    totals: tuple[Fraction, ...]
    bock: bool
    compulsory_ramsch: bool


def skat_list(entries: Iterable[SheetEntry], seats: int) -> list[SkatListRow]:
    """The Skat list of finished deals: per deal the game, the declarer, the table scores and
    the running totals in fixed table-seat columns."""
    totals = [Fraction(0)] * seats
    rows = []
    for entry in entries:
        totals = [total + score for total, score in zip(totals, entry.table_scores, strict=True)]
        details = entry.result.details or {}
        declarer = details.get("declarer")
        rows.append(
            SkatListRow(
                number=entry.number,
                dealer=entry.dealer,
                game=str(details.get("game", entry.result.contract)),
                declarer=None if declarer is None else entry.seats[declarer],
                won=details.get("won"),
                scores=entry.table_scores,
                totals=tuple(totals),
                bock=entry.bock,
                compulsory_ramsch=entry.compulsory_ramsch,
            )
        )
    return rows


class Match:
    """Deals one after another at a table, keeping the score sheet.

    ``rounds`` rounds of one deal per seat (FS-15); a deal whose result carries the event
    ``match_over`` ends the match at once, and a game that plays to a winner (Ramsen,
    ``RuleSet.plays_to_a_winner``) only then. What the game carries from deal to deal (Ramsen:
    the bars owed) is ``carry``, in table seats. Bock rounds and rounds of compulsory Ramsch are
    played within those deals: what is still queued when the last deal ends lapses."""

    def __init__(self, rules: RuleSet, options: TableOptions, seed: int) -> None:
        """Raises RuleSetError if the rules can't be played with these table options."""
        check_table(rules, options)
        self.rules = rules
        self.options = options
        self.seed = seed
        self.seats = options.seats
        self.total_deals = options.rounds * options.seats
        self.totals = [Fraction(0)] * self.seats
        self.finished_deals: list[SheetEntry] = []
        chosen = options.of_game(rules)
        self.bock_rounds = chosen.bock_rounds(self.seats)
        self.scoring = chosen.scoring()
        self.over = False
        self.number = 0
        self.carry: Any = rules.initial_carry(self.seats)
        """What the game carries from deal to deal, in table seats (Ramsen: the bars each seat
        owes; ``RuleSet.carry_over``), or None."""
        self.deal = self._start_deal()

    @property
    def finished(self) -> bool:
        return self.over

    @property
    def tournament(self) -> bool:
        """Whether the table scores tournament points (FS-14)."""
        return isinstance(self.scoring, TournamentPoints)

    @property
    def rotation(self) -> Rotation:
        return rotation(self.seats, self.deal_rules.players, self.number)

    @property
    def deal_rules(self) -> RuleSet:
        """The rules the current deal is dealt with: the match's, or in a deal of compulsory
        Ramsch the Ramsch rules of the game (FS-13)."""
        compulsory = self.rules.compulsory_ramsch() if self.bock_rounds.compulsory_ramsch else None
        return self.rules if compulsory is None else compulsory

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
        """Bock deals still to come, the current one included if it is one. With Ramsch
        after Bock a deal of compulsory Ramsch may come first: ``bock`` tells the current."""
        return self.bock_rounds.pending

    @property
    def compulsory_ramsch(self) -> bool:
        """Whether the current deal is one of a round of compulsory Ramsch (FS-13)."""
        return self.bock_rounds.compulsory_ramsch and self.rules.compulsory_ramsch() is not None

    def _start_deal(self) -> Deal:
        """The next deal as the game builds it from its seed, with what the match carries (in
        a deal of compulsory Ramsch, which is another game's, nothing)."""
        rules = self.deal_rules
        seed = deal_seed(self.seed, self.number)
        if rules is not self.rules or self.carry is None:
            return rules.deal_from_seed(seed)
        return rules.deal_from_seed(seed, rules.carry_for_deal(self.carry, self.active_seats))

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
        """Score the deal at the table: tournament points if chosen, then Bock doubles every
        score of the deal (a tournament game's bonuses too, FS-13/14)."""
        factor = self.bock_rounds.factor()
        scores = self.scoring.table_scores(result, self.active_seats, self.seats)
        table_scores = tuple(score * factor for score in scores)
        if not self.compulsory_ramsch:  # a Stock pot (Schafkopf): never doubled
            extra, self.carry = self.rules.session_payments(
                self.carry, result, self.active_seats, self.seats
            )
            if extra is not None:
                table_scores = tuple(a + b for a, b in zip(table_scores, extra, strict=True))
        for seat, score in enumerate(table_scores):
            self.totals[seat] += score
        entry = SheetEntry(
            self.number, self.dealer, self.active_seats, factor > 1, result, table_scores,
            self.compulsory_ramsch,
        )  # fmt: skip
        self.finished_deals.append(entry)
        if not entry.compulsory_ramsch:
            self.carry = self.rules.carry_over(self.carry, entry)
        self.bock_rounds.after(result)
        self.number += 1
        self.over = "match_over" in result.events or (
            self.number >= self.total_deals and not self.rules.plays_to_a_winner()
        )
        if not self.over:
            self.deal = self._start_deal()

    def skat_list(self) -> list[SkatListRow]:
        """The Skat list of the deals finished so far (see ``skat_list``)."""
        return skat_list(self.finished_deals, self.seats)

    def standings(self) -> list[tuple[int, Fraction]]:
        """Table seats with their totals, best first (AR-7: the lowest penalty wins)."""
        return sorted(enumerate(self.totals), key=lambda item: (-item[1], item[0]))

"""What the service hands the adapter: seats, a table with its session, and each change."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.i18n import N_, _
from bot.storage import ActionSource, FinishedDeal, TableStatus
from ramsch_core import Event, Match, PublicView, RuleSet, SeatView, SheetEntry, TableOptions
from ramsch_core.errors import Message

AI_NAME = N_("AI {number}")
"""The name the bot gives an AI seat (``AI 1``), shown in the reader's language."""
_AI_NAME = re.compile(r"AI (\d{1,2})")


def ai_number(name: str) -> int | None:
    """The number of an AI seat's name as the bot gave it (``AI 2``: 2), else None."""
    found = _AI_NAME.fullmatch(name)
    return int(found[1]) if found else None


UpdateKind = Literal[
    "opened",
    "joined",
    "left",
    "ai_added",
    "ai_removed",
    "rules",
    "invited",
    "started",
    "action",
    "deal_finished",
    "match_finished",
    "cancelled",
    "reminder",
    "marked",
    "away",
    "back",
    "closed",
    "held",
]


@dataclass
class Seat:
    user_id: int | None
    """None for an AI seat."""
    name: str
    ai: str | None = None
    """The AI kind of an AI seat ("heuristic" for the normal level, "easy", "random"); None
    for a human."""
    away: bool = False
    """The turn timer took this seat over: the AI plays it until the player is back."""

    @property
    def human(self) -> bool:
        return self.user_id is not None

    @property
    def shown_name(self) -> str | Message:
        """The name for a message: an AI's as a message to translate (``KI 1`` in German)."""
        number = ai_number(self.name) if self.ai is not None else None
        return self.name if number is None else Message(AI_NAME, number=number)


@dataclass
class Table:
    """A lobby or a running table; changed only by the TableService under the table's lock."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: TableStatus
    rules: RuleSet
    options: TableOptions
    seats: list[Seat]
    match: Match | None = None
    version: int = 0
    message_id: int | None = None
    message_deal: int | None = None
    """The deal (0-based) the channel message shows; None for the lobby (or not known)."""
    created_at: float = 0.0
    updated_at: float = 0.0
    seed: int | None = None
    turn_timeout: float | None = None
    reminder: float | None = None
    """Seconds into a turn when its player is pinged (None: at half the turn timer)."""
    """Seconds a human has for a turn; None: no timer."""
    private: bool = False
    """Only the host and the invited players may sit down (anyone may watch)."""
    invited: frozenset[int] = frozenset()
    """The players invited to the table, by user id."""
    public: bool = False
    """Any player of a server that takes part in public games may join (bot/tables/public.py);
    its messages go to its players' DMs, a channel shows it only as a server's mirror."""
    turn_started_at: float = 0.0
    reminded: bool = False
    """Whether the half-time reminder of the current turn was sent."""
    strikes: dict[int, int] = field(default_factory=dict)
    """Turn timer expiries in a row, per table seat."""
    last_human_at: float = 0.0
    """When a human last acted (or the table started): 24 hours later it closes."""
    log_length: int = 0
    """Actions in the table's log: the ``seq`` of the next one."""
    out_of_step: bool = False
    """The log may hold actions this table has not applied (an append whose answer was lost,
    or another process appended): it is read up (``ActionLog.catch_up``) before the next
    action. Not durable: a table rebuilt from the log is in step."""
    unstored: list[FinishedDeal] = field(default_factory=list)
    """Finished deals whose results are not stored yet (written with the next change)."""
    held: bool = False
    """A paused tournament holds the table: nobody acts, no timer runs, no AI moves. Not
    durable: the tournament holds its tables again when they are rebuilt."""
    marks: dict[int, tuple[int, tuple[str, ...]]] = field(default_factory=dict)
    """What a seat marked on its hand before acting (cards to lay away, an announcement), by
    table seat, with the log length it was marked at: the next action clears it. Only what the
    hand shows; never logged (a restart forgets it, the buttons still work)."""

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    def may_join(self, user_id: int) -> bool:
        """Whether the user may sit down: anyone at an open table; at a private one the host
        and the players he invited."""
        return not self.private or user_id == self.host_id or user_id in self.invited

    def can_start(self) -> bool:
        return self.status == "lobby" and len(self.seats) == self.options.seats

    @property
    def humans(self) -> int:
        return sum(seat.human for seat in self.seats)

    @property
    def deal_number(self) -> int:
        """Index of the current deal in the session (0-based); 0 before the start."""
        return self.match.number if self.match is not None else 0

    @property
    def last_finished(self) -> SheetEntry | None:
        if self.match is None or not self.match.finished_deals:
            return None
        return self.match.finished_deals[-1]

    @property
    def to_act(self) -> int | None:
        """The table seat to act, or None (lobby, session over)."""
        if self.status != "playing" or self.match is None:
            return None
        return self.match.to_act

    def marks_of(self, seat: int) -> tuple[str, ...]:
        """What ``seat`` has marked since the last action."""
        return self.marked(seat) or ()

    def marked(self, seat: int) -> tuple[str, ...] | None:
        """What ``seat`` has marked since the last action; None if it marked nothing since
        (or since this process started)."""
        at, marks = self.marks.get(seat, (-1, ()))
        return marks if at == self.log_length else None

    def view_for(self, user_id: int, public: PublicView | None = None) -> SeatView | None:
        """The current deal as that user's seat sees it; None if not seated or sitting out.
        ``public``: the current deal's public view, if already at hand."""
        seat = self.seat_of(user_id)
        if seat is None or self.match is None:
            return None
        deal_seat = self.match.deal_seat(seat)
        return None if deal_seat is None else self.match.deal.view(deal_seat, public)

    def snapshot(self) -> dict[str, Any]:
        """The durable state as plain data: what a restart must restore exactly."""
        match = self.match
        return {
            "id": self.id,
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "host_id": self.host_id,
            "status": self.status,
            "rules": self.rules.model_dump(),
            "options": self.options.model_dump(),
            "seats": [vars(seat).copy() for seat in self.seats],
            "message_id": self.message_id,
            "message_deal": self.message_deal,
            "seed": self.seed,
            "turn_timeout": self.turn_timeout,
            "reminder": self.reminder,
            "private": self.private,
            "invited": sorted(self.invited),
            "public": self.public,
            "log_length": self.log_length,
            "strikes": {seat: n for seat, n in self.strikes.items() if n},
            "match": None
            if match is None
            else {
                "number": match.number,
                "totals": [str(total) for total in match.totals],
                "history": list(match.deal.history),
                "finished": [str(entry.table_scores) for entry in match.finished_deals],
            },
        }


@dataclass
class Update:
    """One change of a table, handed to every listener and returned to the caller."""

    table: Table
    kind: UpdateKind
    events: list[Event] = field(default_factory=list)
    finished: list[SheetEntry] = field(default_factory=list)
    """Deals finished by this change (table seats)."""
    actor: int | None = None
    """User id who caused it; None for the AI, the turn timer or an expiry."""
    seat: int | None = None
    """The table seat concerned: who acted, who is reminded, who went away or came back."""
    source: ActionSource | None = None
    """For actions: who took it (the human, an AI seat, the timer, the AI for an away seat)."""
    note: str = ""
    """A sentence for the channel when the change was not a player's own click: an English
    template, its ``{placeholders}`` in ``note_params`` (written in the channel's language)."""
    note_params: dict[str, object] = field(default_factory=dict)

    def note_text(self) -> str:
        """The note in the current language."""
        return _(self.note, **self.note_params) if self.note else ""

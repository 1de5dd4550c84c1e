"""Plain values the store reads and writes: stored tables and actions, results, leaderboards."""

from __future__ import annotations

import calendar
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Any, Literal

from ramsch_core import Action, DealResult

TableStatus = Literal["lobby", "playing", "finished", "cancelled"]
ActionSource = Literal["human", "ai", "timeout", "away"]
"""Who took a logged action: the seated human, an AI seat, the turn timer, or the AI for an
away player."""
Period = Literal["all", "month", "week"]


@dataclass(frozen=True)
class StoredSeat:
    seat: int
    user_id: int | None
    name: str
    ai: str | None
    away: bool


@dataclass(frozen=True)
class StoredAction:
    seq: int
    seat: int
    user_id: int | None
    source: ActionSource
    action: Action
    at: float


@dataclass(frozen=True)
class StoredTable:
    """One lobby or table as stored, with its match seed and action log when started."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: TableStatus
    rules: dict[str, Any]
    options: dict[str, Any]
    turn_timeout: float | None
    message_id: int | None
    message_deal: int | None
    """The deal (0-based) the channel message shows, if known."""
    created_at: float
    updated_at: float
    seats: list[StoredSeat]
    seed: int | None
    started_at: float | None
    actions: list[StoredAction]
    stored_deals: int
    """How many of the match's finished deals have their results stored."""
    reminder: float | None = None
    """Seconds into a turn when its player is pinged (None: at half the turn timer)."""
    private: bool = False
    """Only the host and the invited players may join."""
    invited: tuple[int, ...] = ()
    """The players invited to the table, by user id."""


@dataclass(frozen=True)
class ShownHand:
    """A player's hand DM as the adapter last rendered it."""

    user_id: int
    channel_id: int
    message_id: int
    deal: int
    log_position: int
    """Actions in the table's log when the DM was rendered."""
    shown: str | None
    """``Rendered.key()`` of what the DM shows."""


@dataclass(frozen=True)
class ShownTable:
    """What a table's channel message and its players' hand DMs showed at the adapter's last
    successful render."""

    table_id: int
    message_id: int
    log_position: int
    """Actions in the table's log at that render (``Table.log_length``)."""
    deal: int
    """The deal (0-based) the table message shows."""
    results: int
    """Finished deals whose result was posted in the channel."""
    away: str
    """The seats' away flags, ``"010"``: they change what the message shows, not the log."""
    shown: str | None
    """``Rendered.key()`` of what the table message shows."""
    hands: tuple[ShownHand, ...] = ()


@dataclass(frozen=True)
class FinishedDeal:
    """A finished deal to store: its result (deal seats; deal seat ``i`` is table seat
    ``seats[i]``), its scores in table seats and its replayable game record. The store keeps
    ``result.tags`` per table seat."""

    number: int
    dealer: int
    seats: tuple[int, ...]
    bock: bool
    result: DealResult
    table_scores: tuple[Fraction, ...]
    user_ids: tuple[int | None, ...]
    record: dict[str, Any]
    finished_at: float
    """When the deal's last card was logged."""


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    user_id: int
    name: str
    sessions: int
    deals: int
    total: float
    average: float


@dataclass(frozen=True)
class LeaderboardPage:
    rows: list[LeaderboardRow]
    total_players: int
    offset: int
    limit: int


@dataclass(frozen=True)
class UserStats:
    """A player's record from the finished deals he played with another human.

    ``tags`` counts every tag the player's deals got (``DealResult.tags``: ``loser``,
    ``jungfrau``, ``durchmarsch``, ...); ``losses``, ``jungfrau`` and ``durchmarsch`` are
    three of them."""

    user_id: int
    sessions: int
    deals: int
    total: float
    average: float
    losses: int
    jungfrau: int
    durchmarsch: int
    best_session: int | None
    """Table id of the session with the player's best total."""
    best_session_total: float | None
    tags: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class MatchPlayer:
    seat: int
    user_id: int | None
    name: str
    total: float


@dataclass(frozen=True)
class MatchSummary:
    """A started table (a match) in a player's history."""

    table_id: int
    guild_id: int
    game: str
    variant: str
    """``RuleSet.variant_id`` (the game's id for a game without variants)."""
    status: TableStatus
    started_at: float
    finished_at: float | None
    deals: int
    players: list[MatchPlayer]


def period_start(period: Period, now: float | None = None) -> float:
    """The first instant counted by a leaderboard period: calendar month or ISO week (UTC)."""
    if period == "all":
        return float("-inf")
    moment = datetime.fromtimestamp(time.time() if now is None else now, UTC)
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "month":
        return calendar.timegm(day.replace(day=1).timetuple())
    if period == "week":
        return calendar.timegm((day - timedelta(days=day.weekday())).timetuple())
    raise ValueError(f"Unknown period {period!r}: choose all, month or week")


@dataclass(frozen=True)
class UserPreferenceRow:
    """A user's language (seen on his last interaction) and his own choice of cards."""

    user_id: int
    language: str | None = None
    pack: Literal["french", "german"] | None = None
    four_colour: bool = False
    pictures: bool = True


# -- privacy: forget-me ------------------------------------------------------------------------

FORGOTTEN = 0
"""The user id a forgotten player's seats (``seats.user_id``), hosted tables
(``tables.host_id``) and deal results (``deal_results.user_ids``) hold instead of his: no
Discord id is 0. His ``deal_scores.user_id`` becomes NULL (the boards count no one there)."""
FORMER_PLAYER = "former player"
"""The name a forgotten player's seats hold instead of his (``bot.ui`` shows it translated)."""


@dataclass(frozen=True)
class Forgotten:
    """What ``store.privacy.forget_user`` did: nothing if ``live_tables`` names the lobbies
    and tables the user still sits at (or hosts); else the rows changed or deleted, by table."""

    live_tables: tuple[int, ...] = ()
    changed: dict[str, int] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        return not self.live_tables

"""Durable state in SQLite (or PostgreSQL, bot/storage/backend.py): tables, seats, the
append-only action log, results, settings."""

from bot.storage.migrations import MigrationError, bundled_migrations, migrate
from bot.storage.rows import (
    FORGOTTEN,
    FORMER_PLAYER,
    ActionSource,
    FinishedDeal,
    Forgotten,
    LeaderboardPage,
    LeaderboardRow,
    MatchPlayer,
    MatchSummary,
    Period,
    ShownHand,
    ShownTable,
    StoredAction,
    StoredSeat,
    StoredTable,
    TableStatus,
    UserPreferenceRow,
    UserStats,
    period_start,
)
from bot.storage.store import Store
from bot.storage.tables import SeatRow

__all__ = [
    "FORGOTTEN",
    "FORMER_PLAYER",
    "ActionSource",
    "FinishedDeal",
    "Forgotten",
    "LeaderboardPage",
    "LeaderboardRow",
    "MatchPlayer",
    "MatchSummary",
    "MigrationError",
    "Period",
    "SeatRow",
    "ShownHand",
    "ShownTable",
    "Store",
    "StoredAction",
    "StoredSeat",
    "StoredTable",
    "TableStatus",
    "UserPreferenceRow",
    "UserStats",
    "bundled_migrations",
    "migrate",
    "period_start",
]

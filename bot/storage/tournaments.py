"""Tournaments in the database: settings and status, players, each series' tables, the seats
an AI took over and every finished game (issue 33)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from bot.storage.backend import PgConnection
from bot.storage.repository import Repository

TournamentStatus = Literal["registration", "running", "paused", "finished", "cancelled"]
PlayerStatus = Literal["registered", "left", "disqualified"]
OPEN_STATUSES: tuple[TournamentStatus, ...] = ("registration", "running", "paused")


@dataclass
class StoredTournament:
    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    config: dict[str, Any]
    seed: int
    status: TournamentStatus
    series: int
    """Series begun so far (0 before the first)."""
    message_id: int | None
    start_at: float | None
    created_at: float
    updated_at: float


@dataclass
class StoredEntrant:
    user_id: int
    name: str
    number: int
    """Order of registration (0, 1, …)."""
    status: PlayerStatus
    joined_at: float


@dataclass
class StoredTournamentTable:
    series: int
    number: int
    seats: list[int | None]
    table_id: int | None
    ended: bool = False
    """The table was closed before its last game (aborted, its channel deleted, idle)."""


@dataclass
class StoredTournamentGame:
    series: int
    number: int
    game: int
    record: dict[str, Any]


_COLUMNS = (
    "id, guild_id, channel_id, organiser_id, config, seed, status, series, message_id,"
    " start_at, created_at, updated_at"
)


def _tournament(row: Any) -> StoredTournament:
    values = list(row)
    values[4] = json.loads(values[4])
    return StoredTournament(*values)


class TournamentRepository(Repository):
    """Tournaments (``store.tournaments``); each write is one transaction."""

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        config: dict[str, Any],
        seed: int,
        start_at: float | None,
        at: float,
    ) -> int:
        """A tournament open for registration; its id (never reused)."""
        async with self._transaction() as db:
            sql = (
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, config, seed,"
                " status, series, start_at, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, 'registration', 0, ?, ?, ?)"
            )
            params = (guild_id, channel_id, organiser_id, json.dumps(config), seed, start_at,
                      at, at)  # fmt: skip
            if isinstance(db, PgConnection):
                return int(await db.fetchval(sql + " RETURNING id", params))
            cursor = await db.execute(sql, params)
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    async def get(self, tournament_id: int) -> StoredTournament | None:
        rows = await self._fetch(
            f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return _tournament(rows[0]) if rows else None

    async def open_ones(self) -> list[StoredTournament]:
        """Tournaments not finished nor cancelled, oldest first."""
        rows = await self._fetch(
            f"SELECT {_COLUMNS} FROM tournaments"
            " WHERE status IN ('registration', 'running', 'paused') ORDER BY id"
        )
        return [_tournament(row) for row in rows]

    async def of_guild(self, guild_id: int) -> list[StoredTournament]:
        """A server's tournaments, newest first."""
        rows = await self._fetch(
            f"SELECT {_COLUMNS} FROM tournaments WHERE guild_id = ? ORDER BY id DESC",
            (guild_id,),
        )
        return [_tournament(row) for row in rows]

    async def update(self, tournament_id: int, at: float, **fields: Any) -> None:
        """Set ``status``, ``series``, ``message_id`` or ``start_at``."""
        allowed = {"status", "series", "message_id", "start_at"}
        assert fields and set(fields) <= allowed
        names = sorted(fields)
        assignments = ", ".join(f"{name} = ?" for name in names)
        async with self._transaction() as db:
            await db.execute(
                f"UPDATE tournaments SET {assignments}, updated_at = ? WHERE id = ?",
                (*[fields[name] for name in names], at, tournament_id),
            )

    async def register(self, tournament_id: int, user_id: int, name: str, at: float) -> bool:
        """Register a player (again, if he had left); False if he is registered already."""
        async with self._transaction() as db:
            rows = await db.execute_fetchall(
                "SELECT status FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            )
            found = list(rows)
            if found:
                if found[0][0] != "left":
                    return False
                await db.execute(
                    "UPDATE tournament_players SET status = 'registered', name = ?"
                    " WHERE tournament_id = ? AND user_id = ?",
                    (name, tournament_id, user_id),
                )
                return True
            numbers = await db.execute_fetchall(
                "SELECT COALESCE(MAX(number) + 1, 0) FROM tournament_players"
                " WHERE tournament_id = ?",
                (tournament_id,),
            )
            await db.execute(
                "INSERT INTO tournament_players (tournament_id, user_id, name, number, status,"
                " joined_at) VALUES (?, ?, ?, ?, 'registered', ?)",
                (tournament_id, user_id, name, int(next(iter(numbers))[0]), at),
            )
            return True

    async def set_player(self, tournament_id: int, user_id: int, status: PlayerStatus) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tournament_players SET status = ? WHERE tournament_id = ? AND user_id = ?",
                (status, tournament_id, user_id),
            )

    async def unregister(self, tournament_id: int, user_id: int) -> None:
        """A player leaves before the first series: his registration is gone."""
        async with self._transaction() as db:
            await db.execute(
                "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            )

    async def players(self, tournament_id: int) -> list[StoredEntrant]:
        """Every player ever registered, in order of registration."""
        rows = await self._fetch(
            "SELECT user_id, name, number, status, joined_at FROM tournament_players"
            " WHERE tournament_id = ? ORDER BY number",
            (tournament_id,),
        )
        return [StoredEntrant(*row) for row in rows]

    async def begin_series(
        self, tournament_id: int, series: int, tables: list[list[int | None]], at: float
    ) -> None:
        """The draw of ``series`` (0-based): its tables, not yet opened, and the series begun."""
        async with self._transaction() as db:
            for number, seats in enumerate(tables):
                await db.execute(
                    "INSERT INTO tournament_tables (tournament_id, series, number, seats)"
                    " VALUES (?, ?, ?, ?)",
                    (tournament_id, series, number, json.dumps(seats)),
                )
            await db.execute(
                "UPDATE tournaments SET series = ?, status = 'running', updated_at = ?"
                " WHERE id = ?",
                (series + 1, at, tournament_id),
            )

    async def set_table(self, tournament_id: int, series: int, number: int, table_id: int) -> None:
        """The table a drawn table of the series plays at."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tournament_tables SET table_id = ?"
                " WHERE tournament_id = ? AND series = ? AND number = ?",
                (table_id, tournament_id, series, number),
            )

    async def tables(self, tournament_id: int) -> list[StoredTournamentTable]:
        rows = await self._fetch(
            "SELECT series, number, seats, table_id, ended FROM tournament_tables"
            " WHERE tournament_id = ? ORDER BY series, number",
            (tournament_id,),
        )
        return [
            StoredTournamentTable(series, number, json.loads(seats), table_id, bool(ended))
            for series, number, seats, table_id, ended in rows
        ]

    async def end_table(self, tournament_id: int, series: int, number: int) -> bool:
        """A table closed before its last game; False if it was marked so already."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE tournament_tables SET ended = 1"
                " WHERE tournament_id = ? AND series = ? AND number = ? AND ended = 0",
                (tournament_id, series, number),
            )
            return bool(cursor.rowcount)

    async def tournament_of_table(self, table_id: int) -> tuple[int, int, int] | None:
        """The tournament, series and table number a table plays for, if any."""
        rows = await self._fetch(
            "SELECT tournament_id, series, number FROM tournament_tables WHERE table_id = ?",
            (table_id,),
        )
        return (int(rows[0][0]), int(rows[0][1]), int(rows[0][2])) if rows else None

    async def replace(
        self, tournament_id: int, series: int, number: int, seat: int, from_game: int
    ) -> None:
        """An AI plays ``seat`` from game ``from_game`` on (kept if it already does)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO tournament_replacements (tournament_id, series, number, seat,"
                " from_game) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (tournament_id, series, number, seat) DO NOTHING",
                (tournament_id, series, number, seat, from_game),
            )

    async def replacements(self, tournament_id: int) -> dict[tuple[int, int], dict[int, int]]:
        """(series, table number) -> seat -> the first game an AI played it."""
        rows = await self._fetch(
            "SELECT series, number, seat, from_game FROM tournament_replacements"
            " WHERE tournament_id = ?",
            (tournament_id,),
        )
        found: dict[tuple[int, int], dict[int, int]] = {}
        for series, number, seat, from_game in rows:
            found.setdefault((int(series), int(number)), {})[int(seat)] = int(from_game)
        return found

    async def add_game(
        self, tournament_id: int, series: int, number: int, game: int, record: dict[str, Any]
    ) -> bool:
        """Store a finished game; False if it was stored already (nothing changes)."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "INSERT INTO tournament_games (tournament_id, series, number, game, record)"
                " VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (tournament_id, series, number, game) DO NOTHING",
                (tournament_id, series, number, game, json.dumps(record)),
            )
            return bool(cursor.rowcount)

    async def games(self, tournament_id: int) -> list[StoredTournamentGame]:
        rows = await self._fetch(
            "SELECT series, number, game, record FROM tournament_games"
            " WHERE tournament_id = ? ORDER BY series, number, game",
            (tournament_id,),
        )
        return [
            StoredTournamentGame(series, number, game, json.loads(record))
            for series, number, game, record in rows
        ]

    async def seat_ai(self, table_id: int, seat: int, name: str, ai: str) -> None:
        """An AI takes over a seat of a tournament table (its player left the tournament)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seats SET user_id = NULL, name = ?, ai = ?, away = 0"
                " WHERE table_id = ? AND seat = ?",
                (name, ai, table_id, seat),
            )

    async def match_of(self, table_id: int) -> tuple[dict[str, Any], dict[str, Any], int] | None:
        """A started table's rules, options and match seed (to replay its log), or None."""
        rows = await self._fetch(
            "SELECT t.rules, t.options, s.seed FROM tables t JOIN matches s"
            " ON s.table_id = t.id WHERE t.id = ?",
            (table_id,),
        )
        if not rows:
            return None
        rules, options, seed = rows[0]
        return json.loads(rules), json.loads(options), int(seed)

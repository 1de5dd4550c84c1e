"""The store: one database (a SQLite file in WAL mode, or PostgreSQL), its migrations, and
every write the tables make."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

import aiosqlite

from bot.ratings import MIN_DEALS, BoardRating, Rank, RankedPage
from bot.storage import queries, replays
from bot.storage.backend import Connection, PgConnection, connect_postgres, is_postgres
from bot.storage.lease import LeaseHolder
from bot.storage.migrations import migrate
from bot.storage.opening import StoreUnusable, check_path, is_open_error, unusable
from bot.storage.rows import (
    FORGOTTEN,
    FORMER_PLAYER,
    ActionSource,
    FinishedDeal,
    Forgotten,
    LeaderboardPage,
    MatchSummary,
    ShownHand,
    ShownTable,
    StoredAction,
    StoredSeat,
    StoredTable,
    TableStatus,
    UserPreferenceRow,
    UserStats,
)
from ramsch_core import ACTIONS, Action, RuleSet, action_from_json, parse_rules, score_json

SeatRow = tuple[int | None, str, str | None, bool]
"""user id (None for AI), name, AI kind, away"""
logger = logging.getLogger(__name__)
ActionRow = tuple[int, int, int, int | None, str, str, str, float]
"""table id, seq, seat, user id (the person, once written), source, kind, payload (JSON), at"""
APPEND_BATCH = 200
"""Actions committed by one statement at most (8 parameters each)."""
LOAD_BATCH = 500
"""Tables whose seats and action logs one statement of ``load_open_tables`` reads at most
(their ids are its parameters)."""
UNSHOWN = (
    "(t.status IN ('lobby', 'playing') OR (t.status = 'finished'"
    " AND EXISTS (SELECT 1 FROM shown_tables v WHERE v.table_id = t.id)))"
)
"""Tables to recover at start-up: lobbies, playing tables, and finished tables whose messages
do not show the end yet (the publisher forgets a table's shown record once they do)."""
LIVE_TABLES_OF = (
    "SELECT t.id FROM tables t WHERE t.status IN ('lobby', 'playing') AND (t.host_id = :user"
    " OR EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = :user))"
    " ORDER BY t.id"
)
"""The lobbies and playing tables a user (``:user``) sits at or hosts: forget-me waits for
them. A finished table counts as over at once, even while its end is being shown."""
LEASE_LOCK = 0x52414D5343480002
RATING_LOCK = 0x52414D5343480003
FORGET_LOCK = 0x52414D5343480004
"""PostgreSQL advisory lock keys (``Store._transaction(serial=…)``): taking a lease, rating the
next match, forgetting a user — each reads what it then writes, as one at a time in SQLite."""


class Store:
    """All durable state. Every write method commits before it returns.

    One connection serves the whole bot; an asyncio lock keeps one coroutine's transaction from
    interleaving with another's statements.

    ``path``: a SQLite file (or ``:memory:``), or a ``postgresql://`` URL (bot/storage/backend.py:
    the same SQL on both; ``postgres`` tells which where they differ).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = path
        self.postgres = is_postgres(path)
        """Whether the database is PostgreSQL (else SQLite)."""
        self._db: Connection | None = None
        self._lock = asyncio.Lock()
        self._appends: list[tuple[ActionRow, asyncio.Future[None]]] = []
        """Actions waiting for the next group commit (see ``append_action``)."""
        self._flusher: asyncio.Task[None] | None = None
        self._people: dict[int, int] = {}
        """Person numbers of users (``people``), as the group commit looked them up."""

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        store = cls(path)
        await store.connect()
        return store

    async def connect(self) -> None:
        """Open the database in WAL mode and apply pending migrations.

        StoreUnusable, one line saying what to check, if it can't be used: a missing or
        read-only directory, not a SQLite file, a newer schema, locked by another program (on
        PostgreSQL: the server can't be reached, refuses the login, the database is missing)."""
        if self.postgres:
            await self._connect_postgres()
            return
        check_path(self.path)
        try:
            db = await aiosqlite.connect(self.path, isolation_level=None)
        except Exception as error:
            if is_open_error(error):
                raise unusable(self.path, error) from None
            raise
        try:
            mode = await db.execute_fetchall("PRAGMA journal_mode=WAL")
            if str(self.path) != ":memory:" and next(iter(mode))[0] != "wal":
                raise StoreUnusable(
                    f"SQLite refused WAL mode for the database {self.path}: put it on a local"
                    " disk (not a network file system)"
                )
            # FULL: a commit in WAL mode is on disk before it returns, not just in the OS cache.
            await db.execute("PRAGMA synchronous=FULL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            await migrate(db)
            # Per connection, not in the schema: lets one INSERT statement append a whole
            # group of actions and touch their tables (see append_action).
            await db.execute(
                "CREATE TEMP TRIGGER actions_touch_table AFTER INSERT ON main.actions"
                " BEGIN UPDATE tables SET updated_at = NEW.at WHERE id = NEW.table_id; END"
            )
        except BaseException as error:
            await db.close()
            if is_open_error(error):
                raise unusable(self.path, error) from None
            raise
        self._db = db

    async def _connect_postgres(self) -> None:
        """``connect`` for a ``postgresql://`` URL: one asyncpg connection, the PostgreSQL
        dialect of the migrations applied."""
        try:
            db = await connect_postgres(str(self.path))
        except Exception as error:
            if is_open_error(error):
                raise unusable(self.path, error) from None
            raise
        try:
            await migrate(db)
        except BaseException as error:
            await db.close()
            if is_open_error(error):
                raise unusable(self.path, error) from None
            raise
        self._db = db

    async def close(self) -> None:
        if self._db is not None:
            db, self._db = self._db, None
            async with self._lock:
                await db.close()

    async def __aenter__(self) -> Store:
        if self._db is None:
            await self.connect()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    @property
    def db(self) -> Connection:
        if self._db is None:
            raise RuntimeError("The store is closed")
        return self._db

    @asynccontextmanager
    async def _transaction(self, serial: int | None = None) -> AsyncIterator[Connection]:
        """A write transaction (the lock held). SQLite's BEGIN IMMEDIATE makes every write
        transaction wait for the one before; on PostgreSQL, transactions of other processes
        run beside it, and ``serial`` (an advisory lock key: ``LEASE_LOCK``, ``RATING_LOCK``,
        ``FORGET_LOCK``) makes those of one kind wait for each other, where a transaction reads
        what it then writes."""
        async with self._lock, self._locked_transaction(serial) as db:
            yield db

    @asynccontextmanager
    async def _locked_transaction(self, serial: int | None = None) -> AsyncIterator[Connection]:
        """A transaction for a caller that holds the lock already."""
        db = self.db
        await db.execute("BEGIN" if self.postgres else "BEGIN IMMEDIATE")
        try:
            if self.postgres and serial is not None:
                await db.execute("SELECT pg_advisory_xact_lock(?::bigint)", (serial,))
            yield db
        except BaseException:
            await db.execute("ROLLBACK")
            raise
        await db.execute("COMMIT")

    async def _fetch(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> list[Any]:
        async with self._lock:
            return list(await self.db.execute_fetchall(sql, params))

    # -- tables and seats ----------------------------------------------------------------------

    async def create_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        rules: dict[str, Any],
        options: dict[str, Any],
        turn_timeout: float | None,
        seats: Sequence[SeatRow],
        at: float,
        reminder: float | None = None,
    ) -> int:
        """Insert a lobby with its first seats; return its id (never reused)."""
        async with self._transaction() as db:
            sql = (
                "INSERT INTO tables (guild_id, channel_id, host_id, status, rules, options,"
                " turn_timeout, created_at, updated_at, reminder)"
                " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?)"
            )
            params = (guild_id, channel_id, host_id, json.dumps(rules), json.dumps(options),
                      turn_timeout, at, at, reminder)  # fmt: skip
            if isinstance(db, PgConnection):
                table_id = int(await db.fetchval(sql + " RETURNING id", params))
            else:
                cursor = await db.execute(sql, params)
                assert cursor.lastrowid is not None
                table_id = cursor.lastrowid
            await _write_seats(db, table_id, seats)
        return table_id

    async def save_lobby(
        self,
        table_id: int,
        *,
        rules: dict[str, Any],
        options: dict[str, Any],
        seats: Sequence[SeatRow],
        at: float,
    ) -> None:
        """Replace a lobby's rules, options and seats."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tables SET rules = ?, options = ?, updated_at = ? WHERE id = ?",
                (json.dumps(rules), json.dumps(options), at, table_id),
            )
            await db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
            await _write_seats(db, table_id, seats)

    async def set_status(self, table_id: int, status: TableStatus, at: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tables SET status = ?, updated_at = ? WHERE id = ?",
                (status, at, table_id),
            )

    async def set_message(
        self, table_id: int, message_id: int | None, deal: int | None = None
    ) -> None:
        """Remember the channel message showing the table and the deal (0-based) it shows
        (None: not known)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tables SET message_id = ?, message_deal = ? WHERE id = ?",
                (message_id, deal, table_id),
            )

    async def set_away(self, table_id: int, seat: int, away: bool) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seats SET away = ? WHERE table_id = ? AND seat = ?",
                (int(away), table_id, seat),
            )

    async def load_actions_from(self, table_id: int, seq: int) -> tuple[list[StoredAction], int]:
        """The actions of a table's log from ``seq`` on, in order, and how many of its deals
        have their results stored: what a table whose memory fell behind its log applies
        (``ActionLog.catch_up``). The count is read after the actions, so a deal finished by
        one of them counts once its results are in."""
        rows = await self._fetch(
            "SELECT a.seq, a.seat, p.user_id, a.source, a.payload, a.at FROM actions a"
            " LEFT JOIN people p ON p.person = a.person WHERE a.table_id = ? AND a.seq >= ?"
            " ORDER BY a.seq",
            (table_id, seq),
        )
        actions = []
        for number, seat, user_id, source, payload, at in rows:
            _, action = action_from_json(json.loads(payload), number)
            actions.append(StoredAction(number, seat, user_id, source, action, at))
        [(stored_deals,)] = await self._fetch(
            "SELECT COUNT(*) FROM deal_results WHERE table_id = ?", (table_id,)
        )
        return actions, int(stored_deals)

    # -- matches, the action log, results ------------------------------------------------------

    async def start_match(
        self,
        table_id: int,
        *,
        guild_id: int,
        rules: RuleSet | Mapping[str, Any],
        options: dict[str, Any],
        seed: int,
        humans: int,
        at: float,
    ) -> None:
        """Mark the table playing and store its match: game and variant (``rules.game``,
        ``rules.variant_id``), rules, options and seed — the start of its action log.

        ``rules`` as a RuleSet or in its JSON form (``RuleSet.to_json()``); RuleSetError if
        they are not the rules of a registered game."""
        parsed = parse_rules(rules)
        data = parsed.to_json() if isinstance(rules, RuleSet) else dict(rules)
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tables SET status = 'playing', updated_at = ? WHERE id = ?",
                (at, table_id),
            )
            await db.execute(
                "INSERT INTO matches (table_id, guild_id, game, variant, rules, options, seed,"
                " humans, started_at, totals) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '[]')",
                (table_id, guild_id, parsed.game, parsed.variant_id, json.dumps(data),
                 json.dumps(options), seed, humans, at),
            )  # fmt: skip

    async def append_action(
        self,
        table_id: int,
        *,
        seq: int,
        seat: int,
        user_id: int | None,
        source: ActionSource,
        action: Action,
        at: float,
    ) -> None:
        """Append one action to the log and commit. ``seq`` must be the next free number.

        Group commit: actions appended while a commit is running are written together by the
        next one, a single statement in the database's thread (one fsync for many tables'
        actions, instead of a queue of transactions each waiting its turn on the event loop).
        Each call still returns only once the commit holding its own row is done, and fails
        alone if its row is refused.

        ValueError, and nothing is written, for an action of a kind the core's action registry
        (``ramsch_core.ACTIONS``) does not know: the log must read back."""
        kind = getattr(action, "kind", None)
        payload = action.to_json()
        if not isinstance(kind, str) or ACTIONS.get(kind) is not type(action):
            raise ValueError(f"Unknown action kind {kind!r}: not in ramsch_core.ACTIONS")
        if payload.get("action") != kind:
            raise ValueError(f"The {kind!r} action writes {payload.get('action')!r} as its kind")
        row: ActionRow = (table_id, seq, seat, user_id, source, kind, json.dumps(payload), at)
        item = (row, asyncio.get_running_loop().create_future())
        self._appends.append(item)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush(), name="store-group-commit")
        try:
            await asyncio.shield(item[1])
        except asyncio.CancelledError:
            if item in self._appends:  # no commit took the row yet: it is not written
                self._appends.remove(item)
            raise

    async def _flush(self) -> None:
        """Commit waiting actions, group by group, until none waits."""
        async with self._lock:
            while self._appends:
                await self._commit_appends()

    async def _commit_appends(self) -> None:
        """Commit the first waiting actions with one statement (the lock is held)."""
        batch, self._appends = self._appends[:APPEND_BATCH], self._appends[APPEND_BATCH:]
        try:
            # The log names people, not users: user id -> person (see forget_user).
            persons = await self._persons({row[3] for row, _ in batch if row[3] is not None})
            rows: list[ActionRow] = [
                (r[0], r[1], r[2], None if r[3] is None else persons[r[3]], r[4], r[5], r[6], r[7])
                for r, _ in batch
            ]
        except Exception as error:
            for _, done in batch:
                done.set_exception(error)
            return
        try:
            await self._insert_actions(rows)
        except Exception as error:
            if len(batch) == 1:
                batch[0][1].set_exception(error)
                return
            # One refused row must not fail the others: write them one by one.
            for row, (_, done) in zip(rows, batch, strict=True):
                try:
                    await self._insert_actions([row])
                except Exception as single_error:
                    done.set_exception(single_error)
                else:
                    done.set_result(None)
            return
        for _, done in batch:
            done.set_result(None)

    async def store_results(
        self,
        table_id: int,
        deals: Sequence[FinishedDeal],
        *,
        totals: Sequence[Any],
        match_finished: bool,
    ) -> None:
        """Store finished deals (results, per-seat scores and tags, records) and the running
        totals; when the match is over, mark it and its table finished. One transaction. A
        deal stored already is left as it is (results follow from the log: another process,
        or an earlier try whose answer was lost, stored the same)."""
        if not deals:
            raise ValueError("store_results needs at least one finished deal")
        at = deals[-1].finished_at
        async with self._transaction() as db:
            rows = await db.execute_fetchall(
                "SELECT deal_number FROM deal_results WHERE table_id = ?", (table_id,)
            )
            stored = {row[0] for row in rows}
            for deal in deals:
                if deal.number not in stored:
                    await _insert_deal(db, table_id, deal)
            await db.execute(
                "UPDATE matches SET totals = ?, finished_at = ? WHERE table_id = ?",
                (json.dumps([score_json(t) for t in totals]),
                 at if match_finished else None, table_id),
            )  # fmt: skip
            if match_finished:
                await db.execute(
                    "UPDATE tables SET status = 'finished', updated_at = ? WHERE id = ?",
                    (at, table_id),
                )
        if match_finished:  # ratings (issue 13): right after; read time catches up on failure
            try:
                await self.rate_finished_matches()
            except Exception:
                logger.exception("Could not rate the match of table %s yet", table_id)

    # -- recovery ------------------------------------------------------------------------------

    async def load_open_tables(
        self, guilds: Callable[[int], bool] | None = None
    ) -> list[StoredTable]:
        """Every lobby and playing table, and every finished table not yet shown as finished
        (see UNSHOWN), with its seats, match seed and full action log; only those of the
        servers ``guilds`` accepts, if given (the shards of this process).

        A few statements for all of them (the tables, then the seats and the logs of up to
        ``LOAD_BATCH`` tables at a time), not one per table: a start with a thousand live
        tables waited for two thousand round trips to the database."""
        rows = await self._fetch(
            "SELECT t.id, t.guild_id, t.channel_id, t.host_id, t.status, t.rules, t.options,"
            " t.turn_timeout, t.message_id, t.created_at, t.updated_at, s.seed, s.started_at,"
            " (SELECT COUNT(*) FROM deal_results d WHERE d.table_id = t.id), t.message_deal,"
            " t.reminder FROM tables t LEFT JOIN matches s ON s.table_id = t.id"
            f" WHERE {UNSHOWN} ORDER BY t.id"
        )
        if guilds is not None:
            rows = [row for row in rows if guilds(row[1])]
        seats: dict[int, list[StoredSeat]] = {}
        logs: dict[int, list[StoredAction]] = {}
        parsed: dict[str, Action] = {}
        for start in range(0, len(rows), LOAD_BATCH):
            ids = [row[0] for row in rows[start : start + LOAD_BATCH]]
            marks = ", ".join("?" * len(ids))
            for table_id, seat, user_id, name, ai, away in await self._fetch(
                "SELECT table_id, seat, user_id, name, ai, away FROM seats"
                f" WHERE table_id IN ({marks}) ORDER BY table_id, seat",
                ids,
            ):
                seats.setdefault(table_id, []).append(
                    StoredSeat(seat, user_id, name, ai, bool(away))
                )
            logged = await self._fetch(
                "SELECT a.table_id, a.seq, a.seat, p.user_id, a.source, a.payload, a.at"
                " FROM actions a LEFT JOIN people p ON p.person = a.person"
                f" WHERE a.table_id IN ({marks}) ORDER BY a.table_id, a.seq",
                ids,
            )
            for table_id, *action in logged:
                logs.setdefault(table_id, []).append(_stored_action(action, parsed))
        return [
            StoredTable(
                id=row[0],
                guild_id=row[1],
                channel_id=row[2],
                host_id=row[3],
                status=row[4],
                rules=json.loads(row[5]),
                options=json.loads(row[6]),
                turn_timeout=row[7],
                reminder=row[15],
                message_id=row[8],
                message_deal=row[14],
                created_at=row[9],
                updated_at=row[10],
                seats=seats.get(row[0], []),
                seed=row[11],
                started_at=row[12],
                actions=logs.get(row[0], []),
                stored_deals=row[13],
            )
            for row in rows
        ]

    async def load_actions(self, table_id: int) -> list[StoredAction]:
        """A table's action log in order (a forgotten player's actions name no user)."""
        rows = await self._fetch(
            "SELECT a.seq, a.seat, p.user_id, a.source, a.payload, a.at FROM actions a"
            " LEFT JOIN people p ON p.person = a.person WHERE a.table_id = ? ORDER BY a.seq",
            (table_id,),
        )
        parsed: dict[str, Action] = {}
        return [_stored_action(row, parsed) for row in rows]

    # -- what the adapter last showed ---------------------------------------------------------

    async def save_shown(
        self, shown: Sequence[ShownTable], *, forget: Sequence[int] = (), at: float
    ) -> None:
        """Record what tables' messages show now (replacing what was recorded for them), and
        forget ``forget`` tables' records (they are over). One transaction for all."""
        if not shown and not forget:
            return
        table_ids = [(s.table_id,) for s in shown] + [(t,) for t in forget]
        async with self._transaction() as db:
            await db.executemany("DELETE FROM shown_hands WHERE table_id = ?", table_ids)
            await db.executemany(
                "DELETE FROM shown_tables WHERE table_id = ?", [(t,) for t in forget]
            )
            await db.executemany(
                "INSERT INTO shown_tables (table_id, message_id, log_position, deal, results,"
                " away, shown, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id) DO"
                " UPDATE SET message_id = excluded.message_id, log_position ="
                " excluded.log_position, deal = excluded.deal, results = excluded.results,"
                " away = excluded.away, shown = excluded.shown, at = excluded.at",
                [(s.table_id, s.message_id, s.log_position, s.deal, s.results, s.away, s.shown,
                  at) for s in shown],
            )  # fmt: skip
            await db.executemany(
                "INSERT INTO shown_hands (table_id, user_id, channel_id, message_id, deal,"
                " log_position, shown) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(s.table_id, h.user_id, h.channel_id, h.message_id, h.deal, h.log_position,
                  h.shown) for s in shown for h in s.hands],
            )  # fmt: skip

    async def load_shown(self) -> dict[int, ShownTable]:
        """What the messages of every table load_open_tables returns showed, by table id."""
        hands: dict[int, list[ShownHand]] = {}
        for row in await self._fetch(
            "SELECT h.table_id, h.user_id, h.channel_id, h.message_id, h.deal, h.log_position,"
            " h.shown FROM shown_hands h JOIN tables t ON t.id = h.table_id"
            f" WHERE {UNSHOWN} ORDER BY h.table_id, h.user_id"
        ):
            hands.setdefault(row[0], []).append(ShownHand(*row[1:]))
        rows = await self._fetch(
            "SELECT s.table_id, s.message_id, s.log_position, s.deal, s.results, s.away,"
            " s.shown FROM shown_tables s JOIN tables t ON t.id = s.table_id"
            f" WHERE {UNSHOWN}"
        )
        return {
            table_id: ShownTable(table_id, message_id, log_position, deal, results, away, shown,
                                 tuple(hands.get(table_id, ())))
            for table_id, message_id, log_position, deal, results, away, shown in rows
        }  # fmt: skip

    # -- guild settings ------------------------------------------------------------------------

    async def load_guild_settings(self, guild_id: int) -> dict[str, Any] | None:
        rows = await self._fetch(
            "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return json.loads(rows[0][0]) if rows else None

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any], at: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
                " updated_at = excluded.updated_at",
                (guild_id, json.dumps(settings), at),
            )

    # -- user preferences ----------------------------------------------------------------------

    async def load_user_preferences(self, user_id: int | None = None) -> list[UserPreferenceRow]:
        """Every user's preferences (a few bytes each: read once at start-up), or one user's
        (another process changed them)."""
        sql = "SELECT user_id, language, pack, four_colour, pictures FROM user_preferences"
        if user_id is None:
            rows = await self._fetch(sql)
        else:
            rows = await self._fetch(sql + " WHERE user_id = ?", (user_id,))
        return [
            UserPreferenceRow(user_id, language, pack, bool(four), bool(pictures))
            for user_id, language, pack, four, pictures in rows
        ]

    async def save_user_preference(self, row: UserPreferenceRow, at: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO user_preferences"
                " (user_id, language, pack, four_colour, pictures, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                " language = excluded.language, pack = excluded.pack,"
                " four_colour = excluded.four_colour, pictures = excluded.pictures,"
                " updated_at = excluded.updated_at",
                (row.user_id, row.language, row.pack, int(row.four_colour), int(row.pictures), at),
            )
            if self.postgres:  # the other processes read it again (bot/cluster.py)
                await db.execute("SELECT pg_notify('ramsch_preferences', ?)", (str(row.user_id),))

    # -- leaderboards, stats, history ------------------------------------------------------

    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        variant: str | None = None,
        *,
        since: float = float("-inf"),
        offset: int = 0,
        limit: int = 10,
    ) -> LeaderboardPage:
        """One page of a guild's board for a game's variant (None: all its variants)."""
        async with self._lock:
            return await queries.leaderboard(self.db, guild_id, game, variant, since, offset, limit)

    async def user_stats(
        self,
        guild_id: int,
        user_id: int,
        *,
        game: str | None = None,
        variant: str | None = None,
        since: float = float("-inf"),
    ) -> UserStats:
        """A player's record in one guild: of a game's variant, of all variants of a game
        (``variant`` None), or of every game (both None). A variant needs its game."""
        if game is None and variant is not None:
            raise ValueError(f"The variant {variant!r} needs its game")
        async with self._lock:
            return await queries.user_stats(self.db, guild_id, user_id, game, variant, since)

    async def history(
        self, user_id: int, *, guild_id: int | None = None, offset: int = 0, limit: int = 10
    ) -> list[MatchSummary]:
        async with self._lock:
            return await queries.history(self.db, user_id, guild_id, offset, limit)

    async def deal_record(
        self, table_id: int, deal_number: int, *, guild_id: int | None = None
    ) -> dict[str, Any] | None:
        """The game record of a finished deal (with its seed), as `python -m ramsch_core
        replay` reads it; None if that deal is not finished (or not of ``guild_id``)."""
        rows = await self._fetch(
            "SELECT r.record FROM deal_results r JOIN tables t ON t.id = r.table_id"
            " WHERE r.table_id = :table AND r.deal_number = :deal"
            " AND (CAST(:guild AS BIGINT) IS NULL OR t.guild_id = :guild)",
            {"table": table_id, "deal": deal_number, "guild": guild_id},
        )
        return json.loads(rows[0][0]) if rows else None

    async def integrity_check(self) -> list[str]:
        """``PRAGMA integrity_check`` and ``foreign_key_check``; ``["ok"]`` when sound.

        PostgreSQL checks its keys on every write: there, a constraint not validated and a
        disabled trigger of the action log (no longer append-only) are the problems."""
        if self.postgres:
            return await self._pg_integrity_check()
        rows = await self._fetch("PRAGMA integrity_check")
        problems = [row[0] for row in rows if row[0] != "ok"]
        keys = await self._fetch("PRAGMA foreign_key_check")
        problems += [f"foreign key: {tuple(row)}" for row in keys]
        return problems or ["ok"]

    async def _pg_integrity_check(self) -> list[str]:
        rows = await self._fetch(
            "SELECT c.conrelid::regclass::text, c.conname FROM pg_constraint c"
            " JOIN pg_namespace n ON n.oid = c.connamespace"
            " WHERE n.nspname = current_schema() AND NOT c.convalidated ORDER BY 1, 2"
        )
        problems = [f"constraint not validated: {table}.{name}" for table, name in rows]
        triggers = await self._fetch(
            "SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'actions'::regclass"
            " AND tgname LIKE 'actions_append_only_%' ORDER BY tgname"
        )
        problems += [f"trigger disabled: {name}" for name, enabled in triggers if enabled == "D"]
        if len(triggers) != 3:
            problems.append("the action log's append-only triggers are missing")
        return problems or ["ok"]

    async def schema_version(self) -> int:
        rows = await self._fetch("SELECT MAX(version) FROM schema_version")
        return int(rows[0][0] or 0)

    # -- ratings (bot/ratings.py; issue 13) ------------------------------------------------------

    async def rate_finished_matches(self) -> list[int]:
        """Rate every finished match not rated yet, in the order they finished, each in its
        own transaction together with its mark (a restart never rates a match twice); return
        their table ids. Called when a match finishes and before the boards are read, so
        matches finished before ratings existed are rated on first use."""
        rated: list[int] = []
        while True:
            async with self._transaction(RATING_LOCK) as db:
                table_id = await queries.rate_next_match(db, time.time())
            if table_id is None:
                return rated
            rated.append(table_id)

    async def rating_board(
        self,
        guild_id: int,
        game: str,
        variant: str,
        *,
        rank: Rank = "rating",
        since: float = float("-inf"),
        min_deals: int = MIN_DEALS,
        offset: int = 0,
        limit: int = 10,
        viewer: int | None = None,
    ) -> RankedPage:
        """A page of a board by rating or by score per deal (``rank``), with the viewer's
        own standing; pending matches are rated first."""
        await self.rate_finished_matches()
        board = queries.rating_board if rank == "rating" else queries.average_board
        async with self._lock:
            return await board(
                self.db, guild_id, game, variant, since, min_deals, offset, limit, viewer
            )

    async def user_ratings(
        self,
        guild_id: int,
        user_id: int,
        *,
        game: str | None = None,
        variant: str | None = None,
        since: float = float("-inf"),
        history: int = 100,
    ) -> list[BoardRating]:
        """A player's ratings in a guild (one board, a game's boards, or all), with history."""
        await self.rate_finished_matches()
        async with self._lock:
            return await queries.user_ratings(
                self.db, guild_id, user_id, game, variant, since, history
            )

    # -- replay in Discord (issue 13: /ramsch replay) ---------------------------------------

    async def replay_deal(
        self, table_id: int, deal_number: int | None, *, guild_id: int
    ) -> replays.StoredDeal | None:
        """A finished deal of a table of ``guild_id`` with its players' names (``deal_number``
        None: the last finished one); None if there is none."""
        async with self._lock:
            return await replays.stored_deal(self.db, table_id, deal_number, guild_id)

    async def latest_replay_table(self, user_id: int, guild_id: int) -> int | None:
        """The user's table of ``guild_id`` with the most recently finished deal."""
        async with self._lock:
            return await replays.latest_table(self.db, user_id, guild_id)

    # -- command sync (issue 13: sync only what changed) ------------------------------------

    async def command_hashes(self) -> dict[int, str]:
        """What was last synced per scope (0: global, else a guild id): the payload's hash."""
        rows = await self._fetch("SELECT scope, hash FROM command_sync")
        return {int(scope): str(digest) for scope, digest in rows}

    async def save_command_hash(self, scope: int, digest: str, at: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO command_sync (scope, hash, synced_at) VALUES (?, ?, ?)"
                " ON CONFLICT (scope) DO UPDATE SET hash = excluded.hash,"
                " synced_at = excluded.synced_at",
                (scope, digest, at),
            )

    async def forget_command_hash(self, scope: int) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM command_sync WHERE scope = ?", (scope,))

    # -- privacy: people and forget-me (issue 13) ---------------------------------------------

    async def _persons(self, user_ids: set[int]) -> dict[int, int]:
        """The person numbers of users (the lock is held): from memory, else from ``people``,
        where a user met for the first time gets his number (committed on its own: a number
        without an action names no one more than the seat does)."""
        missing = sorted(user for user in user_ids if user not in self._people)
        if missing:
            marks = ", ".join("?" for _ in missing)
            values = ", ".join("(?)" for _ in missing)
            await self.db.execute(
                f"INSERT INTO people (user_id) VALUES {values} ON CONFLICT (user_id) DO NOTHING",
                missing,
            )
            found = await self.db.execute_fetchall(
                f"SELECT user_id, person FROM people WHERE user_id IN ({marks})", missing
            )
            self._people.update((int(user), int(person)) for user, person in found)
        return {user: self._people[user] for user in user_ids}

    async def live_tables_of(self, user_id: int) -> list[int]:
        """The lobbies and playing tables the user sits at or hosts."""
        async with self._lock:
            rows = await self.db.execute_fetchall(LIVE_TABLES_OF, {"user": user_id})
        return [int(row[0]) for row in rows]

    async def forget_user(self, user_id: int) -> Forgotten:
        """Remove a user's identity from the database, in one transaction; refused (nothing
        changed, ``live_tables`` named) while he sits at or hosts a lobby or a playing table.

        The log's person keeps its number (the log keeps its order and seats) but no longer
        names him; his seats become a former player's (``FORGOTTEN``, ``FORMER_PLAYER``), as do
        the tables he hosted and his places in deal results; his scores no longer count for
        anyone; his hand DMs' records, his preferences and every row of any other table keyed
        by ``user_id`` (ratings, …) are deleted."""
        try:  # his finished matches rate the others first, while his seats still name him
            await self.rate_finished_matches()
        except Exception:
            logger.exception("Could not rate the finished matches before forgetting a user")
        async with self._transaction(FORGET_LOCK) as db:
            live = await db.execute_fetchall(LIVE_TABLES_OF, {"user": user_id})
            if live:
                return Forgotten(live_tables=tuple(int(row[0]) for row in live))
            changed: dict[str, int] = {}

            async def run(table: str, sql: str, params: Sequence[Any]) -> None:
                cursor = await db.execute(sql, params)
                if cursor.rowcount > 0:
                    changed[table] = changed.get(table, 0) + cursor.rowcount

            await run("people", "UPDATE people SET user_id = NULL WHERE user_id = ?", (user_id,))
            await run(
                "seats",
                "UPDATE seats SET user_id = ?, name = ? WHERE user_id = ?",
                (FORGOTTEN, FORMER_PLAYER, user_id),
            )
            await run(
                "tables", "UPDATE tables SET host_id = ? WHERE host_id = ?", (FORGOTTEN, user_id)
            )
            await run(
                "deal_scores", "UPDATE deal_scores SET user_id = NULL WHERE user_id = ?", (user_id,)
            )
            results = await db.execute_fetchall(
                "SELECT table_id, deal_number, user_ids FROM deal_results WHERE"
                " user_ids::jsonb @> jsonb_build_array(?::bigint)"
                if self.postgres
                else "SELECT table_id, deal_number, user_ids FROM deal_results WHERE EXISTS"
                " (SELECT 1 FROM json_each(deal_results.user_ids) WHERE value = ?)",
                (user_id,),
            )
            for table_id, number, users in results:
                kept = [FORGOTTEN if user == user_id else user for user in json.loads(users)]
                await run(
                    "deal_results",
                    "UPDATE deal_results SET user_ids = ? WHERE table_id = ? AND deal_number = ?",
                    (json.dumps(kept), table_id, number),
                )
            handled = {"people", "seats", "tables", "deal_scores", "deal_results", "actions"}
            for table in await self._tables_with_user_id(db):
                if table in handled:
                    continue
                quoted = '"' + str(table).replace('"', '""') + '"'
                # shown_hands, user_preferences, ratings, rating_changes, and any later
                # table keyed by users: the user's rows go.
                await run(table, f"DELETE FROM {quoted} WHERE user_id = ?", (user_id,))
            if self.postgres:  # the other processes drop his preferences from memory too
                await db.execute("SELECT pg_notify('ramsch_preferences', ?)", (str(user_id),))
        self._people.pop(user_id, None)
        return Forgotten(changed=changed)

    async def _tables_with_user_id(self, db: Connection) -> list[str]:
        """The database's tables with a ``user_id`` column, by name."""
        if isinstance(db, PgConnection):
            rows = await db.execute_fetchall(
                "SELECT table_name FROM information_schema.columns WHERE column_name = 'user_id'"
                " AND table_schema = current_schema() ORDER BY table_name"
            )
            return [str(row[0]) for row in rows]
        found = []
        for (table,) in await db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite%' ORDER BY name"
        ):
            quoted = '"' + str(table).replace('"', '""') + '"'
            columns = {row[1] for row in await db.execute_fetchall(
                f"PRAGMA table_info({quoted})")}  # fmt: skip
            if "user_id" in columns:
                found.append(str(table))
        return found

    # -- process lease (issue 13: one bot process per database; bot/storage/lease.py) -------

    async def take_lease(
        self,
        scope: str,
        holder: str,
        *,
        host: str,
        pid: int,
        now: float,
        duration: float,
        gone: Callable[[LeaseHolder, float], bool],
        rivals: Callable[[str], bool] | None = None,
    ) -> LeaseHolder | None:
        """Take ``scope``'s lease for ``holder`` until ``now + duration`` if it is free, held
        by ``holder`` already, or ``gone(current holder, now)``, and no other scope for which
        ``rivals(scope)`` is true is held by a live process (``all`` and the ``shard:N``
        scopes exclude each other); else the holder in the way (nothing written). One
        IMMEDIATE transaction: of two processes trying at once, one takes it and the other
        sees it taken (on PostgreSQL: an advisory lock)."""
        async with self._transaction(LEASE_LOCK) as db:
            rows = list(await db.execute_fetchall(
                "SELECT scope, holder, host, pid, acquired_at, expires_at FROM process_lease"
                ))  # fmt: skip
            for row in rows:
                current = LeaseHolder(*row[1:])
                if row[0] != scope and (rivals is None or not rivals(row[0])):
                    continue
                if current.holder != holder and not gone(current, now):
                    return current
            await db.execute(
                "INSERT INTO process_lease (scope, holder, host, pid, acquired_at, renewed_at,"
                " expires_at, wanted_by) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)"
                " ON CONFLICT (scope) DO UPDATE SET"
                " holder = excluded.holder, host = excluded.host, pid = excluded.pid,"
                " acquired_at = excluded.acquired_at, renewed_at = excluded.renewed_at,"
                " expires_at = excluded.expires_at, wanted_by = NULL",
                (scope, holder, host, pid, now, now, now + duration),
            )
        return None

    async def renew_lease(self, scope: str, holder: str, *, now: float, duration: float) -> bool:
        """Extend ``holder``'s lease of ``scope``; False if another process holds it now."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE process_lease SET renewed_at = ?, expires_at = ?"
                " WHERE scope = ? AND holder = ?",
                (now, now + duration, scope, holder),
            )
            return cursor.rowcount > 0

    async def release_lease(self, scope: str, holder: str) -> None:
        """Give ``scope``'s lease up, if ``holder`` still holds it."""
        async with self._transaction() as db:
            await db.execute(
                "DELETE FROM process_lease WHERE scope = ? AND holder = ?", (scope, holder)
            )

    async def lease_holder(self, scope: str) -> LeaseHolder | None:
        """Who holds ``scope``'s lease (possibly expired), if anyone."""
        rows = await self._fetch(
            "SELECT holder, host, pid, acquired_at, expires_at FROM process_lease WHERE scope = ?",
            (scope,),
        )
        return LeaseHolder(*rows[0]) if rows else None

    async def leases(self) -> list[tuple[str, LeaseHolder, str | None]]:
        """Every lease (possibly expired): its scope, holder and who asks for it back."""
        rows = await self._fetch(
            "SELECT scope, holder, host, pid, acquired_at, expires_at, wanted_by"
            " FROM process_lease ORDER BY scope"
        )
        return [(row[0], LeaseHolder(*row[1:6]), row[6]) for row in rows]

    async def want_lease(self, scope: str, wanted_by: str) -> None:
        """Ask the holder of ``scope``'s lease to hand it back (it took it over while its
        process was down)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE process_lease SET wanted_by = ? WHERE scope = ?", (wanted_by, scope)
            )

    # -- clicks relayed to the process that owns their table (bot/cluster.py) --------------

    async def table_guild(self, table_id: int) -> int | None:
        """The server of a lobby or running table; None if it is unknown or over."""
        rows = await self._fetch(
            "SELECT guild_id FROM tables WHERE id = ? AND status IN ('lobby', 'playing')",
            (table_id,),
        )
        return int(rows[0][0]) if rows else None

    async def relay_interaction(
        self, interaction_id: int, table_id: int, shard: int, payload: str, at: float
    ) -> int | None:
        """Leave a click for the process that owns shard ``shard`` and tell it (PostgreSQL:
        ``NOTIFY ramsch_relay, 'shard:id'``, sent at the commit); the row's id, or None if
        this interaction was relayed already. One statement: a burst of clicks is relayed
        one round trip each."""
        insert = (
            "INSERT INTO relayed_interactions (interaction_id, table_id, shard, payload, at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (interaction_id) DO NOTHING RETURNING id"
        )
        params: tuple[Any, ...] = (interaction_id, table_id, shard, payload, at)
        if self.postgres:
            insert = (
                f"WITH added AS ({insert}) SELECT id, pg_notify('ramsch_relay',"
                " CAST(? AS TEXT) || ':' || id) FROM added"
            )
            params += (str(shard),)
        rows = await self._fetch(insert, params)  # autocommit: one statement
        return int(rows[0][0]) if rows else None

    async def claim_relayed(self, row_ids: Sequence[int], at: float) -> list[tuple[int, str]]:
        """Take relayed clicks to handle them: the ids and payloads of those no other process
        took first (exactly one process handles each), in the order they were relayed."""
        if not row_ids:
            return []
        marks = ", ".join("?" * len(row_ids))
        rows = await self._fetch(  # one autocommit statement for a whole burst
            "UPDATE relayed_interactions SET claimed_at = ?"
            f" WHERE id IN ({marks}) AND claimed_at IS NULL RETURNING id, payload",
            (at, *row_ids),
        )
        return sorted((int(row[0]), str(row[1])) for row in rows)

    async def relayed_for(self, shards: Sequence[int], before: float) -> list[int]:
        """Relayed clicks for ``shards`` left since ``before`` (missed notifications)."""
        if not shards:
            return []
        marks = ", ".join("?" * len(shards))
        rows = await self._fetch(
            f"SELECT id FROM relayed_interactions WHERE shard IN ({marks}) AND at >= ?"
            " AND claimed_at IS NULL ORDER BY id",
            (*shards, before),
        )
        return [int(row[0]) for row in rows]

    async def forget_relayed(self, before: float) -> None:
        """Drop relayed clicks older than ``before`` (nobody can answer them any more)."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM relayed_interactions WHERE at < ?", (before,))

    async def _insert_actions(self, rows: Sequence[ActionRow]) -> None:
        """One statement, so one implicit transaction: all rows are committed or none. The
        temp trigger sets each table's ``updated_at`` (SQLite); on PostgreSQL the statement
        updates them itself, to the ``at`` of each table's last action."""
        values = ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?)"] * len(rows))
        insert = (
            "INSERT INTO actions (table_id, seq, seat, person, source, kind, payload, at)"
            f" VALUES {values}"
        )
        if self.postgres:
            insert = (
                f"WITH added AS ({insert} RETURNING table_id, seq, at)"
                " UPDATE tables SET updated_at = last.at FROM (SELECT DISTINCT ON (table_id)"
                " table_id, at FROM added ORDER BY table_id, seq DESC) AS last"
                " WHERE tables.id = last.table_id"
            )
        await self.db.execute(insert, [value for row in rows for value in row])


def _stored_action(row: Sequence[Any], parsed: dict[str, Action]) -> StoredAction:
    """A logged action of a row (seq, seat, user id, source, payload, at). ``parsed`` holds
    the actions read so far by their payload: a log repeats few payloads (a card played is one
    of 32), and an action is immutable, so each is parsed from its JSON once."""
    seq, seat, user_id, source, payload, at = row
    action = parsed.get(payload)
    if action is None:
        _, action = action_from_json(json.loads(payload), seq)
        parsed[payload] = action
    return StoredAction(seq, seat, user_id, source, action, at)


async def _write_seats(db: Connection, table_id: int, seats: Sequence[SeatRow]) -> None:
    await db.executemany(
        "INSERT INTO seats (table_id, seat, user_id, name, ai, away) VALUES (?, ?, ?, ?, ?, ?)",
        [(table_id, index, user, name, ai, int(away))
         for index, (user, name, ai, away) in enumerate(seats)],
    )  # fmt: skip


async def _insert_deal(db: Connection, table_id: int, deal: FinishedDeal) -> None:
    result = deal.result
    at = deal.finished_at
    await db.execute(
        "INSERT INTO deal_results (table_id, deal_number, dealer, seats, bock, result,"
        " table_scores, user_ids, record, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (table_id, deal.number, deal.dealer, json.dumps(deal.seats), int(deal.bock),
         json.dumps(result.to_json()), json.dumps([score_json(s) for s in deal.table_scores]),
         json.dumps(deal.user_ids), json.dumps(deal.record), at),
    )  # fmt: skip
    if result.tags and len(result.tags) != len(deal.seats):
        raise ValueError(
            f"Deal {deal.number} has {len(deal.seats)} seats but tags for {len(result.tags)}"
        )
    await db.executemany(
        "INSERT INTO deal_scores (table_id, deal_number, seat, user_id, score, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [(table_id, deal.number, table_seat, deal.user_ids[table_seat],
          float(deal.table_scores[table_seat]), at) for table_seat in deal.seats],
    )  # fmt: skip
    # Deal seat i is table seat deal.seats[i]: the tags are stored by table seat.
    await db.executemany(
        "INSERT INTO deal_tags (table_id, deal_number, seat, tag) VALUES (?, ?, ?, ?)",
        [(table_id, deal.number, deal.seats[deal_seat], tag)
         for deal_seat, tags in enumerate(result.tags) for tag in sorted(set(tags))],
    )  # fmt: skip

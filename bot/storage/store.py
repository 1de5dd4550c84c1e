"""The store: one database (a SQLite file in WAL mode, or PostgreSQL), its migrations, its
connection, and the repositories that read and write it, one per concern."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path
from types import TracebackType
from typing import Any

import aiosqlite

from bot.storage.backend import Connection, connect_postgres, is_postgres
from bot.storage.commands import CommandSyncRepository
from bot.storage.leases import LeaseRepository
from bot.storage.migrations import migrate
from bot.storage.opening import StoreUnusable, check_path, is_open_error, unusable
from bot.storage.preferences import PreferenceRepository
from bot.storage.privacy import PrivacyRepository
from bot.storage.public import PublicRepository
from bot.storage.ratings import RatingRepository
from bot.storage.relays import RelayRepository
from bot.storage.results import ResultRepository
from bot.storage.seat_requests import SeatRequestRepository
from bot.storage.settings import SettingsRepository
from bot.storage.shown import ShownRepository
from bot.storage.social import SocialRepository
from bot.storage.tables import TableRepository
from bot.storage.tournaments import TournamentRepository


class Store:
    """All durable state: the database, opened and migrated, and its repositories.

    One connection serves the whole bot; an asyncio lock keeps one coroutine's transaction from
    interleaving with another's statements. The repositories share both: ``tables`` (lobbies,
    seats, matches, the action log), ``shown`` (what the messages show), ``results`` (finished
    deals, boards, stats, history, replays), ``ratings``, ``preferences``, ``settings`` (server
    settings), ``commands`` (command sync), ``leases`` (process leases), ``relays`` (relayed
    clicks), ``privacy`` (forget-me), ``social`` (play again, table threads) and
    ``seat_requests`` (substitutes asking for a seat), ``tournaments``, ``public`` (public
    play). Every write method of a repository commits before it returns, or with the
    ``transaction`` its caller opened.

    ``path``: a SQLite file (or ``:memory:``), or a ``postgresql://`` URL (bot/storage/backend.py:
    the same SQL on both; ``postgres`` tells which where they differ).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = path
        self.postgres = is_postgres(path)
        """Whether the database is PostgreSQL (else SQLite)."""
        self._db: Connection | None = None
        self._lock = asyncio.Lock()
        self._joined: ContextVar[tuple[asyncio.Task[Any] | None, Connection] | None] = ContextVar(
            "store_transaction", default=None
        )
        """The task that opened a ``transaction`` and its connection, while it is open (a task
        started inside it sees the value too, but does not join: see ``_joined_connection``)."""
        self._savepoints = 0
        """Savepoints named so far (of repository methods joining a transaction)."""
        self.tables = TableRepository(self)
        self.shown = ShownRepository(self)
        self.results = ResultRepository(self)
        self.ratings = RatingRepository(self)
        self.preferences = PreferenceRepository(self)
        self.settings = SettingsRepository(self)
        self.commands = CommandSyncRepository(self)
        self.leases = LeaseRepository(self)
        self.relays = RelayRepository(self)
        self.privacy = PrivacyRepository(self)
        self.social = SocialRepository(self)
        self.seat_requests = SeatRequestRepository(self)
        self.tournaments = TournamentRepository(self)
        self.public = PublicRepository(self)

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
            # group of actions and touch their tables (see tables.append_action).
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

    @property
    def lock(self) -> asyncio.Lock:
        """Held by every transaction and read: one coroutine's statements at a time."""
        return self._lock

    @asynccontextmanager
    async def transaction(self, serial: int | None = None) -> AsyncIterator[Connection]:
        """A write transaction (the lock held). SQLite's BEGIN IMMEDIATE makes every write
        transaction wait for the one before; on PostgreSQL, transactions of other processes
        run beside it, and ``serial`` (an advisory lock key: ``LEASE_LOCK``, ``RATING_LOCK``,
        ``FORGET_LOCK``) makes those of one kind wait for each other, where a transaction reads
        what it then writes.

        The repositories' methods called inside it (by the coroutine that opened it) join it
        instead of opening their own: writes of several repositories commit together or not
        at all, and reads see what it wrote. A joined method that fails undoes only its own
        writes (a savepoint), then its error goes on. ``tables.append_action`` commits on its
        own (group commit) and refuses to run inside it."""
        joined = self._joined_connection()
        if joined is not None:
            self._savepoints += 1
            savepoint = f"joined_{self._savepoints}"
            await joined.execute(f"SAVEPOINT {savepoint}")
            try:
                if self.postgres and serial is not None:
                    await joined.execute("SELECT pg_advisory_xact_lock(?::bigint)", (serial,))
                yield joined
            except BaseException:
                await joined.execute(f"ROLLBACK TO SAVEPOINT {savepoint}")
                await joined.execute(f"RELEASE SAVEPOINT {savepoint}")
                raise
            await joined.execute(f"RELEASE SAVEPOINT {savepoint}")
            return
        async with self._lock, self._locked_transaction(serial) as db:
            token = self._joined.set((asyncio.current_task(), db))
            try:
                yield db
            finally:
                self._joined.reset(token)

    def _joined_connection(self) -> Connection | None:
        """The connection of the ``transaction`` the running task opened, if it is in one."""
        joined = self._joined.get()
        if joined is None or joined[0] is not asyncio.current_task():
            return None
        return joined[1]

    @property
    def in_transaction(self) -> bool:
        """Whether this coroutine is inside a ``transaction`` of this store."""
        return self._joined_connection() is not None

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        """The connection for reads of several statements: the lock held, or, inside a
        ``transaction``, that transaction's (its reads see its writes)."""
        joined = self._joined_connection()
        if joined is not None:
            yield joined
            return
        async with self._lock:
            yield self.db

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

    async def fetch(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> list[Any]:
        """The rows of one statement (autocommit, or inside the open ``transaction``)."""
        async with self.reading() as db:
            return list(await db.execute_fetchall(sql, params))

    # -- the database as a whole ------------------------------------------------------------

    async def integrity_check(self) -> list[str]:
        """``PRAGMA integrity_check`` and ``foreign_key_check``; ``["ok"]`` when sound.

        PostgreSQL checks its keys on every write: there, a constraint not validated and a
        disabled trigger of the action log (no longer append-only) are the problems."""
        if self.postgres:
            return await self._pg_integrity_check()
        rows = await self.fetch("PRAGMA integrity_check")
        problems = [row[0] for row in rows if row[0] != "ok"]
        keys = await self.fetch("PRAGMA foreign_key_check")
        problems += [f"foreign key: {tuple(row)}" for row in keys]
        return problems or ["ok"]

    async def _pg_integrity_check(self) -> list[str]:
        rows = await self.fetch(
            "SELECT c.conrelid::regclass::text, c.conname FROM pg_constraint c"
            " JOIN pg_namespace n ON n.oid = c.connamespace"
            " WHERE n.nspname = current_schema() AND NOT c.convalidated ORDER BY 1, 2"
        )
        problems = [f"constraint not validated: {table}.{name}" for table, name in rows]
        triggers = await self.fetch(
            "SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'actions'::regclass"
            " AND tgname LIKE 'actions_append_only_%' ORDER BY tgname"
        )
        problems += [f"trigger disabled: {name}" for name, enabled in triggers if enabled == "D"]
        if len(triggers) != 3:
            problems.append("the action log's append-only triggers are missing")
        return problems or ["ok"]

    async def schema_version(self) -> int:
        rows = await self.fetch("SELECT MAX(version) FROM schema_version")
        return int(rows[0][0] or 0)

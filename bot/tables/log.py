"""The action log of running tables: an action is committed to the store, then applied; the
results of the deals it finishes are stored right after."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import asyncpg

from bot.storage import ActionSource, Store
from bot.tables.model import Table, Update, UpdateKind
from bot.tables.rebuild import finished_deal
from bot.tables.registry import TableRegistry
from ramsch_core import Action

logger = logging.getLogger(__name__)
T = TypeVar("T")


async def uncancellable(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to its end even if the caller is cancelled meanwhile (then re-raise).

    A logged action and the in-memory state must change together: a commit that went through
    while its caller was cancelled would otherwise never reach the match.
    """
    task = asyncio.ensure_future(coro)
    cancelled = False
    while True:
        try:
            result = await asyncio.shield(task)
            break
        except asyncio.CancelledError:
            if task.done():
                raise
            cancelled = True
    if cancelled:
        raise asyncio.CancelledError
    return result


UNAVAILABLE: tuple[type[BaseException], ...] = (
    asyncpg.PostgresConnectionError,  # class 08: refused, lost (PgConnection's reconnect too)
    asyncpg.CannotConnectNowError,  # starting up
    asyncpg.AdminShutdownError,  # shutting down, pg_terminate_backend
    asyncpg.CrashShutdownError,
    asyncpg.InsufficientResourcesError,  # class 53: disk full, out of memory, connections
    asyncpg.ReadOnlySQLTransactionError,  # a standby after a failover
)
"""PostgreSQL errors that say the database can't be used now (not that a statement is wrong)."""
SQLITE_UNAVAILABLE = ("locked", "busy", "disk i/o error", "unable to open", "disk is full")
"""What the message of a SQLite ``OperationalError`` says when the file can't be used now."""


def database_unavailable(error: BaseException) -> bool:
    """Whether ``error`` says the database is unreachable or failing for the moment (the
    server is down, the connection was lost, the SQLite file is locked), so that the same
    request may work once it is back; not for a refused row or a bug in a statement."""
    if isinstance(error, UNAVAILABLE):
        return True
    if isinstance(error, asyncpg.InterfaceError):  # used while closed, e.g. at a shutdown
        return any(part in str(error) for part in ("connection is closed", "connection was closed"))
    if isinstance(error, sqlite3.OperationalError):
        text = str(error).lower()
        return any(part in text for part in SQLITE_UNAVAILABLE)
    return False


def fault(error: BaseException) -> str:
    """``error`` in one line for a log: its kind and the first line of its message (the
    store's URL appears only as ``backend.describe`` writes it, without the password)."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


class Outage:
    """Whether the database failed the timers and the AI: one warning when it starts failing,
    one line when a write goes through again, not a traceback every tick in between."""

    def __init__(self) -> None:
        self.failing = False

    def failed(self, what: str, error: BaseException) -> None:
        """``what`` (e.g. ``the AI at table 7``) hit a database error; it is tried later."""
        if self.failing:
            logger.debug("The database failed %s again: %s", what, fault(error))
            return
        self.failing = True
        logger.warning("The database failed %s (%s); it is tried again later", what, fault(error))

    def passed(self) -> None:
        """A write went through."""
        if self.failing:
            self.failing = False
            logger.info("The database works again")


class ActionLog:
    """Applies checked actions: log (commit), then apply, then store any finished deal.

    An action whose commit fails (the database is unreachable, say) raises and changes
    nothing: neither the match nor ``table.log_length``; the same action may be applied again
    later."""

    def __init__(self, store: Store, tables: TableRegistry, clock: Callable[[], float]) -> None:
        self.store = store
        self.tables = tables
        self.clock = clock
        self.outage = Outage()
        """The database's failures as the timers and the AI met them (they warn once)."""

    async def apply(
        self, table: Table, seat: int, action: Action, source: ActionSource, actor: int | None
    ) -> Update:
        """Log an action the caller has checked, then apply it. The caller holds the lock and
        tells the listeners (``TableRegistry.changed``)."""
        return await uncancellable(self._log_and_apply(table, seat, action, source, actor))

    async def _log_and_apply(
        self, table: Table, seat: int, action: Action, source: ActionSource, actor: int | None
    ) -> Update:
        match = table.match
        assert match is not None
        now = self.clock()
        await self.store.append_action(
            table.id,
            seq=table.log_length,
            seat=seat,
            user_id=table.seats[seat].user_id,
            source=source,
            action=action,
            at=now,
        )
        self.outage.passed()
        table.log_length += 1
        deal = match.deal
        before = len(match.finished_deals)
        events = match.apply(action, seat)
        finished = match.finished_deals[before:]
        for entry in finished:
            table.unstored.append(finished_deal(table, entry, deal, now))
        if source == "human":
            table.strikes[seat] = 0
            table.last_human_at = now
        table.turn_started_at = now
        table.reminded = False
        await self.store_results(table)
        kind: UpdateKind = "action"
        if match.finished:
            kind = "match_finished"
            table.status = "finished"
            self.tables.forget(table)
        elif finished:
            kind = "deal_finished"
        return Update(table, kind, events, list(finished), actor, seat, source)

    async def store_results(self, table: Table) -> None:
        """Store the results of finished deals; on failure keep them for the next change."""
        if not table.unstored:
            return
        match = table.match
        assert match is not None
        try:
            await self.store.store_results(
                table.id, table.unstored, totals=match.totals, match_finished=match.finished
            )
        except Exception as error:
            # The action log holds the truth; results are derived and are written again with
            # the next change or rebuilt by recovery.
            if database_unavailable(error):
                self.outage.failed(f"the deal results of table {table.id}", error)
            else:
                logger.exception("Could not store deal results of table %s", table.id)
            return
        table.unstored.clear()

"""The action log of running tables: an action is committed to the store, then applied; the
results of the deals it finishes are stored right after. A table whose memory fell behind its
log (an append whose answer was lost, another process's append) reads the log up first."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

import asyncpg

from bot.storage import ActionSource, Store
from bot.storage.backend import INTEGRITY_ERRORS
from bot.tables.errors import IllegalAction, NotYourTurn, StaleAction, UserText, WrongState
from bot.tables.model import Table, Update, UpdateKind
from bot.tables.rebuild import finished_deal, replay_action
from bot.tables.registry import TableRegistry
from ramsch_core import Action, Event, Match, Play, RulesError, SheetEntry

logger = logging.getLogger(__name__)
T = TypeVar("T")
Note = tuple[str, dict[str, object]]
"""A sentence for the channel: its English template and parameters (``Update.note``)."""
APPEND_TRIES = 3
"""Appends of one action at most: a duplicate ``seq`` reads the log up and tries again."""


def refuse(table: Table, seat: int, action: Action, deal_number: int | None) -> None:
    """Raise the TableError for an action ``seat`` may not take now; return if it may.
    ``deal_number``: the deal of the button (another deal's button is stale), if known."""
    match, deal_seat = playing(table, seat, deal_number)
    if isinstance(action, Play) and (deal_seat, action) in match.deal.history:
        raise StaleAction("You already played {card}", card=action.card)
    refuse_turn(table, seat)
    try:
        match.check(action, seat)
    except RulesError as error:
        raise IllegalAction.of(error) from None


def playing(table: Table, seat: int, deal_number: int | None) -> tuple[Match, int]:
    """The match of a table in play and ``seat``'s seat in its deal; the TableError that says
    why not (the session not started or over, another deal's button, the seat sitting out)."""
    match = table.match
    if table.status == "finished":  # e.g. the log, read up, held the match's last action
        raise WrongState("The session is over")
    if table.status != "playing" or match is None:
        raise WrongState("The game has not started yet")
    if table.held:
        raise WrongState("The tournament is paused: the game goes on when it is resumed")
    if deal_number is not None and deal_number != match.number:
        raise StaleAction("That button is from an earlier deal")
    if match.to_act is None:
        raise WrongState("The session is over")
    deal_seat = match.deal_seat(seat)
    if deal_seat is None:
        raise NotYourTurn("You sit this deal out as the dealer")
    return match, deal_seat


def refuse_turn(table: Table, seat: int) -> None:
    """Raise NotYourTurn if another seat than ``seat`` is to act at a table in play."""
    to_act = table.to_act
    if to_act is not None and to_act != seat:
        shown = table.seats[to_act].shown_name
        name = UserText(shown) if isinstance(shown, str) else shown
        raise NotYourTurn("It's not your turn: waiting for {name}", name=name)


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
    later. As the commit may have gone through all the same (its answer lost), the table is
    marked out of step (``Table.out_of_step``): before its next action the log is read from
    ``table.log_length`` on (``catch_up``). An append refused as a duplicate ``seq`` (a lost
    answer's row, or another process's) reads the log up at once."""

    def __init__(self, store: Store, tables: TableRegistry, clock: Callable[[], float]) -> None:
        self.store = store
        self.tables = tables
        self.clock = clock
        self.outage = Outage()
        """The database's failures as the timers and the AI met them (they warn once)."""
        self.between_deals: Callable[[Table], Awaitable[Note | None]] | None = None
        """Called when a deal ended and the match goes on (substitutes take their seats):
        the channel's note of what it changed, or None."""

    async def apply(
        self,
        table: Table,
        seat: int,
        action: Action,
        source: ActionSource,
        actor: int | None,
        check: Callable[[], None] | None = None,
    ) -> Update:
        """Log an action the caller has checked, then apply it. The caller holds the lock and
        tells the listeners (``TableRegistry.changed``) of the returned update.

        If the table turns out to be behind its log (out of step, or a duplicate ``seq``), it
        is read up first (``catch_up``: the listeners are told of each action read) and the
        action checked again: ``check`` raises the TableError for an action that no longer
        fits (by default ``refuse`` without a deal number); nothing is logged then."""
        return await uncancellable(self._log_and_apply(table, seat, action, source, actor, check))

    async def _log_and_apply(
        self,
        table: Table,
        seat: int,
        action: Action,
        source: ActionSource,
        actor: int | None,
        check: Callable[[], None] | None,
    ) -> Update:
        recheck = check or (lambda: refuse(table, seat, action, None))
        if await self.catch_up(table):
            recheck()
        for attempt in range(1, APPEND_TRIES + 1):
            now = self.clock()
            try:
                await self.store.tables.append_action(
                    table.id,
                    seq=table.log_length,
                    seat=seat,
                    user_id=table.seats[seat].user_id,
                    source=source,
                    action=action,
                    at=now,
                )
                break
            except ValueError:  # refused before anything was written
                raise
            except Exception as error:
                # Whether the row is in the log is not known (a lost answer), or another row
                # holds its seq: the log is read before this table's next action.
                table.out_of_step = True
                if not isinstance(error, INTEGRITY_ERRORS) or attempt == APPEND_TRIES:
                    raise
                if not await self.catch_up(table):
                    raise  # nothing new in the log: the row was refused for another reason
                recheck()
        self.outage.passed()
        match = table.match
        assert match is not None
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
        return await self._finish_change(table, match, events, list(finished), actor, seat, source)

    async def catch_up(self, table: Table) -> list[Update]:
        """Bring a table that is out of step (``Table.out_of_step``) up to its log: each action
        from ``table.log_length`` on is applied as recovery applies it (``replay_action``),
        the results of the deals it finishes are stored, and the listeners are told of it as
        if it had been taken here. The caller holds the lock. Nothing happens if the table is
        in step or the log holds nothing new (the failed commit really failed).

        Raises what the store raises for the read; the table stays out of step then. Once
        read, the actions are applied even if the caller is cancelled meanwhile."""
        if not table.out_of_step:
            return []
        return await uncancellable(self._catch_up(table))

    async def _catch_up(self, table: Table) -> list[Update]:
        actions, stored_deals = await self.store.tables.load_actions_from(
            table.id, table.log_length
        )
        table.out_of_step = False
        match = table.match
        if not actions or match is None:
            return []
        logger.warning(
            "Table %s was behind its action log: %d action(s) from #%d read up",
            table.id, len(actions), table.log_length,
        )  # fmt: skip
        updates: list[Update] = []
        for logged in actions:
            if logged.seq != table.log_length or match.finished:
                logger.error(
                    "The log of table %s goes on at #%d, not #%d%s: not read further",
                    table.id, logged.seq, table.log_length,
                    " (the match is over)" if match.finished else "",
                )  # fmt: skip
                break
            events, finished = replay_action(table, logged, stored_deals)
            table.log_length += 1
            actor = logged.user_id if logged.source == "human" else None
            update = await self._finish_change(
                table, match, events, finished, actor, logged.seat, logged.source
            )
            updates.append(await self.tables.changed(update))
        return updates

    async def _finish_change(
        self,
        table: Table,
        match: Match,
        events: list[Event],
        finished: list[SheetEntry],
        actor: int | None,
        seat: int,
        source: ActionSource,
    ) -> Update:
        """The end of an action applied to ``match`` (taken here or read up from the log;
        ``table.log_length`` already counts it): the turn's reminder is reset, the results of
        the deals it finished (``finished``) are stored, a finished match ends the table; the
        update that tells of it."""
        table.reminded = False
        await self.store_results(table)
        kind: UpdateKind = "action"
        note: Note | None = None
        if match.finished:
            kind = "match_finished"
            table.status = "finished"
            self.tables.forget(table)
        elif finished:
            kind = "deal_finished"
            if self.between_deals is not None:
                note = await self.between_deals(table)
        update = Update(table, kind, events, finished, actor, seat, source)
        if note is not None:
            update.note, update.note_params = note
        return update

    async def store_results(self, table: Table) -> None:
        """Store the results of finished deals; on failure keep them for the next change."""
        if not table.unstored:
            return
        match = table.match
        assert match is not None
        try:
            await self.store.results.store_results(
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

"""The service's shared machinery: tables in memory, locks, listeners, logging one action."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any, Literal, TypeVar

from bot.storage import ActionSource, Store
from bot.tables.errors import NotFound
from bot.tables.model import Table, Update, UpdateKind
from bot.tables.players import (
    TAKEOVER_KIND,
    Player,
    PlayerFactory,
    core_player,
    player_seed,
)
from bot.tables.rebuild import finished_deal
from bot.tables.settings import GuildSettings
from ramsch_core import Action, RulesError

logger = logging.getLogger(__name__)

Listener = Callable[[Update], Awaitable[None]]
T = TypeVar("T")

LOBBY_TIMEOUT = 15 * 60.0
IDLE_TIMEOUT = 24 * 3600.0


async def uncancellable(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to its end even if the caller is cancelled meanwhile (then re-raise).

    A logged action and the in-memory state must change together: a commit that went through
    while its caller was cancelled would otherwise never reach the session.
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


class ServiceBase:
    """State and helpers every part of the TableService shares."""

    def __init__(
        self,
        store: Store,
        *,
        seed_source: Callable[[], int] | None = None,
        ai_delay: float = 0.0,
        clock: Callable[[], float] = time.time,
        player_factory: PlayerFactory | None = None,
        lobby_timeout: float = LOBBY_TIMEOUT,
        idle_timeout: float = IDLE_TIMEOUT,
    ) -> None:
        self.store = store
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self.ai_delay = ai_delay
        self.clock = clock
        self.player_factory = player_factory or core_player
        self.lobby_timeout = lobby_timeout
        self.idle_timeout = idle_timeout
        self.listeners: list[Listener] = []
        self._tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._players: dict[tuple[int, int, str], Player] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._open_lock = asyncio.Lock()

    # -- finding tables ------------------------------------------------------------------------

    def get(self, table_id: int) -> Table:
        try:
            return self._tables[table_id]
        except KeyError:
            raise NotFound("This table no longer exists") from None

    def open_tables(self, channel_id: int | None = None) -> list[Table]:
        """Lobbies and running tables, oldest first (of one channel if given)."""
        return [
            table
            for table in self._tables.values()
            if channel_id is None or table.channel_id == channel_id
        ]

    @asynccontextmanager
    async def _locked(self, table_id: int) -> AsyncIterator[Table]:
        """The table under its lock; NotFound if it closed while we waited."""
        self.get(table_id)
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            yield self.get(table_id)

    def _forget(self, table: Table) -> None:
        """Drop a finished or cancelled table from memory (the store keeps it)."""
        self._tables.pop(table.id, None)
        self._locks.pop(table.id, None)
        for key in [key for key in self._players if key[0] == table.id]:
            del self._players[key]

    # -- after every change --------------------------------------------------------------------

    async def _changed(self, update: Update) -> Update:
        """Bump the version, tell every listener (in order, under the table's lock), and let
        the AI move if an AI or away seat is now to act."""
        table = update.table
        table.version += 1
        table.updated_at = self.clock()
        for listener in list(self.listeners):
            try:
                await listener(update)
            except Exception:
                # The change is committed; a failed render must not undo or block it.
                logger.exception("Listener failed on %s of table %s", update.kind, table.id)
        self._schedule_automatic(table)
        return update

    async def _end(
        self, table: Table, kind: Literal["cancelled", "closed"], actor: int | None, note: str
    ) -> Update:
        """Cancel a lobby or close a running table early; finished deals keep their results."""
        if table.match is not None:
            await self._record(table)
        await self.store.set_status(table.id, "cancelled", self.clock())
        table.status = "cancelled"
        self._forget(table)
        return await self._changed(Update(table, kind, actor=actor, note=note))

    # -- applying one action -------------------------------------------------------------------

    async def _apply(
        self, table: Table, seat: int, action: Action, source: ActionSource, actor: int | None
    ) -> Update:
        """Log a checked action (commit), then apply it; store any deal it finishes."""
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
        table.log_length += 1
        deal = match.deal
        before = len(match.finished_deals)
        events = match.apply(action, seat)
        finished = match.finished_deals[before:]
        for entry in finished:
            table.unrecorded.append(finished_deal(table, entry, deal, now))
        if source == "human":
            table.strikes[seat] = 0
            table.last_human_at = now
        table.turn_started_at = now
        table.reminded = False
        await self._record(table)
        kind: UpdateKind = "action"
        if match.finished:
            kind = "session_finished"
            table.status = "finished"
            self._forget(table)
        elif finished:
            kind = "deal_finished"
        return Update(table, kind, events, list(finished), actor, seat, source)

    async def _record(self, table: Table) -> None:
        """Store the results of finished deals; on failure keep them for the next change."""
        if not table.unrecorded:
            return
        match = table.match
        assert match is not None
        try:
            await self.store.record_deals(
                table.id,
                table.unrecorded,
                totals=match.totals,
                match_finished=match.finished,
            )
        except Exception:
            # The action log holds the truth; results are derived and are written again with
            # the next change or rebuilt by recover().
            logger.exception("Could not store deal results of table %s", table.id)
            return
        table.unrecorded.clear()

    # -- AI seats and away players -------------------------------------------------------------

    def _automatic_seat(self, table: Table) -> int | None:
        """The seat to act if the service plays it: an AI seat or an away player."""
        seat = table.to_act
        if seat is None:
            return None
        holder = table.seats[seat]
        return seat if holder.ai is not None or holder.away else None

    def _schedule_automatic(self, table: Table) -> None:
        if table.id not in self._tables or self._automatic_seat(table) is None:
            return
        task = self._tasks.get(table.id)
        if task is None or task.done():
            task = asyncio.create_task(self._run_automatic(table.id), name=f"ai-table-{table.id}")
            self._tasks[table.id] = task
            task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        for table_id, running in list(self._tasks.items()):
            if running is task:
                del self._tasks[table_id]

    async def _run_automatic(self, table_id: int) -> None:
        """Play AI and away seats one move at a time, ``ai_delay`` apart, until a human is due."""
        while True:
            await asyncio.sleep(self.ai_delay)
            try:
                async with self._locked(table_id) as table:
                    seat = self._automatic_seat(table)
                    if seat is None:
                        return
                    source: ActionSource = "ai" if table.seats[seat].ai is not None else "away"
                    await self._changed(await self._play_for(table, seat, source))
            except NotFound:
                return
            except Exception:
                # tick() starts the AI again, so a passing failure does not stall the table.
                logger.exception("The AI could not move at table %s", table_id)
                return

    async def _play_for(self, table: Table, seat: int, source: ActionSource) -> Update:
        """Let an AI choose for ``seat`` (AI seat, timer takeover or away player) and apply it."""
        match = table.match
        assert match is not None
        deal_seat = match.deal_seat(seat)
        assert deal_seat is not None
        view = match.deal.view(deal_seat)
        kind = table.seats[seat].ai or TAKEOVER_KIND
        # The view is an immutable snapshot: a thinking AI need not hold up the event loop.
        action = await asyncio.to_thread(self._player(table, seat, kind).choose, view)
        try:
            match.check(action, seat)
        except RulesError as error:
            logger.error("AI %r chose %s at table %s: %s", kind, action, table.id, error)
            action = view.legal[0]
        return await self._apply(table, seat, action, source, None)

    def _player(self, table: Table, seat: int, kind: str) -> Player:
        key = (table.id, seat, kind)
        if key not in self._players:
            assert table.seed is not None
            self._players[key] = self.player_factory(kind, player_seed(table.seed, seat, kind))
        return self._players[key]

    async def wait_idle(self) -> None:
        """Wait until no AI is moving anywhere (tests; a clean shutdown)."""
        while pending := [task for task in self._tasks.values() if not task.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    async def close(self) -> None:
        """Stop the AI tasks; the store stays open (its owner closes it)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()

    # -- guild settings ------------------------------------------------------------------------

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        data = await self.store.load_guild_settings(guild_id)
        return GuildSettings() if data is None else GuildSettings.model_validate(data)

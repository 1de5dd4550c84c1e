"""The action log of running tables: an action is committed to the store, then applied; the
results of the deals it finishes are stored right after."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

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


class ActionLog:
    """Applies checked actions: log (commit), then apply, then store any finished deal."""

    def __init__(self, store: Store, tables: TableRegistry, clock: Callable[[], float]) -> None:
        self.store = store
        self.tables = tables
        self.clock = clock

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
        except Exception:
            # The action log holds the truth; results are derived and are written again with
            # the next change or rebuilt by recovery.
            logger.exception("Could not store deal results of table %s", table.id)
            return
        table.unstored.clear()

"""What each table's messages show, stored for the next start: a restarted bot renders only
what changed since (bot/storage ``shown_tables``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from bot.storage import ShownTable

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.publish.state import Progress, TableState

log = logging.getLogger(__name__)

RECORD_INTERVAL = 0.25
"""Seconds between two writes of what the messages show (each write takes all renders since
the last one), so that they never crowd the action log's commits on the store's lock."""


class ShownRecorder:
    """Notes what a render showed and writes the notes in batches, in a task of its own."""

    def __init__(self, bot: RamschBot, closing: asyncio.Event) -> None:
        self.bot = bot
        self.closing = closing
        """Set when the publisher closes: no new task; the last batch is written at once."""
        self._shown: dict[int, ShownTable | None] = {}
        """What messages show since the last write, by table (None: the table is over)."""
        self._recorder: asyncio.Task[None] | None = None

    async def close(self) -> None:
        """Wait for the write under way, then write what is left."""
        if self._recorder is not None:
            await self._recorder
        await self.write()

    async def written(self) -> None:
        """Until what was noted so far is stored (or failed to be): the write under way, with
        the batches it takes on, is over."""
        while self._recorder is not None and not self._recorder.done():
            await asyncio.wait({self._recorder})

    def note(self, state: TableState, seen: Progress, over: bool) -> None:
        """Note what a successful render showed (``seen``: the table as it was when the render
        began; a later change is rendered next, and at worst rendered again after a restart)."""
        table = state.table
        if over:
            self._shown[table.id] = None
        elif (
            table.match is not None
            and state.message_id is not None
            and state.message_deal is not None
        ):
            log_position, away = seen
            self._shown[table.id] = ShownTable(
                table_id=table.id,
                message_id=state.message_id,
                log_position=log_position,
                deal=state.message_deal,
                results=state.announced,
                away=away,
                shown=state.message_key,
                hands=state.hands.shown_rows(log_position),
            )
        else:
            return
        if not self.closing.is_set() and (self._recorder is None or self._recorder.done()):
            self._recorder = asyncio.create_task(self.write(), name="record-shown")

    async def write(self) -> None:
        """Store what was noted, batch by batch, at most every RECORD_INTERVAL seconds. Best
        effort: a failed write only means a table is rendered once more after a restart.

        After each write the task waits out the interval, taking what is noted meanwhile into
        the next batch, even if nothing was noted during the write: when clicks come a few a
        second (each render noted apart) a write per render was a transaction per click."""
        while self._shown:
            batch, self._shown = self._shown, {}
            shown = [item for item in batch.values() if item is not None]
            over = [table_id for table_id, item in batch.items() if item is None]
            try:
                await self.bot.service.shown.save(shown, forget=over, at=time.time())
            except Exception as error:
                log.warning("Could not record what %d table(s) show: %s", len(batch), error)
            if not self.closing.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.closing.wait(), RECORD_INTERVAL)

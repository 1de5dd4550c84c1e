"""Keeps every table's Discord messages in step with its state: one coalescing task per table
renders each change and hands its messages to their own tasks (the channel's, each hand's), so
that a slow or failing message never holds up another."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
import time
from collections.abc import Collection
from typing import TYPE_CHECKING

import discord

from bot import i18n
from bot.publish.channel import UNKNOWN_CHANNEL, ChannelMessages
from bot.publish.delivery import Delivery, backoff
from bot.publish.shown import ShownRecorder
from bot.publish.state import TableState, channel_language, dms_allowed, position, quiet
from bot.storage import ShownTable
from bot.ui.message import Rendered

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.tables import Table, Update

log = logging.getLogger(__name__)

RETRIES = 4
"""Tries of the channel messages retried after a failure (1, 2, 4, 8 s later) before waiting
for the next change."""


class Publisher:
    """Renders the latest state of each table at most every ``interval`` seconds."""

    def __init__(self, bot: RamschBot, interval: float) -> None:
        self.bot = bot
        self.interval = interval
        self.states: dict[int, TableState] = {}
        self._changed = asyncio.Event()
        """Set when a render or a message ended: ``settled`` looks again (only while someone
        waits: looking costs a pass over every table)."""
        self._closed = False
        self._closing = asyncio.Event()
        self.recorder = ShownRecorder(bot, self._closing)
        """What the messages show, stored for the next start."""
        self.channel = ChannelMessages(bot, secrets.token_hex(4))
        """The messages in the tables' channels."""

    # -- called by the service and the cog ----------------------------------------------------

    async def on_update(self, update: Update) -> None:
        """Service listener: note the change; rendering happens in the table's task."""
        state = self.poke(update.table)
        if update.note and update.kind in ("cancelled", "closed"):
            state.end_note = update  # written at the render, in the channel's language
            return
        if update.note or update.kind in ("reminder", "away", "back"):
            state.notes.append(update)  # written at the render, in the channel's language

    def poke(self, table: Table) -> TableState:
        state = self.states.get(table.id)
        if state is None:
            state = self.states[table.id] = TableState(table, message_id=table.message_id)
        state.table = table
        self._wake(state)
        return state

    def _wake(self, state: TableState) -> None:
        """Render the table (again) in its task."""
        if self._closing.is_set() or self.states.get(state.table.id) is not state:
            return
        state.dirty.set()
        if state.task is None or state.task.done():
            name = f"render-table-{state.table.id}"
            state.task = asyncio.create_task(self._run(state), name=name)

    def _wake_later(self, state: TableState, delay: float) -> None:
        """Render the table again in ``delay`` seconds (a message's retry is due then)."""
        asyncio.get_running_loop().call_later(delay, self._wake, state)

    def attach(self, table: Table, message_id: int, shown: Rendered) -> None:
        """The lobby message the command just posted."""
        state = self.poke(table)
        state.message_id = message_id
        state.message_key = shown.key()

    def adopt(self, table: Table, shown: ShownTable | None = None) -> None:
        """A table recovered at start-up, with what its messages showed at the last render
        before (``shown``, if recorded). If they show its latest state, nothing is sent: its
        task starts with its next change. Otherwise it is rendered now (its recorded hand DMs
        edited), after reading back what the channel shows if a deal may have ended since."""
        match = table.match
        if shown is not None and (match is None or shown.message_id != table.message_id):
            shown = None
        if (
            shown is not None
            and match is not None
            and position(table) == (shown.log_position, shown.away)
            and shown.deal == table.deal_number
            and shown.results == len(match.finished_deals)
            and all(hand.shown is not None for hand in shown.hands)
        ):
            state = TableState(
                table,
                message_id=shown.message_id,
                message_deal=shown.deal,
                message_key=shown.shown,
                announced=shown.results,
                reconciled=True,
            )
            state.hands.restore(self.bot, shown, trust=True)
            self.states[table.id] = state
            return
        state = self.poke(table)
        state.adopted = True
        if match is not None:
            state.message_deal = table.deal_number
            state.announced = len(match.finished_deals)
        if shown is not None:
            state.hands.restore(self.bot, shown, trust=False)
            # The same deal as at the last render: no result can be missing from the channel
            # (a finished session is read back: its last result and standings may be).
            state.reconciled = shown.deal == table.deal_number and table.status != "finished"

    async def release(self, table_ids: Collection[int], timeout: float = 5.0) -> None:  # noqa: ASYNC109
        """Tables handed to another process: show what is pending (for up to ``timeout``
        seconds), stop their tasks and record what their messages show, so that the next
        owner renders only what changed since."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.settled(), timeout)
        states = [self.states[table_id] for table_id in table_ids if table_id in self.states]
        tasks = []
        for state in states:
            if self.states.get(state.table.id) is state:
                del self.states[state.table.id]
            tasks += [state.task, state.channel.task, *(d.task for d in state.hands.deliveries())]
        running = [task for task in tasks if task is not None and not task.done()]
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        self._note_settled()
        await self.recorder.write()

    def show_ephemeral(
        self, table: Table, user_id: int, interaction: discord.Interaction, shown: Rendered | None
    ) -> None:
        """Keep this ephemeral hand up to date from now on (through its interaction's token);
        the one the player opened before loses its buttons."""
        self.poke(table).hands.remember(user_id, interaction, shown)

    async def channel_deleted(self, channel_id: int) -> None:
        """A channel was deleted: its tables close (finished deals keep their results) and
        their players are told by DM."""
        tables = {table.id: table for table in self.bot.service.tables.open_tables(channel_id)}
        for state in self.states.values():
            if state.table.channel_id == channel_id:
                tables.setdefault(state.table.id, state.table)
        for table in tables.values():
            await self._channel_lost(self.poke(table))

    async def settled(self, *, retries: bool = False) -> None:
        """Wait until every table's latest state is shown (tests, a clean shutdown), but for
        messages that failed and wait for their retry (``retries``: those too)."""
        while not self._closed and self._pending(retries):
            self._changed.clear()
            await self._changed.wait()

    def _pending(self, retries: bool) -> bool:
        """Whether a render or a message is under way (or, with ``retries``, waits to be
        tried again)."""
        for state in self.states.values():
            if state.dirty.is_set() or state.rendering or state.channel.busy:
                return True
            if state.hands.busy() or (retries and (state.channel.waiting or state.hands.waiting())):
                return True
        return False

    def _note_settled(self) -> None:
        """A render or a message ended: a waiting ``settled`` looks again. Not a pass over
        every table here: with hundreds of tables that made each render cost milliseconds."""
        self._changed.set()

    async def close(self, timeout: float = 5.0) -> None:  # noqa: ASYNC109
        """Show what is pending (for up to ``timeout`` seconds), then stop every task."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.settled(retries=True), timeout)
        self._closing.set()
        tasks = []
        for state in self.states.values():
            tasks += [state.task, state.channel.task, *(d.task for d in state.hands.deliveries())]
        running = [task for task in tasks if task is not None and not task.done()]
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        self._closed = True
        self._changed.set()
        await self.recorder.close()

    # -- the render task ----------------------------------------------------------------------

    async def _run(self, state: TableState) -> None:
        """Render each change (coalesced: what changed while a render ran is rendered once
        after it): start the channel messages and every hand on their own tasks."""
        while True:
            await state.dirty.wait()
            state.dirty.clear()
            state.rendering = True
            try:
                over = await self._render(state)
            except Exception:
                log.exception("Rendering table %d failed", state.table.id)
                over = False
                self._wake_later(state, backoff(RETRIES))
            finally:
                state.rendering = False
            if over:
                if self.states.get(state.table.id) is state:
                    del self.states[state.table.id]
                self.recorder.note(state, position(state.table), True)
            else:
                self._note_current(state)
            self._note_settled()
            if over:
                return
            if self.interval:
                await asyncio.sleep(self.interval)

    async def _render(self, state: TableState) -> bool:
        """Start showing the table's latest state; True once it is over and fully shown."""
        table = state.table
        # This task renders only this table: the channel's language holds for all of it (the
        # hands switch to their players' languages while they are rendered; the tasks started
        # here inherit it).
        i18n.set_language(await channel_language(self.bot, state))
        dms = await dms_allowed(self.bot, state)
        state.seen = position(table)
        done = functools.partial(self._delivered, state)
        if quiet(state):
            state.notes.clear()
            state.end_note = None
            state.channel_done = table.status in ("cancelled", "finished")
        elif state.channel.busy:
            state.channel.behind = True
        elif not state.channel_done and not (
            state.channel.waiting and time.monotonic() < state.channel.retry_at
        ):
            work = self._channel_work(state)
            state.channel.start(work, done, f"the channel messages of table {table.id}")
        if state.channel_lost and table.status != "lobby":
            state.hands.tell_channel_gone(self.bot, table, dms)
        if table.status in ("cancelled", "finished"):
            state.hands.close(self.bot, table, done)
        elif table.status != "lobby":
            state.hands.show(self.bot, table, dms, done)
        return state.channel_done and state.hands.finished() and not state.hands.busy()

    def _delivered(self, state: TableState, delivery: Delivery) -> None:
        """A message's try ended: wake the table for its retry, or at once if a render passed
        it by or it asks for another."""
        if delivery is state.channel and delivery.failures > RETRIES:
            delivery.failures, delivery.retry_at = 0, 0.0  # the next change starts again
            delivery.behind = True  # not current: not noted as shown
        elif delivery.waiting:
            self._wake_later(state, max(0.0, delivery.retry_at - time.monotonic()))
        elif delivery.behind or delivery.again:
            self._wake(state)
        elif state.table.status in ("cancelled", "finished"):
            self._wake(state)  # the table may be fully shown now: end its task
        else:
            self._note_current(state)
        self._note_settled()

    def _note_current(self, state: TableState) -> None:
        """Once every message of the table shows its latest render, note what they show."""
        channel = state.channel
        if (
            state.dirty.is_set()
            or state.rendering
            or channel.busy
            or channel.behind
            or channel.waiting
            or state.hands.busy()
            or self.states.get(state.table.id) is not state
        ):
            return
        self.recorder.note(state, state.seen, False)

    async def _channel_work(self, state: TableState) -> None:
        """The channel messages. A channel that is gone closes the table."""
        try:
            state.channel_done = await self.channel.render(state)
        except discord.NotFound as error:
            if error.code != UNKNOWN_CHANNEL:
                raise
            await self._channel_lost(state)

    async def _channel_lost(self, state: TableState) -> None:
        """The table's channel is gone: close the table (finished deals keep their results);
        its players are told by DM at the next render."""
        if not state.channel_lost:
            log.info("Table %d: its channel is gone; closing the table", state.table.id)
        state.channel_lost = state.channel_done = True
        state.hands.channel_gone = True
        try:
            await self.bot.service.close_lost_channel(state.table.id)
        except Exception:
            log.exception("Could not close table %d after its channel was deleted", state.table.id)
        self._wake(state)

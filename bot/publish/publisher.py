"""Keeps every table's Discord messages in step with its state: one coalescing task per table
renders each change and hands its messages to their own tasks (the channel's, each hand's), so
that a slow or failing message never holds up another."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
import secrets
import time
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord

from bot import i18n
from bot.i18n import _
from bot.publish.hands import Delivery, Hands, backoff, nonce
from bot.storage import ShownTable
from bot.ui import ids
from bot.ui.card_pictures import with_trick
from bot.ui.hand import current_deal
from bot.ui.lobby import render_cancelled, render_lobby, table_title
from bot.ui.message import PICTURES_BACK_AFTER, Rendered, edit_message, upload_refused
from bot.ui.results import render_result, render_standings
from bot.ui.routing import shown_custom_ids
from bot.ui.table import render_table, render_table_closed
from bot.ui.text import note_text, seat_name

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.tables import Table, Update

log = logging.getLogger(__name__)

RETRIES = 4
"""Tries of the channel messages retried after a failure (1, 2, 4, 8 s later) before waiting
for the next change."""
RECORD_INTERVAL = 0.25
"""Seconds between two writes of what the messages show (each write takes all renders since
the last one), so that they never crowd the action log's commits on the store's lock."""
UNKNOWN_CHANNEL = 10003
"""Discord's error code for a channel that does not exist (deleted)."""
UNKNOWN_MESSAGE = 10008

Progress = tuple[int, str]
"""What a table's messages depend on beyond its log: its log length and the away flags."""


@dataclass
class TableState:
    """What has been shown of one table, and the tasks that show the rest: the table's task
    renders each change and hands the channel messages (results, notes, the table message, in
    order) and every private hand to their own tasks, which run side by side."""

    table: Table
    dirty: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    rendering: bool = False
    channel: Delivery = field(default_factory=Delivery)
    """The channel messages' try in flight, its failures and retry."""
    channel_done: bool = False
    """The channel shows the end of the table (cancelled or finished) and nothing is left."""
    channel_lost: bool = False
    """The table's channel was deleted: nothing is sent there any more."""
    message_id: int | None = None
    message_deal: int | None = None
    """The deal the table message shows; None while it is the lobby."""
    message_key: str | None = None
    message_kept: dict[str, discord.Attachment] = field(default_factory=dict)
    """The table message's pictures by what they show (``Rendered.kept``)."""
    announced: int = 0
    """Finished deals whose result was posted."""
    standings_posted: bool = False
    adopted: bool = False
    """Recovered at start-up: post a table message if there is none."""
    reconciled: bool = False
    """After a restart: what the channel already shows was read back (see _reconcile)."""
    hands: Hands = field(default_factory=Hands)
    dms_allowed: bool | None = None
    """The guild lets the bot DM players (its settings, read once per table)."""
    language: str | None = None
    """The language of the channel's messages (read once per table)."""
    notes: list[Update] = field(default_factory=list)
    """Changes with a sentence for the channel (timer notes), posted with the next render."""
    notes_posted: int = 0
    """Notes posted so far (each post's nonce is told apart by its number)."""
    end_note: Update | None = None
    """Why the table was cancelled or closed, if not by a click."""
    reminder_message: int | None = None
    """The channel message that reminds the player to act (deleted when his turn is over)."""
    seen: Progress = (0, "")
    """The table as it was at the latest render."""


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
        self._shown: dict[int, ShownTable | None] = {}
        """What messages show since the last write, by table (None: the table is over)."""
        self._recorder: asyncio.Task[None] | None = None
        self._closing = asyncio.Event()
        self._salt = secrets.token_hex(4)
        """Tells this process's notes from another's (their nonces must never meet)."""

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
        await self._write_shown()

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
        if self._recorder is not None:
            await self._recorder
        await self._write_shown()

    # -- what the messages show, stored for the next start -----------------------------------

    def _note_shown(self, state: TableState, seen: Progress, over: bool) -> None:
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
        if not self._closing.is_set() and (self._recorder is None or self._recorder.done()):
            self._recorder = asyncio.create_task(self._write_shown(), name="record-shown")

    async def _write_shown(self) -> None:
        """Store what was noted, batch by batch, at most every RECORD_INTERVAL seconds. Best
        effort: a failed write only means a table is rendered once more after a restart."""
        while self._shown:
            batch, self._shown = self._shown, {}
            shown = [item for item in batch.values() if item is not None]
            over = [table_id for table_id, item in batch.items() if item is None]
            try:
                await self.bot.service.shown.save(shown, forget=over, at=time.time())
            except Exception as error:
                log.warning("Could not record what %d table(s) show: %s", len(batch), error)
            if self._shown and not self._closing.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._closing.wait(), RECORD_INTERVAL)

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
                self._note_shown(state, position(state.table), True)
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
        i18n.set_language(await self._language(state))
        dms = await self._dms_allowed(state)
        state.seen = position(table)
        done = functools.partial(self._delivered, state)
        if state.channel.busy:
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
        self._note_shown(state, state.seen, False)

    async def _channel_work(self, state: TableState) -> None:
        """The channel messages. A channel that is gone closes the table."""
        try:
            state.channel_done = await self._render_channel(state)
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

    async def _render_channel(self, state: TableState) -> bool:
        """Show the table's latest state in its channel; True once it is over there."""
        table = state.table
        if state.channel_lost:
            return True
        if table.status == "lobby":
            if state.message_id is not None or state.adopted:
                await self._show(state, render_lobby(table))
            return False
        if state.adopted and not state.reconciled:
            await self._reconcile(state)
        await self._announce(state)
        if table.status == "cancelled":
            note = note_text(state.end_note) if state.end_note is not None else ""
            await self._show(state, render_cancelled(table, note))
            return True
        await self._clear_reminder(state)
        while state.notes:
            update = state.notes[0]
            note = channel_note(update)
            if note:
                tag = nonce(self._salt, table.id, table.created_at, "note", state.notes_posted)
                sent = await self._channel(table).send(note, nonce=tag)
                state.notes_posted += 1
                if update.kind == "reminder" and table.reminded:
                    state.reminder_message = sent.id
            state.notes.pop(0)
        if table.status == "finished":
            await self._show(state, render_table_closed(table, _("The session is over.")))
            if not state.standings_posted:
                await self._send(state, render_standings(table), "standings")
                state.standings_posted = True
            return True
        await self._next_deal(state)
        await self._show(state, self._table_message(state, await self._dms_allowed(state)))
        return False

    def _table_message(self, state: TableState, dms: bool) -> Rendered:
        table = state.table
        # the deal's public view, worked out once for the text and the picture
        view = table.match.deal.public_view() if table.match is not None else None
        shown = render_table(table, dms=dms, view=view)
        if state.hands.pictures and not state.hands.pictures_off():
            return with_trick(shown, table, view)
        return shown

    async def _read_settings(self, state: TableState) -> None:
        settings = await self.bot.service.guilds.get(state.table.guild_id)
        state.dms_allowed = settings.dms
        state.hands.pictures = settings.pictures
        language: str = settings.language
        if language == "auto":
            guild = self.bot.get_guild(state.table.guild_id)
            language = i18n.language_of(guild.preferred_locale if guild is not None else None)
        state.language = language

    async def _clear_reminder(self, state: TableState) -> None:
        """Once the reminded player's turn is over, his reminder goes (it was a ping; the
        channel keeps only what still holds). Best effort: a failed delete only leaves it."""
        if state.reminder_message is None or state.table.reminded:
            return
        message, state.reminder_message = state.reminder_message, None
        try:
            await self._channel(state.table).get_partial_message(message).delete()
        except discord.HTTPException as error:
            log.info("Table %d: could not delete a reminder: %s", state.table.id, error)

    async def _dms_allowed(self, state: TableState) -> bool:
        if state.dms_allowed is None:
            await self._read_settings(state)
        assert state.dms_allowed is not None
        return state.dms_allowed

    async def _language(self, state: TableState) -> str:
        """The language of the table's channel messages: the server's choice in its settings,
        else the server's language in Discord (read once per table)."""
        if state.language is None:
            await self._read_settings(state)
        assert state.language is not None
        return state.language

    # -- channel messages ---------------------------------------------------------------------

    def _channel(self, table: Table) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    async def _send(self, state: TableState, shown: Rendered, *purpose: object) -> discord.Message:
        """Post a message in the table's channel; ``purpose`` tells it from every other post
        (its nonce: a try whose answer was lost is not posted twice)."""
        table = state.table
        tag = nonce(table.id, table.created_at, *purpose)
        return await self._channel(table).send(**shown.send_kwargs(), nonce=tag)

    async def _show(self, state: TableState, shown: Rendered) -> None:
        """Edit the table message if what it shows changed; post a new one if it is gone. A
        failed edit is tried again (the render fails): only a deleted message is replaced."""
        key = shown.key()
        if state.message_id is not None and key == state.message_key:
            return
        if state.message_id is not None:
            # Until the edit is known to be made, what the message carries is not known.
            kept, state.message_kept = state.message_kept, {}
            try:
                edited = await edit_message(
                    self.bot,
                    state.table.channel_id,
                    state.message_id,
                    shown.edit_kwargs(kept),
                )
                state.message_key = key
                state.message_kept = shown.kept(edited)
                return
            except discord.NotFound as error:
                if error.code == UNKNOWN_CHANNEL:
                    raise
                log.info("Table %d lost its message; posting a new one", state.table.id)
            except discord.HTTPException as error:
                if not upload_refused(shown, error):
                    raise
                self._pictures_refused(state, error)
                await self._show(state, shown.text_only())
                return
        await self._post(state, shown, state.message_deal)

    def _pictures_refused(self, state: TableState, error: discord.HTTPException) -> None:
        """Discord refused or failed a picture of the table: its messages are shown as text
        for a while (said once in the log), then pictures are tried again."""
        if not state.hands.pictures_off():
            log.warning(
                "Table %d: Discord did not take a picture (%s %s): showing the table as text "
                "for %.0f s",
                state.table.id, error.status, error.code, PICTURES_BACK_AFTER,
            )  # fmt: skip
        state.hands.pictures_off_until = time.monotonic() + PICTURES_BACK_AFTER

    async def _post(self, state: TableState, shown: Rendered, deal: int | None) -> None:
        """Post the table message anew; the store remembers it and the deal it shows."""
        try:
            message = await self._send(state, shown, "table", deal, state.message_id)
        except discord.HTTPException as error:
            if not upload_refused(shown, error):
                raise
            self._pictures_refused(state, error)
            shown = shown.text_only()
            message = await self._send(state, shown, "table", deal, state.message_id)
        state.message_id, state.message_key = message.id, shown.key()
        state.message_kept = {}  # a repeated post may show an earlier render
        await self.bot.service.lobby.set_message(state.table.id, message.id, deal)

    async def _announce(self, state: TableState) -> None:
        """Post the result of every deal finished since the last render, in order."""
        match = state.table.match
        if match is None:
            return
        for entry in match.finished_deals[state.announced :]:
            await self._send(state, render_result(state.table, entry), "result", entry.number)
            state.announced += 1

    async def _next_deal(self, state: TableState) -> None:
        """At a new deal the table message moves below the result: close the old, post anew."""
        table = state.table
        number = current_deal(table)  # never one beyond the last (a session just over)
        if state.message_deal == number:
            return
        if state.message_deal is not None and state.message_id is not None:
            note = _("Deal {number} is over.", number=state.message_deal + 1)
            closed = render_table_closed(table, note, state.message_deal)
            await self._show(state, closed)
            shown = self._table_message(state, await self._dms_allowed(state))
            await self._post(state, shown, number)
        elif state.message_id is not None:  # the lobby message shows the first deal from now on
            await self.bot.service.lobby.set_message(table.id, state.message_id, number)
        state.message_deal = number

    async def _reconcile(self, state: TableState) -> None:
        """After a restart, read back which results (and, once the match is over, standings)
        follow the table message, so that results of deals that ended just before a crash are
        still posted and none twice. Which deal the message shows the store says (written with
        the message id); the messages after it are ours by the ids of their controls. For a
        message whose deal is not known (posted before the store kept it), assume every result
        was shown."""
        state.reconciled = True
        table = state.table
        if state.message_id is None or table.match is None:
            return
        channel = self._channel(table)
        try:
            after = discord.Object(id=state.message_id)
            later = [m async for m in channel.history(after=after, limit=50)]
        except discord.HTTPException as error:
            log.info("Table %d: could not read its messages back: %s", table.id, error)
            return
        me = self.bot.user.id if self.bot.user is not None else 0
        ours = [message for message in later if message.author.id == me]
        if table.status == "finished":
            state.standings_posted = any(shows_standings(m, table.id) for m in ours)
        shown = table.message_deal
        if shown is None:
            return
        posted = [deal for message in ours for deal in result_deals(message, table.id)]
        state.message_deal = shown
        state.announced = min(max(posted, default=shown - 1) + 1, len(table.match.finished_deals))


def position(table: Table) -> Progress:
    return table.log_length, "".join("1" if seat.away else "0" for seat in table.seats)


def channel_note(update: Update) -> str:
    """The sentence a timer change (or a return) adds to the channel, in the current language;
    empty for none. A reminder is a new message that mentions the player (an edit would not
    notify him), with the time left as a live countdown."""
    table = update.table
    if update.kind not in ("reminder", "away", "back") or update.seat is None:
        return note_text(update)
    seat = table.seats[update.seat]
    mention = f"<@{seat.user_id}>" if seat.user_id is not None else None
    if update.kind == "reminder" and mention is not None:
        if table.turn_timeout is None:
            return _(
                "⏰ {mention}, it's your turn ({table}).", mention=mention, table=table_title(table)
            )
        ends = f"<t:{int(table.turn_started_at + table.turn_timeout)}:R>"
        return _(
            "⏰ {mention}, it's your turn ({table}): time runs out {ends}.",
            mention=mention,
            table=table_title(table),
            ends=ends,
        )
    if update.kind == "away" and mention is not None:
        return _(
            "💤 {note}. {mention}, press **I'm back** to play again.",
            note=note_text(update),
            mention=mention,
        )
    if update.kind == "back":
        return _("👋 {name} is back and plays again.", name=seat_name(seat))
    return note_text(update)


def result_deals(message: discord.Message, table_id: int) -> list[int]:
    """The deals (0-based) of ``table_id`` whose result ``message`` is: by its Record button."""
    deals = []
    for custom_id in shown_custom_ids(message):
        found = re.fullmatch(ids.RESULT_RECORD_TEMPLATE, custom_id)
        if found is not None and int(found["table"]) == table_id:
            deals.append(int(found["deal"]))
    return deals


def shows_standings(message: discord.Message, table_id: int) -> bool:
    """Whether ``message`` is the final standings of ``table_id``: by its record select."""
    for custom_id in shown_custom_ids(message):
        found = re.fullmatch(ids.RECORD_TEMPLATE, custom_id)
        if found is not None and found["table"] and int(found["table"]) == table_id:
            return True
    return False

"""The messages of a table in its channel: the lobby, then the table message (moved below each
deal's result), the notes of its timers, and at the end the standings; read back after a
restart so that no result is missing or posted twice."""

from __future__ import annotations

import logging
import re
import time
from typing import TYPE_CHECKING

import discord

from bot.i18n import _
from bot.publish.delivery import nonce
from bot.publish.state import TableState, dms_allowed
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

UNKNOWN_CHANNEL = 10003
"""Discord's error code for a channel that does not exist (deleted)."""


class ChannelMessages:
    """Shows a table's latest state in its channel (run in the table's channel task)."""

    def __init__(self, bot: RamschBot, salt: str) -> None:
        self.bot = bot
        self.salt = salt
        """Tells this process's notes from another's (their nonces must never meet)."""

    async def render(self, state: TableState) -> bool:
        """Show the table's latest state in its channel; True once it is over there."""
        table = state.table
        if state.channel_lost:
            return True
        if table.status == "lobby":
            if state.message_id is not None or state.adopted:
                posted = state.message_id
                await self.show(state, render_lobby(table))
                if state.message_id != posted:  # posted anew: its link names the new message
                    await self.show(state, render_lobby(table))
            return False
        if state.adopted and not state.reconciled:
            await self._reconcile(state)
        await self._announce(state)
        if table.status == "cancelled":
            note = note_text(state.end_note) if state.end_note is not None else ""
            await self.show(state, render_cancelled(table, note))
            return True
        await self._clear_reminder(state)
        while state.notes:
            update = state.notes[0]
            note = channel_note(update)
            if note:
                tag = nonce(self.salt, table.id, table.created_at, "note", state.notes_posted)
                sent = await self._channel(table).send(note, nonce=tag)
                state.notes_posted += 1
                if update.kind == "reminder" and table.reminded:
                    state.reminder_message = sent.id
            state.notes.pop(0)
        if table.status == "finished":
            await self.show(state, render_table_closed(table, _("The session is over.")))
            if not state.standings_posted:
                await self._send(state, render_standings(table), "standings")
                state.standings_posted = True
            return True
        await self._next_deal(state)
        await self.show(state, self.table_message(state, await dms_allowed(self.bot, state)))
        return False

    def table_message(self, state: TableState, dms: bool) -> Rendered:
        """The table message, with the trick's picture unless pictures are off."""
        table = state.table
        # the deal's public view, worked out once for the text and the picture
        view = table.match.deal.public_view() if table.match is not None else None
        shown = render_table(table, dms=dms, view=view)
        if state.hands.pictures and not state.hands.pictures_off():
            return with_trick(shown, table, view)
        return shown

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

    def _channel(self, table: Table) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    async def _send(self, state: TableState, shown: Rendered, *purpose: object) -> discord.Message:
        """Post a message in the table's channel; ``purpose`` tells it from every other post
        (its nonce: a try whose answer was lost is not posted twice)."""
        table = state.table
        tag = nonce(table.id, table.created_at, *purpose)
        return await self._channel(table).send(**shown.send_kwargs(), nonce=tag)

    async def show(self, state: TableState, shown: Rendered) -> None:
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
                    self.bot, state.table.channel_id, state.message_id, shown, kept
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
                await self.show(state, shown.text_only())
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
            await self.show(state, closed)
            shown = self.table_message(state, await dms_allowed(self.bot, state))
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

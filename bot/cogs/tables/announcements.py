"""The announcement in the channel of a table that plays in a thread of its own: it loses its
Join button once the table starts or is cancelled, and says so if the thread is deleted."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from bot import i18n
from bot.tables.service import LOBBY_CHANNEL_LOST, TABLE_CHANNEL_LOST
from bot.ui.lobby import (
    render_announcement_end,
    render_announcement_gone,
    render_thread_gone_after_end,
)

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.tables import Update

log = logging.getLogger(__name__)


class Announcements:
    """Edits the announcements of tables that started or were cancelled (a service listener)."""

    def __init__(self, bot: RamschBot) -> None:
        self.bot = bot
        self.service = bot.service
        self._editing: set[asyncio.Task[None]] = set()
        """Edits of thread announcements once their table started or was cancelled."""
        self._last: dict[int, asyncio.Task[None]] = {}
        """Each table's latest edit: the next waits for it."""

    def cancel(self) -> None:
        """Stop the edits under way (the cog unloads)."""
        for task in list(self._editing):
            task.cancel()

    async def channel_language(self, guild_id: int) -> str:
        """The language of a server's table messages (as the publisher writes them)."""
        language: str = (await self.service.guilds.get(guild_id)).language
        if language == "auto":
            guild = self.bot.get_guild(guild_id)
            language = i18n.language_of(guild.preferred_locale if guild is not None else None)
        return language

    async def on_update(self, update: Update) -> None:
        """Service listener: once a table that plays in a thread starts or is cancelled, its
        announcement in the channel loses the Join button; if the thread was deleted, the
        announcement says so (in a task: not under the lock; a table's edits in order)."""
        if update.kind not in ("started", "cancelled", "closed", "match_finished"):
            return
        table_id = update.table.id
        task = asyncio.create_task(self._end_announcement(update, self._last.get(table_id)))
        self._last[table_id] = task
        self._editing.add(task)
        task.add_done_callback(self._editing.discard)
        task.add_done_callback(lambda done: self._done(table_id, done))

    def _done(self, table_id: int, task: asyncio.Task[None]) -> None:
        if self._last.get(table_id) is task:
            del self._last[table_id]

    async def settled(self) -> None:
        """Wait for the announcement edits under way (tests, a clean shutdown)."""
        while self._editing:
            await asyncio.gather(*self._editing, return_exceptions=True)

    async def thread_deleted(self, thread_id: int, open_tables: set[int]) -> None:
        """A deleted thread: the announcements of its tables that are over say it is gone
        (``open_tables``, closed as in a deleted channel, say so through ``on_update``)."""
        for thread in await self.service.threads.in_thread(thread_id):
            if thread.table_id in open_tables:
                continue
            before = self._last.get(thread.table_id)
            if before is not None:
                await asyncio.gather(before, return_exceptions=True)
            try:
                guild_id = await self._guild_of(thread.parent_id)
                with i18n.using(await self.channel_language(guild_id)):
                    shown = render_thread_gone_after_end()
                channel = self.bot.get_partial_messageable(thread.parent_id, guild_id=guild_id)
                await channel.get_partial_message(thread.announcement_id).edit(
                    **shown.edit_kwargs()
                )
            except discord.HTTPException as error:
                log.info("Table %d: could not update its announcement: %s", thread.table_id, error)
            except Exception:
                log.exception("Table %d: updating its announcement failed", thread.table_id)
            await self.service.threads.forget(thread.table_id)

    async def _guild_of(self, channel_id: int) -> int:
        channel = self.bot.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        if guild is None:
            raise LookupError(f"channel {channel_id} is not in a server the bot knows")
        return int(guild.id)

    async def _end_announcement(self, update: Update, before: asyncio.Task[None] | None) -> None:
        """Show the table's start, its cancel, or that its thread is gone; the announcement is
        done with once the table is over (until then a deleted thread is said to be gone)."""
        if before is not None:
            await asyncio.gather(before, return_exceptions=True)
        table = update.table
        try:
            thread = await self.service.threads.of(table.id)
            if thread is None:
                return
            gone = update.note in (LOBBY_CHANNEL_LOST, TABLE_CHANNEL_LOST)
            with i18n.using(await self.channel_language(table.guild_id)):
                if gone:
                    shown = render_announcement_gone(table, update.note == TABLE_CHANNEL_LOST)
                elif update.kind in ("started", "cancelled"):
                    shown = render_announcement_end(
                        table, thread.thread_id, update.kind == "started"
                    )
                else:  # over after its start: the announcement links the thread already
                    shown = None
            if shown is not None:
                channel = self.bot.get_partial_messageable(
                    thread.parent_id, guild_id=table.guild_id
                )
                await channel.get_partial_message(thread.announcement_id).edit(
                    **shown.edit_kwargs()
                )
            if gone or update.kind == "cancelled":
                await self.service.threads.forget(table.id)
            # A table over after its start keeps its record: its announcement links the
            # thread until the thread is deleted (``thread_deleted``).
        except discord.HTTPException as error:
            log.info("Table %d: could not update its announcement: %s", table.id, error)
            if update.kind != "started":  # the table is over: nothing more to show there
                await self.service.threads.forget(table.id)
        except Exception:
            log.exception("Table %d: updating its announcement failed", table.id)

"""The announcement in the channel of a table that plays in a thread of its own: it loses its
Join button once the table starts or is cancelled."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from bot import i18n
from bot.ui.lobby import render_announcement_end

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.tables import Table, Update

log = logging.getLogger(__name__)


class Announcements:
    """Edits the announcements of tables that started or were cancelled (a service listener)."""

    def __init__(self, bot: RamschBot) -> None:
        self.bot = bot
        self.service = bot.service
        self._editing: set[asyncio.Task[None]] = set()
        """Edits of thread announcements once their table started or was cancelled."""

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
        announcement in the channel loses the Join button (in a task: not under the lock)."""
        if update.kind not in ("started", "cancelled", "closed"):
            return
        task = asyncio.create_task(self._end_announcement(update.table))
        self._editing.add(task)
        task.add_done_callback(self._editing.discard)

    async def settled(self) -> None:
        """Wait for the announcement edits under way (tests, a clean shutdown)."""
        while self._editing:
            await asyncio.gather(*self._editing, return_exceptions=True)

    async def _end_announcement(self, table: Table) -> None:
        try:
            thread = await self.service.threads.of(table.id)
            if thread is None:
                return
            with i18n.using(await self.channel_language(table.guild_id)):
                shown = render_announcement_end(
                    table, thread.thread_id, table.status != "cancelled"
                )
            channel = self.bot.get_partial_messageable(thread.parent_id, guild_id=table.guild_id)
            await channel.get_partial_message(thread.announcement_id).edit(**shown.edit_kwargs())
            await self.service.threads.forget(table.id)
        except discord.HTTPException as error:
            log.info("Table %d: could not update its announcement: %s", table.id, error)
        except Exception:
            log.exception("Table %d: updating its announcement failed", table.id)

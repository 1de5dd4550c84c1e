"""Tables in Discord: the tables' life in this process (``TablesCog``), `/ramsch new` and
`/ramsch abort` (``table_commands``), opening a table's messages (``opening``), the clicks on its
controls (``clicks``), a private table's invitations (``invitations``) and the announcement of
a table in its own thread (``announcements``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot import i18n
from bot.cogs.tables.announcements import Announcements
from bot.cogs.tables.clicks import Clicks
from bot.cogs.tables.invitations import Invitations
from bot.cogs.tables.opening import TableOpener
from bot.cogs.tables.table_commands import TableCommands
from bot.i18n import N_, _
from bot.publish.publisher import Publisher
from bot.tables import NotFound
from bot.ui.routing import route_interaction

if TYPE_CHECKING:
    from bot.client import RamschBot

log = logging.getLogger(__name__)

MOVING = N_(
    "This table is moving to another part of the bot right now. Nothing was changed: please"
    " try again in a few seconds."
)
"""A click for a table whose process is being replaced (bot/cluster.py)."""


class TablesCog(commands.Cog, name="Tables"):
    """The tables' life in this process: recovered at the start, their timers run, taken over
    from and handed back to other processes; their messages kept in step (``publisher``) and
    their clicks answered (``clicks``)."""

    def __init__(self, bot: RamschBot) -> None:
        self.bot = bot
        self.service = bot.service
        self.publisher = Publisher(bot, bot.settings.ramsch_render_interval)
        self.opener = TableOpener(bot, self.publisher)
        self.announcements = Announcements(bot)
        self.invitations = Invitations(bot, self.announcements)
        self.clicks = Clicks(bot, self.publisher, self.opener, self.announcements, self.invitations)
        self._ticker: asyncio.Task[None] | None = None
        self._starting: asyncio.Task[None] | None = None
        """The recovery of the tables at the start (``_start``), while discord.py connects."""

    async def cog_load(self) -> None:
        self.bot.clicks = self.clicks
        self.service.tables.listeners.append(self.publisher.on_update)
        self.service.tables.listeners.append(self.announcements.on_update)
        # While discord.py connects; the gateway's events wait for it (bot.client.HeldEvents).
        self._starting = asyncio.create_task(self._start(), name="recover-tables")
        self.bot.starting.append(self._starting)

    async def _start(self) -> None:
        """Recover the tables, then run their timers and join the other processes."""
        cluster = self.bot.cluster
        await self._recover(cluster.owns_guild if cluster is not None else None)
        if self.bot.settings.ramsch_tick_interval > 0:
            self._ticker = asyncio.create_task(self._tick(), name="table-timers")
        if cluster is not None:
            cluster.attach(
                self.bot._connection.parsers,
                self._refuse_relayed,
                lambda table_id: table_id in self.service.tables,
            )
            await cluster.start(self._take_over, self._hand_back, self.bot.preferences.reload)

    async def _recover(self, guilds: Callable[[int], bool] | None) -> int:
        """Rebuild the open tables (of the servers ``guilds`` accepts) and show them."""
        recovered = await self.service.recovery.recover(guilds)
        shown = await self.service.shown.load() if recovered else {}
        for table in recovered:
            self.publisher.adopt(table, shown.get(table.id))
        return len(recovered)

    async def _take_over(self, shards: frozenset[int]) -> int:
        """The tables of shards whose process died are ours now (bot/cluster.py)."""
        assert self.bot.cluster is not None
        return await self._recover(self.bot.cluster.guilds_of(shards))

    async def _hand_back(self, shards: frozenset[int]) -> None:
        """The tables of shards taken over go back to their own process: dropped from memory
        (their AI and timers stop with them) once their latest state is shown."""
        assert self.bot.cluster is not None
        ours = self.bot.cluster.guilds_of(shards)
        dropped = []
        for table in self.service.tables.open_tables():
            if not ours(table.guild_id):
                continue
            try:
                async with self.service.tables.locked(table.id) as locked:
                    self.service.tables.forget(locked)
            except NotFound:
                continue
            dropped.append(table.id)
        await self.publisher.release(dropped)

    async def _refuse_relayed(self, data: dict[str, Any], error: BaseException | None) -> None:
        """Answer a click for a table no process can take right now (its process is being
        replaced); nothing changed."""
        interaction: discord.Interaction = discord.Interaction(
            data=data,  # type: ignore[arg-type]
            state=self.bot._connection,
        )
        if error is not None:
            await self.bot.report_error(interaction, error)
            return
        i18n.speak_to(interaction)
        await self.bot.reply(interaction, _(MOVING))

    async def cog_unload(self) -> None:
        if self._starting is not None and not self._starting.done():
            self._starting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._starting
        if self.bot.cluster is not None:
            await self.bot.cluster.stop()
        if self._ticker is not None:
            self._ticker.cancel()
        self.service.tables.listeners.remove(self.publisher.on_update)
        self.service.tables.listeners.remove(self.announcements.on_update)
        self.announcements.cancel()
        self.bot.clicks = None
        await self.publisher.close()

    async def _tick(self) -> None:
        """Run the service's timers: reminders, turn expiries, lobby and idle expiry."""
        while True:
            await asyncio.sleep(self.bot.settings.ramsch_tick_interval)
            try:
                await self.service.timers.tick()
            except Exception:
                log.exception("The table timers failed")

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """Tables in a deleted channel close; their players are told by DM."""
        await self.publisher.channel_deleted(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """Tables in a deleted thread close as in a deleted channel; their announcements in
        the channel say the thread is gone (Announcements)."""
        open_tables = {table.id for table in self.service.tables.open_tables(payload.thread_id)}
        await self.publisher.channel_deleted(payload.thread_id)
        await self.announcements.thread_deleted(payload.thread_id, open_tables)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every click on the bot's components (bot.ui.routing.route_click), also on one its
        message no longer shows, and the rules editor's modals."""
        try:
            await route_interaction(interaction)
        except Exception as error:
            await self.bot.report_error(interaction, error)

    async def announcements_settled(self) -> None:
        """Wait for the announcement edits under way (tests, a clean shutdown)."""
        await self.announcements.settled()


async def setup(bot: RamschBot) -> None:
    tables = TablesCog(bot)
    await bot.add_cog(tables)
    await bot.add_cog(TableCommands(bot, tables.opener, tables.invitations))

"""Tables: `/ramsch new`, `/ramsch abort` and every click on a lobby, table, hand or card."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands.choices import (
    GAME_CHOICES,
    SEAT_SIZES,
    describe,
    option_autocomplete,
    preset_autocomplete,
    requested_table,
    seats_autocomplete,
)
from bot.commands.group import RamschCog, subcommand
from bot.i18n import _
from bot.publish.publisher import Publisher
from bot.tables import ChannelBusy, NotFound, NotHost, TableError, WrongState
from bot.ui import ids
from bot.ui.actions import action_of
from bot.ui.editor import Draft
from bot.ui.editor_view import render_editor
from bot.ui.games import renderer_for
from bot.ui.hand import render_hand
from bot.ui.items import marked_on
from bot.ui.lobby import render_lobby
from bot.ui.routing import ALL_ITEMS, route_unhandled
from ramsch_core import Action, SeatView, SkatRules

if TYPE_CHECKING:
    from bot.client import RamschBot

log = logging.getLogger(__name__)
T = TypeVar("T")

ACK_AFTER = 2.0
"""Seconds a click may take before it is deferred (Discord wants an answer within 3)."""


class TablesCog(RamschCog, name="Tables"):
    """Opening, joining, starting and playing tables."""

    def __init__(self, bot: RamschBot) -> None:
        super().__init__(bot)
        self.service = bot.service
        self.publisher = Publisher(bot, bot.settings.ramsch_render_interval)
        self._ticker: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        await super().cog_load()
        self.bot.add_dynamic_items(*ALL_ITEMS)
        self.bot.clicks = self
        self.service.tables.listeners.append(self.publisher.on_update)
        recovered = await self.service.recovery.recover()
        shown = await self.service.store.load_shown() if recovered else {}
        for table in recovered:
            self.publisher.adopt(table, shown.get(table.id))
        if self.bot.settings.ramsch_tick_interval > 0:
            self._ticker = asyncio.create_task(self._tick(), name="table-timers")

    async def cog_unload(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        self.service.tables.listeners.remove(self.publisher.on_update)
        self.bot.remove_dynamic_items(*ALL_ITEMS)
        self.bot.clicks = None
        await self.publisher.close()
        await super().cog_unload()

    async def _tick(self) -> None:
        """Run the service's timers: reminders, turn expiries, lobby and idle expiry."""
        while True:
            await asyncio.sleep(self.bot.settings.ramsch_tick_interval)
            try:
                await self.service.timers.tick()
            except Exception:
                log.exception("The table timers failed")

    # -- commands ------------------------------------------------------------------------------

    @subcommand("new", "Open a table in this channel; players join with the buttons")
    @app_commands.describe(
        game="the game to play (default: the server's)",
        preset="the rules of that game (default: the server's, else the game's first)",
        rounds="rounds to play; in a round every seat deals once (default 1)",
        seats="players: Ramsen 3 to 5; in Ramsch one more than needed, the dealer sits out",
        skat_to=describe(SkatRules, "skat_to", "Skat Ramsch: "),
        scoring="Skat: points or a fixed stake; Altenburg: pips or penalty",
        stake=describe(SkatRules, "stake", "Skat Ramsch: "),
        schieben="Schieberamsch before the first trick (Skat, Altenburg)",
        durchmarsch=describe(SkatRules, "durchmarsch", "Skat Ramsch: "),
        bock="Bock rounds (deals count double) after a Durchmarsch; in Skat also 60:60, Kontra...",
        crosses="Ramsen: crosses each player owes at the start (five bars each)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(
        preset=preset_autocomplete,
        skat_to=option_autocomplete("skat_to"),
        scoring=option_autocomplete("scoring"),
    )
    @app_commands.autocomplete(seats=seats_autocomplete)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        preset: str | None = None,
        rounds: app_commands.Range[int, 1, 50] | None = None,
        seats: app_commands.Range[int, min(SEAT_SIZES), max(SEAT_SIZES)] | None = None,
        skat_to: str | None = None,
        scoring: str | None = None,
        stake: app_commands.Range[int, 1, 1000] | None = None,
        schieben: bool | None = None,
        durchmarsch: bool | None = None,
        bock: bool | None = None,
        crosses: app_commands.Range[int, 1, 10] | None = None,
    ) -> None:
        overrides = {
            "crosses": crosses,
            "skat_to": skat_to,
            "scoring": scoring,
            "stake": stake,
            "schieben": schieben,
            "durchmarsch": durchmarsch,
        }
        assert interaction.guild_id is not None and interaction.channel_id is not None
        guild = await self.service.guilds.get(interaction.guild_id)
        if not guild.allows(interaction.channel_id):
            where = " ".join(f"<#{channel}>" for channel in guild.channels)
            raise ChannelBusy(
                "Tables can't be opened in this channel: use {channels}", channels=where
            )
        rules, options = requested_table(
            guild, game, preset, overrides, seats=seats, rounds=rounds, bock=bock
        )
        update = await self.service.lobby.open(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            rules=rules,
            options=options,
        )
        table = update.table
        shown = render_lobby(table)
        try:
            response = await interaction.response.send_message(**shown.send_kwargs())
        except discord.HTTPException:
            await self.service.lobby.cancel(table.id, interaction.user.id, can_manage=True)
            raise
        message_id = response.message_id
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await self.service.lobby.set_message(table.id, message_id)
        self.publisher.attach(table, message_id, shown)

    @subcommand("abort", "Cancel the table in this channel (its host, or Manage Server)")
    async def abort(self, interaction: discord.Interaction) -> None:
        tables = self.service.tables.open_tables(interaction.channel_id)
        if not tables:
            raise NotFound("There is no open table in this channel")
        table = tables[0]
        await self.service.lobby.cancel(
            table.id, interaction.user.id, can_manage=interaction.permissions.manage_guild
        )
        await interaction.response.send_message(
            _("Table #{table} is cancelled.", table=table.id), ephemeral=True
        )

    # -- clicks (see bot.ui.items) ------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Clicks on buttons their message no longer shows (stale clients) are answered too,
        and so are the rules editor's modals."""
        try:
            await route_unhandled(interaction)
        except Exception as error:
            await self.bot.report_error(interaction, error)

    async def _answer(self, interaction: discord.Interaction, work: Awaitable[T]) -> T | None:
        """Run a click's service call and acknowledge the click (deferring early if the call is
        slow); the messages show the effect. Refusals and errors go to the one handler."""
        task = asyncio.ensure_future(work)
        try:
            done, _ = await asyncio.wait({task}, timeout=ACK_AFTER)
            if not done:
                await interaction.response.defer()
            result = await task
            if not interaction.response.is_done():
                await interaction.response.defer()
        except Exception as error:
            await self.bot.report_error(interaction, error)
            return None
        return result

    async def _act(
        self, interaction: discord.Interaction, table_id: int, deal: int, action: Action
    ) -> None:
        user = interaction.user.id
        update = await self._answer(
            interaction,
            self._faced(table_id, self.service.play.act(table_id, user, action, deal_number=deal)),
        )
        if update is not None and _on_ephemeral(interaction):
            self.publisher.show_ephemeral(update.table, user, interaction, None)

    async def _faced(self, table_id: int, work: Awaitable[T]) -> T:
        """``work``, its refusal marked with the table's rules, so that the error handler
        shows its cards as the reader sees them at that table (the German pack at a Schafkopf
        table)."""
        try:
            return await work
        except TableError as error:
            if table_id in self.service.tables:
                error.rules = self.service.tables.get(table_id).rules  # type: ignore[attr-defined]
            raise

    async def on_lobby(
        self, interaction: discord.Interaction, table_id: int, action: ids.LobbyAction
    ) -> None:
        user = interaction.user
        if action == "rules":
            await self._open_editor(interaction, table_id)
            return
        work: Awaitable[Any]
        if action == "join":
            work = self.service.lobby.join(table_id, user.id, user.display_name)
        elif action == "leave":
            work = self.service.lobby.leave(table_id, user.id)
        elif action == "start":
            work = self.service.lobby.start(table_id, user.id)
        elif action == "addai":
            work = self.service.lobby.add_ai(table_id, user.id)
        elif action == "removeai":
            work = self.service.lobby.remove_ai(table_id, user.id)
        else:
            manage = interaction.permissions.manage_guild
            work = self.service.lobby.cancel(table_id, user.id, can_manage=manage)
        await self._answer(interaction, work)

    async def _open_editor(self, interaction: discord.Interaction, table_id: int) -> None:
        """The host's private rules editor (its controls are answered by the config cog)."""
        try:
            table = self.service.tables.get(table_id)
            if interaction.user.id != table.host_id:
                raise NotHost("Only the host can change the rules")
            if table.status != "lobby":
                raise WrongState("The game has already started")
            shown = render_editor(Draft.of_table(table))
            await interaction.response.send_message(**shown.send_kwargs(), ephemeral=True)
        except Exception as error:
            await self.bot.report_error(interaction, error)

    async def on_back(self, interaction: discord.Interaction, table_id: int) -> None:
        await self._answer(interaction, self.service.play.back(table_id, interaction.user.id))

    async def on_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        try:
            table = self.service.tables.get(table_id)
            if table.seat_of(interaction.user.id) is None:
                raise TableError("You are not playing at this table")
            if table.match is None:
                raise TableError("The game has not started yet")
            shown = render_hand(table, interaction.user.id)
            await interaction.response.send_message(**shown.send_kwargs(), ephemeral=True)
        except Exception as error:
            await self.bot.report_error(interaction, error)
            return
        self.publisher.show_ephemeral(table, interaction.user.id, interaction, shown)

    async def on_mark(
        self, interaction: discord.Interaction, table_id: int, deal: int, mark: str
    ) -> None:
        user = interaction.user.id
        try:
            renderer = renderer_for(self.service.tables.get(table_id).rules)
        except TableError as error:
            await self.bot.report_error(interaction, error)
            return

        # What the clicked hand shows marked: the start after a restart, which forgets marks.
        seen = marked_on(interaction.message)

        def toggle(view: SeatView, marks: tuple[str, ...] | None) -> tuple[str, ...]:
            return renderer.mark(view, seen if marks is None else marks, mark)

        update = await self._answer(
            interaction, self.service.play.mark(table_id, user, deal, toggle)
        )
        if update is not None and _on_ephemeral(interaction):
            self.publisher.show_ephemeral(update.table, user, interaction, None)

    async def on_action(
        self,
        interaction: discord.Interaction,
        table_id: int,
        deal: int,
        kind: str,
        arg: str | None,
        values: list[str] | None,
    ) -> None:
        try:
            action = action_of(kind, arg, values)
        except TableError as error:
            await self.bot.report_error(interaction, error)
            return
        await self._act(interaction, table_id, deal, action)


def _on_ephemeral(interaction: discord.Interaction) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(TablesCog(bot))

"""`/ramsch new` and `/ramsch abort`: opening a table in a channel, and cancelling it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.cogs.tables.opening import TableOpener, thread_parent
from bot.cogs.tables.opening import invited as invited_players
from bot.commands.choices import (
    GAME_CHOICES,
    SEAT_SIZES,
    options_autocomplete,
    preset_autocomplete,
    seats_autocomplete,
    table_request,
)
from bot.commands.group import RamschCog, subcommand
from bot.commands.options import stale_options
from bot.i18n import _
from bot.permissions import require_table_permissions
from bot.tables import ChannelBusy, NotFound, TableError, Update

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.cogs.tables.invitations import Invitations

MAX_NAME = 100
"""Characters a preset name typed into a command may have (the longest is ~20)."""
MAX_OPTIONS = 200
"""Characters of the options typed into `/ramsch new` (every option of a game is ~150)."""


class TableCommands(RamschCog, name="Table commands"):
    """`/ramsch new` and `/ramsch abort`."""

    def __init__(self, bot: RamschBot, opener: TableOpener, invitations: Invitations) -> None:
        super().__init__(bot)
        self.service = bot.service
        self.opener = opener
        self.invitations = invitations

    @subcommand("new", "Open a table in this channel; players join with the buttons")
    @app_commands.describe(
        game="the game to play (default: the server's)",
        preset="the rules of that game (default: the server's, else the game's first)",
        rounds="rounds to play; in a round every seat deals once (default 1)",
        seats="players at the table; with one more than the game needs, the dealer sits out",
        options="the game's options as name=value, separated by commas (offered as you type)",
        invite1="a player to invite: pinged, with a Join button",
        invite2="another player to invite",
        invite3="another player to invite",
        private="only you and the players you invite can join (default: anyone)",
        public="players of every server that takes part can join; played in direct messages",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(preset=preset_autocomplete, options=options_autocomplete)
    @app_commands.autocomplete(seats=seats_autocomplete)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        preset: app_commands.Range[str, 1, MAX_NAME] | None = None,
        rounds: app_commands.Range[int, 1, 50] | None = None,
        seats: app_commands.Range[int, min(SEAT_SIZES), max(SEAT_SIZES)] | None = None,
        options: app_commands.Range[str, 1, MAX_OPTIONS] | None = None,
        invite1: discord.User | None = None,
        invite2: discord.User | None = None,
        invite3: discord.User | None = None,
        private: bool = False,
        public: bool = False,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        guild = await self.service.guilds.get(interaction.guild_id)
        parent = thread_parent(interaction)
        if not guild.allows(interaction.channel_id if parent is None else parent):
            where = " ".join(f"<#{channel}>" for channel in guild.channels)
            raise ChannelBusy(
                "Tables can't be opened in this channel: use {channels}", channels=where
            )
        require_table_permissions(interaction)
        rules, table_options = table_request(
            guild, game, preset, options, seats=seats, rounds=rounds,
            stale=stale_options(interaction),
        )  # fmt: skip
        invited = invited_players(
            interaction, (invite1, invite2, invite3), int(table_options["seats"])
        )
        if public:
            if private or invited:
                raise TableError("A public table is open to all: it can't be private or invite")
            public_play: Any = self.bot.get_cog("Public play")
            await public_play.open_public(interaction, rules, table_options)
            return
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        host = interaction.user

        async def opener() -> Update:
            return await self.service.lobby.open(
                guild_id=guild_id, channel_id=channel_id, host_id=host.id,
                host_name=host.display_name, rules=rules, options=table_options,
                parent_id=parent, private=private, invited=invited,
            )  # fmt: skip

        table = await self.opener.open(interaction, guild, opener, invited)
        if private and invited:  # the link by DM too: the ping shows only in the channel
            failed = await self.invitations.send(table, invited, host)
            if failed:
                await self.invitations.tell_unreachable(interaction, table.id, failed)

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

"""A player's past: `/ramsch history`, `/ramsch record` (a finished deal as a JSON file) and
`/ramsch replay` (a finished deal step by step, privately, with every hand)."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import i18n
from bot.commands.group import RamschCog, subcommand
from bot.tables import TableError
from bot.ui import faces
from bot.ui.boards import record_board, record_note, render_history
from bot.ui.replay import ReplayOf, render_replay, replay_steps

if TYPE_CHECKING:
    from bot.client import RamschBot

HISTORY_LENGTH = 10
MAX_TABLE = 2**31 - 1
"""The highest table number the commands take (far above any table a bot will open)."""
MAX_DEAL = 200
"""The highest deal number (from 1) the commands take: no session has more deals."""


def checked(table: int | None, deal: int | None) -> None:
    """Refuse a table or deal number out of range (Discord checks the options' bounds, but a
    click or a forged request may carry any number): before it reaches the database."""
    if table is not None and not 1 <= table <= MAX_TABLE:
        raise TableError("Table numbers run from 1 to {most}", most=MAX_TABLE)
    if deal is not None and not 0 <= deal < MAX_DEAL:
        raise TableError("Deals are numbered from 1 to {most}", most=MAX_DEAL)


class HistoryCog(RamschCog, name="History"):
    """Recent sessions and the game records of their deals."""

    @subcommand("history", "Your recent Ramsch sessions on this server, and their records")
    async def history(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        user = interaction.user
        sessions = await self.bot.service.boards.history(
            user.id, guild_id=interaction.guild_id, limit=HISTORY_LENGTH
        )
        shown = render_history(sessions, user.id, user.display_name)
        await interaction.response.send_message(**shown.send_kwargs(), ephemeral=True)

    @subcommand("record", "The game record of a finished deal, as a JSON file to replay")
    @app_commands.describe(
        table="the table number (the number after # in its title)", deal="the deal, from 1"
    )
    async def record(
        self,
        interaction: discord.Interaction,
        table: app_commands.Range[int, 1, MAX_TABLE],
        deal: app_commands.Range[int, 1, MAX_DEAL],
    ) -> None:
        checked(table, deal - 1)
        await self._send_record(interaction, table, deal - 1)

    async def on_record(
        self, interaction: discord.Interaction, table_id: int | None, deal: int | None
    ) -> None:
        """A deal picked in the history's select."""
        i18n.speak_to(interaction)
        try:
            if table_id is None or deal is None:
                raise TableError("Pick one of the deals in the list")
            if interaction.guild_id is None:  # records are a server's: a forged click in a DM
                raise TableError("That table belongs to another server")
            checked(table_id, deal)
            await self._send_record(interaction, table_id, deal)
        except Exception as error:
            await self.bot.report_error(interaction, error)

    async def _send_record(
        self, interaction: discord.Interaction, table_id: int, deal: int
    ) -> None:
        record = await self.bot.service.boards.deal_record(
            table_id, deal, guild_id=interaction.guild_id
        )
        filename = f"ramsch-{table_id}-deal-{deal + 1}.json"
        data = json.dumps(record, indent=1).encode()
        rules = record.get("rules", {})
        game, variant = record_board(rules)
        await interaction.response.send_message(
            record_note(table_id, deal, variant, game),
            file=discord.File(io.BytesIO(data), filename=filename),
            ephemeral=True,
        )

    # -- /ramsch replay -----------------------------------------------------------------------

    @subcommand("replay", "Step through a finished deal trick by trick, with every hand")
    @app_commands.describe(
        table="the table number (default: your latest game)",
        deal="the deal, from 1 (default: the table's last)",
    )
    async def replay(
        self,
        interaction: discord.Interaction,
        table: app_commands.Range[int, 1, MAX_TABLE] | None = None,
        deal: app_commands.Range[int, 1, MAX_DEAL] | None = None,
    ) -> None:
        number = None if deal is None else deal - 1
        checked(table, number)
        guild_id = interaction.guild_id
        assert guild_id is not None
        if table is None:
            boards = self.bot.service.boards
            table = await boards.latest_replay_table(interaction.user.id, guild_id)
            if table is None:
                raise TableError("You have no finished deal on this server to replay")
        await self._show_replay(interaction, table, number, 0, new=True)

    async def on_replay(
        self,
        interaction: discord.Interaction,
        table_id: int | None,
        deal: int | None,
        step: int,
        *,
        new: bool,
    ) -> None:
        """A replay's step button (in place), its Replay button or the history's select (a new
        private message)."""
        i18n.speak_to(interaction)
        try:
            if table_id is None or deal is None:
                raise TableError("Pick one of the deals in the list")
            checked(table_id, deal)
            await self._show_replay(interaction, table_id, deal, step, new=new)
        except Exception as error:
            await self.bot.report_error(interaction, error)

    async def _show_replay(
        self,
        interaction: discord.Interaction,
        table_id: int,
        deal: int | None,
        step: int,
        *,
        new: bool,
    ) -> None:
        """Step ``step`` of a finished deal of this server's table (``deal`` None: its last)."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise TableError("Replays show the deals of a server: use /ramsch replay there")
        stored = await self.bot.service.boards.replay_deal(table_id, deal, guild_id=guild_id)
        if stored is None:
            if deal is None:
                raise TableError("Table #{table} has no finished deal", table=table_id)
            raise TableError(
                "Table #{table} has no finished deal {deal}", table=table_id, deal=deal + 1
            )
        steps = replay_steps(stored.record)
        if not 0 <= step < len(steps):
            raise TableError(
                "This replay has {count} steps: start it again with /ramsch replay",
                count=len(steps),
            )
        cards = self.bot.preferences.cards(interaction.user.id)
        of = ReplayOf(stored.table_id, stored.deal_number, stored.names, stored.robots)
        with faces.preferring(cards):
            shown = render_replay(of, steps, step, pictures=cards.pictures)
        if new:
            await interaction.response.send_message(**shown.send_kwargs(), ephemeral=True)
        else:
            await interaction.response.edit_message(**shown.edit_kwargs())


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(HistoryCog(bot))

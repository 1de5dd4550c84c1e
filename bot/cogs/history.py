"""A player's past: `/ramsch history` and `/ramsch record`, a finished deal as a JSON file."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import i18n
from bot.commands.group import RamschCog, subcommand
from bot.tables import TableError
from bot.ui.boards import record_note, render_history
from ramsch_core import DEFAULT_GAME

if TYPE_CHECKING:
    from bot.client import RamschBot

HISTORY_LENGTH = 10


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
    @app_commands.describe(table="the table number (Ramsch #…)", deal="the deal, from 1")
    async def record(
        self,
        interaction: discord.Interaction,
        table: app_commands.Range[int, 1, None],
        deal: app_commands.Range[int, 1, 200],
    ) -> None:
        await self._send_record(interaction, table, deal - 1)

    async def on_record(
        self, interaction: discord.Interaction, table_id: int | None, deal: int | None
    ) -> None:
        """A deal picked in the history's select."""
        i18n.speak_to(interaction)
        try:
            if table_id is None or deal is None:
                raise TableError("Pick one of the deals in the list")
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
        game = str(rules.get("game", DEFAULT_GAME))
        variant = str(rules.get("variant", "skat" if game == DEFAULT_GAME else game))
        await interaction.response.send_message(
            record_note(table_id, deal, variant, filename, game),
            file=discord.File(io.BytesIO(data), filename=filename),
            ephemeral=True,
        )


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(HistoryCog(bot))

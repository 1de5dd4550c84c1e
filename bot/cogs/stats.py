"""Scores: `/ramsch leaderboard` and `/ramsch stats`, from the results of finished deals."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from bot.cogs.base import RamschCog, subcommand
from bot.storage import Period
from bot.ui.text import VARIANT_TITLES, score_text

if TYPE_CHECKING:
    from bot.client import RamschBot

STATS_COLOUR = discord.Colour.dark_teal()
VARIANT_CHOICES = [
    app_commands.Choice(name=name, value=key) for key, name in VARIANT_TITLES.items()
]
PERIOD_CHOICES = [
    app_commands.Choice(name="all time", value="all"),
    app_commands.Choice(name="this month", value="month"),
    app_commands.Choice(name="this week", value="week"),
]


def _total(value: float) -> str:
    """Totals are exact halves at most (AR-4)."""
    return score_text(Fraction(value).limit_denominator(2))


def _average(value: float) -> str:
    return f"{value:+.1f}".replace("-", "−")


class StatsCog(RamschCog, name="Stats"):
    """Leaderboards and a player's record (sessions with at least two humans)."""

    @subcommand("leaderboard", "The best players of this server in a variant")
    @app_commands.describe(variant="which Ramsch (default: Skat)", period="default: all time")
    @app_commands.choices(variant=VARIANT_CHOICES, period=PERIOD_CHOICES)
    async def leaderboard(
        self, interaction: discord.Interaction, variant: str = "skat", period: str = "all"
    ) -> None:
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)  # queries may take a while
        page = await self.bot.service.leaderboard(
            interaction.guild_id, variant, period=cast(Period, period)
        )
        lines = [
            f"{row.rank}. <@{row.user_id}> {_total(row.total)} · {row.deals} deals "
            f"· {row.sessions} sessions · Ø {_average(row.average)}"
            for row in page.rows
        ]
        embed = discord.Embed(
            title=f"Leaderboard — {VARIANT_TITLES[variant]}",
            description="\n".join(lines) or "No finished games yet.",
            colour=STATS_COLOUR,
        )
        embed.set_footer(text=f"{page.total_players} player(s) · best total first")
        await interaction.followup.send(embed=embed, ephemeral=True)

    @subcommand("stats", "A player's record at Ramsch on this server")
    @app_commands.describe(player="whose record (default: yours)", variant="default: every variant")
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        variant: str | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        who = player or interaction.user
        record = await self.bot.service.user_stats(interaction.guild_id, who.id, variant=variant)
        where = VARIANT_TITLES[variant] if variant else "All variants"
        embed = discord.Embed(title=f"Ramsch record — {who.display_name}", colour=STATS_COLOUR)
        if record.deals == 0:
            embed.description = f"{where}: no finished games yet."
        else:
            embed.description = where
            for name, value in (
                ("Sessions", str(record.sessions)),
                ("Deals", str(record.deals)),
                ("Total", _total(record.total)),
                ("Per deal", _average(record.average)),
                ("Lost deals", str(record.losses)),
                ("Jungfrau", str(record.jungfrau)),
                ("Durchmarsch", str(record.durchmarsch)),
            ):
                embed.add_field(name=name, value=value)
        await interaction.followup.send(embed=embed, ephemeral=True)


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(StatsCog(bot))

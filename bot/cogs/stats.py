"""Scores: `/ramsch leaderboard` with page buttons and `/ramsch stats`, from finished deals."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from bot import i18n
from bot.commands.group import RamschCog, subcommand
from bot.storage import Period
from bot.tables import TableError
from bot.ui.boards import board_key, parse_board, render_leaderboard, render_stats
from ramsch_core import GAMES, get_game

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.ui.message import Rendered

PAGE_SIZE = 10
GAME = "ramsch"
"""The game of the /ramsch boards: the ``variant`` choices are its variants."""
VARIANT_CHOICES = [
    app_commands.Choice(name=name, value=key) for key, name in get_game(GAME).variant_titles.items()
] + [
    app_commands.Choice(name=game.title, value=board_key(game.id, game.id))
    for game in GAMES.values()
    if game.id != GAME and not game.variant_titles
]
"""The Ramsch variants, then every other game without variants (Skat: ``skat/skat``)."""
PERIOD_CHOICES = [
    app_commands.Choice(name="all time", value="all"),
    app_commands.Choice(name="this month", value="month"),
    app_commands.Choice(name="this week", value="week"),
]


class StatsCog(RamschCog, name="Stats"):
    """Leaderboards and a player's record (sessions with at least two humans)."""

    @subcommand("leaderboard", "The best players of this server in a variant")
    @app_commands.describe(
        variant="which Ramsch, or full Skat (default: Skat Ramsch)", period="default: all time"
    )
    @app_commands.choices(variant=VARIANT_CHOICES, period=PERIOD_CHOICES)
    async def leaderboard(
        self, interaction: discord.Interaction, variant: str = "skat", period: str = "all"
    ) -> None:
        assert interaction.guild_id is not None
        game, board = board_of(variant)
        shown = await self._page(interaction.guild_id, game, board, period, 0, interaction.user.id)
        await interaction.response.send_message(**shown.send_kwargs(), ephemeral=True)

    async def on_page(
        self,
        interaction: discord.Interaction,
        guild_id: int,
        variant: str,
        period: str,
        offset: int,
    ) -> None:
        """Prev / Next: show the page the button names, in place. ``variant`` is the board's
        key (``board_key``): a Ramsch variant as in buttons posted before, or ``game/variant``."""
        i18n.speak_to(interaction)
        try:
            try:
                game, board = parse_board(variant)
            except ValueError:
                raise TableError("That leaderboard belongs to another server") from None
            if interaction.guild_id != guild_id:
                raise TableError("That leaderboard belongs to another server")
            shown = await self._page(guild_id, game, board, period, offset, interaction.user.id)
            await interaction.response.edit_message(**shown.edit_kwargs())
        except Exception as error:
            await self.bot.report_error(interaction, error)

    async def _page(
        self, guild_id: int, game: str, variant: str, period: str, offset: int, viewer: int
    ) -> Rendered:
        service = self.bot.service
        when = cast(Period, period)
        page = await service.boards.leaderboard(
            guild_id, game, variant, period=when, offset=offset, limit=PAGE_SIZE
        )
        if not page.rows and offset > 0 and page.total_players:
            last = (page.total_players - 1) // PAGE_SIZE * PAGE_SIZE  # the board shrank
            page = await service.boards.leaderboard(
                guild_id, game, variant, period=when, offset=last, limit=PAGE_SIZE
            )
        return render_leaderboard(page, guild_id, board_key(game, variant), period, viewer)

    @subcommand("stats", "A player's record at Ramsch on this server")
    @app_commands.describe(
        user="whose record (default: yours)",
        variant="default: every variant",
        period="default: all time",
    )
    @app_commands.choices(variant=VARIANT_CHOICES, period=PERIOD_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        variant: str | None = None,
        period: str = "all",
    ) -> None:
        assert interaction.guild_id is not None
        who = user or interaction.user
        game, board = board_of(variant) if variant is not None else (GAME, None)
        record = await self.bot.service.boards.user_stats(
            interaction.guild_id, who.id, game=game, variant=board, period=cast(Period, period)
        )
        shown = render_stats(record, who.display_name, variant, period)
        await interaction.response.send_message(**shown.send_kwargs(), ephemeral=True)


def board_of(choice: str) -> tuple[str, str]:
    """The (game, variant) of a ``variant`` choice: a Ramsch variant or ``game/variant``."""
    try:
        return parse_board(choice)
    except ValueError:
        raise TableError("There is no leaderboard called '{board}'", board=choice) from None


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(StatsCog(bot))

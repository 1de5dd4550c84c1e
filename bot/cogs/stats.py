"""Scores: `/ramsch leaderboard` with page buttons and `/ramsch stats`, from finished deals."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from bot import i18n
from bot.commands.group import RamschCog, subcommand
from bot.ratings import MAX_MIN_DEALS, MIN_DEALS, RANKS, Rank, RankedPage
from bot.storage import Period
from bot.storage.public import PUBLIC_BOARD
from bot.tables import TableError
from bot.ui.boards import (
    DEFAULT_BOARD,
    PERIODS,
    board_key,
    parse_board,
    render_leaderboard,
    render_stats,
)
from ramsch_core import DEFAULT_GAME, GAMES, get_game

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.ui.message import Rendered

PAGE_SIZE = 10
GAME = DEFAULT_GAME
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

RANK_CHOICES = [
    app_commands.Choice(name="rating", value="rating"),
    app_commands.Choice(name="points per deal", value="average"),
]


class StatsCog(RamschCog, name="Stats"):
    """Leaderboards by rating or points per deal, and a player's ratings and record."""

    @subcommand("leaderboard", "The best players of this server in a variant")
    @app_commands.describe(
        variant="which Ramsch, or full Skat (default: Skat Ramsch)",
        period="default: all time",
        rank="rank by rating (default) or by points per deal",
        min_deals="deals a player needs for a place (default: 10)",
        public="post it in the channel for everyone (default: only you see it)",
    )
    @app_commands.choices(variant=VARIANT_CHOICES, period=PERIOD_CHOICES, rank=RANK_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        variant: str = DEFAULT_BOARD,
        period: str = "all",
        rank: str = "rating",
        min_deals: app_commands.Range[int, 0, MAX_MIN_DEALS] = MIN_DEALS,
        public: bool = False,
    ) -> None:
        assert interaction.guild_id is not None
        game, board = board_of(variant)
        when = period_of(period)
        ranked = rank_of(rank)
        shown = await self._page(
            interaction.guild_id, game, board, when, 0, interaction.user.id, ranked, min_deals
        )
        await interaction.response.send_message(**shown.send_kwargs(), ephemeral=not public)

    async def on_page(
        self,
        interaction: discord.Interaction,
        guild_id: int,
        variant: str,
        period: str,
        offset: int,
        rank: str = "rating",
        min_deals: int = MIN_DEALS,
    ) -> None:
        """Prev / Next: show the page the button names, in place (on a board posted for
        everyone: privately, to whoever clicked). ``variant`` is the board's key
        (``board_key``): a Ramsch variant as in buttons posted before, or ``game/variant``."""
        i18n.speak_to(interaction)
        try:
            try:
                game, board = parse_board(variant)
            except ValueError:
                raise TableError("That leaderboard belongs to another server") from None
            if guild_id != PUBLIC_BOARD and interaction.guild_id != guild_id:
                raise TableError("That leaderboard belongs to another server")
            shown = await self._page(
                guild_id, game, board, period_of(period), offset, interaction.user.id,
                rank_of(rank), min(max(min_deals, 0), MAX_MIN_DEALS),
            )  # fmt: skip
            message = interaction.message
            if message is not None and not message.flags.ephemeral:
                await interaction.response.send_message(**shown.send_kwargs(), ephemeral=True)
            else:
                await interaction.response.edit_message(**shown.edit_kwargs())
        except Exception as error:
            await self.bot.report_error(interaction, error)

    async def _page(
        self,
        guild_id: int,
        game: str,
        variant: str,
        period: Period,
        offset: int,
        viewer: int,
        rank: Rank,
        min_deals: int,
    ) -> Rendered:
        boards = self.bot.service.boards

        async def read(start: int) -> RankedPage:
            return await boards.rating_board(
                guild_id, game, variant, rank=rank, period=period, min_deals=min_deals,
                offset=start, limit=PAGE_SIZE, viewer=viewer,
            )  # fmt: skip

        page = await read(offset)
        if not page.rows and offset > 0 and page.total_players:
            page = await read((page.total_players - 1) // PAGE_SIZE * PAGE_SIZE)  # it shrank
        return render_leaderboard(page, guild_id, board_key(game, variant), period, viewer)

    @subcommand("stats", "A player's record at Ramsch on this server")
    @app_commands.describe(
        user="whose record (default: yours)",
        variant="default: every variant",
        period="default: all time",
        public="post it in the channel for everyone (default: only you see it)",
    )
    @app_commands.choices(variant=VARIANT_CHOICES, period=PERIOD_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        variant: str | None = None,
        period: str = "all",
        public: bool = False,
    ) -> None:
        assert interaction.guild_id is not None
        who = user or interaction.user
        game, board = board_of(variant) if variant is not None else (GAME, None)
        when = period_of(period)
        boards = self.bot.service.boards
        record = await boards.user_stats(
            interaction.guild_id, who.id, game=game, variant=board, period=when
        )
        rated = await boards.user_ratings(
            interaction.guild_id,
            who.id,
            game=game if board is not None else None,
            variant=board,
            period=when,
        )
        shown = render_stats(record, who.display_name, variant, when, rated)
        await interaction.response.send_message(**shown.send_kwargs(), ephemeral=not public)


def period_of(choice: str) -> Period:
    """A ``period`` choice, refused unless it is one of the choices."""
    if choice not in PERIODS:
        raise TableError(
            "Unknown period {period}: choose all, month or week", period=repr(choice[:20])
        )
    return cast(Period, choice)


def rank_of(choice: str) -> Rank:
    if choice not in RANKS:
        raise TableError("Rank by rating or by average, not {rank}", rank=repr(choice[:20]))
    return choice


def board_of(choice: str) -> tuple[str, str]:
    """The (game, variant) of a ``variant`` choice: a Ramsch variant or ``game/variant``."""
    try:
        return parse_board(choice)
    except ValueError:
        raise TableError("There is no leaderboard called '{board}'", board=choice[:40]) from None


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(StatsCog(bot))

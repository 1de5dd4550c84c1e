"""Public play in Discord (issue 32): `/ramsch tables`, `/ramsch quick`, `/ramsch leave`,
`/ramsch block`, `/ramsch unblock`, `/ramsch report`, `/ramsch public-board`, a public table
opened by `/ramsch new public:True`, and the matcher that seats the queue."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import i18n
from bot.cogs.stats import PAGE_SIZE, VARIANT_CHOICES, board_of
from bot.cogs.tables.opening import thread_parent
from bot.commands.choices import GAME_CHOICES, preset_autocomplete
from bot.commands.group import RamschCog, subcommand
from bot.i18n import N_, _
from bot.ratings import MIN_DEALS
from bot.storage.public import PUBLIC_BOARD
from bot.tables import TableError, Update
from bot.ui.boards import DEFAULT_BOARD, board_key, render_leaderboard
from bot.ui.public import (
    PUBLIC_COG,
    global_name,
    render_left,
    render_listing,
    render_matched,
    render_queue,
)

if TYPE_CHECKING:
    from bot.client import RamschBot
    from ramsch_core import RuleSet

log = logging.getLogger(__name__)

MATCH_EVERY = 5.0
"""Seconds between two passes of the matcher (a join matches at once too)."""
MAX_REASON = 500
"""Characters a report's reason may have."""
QUEUE_LANGUAGES = [
    app_commands.Choice(name="Deutsch", value="de"),
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Polski", value="pl"),
]
NOT_YOURS = N_("This button is not for you: use /ramsch quick yourself")


class PublicCog(RamschCog, name=PUBLIC_COG):
    """Public tables, the quick-match queue, blocks and reports."""

    def __init__(self, bot: RamschBot) -> None:
        super().__init__(bot)
        self.service = bot.service
        self.queue_messages: dict[int, discord.Interaction] = {}
        """The interaction whose answer shows a waiting player's queue message (told when he
        is matched: an interaction's token lasts 15 minutes, after that only his DMs tell)."""
        self._matcher: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        await super().cog_load()
        self._matcher = asyncio.create_task(self._match_often(), name="public-matcher")

    async def cog_unload(self) -> None:
        await super().cog_unload()
        if self._matcher is not None:
            self._matcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._matcher

    # -- tables ---------------------------------------------------------------------------

    async def open_public(
        self,
        interaction: discord.Interaction,
        rules: RuleSet | dict[str, Any],
        options: dict[str, Any],
    ) -> None:
        """`/ramsch new public:True`: a public lobby, listed on every server that takes part;
        the host is told privately (no channel names players of other servers)."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        update = await self.service.public.open(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            host_id=interaction.user.id, host_name=global_name(interaction.user),
            language=i18n.language_of(interaction.locale), rules=rules, options=options,
            parent_id=thread_parent(interaction),
        )  # fmt: skip
        await interaction.response.send_message(
            _(
                "Your public table #{table} is open: players of every server that takes part "
                "see it in /ramsch tables. It starts when its seats are full; your cards come "
                "by direct message.",
                table=update.table.id,
            ),
            ephemeral=True,
        )

    @subcommand("tables", "Open public tables of every server that takes part, to join")
    async def tables(self, interaction: discord.Interaction) -> None:
        await self.service.public.taking_part(interaction.guild_id)
        listed = await self.service.public.listing(interaction.user.id)
        await interaction.response.send_message(
            **render_listing(listed).send_kwargs(), ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )  # fmt: skip

    async def on_join(self, interaction: discord.Interaction, table_id: int) -> None:
        try:
            update = await self.service.public.join(
                table_id, guild_id=interaction.guild_id, user_id=interaction.user.id,
                name=global_name(interaction.user),
            )  # fmt: skip
            if update.kind == "started":
                text = _("You sit at table #{table}: it starts now, your cards come by direct "
                         "message.", table=table_id)  # fmt: skip
            else:
                text = _("You sit at table #{table}: it starts when its seats are full, your "
                         "cards come by direct message.", table=table_id)  # fmt: skip
            await interaction.response.send_message(text, ephemeral=True)
        except Exception as error:
            await self.bot.report_error(interaction, error)

    @subcommand("leave", "Leave a public table; in a game the AI takes your seat")
    @app_commands.describe(table="the table's number")
    async def leave(
        self, interaction: discord.Interaction, table: app_commands.Range[int, 1, 10**15]
    ) -> None:
        update = await self.service.public.leave(table, interaction.user.id)
        if update.kind == "left" and update.table.status == "playing":
            text = _("You left table #{table}: the AI plays your seat, and the game counts as "
                     "your last place.", table=table)  # fmt: skip
        else:
            text = _("You left table #{table}.", table=table)
        await interaction.response.send_message(text, ephemeral=True)

    # -- the queue ------------------------------------------------------------------------

    @subcommand("quick", "Wait for players of any server that takes part, matched by rating")
    @app_commands.describe(
        game="the game to play",
        preset="its rules (default: the game's first)",
        language="the language you want to play in (default: yours)",
    )
    @app_commands.choices(game=GAME_CHOICES, language=QUEUE_LANGUAGES)
    @app_commands.autocomplete(preset=preset_autocomplete)
    async def quick(
        self,
        interaction: discord.Interaction,
        game: str,
        preset: app_commands.Range[str, 1, 100] | None = None,
        language: str | None = None,
    ) -> None:
        assert interaction.channel_id is not None
        queued = await self.service.quick.join(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            user_id=interaction.user.id, name=global_name(interaction.user), game=game,
            preset=preset, language=language or i18n.language_of(interaction.locale),
        )  # fmt: skip
        shown = render_queue(queued, self.service.clock())
        await interaction.response.send_message(**shown.send_kwargs(), ephemeral=True)
        self.queue_messages[interaction.user.id] = interaction
        await self.match_now()

    async def on_queue(self, interaction: discord.Interaction, user_id: int, choice: str) -> None:
        try:
            if interaction.user.id != user_id:
                raise TableError(NOT_YOURS)
            quick = self.service.quick
            if choice == "leave":
                left = await quick.leave(user_id)
                self.queue_messages.pop(user_id, None)
                await interaction.response.edit_message(**render_left(left).edit_kwargs())
            elif choice == "ai":
                update = await quick.start_with_ai(user_id)
                self.queue_messages.pop(user_id, None)
                shown = render_matched(update.table.id, update.table.rules.game)
                await interaction.response.edit_message(**shown.edit_kwargs())
            else:
                shown = render_queue(await quick.status(user_id), self.service.clock())
                await interaction.response.edit_message(**shown.edit_kwargs())
        except Exception as error:
            await self.bot.report_error(interaction, error)

    async def match_now(self) -> None:
        """One pass of the matcher; each seated player's queue message says where to play."""
        cluster = self.bot.cluster
        try:
            started = await self.service.quick.match(
                cluster.owns_guild if cluster is not None else None
            )
            started += await self.service.quick.start_full()
        except Exception:
            log.exception("The quick-match queue could not be matched")
            return
        for update in started:
            await self._tell_matched(update)

    async def _tell_matched(self, update: Update) -> None:
        table = update.table
        for seat in table.seats:
            if seat.user_id is None:
                continue
            interaction = self.queue_messages.pop(seat.user_id, None)
            if interaction is None:
                continue
            with contextlib.suppress(discord.HTTPException):
                shown = render_matched(table.id, table.rules.game)
                await interaction.edit_original_response(**shown.edit_kwargs())

    async def _match_often(self) -> None:
        while True:
            await asyncio.sleep(MATCH_EVERY)
            await self.match_now()

    # -- fair play ------------------------------------------------------------------------

    @subcommand("block", "Never meet this player again in public games")
    @app_commands.describe(user="the player to block")
    async def block(self, interaction: discord.Interaction, user: discord.User) -> None:
        if user.bot:
            raise TableError("Bots don't play public games: there is nobody to block")
        await self.service.public.block(interaction.user.id, user.id)
        await interaction.response.send_message(
            _("You won't be matched or seated with this player in public games."), ephemeral=True
        )

    @subcommand("unblock", "Meet a player you blocked again in public games")
    @app_commands.describe(user="the player to unblock")
    async def unblock(self, interaction: discord.Interaction, user: discord.User) -> None:
        if not await self.service.public.unblock(interaction.user.id, user.id):
            raise TableError("You have not blocked this player")
        await interaction.response.send_message(
            _("You may meet this player again in public games."), ephemeral=True
        )

    @subcommand("report", "Report a public table you sat at to the bot's operator")
    @app_commands.describe(table="the table's number", reason="what happened")
    async def report(
        self,
        interaction: discord.Interaction,
        table: app_commands.Range[int, 1, 10**15],
        reason: app_commands.Range[str, 1, MAX_REASON],
    ) -> None:
        number = await self.service.public.report(interaction.user.id, table, reason)
        await interaction.response.send_message(
            _(
                "Thank you: your report #{number} of table #{table} is stored for the bot's "
                "operator.",
                number=number,
                table=table,
            ),
            ephemeral=True,
        )

    @subcommand("public-board", "The best players of public games, from every server")
    @app_commands.describe(variant="which Ramsch, or another game (default: Skat Ramsch)")
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def public_board(
        self, interaction: discord.Interaction, variant: str = DEFAULT_BOARD
    ) -> None:
        game, board = board_of(variant)
        page = await self.service.boards.rating_board(
            PUBLIC_BOARD, game, board, rank="rating", period="all", min_deals=MIN_DEALS,
            offset=0, limit=PAGE_SIZE, viewer=interaction.user.id,
        )  # fmt: skip
        shown = render_leaderboard(page, PUBLIC_BOARD, board_key(game, board), "all",
                                   interaction.user.id)  # fmt: skip
        title = shown.embeds[0].title or ""
        shown.embeds[0].title = _("Public games — {title}", title=title)
        await interaction.response.send_message(
            **shown.send_kwargs(), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(PublicCog(bot))

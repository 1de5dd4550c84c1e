"""`/ramsch tournament …`: a Preisskat or Schafkopf evening for a whole server. The pages and
the tables' threads in Discord; the tournament itself lives in bot/tables/tournaments."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.i18n import N_, _
from bot.tables import TableError
from bot.tables.tournaments.service import TournamentService
from bot.tables.tournaments.state import Tournament
from bot.tables.tournaments.tables import TournamentChange
from bot.ui.tournament import (
    final_csv,
    render_final,
    render_page,
    render_series_end,
    table_announcement,
    thread_title,
)
from ramsch_core import get_game
from ramsch_core.errors import RulesError
from ramsch_core.tournament import TournamentConfig, table_list_csv, tournament_games

if TYPE_CHECKING:
    from bot.client import RamschBot

log = logging.getLogger(__name__)

GAME_CHOICES = [
    app_commands.Choice(name=get_game(game).title, value=game) for game in tournament_games()
]
LANGUAGE_CHOICES = [
    app_commands.Choice(name="Deutsch", value="de"),
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Polski", value="pl"),
]
ROLE_SET = N_("Members with {role} may organise tournaments now")
ROLE_CLEARED = N_("Only server managers may organise tournaments now")


class TournamentCog(commands.Cog, name="Tournaments"):
    """The tournament commands, the Join and Leave buttons, and the messages kept in step
    with each tournament (its page, the standings after a series, the final standings)."""

    def __init__(self, bot: RamschBot) -> None:
        self.bot = bot
        self.service = TournamentService(bot.service)
        self.service.listeners.append(self.on_change)
        self.group = app_commands.Group(
            name="tournament",
            description="Run a card tournament for the server: series, tables, standings",
        )
        for name, description, callback in (
            ("new", "Open a tournament: players join with the buttons", self.new),
            ("show", "Show a tournament's page and standings", self.show),
            ("start", "Begin the next series: seats drawn, each table in its thread", self.start),
            ("pause", "Pause the tournament: its tables hold until it is resumed", self.pause),
            ("resume", "Resume a paused tournament", self.resume),
            ("disqualify", "Disqualify a player from a tournament", self.disqualify),
            ("role", "Name the role whose members may organise tournaments", self.role),
        ):
            command: app_commands.Command[Any, ..., Any] = app_commands.Command(
                name=name, description=description, callback=callback
            )
            self.group.add_command(command)
        self._tasks: set[asyncio.Task[None]] = set()
        self._show_locks: dict[int, asyncio.Lock] = {}
        self._ticker: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self.bot.ramsch.add_command(self.group)
        earlier = list(self.bot.starting)
        task = asyncio.create_task(self._recover(earlier), name="recover-tournaments")
        self.bot.starting.append(task)
        if self.bot.settings.ramsch_tick_interval > 0:
            self._ticker = asyncio.create_task(self._tick(), name="tournament-timers")

    async def cog_unload(self) -> None:
        self.bot.ramsch.remove_command(self.group.name)
        if self._ticker is not None:
            self._ticker.cancel()
        self.bot.service.tables.listeners.remove(self.service.on_update)
        await self.settled()

    async def settled(self) -> None:
        """Wait for the messages being sent or edited (tests, a clean shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _recover(self, earlier: list[asyncio.Task[Any]]) -> None:
        """After the tables' recovery: count what a crash left uncounted, open the tables of a
        series drawn but not yet opened."""
        await asyncio.gather(*earlier, return_exceptions=True)
        tables = [self.bot.service.tables.get(i) for i in self.bot.service.tables.ids()]
        for tournament in await self.service.recover(tables):
            self._spawn(self._open_tables(tournament))

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.bot.settings.ramsch_tick_interval)
            try:
                await self.service.due(self.bot.service.clock())
            except Exception:
                log.exception("The tournament timers failed")

    # -- who may organise ---------------------------------------------------------------------

    async def may_organise(self, interaction: discord.Interaction) -> bool:
        permissions = interaction.permissions
        if permissions.manage_guild or permissions.administrator:
            return True
        assert interaction.guild_id is not None
        role = (await self.bot.service.guilds.get(interaction.guild_id)).tournament_role
        roles = getattr(interaction.user, "roles", [])
        return role is not None and any(r.id == role for r in roles)

    # -- commands -----------------------------------------------------------------------------

    @app_commands.describe(
        game="the game played",
        series="number of series (default 2)",
        games="games per series at the smallest table, a multiple of its seats (default: 36 "
        "at three, 32 at four)",
        language="the language of the tournament's messages",
        start_in="minutes until the first series begins by itself (default: by hand)",
        ai="AI seats may complete a table (never ranked)",
    )
    @app_commands.choices(game=GAME_CHOICES, language=LANGUAGE_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        series: app_commands.Range[int, 1, 10] = 2,
        games: app_commands.Range[int, 1, 120] | None = None,
        language: str = "de",
        start_in: app_commands.Range[int, 1, 10080] | None = None,
        ai: bool = False,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        try:
            config = TournamentConfig.with_games(
                game,
                games,
                series=series,
                ai_allowed=ai,
                language=language,
            )
        except RulesError as error:
            raise TableError.of(error) from None
        now = self.bot.service.clock()
        tournament = await self.service.new(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            organiser_id=interaction.user.id,
            config=config,
            start_at=None if start_in is None else now + 60 * start_in,
            may_organise=await self.may_organise(interaction),
        )
        with i18n.using(config.language):
            rendered = render_page(tournament)
        await interaction.response.send_message(**rendered.send_kwargs())
        message = await interaction.original_response()
        await self.service.set_message(tournament.id, message.id)

    @app_commands.describe(tournament="the tournament's number (default: the server's newest)")
    async def show(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        found = await self._named(interaction, tournament)
        i18n.speak_to(interaction)
        rendered = render_page(found)
        lines = _tables_lines(found)
        if lines:
            rendered.embeds[0].add_field(name=_("Tables"), value="\n".join(lines)[:1024])
        kwargs = rendered.send_kwargs()
        await interaction.response.send_message(**kwargs, ephemeral=True)

    @app_commands.describe(tournament="the tournament's number (default: the server's newest)")
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        found = await self._named(interaction, tournament)
        change = await self.service.begin_series(
            found.id,
            interaction.guild_id,
            interaction.user.id,
            await self.may_organise(interaction),
        )
        i18n.speak_to(interaction)
        await self.bot.reply(
            interaction, _("Series {number} begins.", number=change.tournament.series_begun)
        )

    @app_commands.describe(tournament="the tournament's number (default: the server's newest)")
    async def pause(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        found = await self._named(interaction, tournament)
        await self.service.pause(
            found.id,
            interaction.guild_id,
            interaction.user.id,
            await self.may_organise(interaction),
        )
        i18n.speak_to(interaction)
        await self.bot.reply(interaction, _("The tournament is paused."))

    @app_commands.describe(tournament="the tournament's number (default: the server's newest)")
    async def resume(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        found = await self._named(interaction, tournament)
        await self.service.resume(
            found.id,
            interaction.guild_id,
            interaction.user.id,
            await self.may_organise(interaction),
        )
        i18n.speak_to(interaction)
        await self.bot.reply(interaction, _("The tournament goes on."))

    @app_commands.describe(
        player="the player to disqualify",
        tournament="the tournament's number (default: the server's newest)",
    )
    async def disqualify(
        self, interaction: discord.Interaction, player: discord.User, tournament: int | None = None
    ) -> None:
        found = await self._named(interaction, tournament)
        await self.service.disqualify(
            found.id,
            interaction.guild_id,
            interaction.user.id,
            await self.may_organise(interaction),
            player.id,
        )
        i18n.speak_to(interaction)
        await self.bot.reply(interaction, _("The player is disqualified."))

    @app_commands.describe(role="the organisers' role; leave it out to clear it")
    async def role(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        permissions = interaction.permissions
        if not (permissions.manage_guild or permissions.administrator):
            raise TableError("Only members with the Manage Server permission can name the role")
        assert interaction.guild_id is not None
        guilds = self.bot.service.guilds
        settings = await guilds.get(interaction.guild_id)
        changed = settings.model_dump() | {"tournament_role": None if role is None else role.id}
        await guilds.set(interaction.guild_id, changed)
        i18n.speak_to(interaction)
        if role is None:
            await self.bot.reply(interaction, _(ROLE_CLEARED))
        else:
            await self.bot.reply(interaction, _(ROLE_SET, role=role.mention))

    async def _named(self, interaction: discord.Interaction, number: int | None) -> Tournament:
        """The tournament a command names, of this server; the newest if none is named."""
        if number is None:
            assert interaction.guild_id is not None
            newest = await self.service.of_guild(interaction.guild_id)
            if not newest:
                raise TableError("This server has no tournament yet")
            number = newest[0]
        return await self.service.get(number, interaction.guild_id)

    # -- Join and Leave -----------------------------------------------------------------------

    async def on_tournament_click(
        self, interaction: discord.Interaction, tournament_id: int, action: str
    ) -> None:
        try:
            user = interaction.user
            if action == "join":
                name = getattr(user, "display_name", user.name)
                await self.service.join(tournament_id, interaction.guild_id, user.id, name)
                text = _("You are registered. Good luck!")
            else:
                await self.service.leave(tournament_id, interaction.guild_id, user.id)
                text = _("You left the tournament.")
        except TableError as error:
            await self.bot.report_error(interaction, error)
            return
        await self.bot.reply(interaction, text)

    # -- the messages -------------------------------------------------------------------------

    def _spawn(self, work: Any) -> None:
        task: asyncio.Task[None] = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def on_change(self, change: TournamentChange) -> None:
        """Keep the page in step; post the standings after a series and at the end; open the
        tables of a series just begun. Sent in their own task: a table waits for none."""
        self._spawn(self._show_change(change))

    async def _show_change(self, change: TournamentChange) -> None:
        tournament = change.tournament
        try:
            with i18n.using(tournament.config.language):
                if change.kind == "series_begun":
                    await self._open_tables(tournament)
                await self._edit_page(tournament)
                if change.kind == "series_finished":
                    await self._send(tournament, **render_series_end(tournament).send_kwargs())
                elif change.kind == "finished":
                    kwargs = render_final(tournament).send_kwargs()
                    kwargs["files"] = [final_csv(tournament), _lists_file(tournament)]
                    await self._send(tournament, **kwargs)
        except discord.HTTPException as error:
            log.warning("Tournament %d: a message failed: %s", tournament.id, error)
        except Exception:
            log.exception("Tournament %d: showing a change failed", tournament.id)

    def _showing(self, tournament_id: int) -> asyncio.Lock:
        """One message task of a tournament at a time: a page edited with what is stored
        now (never an older state over a newer one), a table announced once."""
        return self._show_locks.setdefault(tournament_id, asyncio.Lock())

    async def _edit_page(self, tournament: Tournament) -> None:
        """The page as the tournament stands now (live standings after every game)."""
        async with self._showing(tournament.id):
            tournament = await self.service.load(tournament.id)
            message_id = tournament.stored.message_id
            if message_id is None:
                return
            channel = self.bot.get_partial_messageable(tournament.stored.channel_id)
            with i18n.using(tournament.config.language):
                rendered = render_page(tournament)
            await channel.get_partial_message(message_id).edit(**rendered.edit_kwargs())

    async def _send(self, tournament: Tournament, **kwargs: Any) -> discord.Message:
        channel = self.bot.get_partial_messageable(tournament.stored.channel_id)
        return await channel.send(**kwargs)

    async def _open_tables(self, tournament: Tournament) -> None:
        """Each table of the series just begun not yet opened: its announcement in the
        tournament's channel, a thread from it where the server gives tables threads, the
        table there (else in the channel) with its first game dealt."""
        async with self._showing(tournament.id):
            tournament = await self.service.load(tournament.id)
            if tournament.series_begun > 0:
                await self._open_drawn(tournament, tournament.series_begun - 1)

    async def _open_drawn(self, tournament: Tournament, series: int) -> None:
        settings = await self.bot.service.guilds.get(tournament.stored.guild_id)
        for drawn in tournament.series_tables(series):
            if drawn.table_id is not None:
                continue
            with i18n.using(tournament.config.language):
                text = table_announcement(tournament, drawn)
                name = thread_title(tournament, drawn)
            where = tournament.stored.channel_id
            message = await self._send(
                tournament, content=text, allowed_mentions=discord.AllowedMentions.none()
            )
            channel = self.bot.get_channel(where)
            if settings.threads and isinstance(channel, discord.TextChannel):
                with contextlib.suppress(discord.HTTPException):
                    thread = await channel.get_partial_message(message.id).create_thread(
                        name=name, auto_archive_duration=1440
                    )
                    where = thread.id
            await self.service.open_table(tournament.id, series, drawn.number, where)


def _tables_lines(tournament: Tournament) -> list[str]:
    """The tables of the current series: who plays, and how many games are played."""
    if tournament.series_begun == 0:
        return []
    lines = []
    for drawn in tournament.series_tables(tournament.series_begun - 1):
        done = len(drawn.seated.games)
        lines.append(
            _(
                "Table {table}: {done} of {games} games",
                table=drawn.number + 1,
                done=done,
                games=tournament.games_expected(drawn),
            )
        )
    return lines


def _lists_file(tournament: Tournament) -> discord.File:
    """Every table's list (game, declarer, value, running totals) as one CSV."""
    names = tournament.names()
    parts = []
    for drawn in tournament.tables:
        seat_names = [
            names.get(player, str(player)) if player is not None else _("AI")
            for player in drawn.seated.seats
        ]
        heading = _(
            "Series {series}, table {table}", series=drawn.series + 1, table=drawn.number + 1
        )
        parts.append(heading + "\n" + table_list_csv(drawn.seated, seat_names, i18n.translate))
    data = "\n".join(parts).encode("utf-8")
    return discord.File(io.BytesIO(data), f"tournament-{tournament.id}-lists.csv")


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(TournamentCog(bot))

"""Tables: `/ramsch new`, `/ramsch abort` and every click on a lobby, table, hand or card."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
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
from bot.i18n import N_, _
from bot.permissions import require_table_permissions
from bot.publish.publisher import Publisher
from bot.storage.social import TableThread
from bot.tables import ChannelBusy, NotFound, NotHost, Table, TableError, Update, WrongState
from bot.tables.settings import GuildSettings
from bot.ui import ids
from bot.ui.actions import action_of
from bot.ui.editor import Draft
from bot.ui.editor_view import render_editor
from bot.ui.games import renderer_for
from bot.ui.hand import render_hand
from bot.ui.items import marked_on
from bot.ui.lobby import (
    again_line,
    allowed_pings,
    invitation,
    render_announcement,
    render_announcement_end,
    render_lobby,
    thread_name,
)
from bot.ui.message import Rendered
from bot.ui.routing import route_interaction
from ramsch_core import Action, SeatView

if TYPE_CHECKING:
    from bot.client import RamschBot

log = logging.getLogger(__name__)
T = TypeVar("T")

MOVING = N_(
    "This table is moving to another part of the bot right now. Nothing was changed: please"
    " try again in a few seconds."
)
"""A click for a table whose process is being replaced (bot/cluster.py)."""
MAX_NAME = 100
"""Characters a preset name typed into a command may have (the longest is ~20)."""
MAX_OPTIONS = 200
"""Characters of the options typed into `/ramsch new` (every option of a game is ~150)."""
ACK_AFTER = 2.0
"""Seconds a click may take before it is deferred (Discord wants an answer within 3)."""


class TablesCog(RamschCog, name="Tables"):
    """Opening, joining, starting and playing tables."""

    def __init__(self, bot: RamschBot) -> None:
        super().__init__(bot)
        self.service = bot.service
        self.publisher = Publisher(bot, bot.settings.ramsch_render_interval)
        self._ticker: asyncio.Task[None] | None = None
        self._starting: asyncio.Task[None] | None = None
        """The recovery of the tables at the start (``_start``), while discord.py connects."""
        self._announcing: set[asyncio.Task[None]] = set()
        """Edits of thread announcements once their table started or was cancelled."""

    async def cog_load(self) -> None:
        await super().cog_load()
        self.bot.clicks = self
        self.service.tables.listeners.append(self.publisher.on_update)
        self.service.tables.listeners.append(self._on_table_update)
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
        shown = await self.service.store.load_shown() if recovered else {}
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
        self.service.tables.listeners.remove(self._on_table_update)
        for task in list(self._announcing):
            task.cancel()
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
        seats="players at the table; with one more than the game needs, the dealer sits out",
        options="the game's options as name=value, separated by commas (offered as you type)",
        invite1="a player to invite: pinged, with a Join button",
        invite2="another player to invite",
        invite3="another player to invite",
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
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        guild = await self.service.guilds.get(interaction.guild_id)
        parent = _thread_parent(interaction)
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
        invited = _invited(interaction, (invite1, invite2, invite3), int(table_options["seats"]))
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        host = interaction.user

        async def opener() -> Update:
            return await self.service.lobby.open(
                guild_id=guild_id, channel_id=channel_id, host_id=host.id,
                host_name=host.display_name, rules=rules, options=table_options,
                parent_id=parent,
            )  # fmt: skip

        await self._open(interaction, guild, opener, invited)

    async def _open(
        self,
        interaction: discord.Interaction,
        settings: GuildSettings,
        opener: Callable[[], Awaitable[Update]],
        invited: tuple[int, ...] = (),
    ) -> None:
        """Open a lobby (``opener``) and post it, answering the interaction: in the channel,
        pinging the invited players and the server's table role; or, if the server wants a
        thread per table, an announcement in the channel and the lobby in its new thread."""
        want_thread = settings.threads and _thread_parent(interaction) is None
        missing = _thread_permissions_missing(interaction) if want_thread else []
        table = (await opener()).table
        role = settings.ping_role
        if want_thread and not missing:
            await self._open_in_thread(interaction, table, invited, role)
            return
        shown = render_lobby(table)
        pinging = dataclasses.replace(shown, content=invitation(table, invited, role))
        message_id = await self._post_opening(interaction, table, pinging, invited, role)
        await self.service.lobby.set_message(table.id, message_id)
        # The invitation line stays until the lobby changes (its pings were sent).
        self.publisher.attach(table, message_id, shown)
        if missing:
            await self._tell_host(
                interaction,
                _(
                    "This server gives each table its own thread, but I lack the permission "
                    "{permissions} in this channel: the table plays here.",
                    permissions=", ".join(f"**{_(name)}**" for name in missing),
                ),
            )

    async def _post_opening(
        self,
        interaction: discord.Interaction,
        table: Table,
        shown: Rendered,
        invited: tuple[int, ...],
        role: int | None,
    ) -> int:
        """Answer the command with the table's first message (pinging only the invited players
        and the table role); the message's id. If Discord refuses it, the table is cancelled."""
        try:
            response = await interaction.response.send_message(
                **shown.send_kwargs(), allowed_mentions=allowed_pings(invited, role)
            )
        except discord.HTTPException:
            await self.service.lobby.cancel(table.id, interaction.user.id, can_manage=True)
            raise
        if response.message_id is not None:
            return response.message_id
        return (await interaction.original_response()).id

    async def _open_in_thread(
        self,
        interaction: discord.Interaction,
        table: Table,
        invited: tuple[int, ...],
        role: int | None,
    ) -> None:
        """The announcement in the channel (pings, Join), a thread from it, the lobby there."""
        assert interaction.channel_id is not None
        parent_id = interaction.channel_id
        announcement = render_announcement(table, invited, role)
        message_id = await self._post_opening(interaction, table, announcement, invited, role)
        channel = self.bot.get_partial_messageable(parent_id, guild_id=interaction.guild_id)
        try:
            thread = await channel.get_partial_message(message_id).create_thread(
                name=thread_name(table), auto_archive_duration=1440
            )
        except (discord.HTTPException, ValueError) as error:
            # No thread: the announcement becomes the lobby, in the channel.
            log.info("Table %d: could not open a thread: %s", table.id, error)
            shown = render_lobby(table)
            await interaction.edit_original_response(
                **shown.edit_kwargs(), allowed_mentions=discord.AllowedMentions.none()
            )
            await self.service.lobby.set_message(table.id, message_id)
            self.publisher.attach(table, message_id, shown)
            await self._tell_host(
                interaction, _("I could not open a thread for this table: it plays here.")
            )
            return
        try:
            await self.service.lobby.move(table.id, thread.id)
            # Saved first: if the lobby can't be posted, the cancel closes the announcement.
            await self.service.lobby.social.save_thread(
                TableThread(table.id, parent_id, message_id, thread.id)
            )
            shown = render_lobby(table)
            sent = await thread.send(**shown.send_kwargs())
        except Exception:
            await self.service.lobby.cancel(table.id, interaction.user.id, can_manage=True)
            raise
        await self.service.lobby.set_message(table.id, sent.id)
        self.publisher.attach(table, sent.id, shown)

    async def _tell_host(self, interaction: discord.Interaction, text: str) -> None:
        try:
            await interaction.followup.send(text, ephemeral=True)
        except discord.HTTPException as error:
            log.info("Could not tell the host of a table: %s", error)

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

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """Tables in a deleted channel close; their players are told by DM."""
        await self.publisher.channel_deleted(channel.id)

    # -- clicks (see bot.ui.items) ------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every click on the bot's components (bot.ui.routing.route_click), also on one its
        message no longer shows, and the rules editor's modals."""
        try:
            await route_interaction(interaction)
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

    async def _guard(self, interaction: discord.Interaction, table_id: int) -> bool:
        """Whether the click may touch the table (its server, or a DM of one of its players);
        a forged custom_id for another server's table is refused here, nothing changes."""
        try:
            self.service.check_click(
                table_id, guild_id=interaction.guild_id, user_id=interaction.user.id
            )
        except Exception as error:
            await self.bot.report_error(interaction, error)
            return False
        return True

    async def on_lobby(
        self, interaction: discord.Interaction, table_id: int, action: ids.LobbyAction
    ) -> None:
        if not await self._guard(interaction, table_id):
            return
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

    # -- under the final standings: Play again, New table ------------------------------------

    async def on_again(
        self, interaction: discord.Interaction, table_id: int, action: ids.AgainAction
    ) -> None:
        try:
            if action == "newtable":
                await self._new_table(interaction, table_id)
                return
            again = await self.service.lobby.play_again(
                table_id, interaction.user.id, interaction.guild_id
            )
        except Exception as error:
            await self.bot.report_error(interaction, error)
            return
        new_table = again.update.table if again.update is not None else None
        assert interaction.guild_id is not None
        with i18n.using(await self._channel_language(interaction.guild_id)):
            line = again_line(again.seats, again.confirmed, new_table)
        try:
            await interaction.response.edit_message(
                content=line, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as error:
            log.info("Table %d: could not show who plays again: %s", table_id, error)

    async def _new_table(self, interaction: discord.Interaction, table_id: int) -> None:
        """A lobby with the finished table's rules here, the clicker its host."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        require_table_permissions(interaction)
        settings = await self.service.guilds.get(interaction.guild_id)
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        user = interaction.user

        async def opener() -> Update:
            return await self.service.lobby.new_table(
                table_id, user_id=user.id, name=user.display_name, guild_id=guild_id,
                channel_id=channel_id, parent_id=_thread_parent(interaction),
            )  # fmt: skip

        await self._open(interaction, settings, opener)

    async def _channel_language(self, guild_id: int) -> str:
        """The language of a server's table messages (as the publisher writes them)."""
        language: str = (await self.service.guilds.get(guild_id)).language
        if language == "auto":
            guild = self.bot.get_guild(guild_id)
            language = i18n.language_of(guild.preferred_locale if guild is not None else None)
        return language

    # -- the announcement of a table in its own thread ----------------------------------------

    async def _on_table_update(self, update: Update) -> None:
        """Service listener: once a table that plays in a thread starts or is cancelled, its
        announcement in the channel loses the Join button (in a task: not under the lock)."""
        if update.kind not in ("started", "cancelled", "closed"):
            return
        task = asyncio.create_task(self._end_announcement(update.table))
        self._announcing.add(task)
        task.add_done_callback(self._announcing.discard)

    async def announcements_settled(self) -> None:
        """Wait for the announcement edits under way (tests, a clean shutdown)."""
        while self._announcing:
            await asyncio.gather(*self._announcing, return_exceptions=True)

    async def _end_announcement(self, table: Table) -> None:
        try:
            thread = await self.service.lobby.social.thread_of(table.id)
            if thread is None:
                return
            with i18n.using(await self._channel_language(table.guild_id)):
                shown = render_announcement_end(
                    table, thread.thread_id, table.status != "cancelled"
                )
            channel = self.bot.get_partial_messageable(thread.parent_id, guild_id=table.guild_id)
            await channel.get_partial_message(thread.announcement_id).edit(**shown.edit_kwargs())
            await self.service.lobby.social.forget_thread(table.id)
        except discord.HTTPException as error:
            log.info("Table %d: could not update its announcement: %s", table.id, error)
        except Exception:
            log.exception("Table %d: updating its announcement failed", table.id)

    async def on_back(self, interaction: discord.Interaction, table_id: int) -> None:
        if not await self._guard(interaction, table_id):
            return
        await self._answer(interaction, self.service.play.back(table_id, interaction.user.id))

    async def on_claim(self, interaction: discord.Interaction, table_id: int, deal: int) -> None:
        if not await self._guard(interaction, table_id):
            return
        user = interaction.user.id
        claim = self.service.play.claim(table_id, user, deal_number=deal)
        update = await self._answer(interaction, self._faced(table_id, claim))
        if update is not None and _on_ephemeral(interaction):
            self.publisher.show_ephemeral(update.table, user, interaction, None)

    async def on_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        if not await self._guard(interaction, table_id):
            return
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
        if not await self._guard(interaction, table_id):
            return
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
        if not await self._guard(interaction, table_id):
            return
        try:
            action = action_of(kind, arg, values)
        except TableError as error:
            await self.bot.report_error(interaction, error)
            return
        await self._act(interaction, table_id, deal, action)


THREAD_PERMISSIONS = {
    "create_public_threads": N_("Create Public Threads"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
}
"""What the bot needs in a channel to give a table its own thread (Discord's names)."""


def _thread_parent(interaction: discord.Interaction) -> int | None:
    """The channel of the thread the interaction came from; None outside threads."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        return channel.parent_id
    return None


def _thread_permissions_missing(interaction: discord.Interaction) -> list[str]:
    """The permissions (their names, to translate) the bot lacks to open a table's thread."""
    have = interaction.app_permissions
    return [name for flag, name in THREAD_PERMISSIONS.items() if not getattr(have, flag)]


INVITES_NOT_MEMBERS = N_("{user} is not a member of this server")


def _invited(
    interaction: discord.Interaction, users: tuple[discord.User | discord.Member | None, ...],
    seats: int,
) -> tuple[int, ...]:  # fmt: skip
    """The ids of the players invited to a new table, or a refusal saying what is wrong."""
    found: list[int] = []
    for user in users:
        if user is None or user.id in found:
            continue
        if user.bot:
            raise TableError("Bots can't be invited: the host adds AI players with **Add AI**")
        if user.id == interaction.user.id:
            raise TableError("You sit at your table already: invite other players")
        if not isinstance(user, discord.Member):
            raise TableError(INVITES_NOT_MEMBERS, user=f"<@{user.id}>")
        found.append(user.id)
    if len(found) > seats - 1:
        raise TableError(
            "The table has {seats} seats: invite at most {count} players",
            seats=seats,
            count=seats - 1,
        )
    return tuple(found)


def _on_ephemeral(interaction: discord.Interaction) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(TablesCog(bot))

"""Every click on a table's controls (bot/ui/items.py routes them here): the lobby's buttons
and a private table's Invite, a hand's cards and marks, a game's actions, and Play again or
New table under the standings. Each click becomes a call of the table service; the messages
show its effect."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot import i18n
from bot.cogs.tables.opening import thread_parent
from bot.cogs.tables.seats import answer_seat, ask_for_seat
from bot.permissions import require_table_permissions
from bot.tables import NotHost, TableError, Update, WrongState
from bot.ui import ids
from bot.ui.actions import action_of
from bot.ui.editor import Draft
from bot.ui.editor_view import render_editor
from bot.ui.games import renderer_for
from bot.ui.hand import render_hand
from bot.ui.items import marked_on
from bot.ui.lobby import again_line
from ramsch_core import Action, SeatView

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.cogs.tables.announcements import Announcements
    from bot.cogs.tables.invitations import Invitations
    from bot.cogs.tables.opening import TableOpener
    from bot.publish.publisher import Publisher

log = logging.getLogger(__name__)
T = TypeVar("T")

ACK_AFTER = 2.0
"""Seconds a click may take before it is deferred (Discord wants an answer within 3)."""


class Clicks:
    """The bot's click handler (``RamschBot.clicks``, see bot.ui.items.ClickHandler)."""

    def __init__(
        self,
        bot: RamschBot,
        publisher: Publisher,
        opener: TableOpener,
        announcements: Announcements,
        invitations: Invitations,
    ) -> None:
        self.bot = bot
        self.service = bot.service
        self.publisher = publisher
        self.opener = opener
        self.announcements = announcements
        self.invitations = invitations

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
        shows its cards as the reader sees them at that table (in the pack the table's game
        is played with)."""
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

    async def on_invite(self, interaction: discord.Interaction, table_id: int) -> None:
        if not await self._guard(interaction, table_id):
            return
        await self.invitations.on_invite(interaction, table_id)

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
        with i18n.using(await self.announcements.channel_language(interaction.guild_id)):
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
                channel_id=channel_id, parent_id=thread_parent(interaction),
            )  # fmt: skip

        await self.opener.open(interaction, settings, opener)

    async def on_back(self, interaction: discord.Interaction, table_id: int) -> None:
        if not await self._guard(interaction, table_id):
            return
        await self._answer(interaction, self.service.play.back(table_id, interaction.user.id))

    async def on_sit(
        self, interaction: discord.Interaction, table_id: int, seat: int | None
    ) -> None:
        """Take a seat (``seat`` None: the clicker chooses one of the free seats)."""
        if not await self._guard(interaction, table_id):
            return
        await ask_for_seat(self.bot, interaction, table_id, seat)

    async def on_seat_answer(
        self, interaction: discord.Interaction, table_id: int, number: int, ok: bool
    ) -> None:
        """The host's OK or No under a substitute's request."""
        if not await self._guard(interaction, table_id):
            return
        await answer_seat(self.bot, interaction, table_id, number, ok)

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


def _on_ephemeral(interaction: discord.Interaction) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral

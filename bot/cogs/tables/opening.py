"""Opening a table: its lobby posted in the channel (pinging the invited players and the
server's table role), or an announcement there and the lobby in a thread of its own."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot.i18n import N_, _
from bot.storage.social import TableThread
from bot.tables import Table, TableError, Update
from bot.tables.settings import GuildSettings
from bot.ui.lobby import (
    allowed_pings,
    invitation,
    render_announcement,
    render_lobby,
    thread_name,
)
from bot.ui.message import Rendered

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.publish.publisher import Publisher

log = logging.getLogger(__name__)


class TableOpener:
    """Posts a new table's first message and hands it to the publisher; `/ramsch new` and a
    finished table's **New table** open tables through it."""

    def __init__(self, bot: RamschBot, publisher: Publisher) -> None:
        self.bot = bot
        self.service = bot.service
        self.publisher = publisher

    async def open(
        self,
        interaction: discord.Interaction,
        settings: GuildSettings,
        opener: Callable[[], Awaitable[Update]],
        invited: tuple[int, ...] = (),
    ) -> Table:
        """Open a lobby (``opener``) and post it, answering the interaction: in the channel,
        pinging the invited players and the server's table role; or, if the server wants a
        thread per table, an announcement in the channel and the lobby in its new thread. The
        lobby shows its own link once it is posted. Returns the table."""
        want_thread = settings.threads and thread_parent(interaction) is None
        missing = thread_permissions_missing(interaction) if want_thread else []
        table = (await opener()).table
        role = settings.ping_role
        if want_thread and not missing:
            await self._open_in_thread(interaction, table, invited, role)
            return table
        shown = render_lobby(table)
        pinging = dataclasses.replace(shown, content=invitation(table, invited, role))
        message_id = await self._post_opening(interaction, table, pinging, invited, role)
        await self.service.lobby.set_message(table.id, message_id)
        # The invitation line stays until the lobby changes (its pings were sent).
        linked = render_lobby(table)
        try:
            await interaction.edit_original_response(
                **dataclasses.replace(linked, content=pinging.content).edit_kwargs(),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            shown = linked
        except discord.HTTPException as error:  # the next render shows the link
            log.info("Table %d: could not show the lobby's link: %s", table.id, error)
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
        return table

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
            log.info("Table %d: could not open a thread: %s", table.id, error)
            await self._play_in_channel(interaction, table, message_id)
            return
        shown = render_lobby(table)
        try:
            await self.service.lobby.move(table.id, thread.id)
            # Saved first: if the lobby can't be posted, the cancel closes the announcement.
            await self.service.threads.save(TableThread(table.id, parent_id, message_id, thread.id))
            sent = await thread.send(**shown.send_kwargs())
        except discord.HTTPException as error:
            # The thread refuses the lobby: the table plays in the channel after all.
            log.info("Table %d: its thread refused the lobby: %s", table.id, error)
            await self.service.lobby.move(table.id, parent_id)
            await self.service.threads.forget(table.id)
            await self._play_in_channel(interaction, table, message_id)
            await self._delete_empty_thread(table, thread)
            return
        except Exception:
            await self.service.lobby.cancel(table.id, interaction.user.id, can_manage=True)
            raise
        await self.service.lobby.set_message(table.id, sent.id)
        linked = render_lobby(table)
        try:
            await sent.edit(**linked.edit_kwargs())
            shown = linked
        except discord.HTTPException as error:  # the next render shows the link
            log.info("Table %d: could not show the lobby's link: %s", table.id, error)
        self.publisher.attach(table, sent.id, shown)

    async def _play_in_channel(
        self, interaction: discord.Interaction, table: Table, message_id: int
    ) -> None:
        """No thread to play in: the announcement becomes the lobby, in the channel."""
        await self.service.lobby.set_message(table.id, message_id)
        shown = render_lobby(table)
        await interaction.edit_original_response(
            **shown.edit_kwargs(), allowed_mentions=discord.AllowedMentions.none()
        )
        self.publisher.attach(table, message_id, shown)
        await self._tell_host(
            interaction, _("I could not open a thread for this table: it plays here.")
        )

    async def _delete_empty_thread(self, table: Table, thread: discord.Thread) -> None:
        """Delete the thread a table could not use (it needs Manage Threads)."""
        try:
            await thread.delete()
        except discord.HTTPException as error:
            log.info("Table %d: could not delete its empty thread: %s", table.id, error)

    async def _tell_host(self, interaction: discord.Interaction, text: str) -> None:
        try:
            await interaction.followup.send(text, ephemeral=True)
        except discord.HTTPException as error:
            log.info("Could not tell the host of a table: %s", error)


THREAD_PERMISSIONS = {
    "create_public_threads": N_("Create Public Threads"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
}
"""What the bot needs in a channel to give a table its own thread (Discord's names)."""


def thread_parent(interaction: discord.Interaction) -> int | None:
    """The channel of the thread the interaction came from; None outside threads."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        return channel.parent_id
    return None


def thread_permissions_missing(interaction: discord.Interaction) -> list[str]:
    """The permissions (their names, to translate) the bot lacks to open a table's thread."""
    have = interaction.app_permissions
    return [name for flag, name in THREAD_PERMISSIONS.items() if not getattr(have, flag)]


INVITES_NOT_MEMBERS = N_("{user} is not a member of this server")


def invited(
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

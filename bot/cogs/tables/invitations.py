"""A private table's invitations in Discord: the host's Invite menu in the lobby, and the DM
that brings each invited player the lobby's link."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import i18n
from bot.cogs.tables.opening import INVITES_NOT_MEMBERS
from bot.i18n import _
from bot.tables import Table, TableError
from bot.ui.games import title
from bot.ui.lobby import lobby_link
from bot.ui.text import name_text

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.cogs.tables.announcements import Announcements

log = logging.getLogger(__name__)


def chosen_players(interaction: discord.Interaction) -> list[int]:
    """The players chosen in an Invite select (its values and Discord's ``resolved`` data),
    or a refusal: a bot, or a user who is not a member of the server."""
    data: dict[str, Any] = dict(interaction.data or {})
    resolved: dict[str, Any] = data.get("resolved") or {}
    users: dict[str, Any] = resolved.get("users") or {}
    members: dict[str, Any] = resolved.get("members") or {}
    found = []
    for value in data.get("values") or []:
        key = str(value)
        if not key.isdigit() or len(key) > 20:
            raise TableError("This button is no longer valid.")
        if (users.get(key) or {}).get("bot"):
            raise TableError("Bots can't be invited: the host adds AI players with **Add AI**")
        if key not in members:
            raise TableError(INVITES_NOT_MEMBERS, user=f"<@{key}>")
        found.append(int(key))
    return found


class Invitations:
    """The Invite menu's clicks and the invitation DMs."""

    def __init__(self, bot: RamschBot, announcements: Announcements) -> None:
        self.bot = bot
        self.service = bot.service
        self.announcements = announcements

    async def on_invite(self, interaction: discord.Interaction, table_id: int) -> None:
        """The host invites the chosen players (the service refuses anyone else, nothing
        changes); he is told who was invited, then whom no DM could reach."""
        try:
            users = chosen_players(interaction)
            invitation = await self.service.invites.invite(table_id, interaction.user.id, users)
        except Exception as error:
            await self.bot.report_error(interaction, error)
            return
        players = " ".join(f"<@{user}>" for user in invitation.users)
        quiet = discord.AllowedMentions.none()
        try:
            await interaction.response.send_message(
                _("Invited {players}: I am sending them this table's link.", players=players),
                ephemeral=True,
                allowed_mentions=quiet,
            )
        except discord.HTTPException as error:
            log.info("Table %d: could not answer an invitation: %s", table_id, error)
        failed = await self.send(invitation.table, invitation.users, interaction.user)
        if failed:
            await self.tell_unreachable(interaction, table_id, failed)

    async def tell_unreachable(
        self, interaction: discord.Interaction, table_id: int, failed: list[int]
    ) -> None:
        """Tell the host, privately, which invited players no DM reached."""
        unreachable = " ".join(f"<@{user}>" for user in failed)
        quiet = discord.AllowedMentions.none()
        try:
            await interaction.followup.send(
                _(
                    "I could not send {players} a DM: share this table's link with them yourself.",
                    players=unreachable,
                ),
                ephemeral=True,
                allowed_mentions=quiet,
            )
        except discord.HTTPException as error:
            log.info("Table %d: could not tell the host about a DM: %s", table_id, error)

    async def send(self, table: Table, users: tuple[int, ...], host: discord.abc.User) -> list[int]:
        """DM each invited player the lobby's link, in his language; the players no DM
        reached (DMs closed, or Discord refused)."""
        fallback = await self.announcements.channel_language(table.guild_id)
        guild = self.bot.get_guild(table.guild_id)
        server = name_text(guild.name) if guild is not None else "—"
        failed = []
        for user_id in users:
            with i18n.using(self.bot.preferences.language(user_id, fallback)):
                text = invitation_text(table, name_text(host.display_name), server)
            try:
                channel = await self.bot.create_dm(discord.Object(id=user_id))
                await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as error:
                log.info("Table %d: could not DM an invitation: %s", table.id, error)
                failed.append(user_id)
        return failed


def invitation_text(table: Table, host: str, server: str) -> str:
    """The DM inviting a player to a private table (``host`` and ``server`` escaped)."""
    link = lobby_link(table) or f"<#{table.channel_id}>"
    return _(
        "{host} invites you to a private table of {game} on {server}. Join it here: {link}",
        host=host,
        game=title(table.rules),
        server=server,
        link=link,
    )

"""What the bot needs in a channel to run a table there, checked before a table opens.

Discord sends with every interaction the bot's permissions in its channel, overwrites applied
(``interaction.app_permissions``). A table needs to see the channel, post its message (with an
embed and card pictures) and read the channel's messages again after a restart; in a thread,
posting is "Send Messages in Threads". Missing one of them, a table would open and then fail at
its first message: ``/ramsch new`` refuses at once and names what is missing, as Discord shows
it in the channel's settings (in the reader's language).
"""

from __future__ import annotations

import discord

from bot.i18n import N_, _
from bot.tables import TableError

NEEDED: tuple[tuple[str, str], ...] = (
    ("view_channel", N_("View Channel")),
    ("send_messages", N_("Send Messages")),
    ("embed_links", N_("Embed Links")),
    ("attach_files", N_("Attach Files")),
    ("read_message_history", N_("Read Message History")),
)
"""(discord.py's permission flag, its name in Discord's channel settings), in Discord's order."""
IN_THREADS: tuple[tuple[str, str], ...] = (
    ("view_channel", N_("View Channel")),
    ("send_messages_in_threads", N_("Send Messages in Threads")),
    ("embed_links", N_("Embed Links")),
    ("attach_files", N_("Attach Files")),
    ("read_message_history", N_("Read Message History")),
)
"""The same in a thread, where Send Messages in Threads stands for Send Messages."""
THREAD_TYPES = (
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
)
LACKING = N_(
    "I can't run a table in this channel: I'm missing these permissions here: {permissions}. "
    "A server admin can grant them to me in the channel's settings under Permissions."
)


class BotLacksPermissions(TableError):
    """The bot may not do in this channel what a table needs."""


def in_thread(channel: object) -> bool:
    """Whether an interaction's channel is a thread."""
    return isinstance(channel, discord.Thread) or getattr(channel, "type", None) in THREAD_TYPES


def missing(permissions: discord.Permissions, *, thread: bool = False) -> list[str]:
    """The names (untranslated) of the permissions a table needs that ``permissions`` lack;
    ``thread``: the channel is a thread. (A table's own thread, a server setting, needs more:
    without it the table plays in the channel, see ``bot.cogs.tables``.)"""
    if permissions.administrator:
        return []
    needed = IN_THREADS if thread else NEEDED
    return [name for flag, name in needed if not getattr(permissions, flag)]


def require_table_permissions(interaction: discord.Interaction) -> None:
    """Refuse (:class:`BotLacksPermissions`, naming what is missing in the reader's language)
    unless the bot may run a table in the interaction's channel."""
    lacking = missing(interaction.app_permissions, thread=in_thread(interaction.channel))
    if lacking:
        names = ", ".join(_(name) for name in lacking)
        raise BotLacksPermissions(LACKING, permissions=names)

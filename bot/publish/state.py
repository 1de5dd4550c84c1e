"""What the publisher knows of one table: what its messages show, the tasks that show the
rest, and the server settings they follow."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord

from bot import i18n
from bot.publish.delivery import Delivery
from bot.publish.hands import Hands

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.tables import Table, Update

Progress = tuple[int, str]
"""What a table's messages depend on beyond its log: its log length and the away flags."""


@dataclass
class TableState:
    """What has been shown of one table, and the tasks that show the rest: the table's task
    renders each change and hands the channel messages (results, notes, the table message, in
    order) and every private hand to their own tasks, which run side by side."""

    table: Table
    dirty: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    rendering: bool = False
    channel: Delivery = field(default_factory=Delivery)
    """The channel messages' try in flight, its failures and retry."""
    channel_done: bool = False
    """The channel shows the end of the table (cancelled or finished) and nothing is left."""
    channel_lost: bool = False
    """The table's channel was deleted: nothing is sent there any more."""
    message_id: int | None = None
    message_deal: int | None = None
    """The deal the table message shows; None while it is the lobby."""
    message_key: str | None = None
    message_kept: dict[str, discord.Attachment] = field(default_factory=dict)
    """The table message's pictures by what they show (``Rendered.kept``)."""
    announced: int = 0
    """Finished deals whose result was posted."""
    standings_posted: bool = False
    adopted: bool = False
    """Recovered at start-up: post a table message if there is none."""
    reconciled: bool = False
    """After a restart: what the channel already shows was read back (see _reconcile)."""
    hands: Hands = field(default_factory=Hands)
    dms_allowed: bool | None = None
    """The guild lets the bot DM players (its settings, read once per table)."""
    language: str | None = None
    """The language of the channel's messages (read once per table)."""
    mirror: int | None = None
    """The server's channel for its public tables (read with the settings)."""
    notes: list[Update] = field(default_factory=list)
    """Changes with a sentence for the channel (timer notes), posted with the next render."""
    notes_posted: int = 0
    """Notes posted so far (each post's nonce is told apart by its number)."""
    end_note: Update | None = None
    """Why the table was cancelled or closed, if not by a click."""
    reminder_message: int | None = None
    """The channel message that reminds the player to act (deleted when his turn is over)."""
    seen: Progress = (0, "")
    """The table as it was at the latest render."""


def position(table: Table) -> Progress:
    """Where the table is now, as its messages depend on it."""
    return table.log_length, "".join("1" if seat.away else "0" for seat in table.seats)


async def read_settings(bot: RamschBot, state: TableState) -> None:
    """Read the server's settings the table's messages follow (once per table)."""
    settings = await bot.service.guilds.get(state.table.guild_id)
    state.dms_allowed = settings.dms or state.table.public
    state.mirror = settings.mirror if settings.public else None
    state.hands.pictures = settings.pictures
    language: str = settings.language
    if language == "auto":
        guild = bot.get_guild(state.table.guild_id)
        language = i18n.language_of(guild.preferred_locale if guild is not None else None)
    state.language = language


async def dms_allowed(bot: RamschBot, state: TableState) -> bool:
    """Whether the server lets the bot DM the players their hands (a public table's players
    always get them: it plays in their DMs)."""
    if state.dms_allowed is None:
        await read_settings(bot, state)
    assert state.dms_allowed is not None
    return state.dms_allowed


async def channel_language(bot: RamschBot, state: TableState) -> str:
    """The language of the table's channel messages: the server's choice in its settings,
    else the server's language in Discord (read once per table)."""
    if state.language is None:
        await read_settings(bot, state)
    assert state.language is not None
    return state.language


def quiet(state: TableState) -> bool:
    """A public table shows nothing in a channel but its server's mirror channel, if that
    server has one (read with the settings): it plays in its players' DMs."""
    return state.table.public and state.mirror != state.table.channel_id

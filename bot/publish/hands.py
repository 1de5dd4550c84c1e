"""Each player's private view of a table: a DM at every deal, and the ephemeral My hand."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord

from bot import i18n
from bot.i18n import N_, _
from bot.storage import ShownHand, ShownTable
from bot.ui import faces
from bot.ui.card_pictures import with_hand
from bot.ui.hand import render_hand, render_hand_closed
from bot.ui.message import Rendered

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.tables import Table

log = logging.getLogger(__name__)

EPHEMERAL_LIFETIME = 14 * 60.0
"""Interaction tokens last 15 minutes; stop editing an ephemeral hand a little before."""
CLOSED_DMS = N_(
    "{mention} I can't send you direct messages, so your cards are not in your DMs: press "
    "**My hand** on the table message to see and play them."
)


@dataclass
class Private:
    """A player's DM for one deal of a table."""

    deal: int
    message: discord.Message | discord.PartialMessage
    key: str | None
    """``Rendered.key()`` of what it shows; None if not known (it is edited at the next
    render)."""


@dataclass
class Ephemeral:
    """The latest ephemeral hand a player opened: edited through its interaction's token."""

    interaction: discord.Interaction
    since: float
    key: str | None = None


@dataclass
class Hands:
    """The private messages of one table's players, kept up to date by the table's task."""

    dms: dict[int, Private] = field(default_factory=dict)
    dm_closed: set[int] = field(default_factory=set)
    """Players whose DMs are closed: told once in the channel to use My hand."""
    ephemerals: dict[int, Ephemeral] = field(default_factory=dict)
    pictures: bool = True
    """The server shows card pictures (each player may still turn them off for himself)."""

    def render(
        self,
        bot: RamschBot,
        table: Table,
        user_id: int,
        *,
        closed: int | None = None,
        locale: object = None,
    ) -> Rendered:
        """A player's hand (or, ``closed``, the note that that deal is over) in his language
        (``locale``: of the interaction he opened it with; else as last seen; else the
        channel's) and with his choice of cards."""
        preferences = getattr(bot, "preferences", None)
        fallback = i18n.current()
        if locale is not None:
            language = i18n.language_of(locale)
        elif preferences is not None:
            language = preferences.language(user_id, fallback)
        else:
            language = fallback
        cards = preferences.cards(user_id) if preferences is not None else faces.Preference()
        with i18n.using(language), faces.preferring(cards):
            if closed is not None:
                return render_hand_closed(table, closed)
            shown = render_hand(table, user_id)
            if self.pictures and cards.pictures:
                shown = with_hand(shown, table, user_id)
            return shown

    def remember(
        self, user_id: int, interaction: discord.Interaction, shown: Rendered | None
    ) -> None:
        """Keep this ephemeral hand up to date from now on."""
        key = shown.key() if shown is not None else None
        self.ephemerals[user_id] = Ephemeral(interaction, time.monotonic(), key)

    def restore(self, bot: RamschBot, shown: ShownTable, *, trust: bool) -> None:
        """The hand DMs recorded before a restart (``trust``: they show the table's current
        state, so they are edited only when it changes)."""
        for hand in shown.hands:
            channel = bot.get_partial_messageable(hand.channel_id, type=discord.ChannelType.private)
            message = channel.get_partial_message(hand.message_id)
            self.dms[hand.user_id] = Private(hand.deal, message, hand.shown if trust else None)

    def shown_rows(self, log_position: int) -> tuple[ShownHand, ...]:
        """The hand DMs as shown now, to be stored."""
        return tuple(
            ShownHand(user_id, private.message.channel.id, private.message.id, private.deal,
                      log_position, private.key)
            for user_id, private in self.dms.items()
        )  # fmt: skip

    async def show(self, bot: RamschBot, table: Table, dms: bool) -> None:
        """Every player's hand as it is now: a new DM at a new deal, edits otherwise."""
        number = table.deal_number
        for seat in table.seats:
            user_id = seat.user_id
            if user_id is None:
                continue
            private = self.dms.get(user_id)
            if private is not None and private.deal != number:
                await self._edit_dm(user_id, self.render(bot, table, user_id, closed=private.deal))
                self.dms.pop(user_id, None)
                private = None
            playing = table.view_for(user_id) is not None
            if user_id in self.dm_closed or (private is None and not (playing and dms)):
                continue
            shown = self.render(bot, table, user_id)
            if private is None:
                await self._open_dm(bot, table, user_id, shown)
            elif private.key != shown.key():
                failed = await self._edit_dm(user_id, shown)
                if isinstance(failed, discord.NotFound) and playing and dms:
                    await self._open_dm(bot, table, user_id, shown)  # deleted: post it again
        await self._show_ephemerals(bot, table)

    async def close(self, bot: RamschBot, table: Table) -> None:
        """At the end of a session or a cancel: DMs and ephemeral hands lose their buttons."""
        for user_id, private in list(self.dms.items()):
            await self._edit_dm(user_id, self.render(bot, table, user_id, closed=private.deal))
        self.dms.clear()
        await self._show_ephemerals(bot, table, closed=True)

    async def _open_dm(self, bot: RamschBot, table: Table, user_id: int, shown: Rendered) -> None:
        try:
            channel = await bot.create_dm(discord.Object(id=user_id))
            message = await channel.send(**shown.send_kwargs())
        except discord.Forbidden:
            self.dm_closed.add(user_id)
            log.info("User %d does not accept DMs (table %d)", user_id, table.id)
            mention = f"<@{user_id}>"
            notice = _(CLOSED_DMS, mention=mention)
            await bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id).send(
                notice
            )
            return
        self.dms[user_id] = Private(table.deal_number, message, shown.key())

    async def _edit_dm(self, user_id: int, shown: Rendered) -> discord.HTTPException | None:
        """Edit the player's DM; the error if that failed (the DM is forgotten then)."""
        private = self.dms[user_id]
        try:
            await private.message.edit(**shown.edit_kwargs())
        except discord.HTTPException as error:
            log.log(
                logging.INFO if isinstance(error, discord.NotFound) else logging.WARNING,
                "Could not edit the DM of user %d: %s",
                user_id,
                error,
            )
            self.dms.pop(user_id, None)
            return error
        private.key = shown.key()
        return None

    async def _show_ephemerals(self, bot: RamschBot, table: Table, closed: bool = False) -> None:
        now = time.monotonic()
        for user_id, ephemeral in list(self.ephemerals.items()):
            if now - ephemeral.since > EPHEMERAL_LIFETIME:
                del self.ephemerals[user_id]
                continue
            locale = ephemeral.interaction.locale
            if closed:
                shown = self.render(bot, table, user_id, closed=table.deal_number, locale=locale)
            else:
                shown = self.render(bot, table, user_id, locale=locale)
            if shown.key() == ephemeral.key:
                continue
            try:
                await ephemeral.interaction.edit_original_response(**shown.edit_kwargs())
                ephemeral.key = shown.key()
            except discord.HTTPException as error:
                log.info("Stopped updating an ephemeral hand of user %d: %s", user_id, error)
                self.ephemerals.pop(user_id, None)

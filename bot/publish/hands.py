"""Each player's private view of a table: a DM at every deal, and the ephemeral My hand.

Every private message is updated on its own (``Delivery``): one try at a time per message, so
its edits never overtake each other; a message whose try failed is retried later with a growing
delay, while the other players' messages go on. A failed edit is retried on the same message:
only a message that is gone (deleted) is posted anew, and every post carries a nonce, so a post
whose answer was lost returns the message it made instead of making another."""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot import emojis, i18n
from bot.i18n import N_, _
from bot.publish.delivery import Delivery, Done, gone, nonce
from bot.storage import ShownHand, ShownTable
from bot.ui import faces
from bot.ui.card_pictures import with_hand
from bot.ui.hand import (
    current_deal,
    render_channel_gone,
    render_hand,
    render_hand_closed,
    render_hand_replaced,
)
from bot.ui.message import PICTURES_BACK_AFTER, Rendered, edit_message, upload_refused
from bot.ui.routing import shown_custom_ids
from ramsch_core import PublicView, SeatView

if TYPE_CHECKING:
    from bot.client import RamschBot
    from bot.tables import Table

log = logging.getLogger(__name__)

EPHEMERAL_LIFETIME = 14 * 60.0
"""Interaction tokens last 15 minutes; stop editing an ephemeral hand a little before."""
GIVE_UP = 8
"""Failed tries after which a message that no longer matters (a deal over, a table closed, a
notice) is given up; the current hand of a running table is retried as long as it runs."""
CLOSED_DMS = N_(
    "{mention} I can't send you direct messages, so your cards are not in your DMs: press "
    "**My hand** on the table message to see and play them."
)
Inputs = tuple[object, ...]
"""What a hand message's render is made of, cheap to compare (``Hands.inputs``)."""


@dataclass
class Private:
    """A player's DM for one deal of a table."""

    deal: int
    message: discord.Message | discord.PartialMessage | None
    """None while it is being posted (the nonce tells a repeat from a new post)."""
    key: str | None
    """``Rendered.key()`` of what it shows; None if not known (it is edited at the next
    render)."""
    nonce: str = ""
    delivery: Delivery = field(default_factory=Delivery)
    kept: dict[str, discord.Attachment] = field(default_factory=dict)
    """Its pictures by what they show (``Rendered.kept``): kept at an edit, not uploaded."""
    inputs: Inputs | None = None
    """What its render was made of (``Hands.inputs``), while it shows that render."""


@dataclass
class Ephemeral:
    """An ephemeral hand a player opened: edited through its interaction's token."""

    interaction: discord.Interaction
    since: float
    key: str | None = None
    origin: int = 0
    """The interaction whose answer the message is (the same for clicks on it)."""
    delivery: Delivery = field(default_factory=Delivery)
    kept: dict[str, discord.Attachment] = field(default_factory=dict)
    """Its pictures by what they show (``Rendered.kept``): kept at an edit, not uploaded."""


@dataclass
class Notice:
    """A DM telling a player something once (his table closed because its channel is gone)."""

    shown: Rendered
    nonce: str
    delivery: Delivery = field(default_factory=Delivery)


def origin_of(interaction: discord.Interaction) -> int:
    """The interaction that made the message an interaction answers on: the message's own for
    a click on an ephemeral hand, else the interaction itself (a new ephemeral)."""
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        metadata = message.interaction_metadata
        return metadata.id if metadata is not None else message.id
    return interaction.id


@dataclass
class Hands:
    """The private messages of one table's players, kept up to date by the table's task."""

    dms: dict[int, Private] = field(default_factory=dict)
    retired: list[tuple[int, Private]] = field(default_factory=list)
    """DMs of deals that are over, still to lose their buttons (user id, DM)."""
    dm_closed: set[int] = field(default_factory=set)
    """Players whose DMs are closed: told once in the channel to use My hand."""
    telling: int = 0
    """Closed-DM notices being posted."""
    ephemerals: dict[int, Ephemeral] = field(default_factory=dict)
    replaced: list[tuple[int, Ephemeral]] = field(default_factory=list)
    """Ephemeral hands opened again since, still to lose their buttons."""
    notices: dict[int, Notice] = field(default_factory=dict)
    pictures: bool = True
    """The server shows card pictures (each player may still turn them off for himself)."""
    pictures_off_until: float = 0.0
    """Until when (``time.monotonic``) the table's messages are shown without pictures:
    Discord refused or failed one (see ``bot.ui.message.upload_refused``)."""
    channel_gone: bool = False
    """The table's channel was deleted: nothing is said there any more."""
    told: bool = False
    """The players were told that the channel is gone."""

    def render(
        self,
        bot: RamschBot,
        table: Table,
        user_id: int,
        *,
        closed: int | None = None,
        locale: object = None,
        replaced: bool = False,
        view: SeatView | None = None,
    ) -> Rendered:
        """A player's hand (or, ``closed``, the note that that deal is over; ``replaced``, that
        he opened it again) in his language (``locale``: of the interaction he opened it with;
        else as last seen; else the channel's) and with his choice of cards. ``view``: his
        view of the table now, if already at hand."""
        language, cards = self.reader(bot, user_id, locale)
        with i18n.using(language), faces.preferring(cards):
            if replaced:
                return render_hand_replaced(table)
            if closed is not None:
                return render_hand_closed(table, closed)
            if view is None:
                view = table.view_for(user_id)  # worked out once for the text and the picture
            shown = render_hand(table, user_id, view)
            if self.pictures and cards.pictures and not self.pictures_off():
                shown = with_hand(shown, table, user_id, view)
            return shown

    def _pictures_refused(self, table: Table, error: discord.HTTPException) -> None:
        """Discord refused or failed a picture of a hand: the table's messages are shown as
        text for a while (said once in the log), then pictures are tried again."""
        if not self.pictures_off():
            log.warning(
                "Table %d: Discord did not take a hand picture (%s %s): showing the hands as "
                "text for %.0f s",
                table.id, error.status, error.code, PICTURES_BACK_AFTER,
            )  # fmt: skip
        self.pictures_off_until = time.monotonic() + PICTURES_BACK_AFTER

    def pictures_off(self) -> bool:
        """Whether the table's messages are shown as text for now (Discord refused or failed
        a picture of it: ``pictures_off_until``)."""
        return time.monotonic() < self.pictures_off_until

    def reader(
        self, bot: RamschBot, user_id: int, locale: object = None
    ) -> tuple[str, faces.Preference]:
        """The language and the choice of cards a player's hand is shown in (see ``render``)."""
        preferences = getattr(bot, "preferences", None)
        fallback = i18n.current()
        if locale is not None:
            language = i18n.language_of(locale)
        elif preferences is not None:
            language = preferences.language(user_id, fallback)
        else:
            language = fallback
        cards = preferences.cards(user_id) if preferences is not None else faces.Preference()
        return language, cards

    def inputs(
        self, bot: RamschBot, table: Table, user_id: int, view: SeatView | None
    ) -> Inputs | None:
        """Everything the player's hand message is rendered from while he waits in the card
        play (another player's turn), as a tuple cheap to compare: equal inputs, an equal
        render, so the hand is not rendered again (the trick being played, which changes at
        every card, is not shown on a hand then). None at his turn and outside the card play
        (rendered each time), and always for a public table (its hands show the trick)."""
        match = table.match
        seat = table.seat_of(user_id)
        if view is None or match is None or seat is None or table.public:
            return None
        public = view.public
        if public.phase != "play" or public.to_act == view.seat:
            return None
        language, cards = self.reader(bot, user_id)
        seats = tuple((each.user_id, each.name, each.away) for each in table.seats)
        return (
            language, cards, self.pictures, emojis.known(), table.id, table.channel_id, table.rules,
            current_deal(table), match.total_deals, tuple(match.active_seats), seats,
            table.marks_of(seat), view.seat, view.hand, view.legal, view.skat, view.laid,
            view.drawn, public.game, public.players, public.contract, public.trick_counts,
            public.points_taken, public.pushes, public.result, public.order, public.rules,
            public.state, public.open_hands,
        )  # fmt: skip

    def remember(
        self, user_id: int, interaction: discord.Interaction, shown: Rendered | None
    ) -> None:
        """Keep this ephemeral hand up to date from now on; the one the player had open
        before, if another message, loses its buttons."""
        key = shown.key() if shown is not None else None
        origin = origin_of(interaction)
        before = self.ephemerals.get(user_id)
        latest = Ephemeral(interaction, time.monotonic(), key, origin)
        if before is not None and before.origin == origin:
            latest.delivery = before.delivery  # one message: its tries stay in order
            latest.kept = before.kept
        elif before is not None:
            self.replaced.append((user_id, before))
        self.ephemerals[user_id] = latest

    def restore(self, bot: RamschBot, shown: ShownTable, *, trust: bool) -> None:
        """The hand DMs recorded before a restart (``trust``: they show the table's current
        state, so they are edited only when it changes)."""
        for hand in shown.hands:
            channel = bot.get_partial_messageable(hand.channel_id, type=discord.ChannelType.private)
            message = channel.get_partial_message(hand.message_id)
            self.dms[hand.user_id] = Private(hand.deal, message, hand.shown if trust else None)

    def shown_rows(self, log_position: int) -> tuple[ShownHand, ...]:
        """The hand DMs as shown now, to be stored (a DM not known to be up to date without a
        key: it is edited after a restart)."""
        rows = []
        for user_id, private in self.dms.items():
            if private.message is None:
                continue
            delivery = private.delivery
            current = not (delivery.busy or delivery.behind or delivery.waiting)
            key = private.key if current else None
            rows.append(
                ShownHand(user_id, private.message.channel.id, private.message.id, private.deal,
                          log_position, key)
            )  # fmt: skip
        return tuple(rows)

    # -- state, for the publisher -------------------------------------------------------------

    def deliveries(self) -> list[Delivery]:
        return [
            *(private.delivery for private in self.dms.values()),
            *(private.delivery for _, private in self.retired),
            *(ephemeral.delivery for ephemeral in self.ephemerals.values()),
            *(ephemeral.delivery for _, ephemeral in self.replaced),
            *(notice.delivery for notice in self.notices.values()),
        ]

    def busy(self) -> bool:
        """A try is in flight."""
        return self.telling > 0 or any(delivery.busy for delivery in self.deliveries())

    def waiting(self) -> bool:
        """A failed message waits for its retry."""
        return any(delivery.waiting for delivery in self.deliveries())

    def finished(self) -> bool:
        """Nothing is left to show (after ``close``)."""
        return not (self.dms or self.retired or self.ephemerals or self.replaced or self.notices)

    # -- rendering ----------------------------------------------------------------------------

    def show(self, bot: RamschBot, table: Table, dms: bool, done: Done) -> None:
        """Bring every player's hand to the table's state as it is now: a new DM at a new
        deal, edits otherwise. Each message is rendered now and sent by its own task."""
        number = current_deal(table)
        for left in [user for user in self.dms if table.seat_of(user) is None]:
            self.retired.append((left, self.dms.pop(left)))  # he left: no live hand
        # The deal's public view, built once for every hand rendered now (it is the same for
        # each seat, and nothing changes the table before they are rendered)
        public = functools.cache(lambda: table.match.deal.public_view() if table.match else None)
        for seat in table.seats:
            user_id = seat.user_id
            if user_id is None:
                continue
            private = self.dms.get(user_id)
            if private is not None and private.deal != number:
                self.retired.append((user_id, self.dms.pop(user_id)))
                private = None
            place, match = table.seat_of(user_id), table.match  # as view_for, without the view
            playing = place is not None and match is not None and match.deal_seat(place) is not None
            if user_id in self.dm_closed or (private is None and not (playing and dms)):
                continue
            if private is None:
                tag = nonce(table.id, table.created_at, user_id, number, "hand")
                private = self.dms[user_id] = Private(number, None, None, tag)
            self._update_dm(bot, table, user_id, private, done, public)
        self._close_retired(bot, table, done)
        self._show_ephemerals(bot, table, done)

    def close(self, bot: RamschBot, table: Table, done: Done) -> None:
        """At the end of a session or a cancel: DMs and ephemeral hands lose their buttons."""
        self.retired += list(self.dms.items())
        self.dms.clear()
        self._close_retired(bot, table, done)
        self._show_ephemerals(bot, table, done, closed=True)
        for user_id, notice in list(self.notices.items()):
            if notice.delivery.failures >= GIVE_UP:
                log.warning("Gave up a notice to user %d (table %d)", user_id, table.id)
                del self.notices[user_id]
                continue

            def send(user_id: int = user_id, notice: Notice = notice) -> Coroutine[Any, Any, None]:
                return self._send_notice(bot, user_id, notice)

            self._start(notice.delivery, done, f"a notice to user {user_id}", send)

    def tell_channel_gone(self, bot: RamschBot, table: Table, dms: bool) -> None:
        """Every player is told by DM that the table closed because its channel was deleted
        (sent by ``close``)."""
        if self.told:
            return
        self.channel_gone = self.told = True
        if not dms:
            return
        for seat in table.seats:
            user_id = seat.user_id
            if user_id is None or user_id in self.dm_closed:
                continue
            shown = self.render_for(bot, user_id, lambda: render_channel_gone(table))
            self.notices[user_id] = Notice(
                shown, nonce(table.id, table.created_at, user_id, "gone")
            )

    def render_for(self, bot: RamschBot, user_id: int, render: Callable[[], Rendered]) -> Rendered:
        """``render()`` in the player's language."""
        preferences = getattr(bot, "preferences", None)
        fallback = i18n.current()
        language = preferences.language(user_id, fallback) if preferences is not None else fallback
        with i18n.using(language):
            return render()

    def _start(
        self,
        delivery: Delivery,
        done: Done,
        what: str,
        work: Callable[[], Coroutine[Any, Any, None] | None],
    ) -> None:
        """Try to update a message now, unless a try is in flight (then once it ends) or a
        failed one waits for its retry. ``work`` renders at once and returns the coroutine
        that sends (None: the message shows this already)."""
        if delivery.busy:
            delivery.behind = True
            return
        if delivery.waiting and time.monotonic() < delivery.retry_at:
            return  # its retry wakes the table
        coroutine = work()
        if coroutine is not None:
            delivery.start(coroutine, done, what)

    # -- DMs ----------------------------------------------------------------------------------

    def _update_dm(
        self,
        bot: RamschBot,
        table: Table,
        user_id: int,
        private: Private,
        done: Done,
        public: Callable[[], PublicView | None],
    ) -> None:
        def work() -> Coroutine[Any, Any, None] | None:
            view = table.view_for(user_id, public())
            inputs = self.inputs(bot, table, user_id, view)
            shows = private.message is not None and private.key is not None
            if shows and inputs is not None and inputs == private.inputs:
                return None  # made of the same as what it shows: the same render
            shown = self.render(bot, table, user_id, view=view)
            key = shown.key()
            if shows and key == private.key:
                private.inputs = inputs
                return None
            return self._put_dm(bot, table, user_id, private, shown, key, inputs)

        self._start(private.delivery, done, f"the DM of user {user_id}", work)

    async def _put_dm(
        self,
        bot: RamschBot,
        table: Table,
        user_id: int,
        private: Private,
        shown: Rendered,
        key: str,
        inputs: Inputs | None,
    ) -> None:
        private.inputs = None  # until it is known to show this render
        if private.message is None:
            repeat = private.delivery.failures > 0
            try:
                channel = await bot.create_dm(discord.Object(id=user_id))
                try:
                    message = await channel.send(**shown.send_kwargs(), nonce=private.nonce)
                except discord.HTTPException as error:
                    if not upload_refused(shown, error) or isinstance(error, discord.Forbidden):
                        raise
                    self._pictures_refused(table, error)
                    shown = shown.text_only()
                    key = shown.key()
                    message = await channel.send(**shown.send_kwargs(), nonce=private.nonce)
            except discord.Forbidden:
                await self._closed_dms(bot, table, user_id, private)
                return
            private.message = message
            # After a lost answer the message is the first try's: edit it at the next render.
            private.key = None if repeat else key
            private.kept = {} if repeat else shown.kept(message)
            private.inputs = None if repeat else inputs
            private.delivery.again = repeat
            return
        # Until the edit is known to be made, what the message carries is not known.
        kept, private.kept = private.kept, {}
        try:
            edited = await edit_message(
                bot, private.message.channel.id, private.message.id, shown, kept
            )
        except discord.Forbidden:
            await self._closed_dms(bot, table, user_id, private)
            return
        except discord.HTTPException as error:
            if upload_refused(shown, error):
                self._pictures_refused(table, error)  # the next try shows the hand as text
                raise
            if not gone(error):
                raise
            log.info("The DM of user %d is gone (table %d): posting it anew", user_id, table.id)
            if self.dms.get(user_id) is private:
                tag = nonce(
                    table.id, table.created_at, user_id, private.deal, "hand", private.message.id
                )
                self.dms[user_id] = Private(private.deal, None, None, tag)
                private.delivery.again = True
            return
        private.key = key
        private.kept = shown.kept(edited)
        private.inputs = inputs

    async def _closed_dms(
        self, bot: RamschBot, table: Table, user_id: int, private: Private
    ) -> None:
        """The player does not accept DMs: he is told once in the channel to use My hand."""
        self.dm_closed.add(user_id)
        if self.dms.get(user_id) is private:
            del self.dms[user_id]
        log.info("User %d does not accept DMs (table %d)", user_id, table.id)
        if self.channel_gone or table.public:  # a public table names nobody in a channel
            return
        mention = f"<@{user_id}>"
        notice = _(CLOSED_DMS, mention=mention)
        channel = bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        # The DM is no longer one of the deliveries: count the notice as work in flight, so
        # the table is not taken for settled before it is posted.
        self.telling += 1
        try:
            await channel.send(notice, nonce=nonce(table.id, table.created_at, user_id, "no dms"))
        except discord.HTTPException as error:
            log.info("Table %d: could not say that user %d's DMs are closed: %s",
                     table.id, user_id, error)  # fmt: skip
        finally:
            self.telling -= 1

    def _close_retired(self, bot: RamschBot, table: Table, done: Done) -> None:
        """DMs of deals that are over lose their buttons (given up after GIVE_UP tries)."""
        for user_id, private in list(self.retired):
            if private.delivery.failures >= GIVE_UP:
                log.warning("Gave up closing the DM of user %d (table %d)", user_id, table.id)
                self.retired.remove((user_id, private))
                continue

            def work(
                user_id: int = user_id, private: Private = private
            ) -> Coroutine[Any, Any, None]:
                shown = self.render(bot, table, user_id, closed=private.deal)
                return self._close_dm(bot, user_id, private, shown)

            self._start(private.delivery, done, f"the old DM of user {user_id}", work)

    async def _close_dm(
        self, bot: RamschBot, user_id: int, private: Private, shown: Rendered
    ) -> None:
        message = private.message
        try:
            if message is None:
                # Its post failed: send it once more with its nonce, so that a post that was
                # made after all comes back (with its buttons) and is closed; else it is made
                # closed.
                channel = await bot.create_dm(discord.Object(id=user_id))
                message = await channel.send(**shown.send_kwargs(), nonce=private.nonce)
                if shown_custom_ids(message):
                    await message.edit(**shown.edit_kwargs())
            elif private.key != shown.key():
                await message.edit(**shown.edit_kwargs())
        except discord.HTTPException as error:
            if not (gone(error) or isinstance(error, discord.Forbidden)):
                raise
            log.info("Could not close the DM of user %d: %s", user_id, error)
        if (user_id, private) in self.retired:
            self.retired.remove((user_id, private))

    async def _send_notice(self, bot: RamschBot, user_id: int, notice: Notice) -> None:
        try:
            channel = await bot.create_dm(discord.Object(id=user_id))
            await channel.send(**notice.shown.send_kwargs(), nonce=notice.nonce)
        except discord.Forbidden as error:
            log.info("Could not send a notice to user %d: %s", user_id, error)
        if self.notices.get(user_id) is notice:
            del self.notices[user_id]

    # -- ephemeral hands ----------------------------------------------------------------------

    def _show_ephemerals(
        self, bot: RamschBot, table: Table, done: Done, closed: bool = False
    ) -> None:
        now = time.monotonic()
        for user_id, ephemeral in list(self.replaced):
            if now - ephemeral.since > EPHEMERAL_LIFETIME or ephemeral.delivery.failures >= GIVE_UP:
                self.replaced.remove((user_id, ephemeral))
                continue

            def replace(
                user_id: int = user_id, ephemeral: Ephemeral = ephemeral
            ) -> Coroutine[Any, Any, None]:
                locale = ephemeral.interaction.locale
                shown = self.render(bot, table, user_id, locale=locale, replaced=True)
                return self._edit_ephemeral(user_id, ephemeral, shown, shown.key(), last=True)

            self._start(ephemeral.delivery, done, f"an old ephemeral hand of user {user_id}",
                        replace)  # fmt: skip
        for user_id, ephemeral in list(self.ephemerals.items()):
            if now - ephemeral.since > EPHEMERAL_LIFETIME:
                del self.ephemerals[user_id]
                continue
            if closed and ephemeral.delivery.failures >= GIVE_UP:
                del self.ephemerals[user_id]
                continue

            def work(
                user_id: int = user_id, ephemeral: Ephemeral = ephemeral
            ) -> Coroutine[Any, Any, None] | None:
                locale = ephemeral.interaction.locale
                if closed:
                    deal = current_deal(table)
                    shown = self.render(bot, table, user_id, closed=deal, locale=locale)
                else:
                    shown = self.render(bot, table, user_id, locale=locale)
                key = shown.key()
                if key == ephemeral.key:
                    if closed and self.ephemerals.get(user_id) is ephemeral:
                        del self.ephemerals[user_id]
                    return None
                return self._edit_ephemeral(user_id, ephemeral, shown, key, last=closed)

            self._start(ephemeral.delivery, done, f"the ephemeral hand of user {user_id}", work)

    async def _edit_ephemeral(
        self, user_id: int, ephemeral: Ephemeral, shown: Rendered, key: str, *, last: bool
    ) -> None:
        """Edit an ephemeral hand (``key``: what it then shows); ``last``: then forget it
        (closed, or replaced)."""
        kept, ephemeral.kept = ephemeral.kept, {}
        try:
            edited = await ephemeral.interaction.edit_original_response(**shown.edit_kwargs(kept))
        except discord.HTTPException as error:
            if not gone(error):
                raise
            log.info("Stopped updating an ephemeral hand of user %d: %s", user_id, error)
            last = True
        else:
            ephemeral.key = key
            ephemeral.kept = shown.kept(edited)
        if last:
            if self.ephemerals.get(user_id) is ephemeral:
                del self.ephemerals[user_id]
            if (user_id, ephemeral) in self.replaced:
                self.replaced.remove((user_id, ephemeral))

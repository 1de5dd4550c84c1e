"""Public play (issue 32): tables any player of a server that takes part may join, seen from
every such server; leaving one mid-session, blocks between players, reports and rate limits."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.i18n import N_
from bot.ratings import DISPLAY_BASE
from bot.storage import Store
from bot.storage.public import PUBLIC_BOARD
from bot.tables.errors import NotFound, NotSeated, TableError, WrongState
from bot.tables.guilds import Guilds
from bot.tables.lobby import Lobbies, OptionsInput, RulesInput
from bot.tables.model import AI_NAME, Seat, Table, Update
from bot.tables.registry import TableRegistry
from bot.tables.settings import GuildSettings
from ramsch_core import RuleSet

OPENS_PER_HOUR = 6
"""Public tables one player may open in an hour."""
HOUR = 3600.0
LEFT_NOTE = N_("{name} left the table: the AI plays the seat from now on")
"""The note when a player leaves a public table mid-session (his name, escaped)."""
ALL_LEFT = N_("Every player left: the table is closed; finished deals keep their results")


class NotPublic(TableError):
    """The server does not take part in public games, or the table is not public."""


class Blocked(TableError):
    """A player at the table blocked the user, or the user blocked one of them."""


class TooMany(TableError):
    """A rate limit: too many public tables opened or queues joined lately."""


@dataclass(frozen=True)
class Listed:
    """An open public table as `/ramsch tables` lists it."""

    table: Table
    language: str
    free: int
    host_rating: int


def board_of(rules: RuleSet) -> tuple[str, str]:
    """The rating board of a table's rules: its game and variant."""
    return rules.game, rules.variant_id


class PublicPlay:
    """Opening, listing and joining public tables, leaving them, blocks and reports
    (``service.public``)."""

    def __init__(
        self,
        store: Store,
        tables: TableRegistry,
        guilds: Guilds,
        lobby: Lobbies,
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.tables = tables
        self.guilds = guilds
        self.lobby = lobby
        self.clock = clock
        self._seating = asyncio.Lock()
        """One join at a time: a block is checked against the seats it then fills."""

    async def taking_part(self, guild_id: int | None) -> GuildSettings:
        """The server's settings if it takes part in public games; NotPublic otherwise."""
        settings = GuildSettings() if guild_id is None else await self.guilds.get(guild_id)
        if not settings.public:
            raise NotPublic(
                "This server does not take part in public games: an admin turns them on with "
                "/ramsch-config public"
            )
        return settings

    async def limit(self, user_id: int, kind: str, most: int, window: float) -> None:
        """TooMany if the player made ``most`` requests of ``kind`` within ``window`` seconds
        already (the refused one is not counted against him)."""
        count = await self.store.public.note_request(user_id, kind, self.clock(), window=window)
        if count <= most:
            return
        if kind == "open":
            raise TooMany("You started too many public games lately: try again in an hour")
        raise TooMany("You joined the queue too often lately: try again in a few minutes")

    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        language: str,
        rules: RulesInput | None = None,
        options: OptionsInput = None,
        parent_id: int | None = None,
    ) -> Update:
        """Open a public lobby from a server that takes part (from ``channel_id``, a thread
        of ``parent_id`` if given, where tables must be allowed); it is listed in every such
        server and shown in this server's mirror channel, if it has one."""
        settings = await self.taking_part(guild_id)
        await self.limit(host_id, "open", OPENS_PER_HOUR, HOUR)
        return await self.lobby.open(
            guild_id=guild_id,
            channel_id=settings.mirror or channel_id,
            host_id=host_id,
            host_name=host_name,
            rules=rules,
            options=options,
            parent_id=parent_id or channel_id,
            public=language,
        )

    async def listing(self, viewer: int) -> list[Listed]:
        """The open public lobbies with a free seat, oldest first, of servers that still take
        part, without those where the viewer and a seated player blocked each other."""
        lobbies = [
            table
            for table in self.tables.open_tables()
            if table.public and table.status == "lobby" and len(table.seats) < table.options.seats
        ]
        languages = await self.store.public.languages(table.id for table in lobbies)
        listed = []
        for table in lobbies:
            if not (await self.guilds.get(table.guild_id)).public:
                continue
            if await self.blocked(viewer, (seat.user_id for seat in table.seats)):
                continue
            listed.append(
                Listed(
                    table,
                    languages.get(table.id, "auto"),
                    table.options.seats - len(table.seats),
                    await self.rating(table.host_id, table.rules),
                )
            )
        return listed

    async def rating(self, user_id: int, rules: RuleSet) -> int:
        """The player's rating on the public board of these rules (a newcomer's if none)."""
        game, variant = board_of(rules)
        found = await self.store.ratings.user_ratings(
            PUBLIC_BOARD, user_id, game=game, variant=variant, history=0
        )
        return found[0].rating if found else DISPLAY_BASE

    async def blocked(self, user_id: int, others: Iterable[int | None]) -> bool:
        """Whether the player and any of ``others`` blocked each other (either way)."""
        users = {user_id, *(other for other in others if other is not None)}
        return any(user_id in pair for pair in await self.store.public.blocks_among(users))

    async def join(self, table_id: int, *, guild_id: int | None, user_id: int, name: str) -> Update:
        """Sit down at a public lobby from a server that takes part (any such server). A table
        that is not public refuses a click from another server as a forged id; a full table,
        a block or a table already started: refused, nothing changes. A lobby that is full
        now starts."""
        table = self.tables.get(table_id)
        if not table.public:
            if guild_id != table.guild_id:
                raise TableError("That table belongs to another server")
            raise NotPublic("Table #{table} is not a public table", table=table_id)
        await self.taking_part(guild_id)
        if not (await self.guilds.get(table.guild_id)).public:
            raise NotPublic("Table #{table} is no longer public", table=table_id)
        async with self._seating:
            if table.status != "lobby":
                raise WrongState("The game has already started")
            if table.seat_of(user_id) is None and len(table.seats) >= table.options.seats:
                raise WrongState("The table is full")
            if await self.blocked(user_id, (seat.user_id for seat in table.seats)):
                raise Blocked(
                    "You can't sit at this table: you or a player there blocked the other"
                )
            update = await self.lobby.join(table_id, user_id, name, public=True)
            await self.store.public.dequeue(user_id)  # seated: the matcher must not seat him
        if update.table.can_start():
            return await self.lobby.start(table_id, update.table.host_id)
        return update

    async def leave(self, table_id: int, user_id: int) -> Update:
        """Leave a public table: from its lobby as from any lobby; mid-session the AI takes
        the seat for good and the match counts as a last place in the leaver's rating. When
        the last player leaves, the table closes."""
        table = self.tables.get(table_id)
        if not table.public:
            raise NotPublic("Table #{table} is not a public table", table=table_id)
        if table.status == "lobby":
            return await self.lobby.leave(table_id, user_id)
        async with self.tables.locked(table_id) as table:
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not playing at this table")
            name = table.seats[seat].name
            taken = {other.name for other in table.seats if other.ai is not None}
            names = (AI_NAME.format(number=n) for n in range(1, 6))
            ai_name = next(name for name in names if name not in taken)
            await self.store.public.leave_seat(table.id, seat, user_id, ai_name, self.clock())
            table.seats[seat] = Seat(None, ai_name, ai="heuristic")
            table.strikes[seat] = 0
            if not table.humans:
                return await self.lobby.end(table, "closed", user_id, ALL_LEFT)
            update = Update(table, "left", actor=user_id, seat=seat, note=LEFT_NOTE,
                            note_params={"name": name})  # fmt: skip
            return await self.tables.changed(update)

    async def block(self, user_id: int, other: int) -> bool:
        """``user_id`` blocks ``other`` in public games; False if he had already."""
        if other == user_id:
            raise TableError("You can't block yourself")
        return await self.store.public.block(user_id, other, self.clock())

    async def unblock(self, user_id: int, other: int) -> bool:
        return await self.store.public.unblock(user_id, other)

    async def report(self, user_id: int, table_id: int, reason: str) -> int:
        """Store the player's report of a public table he sat at, with its deal, for the
        bot's operator; refused for any other table. The report's number."""
        deal = await self.store.public.sat_at(table_id, user_id)
        if deal is None:
            raise NotFound("You can only report a public table you sat at")
        if table_id in self.tables:
            deal = self.tables.get(table_id).deal_number
        return await self.store.public.report(user_id, table_id, deal, reason.strip(), self.clock())

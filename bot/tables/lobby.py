"""Lobby life: open, join, leave, AI seats, house rules, start, cancel."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bot.i18n import N_
from bot.storage import FORGOTTEN, SeatRow, Store
from bot.storage.social import PastTable, Rematch
from bot.tables.errors import (
    ChannelBusy,
    NotFound,
    NotHost,
    NotSeated,
    TableError,
    WrongState,
)
from bot.tables.guilds import Guilds, check_room
from bot.tables.invites import check_may_join
from bot.tables.log import ActionLog
from bot.tables.model import AI_NAME, Seat, Table, Update
from bot.tables.players import AI_KINDS, AI_LEVELS, DEFAULT_LEVEL, PlayerFactory
from bot.tables.registry import TableRegistry
from ramsch_core import (
    Match,
    RulesError,
    RuleSet,
    TableOptions,
    check_table,
    parse_rules,
    parse_table_options,
)
from ramsch_core.errors import one_of

RulesInput = RuleSet | Mapping[str, Any]
OptionsInput = TableOptions | Mapping[str, Any] | None


def validated(rules: RulesInput, options: OptionsInput) -> tuple[RuleSet, TableOptions]:
    """Rules and table options that fit together, or a TableError saying why not."""
    try:
        parsed_rules = parse_rules(rules)
        parsed_options = (
            options if isinstance(options, TableOptions) else parse_table_options(options)
        )
        check_table(parsed_rules, parsed_options)
    except RulesError as error:
        raise TableError.of(error) from None
    return parsed_rules, parsed_options


def _rows(seats: list[Seat]) -> list[SeatRow]:
    return [(seat.user_id, seat.name, seat.ai, seat.away) for seat in seats]


def _ai_kind(kind: str) -> str:
    """The stored kind of an AI level or kind, or a TableError naming the levels."""
    kind = AI_LEVELS.get(kind, kind)
    if kind not in AI_KINDS:
        raise TableError(
            "Unknown AI '{kind}': choose {kinds}", kind=kind, kinds=one_of(tuple(AI_LEVELS))
        )
    return kind


def _require_host(table: Table, user_id: int, refusal: NotHost) -> None:
    if user_id != table.host_id:
        raise refusal


def _require_lobby(table: Table) -> None:
    if table.status != "lobby":
        raise WrongState("The game has already started")


class Lobbies:
    """Everything before the first card, and ending a table early."""

    def __init__(
        self,
        store: Store,
        tables: TableRegistry,
        guilds: Guilds,
        log: ActionLog,
        clock: Callable[[], float],
        seed_source: Callable[[], int],
        player_factory: PlayerFactory,
    ) -> None:
        self.store = store
        self.tables = tables
        self.guilds = guilds
        self.log = log
        self.clock = clock
        self.seed_source = seed_source
        self.player_factory = player_factory
        self._open_lock = asyncio.Lock()
        self.social = store.social
        self._again_lock = asyncio.Lock()

    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        rules: RulesInput | None = None,
        options: OptionsInput = None,
        parent_id: int | None = None,
        private: bool = False,
        invited: Sequence[int] = (),
        public: str | None = None,
    ) -> Update:
        """Open a lobby; the host takes the first seat. One open table per channel (a public
        table does not take the channel: it plays in its players' DMs).

        Rules and options left out come from the guild's settings; ``parent_id``: the channel
        of the thread ``channel_id`` (where tables must be allowed); ``private``: only the
        host and the ``invited`` players may sit down; ``public``: any player of a server
        taking part in public games (``service.public`` checks that before), listed in
        that language."""
        settings = await self.guilds.get(guild_id)
        if not settings.allows(channel_id if parent_id is None else parent_id):
            raise ChannelBusy("Tables can't be opened in this channel")
        rules, options = validated(
            settings.default_rules() if rules is None else rules,
            settings.options if options is None else options,
        )
        async with self._open_lock:
            busy = [table for table in self.tables.open_tables(channel_id) if not table.public]
            if busy and public is None:
                raise ChannelBusy(
                    "This channel already has a table (#{table}): finish or abort it first",
                    table=busy[0].id,
                )
            check_room(self.tables.open_tables(), guild_id=guild_id, host_id=host_id)
            now = self.clock()
            seats = [Seat(host_id, host_name)]
            async with self.store.transaction():
                table_id = await self.store.tables.create_table(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_id=host_id,
                    rules=rules.model_dump(),
                    options=options.model_dump(),
                    turn_timeout=settings.turn_timeout,
                    seats=_rows(seats),
                    at=now,
                    reminder=settings.reminder,
                    private=private,
                    invited=invited,
                )
                if public is not None:
                    await self.store.public.mark_public(table_id, public, now)
            table = Table(
                id=table_id, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                status="lobby", rules=rules, options=options, seats=seats, created_at=now,
                updated_at=now, turn_timeout=settings.turn_timeout, reminder=settings.reminder,
                private=private, invited=frozenset(invited), public=public is not None,
            )  # fmt: skip
            self.tables.add(table)
        async with self.tables.locked(table_id) as table:
            return await self.tables.changed(Update(table, "opened", actor=host_id, seat=0))

    async def _save_lobby(
        self, table: Table, seats: list[Seat], rules: RuleSet, options: TableOptions
    ) -> None:
        """Persist, then change the lobby in memory."""
        await self.store.tables.save_lobby(
            table.id,
            rules=rules.model_dump(),
            options=options.model_dump(),
            seats=_rows(seats),
            at=self.clock(),
        )
        table.seats, table.rules, table.options = seats, rules, options

    async def join(self, table_id: int, user_id: int, name: str, *, public: bool = False) -> Update:
        """Sit down at a lobby; a public one only through ``service.public`` (``public``),
        which checks the servers and the blocks first."""
        async with self.tables.locked(table_id) as table:
            if table.public and not public:
                raise WrongState("Join a public table from /ramsch tables")
            _require_lobby(table)
            if table.seat_of(user_id) is not None:
                raise TableError("You already sit at this table")
            check_may_join(table, user_id)
            if len(table.seats) >= table.options.seats:
                raise WrongState("The table is full")
            seats = [*table.seats, Seat(user_id, name)]
            await self._save_lobby(table, seats, table.rules, table.options)
            update = Update(table, "joined", actor=user_id, seat=len(seats) - 1)
            return await self.tables.changed(update)

    async def leave(self, table_id: int, user_id: int) -> Update:
        """Leave a lobby; when the host leaves, the lobby is cancelled."""
        async with self.tables.locked(table_id) as table:
            _require_lobby(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not in this lobby")
            if user_id == table.host_id:
                return await self.end(
                    table, "cancelled", user_id, N_("The host left: the lobby is closed")
                )
            seats = [other for index, other in enumerate(table.seats) if index != seat]
            await self._save_lobby(table, seats, table.rules, table.options)
            return await self.tables.changed(Update(table, "left", actor=user_id, seat=seat))

    async def add_ai(self, table_id: int, user_id: int, kind: str = DEFAULT_LEVEL) -> Update:
        """Host only: seat an AI player of ``kind``: a level ("easy", "normal") or a stored
        kind ("heuristic", "random", "easy")."""
        kind = _ai_kind(kind)
        async with self.tables.locked(table_id) as table:
            _require_host(table, user_id, NotHost("Only the host can add AI players"))
            _require_lobby(table)
            if len(table.seats) >= table.options.seats:
                raise WrongState("The table is full")
            try:
                self.player_factory(kind, 0)
            except ImportError:
                raise TableError("AI players are not available on this bot yet") from None
            taken = {seat.name for seat in table.seats if seat.ai is not None}
            name = next(
                AI_NAME.format(number=n)
                for n in range(1, 5)
                if AI_NAME.format(number=n) not in taken
            )
            seats = [*table.seats, Seat(None, name, ai=kind)]
            await self._save_lobby(table, seats, table.rules, table.options)
            update = Update(table, "ai_added", actor=user_id, seat=len(seats) - 1)
            return await self.tables.changed(update)

    async def set_ai_level(self, table_id: int, user_id: int, seat: int, level: str) -> Update:
        """Host only, before the start: the AI in ``seat`` (0-based) plays at ``level``."""
        kind = _ai_kind(level)
        async with self.tables.locked(table_id) as table:
            _require_host(table, user_id, NotHost("Only the host can add AI players"))
            _require_lobby(table)
            if not 0 <= seat < len(table.seats) or table.seats[seat].ai is None:
                raise TableError("Seat {seat} is not an AI player", seat=seat + 1)
            seats = list(table.seats)
            seats[seat] = Seat(None, seats[seat].name, ai=kind)
            await self._save_lobby(table, seats, table.rules, table.options)
            return await self.tables.changed(Update(table, "ai_added", actor=user_id, seat=seat))

    async def remove_ai(self, table_id: int, user_id: int, seat: int | None = None) -> Update:
        """Host only: remove the AI in ``seat`` (0-based), or the last AI seated."""
        async with self.tables.locked(table_id) as table:
            _require_host(table, user_id, NotHost("Only the host can remove AI players"))
            _require_lobby(table)
            ai_seats = [index for index, holder in enumerate(table.seats) if holder.ai]
            if not ai_seats:
                raise WrongState("There is no AI player to remove")
            if seat is None:
                seat = ai_seats[-1]
            elif seat not in ai_seats:
                raise TableError("Seat {seat} is not an AI player", seat=seat + 1)
            seats = [holder for index, holder in enumerate(table.seats) if index != seat]
            await self._save_lobby(table, seats, table.rules, table.options)
            return await self.tables.changed(Update(table, "ai_removed", actor=user_id, seat=seat))

    async def set_rules(
        self, table_id: int, user_id: int, rules: RulesInput, options: OptionsInput = None
    ) -> Update:
        """Host only, before the start: change house rules and table options.

        ``options=None`` keeps the table's options."""
        async with self.tables.locked(table_id) as table:
            _require_host(table, user_id, NotHost("Only the host can change the rules"))
            _require_lobby(table)
            new_rules, new_options = validated(rules, table.options if options is None else options)
            if len(table.seats) > new_options.seats:
                raise WrongState(
                    "{seated} players are seated: that table has only {seats} seats",
                    seated=len(table.seats),
                    seats=new_options.seats,
                )
            await self._save_lobby(table, table.seats, new_rules, new_options)
            return await self.tables.changed(Update(table, "rules", actor=user_id))

    async def start(self, table_id: int, user_id: int) -> Update:
        """Host only, seats full: deal the first hand. Seats keep the join order."""
        async with self.tables.locked(table_id) as table:
            _require_host(table, user_id, NotHost("Only the host can start the game"))
            _require_lobby(table)
            if not table.can_start():
                missing = table.options.seats - len(table.seats)
                if missing == 1:
                    raise WrongState("Waiting for {count} more player", count=missing)
                raise WrongState("Waiting for {count} more players", count=missing)
            seed = self.seed_source()
            match = Match(table.rules, table.options, seed)
            now = self.clock()
            await self.store.tables.start_match(
                table.id,
                guild_id=table.guild_id,
                rules=table.rules.model_dump(),
                options=table.options.model_dump(),
                seed=seed,
                humans=table.humans,
                at=now,
            )
            table.status, table.match, table.seed = "playing", match, seed
            table.turn_started_at = table.last_human_at = now
            return await self.tables.changed(Update(table, "started", actor=user_id))

    async def cancel(self, table_id: int, user_id: int, *, can_manage: bool = False) -> Update:
        """Abort a lobby or a running table: the host, or a member with Manage Server.
        Finished deals keep their results."""
        async with self.tables.locked(table_id) as table:
            if user_id != table.host_id and not can_manage:
                raise NotHost("Only the host or a member with Manage Server can abort this table")
            return await self.end(table, "cancelled", user_id, "")

    async def end(
        self,
        table: Table,
        kind: Literal["cancelled", "closed"],
        actor: int | None,
        note: str,
        **note_params: object,
    ) -> Update:
        """Cancel a lobby or close a running table early (the caller holds its lock); finished
        deals keep their results."""
        if table.match is not None:
            await self.log.store_results(table)
        await self.store.tables.set_status(table.id, "cancelled", self.clock())
        table.status = "cancelled"
        self.tables.forget(table)
        update = Update(table, kind, actor=actor, note=note, note_params=note_params)
        return await self.tables.changed(update)

    async def set_message(
        self, table_id: int, message_id: int | None, deal: int | None = None
    ) -> None:
        """Remember the channel message showing the table and the deal it shows (None for the
        lobby); no listener is called. A table that has just finished or been cancelled keeps
        its final message id too."""
        try:
            async with self.tables.locked(table_id) as table:
                await self.store.tables.set_message(table.id, message_id, deal)
                table.message_id, table.message_deal = message_id, deal
        except NotFound:
            await self.store.tables.set_message(table_id, message_id, deal)

    # -- play again, new table, threads (issue 13) ---------------------------------------

    async def _past(self, table_id: int, guild_id: int | None) -> PastTable:
        past = await self.social.past_table(table_id)
        if past is None:
            raise NotFound("There is no table #{table}", table=table_id)
        if guild_id != past.guild_id:
            raise TableError("That table belongs to another server")
        return past

    async def move(self, table_id: int, channel_id: int) -> None:
        """A lobby plays in ``channel_id`` (its own thread) from now on."""
        async with self.tables.locked(table_id) as table:
            _require_lobby(table)
            await self.social.move_table(table_id, channel_id)
            table.channel_id = channel_id

    async def play_again(self, table_id: int, user_id: int, guild_id: int | None) -> Again:
        """A player of a finished table presses Play again. Once every human seat has, the same
        seats open a table with the same rules in the same channel and start it (once per table).
        A stranger, a second press, a table played again already: refused, nothing changes."""
        async with self._again_lock:
            past = await self._past(table_id, guild_id)
            if past.status != "finished":
                raise WrongState("Only a finished table can be played again")
            seat = next((s.seat for s in past.seats if s.user_id == user_id), None)
            if seat is None:
                raise NotSeated(
                    "Only the players of table #{table} can play it again", table=table_id
                )
            if any(s.user_id == FORGOTTEN for s in past.seats):
                raise WrongState(
                    "A player of table #{table} asked the bot to forget him: open a new table "
                    "instead",
                    table=table_id,
                )
            state = await self.social.rematch(table_id)
            if state.new_table_id is not None:
                raise WrongState(
                    "Table #{table} is played again already: table #{again}",
                    table=table_id,
                    again=state.new_table_id,
                )
            if seat in state.confirmed:
                raise TableError("You are in already: waiting for the other players")
            confirmed = tuple(sorted({*state.confirmed, seat}))
            humans = {s.seat for s in past.seats if s.user_id is not None}
            if not humans <= set(confirmed):
                await self.social.save_rematch(table_id, Rematch(confirmed), self.clock())
                return Again(past, confirmed, None)
            update = await self._reopen(past)
            again = Rematch(confirmed, update.table.id)
            await self.social.save_rematch(table_id, again, self.clock())
            return Again(past, confirmed, update)

    async def _reopen(self, past: PastTable) -> Update:
        """The finished table's seats at a new table in its channel, with its rules, started.
        The channel hosted that table: it is not checked against the allowed channels again."""
        rules, options = validated(past.rules, past.options)
        settings = await self.guilds.get(past.guild_id)
        seats = [Seat(seat.user_id, seat.name, ai=seat.ai) for seat in past.seats]
        async with self._open_lock:
            busy = self.tables.open_tables(past.channel_id)
            if busy:
                raise ChannelBusy(
                    "This channel already has a table (#{table}): finish or abort it first",
                    table=busy[0].id,
                )
            now = self.clock()
            table_id = await self.store.tables.create_table(
                guild_id=past.guild_id, channel_id=past.channel_id, host_id=past.host_id,
                rules=rules.model_dump(), options=options.model_dump(),
                turn_timeout=settings.turn_timeout, seats=_rows(seats), at=now,
                reminder=settings.reminder,
            )  # fmt: skip
            table = Table(
                id=table_id, guild_id=past.guild_id, channel_id=past.channel_id,
                host_id=past.host_id, status="lobby", rules=rules, options=options, seats=seats,
                created_at=now, updated_at=now, turn_timeout=settings.turn_timeout,
                reminder=settings.reminder,
            )  # fmt: skip
            self.tables.add(table)
        async with self.tables.locked(table_id) as table:
            await self.tables.changed(Update(table, "opened", actor=past.host_id, seat=0))
        return await self.start(table_id, past.host_id)

    async def new_table(
        self,
        table_id: int,
        *,
        user_id: int,
        name: str,
        guild_id: int | None,
        channel_id: int,
        parent_id: int | None = None,
    ) -> Update:
        """New table under a finished table's standings: a lobby with its rules and options in
        ``channel_id``, the clicker its host."""
        past = await self._past(table_id, guild_id)
        return await self.open(
            guild_id=past.guild_id, channel_id=channel_id, host_id=user_id, host_name=name,
            rules=past.rules, options=past.options, parent_id=parent_id,
        )  # fmt: skip


@dataclass(frozen=True)
class Again:
    """A Play again click: the finished table, the seats that confirmed (AI seats aside) and,
    once every human seat did, the update of the table it opened and started."""

    past: PastTable
    confirmed: tuple[int, ...]
    update: Update | None

    @property
    def seats(self) -> list[Seat]:
        return [Seat(seat.user_id, seat.name, ai=seat.ai) for seat in self.past.seats]

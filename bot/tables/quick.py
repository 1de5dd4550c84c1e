"""Quick match (issue 32): one queue in the database shared by every server that takes part
in public games and every process; players matched by game, preset, language and a rating band
that widens while they wait; after a wait a player may start with AI seats."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.storage import Store
from bot.storage.public import PUBLIC_LOCK, Waiting
from bot.storage.tables import SeatRow
from bot.tables.errors import NotFound, TableError, WrongState
from bot.tables.model import AI_NAME, Seat, Table, Update
from bot.tables.public import PublicPlay
from bot.tables.registry import TableRegistry
from ramsch_core import RulesError, RuleSet, TableOptions, get_game, parse_table_options

BAND = 100
"""Rating points either side of a player's own that he is matched within at first."""
WIDEN = 50
"""Rating points the band widens by for every ``WIDEN_EVERY`` seconds waited."""
WIDEN_EVERY = 30.0
AI_WAIT = 60.0
"""Seconds in the queue after which a player may start at once with AI seats."""
QUEUE_JOINS = 10
"""Queue joins one player may make within ``QUEUE_WINDOW`` seconds."""
QUEUE_WINDOW = 600.0


def band(entry: Waiting, now: float) -> float:
    """How far from his rating a waiting player is matched now."""
    return BAND + WIDEN * max(0.0, now - entry.joined_at) // WIDEN_EVERY


def plan(
    waiting: Sequence[Waiting],
    blocks: set[frozenset[int]],
    now: float,
    seats: Callable[[str, str], int],
) -> list[list[Waiting]]:
    """The tables to open: players of one game, preset and language, each within the band
    of the longest-waiting one among them (the band widens with his wait), no two of them
    blocking each other. The longest waiting are seated first; a player is in one table."""
    left = sorted(waiting, key=lambda entry: (entry.joined_at, entry.user_id))
    tables: list[list[Waiting]] = []
    seated: set[int] = set()
    for anchor in left:
        if anchor.user_id in seated:
            continue
        needed = seats(anchor.game, anchor.preset)
        group = [anchor]
        reach = band(anchor, now)
        for other in left:
            if len(group) == needed:
                break
            if (
                other.user_id in seated
                or other is anchor
                or (other.game, other.preset, other.language)
                != (anchor.game, anchor.preset, anchor.language)
                or abs(other.rating - anchor.rating) > reach
                or any(frozenset((other.user_id, member.user_id)) in blocks for member in group)
            ):
                continue
            group.append(other)
        if len(group) == needed:
            tables.append(group)
            seated.update(member.user_id for member in group)
    return tables


Created = tuple[int, RuleSet, TableOptions, float | None, float | None]
"""A matched table as stored: its id, rules, options, turn timer and reminder."""


@dataclass(frozen=True)
class Queued:
    """A player in the queue, and how many wait in his queue (him included)."""

    entry: Waiting
    waiting: int


def queue_rules(game: str, preset: str | None) -> RuleSet:
    """The rules a queue plays, or a TableError saying what is wrong."""
    try:
        found = get_game(game)
        return found.preset(preset or found.default_preset)
    except RulesError as error:
        raise TableError.of(error) from None


class QuickMatch:
    """The quick-match queue (``service.quick``)."""

    def __init__(
        self,
        store: Store,
        tables: TableRegistry,
        public: PublicPlay,
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.tables = tables
        self.public = public
        self.clock = clock

    async def join(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        name: str,
        game: str,
        preset: str | None,
        language: str,
    ) -> Queued:
        """Wait for a match: from a server that takes part, in one queue at a time."""
        await self.public.taking_part(guild_id)
        assert guild_id is not None
        rules = queue_rules(game, preset)
        preset = preset or get_game(game).default_preset
        if any(
            table.public and table.seat_of(user_id) is not None
            for table in self.tables.open_tables()
        ):
            raise WrongState("You sit at a public table already: finish or leave it first")
        await self.public.limit(user_id, "queue", QUEUE_JOINS, QUEUE_WINDOW)
        entry = Waiting(
            user_id, name, guild_id, channel_id, rules.game, preset, language,
            await self.public.rating(user_id, rules), self.clock(),
        )  # fmt: skip
        already = await self.store.public.enqueue(entry)
        if already is not None:
            raise WrongState("You wait in a queue already: leave it first")
        return Queued(entry, await self.store.public.waiting_for(entry.game, preset, language))

    async def leave(self, user_id: int) -> Waiting:
        left = await self.store.public.dequeue(user_id)
        if left is None:
            raise NotFound("You are not waiting in a queue")
        return left

    async def status(self, user_id: int) -> Queued:
        """The player's place in the queue: NotFound if he no longer waits (matched, left)."""
        entry = await self.store.public.queued(user_id)
        if entry is None:
            raise NotFound("You are not waiting in a queue")
        count = await self.store.public.waiting_for(entry.game, entry.preset, entry.language)
        return Queued(entry, count)

    async def match(self, owns: Callable[[int], bool] | None = None) -> list[Update]:
        """One pass of the matcher: open and start a table for each group that fits. The
        queue rows of a group are deleted in the same transaction that stores its table
        (one matcher at a time: the queue's lock), so no player is seated twice, whichever
        process matches. ``owns``: the servers whose tables this process keeps (its shards);
        a table is hosted by the longest-waiting player of such a server, and a group with
        none is left to another process."""
        opened: list[tuple[list[Waiting], Created]] = []
        now = self.clock()
        if await self.store.public.waiting_count() < 2:
            return []  # nobody to match: no write lock taken (this runs every few seconds)
        async with self.store.transaction(PUBLIC_LOCK) as db:
            waiting = await self.store.public.waiting()
            if len(waiting) < 2:
                return []
            blocks = await self.store.public.blocks_among(entry.user_id for entry in waiting)
            for matched in plan(waiting, blocks, now, _players):
                hosts = [entry for entry in matched if owns is None or owns(entry.guild_id)]
                if not hosts:
                    continue
                group = [hosts[0], *(entry for entry in matched if entry is not hosts[0])]
                taken = await self.store.public.take(db, [entry.user_id for entry in group])
                if len(taken) != len(group):
                    raise RuntimeError("The quick-match queue changed under its lock")
                rows: list[SeatRow] = [(entry.user_id, entry.name, None, False) for entry in group]
                opened.append((group, await self._create(group[0], rows, now)))
        updates = []
        for group, (table_id, rules, options, turn_timeout, reminder) in opened:
            seats = [Seat(entry.user_id, entry.name) for entry in group]
            updates.append(await self._start(table_id, group[0], seats, rules, options,
                                             turn_timeout, reminder, now))  # fmt: skip
        return updates

    async def start_with_ai(self, user_id: int) -> Update:
        """The player waited ``AI_WAIT`` seconds at least: leave the queue and play at once
        with AI seats (a public table: others see it as running)."""
        now = self.clock()
        entry = await self.store.public.queued(user_id)
        if entry is None:
            raise NotFound("You are not waiting in a queue")
        if now - entry.joined_at < AI_WAIT:
            raise WrongState(
                "You can start with AI players after {seconds} seconds in the queue",
                seconds=int(AI_WAIT),
            )
        async with self.store.transaction(PUBLIC_LOCK) as db:
            if not await self.store.public.take(db, [user_id]):
                raise NotFound("You are not waiting in a queue")
            players = _players(entry.game, entry.preset)
            names = [AI_NAME.format(number=n) for n in range(1, players)]
            rows: list[SeatRow] = [(user_id, entry.name, None, False)]
            rows += [(None, name, "heuristic", False) for name in names]
            table_id, rules, options, turn_timeout, reminder = await self._create(entry, rows, now)
        seats = [Seat(user_id, entry.name), *(Seat(None, name, ai="heuristic") for name in names)]
        return await self._start(
            table_id, entry, seats, rules, options, turn_timeout, reminder, now
        )

    async def _create(self, host: Waiting, rows: list[SeatRow], now: float) -> Created:
        """Store a full public lobby of the matched players (inside the caller's
        transaction), in the first player's server (its mirror channel, if any)."""
        settings = await self.public.guilds.get(host.guild_id)
        rules = queue_rules(host.game, host.preset)
        options = parse_table_options({"seats": len(rows)})
        table_id = await self.store.tables.create_table(
            guild_id=host.guild_id,
            channel_id=settings.mirror or host.channel_id,
            host_id=host.user_id,
            rules=rules.model_dump(),
            options=options.model_dump(),
            turn_timeout=settings.turn_timeout,
            seats=rows,
            at=now,
            reminder=settings.reminder,
        )
        await self.store.public.mark_public(table_id, host.language, now)
        return table_id, rules, options, settings.turn_timeout, settings.reminder

    async def _start(
        self,
        table_id: int,
        host: Waiting,
        seats: list[Seat],
        rules: RuleSet,
        options: TableOptions,
        turn_timeout: float | None,
        reminder: float | None,
        now: float,
    ) -> Update:
        settings = await self.public.guilds.get(host.guild_id)
        table = Table(
            id=table_id, guild_id=host.guild_id, channel_id=settings.mirror or host.channel_id,
            host_id=host.user_id, status="lobby", rules=rules, options=options, seats=seats,
            created_at=now, updated_at=now, turn_timeout=turn_timeout, reminder=reminder,
            public=True,
        )  # fmt: skip
        self.tables.add(table)
        return await self.public.lobby.start(table_id, host.user_id)

    async def start_full(self) -> list[Update]:
        """Start every full public lobby (one a crash caught between its match and its
        start, or whose last seat was taken as the process stopped)."""
        started = []
        for table in self.tables.open_tables():
            if table.public and table.can_start():
                try:
                    started.append(await self.public.lobby.start(table.id, table.host_id))
                except TableError:
                    continue
        return started


def _players(game: str, preset: str) -> int:
    return queue_rules(game, preset).players

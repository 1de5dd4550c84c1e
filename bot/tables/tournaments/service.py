"""The tournament service: registration, the series drawn and their tables opened as normal
tables, every game they finish counted, players leaving or disqualified replaced by an AI;
all of it in the store first, so a restart at any moment goes on where it was."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from bot.i18n import N_
from bot.storage import Store
from bot.storage.tournaments import TournamentRepository
from bot.tables.errors import NotFound, NotHost, TableError, UserText, WrongState
from bot.tables.lobby import validated
from bot.tables.model import AI_NAME, Seat, Table, Update
from bot.tables.players import AI_LEVELS, DEFAULT_LEVEL
from bot.tables.service import TableService
from bot.tables.tournaments.state import Tournament, TournamentTable
from ramsch_core import Match, RulesError, parse_rules, parse_table_options, preset
from ramsch_core.tournament import GameRecord, SeatedTable, TournamentConfig, draw_series
from ramsch_core.tournament import game_record as record_of
from ramsch_core.tournament.draw import table_sizes

log = logging.getLogger(__name__)

LEFT_NOTE = N_("{name} left the tournament: an AI plays this seat for the rest of the series")
DISQUALIFIED_NOTE = N_("{name} was disqualified: an AI plays this seat for the rest of the series")
PAUSED_NOTE = N_("⏸️ The tournament is paused: this table goes on when it is resumed")
RESUMED_NOTE = N_("▶️ The tournament goes on: play on")
NOT_ORGANISER = N_("Only the organiser, a server manager or the tournament role can do this")

ChangeKind = Literal[
    "opened", "joined", "left", "series_begun", "game", "series_finished", "finished",
    "paused", "resumed", "disqualified", "cancelled",
]  # fmt: skip


@dataclass
class TournamentChange:
    """One change of a tournament, handed to the adapter's listeners."""

    tournament: Tournament
    kind: ChangeKind
    user_id: int | None = None


Listener = Callable[[TournamentChange], Awaitable[None]]


class TournamentService:
    """Tournaments of every server this process serves; one lock per tournament."""

    def __init__(
        self,
        service: TableService,
        seed_source: Callable[[], int] | None = None,
        ai_kind: str = AI_LEVELS[DEFAULT_LEVEL],
    ) -> None:
        self.store: Store = service.store
        self.service = service
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self.ai_kind = ai_kind
        self.listeners: list[Listener] = []
        self._locks: dict[int, asyncio.Lock] = {}
        self._of_table: dict[int, tuple[int, int, int]] = {}
        """Table id -> (tournament, series, table number), of the tables seen so far."""
        service.tables.listeners.append(self.on_update)

    @property
    def repo(self) -> TournamentRepository:
        return self.store.tournaments

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def _tell(self, change: TournamentChange) -> TournamentChange:
        for listener in list(self.listeners):
            try:
                await listener(change)
            except Exception:
                log.exception("Tournament listener failed on %s", change.kind)
        return change

    # -- reading ------------------------------------------------------------------------------

    async def load(self, tournament_id: int) -> Tournament:
        """The tournament as stored; NotFound if there is none."""
        stored = await self.repo.get(tournament_id)
        if stored is None:
            raise NotFound("There is no tournament #{number}", number=tournament_id)
        config = TournamentConfig.model_validate(stored.config)
        entrants = await self.repo.players(tournament_id)
        replaced = await self.repo.replacements(tournament_id)
        games: dict[tuple[int, int], list[GameRecord]] = {}
        for game in await self.repo.games(tournament_id):
            games.setdefault((game.series, game.number), []).append(
                GameRecord.from_json(game.record)
            )
        tournament = Tournament(stored, config, entrants)
        for row in await self.repo.tables(tournament_id):
            key = (row.series, row.number)
            seated = SeatedTable(
                row.series, row.number, tuple(row.seats), replaced.get(key, {}),
                games.get(key, []),
            )  # fmt: skip
            tournament.tables.append(TournamentTable(seated, row.table_id))
            if row.table_id is not None:
                self._of_table[row.table_id] = (tournament_id, row.series, row.number)
        return tournament

    async def get(self, tournament_id: int, guild_id: int | None) -> Tournament:
        """The tournament a command or a click names, if it belongs to this server."""
        tournament = await self.load(tournament_id)
        if guild_id != tournament.stored.guild_id:
            raise TableError("That tournament belongs to another server")
        return tournament

    async def of_guild(self, guild_id: int) -> list[int]:
        """A server's tournaments, newest first."""
        return [stored.id for stored in await self.repo.of_guild(guild_id)]

    # -- organising ---------------------------------------------------------------------------

    def _check_organiser(self, tournament: Tournament, user_id: int, may_organise: bool) -> None:
        if not may_organise and user_id != tournament.stored.organiser_id:
            raise NotHost(NOT_ORGANISER)

    async def new(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        config: TournamentConfig,
        start_at: float | None,
        may_organise: bool,
    ) -> Tournament:
        """Open a tournament for registration (server managers and the tournament role)."""
        if not may_organise:
            raise NotHost(NOT_ORGANISER)
        now = self.service.clock()
        if start_at is not None and start_at <= now:
            raise TableError("The start time has passed: choose a time to come")
        tournament_id = await self.repo.create(
            guild_id, channel_id, organiser_id, config.model_dump(), self.seed_source(),
            start_at, now,
        )  # fmt: skip
        tournament = await self.load(tournament_id)
        await self._tell(TournamentChange(tournament, "opened", organiser_id))
        return tournament

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        await self.repo.update(tournament_id, self.service.clock(), message_id=message_id)

    async def join(
        self, tournament_id: int, guild_id: int | None, user_id: int, name: str
    ) -> TournamentChange:
        """Register a player: before the first series, or late, between two series."""
        async with self._lock(tournament_id):
            tournament = await self.get(tournament_id, guild_id)
            _check_open(tournament)
            if tournament.series_begun >= tournament.config.series:
                raise WrongState("The last series has begun: registration is closed")
            if tournament.series_playing:
                raise WrongState(
                    "Series {number} is being played: you can join before the next one begins",
                    number=tournament.series_begun,
                )
            entrant = tournament.entrant(user_id)
            if entrant is not None and entrant.status == "disqualified":
                raise WrongState("You were disqualified from this tournament")
            if not await self.repo.register(tournament_id, user_id, name, self.service.clock()):
                raise TableError("You are registered already")
            return await self._tell(
                TournamentChange(await self.load(tournament_id), "joined", user_id)
            )

    async def leave(
        self, tournament_id: int, guild_id: int | None, user_id: int
    ) -> TournamentChange:
        """A player leaves: before the first series his registration is gone; later his score
        stays as it is, an AI plays his seat for the rest of the series, and he is not drawn
        again."""
        async with self._lock(tournament_id):
            tournament = await self.get(tournament_id, guild_id)
            _check_open(tournament)
            entrant = tournament.entrant(user_id)
            if entrant is None or entrant.status != "registered":
                raise TableError("You are not registered for this tournament")
            if tournament.series_begun == 0:
                await self.repo.unregister(tournament_id, user_id)
            else:
                await self.repo.set_player(tournament_id, user_id, "left")
        # A table's lock is taken without the tournament's: a table that counts a game holds
        # its own and then takes the tournament's.
        await self._replace(tournament, user_id, entrant.name, LEFT_NOTE)
        return await self._tell(TournamentChange(await self.load(tournament_id), "left", user_id))

    async def disqualify(
        self,
        tournament_id: int,
        guild_id: int | None,
        user_id: int,
        may_organise: bool,
        target: int,
    ) -> TournamentChange:
        """The organiser disqualifies a player: left out of the standings, an AI plays his
        seat for the rest of the series, not drawn again."""
        async with self._lock(tournament_id):
            tournament = await self.get(tournament_id, guild_id)
            self._check_organiser(tournament, user_id, may_organise)
            _check_open(tournament)
            entrant = tournament.entrant(target)
            if entrant is None or entrant.status == "disqualified":
                raise TableError("That member is not playing in this tournament")
            await self.repo.set_player(tournament_id, target, "disqualified")
        await self._replace(tournament, target, entrant.name, DISQUALIFIED_NOTE)
        return await self._tell(
            TournamentChange(await self.load(tournament_id), "disqualified", target)
        )

    async def pause(
        self, tournament_id: int, guild_id: int | None, user_id: int, may_organise: bool
    ) -> TournamentChange:
        """Pause the tournament: the tables of the series being played hold (nobody acts, no
        timer runs, no AI moves) and no series begins, until it is resumed."""
        async with self._lock(tournament_id):
            tournament = await self.get(tournament_id, guild_id)
            self._check_organiser(tournament, user_id, may_organise)
            if tournament.status == "paused":
                raise WrongState("The tournament is paused already")
            _check_open(tournament)
            await self.repo.update(tournament_id, self.service.clock(), status="paused")
        await self._hold(tournament, True)
        return await self._tell(TournamentChange(await self.load(tournament_id), "paused", user_id))

    async def resume(
        self, tournament_id: int, guild_id: int | None, user_id: int, may_organise: bool
    ) -> TournamentChange:
        """The tables go on where they held, every turn timer started afresh."""
        async with self._lock(tournament_id):
            tournament = await self.get(tournament_id, guild_id)
            self._check_organiser(tournament, user_id, may_organise)
            if tournament.status != "paused":
                raise WrongState("The tournament is not paused")
            status = "registration" if tournament.series_begun == 0 else "running"
            await self.repo.update(tournament_id, self.service.clock(), status=status)
        await self._hold(tournament, False)
        return await self._tell(
            TournamentChange(await self.load(tournament_id), "resumed", user_id)
        )

    async def _hold(self, tournament: Tournament, held: bool) -> None:
        """Hold (or release) every table of the tournament playing in this process."""
        for drawn in tournament.tables:
            if drawn.table_id is None or drawn.table_id not in self.service.tables:
                continue
            try:
                async with self.service.tables.locked(drawn.table_id) as table:
                    if table.held == held:
                        continue
                    table.held = held
                    if not held:
                        now = self.service.clock()
                        table.turn_started_at = table.last_human_at = now
                        table.reminded = False
                    note = PAUSED_NOTE if held else RESUMED_NOTE
                    await self.service.tables.changed(Update(table, "held", note=note))
            except NotFound:
                continue

    async def begin_series(
        self, tournament_id: int, guild_id: int | None, user_id: int, may_organise: bool
    ) -> TournamentChange:
        """Begin the next series: the seat draw, stored; the adapter then opens each table
        (``open_table``) where it plays."""
        async with self._lock(tournament_id):
            tournament = await self.get(tournament_id, guild_id)
            self._check_organiser(tournament, user_id, may_organise)
            return await self._begin(tournament, user_id)

    async def _begin(self, tournament: Tournament, user_id: int | None) -> TournamentChange:
        if tournament.status == "paused":
            raise WrongState("The tournament is paused: resume it first")
        _check_open(tournament)
        if tournament.series_playing:
            raise WrongState(
                "Series {number} is still being played", number=tournament.series_begun
            )
        if tournament.series_begun >= tournament.config.series:
            raise WrongState("Every series has been played")
        players = [entrant.user_id for entrant in tournament.registered()]
        series = tournament.series_begun
        try:
            table_sizes(len(players), tournament.config)
            draw = draw_series(players, tournament.config, tournament.stored.seed, series)
        except RulesError as error:
            raise WrongState.of(error) from None
        await self.repo.begin_series(
            tournament.id, series, [list(seats) for seats in draw.tables], self.service.clock()
        )
        return await self._tell(
            TournamentChange(await self.load(tournament.id), "series_begun", user_id)
        )

    async def due(self, now: float) -> list[TournamentChange]:
        """Begin the first series of every tournament whose start time has come; one with
        too few players waits for its organiser (its start time cleared)."""
        begun = []
        for stored in await self.repo.open_ones():
            if stored.status != "registration" or stored.start_at is None:
                continue
            if stored.start_at > now:
                continue
            async with self._lock(stored.id):
                tournament = await self.load(stored.id)
                await self.repo.update(stored.id, now, start_at=None)
                try:
                    begun.append(await self._begin(tournament, None))
                except TableError:
                    log.info("Tournament %d could not begin at its start time", stored.id)
        return begun

    # -- tables -------------------------------------------------------------------------------

    async def open_table(
        self, tournament_id: int, series: int, number: int, channel_id: int
    ) -> Update | None:
        """Open a drawn table in ``channel_id`` (its thread, or the tournament's channel) and
        deal its first game; None if it is open already."""
        async with self._lock(tournament_id):
            tournament = await self.load(tournament_id)
            table = next((t for t in tournament.series_tables(series) if t.number == number), None)
            if table is None or table.table_id is not None:
                return None
            table_id = await self._create(tournament, table, channel_id)
        update = await self.service.lobby.start(table_id, tournament.stored.organiser_id)
        if tournament.status == "paused":
            await self._hold(await self.load(tournament_id), True)
        return update

    async def _create(self, tournament: Tournament, drawn: TournamentTable, channel: int) -> int:
        config = tournament.config
        seats_count = len(drawn.seated.seats)
        rules, options = validated(
            preset(config.preset, game=config.game),
            {"seats": seats_count, "rounds": config.rounds, **config.table_options},
        )
        settings = await self.service.guilds.get(tournament.stored.guild_id)
        names = tournament.names()
        seats: list[Seat] = []
        machines = 0
        for index, player in enumerate(drawn.seated.seats):
            if player is None or drawn.seated.replaced.get(index) == 0:
                machines += 1
                seats.append(Seat(None, AI_NAME.format(number=machines), ai=self.ai_kind))
            else:
                seats.append(Seat(player, names.get(player, str(player))))
        now = self.service.clock()
        host = tournament.stored.organiser_id
        async with self.store.transaction():
            table_id = await self.store.tables.create_table(
                guild_id=tournament.stored.guild_id, channel_id=channel, host_id=host,
                rules=rules.model_dump(), options=options.model_dump(),
                turn_timeout=settings.turn_timeout,
                seats=[(s.user_id, s.name, s.ai, s.away) for s in seats], at=now,
                reminder=settings.reminder,
            )  # fmt: skip
            await self.repo.set_table(tournament.id, drawn.series, drawn.number, table_id)
        table = Table(
            id=table_id,
            guild_id=tournament.stored.guild_id,
            channel_id=channel,
            host_id=host,
            status="lobby",
            rules=rules,
            options=options,
            seats=seats,
            created_at=now,
            updated_at=now,
            turn_timeout=settings.turn_timeout,
            reminder=settings.reminder,
        )
        self.service.tables.add(table)
        self._of_table[table_id] = (tournament.id, drawn.series, drawn.number)
        return table_id

    async def _replace(self, tournament: Tournament, user_id: int, name: str, note: str) -> None:
        """An AI plays the player's seat of the current series from the game being played
        (or the next) on; the games from then count for nobody there."""
        found = tournament.seat_of(user_id)
        if found is None:
            return
        drawn, seat = found
        if tournament.table_done(drawn):
            return
        if drawn.table_id is None or drawn.table_id not in self.service.tables:
            # not opened yet: an AI from its first game; opened elsewhere: from the next
            start = 0 if drawn.table_id is None else len(drawn.seated.games)
            await self.repo.replace(tournament.id, drawn.series, drawn.number, seat, start)
            return
        async with self.service.tables.locked(drawn.table_id) as table:
            start = table.match.number if table.match is not None else 0
            await self.repo.replace(tournament.id, drawn.series, drawn.number, seat, start)
            taken = {s.name for s in table.seats if s.ai is not None}
            ai_name = next(
                AI_NAME.format(number=n)
                for n in range(1, 6)
                if AI_NAME.format(number=n) not in taken
            )
            await self.repo.seat_ai(table.id, seat, ai_name, self.ai_kind)
            table.seats[seat] = Seat(None, ai_name, ai=self.ai_kind)
            update = Update(table, "away", seat=seat, note=note)
            update.note_params = {"name": UserText(name)}
            await self.service.tables.changed(update)

    # -- the tables' games --------------------------------------------------------------------

    async def on_update(self, update: Update) -> None:
        """Table listener: a game finished at a tournament table counts (stored at once); the
        last game of a series' last table ends the series, of the last series the
        tournament."""
        if not update.finished:
            return
        where = self._of_table.get(update.table.id)
        if where is None:
            where = await self.repo.tournament_of_table(update.table.id)
            if where is None:
                return
            self._of_table[update.table.id] = where
        await self._count(where, [record_of(entry) for entry in update.finished])

    async def _count(self, where: tuple[int, int, int], records: Iterable[GameRecord]) -> None:
        tournament_id, series, number = where
        async with self._lock(tournament_id):
            added = False
            for record in records:
                added |= await self.repo.add_game(
                    tournament_id, series, number, record.number, record.to_json()
                )
            if not added:
                return
            tournament = await self.load(tournament_id)
            await self._tell(TournamentChange(tournament, "game"))
            if tournament.series_playing or tournament.series_begun != series + 1:
                return
            if tournament.series_begun == tournament.config.series:
                await self.repo.update(tournament_id, self.service.clock(), status="finished")
                tournament = await self.load(tournament_id)
                await self._tell(TournamentChange(tournament, "series_finished"))
                await self._tell(TournamentChange(tournament, "finished"))
                return
            await self._tell(TournamentChange(tournament, "series_finished"))

    async def recover(self, tables: Iterable[Table]) -> list[Tournament]:
        """After the tables were rebuilt at start-up (``tables``: those in memory): count the
        games a tournament table finished before a crash let them be counted (a table that
        finished meanwhile replayed from its log), start a table that was opened but not
        started; the open tournaments, for the adapter to open tables not yet opened."""
        open_ones = [await self.load(stored.id) for stored in await self.repo.open_ones()]
        in_memory = {table.id: table for table in tables}
        for tournament in open_ones:
            for drawn in tournament.tables:
                if drawn.table_id is None or tournament.table_done(drawn):
                    continue
                table = in_memory.get(drawn.table_id)
                match = table.match if table is not None else await self._replayed(drawn.table_id)
                if match is not None:
                    records = [record_of(entry) for entry in match.finished_deals]
                    await self._count((tournament.id, drawn.series, drawn.number), records)
        for tournament in open_ones:
            for drawn in tournament.tables:
                if drawn.table_id is None or drawn.table_id not in self.service.tables:
                    continue
                if self.service.tables.get(drawn.table_id).status == "lobby":
                    await self.service.lobby.start(drawn.table_id, tournament.stored.organiser_id)
            if tournament.status == "paused":
                await self._hold(tournament, True)
        return [await self.load(tournament.id) for tournament in open_ones]

    async def _replayed(self, table_id: int) -> Match | None:
        """A table no longer in memory (it finished, a moment before a restart) replayed
        from its log."""
        found = await self.repo.match_of(table_id)
        if found is None:
            return None
        rules, options, seed = found
        actions = await self.store.tables.load_actions(table_id)
        return Match.replay(
            parse_rules(rules),
            parse_table_options(options),
            seed,
            [(action.seat, action.action) for action in actions],
        )


def _check_open(tournament: Tournament) -> None:
    if tournament.status in ("finished", "cancelled"):
        raise WrongState("This tournament is over")

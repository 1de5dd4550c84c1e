"""A tournament's tables: opened from the draw as normal tables, held while the tournament is
paused, a seat taken over by an AI when its player goes, every game counted as it ends, and
what a restart left behind counted and opened."""

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
from bot.tables.errors import NotFound, TableError, UserText
from bot.tables.lobby import validated
from bot.tables.model import AI_NAME, Seat, Table, Update
from bot.tables.players import AI_LEVELS, DEFAULT_LEVEL
from bot.tables.service import TableService
from bot.tables.tournaments.state import Tournament, TournamentTable
from ramsch_core import Match, parse_rules, parse_table_options, preset
from ramsch_core.tournament import GameRecord, SeatedTable, TournamentConfig
from ramsch_core.tournament import game_record as record_of

log = logging.getLogger(__name__)

LEFT_NOTE = N_("{name} left the tournament: an AI plays this seat for the rest of the series")
DISQUALIFIED_NOTE = N_("{name} was disqualified: an AI plays this seat for the rest of the series")
PAUSED_NOTE = N_("⏸️ The tournament is paused: this table goes on when it is resumed")
RESUMED_NOTE = N_("▶️ The tournament goes on: play on")

ChangeKind = Literal[
    "opened", "joined", "left", "series_begun", "game", "series_finished", "finished",
    "paused", "resumed", "disqualified",
]  # fmt: skip


@dataclass
class TournamentChange:
    """One change of a tournament, handed to the adapter's listeners."""

    tournament: Tournament
    kind: ChangeKind
    user_id: int | None = None


Listener = Callable[[TournamentChange], Awaitable[None]]


class TournamentTables:
    """The tournaments of every server this process serves, and their tables; one lock per
    tournament. A table's lock is never taken while a tournament's is held: a table that
    counts a game holds its own and then takes the tournament's."""

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
            tournament.tables.append(TournamentTable(seated, row.table_id, row.ended))
            if row.table_id is not None:
                self._of_table[row.table_id] = (tournament_id, row.series, row.number)
        return tournament

    async def get(self, tournament_id: int, guild_id: int | None) -> Tournament:
        """The tournament a command or a click names, if it belongs to this server."""
        tournament = await self.load(tournament_id)
        if guild_id != tournament.stored.guild_id:
            raise TableError("That tournament belongs to another server")
        return tournament

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
        ended = update.kind in ("cancelled", "closed")
        if not update.finished and not ended:
            return
        where = self._of_table.get(update.table.id)
        if where is None:
            where = await self.repo.tournament_of_table(update.table.id)
            if where is None:
                return
            self._of_table[update.table.id] = where
        await self._count(where, [record_of(entry) for entry in update.finished], ended=ended)

    async def _count(
        self, where: tuple[int, int, int], records: Iterable[GameRecord], *, ended: bool = False
    ) -> None:
        """Store a table's finished games (those stored already change nothing); ``ended``:
        the table closed before its last game (aborted, idle, its channel gone), so the
        series need not wait for it. A series whose last table is done ends."""
        tournament_id, series, number = where
        async with self._lock(tournament_id):
            added = False
            for record in records:
                added |= await self.repo.add_game(
                    tournament_id, series, number, record.number, record.to_json()
                )
            if ended:
                added |= await self.repo.end_table(tournament_id, series, number)
            if not added:
                return
            tournament = await self.load(tournament_id)
            if not ended:
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

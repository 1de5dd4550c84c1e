"""The tournament service: registration, organising (pause, resume, disqualify), the series
drawn; the tables they are played at are ``TournamentTables``' (bot/tables/tournaments/tables.py).
All of it in the store first, so a restart at any moment goes on where it was."""

from __future__ import annotations

import logging

from bot.tables.errors import NotHost, TableError, WrongState
from bot.tables.tournaments.state import Tournament
from bot.tables.tournaments.tables import (
    DISQUALIFIED_NOTE,
    LEFT_NOTE,
    TournamentChange,
    TournamentTables,
)
from ramsch_core import RulesError
from ramsch_core.tournament import TournamentConfig, draw_series
from ramsch_core.tournament.draw import table_sizes

log = logging.getLogger(__name__)


class TournamentService(TournamentTables):
    """Registration and organising; the tables are the base class's."""

    async def of_guild(self, guild_id: int) -> list[int]:
        """A server's tournaments, newest first."""
        return [stored.id for stored in await self.repo.of_guild(guild_id)]

    # -- organising ---------------------------------------------------------------------------

    def _check_organiser(self, tournament: Tournament, user_id: int, may_organise: bool) -> None:
        if not may_organise and user_id != tournament.stored.organiser_id:
            raise NotHost("Only the organiser, a server manager or the tournament role can do this")

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
            raise NotHost("Only the organiser, a server manager or the tournament role can do this")
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


def _check_open(tournament: Tournament) -> None:
    if tournament.status in ("finished", "cancelled"):
        raise WrongState("This tournament is over")

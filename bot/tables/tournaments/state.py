"""A tournament as read from the store: its settings, players, tables per series, games and
standings, and the phase it is in."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.storage.tournaments import StoredEntrant, StoredTournament
from ramsch_core.tournament import SeatedTable, Standing, TournamentConfig, standings


@dataclass
class TournamentTable:
    """A drawn table of a series and the table it plays at (None until it is opened)."""

    seated: SeatedTable
    table_id: int | None
    ended: bool = False
    """Closed before its last game: its games so far count, the series goes on without it."""

    @property
    def series(self) -> int:
        return self.seated.series

    @property
    def number(self) -> int:
        return self.seated.index


@dataclass
class Tournament:
    """Everything the bot shows and decides of one tournament."""

    stored: StoredTournament
    config: TournamentConfig
    entrants: list[StoredEntrant]
    tables: list[TournamentTable] = field(default_factory=list)

    @property
    def id(self) -> int:
        return self.stored.id

    @property
    def status(self) -> str:
        return self.stored.status

    @property
    def series_begun(self) -> int:
        """Series begun so far (0 before the first)."""
        return self.stored.series

    def names(self) -> dict[int, str]:
        return {entrant.user_id: entrant.name for entrant in self.entrants}

    def registered(self) -> list[StoredEntrant]:
        """The players drawn in the next series: registered and not gone."""
        return [entrant for entrant in self.entrants if entrant.status == "registered"]

    def entrant(self, user_id: int) -> StoredEntrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def series_tables(self, series: int) -> list[TournamentTable]:
        return [table for table in self.tables if table.series == series]

    def games_expected(self, table: TournamentTable) -> int:
        return self.config.games_at(len(table.seated.seats))

    def table_done(self, table: TournamentTable) -> bool:
        return table.ended or len(table.seated.games) >= self.games_expected(table)

    @property
    def series_playing(self) -> bool:
        """Whether the series begun last still has a table playing."""
        if self.series_begun == 0:
            return False
        current = self.series_tables(self.series_begun - 1)
        return any(not self.table_done(table) for table in current)

    @property
    def all_series_done(self) -> bool:
        return self.series_begun == self.config.series and not self.series_playing

    def seat_of(self, user_id: int) -> tuple[TournamentTable, int] | None:
        """The table of the current series the player was drawn to and his seat there."""
        if self.series_begun == 0:
            return None
        for table in self.series_tables(self.series_begun - 1):
            if user_id in table.seated.seats:
                return table, table.seated.seats.index(user_id)
        return None

    def standings(self) -> list[Standing]:
        """The standings after every game stored so far (disqualified players left out)."""
        players = [entrant.user_id for entrant in self.entrants]
        out = [e.user_id for e in self.entrants if e.status == "disqualified"]
        columns = max(self.series_begun, 1)
        return standings(players, [table.seated for table in self.tables], columns, out)

"""What an organiser chooses for a tournament: the game, the series and their length."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ramsch_core.errors import RulesError
from ramsch_core.tournament.game import TournamentGame, tournament_game, tournament_games


class TournamentError(RulesError):
    """A tournament request the rules of the tournament refuse."""


class TournamentConfig(BaseModel):
    """A tournament's settings. ``rounds`` is the length of a series: every seat at a table
    deals that many times, so a Skat series of 12 rounds is 36 games at a table of three and
    48 at four."""

    model_config = ConfigDict(frozen=True, strict=True, extra="forbid")

    game: str
    series: int = Field(2, ge=1, le=10)
    rounds: int = Field(12, ge=1, le=30)
    ai_allowed: bool = False
    language: str = "de"

    @field_validator("game")
    @classmethod
    def _has_tournament(cls, game: str) -> str:
        if tournament_game(game) is None:
            raise ValueError(f"no tournament for the game {game!r}")
        return game

    @property
    def tournament(self) -> TournamentGame:
        """What the game's tournament plays."""
        found = tournament_game(self.game)
        assert found is not None
        return found

    @classmethod
    def with_games(
        cls,
        game: str,
        games: int | None,
        *,
        series: int = 2,
        ai_allowed: bool = False,
        language: str = "de",
    ) -> TournamentConfig:
        """The settings for ``games`` games per series at the smallest table of the game (a
        multiple of its seats); None: the game's default (Skat: 36 at three, 48 at four).

        Raises TournamentError for a game without tournaments, or a number of games a series
        can't have."""
        found = tournament_game(game)
        if found is None:
            raise TournamentError(
                "Tournaments are played in {games}", games=", ".join(tournament_games())
            )
        smallest = min(found.table_sizes)
        if games is None:
            rounds = found.default_rounds
        elif games < smallest or games % smallest:
            raise TournamentError("Games per series must be a multiple of {size}", size=smallest)
        else:
            rounds = games // smallest
        if rounds > 30:
            raise TournamentError("A series has at most {games} games", games=30 * smallest)
        return cls(
            game=game, series=series, rounds=rounds, ai_allowed=ai_allowed, language=language
        )

    @property
    def preset(self) -> str:
        """The rule set preset every table plays."""
        return self.tournament.preset

    @property
    def table_sizes(self) -> tuple[int, ...]:
        """The sizes of the tables the draw makes, the preferred first."""
        return self.tournament.table_sizes

    @property
    def table_options(self) -> dict[str, Any]:
        """What a table of the tournament chooses around its deals (Skat: tournament points)."""
        return dict(self.tournament.table_options)

    def games_at(self, seats: int) -> int:
        """Games in a series at a table of ``seats``."""
        return self.rounds * seats

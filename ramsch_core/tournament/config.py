"""What an organiser chooses for a tournament: the game, the series and their length."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ramsch_core.errors import RulesError

GAMES = ("skat", "schafkopf")
"""The games a tournament is played in."""

GameId = Literal["skat", "schafkopf"]

TABLE_SIZES: dict[str, tuple[int, ...]] = {"skat": (4, 3), "schafkopf": (4,)}
"""The tables a game's tournament draws, the preferred size first: Skat at four (the dealer
sits out) and three, Schafkopf at four."""

PRESETS: dict[str, str] = {"skat": "skat-tournament", "schafkopf": "schafkopf"}
"""The rule set each table of a tournament plays: Skat with Seeger-Fabian points,
Schafkopf by its tariff."""


class TournamentError(RulesError):
    """A tournament request the rules of the tournament refuse."""


class TournamentConfig(BaseModel):
    """A tournament's settings. ``rounds`` is the length of a series: every seat at a table
    deals that many times, so a Skat series of 12 rounds is 36 games at a table of three and
    48 at four."""

    model_config = ConfigDict(frozen=True, strict=True, extra="forbid")

    game: GameId = "skat"
    series: int = Field(2, ge=1, le=10)
    rounds: int = Field(12, ge=1, le=30)
    ai_allowed: bool = False
    language: str = "de"

    @classmethod
    def with_games(
        cls,
        game: GameId,
        games: int | None,
        *,
        series: int = 2,
        ai_allowed: bool = False,
        language: str = "de",
    ) -> TournamentConfig:
        """The settings for ``games`` games per series at the smallest table of the game
        (Skat: three, so a multiple of 3; Schafkopf: a multiple of 4); None: the default
        (Skat 36 at three, 48 at four; Schafkopf 32).

        Raises TournamentError for a number of games a series can't have."""
        smallest = min(TABLE_SIZES[game])
        if games is None:
            rounds = 12 if game == "skat" else 8
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
        return PRESETS[self.game]

    @property
    def table_sizes(self) -> tuple[int, ...]:
        """The sizes of the tables the draw makes, the preferred first."""
        return TABLE_SIZES[self.game]

    @property
    def table_options(self) -> dict[str, object]:
        """What a table of the tournament chooses around its deals: Skat's tournament points."""
        return {"tournament": True} if self.game == "skat" else {}

    def games_at(self, seats: int) -> int:
        """Games in a series at a table of ``seats``."""
        return self.rounds * seats

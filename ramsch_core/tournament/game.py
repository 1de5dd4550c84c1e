"""What a game's tournament plays, as the game's own package says (``<package>/tournament.py``
with a ``TOURNAMENT``): a game without one is not offered for tournaments."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ramsch_core.games.registry import GAMES


@dataclass(frozen=True)
class TournamentGame:
    """A game's tournament: the preset every table plays, the table options it adds (Skat's
    tournament points), the table sizes the draw makes (the preferred first) and the rounds
    of a series by default."""

    preset: str
    table_sizes: tuple[int, ...]
    default_rounds: int
    table_options: Mapping[str, Any] = field(default_factory=dict)


def tournament_game(game_id: str) -> TournamentGame | None:
    """The tournament of a registered game, None if it has none."""
    game = GAMES.get(game_id)
    if game is None:
        return None
    package = game.variants[0].__module__.rsplit(".", 1)[0]
    name = f"{package}.tournament"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None
    found = getattr(module, "TOURNAMENT", None)
    return found if isinstance(found, TournamentGame) else None


def tournament_games() -> tuple[str, ...]:
    """The registered games a tournament may be played in."""
    return tuple(game_id for game_id in GAMES if tournament_game(game_id) is not None)

"""The games the core plays, registered by id (see ``registry``); a new game is a new package
here and one ``register`` line (docs/adding-a-game.md)."""

from ramsch_core.games.ramsch import RAMSCH
from ramsch_core.games.ramsen import RAMSEN
from ramsch_core.games.registry import (
    DEFAULT_GAME,
    GAMES,
    Game,
    game_of,
    get_game,
    parse_rules,
    preset,
    register,
)
from ramsch_core.games.schafkopf import SCHAFKOPF
from ramsch_core.games.skat import SKAT

register(RAMSCH)
register(SKAT)
register(RAMSEN)
register(SCHAFKOPF)

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "RAMSCH",
    "RAMSEN",
    "SCHAFKOPF",
    "SKAT",
    "Game",
    "game_of",
    "get_game",
    "parse_rules",
    "preset",
    "register",
]

"""AI players that decide from one seat's view only: random, easy (random among reasonable
choices), and a heuristic checked by kernel playouts on deals consistent with what the seat has
seen."""

from ramsch_core.ai.easy import EasyPlayer
from ramsch_core.ai.players import (
    DEFAULT_PLAYOUTS,
    LEVELS,
    PLAYER_KINDS,
    HeuristicPlayer,
    Player,
    PlayerKind,
    RandomPlayer,
    evaluate,
    make_player,
)

__all__ = [
    "DEFAULT_PLAYOUTS",
    "LEVELS",
    "PLAYER_KINDS",
    "EasyPlayer",
    "HeuristicPlayer",
    "Player",
    "PlayerKind",
    "RandomPlayer",
    "evaluate",
    "make_player",
]

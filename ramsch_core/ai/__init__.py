"""AI players that decide from one seat's view only: random, and a heuristic checked by kernel
playouts on deals consistent with what the seat has seen."""

from ramsch_core.ai.players import (
    DEFAULT_PLAYOUTS,
    HeuristicPlayer,
    Player,
    RandomPlayer,
    evaluate,
    make_player,
)

__all__ = [
    "DEFAULT_PLAYOUTS",
    "HeuristicPlayer",
    "Player",
    "RandomPlayer",
    "evaluate",
    "make_player",
]

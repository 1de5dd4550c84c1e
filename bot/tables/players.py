"""AI players for AI seats and turn-timer takeovers, made by ramsch_core.ai.make_player."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Protocol

from ramsch_core import LEVELS, Action, SeatView

AI_KINDS = ("heuristic", "random", "easy", "hard")
"""The AI kinds a seat stores (``seats.ai``); tables of every kind keep playing after an
upgrade."""
AI_LEVELS: dict[str, str] = dict(LEVELS)
"""The difficulty levels the host picks in the lobby, weakest first, and the kind each
stores: easy, normal (the heuristic), hard (the heuristic with the last tricks searched)."""
DEFAULT_LEVEL = "normal"
"""The level of an AI added without one (the Add AI button)."""
TAKEOVER_KIND = "heuristic"
"""The AI that plays for a human whose turn timer ran out."""


class Player(Protocol):
    def choose(self, view: SeatView) -> Action: ...


PlayerFactory = Callable[[str, int], Player]
"""(kind, seed) -> player, like ``ramsch_core.ai.make_player``."""


def core_player(kind: str, seed: int, budget: float | None = None) -> Player:
    """A player from ramsch_core.ai, imported on first use so tables without AI need none;
    ``budget``: seconds a hard AI's decision may take (None: its default)."""
    from ramsch_core import make_player

    if kind == "heuristic":
        return make_player("heuristic", seed)
    if kind == "random":
        return make_player("random", seed)
    if kind == "easy":
        return make_player("easy", seed)
    if kind == "hard":
        from ramsch_core.ai.hard import HardPlayer

        return HardPlayer(seed) if budget is None else HardPlayer(seed, budget=budget)
    raise ValueError(f"Unknown AI '{kind}'")


def level_of(kind: str) -> str:
    """The level a stored AI kind plays at: its level's name, or the kind ("random")."""
    return next((level for level, held in AI_LEVELS.items() if held == kind), kind)


def player_seed(session_seed: int, seat: int, kind: str) -> int:
    """A seed for one seat's AI, derived from the session so a rebuilt table plays the same."""
    digest = hashlib.sha256(f"ramsch-ai/{session_seed}/{seat}/{kind}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1

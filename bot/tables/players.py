"""AI players for AI seats and turn-timer takeovers, made by ramsch_core.ai.make_player."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Protocol

from ramsch_core import Action, SeatView

AI_KINDS = ("heuristic", "random")
TAKEOVER_KIND = "heuristic"
"""The AI that plays for a human whose turn timer ran out."""


class Player(Protocol):
    def choose(self, view: SeatView) -> Action: ...


PlayerFactory = Callable[[str, int], Player]
"""(kind, seed) -> player, like ``ramsch_core.ai.make_player``."""


def core_player(kind: str, seed: int) -> Player:
    """A player from ramsch_core.ai, imported on first use so tables without AI need none."""
    from ramsch_core import make_player

    if kind == "heuristic":
        return make_player("heuristic", seed)
    if kind == "random":
        return make_player("random", seed)
    raise ValueError(f"Unknown AI '{kind}'")


def player_seed(session_seed: int, seat: int, kind: str) -> int:
    """A seed for one seat's AI, derived from the session so a rebuilt table plays the same."""
    digest = hashlib.sha256(f"ramsch-ai/{session_seed}/{seat}/{kind}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1

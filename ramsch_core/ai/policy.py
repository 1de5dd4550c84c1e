"""What a game tells the AI (``Game.ai``): its steps before the card play, its calls during it,
how a seat sets the play up, its card rules of thumb, and how its playouts are read and valued."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ramsch_core.actions import Action
from ramsch_core.ai.knowledge import Knowledge
from ramsch_core.kernel import Kernel
from ramsch_core.view import SeatView

Objective = Callable[[Sequence[int], int], float]
"""The value of a playout for a seat, from the tricks each seat won (all of them, the ones
before the playout included)."""
Step = Callable[[Kernel, SeatView], Action]
"""The heuristic of one step before the card play."""
SearchedStep = Callable[[SeatView, Callable[[], float], int, float | None], Action]
"""A step searched by simulation: (view, random numbers, worlds, deadline) -> the action."""


@dataclass(frozen=True)
class GamePolicy:
    """One game's AI; the generic players (``ai/players.py``, ``ai/hard.py``) call through it."""

    steps: Mapping[str, Step] = field(default_factory=dict)
    """The heuristic of each step before the card play, by phase name."""
    calls: Mapping[str, Callable[[SeatView], bool]] = field(default_factory=dict)
    """Actions offered besides the cards during the play (by kind, e.g. Kontra), taken when
    their rule says so."""
    play_setup: Callable[[SeatView], tuple[Kernel, int | None]] | None = None
    """For a game whose contract is chosen in the deal, the kernel of the contract being played
    and the declarer; None: the rules' own contract, no declarer."""
    card_priors: Mapping[str, Callable[[Kernel, Knowledge, int], int]] = field(default_factory=dict)
    """Each contract's rule-of-thumb card, by contract name (the playouts then check it);
    without one the playouts alone decide."""
    reader: Callable[[Kernel, SeatView, int | None], Knowledge] | None = None
    """For a game whose seat knows more or other than ``read_view`` reads (Ramsen: passed
    seats, its discards, the upcard), how its knowledge is read."""
    objective: Callable[[Kernel], Objective] | None = None
    """For a game whose playouts value more than the score against the others' mean (Ramsen:
    winning the game), the value of a playout for a seat from the tricks won."""
    searched_steps: Mapping[str, SearchedStep] = field(default_factory=dict)
    """Per phase before the card play, the hard AI's own search of the step (the heuristic's
    rule elsewhere)."""


NO_POLICY = GamePolicy()
"""The AI of a game that declares none: its rules' own contract, playouts alone."""

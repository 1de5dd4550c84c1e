"""The presenters of the games at the terminal, found by game id: one registration a game."""

from __future__ import annotations

from collections.abc import Callable

from ramsch_core.games import RAMSCH, RAMSEN, SCHAFKOPF, SKAT
from ramsch_core.rules import RuleSet
from ramsch_core.terminal.presenter import PlainPresenter, Presenter
from ramsch_core.terminal.presenters.ramsch import RamschPresenter
from ramsch_core.terminal.presenters.ramsen import RamsenPresenter
from ramsch_core.terminal.presenters.schafkopf import SchafkopfPresenter
from ramsch_core.terminal.presenters.skat import SkatPresenter

PRESENTERS: dict[str, Callable[[RuleSet], Presenter]] = {}
"""Game id → the presenter made for a rule set of that game."""


def register(game_id: str, make: Callable[[RuleSet], Presenter]) -> None:
    PRESENTERS[game_id] = make


def presenter_for(rules: RuleSet) -> Presenter:
    """The presenter of the game ``rules`` plays; a game without one is said plainly."""
    make = PRESENTERS.get(rules.game, PlainPresenter)
    return make(rules)


register(RAMSCH.id, RamschPresenter)
register(SKAT.id, SkatPresenter)
register(RAMSEN.id, RamsenPresenter)
register(SCHAFKOPF.id, SchafkopfPresenter)

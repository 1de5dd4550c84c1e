"""The core side of the example game Stich, laid out as a game package of
``ramsch_core/games/<game>/``: the rule model and presets (``rules.py``), the contract and
its scorer (``contract.py``), its own step before the play (``announce.py``), the AI policy
(``ai.py``), the bench case (``bench.py``), the terminal presenter (``terminal.py``) and here
the ``Game`` entry. It is not registered on import: see
``tests.example_game.register``."""

from ramsch_core import Game
from tests.example_game.core.ai import POLICY
from tests.example_game.core.bench import BENCH
from tests.example_game.core.rules import (
    PRESET_DESCRIPTIONS,
    PRESETS,
    TABLE_PRESETS,
    StichMatchOptions,
    StichRules,
)

STICH = Game(
    id="stich",
    title="Stich",
    variants=(StichRules,),
    presets=PRESETS,
    descriptions=PRESET_DESCRIPTIONS,
    default_preset="plain",
    aliases=("tricks",),
    table_presets=TABLE_PRESETS,
    match_options=StichMatchOptions,
    ai=POLICY,
    terminal="tests.example_game.core.terminal:StichPresenter",
    bench=BENCH,
)

__all__ = ["STICH", "StichRules"]

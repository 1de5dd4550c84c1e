"""The game full Schafkopf: rules and presets (``rules``), contracts (``contract``), Klopfen and
the calls, the Sauspiel's called Ace, AI, bench case and its ``Game`` entry."""

from ramsch_core.games.registry import Game
from ramsch_core.games.schafkopf.ai import POLICY
from ramsch_core.games.schafkopf.bench import BENCH
from ramsch_core.games.schafkopf.rules import (
    PRESET_DESCRIPTIONS,
    PRESETS,
    FullSchafkopfRules,
    schafkopf_schedule,
)
from ramsch_core.policies import BockOptions

SCHAFKOPF = Game(
    id="schafkopf",
    title="Schafkopf",
    variants=(FullSchafkopfRules,),
    presets=PRESETS,
    descriptions=PRESET_DESCRIPTIONS,
    default_preset="schafkopf",
    match_options=BockOptions,
    ai=POLICY,
    terminal="ramsch_core.games.schafkopf.terminal:SchafkopfPresenter",
    bench=BENCH,
)
"""Full Schafkopf (SF-1..10); a Durchmarsch in the Ramsch of an all-pass may open a Bock
round."""

__all__ = ["PRESETS", "SCHAFKOPF", "FullSchafkopfRules", "schafkopf_schedule"]

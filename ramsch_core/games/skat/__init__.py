"""The game full Skat: rules and presets (``rules``), contracts (``contract``), bidding and
declaring, AI, bench case and its ``Game`` entry."""

from ramsch_core.games.registry import Game
from ramsch_core.games.skat.ai import POLICY
from ramsch_core.games.skat.bench import BENCH
from ramsch_core.games.skat.match_options import BOCK_SWITCHES, SkatMatchOptions
from ramsch_core.games.skat.rules import (
    PRESET_DESCRIPTIONS,
    PRESETS,
    TABLE_PRESETS,
    FullSkatRules,
)

SKAT = Game(
    id="skat",
    title="Skat",
    variants=(FullSkatRules,),
    presets=PRESETS,
    descriptions=PRESET_DESCRIPTIONS,
    default_preset="skat",
    aliases=("full-skat",),
    table_presets=TABLE_PRESETS,
    match_options=SkatMatchOptions,
    ai=POLICY,
    terminal="ramsch_core.games.skat.terminal:SkatPresenter",
    bench=BENCH,
)

__all__ = ["BOCK_SWITCHES", "PRESETS", "SKAT", "FullSkatRules"]

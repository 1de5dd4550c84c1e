"""The game Ramsen: rules and presets (``rules``), contract (``contract``), the exchange and in
or pass, AI, bench case and its ``Game`` entry."""

from ramsch_core.games.ramsen.ai import POLICY
from ramsch_core.games.ramsen.bench import BENCH
from ramsch_core.games.ramsen.rules import (
    HAND_SIZE,
    PRESET_DESCRIPTIONS,
    PRESETS,
    RamsenRules,
    ramsen_deal,
    ramsen_schedule,
)
from ramsch_core.games.registry import Game

RAMSEN = Game(
    id="ramsen",
    title="Ramsen",
    variants=(RamsenRules,),
    presets=PRESETS,
    descriptions=PRESET_DESCRIPTIONS,
    default_preset="ramsen",
    ai=POLICY,
    terminal="ramsch_core.games.ramsen.terminal:RamsenPresenter",
    bench=BENCH,
)

__all__ = ["HAND_SIZE", "PRESETS", "RAMSEN", "RamsenRules", "ramsen_deal", "ramsen_schedule"]

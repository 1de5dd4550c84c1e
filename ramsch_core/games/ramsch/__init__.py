"""The game Ramsch: its presets, AI and ``Game`` entry; the rule sets, contract, Schieben and
card rules it shares with Skat and Schafkopf (their all-pass) live in shared modules
(docs/adding-a-game.md)."""

from ramsch_core.contracts.ramsch_rules import AltenburgRules, SchafkopfRules, SkatRules
from ramsch_core.games.ramsch.ai import POLICY
from ramsch_core.games.ramsch.match_options import RamschMatchOptions
from ramsch_core.games.ramsch.rules import PRESET_DESCRIPTIONS, PRESETS
from ramsch_core.games.registry import Game

RAMSCH = Game(
    id="ramsch",
    title="Ramsch",
    variants=(SkatRules, SchafkopfRules, AltenburgRules),
    presets=PRESETS,
    descriptions=PRESET_DESCRIPTIONS,
    default_preset="skat",
    variant_titles={
        "skat": "Skat Ramsch",
        "schafkopf": "Schafkopf Ramsch",
        "altenburg": "Altenburg Ramsch",
    },
    match_options=RamschMatchOptions,
    ai=POLICY,
    terminal="ramsch_core.games.ramsch.terminal:RamschPresenter",
)

__all__ = ["PRESETS", "RAMSCH"]

"""The game Ramsch: the presets of its three variants (the rule sets themselves are shared with
Skat and Schafkopf: ``ramsch_core.contracts.ramsch_rules``)."""

from __future__ import annotations

from typing import Any

PRESETS: dict[str, dict[str, Any]] = {
    "skat": {"variant": "skat"},
    "skat-fixed": {"variant": "skat", "scoring": "fixed"},
    "skat-schieberamsch": {"variant": "skat", "schieben": True},
    "schafkopf": {"variant": "schafkopf"},
    "bauernramsch": {"variant": "schafkopf", "trumps": "obers_unters"},
    "altenburg": {"variant": "altenburg"},
    "altenburg-penalty": {"variant": "altenburg", "scoring": "penalty"},
    "altenburg-schieberamsch": {"variant": "altenburg", "schieben": True},
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "skat": "Skat Ramsch: jacks are trumps, most points loses them, skat to the last trick",
    "skat-fixed": "Skat Ramsch with a fixed stake of 10 per loser",
    "skat-schieberamsch": "Skat Ramsch with Schieberamsch: push or pass the skat on, pushes double",
    "schafkopf": "Schafkopf Ramsch: Obers, Unters and Hearts are trumps, paid in cents",
    "bauernramsch": "Schafkopf Bauernramsch: only Obers and Unters are trumps",
    "altenburg": "Altenburg Pip Ramsch: no trumps, one penalty point per card point",
    "altenburg-penalty": "Altenburg Ramsch with a 10/15/20 penalty for the loser",
    "altenburg-schieberamsch": "Altenburg Schieberamsch: everyone must push, scored as pips",
}

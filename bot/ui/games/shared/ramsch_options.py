"""The rules editor's words for the options of a Ramsch (the Ramsch game's variants, and the
Ramsch another game plays when everyone passes)."""

from __future__ import annotations

from bot.i18n import N_

OPTION_TITLES = {
    "skat_to": N_("Skat"),
    "scoring": N_("Scoring"),
    "trumps": N_("Trumps"),
    "stake": N_("Stake"),
    "base_stake": N_("Base stake in cents"),
    "durchmarsch": N_("Durchmarsch"),
    "durchmarsch_value": N_("What a Durchmarsch wins"),
    "schieben": N_("Schieberamsch"),
    "schieben_jacks": N_("Jacks may be pushed"),
    "schieben_doubles": N_("Each push doubles the deal"),
    "tens_low": N_("Tens rank low"),
    "jacks_trump": N_("Jacks are trumps"),
    "jungfrau_doubles_all": N_("Jungfrau: loser pays all double"),
}
VALUE_LABELS = {
    ("skat_to", "last_trick"): N_("Skat to the last trick's winner"),
    ("skat_to", "loser"): N_("Skat to the loser"),
    ("skat_to", "nobody"): N_("Skat counts for nobody"),
    ("scoring", "points"): N_("Scoring: card points (Augenramsch)"),
    ("scoring", "fixed"): N_("Scoring: a fixed stake"),
    ("scoring", "pips"): N_("Scoring: pips, one per card point"),
    ("scoring", "penalty"): N_("Scoring: penalty 10/15/20"),
    ("trumps", "standard"): N_("Trumps: Obers, Unters and Hearts"),
    ("trumps", "obers_unters"): N_("Trumps: Obers and Unters (Bauernramsch)"),
}
"""What an enum option's value reads as in its select, by (option, value)."""

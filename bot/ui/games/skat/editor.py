"""The rules editor's words for Skat: its options, its Ramsch when everyone passes (a page of
its own), and the table options only Skat offers (Bock rounds after declared games)."""

from __future__ import annotations

from bot.i18n import N_
from bot.ui.games.shared import ramsch_options

OPTION_TITLES = {
    **ramsch_options.OPTION_TITLES,
    "all_pass": N_("When everyone passes"),
    "kontra": N_("Kontra and Re"),
    "ramsch": N_("Ramsch"),
}
SECTION_TITLES = {"ramsch": N_("Ramsch when everyone passes")}
"""The editor page of a nested rule set, by the option that holds it."""
VALUE_LABELS = {
    **ramsch_options.VALUE_LABELS,
    ("all_pass", "ramsch"): N_("When everyone passes: play Ramsch"),
    ("all_pass", "throw_in"): N_("When everyone passes: throw the cards in"),
    ("all_pass", "forehand"): N_("When both others pass: forehand must play"),
}
OWN_TABLE_OPTIONS = frozenset(
    {
        "bock_on_sixty",
        "bock_on_kontra",
        "bock_on_re",
        "bock_on_grand_hand",
        "bock_on_value",
        "bock_threshold",
    }
)
"""Table options about declared games, offered at Skat tables only (a Ramsch never opens
their Bock rounds)."""

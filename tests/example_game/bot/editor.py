"""The rules editor's words for Stich: a title for each option, a label for each value of its
enum options (marked ``N_``, translated where shown)."""

from __future__ import annotations

from bot.i18n import N_

OPTION_TITLES = {
    "seats": N_("Players"),
    "order": N_("Trumps"),
    "must_trump": N_("Must trump"),
    "must_beat": N_("Must beat the trick"),
    "doubling": N_("Doubling"),
}
VALUE_LABELS = {
    ("order", "jacks"): N_("the jacks"),
    ("order", "schafkopf"): N_("Obers, Unters and hearts"),
    ("order", "none"): N_("no trumps"),
}

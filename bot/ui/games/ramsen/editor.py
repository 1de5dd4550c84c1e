"""The rules editor's words for Ramsen's options."""

from __future__ import annotations

from bot.i18n import N_

OPTION_TITLES = {
    "players": N_("Players (3 to 5)"),
    "crosses": N_("Crosses each player owes"),
    "schlecken": N_("Schlecken"),
    "stake": N_("Stake"),
    "dealer_forced": N_("The dealer plays when everyone passes"),
}
VALUE_LABELS = {
    ("schlecken", "choice"): N_("Schlecken: the cutter chooses"),
    ("schlecken", "always"): N_("Schlecken: always"),
    ("schlecken", "never"): N_("Schlecken: never"),
}
"""What an enum option's value reads as in its select, by (option, value)."""

"""The rules editor's words for Ramsen's options."""

from __future__ import annotations

from bot.i18n import N_

OPTION_TITLES = {
    "players": N_("Players (3 to 5)"),
    "crosses": N_("Crosses each player owes"),
    "schlecken": N_("Schlecken"),
    "dealer_forced": N_("The dealer plays when everyone passes"),
}

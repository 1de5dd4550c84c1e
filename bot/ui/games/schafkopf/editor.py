"""The rules editor's words for Schafkopf: its options, its tariff and its Ramsch when
everyone passes (pages of their own)."""

from __future__ import annotations

from bot.i18n import N_
from bot.ui.games.shared import match_options, ramsch_options

OPTION_TITLES = {
    **ramsch_options.OPTION_TITLES,
    **match_options.BOCK_TITLES,
    "all_pass": N_("When everyone passes"),
    "kontra": N_("Kontra and Re"),
    "ramsch": N_("Ramsch"),
    "sauspiel": N_("Sauspiel in cents"),
    "solo": N_("Solo and Wenz in cents"),
    "extra": N_("Schneider, Schwarz, Laufende in cents"),
    "wenz": N_("Wenz may be called"),
    "klopfen": N_("Klopfen (knocking doubles)"),
    "tout": N_("Tout (every trick, paid double)"),
    "sie": N_("Sie (four Obers and Unters win unplayed)"),
    "geier": N_("Geier may be called"),
    "farbwenz": N_("Farbwenz may be called"),
    "hochzeit": N_("Hochzeit may be offered"),
    "pack": N_("The pack"),
}
SECTION_TITLES = {"ramsch": N_("Ramsch when everyone passes"), "tariff": N_("Tariff")}
"""The editor page of a nested rule set, by the option that holds it."""
VALUE_LABELS = {
    **ramsch_options.VALUE_LABELS,
    ("all_pass", "ramsch"): N_("When everyone passes: play Ramsch"),
    ("all_pass", "throw_in"): N_("When everyone passes: throw the cards in"),
    ("all_pass", "stock"): N_("When three pass: the fourth plays, calls Ramsch or Stock"),
    ("pack", "long"): N_("The long pack: 32 cards, eight each"),
    ("pack", "short"): N_("The short pack: 24 cards (no 7s and 8s), six each"),
}

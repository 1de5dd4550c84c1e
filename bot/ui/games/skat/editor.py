"""The rules editor's words for Skat: its options, its Ramsch when everyone passes (a page of
its own), and its match options (Bock rounds, Ramsch after Bock, the tournament list)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import N_, _
from bot.ui.games.shared import match_options, ramsch_options

OPTION_TITLES = {
    **ramsch_options.OPTION_TITLES,
    **match_options.BOCK_TITLES,
    "bock_on_sixty": N_("Bock round after a game lost with 60"),
    "bock_on_kontra": N_("Bock round after a Kontra won"),
    "bock_on_re": N_("Bock round after Kontra and Re"),
    "bock_on_grand_hand": N_("Bock round after a Grand Hand won"),
    "bock_on_value": N_("Bock round after a high game"),
    "bock_threshold": N_("Game value that opens a Bock round"),
    "ramsch_after_bock": N_("Ramsch round after each Bock round"),
    **match_options.TOURNAMENT_TITLES,
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
BOCK_AFTER = {
    **match_options.BOCK_AFTER,
    "bock_on_sixty": N_("a game lost with 60"),
    "bock_on_kontra": N_("a Kontra won"),
    "bock_on_re": N_("Kontra and Re"),
    "bock_on_grand_hand": N_("a Grand Hand won"),
}
"""What opens a Bock round at a Skat table, by option (translated where shown)."""


def match_lines(chosen: Mapping[str, Any]) -> list[str]:
    """A Skat table's Bock rounds (after a game worth the threshold too), the Ramsch round
    after each, the tournament list."""
    after = [_(what) for name, what in BOCK_AFTER.items() if chosen.get(name)]
    if chosen.get("bock_on_value"):
        after.append(_("a game worth {value} or more", value=chosen.get("bock_threshold", 72)))
    lines = match_options.bock_line(after)
    if chosen.get("ramsch_after_bock"):
        lines.append(_("a round of Ramsch after each Bock round"))
    return lines + match_options.tournament_line(chosen)

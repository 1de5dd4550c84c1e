"""The rules editor's words for Ramsch: the options of the Ramsch contract, and its match
options (Bock rounds after a Durchmarsch or a tie, the tournament list)."""

from __future__ import annotations

from bot.ui.games.shared import match_options, ramsch_options

OPTION_TITLES = {
    **ramsch_options.OPTION_TITLES,
    **match_options.BOCK_TITLES,
    **match_options.TOURNAMENT_TITLES,
}
VALUE_LABELS = ramsch_options.VALUE_LABELS

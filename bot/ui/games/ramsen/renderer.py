"""The Ramsen game's renderer: its texts, controls and results together, with its pack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import N_
from bot.ui.games.ramsen import editor
from bot.ui.games.ramsen.codecs import CODECS
from bot.ui.games.ramsen.controls import RamsenControls
from bot.ui.games.ramsen.results import STATS_TAGS, STATS_TOTAL, RamsenResults
from bot.ui.games.ramsen.text import RamsenText

if TYPE_CHECKING:
    from bot.ui.faces import Pack
    from ramsch_core import RuleSet


class RamsenRenderer(RamsenText, RamsenControls, RamsenResults):
    """The Ramsen game's part of every message."""

    tag_labels: dict[str, str] = {  # noqa: RUF012
        "winner": N_("wins the game"),
        "passed": N_("passed"),
        "extra_cross": N_("in without a trick: one cross more"),
    }
    """Shown translated (``_(label)``)."""
    card_points = False
    """Tricks carry no card points worth showing (see ``bot.ui.games.card_points``)."""

    codecs = CODECS
    option_titles = editor.OPTION_TITLES
    value_labels = editor.VALUE_LABELS
    stats_total = STATS_TOTAL
    stats_tags = STATS_TAGS

    def pack(self, rules: RuleSet) -> Pack:
        """Ramsen is played with the German pack."""
        return "german"


RAMSEN = RamsenRenderer()

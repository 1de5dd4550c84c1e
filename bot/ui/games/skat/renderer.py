"""The Skat game's renderer: its texts, controls and results together, with its pack."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.i18n import N_
from bot.ui.games.shared.ramsch_contract import RAMSCH_TAGS
from bot.ui.games.skat import editor
from bot.ui.games.skat.codecs import CODECS
from bot.ui.games.skat.controls import SkatControls
from bot.ui.games.skat.results import SkatResults
from bot.ui.games.skat.text import SkatText

if TYPE_CHECKING:
    from bot.ui.faces import Pack
    from ramsch_core import RuleSet


class SkatRenderer(SkatText, SkatControls, SkatResults):
    """The full Skat game's part of every message."""

    tag_labels: dict[str, str] = {  # noqa: RUF012
        "declarer": N_("Alleinspieler"),
        "defender": N_("Gegenspieler"),
        "won": N_("won"),
        "lost": N_("lost"),
        **RAMSCH_TAGS,
    }

    codecs = CODECS
    option_titles = editor.OPTION_TITLES
    section_titles = editor.SECTION_TITLES
    value_labels = editor.VALUE_LABELS

    def match_lines(self, chosen: Mapping[str, Any]) -> list[str]:
        return editor.match_lines(chosen)

    def pack(self, rules: RuleSet) -> Pack:
        """Skat is played with the French pack."""
        return "french"


SKAT = SkatRenderer()

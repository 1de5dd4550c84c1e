"""The Schafkopf game's renderer: its texts, controls and results together, with its pack."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.i18n import N_
from bot.ui.games.schafkopf import editor
from bot.ui.games.schafkopf.codecs import CODECS
from bot.ui.games.schafkopf.controls import SchafkopfControls
from bot.ui.games.schafkopf.results import SchafkopfResults
from bot.ui.games.schafkopf.text import SchafkopfText
from bot.ui.games.shared import match_options
from bot.ui.games.shared.ramsch_contract import RAMSCH_TAGS

if TYPE_CHECKING:
    from bot.ui.faces import Pack
    from ramsch_core import RuleSet


class SchafkopfRenderer(SchafkopfText, SchafkopfControls, SchafkopfResults):
    """The full Schafkopf game's part of every message."""

    tag_labels: dict[str, str] = {  # noqa: RUF012
        "declarer": N_("Spieler"),
        "partner": N_("Mitspieler"),
        "defender": N_("Gegenspieler"),
        "won": N_("won"),
        "lost": N_("lost"),
        **RAMSCH_TAGS,
    }
    """Shown translated (``_(label)``)."""

    codecs = CODECS
    option_titles = editor.OPTION_TITLES
    section_titles = editor.SECTION_TITLES
    value_labels = editor.VALUE_LABELS

    def match_lines(self, chosen: Mapping[str, Any]) -> list[str]:
        return match_options.match_lines(chosen)

    def pack(self, rules: RuleSet) -> Pack:
        """Schafkopf is played with the German (Bavarian) pack."""
        return "german"


SCHAFKOPF = SchafkopfRenderer()

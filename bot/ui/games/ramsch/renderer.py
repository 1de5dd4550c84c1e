"""The Ramsch game's renderer: the Ramsch contract's steps and results, with the game's title,
unit, rules and pack per variant."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.ui.games.ramsch import editor, rules_text
from bot.ui.games.shared import match_options
from bot.ui.games.shared.ramsch_contract import RamschContract
from ramsch_core import RuleSet, SchafkopfRules

if TYPE_CHECKING:
    from bot.ui.faces import Pack


class RamschRenderer(RamschContract):
    """The Ramsch game's part of every message."""

    option_titles = editor.OPTION_TITLES
    value_labels = editor.VALUE_LABELS

    def match_lines(self, chosen: Mapping[str, Any]) -> list[str]:
        return match_options.match_lines(chosen)

    def title(self, rules: RuleSet) -> str:
        title = rules.title()
        if rules.schieben_rules() is not None:
            title += " · Schieberamsch"
        return title

    def unit(self, rules: RuleSet) -> str:
        return "¢" if isinstance(rules, SchafkopfRules) else ""

    def rules_lines(self, rules: RuleSet) -> list[str]:
        return rules_text.rules_lines(rules)

    def pack(self, rules: RuleSet) -> Pack:
        """Ramsch after Schafkopf rules is played with the German pack."""
        return "german" if getattr(rules, "variant", None) == "schafkopf" else "french"


RAMSCH = RamschRenderer()

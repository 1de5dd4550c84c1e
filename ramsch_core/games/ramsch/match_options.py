"""The match options of a Ramsch table: Bock rounds after a Durchmarsch or a tie, and the
tournament list (a Ramsch keeps its scores there, SR-12)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import Field

from ramsch_core.policies import BockOptions, PlainScores, refuse_tournament, tournament_scoring

if TYPE_CHECKING:
    from ramsch_core.rules import RuleSet


class RamschMatchOptions(BockOptions):
    """Bock rounds after a Durchmarsch or a tie; tournament scoring, in which a Ramsch keeps
    its scores."""

    tournament: bool = Field(
        False,
        description="tournament scoring (Seeger-Fabian): a won game scores 50 more, a lost "
        "one 50 less, and each opponent of a lost game gets 40 (30 at a table of four)",
    )

    @classmethod
    def refuse_elsewhere(cls, chosen: Mapping[str, Any], rules: RuleSet) -> None:
        refuse_tournament(chosen, rules)

    def scoring(self) -> PlainScores:
        return tournament_scoring(self.tournament)

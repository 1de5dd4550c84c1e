"""The match options of a Skat table: Bock rounds after declared games and a Durchmarsch, a
round of Ramsch after each Bock round, tournament scoring (FS-13, FS-14, SR-11)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import Field

from ramsch_core.errors import RuleSetError
from ramsch_core.policies import (
    BockOptions,
    BockRounds,
    PlainScores,
    refuse_tournament,
    tournament_scoring,
)
from ramsch_core.result import DealResult

if TYPE_CHECKING:
    from ramsch_core.rules import RuleSet

HIGH_VALUE = "high_value"
"""The event of a declared game worth at least the table's threshold (``bock_on_value``); the
table adds it, as only the table knows the threshold."""

BOCK_SWITCHES = (
    "bock_on_sixty",
    "bock_on_kontra",
    "bock_on_re",
    "bock_on_grand_hand",
    "bock_on_value",
    "bock_on_durchmarsch",
)
"""FS-13: every event that opens a Bock round at a Skat table (a Durchmarsch in a Ramsch)."""


def deal_events(result: DealResult, threshold: int) -> frozenset[str]:
    """What a finished deal did that a table may react to: the deal's own events, and
    ``HIGH_VALUE`` for a declared game worth ``threshold`` or more."""
    value = (result.details or {}).get("value")
    if isinstance(value, int) and value >= threshold:
        return result.events | {HIGH_VALUE}
    return result.events


class SkatMatchOptions(BockOptions):
    """How a Skat list is played around the deals: Bock rounds and the Ramsch rounds after
    them, tournament scoring."""

    bock_on_sixty: bool = Field(
        False, description="a game the declarer loses with exactly 60 points opens a Bock round"
    )
    bock_on_kontra: bool = Field(
        False, description="a Kontra that beats the declarer opens a Bock round"
    )
    bock_on_re: bool = Field(False, description="a game with Kontra and Re opens a Bock round")
    bock_on_grand_hand: bool = Field(False, description="a won Grand Hand opens a Bock round")
    bock_on_value: bool = Field(
        False, description="a game worth at least the Bock threshold opens a Bock round"
    )
    bock_threshold: int = Field(
        72, ge=18, le=2000, description="the game value from which a game opens a Bock round"
    )
    ramsch_after_bock: bool = Field(
        False, description="a round of Ramsch, one deal per player, follows each Bock round"
    )
    tournament: bool = Field(
        False,
        description="tournament scoring (Seeger-Fabian): a won game scores 50 more, a lost "
        "one 50 less, and each opponent of a lost game gets 40 (30 at a table of four)",
    )

    BOCK_SWITCHES: ClassVar[tuple[str, ...]] = BOCK_SWITCHES
    BOCK_EVENTS: ClassVar[Mapping[str, str]] = {
        **BockOptions.BOCK_EVENTS,
        "bock_on_sixty": "lost_with_60",
        "bock_on_kontra": "kontra_won",
        "bock_on_re": "kontra_re",
        "bock_on_grand_hand": "grand_hand_won",
        "bock_on_value": HIGH_VALUE,
    }

    @classmethod
    def refuse_elsewhere(cls, chosen: Mapping[str, Any], rules: RuleSet) -> None:
        if chosen.get("ramsch_after_bock"):
            raise RuleSetError(
                "{game} has no Ramsch rounds after a Bock round: turn off Ramsch after Bock",
                game=rules.title(),
            )
        refuse_tournament(chosen, rules)

    def also_dealt(self, rules: RuleSet) -> tuple[RuleSet, ...]:
        """The Ramsch rounds after Bock deal the Ramsch of the rules (FS-13)."""
        if not self.ramsch_after_bock:
            return ()
        compulsory = rules.compulsory_ramsch()
        if compulsory is None:
            self.refuse_elsewhere({"ramsch_after_bock": True}, rules)
            return ()
        return (compulsory,)

    def bock_rounds(self, seats: int) -> BockRounds:
        return BockRounds(
            self.bock_events(),
            seats,
            ramsch_after=self.ramsch_after_bock,
            events_of=partial(deal_events, threshold=self.bock_threshold),
        )

    def scoring(self) -> PlainScores:
        return tournament_scoring(self.tournament)

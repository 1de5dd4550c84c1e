"""The Ramsch rule sets (Skat, Schafkopf, Altenburg): the Ramsch game's variants and the Ramsch
full Skat and full Schafkopf play when everyone passes, so shared by those games.

A deal is dealt in slices (every seat's cards, then the skat), may open with a Schieberamsch,
and is played as the Ramsch contract (docs/rules/ramsch.md).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field

from ramsch_core.contracts import Contract, Scorer
from ramsch_core.contracts.ramsch import (
    AltenburgRamschScorer,
    SchafkopfRamschScorer,
    SkatRamschScorer,
    altenburg_order,
    jacks_order,
    schafkopf_order,
)
from ramsch_core.phases import Finished, Phase
from ramsch_core.phases.schieben import Schieben, SchiebenRules
from ramsch_core.rules import DealtLikeSkat
from ramsch_core.tricks.constraints import FOLLOW_SUIT
from ramsch_core.tricks.order import TrickOrder
from ramsch_core.tricks.play import CardPlay

if TYPE_CHECKING:
    from ramsch_core.deal import Deal


@lru_cache(maxsize=256)
def ramsch_contract(rules: RamschRules) -> Contract:
    """The Ramsch contract of a rule set (one per rule set: its layout is compiled once)."""
    return Contract("ramsch", rules.ramsch_order(), FOLLOW_SUIT, rules.scorer())


class RamschRules(DealtLikeSkat):
    """What every Ramsch variant shares: three players with ten cards and a two-card skat unless
    the variant says otherwise, an optional Schieberamsch, then the Ramsch contract."""

    game: Literal["ramsch"] = "ramsch"
    variant: str
    name_of_variant: ClassVar[str]

    @property
    def variant_id(self) -> str:
        return self.variant

    @property
    def pushing(self) -> bool:
        """Whether the deal starts with a Schieberamsch round."""
        return self.schieben_rules() is not None

    def title(self) -> str:
        return f"{self.name_of_variant} Ramsch"

    def contract(self) -> Contract:
        return ramsch_contract(self)

    def ramsch_order(self) -> TrickOrder:
        raise NotImplementedError

    def scorer(self) -> Scorer:
        raise NotImplementedError

    def first_phase(self, deal: Deal) -> Phase:
        schieben = self.schieben_rules()
        if schieben is not None:
            return Schieben(schieben)
        return CardPlay(self.contract(), self.players, self.hand_size)

    def next_phase(self, deal: Deal, done: Phase) -> Phase:
        if isinstance(done, Schieben):
            return CardPlay(self.contract(), self.players, self.hand_size)
        return Finished()


class SkatRules(RamschRules):
    """Ramsch in Skat (SR-1..12)."""

    name_of_variant: ClassVar[str] = "Skat"
    variant: Literal["skat"] = "skat"
    skat_to: Literal["last_trick", "loser", "nobody"] = Field(
        "last_trick", description="who gets the skat's points"
    )
    scoring: Literal["points", "fixed"] = Field(
        "points", description="Augenramsch (the loser loses his points) or a fixed stake"
    )
    stake: int = Field(10, ge=1, le=1000, description="the loss under fixed scoring")
    durchmarsch: bool = Field(True, description="taking every trick wins the deal")
    durchmarsch_value: int = Field(
        120, ge=120, le=1000, description="what a Durchmarsch wins (120 or more)"
    )
    schieben: bool = Field(False, description="Schieberamsch before the first lead")
    schieben_jacks: bool = Field(False, description="jacks may be laid when pushing")
    schieben_doubles: bool = Field(True, description="each push doubles the deal")

    def ramsch_order(self) -> TrickOrder:
        return jacks_order()  # SR-2

    def scorer(self) -> Scorer:
        return SkatRamschScorer(
            self.skat_to,
            self.stake if self.scoring == "fixed" else None,
            self.durchmarsch,
            self.schieben_doubles,
            self.durchmarsch_value,
        )

    def schieben_rules(self) -> SchiebenRules | None:
        # SR-10: passing on unseen is allowed; jacks only if the table says so.
        return SchiebenRules(pass_on=True, jacks=self.schieben_jacks) if self.schieben else None


class SchafkopfRules(RamschRules):
    """Ramsch in Schafkopf (SK-1..9)."""

    name_of_variant: ClassVar[str] = "Schafkopf"
    variant: Literal["schafkopf"] = "schafkopf"
    trumps: Literal["standard", "obers_unters"] = Field(
        "standard", description="Obers, Unters and Hearts, or Bauernramsch (Obers and Unters)"
    )
    base_stake: int = Field(10, ge=1, le=1000, description="base tariff in cents")
    jungfrau_doubles_all: bool = Field(
        False, description="with a Jungfrau the loser pays everyone double"
    )
    durchmarsch: bool = Field(
        True, description="taking every trick wins the deal, paid like a Solo won schwarz"
    )

    @property
    def players(self) -> int:
        return 4

    @property
    def hand_size(self) -> int:
        return 8

    @property
    def skat_size(self) -> int:
        return 0

    def ramsch_order(self) -> TrickOrder:
        return schafkopf_order(obers_unters_only=self.trumps == "obers_unters")  # SK-2/3

    def scorer(self) -> Scorer:
        return SchafkopfRamschScorer(self.base_stake, self.jungfrau_doubles_all, self.durchmarsch)


class AltenburgRules(RamschRules):
    """Ramsch after the Altenburg booklet (AR-1..7)."""

    name_of_variant: ClassVar[str] = "Altenburg"
    variant: Literal["altenburg"] = "altenburg"
    scoring: Literal["pips", "penalty"] = Field(
        "pips", description="Pip Ramsch (a penalty point per card point) or a fixed penalty"
    )
    tens_low: bool = Field(False, description="tens rank below the jack")
    jacks_trump: bool = Field(False, description="the four jacks are trumps")
    schieben: bool = Field(False, description="Schieberamsch, scored as pips")

    @property
    def effective_scoring(self) -> Literal["pips", "penalty"]:
        return "pips" if self.schieben else self.scoring  # AR-6

    def ramsch_order(self) -> TrickOrder:
        return altenburg_order(self.tens_low, self.jacks_trump)  # AR-2

    def scorer(self) -> Scorer:
        return AltenburgRamschScorer(
            pips=self.effective_scoring == "pips", laid_away_count=self.schieben
        )

    def schieben_rules(self) -> SchiebenRules | None:
        # AR-6: everyone must push, and jacks may be laid.
        return SchiebenRules(pass_on=False, jacks=True) if self.schieben else None

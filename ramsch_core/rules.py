"""Rule sets of every Ramsch variant as pydantic models, with named presets (RULES.md 1-3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ramsch_core.cards import Card, Rank
from ramsch_core.errors import RulesError
from ramsch_core.tricks import JACKS, OBERS, TrickOrder, plain_suits

_GRAND_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
_SCHAFKOPF_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
_ALTENBURG_RANKS = (
    Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip
_ALTENBURG_TENS_LOW = (
    Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip


class RuleSetError(RulesError):
    """A rule set with an unknown option or a value the option does not take."""


class _RuleSetBase(BaseModel):
    # strict: option values are taken exactly as RULES.md writes them (no "yes" for true,
    # no true or 10.0 for a stake)
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    game: Literal["ramsch"] = "ramsch"

    @property
    def players(self) -> int:
        """Active players in one deal."""
        return 3

    @property
    def hand_size(self) -> int:
        return 10

    @property
    def skat_size(self) -> int:
        return 2

    @property
    def pushing(self) -> bool:
        """Whether the deal starts with a Schieberamsch round (SR-10, AR-6)."""
        return False

    def trick_order(self) -> TrickOrder:
        raise NotImplementedError

    def options(self) -> dict[str, Any]:
        """The variant's options by their RULES.md names."""
        return self.model_dump(exclude={"game", "variant"})


class SkatRules(_RuleSetBase):
    """Ramsch in Skat (RULES.md section 1)."""

    variant: Literal["skat"] = "skat"
    skat_to: Literal["last_trick", "loser", "nobody"] = Field(
        "last_trick", description="who gets the skat's points (SR-4)"
    )
    scoring: Literal["points", "fixed"] = Field(
        "points", description="Augenramsch (SR-5) or a fixed stake (SR-9)"
    )
    stake: int = Field(10, ge=1, description="the loss under fixed scoring (SR-9)")
    durchmarsch: bool = Field(True, description="taking every trick wins +120 (SR-7)")
    schieben: bool = Field(False, description="Schieberamsch before the first lead (SR-10)")
    schieben_jacks: bool = Field(False, description="jacks may be laid when pushing (SR-10)")
    schieben_doubles: bool = Field(True, description="each push doubles the deal (SR-10)")

    @property
    def pushing(self) -> bool:
        return self.schieben

    def trick_order(self) -> TrickOrder:
        return TrickOrder(JACKS, plain_suits(_GRAND_RANKS))


class SchafkopfRules(_RuleSetBase):
    """Ramsch in Schafkopf (RULES.md section 2)."""

    variant: Literal["schafkopf"] = "schafkopf"
    trumps: Literal["standard", "obers_unters"] = Field(
        "standard", description="Obers, Unters and Hearts (SK-2) or Bauernramsch (SK-3)"
    )
    base_stake: int = Field(10, ge=1, description="base tariff in cents (SK-8)")
    jungfrau_doubles_all: bool = Field(
        False, description="with a Jungfrau the loser pays everyone double (SK-8)"
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

    def trick_order(self) -> TrickOrder:
        high = OBERS + JACKS
        if self.trumps == "obers_unters":
            return TrickOrder(high, plain_suits(_SCHAFKOPF_RANKS, exclude=high))
        hearts = tuple(Card(16 + rank) for rank in _SCHAFKOPF_RANKS)
        plain = plain_suits(_SCHAFKOPF_RANKS, exclude=high + hearts)
        return TrickOrder(high + hearts, plain)


class AltenburgRules(_RuleSetBase):
    """Ramsch after the Altenburg booklet (RULES.md section 3)."""

    variant: Literal["altenburg"] = "altenburg"
    scoring: Literal["pips", "penalty"] = Field(
        "pips", description="Pip Ramsch (AR-5) or a fixed penalty (AR-4)"
    )
    tens_low: bool = Field(False, description="tens rank below the jack (AR-2)")
    jacks_trump: bool = Field(False, description="the four jacks are trumps (AR-2)")
    schieben: bool = Field(False, description="Schieberamsch, scored as pips (AR-6)")

    @property
    def pushing(self) -> bool:
        return self.schieben

    @property
    def effective_scoring(self) -> Literal["pips", "penalty"]:
        return "pips" if self.schieben else self.scoring

    def trick_order(self) -> TrickOrder:
        ranks = _ALTENBURG_TENS_LOW if self.tens_low else _ALTENBURG_RANKS
        if self.jacks_trump:
            return TrickOrder(JACKS, plain_suits(ranks, exclude=JACKS))
        return TrickOrder((), plain_suits(ranks))


RuleSet = Annotated[SkatRules | SchafkopfRules | AltenburgRules, Field(discriminator="variant")]
_ADAPTER: TypeAdapter[SkatRules | SchafkopfRules | AltenburgRules] = TypeAdapter(RuleSet)

VARIANTS: dict[str, type[SkatRules | SchafkopfRules | AltenburgRules]] = {
    "skat": SkatRules,
    "schafkopf": SchafkopfRules,
    "altenburg": AltenburgRules,
}

PRESETS: dict[str, dict[str, Any]] = {
    "skat": {"variant": "skat"},
    "skat-fixed": {"variant": "skat", "scoring": "fixed"},
    "skat-schieberamsch": {"variant": "skat", "schieben": True},
    "schafkopf": {"variant": "schafkopf"},
    "bauernramsch": {"variant": "schafkopf", "trumps": "obers_unters"},
    "altenburg": {"variant": "altenburg"},
    "altenburg-penalty": {"variant": "altenburg", "scoring": "penalty"},
    "altenburg-schieberamsch": {"variant": "altenburg", "schieben": True},
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "skat": "Skat Ramsch: jacks are trumps, most points loses them, skat to the last trick",
    "skat-fixed": "Skat Ramsch with a fixed stake of 10 per loser",
    "skat-schieberamsch": "Skat Ramsch with Schieberamsch: push or pass the skat on, pushes double",
    "schafkopf": "Schafkopf Ramsch: Obers, Unters and Hearts are trumps, paid in cents",
    "bauernramsch": "Schafkopf Bauernramsch: only Obers and Unters are trumps",
    "altenburg": "Altenburg Pip Ramsch: no trumps, one penalty point per card point",
    "altenburg-penalty": "Altenburg Ramsch with a 10/15/20 penalty for the loser",
    "altenburg-schieberamsch": "Altenburg Schieberamsch: everyone must push, scored as pips",
}

AnyRules = SkatRules | SchafkopfRules | AltenburgRules


def _explain(error: ValidationError) -> str:
    parts = []
    for item in error.errors():
        loc = item["loc"][1:] if item["loc"] and item["loc"][0] in VARIANTS else item["loc"]
        where = ".".join(str(part) for part in loc) or "rules"
        if item["type"] == "extra_forbidden":
            parts.append(f"unknown option '{where}'")
        elif item["type"] == "union_tag_invalid":
            parts.append(f"unknown variant: choose one of {', '.join(VARIANTS)}")
        elif item["type"] == "union_tag_not_found":
            parts.append(f"missing 'variant': choose one of {', '.join(VARIANTS)}")
        else:
            parts.append(f"option '{where}': {item['msg']}")
    return "Invalid rules: " + "; ".join(parts)


def parse_rules(data: Mapping[str, Any] | AnyRules) -> AnyRules:
    """Validate a rule set given as a mapping; missing options take their defaults."""
    if isinstance(data, SkatRules | SchafkopfRules | AltenburgRules):
        return data
    if not isinstance(data, Mapping):
        raise RuleSetError("Invalid rules: expected an object with 'variant' and options")
    try:
        return _ADAPTER.validate_python(dict(data))
    except ValidationError as error:
        raise RuleSetError(_explain(error)) from None


def preset(name: str, **overrides: Any) -> AnyRules:
    """A named preset, optionally with some options changed."""
    try:
        base = PRESETS[name]
    except KeyError:
        raise RuleSetError(f"Unknown preset '{name}': choose one of {', '.join(PRESETS)}") from None
    return parse_rules({**base, **overrides})

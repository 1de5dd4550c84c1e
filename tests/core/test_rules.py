"""Rule sets (the option tables of docs/rules/ramsch.md): defaults, presets, refused input."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from ramsch_core import (
    AltenburgRules,
    RulesError,
    RuleSetError,
    SchafkopfRules,
    SkatRules,
    TableOptions,
    check_table,
    parse_rules,
    parse_table_options,
    preset,
)
from ramsch_core.games.ramsch.rules import PRESET_DESCRIPTIONS, PRESETS

# The option tables of docs/rules/ramsch.md, with their defaults.
DEFAULTS: dict[str, dict[str, Any]] = {
    "skat": {
        "skat_to": "last_trick",
        "scoring": "points",
        "stake": 10,
        "durchmarsch": True,
        "durchmarsch_value": 120,
        "schieben": False,
        "schieben_jacks": False,
        "schieben_doubles": True,
    },
    "schafkopf": {
        "trumps": "standard",
        "base_stake": 10,
        "jungfrau_doubles_all": False,
        "durchmarsch": True,
    },
    "altenburg": {"scoring": "pips", "tens_low": False, "jacks_trump": False, "schieben": False},
}

# Every value each option takes (docs/rules/ramsch.md), ints sampled.
VALUES: dict[str, dict[str, list[Any]]] = {
    "skat": {
        "skat_to": ["last_trick", "loser", "nobody"],
        "scoring": ["points", "fixed"],
        "stake": [1, 10, 1000],
        "durchmarsch": [True, False],
        "durchmarsch_value": [120, 150, 1000],
        "schieben": [True, False],
        "schieben_jacks": [True, False],
        "schieben_doubles": [True, False],
    },
    "schafkopf": {
        "trumps": ["standard", "obers_unters"],
        "base_stake": [1, 10, 500],
        "jungfrau_doubles_all": [True, False],
        "durchmarsch": [True, False],
    },
    "altenburg": {
        "scoring": ["pips", "penalty"],
        "tens_low": [True, False],
        "jacks_trump": [True, False],
        "schieben": [True, False],
    },
}


@pytest.mark.parametrize("variant", list(DEFAULTS))
def test_every_option_has_its_documented_default(variant: str) -> None:
    """Options and defaults exactly as docs/rules/ramsch.md lists them: no more, no fewer."""
    rules = parse_rules({"variant": variant})
    assert rules.game == "ramsch" and rules.variant == variant
    assert rules.options() == DEFAULTS[variant]
    assert parse_rules({"game": "ramsch", "variant": variant}) == rules


@pytest.mark.parametrize(
    ("variant", "option", "value"),
    [
        (variant, option, value)
        for variant, options in VALUES.items()
        for option, values in options.items()
        for value in values
    ],
)
def test_every_documented_value_is_taken(variant: str, option: str, value: Any) -> None:
    rules = parse_rules({"variant": variant, option: value})
    assert rules.options()[option] == value
    assert parse_rules({"variant": variant, **rules.options()}) == rules


def test_variant_shapes() -> None:
    """SR-1, SK-1, AR-1: players, hand size and face-down cards of each variant."""
    shapes = {
        variant: (rules.players, rules.hand_size, rules.skat_size)
        for variant in DEFAULTS
        for rules in [parse_rules({"variant": variant})]
    }
    assert shapes == {"skat": (3, 10, 2), "schafkopf": (4, 8, 0), "altenburg": (3, 10, 2)}
    assert isinstance(parse_rules({"variant": "skat"}), SkatRules)
    assert isinstance(parse_rules({"variant": "schafkopf"}), SchafkopfRules)
    assert isinstance(parse_rules({"variant": "altenburg"}), AltenburgRules)


def test_presets() -> None:
    """Every named preset, described, and built with the options it names."""
    expected: dict[str, dict[str, Any]] = {
        "skat": {"variant": "skat"},
        "skat-fixed": {"variant": "skat", "scoring": "fixed"},
        "skat-schieberamsch": {"variant": "skat", "schieben": True},
        "schafkopf": {"variant": "schafkopf"},
        "bauernramsch": {"variant": "schafkopf", "trumps": "obers_unters"},
        "altenburg": {"variant": "altenburg"},
        "altenburg-penalty": {"variant": "altenburg", "scoring": "penalty"},
        "altenburg-schieberamsch": {"variant": "altenburg", "schieben": True},
    }
    assert expected == PRESETS
    assert set(PRESET_DESCRIPTIONS) == set(PRESETS)
    assert all(PRESET_DESCRIPTIONS.values())
    for name, options in expected.items():
        rules = preset(name)
        variant, changed = options["variant"], {k: v for k, v in options.items() if k != "variant"}
        assert rules.variant == variant
        assert rules.options() == {**DEFAULTS[variant], **changed}


def test_preset_with_overrides() -> None:
    rules = preset("skat-fixed", stake=25, skat_to="loser")
    assert rules.options() == {
        **DEFAULTS["skat"],
        "scoring": "fixed",
        "stake": 25,
        "skat_to": "loser",
    }
    with pytest.raises(RuleSetError, match="'stake'"):
        preset("skat", stake=0)


def test_unknown_preset() -> None:
    with pytest.raises(RuleSetError, match="Unknown preset 'doppelkopf'"):
        preset("doppelkopf")


@pytest.mark.parametrize(
    ("variant", "option", "value"),
    [
        ("skat", "skat_to", "first"),
        ("skat", "skat_to", None),
        ("skat", "scoring", "pips"),
        ("skat", "scoring", "penalty"),
        ("skat", "stake", 0),
        ("skat", "stake", -10),
        ("skat", "stake", 10.5),
        ("skat", "stake", 10.0),
        ("skat", "stake", "10"),
        ("skat", "stake", True),
        ("skat", "durchmarsch", "yes"),
        ("skat", "durchmarsch", 1),
        ("skat", "durchmarsch", None),
        ("skat", "durchmarsch_value", 100),
        ("skat", "durchmarsch_value", 119),
        ("skat", "durchmarsch_value", "150"),
        ("schafkopf", "durchmarsch", "no"),
        ("skat", "schieben", "true"),
        ("skat", "schieben_jacks", 0),
        ("skat", "schieben_doubles", "no"),
        ("schafkopf", "trumps", "hearts"),
        ("schafkopf", "trumps", "Standard"),
        ("schafkopf", "base_stake", 0),
        ("schafkopf", "base_stake", "10"),
        ("schafkopf", "jungfrau_doubles_all", "on"),
        ("altenburg", "scoring", "points"),
        ("altenburg", "scoring", "fixed"),
        ("altenburg", "tens_low", 1),
        ("altenburg", "jacks_trump", "false"),
        ("altenburg", "schieben", None),
    ],
)
def test_invalid_values_are_refused_naming_the_option(
    variant: str, option: str, value: Any
) -> None:
    """A value the rules do not list for the option is refused; the message names it."""
    with pytest.raises(RuleSetError, match=f"option '{option}'"):
        parse_rules({"variant": variant, option: value})


@pytest.mark.parametrize(
    ("variant", "option"),
    [
        ("skat", "trumps"),
        ("skat", "base_stake"),
        ("skat", "skat"),
        ("schafkopf", "skat_to"),
        ("schafkopf", "schieben"),
        ("schafkopf", "durchmarsch_value"),
        ("altenburg", "stake"),
        ("altenburg", "skat_to"),
        ("altenburg", "schieben_jacks"),
        ("altenburg", "Scoring"),
    ],
)
def test_unknown_options_are_refused_naming_the_option(variant: str, option: str) -> None:
    """Options of another variant, or misspelt, are refused by name."""
    with pytest.raises(RuleSetError, match=f"unknown option '{option}'"):
        parse_rules({"variant": variant, option: True})


def test_several_errors_are_all_named() -> None:
    with pytest.raises(RuleSetError) as caught:
        parse_rules({"variant": "skat", "stake": 0, "colour": "red"})
    assert "'stake'" in str(caught.value) and "'colour'" in str(caught.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "missing 'variant'"),
        ({"game": "ramsch"}, "missing 'variant'"),
        ({"variant": "doppelkopf"}, "unknown variant"),
        ({"variant": 3}, "unknown variant"),
        ({"game": "doppelkopf", "variant": "skat"}, "Unknown game 'doppelkopf'"),
        ("skat", "expected an object"),
        (["skat"], "expected an object"),
    ],
)
def test_malformed_rule_sets_are_refused(data: Any, message: str) -> None:
    with pytest.raises(RuleSetError, match=message):
        parse_rules(data)


def test_rule_set_error_is_a_rules_error() -> None:
    assert issubclass(RuleSetError, RulesError) and issubclass(RuleSetError, ValueError)


def test_rule_sets_are_immutable_values() -> None:
    rules = SkatRules()
    with pytest.raises(ValidationError):
        rules.stake = 20  # type: ignore[misc]
    assert parse_rules(rules) is rules
    assert preset("skat") == rules and hash(preset("skat")) == hash(rules)


def test_table_options_defaults_and_refusals() -> None:
    """Table options (C-4 seats, SR-11 Bock, SR-12 tournament) with their defaults."""
    options = parse_table_options(None)
    assert options == TableOptions()
    assert options.model_dump() == {"seats": 3, "rounds": 1}
    assert options.with_game(preset("skat")) == {  # a Ramsch table
        "seats": 3,
        "rounds": 1,
        "bock_on_durchmarsch": False,
        "bock_on_tie": False,
        "tournament": False,
    }
    assert options.with_game(preset("skat", game="skat")) == {
        "seats": 3,
        "rounds": 1,
        "bock_on_durchmarsch": False,
        "bock_on_tie": False,
        "tournament": False,
        "bock_on_sixty": False,
        "bock_on_kontra": False,
        "bock_on_re": False,
        "bock_on_grand_hand": False,
        "bock_on_value": False,
        "bock_threshold": 72,
        "ramsch_after_bock": False,
    }
    assert parse_table_options({"seats": 4, "rounds": 3}).seats == 4
    for data, name in [({"seats": 6}, "seats"), ({"rounds": 0}, "rounds"), ({"bock": 1}, "bock")]:
        with pytest.raises(RuleSetError, match=f"'{name}'"):
            parse_table_options(data)
    # Five seats are a table option (for the games that have them), not a Ramsch table.
    with pytest.raises(RuleSetError, match="three or four players: choose 3 or 4 seats"):
        check_table(preset("skat"), parse_table_options({"seats": 5}))

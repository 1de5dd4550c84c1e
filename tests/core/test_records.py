"""Game records (docs/records.md): golden records replayed against hand-computed results, the
record format written and read back, and refused records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ramsch_core import (
    Card,
    Deal,
    PassOn,
    PickUp,
    Play,
    Push,
    RecordError,
    RulesError,
    RuleSetError,
    deal_record,
    preset,
    replay_record,
    replay_summary,
)
from ramsch_core.cli import main
from ramsch_core.kernel import Kernel
from ramsch_core.record import load_record
from ramsch_core.result import score_json
from tests.core.builders import play_table, rules_of, table_deal
from tests.core.deals import D1, D1_SKAT

DATA = Path(__file__).resolve().parents[1] / "data"
GOLDEN = sorted(path for path in DATA.glob("*.json") if not path.name.endswith(".expected.json"))
SUMMARY_FIELDS = [
    "finished",
    "to_act",
    "tricks",
    "card_points",
    "trick_counts",
    "jungfrau",
    "durchmarsch",
    "losers",
    "winners",
    "scores",
    "skat",
    "skat_to",
    "pushes",
    "multiplier",
]


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_there_is_an_expected_result_for_every_golden_record() -> None:
    assert len(GOLDEN) >= 12
    for path in GOLDEN:
        assert path.with_suffix(".expected.json").exists(), path.name
    expected = {path.name for path in DATA.glob("*.expected.json")}
    assert expected == {path.with_suffix(".expected.json").name for path in GOLDEN}


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_golden_record_replays_to_its_hand_computed_result(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The replay CLI prints exactly the result worked out by hand (docs/records.md)."""
    expected = load(path.with_suffix(".expected.json"))
    assert list(expected) == SUMMARY_FIELDS
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert json.loads(out) == expected
    assert replay_summary(replay_record(load(path))) == expected


FINISHED = [path for path in GOLDEN if load(path.with_suffix(".expected.json"))["finished"]]


@pytest.mark.parametrize("path", FINISHED, ids=[path.stem for path in FINISHED])
def test_golden_record_replays_through_the_kernel(path: Path) -> None:
    """The kernel the AI plays out with, fed a finished golden record as masks (hands and skat
    in its layout, a push mask per seat in seat order with 0 for passing on, every card as its
    bit), reaches the hand-computed result: trick winners (C-5), card points (C-3), trick
    counts and scores (SR-4..10, SK-5..8, AR-4..6)."""
    expected = load(path.with_suffix(".expected.json"))
    rules, deal, actions = load_record(load(path))
    kernel = Kernel(rules)
    pushes: list[int] = []
    cards: list[int] = []
    for seat, action in actions:
        if isinstance(action, Play):
            cards.append(kernel.bit_of[action.card])
        elif isinstance(action, PassOn | Push):
            assert seat in (None, len(pushes))  # forehand pushes first, then clockwise
            pushes.append(kernel.mask(action.cards))
        else:
            assert isinstance(action, PickUp)
    assert len(pushes) == (rules.players if rules.schieben_rules() else 0)
    assert len(cards) == 32 - rules.skat_size
    outcome = kernel.replay(
        [kernel.mask(deal.initial_hand(seat)) for seat in range(rules.players)],
        kernel.mask(deal.initial_skat),
        pushes,
        cards,
    )
    assert list(outcome.winners) == [trick["winner"] for trick in expected["tricks"]]
    assert list(outcome.card_points) == expected["card_points"]
    assert list(outcome.trick_counts) == expected["trick_counts"]
    assert [score_json(score) for score in outcome.scores] == expected["scores"]


def test_golden_records_cover_every_variant_and_scoring_mode() -> None:
    """The golden set holds each variant and scoring mode, both kinds of Schieberamsch, a
    Durchmarsch, a Jungfrau and ties."""
    modes: set[tuple[str, ...]] = set()
    outcomes: set[str] = set()
    for path in GOLDEN:
        record, result = load(path), load(path.with_suffix(".expected.json"))
        rules = rules_of(**{k: v for k, v in record["rules"].items() if k != "game"})
        options = rules.options()
        modes.add((rules.variant, str(options.get("scoring", options.get("trumps")))))
        if options.get("schieben"):
            modes.add((rules.variant, "schieben"))
        if result["durchmarsch"] is not None:
            outcomes.add("durchmarsch")
        if result["jungfrau"]:
            outcomes.add("jungfrau")
        if len(result["losers"]) > 1 or (result["finished"] and not result["losers"]):
            outcomes.add("tie")
        if "seed" in record:
            outcomes.add("seed")
        if not result["finished"]:
            outcomes.add("unfinished")
    assert modes >= {
        ("skat", "points"),
        ("skat", "fixed"),
        ("skat", "schieben"),
        ("schafkopf", "standard"),
        ("schafkopf", "obers_unters"),
        ("altenburg", "pips"),
        ("altenburg", "penalty"),
        ("altenburg", "schieben"),
    }
    assert outcomes == {"durchmarsch", "jungfrau", "tie", "seed", "unfinished"}


# -- the record format ---------------------------------------------------------------------


def test_a_played_deal_writes_a_record_that_replays() -> None:
    """`deal_record`: rules with every option, hands (forehand first) and skat, actions."""
    deal = play_table(table_deal(rules_of("skat"), D1, D1_SKAT), D1)
    record = deal_record(deal)
    assert record == deal.to_record()
    assert record["rules"] == {"game": "ramsch", "variant": "skat", **preset("skat").options()}
    assert record["hands"][0] == [str(card) for card in deal.initial_hand(0)]
    assert record["skat"] == ["HK", "D7"]
    assert record["actions"][:2] == [
        {"seat": 0, "action": "play", "card": "CA"},
        {"seat": 1, "action": "play", "card": "C7"},
    ]
    assert replay_summary(replay_record(json.loads(json.dumps(record)))) == replay_summary(deal)


def test_a_pick_up_followed_by_its_push_is_written_as_the_push() -> None:
    deal = Deal.from_seed(preset("altenburg-schieberamsch"), 5)
    deal.apply(PickUp(), 0)
    record = deal_record(deal)
    assert record["actions"] == [{"seat": 0, "action": "pick_up"}]
    laid = tuple(deal.hand(0)[:2])
    deal.apply(Push((laid[0], laid[1])), 0)
    record = deal_record(deal)
    assert record["actions"] == [
        {"seat": 0, "action": "push", "cards": [str(card) for card in sorted(laid)]}
    ]
    again = replay_record(record)
    assert again.view(1) == deal.view(1) and again.to_act == 1


def test_record_actions_may_be_card_names_or_objects() -> None:
    """A bare card name plays it for the seat to act; an object names its seat."""
    base = deal_record(table_deal(rules_of("skat", schieben=True), D1, D1_SKAT))
    base["actions"] = [
        {"action": "pass_on"},
        {"seat": 1, "action": "pick_up"},
        {"seat": 1, "action": "push", "cards": ["hk", "D7"]},
        {"seat": 2, "action": "pass_on"},
        "CA",
        {"seat": 1, "action": "play", "card": "C7"},
        "c8",
    ]
    deal = replay_record(base)
    assert [action for _, action in deal.history] == [
        PassOn(),
        PickUp(),
        Push((Card.HK, Card.D7)),
        PassOn(),
        Play(Card.CA),
        Play(Card.C7),
        Play(Card.C8),
    ]
    assert deal.to_act == 0 and len(deal.tricks) == 1


def good_record() -> dict[str, Any]:
    return deal_record(table_deal(rules_of("skat"), D1, D1_SKAT))


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda r: r.update(extra=1), RecordError, "Unknown record field"),
        (lambda r: r.update(seed=3), RecordError, "either 'seed' or 'hands'"),
        (lambda r: r.update(rules="skat"), RecordError, "'rules' must be an object"),
        (lambda r: r["rules"].update(stake="10"), RuleSetError, "'stake'"),
        (lambda r: r["rules"].update(colour=1), RuleSetError, "unknown option 'colour'"),
        (lambda r: r.update(hands="CA CT"), RecordError, "'hands' must be a list"),
        (lambda r: r.update(skat="HK D7"), RecordError, "'skat' must be a list"),
        (lambda r: r["hands"][0].__setitem__(0, "CX"), RecordError, "Unknown card 'CX'"),
        (lambda r: r["hands"][0].__setitem__(0, "CT"), RulesError, "dealt twice"),
        (lambda r: r["hands"][0].pop(), RulesError, "Hand 0 holds 9 cards"),
        (lambda r: r.update(actions={}), RecordError, "'actions' must be a list"),
        (lambda r: r.update(actions=[3]), RecordError, "action 1: expected a card"),
        (lambda r: r.update(actions=[{"action": "jump"}]), RecordError, "unknown action 'jump'"),
        (lambda r: r.update(actions=[{"seat": "0", "card": "CA"}]), RecordError, "'seat'"),
        (lambda r: r.update(actions=[{"seat": True, "card": "CA"}]), RecordError, "'seat'"),
        (
            lambda r: r.update(actions=[{"action": "play", "card": "CA", "cards": []}]),
            RecordError,
            "unexpected field",
        ),
        (
            lambda r: r.update(actions=[{"action": "push", "cards": ["CA"]}]),
            RecordError,
            "exactly two cards",
        ),
        (lambda r: r.update(actions=["CA", "SA"]), RecordError, "action 2 .*must follow suit"),
        (
            lambda r: r.update(actions=[{"seat": 1, "action": "play", "card": "C7"}]),
            RecordError,
            "not your turn",
        ),
        (
            lambda r: r.update(actions=[{"action": "pass_on"}]),
            RecordError,
            "action 1 .*play a card",
        ),
    ],
)
def test_bad_records_are_refused(change: Any, error: type[Exception], message: str) -> None:
    record = good_record()
    change(record)
    with pytest.raises(error, match=message):
        replay_record(record)


def test_a_seeded_record_needs_an_integer_seed() -> None:
    with pytest.raises(RecordError, match="'seed' must be an integer"):
        replay_record({"rules": {"variant": "skat"}, "seed": "7", "actions": []})
    with pytest.raises(RecordError, match="JSON object"):
        replay_record(["not", "a", "record"])


def test_docs_records_names_every_golden_record() -> None:
    """docs/records.md says how each golden record's expected result was worked out, for
    every game: a record added without its line there fails here."""
    root = Path(__file__).resolve().parents[2]
    text = (root / "docs" / "records.md").read_text()
    data = root / "tests" / "data"
    records = [
        path
        for path in [*data.glob("*.json"), *data.glob("*/*.json")]
        if not path.name.endswith(".expected.json") and path.parent.name != "legacy"
    ]
    assert len(records) > 60
    missing = [str(path.relative_to(data)) for path in records if f"`{path.stem}`" not in text]
    assert missing == []

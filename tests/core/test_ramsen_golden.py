"""Ramsen golden records (issue 10, RULES.md section 4, RA-1..7): each deal worked out by hand
in ``tests/data/ramsen``, replayed and compared with its ``.expected.json`` exactly."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ramsch_core.errors import RecordError
from ramsch_core.games import GAMES
from ramsch_core.games.ramsen import RAMSEN
from ramsch_core.record import deal_record, replay_record, replay_summary

DATA = Path(__file__).resolve().parents[1] / "data" / "ramsen"
GOLDEN = sorted(path for path in DATA.glob("*.json") if not path.name.endswith(".expected.json"))
FIELDS = [
    "finished", "to_act", "phase", "trump", "active", "tricks", "trick_counts", "owed", "winner",
]  # fmt: skip


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, RAMSEN.id, RAMSEN)
        yield


def load(path: Path) -> Any:
    return json.loads(path.read_text())


def test_there_are_golden_records_of_every_kind_of_deal() -> None:
    """Played out, a winner mid-deal, a lone player, schlecken, the cutter's choice both
    ways (RA-8), and unfinished records."""
    assert len(GOLDEN) >= 6
    expected = [load(path.with_suffix(".expected.json")) for path in GOLDEN]
    assert {"finished", "playing", "exchanging"} <= {item["phase"] for item in expected}
    assert any(item["winner"] is not None for item in expected)
    assert any(len(item["active"]) == 1 for item in expected)
    assert any(load(path).get("schleck") for path in GOLDEN)
    chosen = {item["action"] for path in GOLDEN for item in load(path)["actions"][:1]}
    assert {"schleck", "no_schleck"} <= chosen
    assert "cutting" in {item["phase"] for item in expected}
    assert any("paid" in item for item in expected)  # RA-9: a game won for a stake


def test_ra9_the_stake_is_paid_for_every_bar_still_owed() -> None:
    """RA-9: ``lone_player_wins`` played for 1,20 € a bar: M wins owing nothing; F still owes
    6 bars, R 9: F pays 720, R 1080, M gets 1800. Without a stake nobody pays."""
    won = load(DATA / "lone_player_wins_for_stake.expected.json")
    assert (won["owed"], won["winner"]) == ([6, 0, 9], 1)
    assert won["paid"] == [-6 * 120, 15 * 120, -9 * 120]
    assert "paid" not in load(DATA / "lone_player_wins.expected.json")


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_golden_record_replays_to_its_hand_worked_result(path: Path) -> None:
    """RA-2..7: each record, worked out by hand, replays to exactly its expected result,
    fields in the documented order."""
    expected = load(path.with_suffix(".expected.json"))
    summary = json.loads(json.dumps(replay_summary(replay_record(load(path)))))
    assert summary == expected
    assert list(summary) == FIELDS + (["paid"] if "paid" in expected else [])


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_golden_record_written_back_replays_the_same(path: Path) -> None:
    """A replayed record written as a record replays the same."""
    deal = replay_record(load(path))
    again = replay_record(json.loads(json.dumps(deal_record(deal))))
    assert replay_summary(again) == replay_summary(deal)


def _changed(name: str, index: int, action: dict[str, Any]) -> dict[str, Any]:
    """The golden record ``name`` cut after action ``index``, which is replaced by ``action``."""
    record = load(DATA / f"{name}.json")
    record["actions"] = [*record["actions"][:index], action]
    return record


@pytest.mark.parametrize(
    ("name", "index", "action", "message"),
    [
        # RA-6 Stechzwang: ♣K led, the dealer holds ♣A and ♣7
        ("four_all_in_duties", 11, {"action": "play", "card": "C7", "seat": 3}, "must beat"),
        # RA-3/RA-6: ♦9 is a trump, not a diamond; ♦Q led, ♦K must follow
        ("four_all_in_duties", 15, {"action": "play", "card": "D9", "seat": 2}, "follow suit"),
        # RA-6 Trumpfzwang: void in clubs with ♥10 in hand
        ("four_all_in_duties", 21, {"action": "play", "card": "SK", "seat": 1}, "must trump"),
        # RA-6 Farbzwang before Trumpfzwang: ♣7 must follow
        ("four_all_in_duties", 23, {"action": "play", "card": "HJ", "seat": 3}, "follow suit"),
        # RA-6 Stechzwang among trumps: ♠Q lies, ♠10 does not beat it, ♠K does
        ("schlecken_exchange_upcard", 21, {"action": "play", "card": "ST", "seat": 2}, "beat"),
        # RA-4: a cutter who schleckte has no exchange turn
        (
            "schlecken_exchange_upcard",
            2,
            {"action": "exchange", "cards": ["SK"], "seat": 2},
            "turn",
        ),
        # RA-5: who exchanged must play
        ("schlecken_exchange_upcard", 3, {"action": "pass", "seat": 0}, "must play"),
        # RA-5 house rule: all before the dealer passed
        ("dealer_forced_alone", 7, {"action": "pass", "seat": 3}, "must play"),
        # RA-8: only the cutter chooses, and before anything else
        ("schlecken_choice_kept", 0, {"action": "schleck", "seat": 1}, "not your turn"),
        ("schlecken_choice_kept", 0, {"action": "no_schleck", "seat": 3}, "not your turn"),
        ("schlecken_choice_kept", 0, {"action": "exchange", "cards": [], "seat": 2}, "bottom"),
        # RA-8: once he left the card, the cutter has his exchange turn like everyone
        ("schlecken_choice_left", 3, {"action": "exchange", "cards": [], "seat": 3}, "turn"),
    ],
)
def test_golden_deals_refuse_what_the_rules_forbid(
    name: str, index: int, action: dict[str, Any], message: str
) -> None:
    with pytest.raises(RecordError, match=message):
        replay_record(_changed(name, index, action))


@pytest.mark.parametrize(
    ("name", "index", "action"),
    [
        # RA-6: both ♥Q and ♦9 beat ♥10: either may be played
        ("four_all_in_duties", 22, {"action": "play", "card": "D9", "seat": 2}),
        # RA-6: any trump beats a plain ♥A
        ("schlecken_exchange_upcard", 14, {"action": "play", "card": "CJ", "seat": 3}),
        # RA-6: no diamond beats the trump ♦9 lying: any diamond
        ("schlecken_exchange_upcard", 17, {"action": "play", "card": "DK", "seat": 1}),
        # RA-5: the schlecker may pass
        ("schlecken_exchange_upcard", 5, {"action": "pass", "seat": 2}),
    ],
)
def test_golden_deals_allow_the_other_choices(
    name: str, index: int, action: dict[str, Any]
) -> None:
    assert replay_record(_changed(name, index, action)).history[-1][0] == action["seat"]

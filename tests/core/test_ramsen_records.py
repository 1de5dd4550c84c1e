"""Ramsen records (issue 10): ``seed`` or ``hands`` with ``schleck``, ``upcard`` and ``talon``,
and ``owed_before``; written by ``deal_record`` and read back by ``load_record`` to the same
deal."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from ramsch_core.errors import InvalidDealError, RecordError
from ramsch_core.games import GAMES
from ramsch_core.games.ramsen import RAMSEN, RamsenRules, ramsen_deal
from ramsch_core.match import Match, TableOptions, deal_seed
from ramsch_core.record import deal_record, load_record, replay_record, replay_summary


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, RAMSEN.id, RAMSEN)
        yield


def _same_deal(one: Any, other: Any) -> None:
    players = one.players
    assert [one.initial_hand(seat) for seat in range(players)] == [
        other.initial_hand(seat) for seat in range(players)
    ]
    assert one.skat == other.skat
    assert one.state == other.state
    assert one.dealt == other.dealt


def _played(rules: RamsenRules, seed: int, owed: list[int] | None = None) -> Any:
    deal = ramsen_deal(rules, seed, owed_before=owed)
    rng = random.Random(seed)
    while not deal.finished:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("schlecken", ["always", "never", "choice"])
def test_records_round_trip_in_both_forms(players: int, schlecken: str) -> None:
    for seed in range(12):
        rules = RamsenRules(players=players, schlecken=schlecken)
        owed = [1 + (seed + seat) % 9 for seat in range(players)]
        deal = _played(rules, seed, owed)
        for record in (deal_record(deal), deal_record(deal, seed)):
            text = json.loads(json.dumps(record))
            _, loaded, actions = load_record(text)
            _same_deal(loaded, ramsen_deal(rules, seed, owed_before=owed))
            replayed = replay_record(text)
            assert replayed.result == deal.result
            assert replay_summary(replayed) == replay_summary(deal)
            assert deal_record(replayed, record.get("seed")) == record
            assert len(actions) == len(deal.history)


def test_the_hands_form_writes_the_fields_of_the_issue() -> None:
    rules = RamsenRules(players=4, schlecken="always")
    deal = ramsen_deal(rules, 3)
    record = deal_record(deal)
    assert list(record) == [
        "rules", "hands", "schleck", "upcard", "talon", "owed_before", "actions",
    ]  # fmt: skip
    schleck = record["schleck"]
    assert schleck["seat"] == 2
    assert [len(hand) for hand in record["hands"]] == [5, 5, 4, 5]
    assert schleck["card"] in [str(card) for card in deal.initial_hand(2)]
    assert record["upcard"] == str(deal.state.upcard)
    assert record["talon"] == [str(card) for card in deal.skat]
    assert record["owed_before"] == [10, 10, 10, 10]
    assert deal_record(deal, 3) == {
        "rules": rules.to_json(), "seed": 3, "owed_before": [10] * 4, "actions": [],
    }  # fmt: skip
    no_schleck = deal_record(ramsen_deal(RamsenRules(players=3, schlecken=False), 3))
    assert no_schleck["schleck"] is None and [len(hand) for hand in no_schleck["hands"]] == [5] * 3


def test_owed_before_is_optional() -> None:
    rules = RamsenRules(players=3, crosses=3)
    record = deal_record(ramsen_deal(rules, 8))
    del record["owed_before"]
    _, deal, _ = load_record(record)
    assert deal.state.owed_before == (15, 15, 15)
    _, deal, _ = load_record({"rules": rules.to_json(), "seed": 8})
    assert deal.state.owed_before == (15, 15, 15)


def test_a_match_deal_records_the_bars_carried() -> None:
    """The deal of a match, recorded with its seed, starts with the bars the match carried."""
    rules = RamsenRules(players=3, crosses=1)
    match = Match(rules, TableOptions(seats=3), 4)
    rng = random.Random(4)
    while match.number == 0:
        match.apply(rng.choice(match.deal.legal_actions()), match.to_act)
    if match.finished:
        pytest.skip("the first deal ended the match")
    record = deal_record(match.deal, deal_seed(4, 1))
    assert record["owed_before"] == [match.carry[seat] for seat in match.active_seats]
    _, loaded, _ = load_record(record)
    _same_deal(loaded, match.deal)


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"skat": ["SA"]}, RecordError, "no 'skat'"),
        ({"seed": 1}, RecordError, "not both"),
        ({"owed_before": 10}, RecordError, "owed_before"),
        ({"owed_before": [10, True, 10, 10]}, RecordError, "owed_before"),
        ({"owed_before": [10, 10, 10]}, InvalidDealError, "owed_before"),
        ({"owed_before": [10, 0, 10, 10]}, InvalidDealError, "owed_before"),
        ({"upcard": "XX"}, RecordError, "upcard"),
        ({"talon": "SA"}, RecordError, "talon"),
        ({"schleck": {"seat": 2}}, RecordError, "schleck"),
        ({"schleck": {"seat": 1, "card": "SA"}}, InvalidDealError, "cutter"),
        ({"schleck": None}, InvalidDealError, "32 cards"),
        ({"hands": "SA"}, RecordError, "hands"),
        ({"bars": 3}, RecordError, "Unknown record field"),
    ],
)
def test_bad_records_say_what_is_wrong(
    change: dict[str, Any], error: type[Exception], message: str
) -> None:
    record = deal_record(ramsen_deal(RamsenRules(players=4, schlecken="always"), 3))
    record.update(change)
    with pytest.raises(error, match=message):
        load_record(record)


def test_the_cards_are_needed_without_a_seed() -> None:
    record = deal_record(ramsen_deal(RamsenRules(players=4), 3))
    del record["talon"]
    with pytest.raises(RecordError, match="'upcard' and 'talon'"):
        load_record(record)


def test_other_games_refuse_ramsen_fields() -> None:
    with pytest.raises(RecordError, match="Unknown record field"):
        load_record({"rules": {"game": "ramsch", "variant": "skat"}, "seed": 1, "upcard": "SA"})

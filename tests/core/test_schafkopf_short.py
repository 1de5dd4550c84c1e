"""Schafkopf with the short pack (docs/rules/schafkopf.md, SF-15): 24 cards without the 7s
and 8s, six to each player dealt three and three, Klopfen after the first three, and a
record that deals a 7 or an 8 refused (exit 2, one line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ramsch_core import Card, Deal
from ramsch_core.ai import HeuristicPlayer
from ramsch_core.cli import main
from ramsch_core.errors import InvalidDealError
from ramsch_core.games.schafkopf import SCHAFKOPF, FullSchafkopfRules, schafkopf_schedule
from ramsch_core.games.schafkopf.rules import short_schedule
from ramsch_core.record import replay_record

DATA = Path(__file__).resolve().parents[1] / "data" / "schafkopf"
SHORT = DATA / "short_pack_klopfen_sauspiel.json"


def short(**options: object) -> FullSchafkopfRules:
    rules = SCHAFKOPF.parse({"game": "schafkopf", "pack": "short", **options})
    assert isinstance(rules, FullSchafkopfRules)
    return rules


def test_sf15_the_short_pack_deals_24_cards_six_each_three_and_three() -> None:
    """SF-15: the seed's shuffle without 7s and 8s, three to each seat and three more; the
    long pack's deal of a seed is unchanged (SF-1)."""
    schedule = short_schedule(11)
    assert [packet.stage for packet in schedule.packets] == [1, 1, 1, 1, 2, 2, 2, 2]
    assert all(len(packet.cards) == 3 for packet in schedule.packets)
    cards = [card for packet in schedule.packets for card in packet.cards]
    assert sorted(cards) == sorted(card for card in Card if str(card)[1] not in "78")
    deal = Deal.from_seed(short(), 11)
    assert [len(deal.initial_hand(seat)) for seat in range(4)] == [6, 6, 6, 6]
    assert SCHAFKOPF.preset("schafkopf").schedule(11) == schafkopf_schedule(11)
    assert SCHAFKOPF.preset("schafkopf-short").hand_size == 6  # type: ignore[attr-defined]


def test_sf15_klopfen_comes_after_the_first_three_cards() -> None:
    deal = Deal.from_seed(short(klopfen=True), 3)
    assert deal.phase == "knocking"
    assert len(deal.view(0).hand) == 3
    assert set(deal.view(0).hand) == set(deal.dealt_hands[0][:3])


def test_sf15_a_short_deal_is_played_to_six_tricks_by_the_ai() -> None:
    for seed in range(4):
        deal = Deal.from_seed(short(klopfen=True), seed)
        players = [HeuristicPlayer(seed * 4 + seat, playouts=20) for seat in range(4)]
        while deal.to_act is not None:
            seat = deal.to_act
            deal.apply(players[seat].choose(deal.view(seat)), seat)
        assert deal.result is not None and sum(deal.result.scores) == 0
        assert len(deal.tricks) == 6


def test_sf15_a_record_dealing_a_7_in_the_short_pack_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SF-15: a 7 or an 8 in a short-pack record: refused; the replay exits 2 with one
    line."""
    record = json.loads(SHORT.read_text())
    record["hands"][0][-1] = "C7"
    with pytest.raises(InvalidDealError, match="The short pack has no 7s and 8s"):
        replay_record(record)
    path = tmp_path / "seven.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "short pack" in err

"""Geier and Farbwenz in full Schafkopf (docs/rules/schafkopf.md, SF-13 and SF-14): off by
default, their trump orders, their rank among the calls, their Laufende, their records and
the AI's calls."""

from __future__ import annotations

from typing import Any

import pytest

from ramsch_core import Card, Deal, IllegalActionError, Suit
from ramsch_core.actions import action_from_json
from ramsch_core.ai import HeuristicPlayer
from ramsch_core.errors import RecordError
from ramsch_core.games.schafkopf import SCHAFKOPF, FullSchafkopfRules
from ramsch_core.games.schafkopf.calling import Call
from ramsch_core.games.schafkopf.contract import SchafkopfContest, laufende, schafkopf_game_order
from ramsch_core.phases.say import Pass

C = Card.parse
HANDS = [
    "CA CT C9 C8 HA H9 D7 S7",
    "CQ SQ CJ SA ST SK HT DA",
    "HQ DQ SJ S9 S8 HK H8 D8",
    "HJ DJ CK C7 H7 DT DK D9",
]
GEIER = Call("geier", None, None, False)


def cards(text: str) -> list[Card]:
    return [C(name) for name in text.split()]


def deal_of(hands: list[str] = HANDS, **options: Any) -> Deal:
    rules = SCHAFKOPF.parse({"game": "schafkopf", "geier": True, "farbwenz": True, **options})
    return Deal(rules, [cards(hand) for hand in hands])


def farbwenz(suit: str, tout: bool = False) -> Call:
    return Call("farbwenz", None, Suit("CSHD".index(suit)), tout)


def test_sf13_sf14_are_off_by_default_and_refused_where_not_played() -> None:
    """SF-13, SF-14: today's presets play neither; a call of one changes nothing."""
    rules = SCHAFKOPF.preset("schafkopf")
    assert isinstance(rules, FullSchafkopfRules) and not rules.geier and not rules.farbwenz
    deal = Deal(rules, [cards(hand) for hand in HANDS])
    games = {a.game for a in deal.legal_actions() if isinstance(a, Call)}
    assert "geier" not in games and "farbwenz" not in games
    with pytest.raises(IllegalActionError, match="Geier is not played at this table"):
        deal.apply(GEIER, 0)
    with pytest.raises(IllegalActionError, match="Farbwenz is not played at this table"):
        deal.apply(farbwenz("H"), 0)
    assert deal.to_act == 0 and deal.state.said == []


def test_sf13_geier_only_the_obers_are_trumps_unters_between_king_and_nine() -> None:
    order = schafkopf_game_order("geier")
    assert order.trumps == tuple(cards("CQ SQ HQ DQ"))
    assert order.plain[Suit.HEARTS] == tuple(cards("HA HT HK HJ H9 H8 H7"))
    assert order.plain[Suit.CLUBS] == tuple(cards("CA CT CK CJ C9 C8 C7"))


def test_sf14_farbwenz_the_unters_then_the_named_suit_obers_in_their_suits() -> None:
    order = schafkopf_game_order("farbwenz", Suit.DIAMONDS)
    assert order.trumps == tuple(cards("CJ SJ HJ DJ DA DT DK DQ D9 D8 D7"))
    assert order.plain[Suit.HEARTS] == tuple(cards("HA HT HK HQ H9 H8 H7"))
    assert order.plain[Suit.DIAMONDS] == ()


def test_sf13_sf14_laufende_geier_from_two_farbwenz_from_three_into_the_suit() -> None:
    assert laufende("geier", None, cards("CQ SQ")) == 2
    assert laufende("geier", None, cards("CQ HQ")) == 0
    assert laufende("farbwenz", Suit.HEARTS, cards("CJ SJ")) == 0
    assert laufende("farbwenz", Suit.HEARTS, cards("CJ SJ HJ DJ HA")) == 5
    assert laufende("farbwenz", Suit.HEARTS, cards("HT")) == 5  # without 5: CJ SJ HJ DJ HA


def test_sf13_sf14_rank_farbwenz_below_wenz_and_geier_alike_below_the_solo() -> None:
    """SF-13, SF-14 (house reading): Sauspiel < Farbwenz < Wenz = Geier < Farbsolo; the
    Touts in the same order above them all."""
    deal = deal_of()
    deal.apply(Call("sauspiel", Suit.DIAMONDS, None, False), 0)
    deal.apply(farbwenz("S"), 1)
    assert GEIER in deal.legal_actions() and farbwenz("H") not in deal.legal_actions()
    with pytest.raises(IllegalActionError, match="A Farbwenz has been called"):
        deal.apply(farbwenz("H"), 2)
    deal.apply(Call("wenz", None, None, False), 2)
    with pytest.raises(IllegalActionError, match="A Wenz has been called"):
        deal.apply(GEIER, 3)
    assert farbwenz("C", True) in deal.legal_actions()
    deal.apply(Call("geier", None, None, True), 3)
    state = deal.state
    assert isinstance(state, SchafkopfContest)
    assert (state.game, state.declarer, state.tout) == ("geier", 3, True)
    assert deal.contract.name == "geier"


def test_sf13_sf14_calls_read_and_write_as_records_write_them() -> None:
    for data in (
        {"action": "call", "game": "geier"},
        {"action": "call", "game": "farbwenz", "suit": "S"},
        {"action": "call", "game": "farbwenz", "suit": "S", "tout": True},
    ):
        _, action = action_from_json(data, 0)
        assert action.to_json() == data
    with pytest.raises(RecordError, match="a call names a game"):
        action_from_json({"action": "call", "game": "farbgeier"}, 0)
    deal = deal_of()
    with pytest.raises(IllegalActionError, match="A Farbwenz names its trump suit"):
        deal.apply(Call("farbwenz", None, None, False), 0)


def test_sf13_the_ai_calls_a_geier_on_obers_and_aces_and_only_where_played() -> None:
    hand = "CQ SQ HQ CA CT SA ST D7"
    others = [card for card in (str(c) for c in Card) if card not in hand.split()]
    hands = [hand] + [" ".join(others[i * 8 : i * 8 + 8]) for i in range(3)]
    assert HeuristicPlayer(1, playouts=20).choose(deal_of(hands).view(0)) == GEIER
    off = deal_of(hands, geier=False, farbwenz=False)
    assert HeuristicPlayer(1, playouts=20).choose(off.view(0)) != GEIER


def test_sf13_a_geier_deal_plays_to_the_end_with_scores_summing_to_zero() -> None:
    deal = deal_of()
    deal.apply(Pass(), 0)
    deal.apply(GEIER, 1)
    deal.apply(Pass(), 2)
    deal.apply(Pass(), 3)
    players = [HeuristicPlayer(seat, playouts=20) for seat in range(4)]
    while not deal.finished:
        seat = deal.to_act
        assert seat is not None
        deal.apply(players[seat].choose(deal.view(seat)), seat)
    result = deal.result
    assert result is not None and sum(result.scores) == 0
    assert result.details is not None and result.details["game"] == "geier"

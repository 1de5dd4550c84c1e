"""Tout and Sie in full Schafkopf (docs/rules/schafkopf.md, SF-11 and SF-12): the calls and
their rank, a table's options, the Tout's scoring (every trick, paid double, no Schneider or
Schwarz), the Sie won unplayed, the records of both and the AI's calls."""

from __future__ import annotations

from typing import Any

import pytest

from ramsch_core import Card, Deal, IllegalActionError, Suit
from ramsch_core.actions import Play, action_from_json
from ramsch_core.ai import HeuristicPlayer
from ramsch_core.errors import RecordError
from ramsch_core.games.schafkopf import SCHAFKOPF, FullSchafkopfRules
from ramsch_core.games.schafkopf.ai import best_call, sure_tout
from ramsch_core.games.schafkopf.calling import Call
from ramsch_core.games.schafkopf.contract import SchafkopfContest, Tariff, schafkopf_contract
from ramsch_core.kernel.tally import Tally
from ramsch_core.phases.say import Pass
from ramsch_core.record import deal_record, replay_record, replay_summary

C = Card.parse

# Seat 0 holds the six top trumps of a Herz-Solo and ♥A ♥10; seat 2 none of the Obers/Unters.
TOUT_HANDS = [
    "CQ SQ HQ DQ CJ SJ HA HT",
    "HJ DJ HK H9 CA CT CK C9",
    "H8 H7 SA ST SK S9 C8 C7",
    "DA DT DK D9 D8 D7 S8 S7",
]
# Seat 2 holds the Sie.
SIE_HANDS = [
    "CT C9 S9 S8 HA HT D9 D8",
    "CA CK SA ST HK H9 DA DT",
    "CQ SQ HQ DQ CJ SJ HJ DJ",
    "C8 C7 SK S7 H8 H7 DK D7",
]


def deal_of(hands: list[str], **options: Any) -> Deal:
    rules = SCHAFKOPF.parse({"game": "schafkopf", **options})
    return Deal(rules, [[C(name) for name in hand.split()] for hand in hands])


def solo(suit: str, tout: bool = False) -> Call:
    return Call("solo", None, Suit("CSHD".index(suit)), tout)


WENZ_TOUT = Call("wenz", None, None, True)
SIE = Call("sie", None, None, False)


def contest(deal: Deal) -> SchafkopfContest:
    state = deal.state
    assert isinstance(state, SchafkopfContest)
    return state


# -- SF-11: Tout ------------------------------------------------------------------------------


def test_sf11_a_tout_outranks_every_game_without_it_and_a_solo_tout_a_wenz_tout() -> None:
    """SF-11: Sauspiel < Wenz < Farbsolo < Wenz-Tout < Farbsolo-Tout; Solo-Touts rank alike."""
    deal = deal_of(TOUT_HANDS)
    deal.apply(solo("H"), 0)
    assert WENZ_TOUT in deal.legal_actions() and solo("C", True) in deal.legal_actions()
    assert Call("wenz", None, None, False) not in deal.legal_actions()
    deal.apply(WENZ_TOUT, 1)
    deal.apply(solo("S", True), 2)
    with pytest.raises(IllegalActionError, match="A Solo Tout has been called"):
        deal.apply(solo("C", True), 3)
    with pytest.raises(IllegalActionError, match="A Solo Tout has been called"):
        deal.apply(WENZ_TOUT, 3)
    assert deal.legal_actions() == [Pass()]
    deal.apply(Pass(), 3)
    state = contest(deal)
    assert (state.game, state.declarer, state.suit, state.tout) == ("solo", 2, Suit.SPADES, True)
    assert state.said == [(0, "solo H"), (1, "wenz tout"), (2, "solo S tout"), (3, "pass")]


def test_sf11_tout_only_for_a_wenz_or_solo_and_only_where_the_table_plays_it() -> None:
    """SF-11 (option ``tout``): no Sauspiel Tout; with ``tout`` off no Tout at all, and a
    refused call changes nothing."""
    deal = deal_of(TOUT_HANDS)
    with pytest.raises(
        IllegalActionError, match="Only a Wenz, Geier, Farbwenz or Solo can be played Tout"
    ):
        deal.apply(Call("sauspiel", Suit.SPADES, None, True), 0)
    off = deal_of(TOUT_HANDS, tout=False)
    assert not any(isinstance(a, Call) and a.tout for a in off.legal_actions())
    with pytest.raises(IllegalActionError, match="Tout is not played at this table"):
        off.apply(solo("H", True), 0)
    assert off.to_act == 0 and contest(off).said == []


def _tally(counts: list[int], points: list[int]) -> Tally:
    contract = schafkopf_contract("solo", 0, None, Suit.HEARTS, None, [], Tariff(), 0, True)
    last = [7 if count else -1 for count in counts]
    return Tally(points, counts, last, [0] * 4, sum(counts), 0, 0, 0, contract.layout)


def test_sf11_a_tout_is_won_only_with_every_trick_and_paid_double() -> None:
    """SF-11: one trick to the others loses the Tout, even a trick of no card points and
    with 120 to the declarer; the amount is doubled and counts no Schneider or Schwarz."""
    cards = [C(name) for name in TOUT_HANDS[0].split()]
    contract = schafkopf_contract("solo", 0, None, Suit.HEARTS, None, cards, Tariff(), 0, True)
    scorer = contract.scorer
    every = scorer(_tally([8, 0, 0, 0], [120, 0, 0, 0]))
    assert every.details is not None and every.details["won"] and every.details["tout"]
    assert every.details["laufende"] == 6 and not every.details["schwarz"]
    assert list(every.scores) == [660, -220, -220, -220]  # (50 + 60) × 2
    one_lost = scorer(_tally([7, 1, 0, 0], [120, 0, 0, 0]))
    assert one_lost.details is not None and not one_lost.details["won"]
    assert list(one_lost.scores) == [-660, 220, 220, 220]
    plain = schafkopf_contract("solo", 0, None, Suit.HEARTS, None, cards, Tariff(), 0)
    # without Tout the same tricks win a Solo, Schneider and 6 Laufende: 50 + 10 + 60
    assert list(plain.scorer(_tally([7, 1, 0, 0], [120, 0, 0, 0])).scores) == [360] + [-120] * 3


def test_sf11_a_tout_deal_is_played_to_the_end_and_its_record_replays() -> None:
    """SF-11: the card play goes on after the other side's first trick; the record carries
    ``"tout": true`` on the call and the replay result the field ``tout``."""
    deal = deal_of(TOUT_HANDS)
    deal.apply(solo("H", True), 0)
    for seat in (1, 2, 3):
        deal.apply(Pass(), seat)
    assert deal.contract.name == "solo"
    while not deal.finished:
        deal.apply(next(a for a in deal.legal_actions() if isinstance(a, Play)))
    assert len(deal.tricks) == 8
    record = deal_record(deal)
    assert record["actions"][0] == {
        "seat": 0,
        "action": "call",
        "game": "solo",
        "suit": "H",
        "tout": True,
    }
    summary = replay_summary(replay_record(record))
    assert summary["tout"] is True and list(summary)[-1] == "tout"
    assert summary == replay_summary(deal)


def test_sf11_a_malformed_tout_in_a_record_is_refused() -> None:
    """SF-11: ``tout`` is true or false."""
    _, action = action_from_json({"action": "call", "game": "wenz", "tout": True}, 0)
    assert action == WENZ_TOUT and action.to_json() == {
        "action": "call",
        "game": "wenz",
        "tout": True,
    }
    with pytest.raises(RecordError, match="'tout' is true or false"):
        action_from_json({"action": "call", "game": "wenz", "tout": "yes"}, 0)


# -- SF-12: Sie -------------------------------------------------------------------------------


def test_sf12_a_sie_is_offered_only_to_the_four_obers_and_unters_and_ends_the_calls() -> None:
    """SF-12: only the seat dealt the eight may show a Sie; it outranks every call before it
    and nobody speaks after it; the deal is won without a card played."""
    deal = deal_of(SIE_HANDS)
    assert SIE not in deal.legal_actions()
    with pytest.raises(IllegalActionError, match="A Sie needs all four Obers"):
        deal.apply(SIE, 0)
    deal.apply(solo("H", True), 0)
    deal.apply(Pass(), 1)
    assert SIE in deal.legal_actions()
    deal.apply(SIE, 2)
    assert deal.finished and deal.tricks == []
    result = deal.result
    assert result is not None and result.details is not None
    assert result.details["game"] == "sie" and result.details["laufende"] == 8
    assert list(result.scores) == [-520, -520, 1560, -520]  # (50 + 80) × 4
    assert result.winners == (2,) and result.losers == (0, 1, 3)
    assert replay_summary(replay_record(deal_record(deal))) == replay_summary(deal)


def test_sf12_sie_only_where_the_table_plays_it() -> None:
    """SF-12 (option ``sie``): switched off, the eight are an ordinary hand; the refused call
    changes nothing."""
    deal = deal_of(SIE_HANDS, sie=False)
    deal.apply(Pass(), 0)
    deal.apply(Pass(), 1)
    assert SIE not in deal.legal_actions()
    with pytest.raises(IllegalActionError, match="Sie is not played at this table"):
        deal.apply(SIE, 2)
    assert deal.to_act == 2 and len(contest(deal).said) == 2


def test_sf11_sf12_older_rules_load_with_tout_and_sie_on() -> None:
    """A table or record stored before Tout and Sie existed has neither option: it takes the
    defaults, and writes them back."""
    rules = SCHAFKOPF.parse({"game": "schafkopf", "klopfen": True})
    assert isinstance(rules, FullSchafkopfRules) and rules.tout and rules.sie
    assert rules.to_json()["tout"] is True and rules.to_json()["sie"] is True


# -- the AI -----------------------------------------------------------------------------------


def test_sf11_the_ai_calls_a_tout_only_when_no_trick_can_be_lost() -> None:
    """SF-11: forehand's six top trumps with ♥A ♥10 draw every other trump: a sure Herz-Solo
    Tout when he leads; another seat, which may have to trump the first trick, needs one more
    top trump; a hand with a side King under an Ace it lacks is no Tout."""
    hand = [C(name) for name in TOUT_HANDS[0].split()]
    assert sure_tout("solo", Suit.HEARTS, hand, leads=True)
    assert not sure_tout("solo", Suit.HEARTS, hand, leads=False)
    weak = [C(name) for name in ["CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HA", "SK"]]
    assert not sure_tout("solo", Suit.HEARTS, weak, leads=True)
    deal = deal_of(TOUT_HANDS)
    assert HeuristicPlayer(1, playouts=40).choose(deal.view(0)) == solo("H", True)
    assert best_call(hand, deal.legal_actions(), leads=False) == solo("H")


def test_sf12_the_ai_always_shows_a_sie() -> None:
    deal = deal_of(SIE_HANDS)
    deal.apply(Pass(), 0)
    deal.apply(Pass(), 1)
    assert HeuristicPlayer(1, playouts=40).choose(deal.view(2)) == SIE


def test_sf11_defenders_play_for_a_trick_against_a_tout() -> None:
    """SF-11: a Wenz-Tout whose declarer holds no Schellen card but the ♦7: forehand, with
    four high Schellen, leads one and the others keep the trick that beats the Tout (the
    playouts score the Tout)."""
    hands = [
        "DA DT DK DQ H9 H8 C9 S9",
        "CJ SJ HJ CA CT SA ST D7",
        "DJ HA HT HK HQ H7 C8 S8",
        "D9 D8 CK CQ C7 SK SQ S7",
    ]
    deal = deal_of(hands, kontra=False)
    deal.apply(Pass(), 0)
    deal.apply(WENZ_TOUT, 1)
    deal.apply(Pass(), 2)
    deal.apply(Pass(), 3)
    players = [HeuristicPlayer(seat, playouts=60) for seat in range(4)]
    while not deal.tricks:
        seat = deal.to_act
        assert seat is not None
        deal.apply(players[seat].choose(deal.view(seat)), seat)
    assert deal.tricks[0].cards[0] in {C("DA"), C("DT"), C("DK"), C("DQ")}
    assert deal.tricks[0].winner != 1

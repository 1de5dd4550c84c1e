"""Full Schafkopf (SCHAFKOPF-RULES.md, SF-1..10; RULES.md SK-9): the deal 4 + 4, Klopfen, the
calls, the trick orders, the called Ace's duties and the hidden partner, Laufende, Schneider,
Schwarz, the tariff and the payments, Kontra and Re, and an all-pass (Ramsch, Stock, thrown
in). Rules are built from the model and presets."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import Phase, find, settings

from ramsch_core import Card, Deal, IllegalActionError, MustFollowSuitError, Suit
from ramsch_core.actions import Play, action_from_json
from ramsch_core.contracts.ramsch_rules import SchafkopfRules
from ramsch_core.errors import RecordError, RuleSetError
from ramsch_core.games import registry
from ramsch_core.games.schafkopf import SCHAFKOPF, FullSchafkopfRules, schafkopf_schedule
from ramsch_core.games.schafkopf.called_ace import CalledAceError
from ramsch_core.games.schafkopf.calling import Call, Knock, NoKnock
from ramsch_core.games.schafkopf.contract import (
    SchafkopfContest,
    SchafkopfScorer,
    Tariff,
    laufende,
    schafkopf_contract,
    schafkopf_game_order,
)
from ramsch_core.kernel.tally import Tally
from ramsch_core.phases.doubling import Kontra, Re
from ramsch_core.phases.say import Pass
from ramsch_core.record import deal_record, replay_record, replay_summary
from tests.core.strategies import rules_of_game

C = Card.parse

SUMMARY_FIELDS = [
    "finished", "to_act", "phase", "game", "declarer", "partner", "suit", "ace",
    "declarer_points", "won", "schneider", "schwarz", "laufende", "multiplier", "scores",
    "tricks",
]  # fmt: skip
RAMSCH_FIELDS = [
    "card_points", "trick_counts", "jungfrau", "durchmarsch", "losers", "winners", "skat",
    "skat_to", "pushes",
]  # fmt: skip


def rules(**options: Any) -> FullSchafkopfRules:
    parsed = SCHAFKOPF.parse({"game": "schafkopf", **options})
    assert isinstance(parsed, FullSchafkopfRules)
    return parsed


def deal_of(hands: list[str], **options: Any) -> Deal:
    """A deal of full Schafkopf from four hands of eight cards written as one string each,
    e.g. ``"CQ SQ HQ DQ CJ SJ S8 C7"`` (index 0 = forehand; the first four dealt first)."""
    return Deal(rules(**options), [[C(name) for name in hand.split()] for hand in hands])


def run(deal: Deal, *actions: tuple[int, Any]) -> Deal:
    for seat, action in actions:
        if isinstance(action, str):
            action = Play(C(action))
        deal.apply(action, seat)
    return deal


def sauspiel(ace: str) -> Call:
    return Call("sauspiel", Suit("CSHD".index(ace)), None, False)


def solo(suit: str) -> Call:
    return Call("solo", None, Suit("CSHD".index(suit)), False)


WENZ = Call("wenz", None, None, False)
PASSES = [(1, Pass()), (2, Pass()), (3, Pass())]

# Seat 0 calls the Eichel Ace (♣A), which seat 1 holds with two low clubs and no trump.
DUTY = [
    "CQ SQ HQ DQ CJ SJ S8 C7",
    "CA C9 C8 SA ST SK S9 DA",
    "DJ HA HT HK H9 H8 H7 CT",
    "CK HJ S7 DT DK D9 D8 D7",
]
# The same, but seat 1 holds four clubs (the Ace counted): he may run away.
RUNAWAY = [
    "CQ SQ HQ DQ CJ SJ S8 C7",
    "CA CT C9 C8 SA SK S9 DA",
    "DJ HA HT HK H9 H8 H7 ST",
    "CK HJ S7 DT DK D9 D8 D7",
]


def called(hands: list[str] = DUTY, **options: Any) -> Deal:
    """Seat 0 calls a Sauspiel on the Eichel Ace; the others pass."""
    return run(deal_of(hands, **options), (0, sauspiel("C")), *PASSES)


def play_first_legal(deal: Deal) -> Deal:
    while not deal.finished:
        cards = [action for action in deal.legal_actions() if isinstance(action, Play)]
        deal.apply(cards[0])
    return deal


def tally_of(points: list[int], counts: list[int]) -> Tally:
    """A tally of card points and tricks per seat (the scorers read only these)."""
    contract = schafkopf_contract("sauspiel", 0, 2, None, Suit.CLUBS, [], Tariff(), 0)
    last = [8 - 1 if count else -1 for count in counts]
    return Tally(points, counts, last, [0] * 4, sum(counts), 0, 0, 0, contract.layout)


# -- SF-1: the deal --------------------------------------------------------------------------------


def test_sf1_four_players_eight_cards_dealt_four_and_four() -> None:
    """SF-1: four players with eight cards each, dealt four to each seat from forehand and then
    four more; forehand speaks first. A seed's deal lists each seat's first four first."""
    game = rules()
    assert (game.players, game.hand_size, game.skat_size) == (4, 8, 0)
    schedule = schafkopf_schedule(7)
    assert [packet.stage for packet in schedule.packets] == [1, 1, 1, 1, 2, 2, 2, 2]
    assert [packet.to for packet in schedule.packets] == [0, 1, 2, 3, 0, 1, 2, 3]
    deal = game.deal_from_seed(7)
    assert Deal.from_seed(game, 7).dealt_hands == deal.dealt_hands
    for seat in range(4):
        assert set(deal.dealt_hands[seat][:4]) == set(schedule.hand(seat, 1))
        assert len(deal.initial_hand(seat)) == 8
    assert deal.to_act == 0 and deal.phase == "calling"


def test_sf1_records_keep_the_first_four_cards_first() -> None:
    """SF-1: a record lists each hand's first four cards first, as dealt."""
    deal = deal_of(DUTY)
    assert deal.to_record()["hands"] == [hand.split() for hand in DUTY]
    assert deal_of(DUTY).to_record(seed=5) == {
        "rules": rules().to_json(),
        "seed": 5,
        "actions": [],
    }


# -- SF-2: the calls -------------------------------------------------------------------------------


def test_sf2_a_higher_call_overrides_a_lower_and_the_last_call_stands() -> None:
    """SF-2: Sauspiel < Wenz < Farbsolo; each seat speaks once from forehand."""
    deal = run(deal_of(DUTY), (0, sauspiel("C")), (1, WENZ), (2, solo("H")), (3, Pass()))
    contest = deal.state
    assert isinstance(contest, SchafkopfContest)
    assert (contest.game, contest.declarer, contest.suit) == ("solo", 2, Suit.HEARTS)
    assert deal.phase == "play" and deal.contract.name == "solo" and deal.to_act == 0
    assert contest.said == [(0, "sauspiel C"), (1, "wenz"), (2, "solo H"), (3, "pass")]


def test_sf2_a_call_that_does_not_outrank_is_refused() -> None:
    """SF-2: equal ranks do not override; a lower call never does (a table without Tout)."""
    deal = run(deal_of(DUTY, tout=False), (0, WENZ))
    with pytest.raises(IllegalActionError, match="A Wenz has been called: only a higher"):
        deal.apply(sauspiel("S"), 1)
    with pytest.raises(IllegalActionError, match="A Wenz has been called"):
        deal.apply(WENZ, 1)
    assert all(not isinstance(a, Call) or a.game == "solo" for a in deal.legal_actions())
    run(deal, (1, solo("S")))
    with pytest.raises(IllegalActionError, match="A Solo has been called and nothing outranks"):
        deal.apply(solo("C"), 2)


def test_sf2_wenz_only_when_the_table_plays_it() -> None:
    """SF-2 (option ``wenz``)."""
    deal = deal_of(DUTY, wenz=False)
    assert WENZ not in deal.legal_actions()
    with pytest.raises(IllegalActionError, match="Wenz is not played at this table"):
        deal.apply(WENZ)


def test_sf2_calls_read_and_write_as_the_issue_writes_them() -> None:
    """SF-2: the record form of the calls; a malformed call is a RecordError."""
    for data in (
        {"action": "call", "game": "sauspiel", "ace": "C"},
        {"action": "call", "game": "wenz"},
        {"action": "call", "game": "solo", "suit": "H"},
        {"action": "call", "game": "ramsch"},
    ):
        _, action = action_from_json(data, 0)
        assert action.to_json() == data
    with pytest.raises(RecordError, match="a call names a game"):
        action_from_json({"action": "call", "game": "bettel"}, 0)
    with pytest.raises(RecordError, match="'ace' is a suit letter"):
        action_from_json({"action": "call", "game": "sauspiel", "ace": "X"}, 0)


# -- SF-3: the Sauspiel ----------------------------------------------------------------------------


def test_sf3_the_called_ace_must_be_one_the_caller_lacks_of_a_suit_he_holds() -> None:
    """SF-3: a plain-suit Ace (not Hearts) the caller does not hold, of a suit of which he
    holds a card other than trumps."""
    deal = deal_of(DUTY)
    offered = [a for a in deal.legal_actions() if isinstance(a, Call) and a.game == "sauspiel"]
    assert offered == [sauspiel("C"), sauspiel("S")]  # no diamond but ♦Q (a trump)
    with pytest.raises(IllegalActionError, match="You hold no ♦ card"):
        deal.apply(sauspiel("D"))
    with pytest.raises(IllegalActionError, match="Hearts are trumps in a Sauspiel"):
        deal.apply(sauspiel("H"))
    run(deal, (0, Pass()))
    with pytest.raises(IllegalActionError, match="You hold ♣A yourself"):
        deal.apply(sauspiel("C"), 1)


def test_sf3_sauspiel_trumps_are_sk2() -> None:
    """SF-3: the Sauspiel's trumps are SK-2's: Obers, Unters, then Hearts."""
    order = schafkopf_game_order("sauspiel")
    assert [str(c) for c in order.trumps] == (
        ["CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "HA", "HT", "HK", "H9", "H8", "H7"]
    )
    assert [str(c) for c in order.plain[Suit.CLUBS]] == ["CA", "CT", "CK", "C9", "C8", "C7"]


def test_sf3_the_called_ace_must_be_played_when_its_suit_is_first_led() -> None:
    """SF-3: when the called suit is first led, its holder plays the Ace; the refusal names
    the duty."""
    deal = run(called(), (0, "C7"))
    assert deal.legal_actions() == [Play(Card.CA)]
    with pytest.raises(CalledAceError, match="The called Ace must be played when its suit"):
        deal.apply(Play(Card.C9), 1)
    with pytest.raises(CalledAceError, match="The called Ace must be played"):
        deal.apply(Play(Card.SA), 1)


def test_sf3_the_called_ace_may_not_be_discarded_but_low_cards_of_its_suit_may() -> None:
    """SF-3: on a trump lead the holder (without trumps) may discard low clubs, not the Ace."""
    deal = run(called(), (0, "CQ"))
    legal = {a.card for a in deal.legal_actions() if isinstance(a, Play)}
    assert Card.CA not in legal and {Card.C9, Card.C8, Card.SA, Card.DA} <= legal
    with pytest.raises(CalledAceError, match="You may not discard the called Ace ♣A"):
        deal.apply(Play(Card.CA), 1)
    run(deal, (1, "C9"))


def test_sf3_no_other_card_of_the_called_suit_may_be_led_before_the_ace() -> None:
    """SF-3: with fewer than four of the suit the holder may not lead a low card of it."""
    deal = run(called(), (0, "S8"), (1, "SA"), (2, "CT"), (3, "S7"))
    assert deal.to_act == 1
    legal = {a.card for a in deal.legal_actions() if isinstance(a, Play)}
    assert Card.C9 not in legal and Card.C8 not in legal and Card.CA in legal
    with pytest.raises(CalledAceError, match="You may not lead another ♣ card before the"):
        deal.apply(Play(Card.C8), 1)


def test_sf3_the_holder_of_four_may_run_away_and_the_duties_end() -> None:
    """SF-3 (Davonlaufen): with four or more of the suit, the Ace counted, the holder may lead
    a low card of it; afterwards the Ace is free (it may be discarded)."""
    deal = run(called(RUNAWAY), (0, "S8"), (1, "SA"), (2, "ST"), (3, "S7"))
    assert Play(Card.C8) in deal.legal_actions()
    run(deal, (1, "C8"), (2, "HA"), (3, "CK"), (0, "C7"))  # ♥A trumps the led club
    run(deal, (2, "H7"), (3, "HJ"), (0, "CQ"))
    assert Play(Card.CA) in deal.legal_actions()  # discarding it on a trump lead is allowed
    run(deal, (1, "CA"))


def test_sf3_the_partner_is_unknown_until_the_called_ace_is_played() -> None:
    """SF-3: no view — the public one nor any other seat's — names the partner before the Ace
    falls; the contest names him once it has."""
    deal = called()

    def exposed() -> bool:
        texts = [repr(deal.public_view())]
        texts += [repr(deal.view(seat).public) for seat in (0, 2, 3)]
        contest = deal.state
        assert isinstance(contest, SchafkopfContest)
        return contest.partner is not None or any("partner=1" in text for text in texts)

    assert not exposed()
    assert "partner=None" in repr(deal.public_view())
    assert replay_summary(deal)["partner"] is None
    run(deal, (0, "S8"), (1, "SA"), (2, "CT"), (3, "S7"))
    assert not exposed()
    run(deal, (1, "SK"), (2, "HA"), (3, "DT"), (0, "C7"))  # ♥A is a trump: seat 2 takes it
    assert not exposed()
    run(deal, (2, "H7"), (3, "HJ"), (0, "CQ"), (1, "C9"))  # a low club on a trump lead
    while Card.CA in deal.initial_hand(1) and deal.held[1] >> Card.CA & 1:
        assert not exposed()
        deal.apply(next(a for a in deal.legal_actions() if isinstance(a, Play)))
    assert exposed() and "partner=1" in repr(deal.public_view())
    assert replay_summary(deal)["partner"] == 1


def test_sf3_sauspiel_payment_to_each_of_the_four() -> None:
    """SF-3/SF-8: a Sauspiel played out; the two sides are paid ± the amount each."""
    deal = play_first_legal(called())
    summary = replay_summary(deal)
    assert list(summary) == SUMMARY_FIELDS
    assert (summary["game"], summary["declarer"], summary["partner"]) == ("sauspiel", 0, 1)
    assert summary["ace"] == "C" and summary["suit"] is None
    assert summary["laufende"] == 6  # ♣Q ♠Q ♥Q ♦Q ♣U ♠U; seat 3's ♥U breaks the run
    scores = summary["scores"]
    assert sum(scores) == 0 and scores[0] == scores[1] == -scores[2] == -scores[3]


# -- SF-4, SF-5: the orders ------------------------------------------------------------------------


def test_sf4_wenz_only_the_unters_are_trumps_obers_between_king_and_nine() -> None:
    """SF-4: ♣U > ♠U > ♥U > ♦U; plain suits A 10 K O 9 8 7."""
    order = schafkopf_game_order("wenz")
    assert [str(c) for c in order.trumps] == ["CJ", "SJ", "HJ", "DJ"]
    assert [str(c) for c in order.plain[Suit.HEARTS]] == ["HA", "HT", "HK", "HQ", "H9", "H8", "H7"]


def test_sf5_farbsolo_obers_unters_then_the_chosen_suit() -> None:
    """SF-5: Obers, Unters, then the solo suit A 10 K 9 8 7; Hearts plain in a Gras solo."""
    order = schafkopf_game_order("solo", Suit.SPADES)
    assert [str(c) for c in order.trumps] == (
        ["CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "SA", "ST", "SK", "S9", "S8", "S7"]
    )
    assert [str(c) for c in order.plain[Suit.HEARTS]] == ["HA", "HT", "HK", "H9", "H8", "H7"]
    assert order.plain[Suit.SPADES] == ()


# -- SF-6: play and won with 61 --------------------------------------------------------------------


def test_sf6_follow_suit_and_forehand_leads() -> None:
    """SF-6: follow suit (a trump lead with a trump); forehand leads the first trick."""
    deal = called()
    assert deal.to_act == 0
    run(deal, (0, "CQ"), (1, "C9"))
    with pytest.raises(MustFollowSuitError, match="You must follow a trump"):
        deal.apply(Play(Card.CT), 2)
    with pytest.raises(IllegalActionError, match="You don't hold"):
        deal.apply(Play(Card.SA), 2)


def test_sf6_won_with_61() -> None:
    """SF-6: the declaring side wins with 61 card points, loses with 60."""
    scorer = SchafkopfScorer("sauspiel", 0, 2, None, Suit.CLUBS, 0, Tariff(), 0)
    assert scorer(tally_of([31, 29, 30, 30], [2, 2, 2, 2])).details["won"] is True  # type: ignore[index]
    assert scorer(tally_of([30, 30, 30, 30], [2, 2, 2, 2])).details["won"] is False  # type: ignore[index]


# -- SF-7: the tariff, Schneider, Schwarz, Laufende ------------------------------------------------


def test_sf7_laufende_with_and_without_from_three_wenz_from_two() -> None:
    """SF-7: the unbroken run from the Eichel-Ober (Wenz: Eichel-Unter) held by one side,
    "with" or "without"; 0 below the minimum."""
    cards = [C(name) for name in ["CQ", "SQ", "HQ", "CJ", "HA"]]
    assert laufende("sauspiel", None, cards) == 3
    assert laufende("sauspiel", None, [C("CQ"), C("SQ"), C("DQ")]) == 0  # only 2
    without = [C(name) for name in ["CJ", "SJ", "HA"]]
    assert laufende("sauspiel", None, without) == 4  # without the four Obers
    assert (
        laufende(
            "solo",
            Suit.DIAMONDS,
            [C(n) for n in ["CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "DA"]],
        )
        == 9
    )
    assert laufende("wenz", None, [C("CJ"), C("SJ"), C("DJ")]) == 2
    assert laufende("wenz", None, [C("CJ"), C("HJ")]) == 0
    assert laufende("wenz", None, [C("HJ")]) == 2  # without two


def test_sf7_schneider_boundaries_30_31_and_29_30() -> None:
    """SF-7: the declaring side is Schneider with 30 or fewer (31 frees it), the opponents
    with 29 or fewer (30 frees them)."""
    scorer = SchafkopfScorer("sauspiel", 0, 2, None, Suit.CLUBS, 0, Tariff(), 0)

    def result(points: list[int]) -> tuple[bool, bool, int]:
        score = scorer(tally_of(points, [2, 2, 2, 2]))
        assert score.details is not None
        return score.details["won"], score.details["schneider"], int(score.scores[0])

    assert result([30, 45, 0, 45]) == (False, True, -20)
    assert result([31, 44, 0, 45]) == (False, False, -10)
    assert result([91, 29, 0, 0]) == (True, True, 20)
    assert result([90, 30, 0, 0]) == (True, False, 10)


def test_sf7_schwarz_and_a_zero_point_trick() -> None:
    """SF-7: Schwarz when a side took no trick; a 0-point trick still counts against it."""
    scorer = SchafkopfScorer("sauspiel", 0, 2, None, Suit.CLUBS, 0, Tariff(), 0)
    schwarz = scorer(tally_of([0, 60, 0, 60], [0, 4, 0, 4]))
    assert schwarz.details and schwarz.details["schwarz"] and schwarz.details["schneider"]
    assert schwarz.scores == (-30, 30, -30, 30)  # 10 + Schneider 10 + Schwarz 10
    zero_trick = scorer(tally_of([0, 60, 0, 60], [1, 4, 0, 3]))
    assert zero_trick.details and not zero_trick.details["schwarz"]
    assert zero_trick.scores == (-20, 20, -20, 20)


def test_sf7_the_tariff_is_an_option() -> None:
    """SF-7 (option ``tariff``): defaults 10 / 50 / 10; a preset of 20; bounds 1..1000."""
    assert rules().tariff == Tariff(sauspiel=10, solo=50, extra=10)
    assert SCHAFKOPF.preset("schafkopf-20").tariff.sauspiel == 20  # type: ignore[attr-defined]
    with pytest.raises(RuleSetError, match=r"tariff\.sauspiel"):
        rules(tariff={"sauspiel": 0})
    found = find(
        rules_of_game(SCHAFKOPF),
        lambda drawn: drawn.tariff.extra == 100,
        settings=settings(max_examples=2000, database=None, phases=[Phase.generate]),
    )
    assert isinstance(found, FullSchafkopfRules)


# -- SF-8: payments --------------------------------------------------------------------------------


def test_sf8_sauspiel_and_solo_payments_with_knocks_and_kontra_re() -> None:
    """SF-8/SF-9: amount = (tariff + extra × (Schneider + Schwarz + Laufende)) ×
    2^(knocks + Kontra level); a Sauspiel ± amount each, a Solo the declarer ± 3 × amount."""
    points, counts = [50, 30, 20, 20], [3, 2, 2, 1]
    spiel = SchafkopfScorer("sauspiel", 0, 2, None, Suit.CLUBS, 3, Tariff(), 1).with_kontra(2)
    score = spiel(tally_of(points, counts))
    assert score.scores == (320, -320, 320, -320)  # (10 + 30) × 2^3
    assert score.details and score.details["multiplier"] == 8
    alone = SchafkopfScorer("solo", 0, None, Suit.HEARTS, None, 0, Tariff(), 1).with_kontra(1)
    score = alone(tally_of([61, 20, 20, 19], counts))
    assert score.scores == (600, -200, -200, -200)  # 50 × 2^2, three times
    lost = SchafkopfScorer("wenz", 3, None, None, None, 2, Tariff(solo=40), 0)
    assert lost(tally_of([40, 20, 0, 60], counts)).scores == (60, 60, 60, -180)


def test_sf8_a_played_deal_with_knocks_kontra_and_re() -> None:
    """SF-8/SF-9 through a deal: one knock, Kontra by a defender before his first card, Re by
    the caller before his next card: multiplier 8, scores summing to 0."""
    deal = deal_of(DUTY, klopfen=True)
    run(deal, (0, Knock()), (1, NoKnock()), (2, NoKnock()), (3, NoKnock()))
    run(deal, (0, sauspiel("C")), *PASSES, (0, "CQ"))
    with pytest.raises(IllegalActionError, match="Only a defender can say Kontra"):
        deal.apply(Kontra(), 1)  # the hidden partner (only he learns why)
    run(deal, (1, "C9"))
    assert Kontra() in deal.legal_actions()
    run(deal, (2, Kontra()), (2, "DJ"), (3, "HJ"))
    assert deal.to_act == 0 and Re() in deal.legal_actions()
    run(deal, (0, Re()))
    assert deal.to_act == 0
    summary = replay_summary(play_first_legal(deal))
    assert summary["multiplier"] == 8
    details = deal.result.details if deal.result else None
    assert details and details["kontra"] == 2 and details["knocks"] == 1
    assert sum(summary["scores"]) == 0 and abs(summary["scores"][0]) == details["amount"]
    assert details["amount"] % 8 == 0


# -- SF-9: Klopfen and Kontra/Re -------------------------------------------------------------------


def test_sf9_knocking_sees_only_the_first_four_cards() -> None:
    """SF-9: while knocking each seat sees only its first four cards; nothing else it is
    offered or shown names the other four."""
    deal = deal_of(DUTY, klopfen=True)
    assert deal.phase == "knocking" and deal.to_act == 0
    for seat in range(4):
        view = deal.view(seat)
        first = {C(name) for name in DUTY[seat].split()[:4]}
        assert set(view.hand) == first and len(view.hand) == 4
        assert view.legal == ((Knock(), NoKnock()) if seat == 0 else ())
        later = [name for name in DUTY[seat].split()[4:]]
        assert not any(name in repr(view) for name in later if name not in repr(view.public))
    assert deal.legal_actions() == [Knock(), NoKnock()]
    with pytest.raises(IllegalActionError, match="Knocking comes first"):
        deal.apply(WENZ)
    run(deal, (0, Knock()), (1, NoKnock()), (2, Knock()), (3, NoKnock()))
    assert deal.phase == "calling" and len(deal.view(0).hand) == 8
    contest = deal.state
    assert isinstance(contest, SchafkopfContest) and contest.knocks == [0, 2]
    assert contest.multiplier == 4


def test_sf9_kontra_rules() -> None:
    """SF-9: Kontra only by the other side — not the caller nor the hidden partner — before
    its first card; Kontra and Re keep the turn; off with ``kontra: false``."""
    deal = called()
    assert Kontra() not in deal.legal_actions()  # the caller
    with pytest.raises(IllegalActionError, match="Only a defender can say Kontra"):
        deal.apply(Kontra(), 0)
    run(deal, (0, "S8"))
    assert Kontra() not in deal.legal_actions()  # the hidden partner
    run(deal, (1, "SA"))
    run(deal, (2, Kontra()))
    assert deal.to_act == 2
    run(deal, (2, "CT"))
    with pytest.raises(IllegalActionError, match="Kontra has already been said"):
        deal.apply(Kontra(), 3)
    fresh = run(called(), (0, "S8"), (1, "SA"), (2, "CT"))
    run(fresh, (3, "S7"), (1, "SK"))
    with pytest.raises(IllegalActionError, match="Kontra must be said before your first card"):
        fresh.apply(Kontra(), 2)
    off = called(kontra=False)
    run(off, (0, "S8"), (1, "SA"))
    assert Kontra() not in off.legal_actions()


def test_sf9_kontra_is_not_allowed_in_ramsch() -> None:
    """SF-9: no Stoß in a Ramsch."""
    deal = run(deal_of(DUTY), (0, Pass()), *PASSES)
    assert deal.contract.name == "ramsch" and Kontra() not in deal.legal_actions()
    with pytest.raises(IllegalActionError, match="Kontra and Re are not allowed in a Ramsch"):
        deal.apply(Kontra())


# -- SF-10 and SK-9: all pass ----------------------------------------------------------------------


def test_sf10_all_pass_plays_the_schafkopf_ramsch_paid_as_sk8() -> None:
    """SF-10/SK-9: when all four pass the deal is the nested Ramsch, paid as SK-8."""
    deal = play_first_legal(run(deal_of(DUTY), (0, Pass()), *PASSES))
    plain = play_first_legal(Deal(SchafkopfRules(), deal.dealt_hands))
    assert deal.result and plain.result
    assert deal.result.scores == plain.result.scores
    summary = replay_summary(deal)
    assert list(summary) == SUMMARY_FIELDS + RAMSCH_FIELDS
    assert summary["game"] == "ramsch" and summary["multiplier"] == 1
    assert summary["schneider"] is False and summary["laufende"] == 0


def test_sk9_a_knocked_all_pass_ramsch_is_doubled() -> None:
    """SK-9/SF-9: knocks double the Ramsch of an all-pass too."""
    deal = deal_of(DUTY, klopfen=True)
    run(deal, (0, Knock()), (1, Knock()), (2, NoKnock()), (3, NoKnock()))
    play_first_legal(run(deal, (0, Pass()), *PASSES))
    plain = play_first_legal(Deal(SchafkopfRules(), deal.dealt_hands))
    assert deal.result and plain.result
    assert deal.result.scores == tuple(4 * score for score in plain.result.scores)
    assert replay_summary(deal)["multiplier"] == 4


def test_sk9_stock_the_fourth_chooses_ramsch_stock_or_a_game() -> None:
    """SK-9 (``all_pass: stock``): after three passes the fourth seat may call Ramsch, call a
    game as usual, or pass (Stock: thrown in, nobody scores)."""
    deal = run(deal_of(DUTY, all_pass="stock"), (0, Pass()), (1, Pass()), (2, Pass()))
    ramsch = Call("ramsch", None, None, False)
    assert ramsch in deal.legal_actions() and solo("D") in deal.legal_actions()
    stock = run(deal.copy(), (3, Pass()))
    summary = replay_summary(stock)
    assert (summary["finished"], summary["game"], summary["scores"]) == (True, "passed", [0] * 4)
    assert summary["phase"] == "finished"
    chosen = run(deal.copy(), (3, ramsch))
    assert chosen.contract.name == "ramsch" and replay_summary(chosen)["game"] == "ramsch"
    early = deal_of(DUTY, all_pass="stock")
    with pytest.raises(IllegalActionError, match="Only the fourth seat, after three passes"):
        early.apply(ramsch)
    with pytest.raises(IllegalActionError, match="cannot be called at this table"):
        deal_of(DUTY).apply(ramsch)


def test_sk9_throw_in_when_all_pass() -> None:
    """SK-9 (``all_pass: throw_in``): the deal ends with game ``passed``."""
    deal = run(deal_of(DUTY, all_pass="throw_in"), (0, Pass()), *PASSES)
    summary = replay_summary(deal)
    assert list(summary) == SUMMARY_FIELDS
    assert summary["game"] == "passed" and summary["scores"] == [0, 0, 0, 0]
    assert deal.result and deal.result.contract == "passed"


# -- records (the game registered for the test) ----------------------------------------------------


def test_sf2_a_record_replays_and_writes_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """SF-2/SF-3: a record in the issue's form replays; written back, it replays the same."""
    monkeypatch.setitem(registry.GAMES, "schafkopf", SCHAFKOPF)
    deal = play_first_legal(called(klopfen=False))
    record = json.loads(json.dumps(deal_record(deal)))
    assert record["hands"] == [hand.split() for hand in DUTY]
    assert record["actions"][0] == {"seat": 0, "action": "call", "game": "sauspiel", "ace": "C"}
    again = replay_record(record)
    assert replay_summary(again) == replay_summary(deal)
    seeded = replay_record({"rules": {"game": "schafkopf"}, "seed": 3, "actions": []})
    assert seeded.dealt_hands == rules().deal_from_seed(3).dealt_hands


# -- every deal finishes, scores sum to 0 ----------------------------------------------------------


@pytest.mark.parametrize("preset", list(SCHAFKOPF.presets))
def test_sf8_random_legal_play_finishes_with_scores_summing_to_zero(preset: str) -> None:
    """SF-1..10: random legal actions (knocks, calls, Kontra, Re, cards) over many seeds: every
    deal finishes, scores sum to 0, the partner is public exactly once the Ace fell."""
    game = SCHAFKOPF.preset(preset)
    rng = random.Random(preset)
    for seed in range(60):
        deal = game.deal_from_seed(seed)
        while not deal.finished:
            contest = deal.state
            assert isinstance(contest, SchafkopfContest)
            if contest.game == "sauspiel" and contest.ace is not None:
                ace = Card(contest.ace * 8)
                fell = any(ace in trick.cards for trick in deal.tricks) or ace in deal.trick
                assert (contest.partner is not None) == fell
            deal.apply(rng.choice(deal.legal_actions()))
        assert deal.result is not None and sum(deal.result.scores) == 0
        summary = replay_summary(deal)
        assert summary["finished"] and summary["phase"] == "finished"
        assert sum(summary["scores"]) == 0


def test_every_schafkopf_rule_id_has_a_test() -> None:
    """SF-1..10 and SK-9 (all pass inside full Schafkopf) are each cited by a test here."""
    names = [name for name in globals() if name.startswith("test_")]
    cited = {match for name in names for match in re.findall(r"test_(sf\d+|sk9)_", name)}
    assert cited == {f"sf{n}" for n in range(1, 11)} | {"sk9"}


def test_sk9_a_stock_pot_is_anted_and_taken_by_the_next_game_won() -> None:
    """SK-9 with ``stock`` (house reading): all four pass, so each antes the Sauspiel tariff
    into the pot (−10 each, 40 in the pot); a Ramsch or a game lost leaves it; the next game
    its declaring side wins takes it, shared by caller and partner, besides the game's pay."""
    from fractions import Fraction

    from ramsch_core import Match, TableOptions, make_player

    rules = SCHAFKOPF.preset("schafkopf-stock")
    match = Match(rules, TableOptions(seats=4, rounds=4), 11)
    assert match.carry == 0
    for _ in range(4):
        match.apply(Pass(), match.to_act)
    stock = match.finished_deals[-1]
    assert stock.result.contract == "passed" and set(stock.result.scores) == {0}
    assert stock.table_scores == (-10, -10, -10, -10) and match.carry == 40
    players = [make_player("heuristic", seat) for seat in range(4)]
    taken = None
    while taken is None and not match.finished:
        pot = match.carry
        number = len(match.finished_deals)
        while len(match.finished_deals) == number:
            seat = match.to_act
            assert seat is not None
            view = match.deal.view(match.deal_seat(seat) or 0)
            match.apply(players[seat].choose(view), seat)
        entry = match.finished_deals[-1]
        details = entry.result.details or {}
        shares = [
            entry.table_scores[s] - entry.result.scores[entry.seats.index(s)] for s in range(4)
        ]
        if details.get("won") is True and details.get("declarer") is not None:
            side = {entry.seats[details["declarer"]]}
            if details.get("partner") is not None:
                side.add(entry.seats[details["partner"]])
            assert shares == [Fraction(pot, len(side)) if s in side else 0 for s in range(4)]
            assert match.carry == 0
            taken = entry
        elif entry.result.contract == "passed":
            assert shares == [-10] * 4 and match.carry == pot + 40
        else:  # a Ramsch or a game lost: the pot waits
            assert shares == [0] * 4 and match.carry == pot
    assert taken is not None, "no game was won in the session"

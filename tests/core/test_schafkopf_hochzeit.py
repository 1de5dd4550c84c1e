"""The Hochzeit in full Schafkopf (docs/rules/schafkopf.md, SF-16): off by default, offered
with exactly one trump, its rank among the calls, the acceptance and the exchange, what
happens when nobody accepts, its tariff and Laufende, its record and the AI."""

from __future__ import annotations

from typing import Any

import pytest

from ramsch_core import Card, Deal, IllegalActionError
from ramsch_core.actions import action_from_json
from ramsch_core.ai import HeuristicPlayer
from ramsch_core.cards import mask_of
from ramsch_core.errors import RecordError
from ramsch_core.games.schafkopf import SCHAFKOPF, FullSchafkopfRules
from ramsch_core.games.schafkopf.calling import Call
from ramsch_core.games.schafkopf.hochzeit import Accept, Give, may_offer
from ramsch_core.phases.say import Pass

C = Card.parse
HANDS = [
    "DQ CA CT CK SA ST DA DT",
    "CQ SQ HQ CJ HA SK S9 D9",
    "HT SJ HJ HK C9 C8 S8 D8",
    "DJ H9 H8 H7 C7 S7 DK D7",
]
HOCHZEIT = Call("hochzeit", None, None, False)


def cards(text: str) -> list[Card]:
    return [C(name) for name in text.split()]


def deal_of(hands: list[str] = HANDS, **options: Any) -> Deal:
    rules = SCHAFKOPF.parse({"game": "schafkopf", "hochzeit": True, **options})
    return Deal(rules, [cards(hand) for hand in hands])


def offered(deal: Deal) -> Deal:
    """Seat 0 offers a Hochzeit and the other three pass in the calls."""
    deal.apply(HOCHZEIT, 0)
    for seat in (1, 2, 3):
        deal.apply(Pass(), seat)
    return deal


def test_sf16_is_off_by_default_and_refused_where_not_played() -> None:
    """SF-16: today's presets have no Hochzeit; its call changes nothing."""
    rules = SCHAFKOPF.preset("schafkopf")
    assert isinstance(rules, FullSchafkopfRules) and not rules.hochzeit
    deal = Deal(rules, [cards(hand) for hand in HANDS])
    assert HOCHZEIT not in deal.legal_actions()
    with pytest.raises(IllegalActionError, match="Hochzeit is not played at this table"):
        deal.apply(HOCHZEIT, 0)
    assert deal.to_act == 0 and deal.state.said == []


def test_sf16_offered_only_with_exactly_one_trump() -> None:
    """SF-16: one trump (an Ober, an Unter or a Heart) offers; none or two do not."""
    assert may_offer(mask_of(cards("DQ CA CT CK SA ST DA DT")))
    assert may_offer(mask_of(cards("H7 CA CT CK SA ST DA DT")))
    assert not may_offer(mask_of(cards("CA CT CK C9 SA ST DA DT")))
    assert not may_offer(mask_of(cards("DQ H7 CT CK SA ST DA DT")))
    deal = deal_of()
    assert HOCHZEIT in deal.legal_actions()
    deal.apply(Pass(), 0)
    assert HOCHZEIT not in deal.legal_actions()
    with pytest.raises(IllegalActionError, match="exactly one trump"):
        deal.apply(HOCHZEIT, 1)
    assert deal.to_act == 1


def test_sf16_outranks_a_sauspiel_and_is_outranked_by_a_farbwenz_and_a_wenz() -> None:
    """SF-16: a Hochzeit overrides a Sauspiel; a Farbwenz, Wenz, Geier or Solo overrides it,
    a Sauspiel after it is refused."""
    hands = [HANDS[3], HANDS[0], HANDS[1], HANDS[2]]
    deal = deal_of(hands, farbwenz=True, geier=True)
    deal.apply(Call("sauspiel", C("CA").suit, None, False), 0)
    deal.apply(HOCHZEIT, 1)
    calls = {a.game for a in deal.legal_actions() if isinstance(a, Call)}
    assert "sauspiel" not in calls
    assert {"farbwenz", "wenz", "geier", "solo"} <= calls
    with pytest.raises(IllegalActionError, match="only a higher game overrides it"):
        deal.apply(Call("sauspiel", C("SA").suit, None, False), 2)


def test_sf16_the_first_to_accept_takes_the_trump_for_a_card_that_is_not_a_trump() -> None:
    """SF-16: the seats after the offerer accept or pass in turn; the first to accept gives a
    card of his choice that is not a trump and takes the offerer's trump; they play together,
    the offerer leading as forehand."""
    deal = offered(deal_of())
    assert deal.to_act == 1 and deal.legal_actions() == [Pass(), Accept()]
    deal.apply(Accept(), 1)
    assert deal.state.partner == 1 and deal.to_act == 1
    assert deal.legal_actions() == [Give(C("SK")), Give(C("S9")), Give(C("D9"))]
    with pytest.raises(IllegalActionError, match="cannot be given"):
        deal.apply(Give(C("HA")), 1)
    with pytest.raises(IllegalActionError, match="You do not hold"):
        deal.apply(Give(C("DT")), 1)
    deal.apply(Give(C("D9")), 1)
    assert set(deal.hand(0)) == set(cards("D9 CA CT CK SA ST DA DT"))
    assert set(deal.hand(1)) == set(cards("CQ SQ HQ DQ CJ HA SK S9"))
    assert deal.phase == "play" and deal.to_act == 0
    rules = deal.rules
    assert isinstance(rules, FullSchafkopfRules) and rules.partner(deal) == 1


def test_sf16_a_later_seat_accepts_after_a_pass() -> None:
    """SF-16: a pass hands the offer on; the seat after accepts."""
    deal = offered(deal_of())
    deal.apply(Pass(), 1)
    deal.apply(Accept(), 2)
    deal.apply(Give(C("S8")), 2)
    assert deal.state.partner == 2 and C("DQ") in deal.hand(2) and C("S8") in deal.hand(0)


def test_sf16_a_seat_of_only_trumps_cannot_accept() -> None:
    """SF-16: with nothing but trumps there is no card to give."""
    hands = [
        "DQ CA CT CK SA ST DA DT",
        "CQ SQ HQ CJ SJ HA HT HK",
        "HJ DJ H9 H8 C9 C8 S8 D8",
        "H7 C7 S7 SK S9 DK D9 D7",
    ]
    deal = offered(deal_of(hands))
    assert deal.legal_actions() == [Pass()]
    with pytest.raises(IllegalActionError, match="only trumps"):
        deal.apply(Accept(), 1)


@pytest.mark.parametrize(("all_pass", "game"), [("ramsch", "ramsch"), ("throw_in", "passed")])
def test_sf16_nobody_accepts_the_deal_goes_on_as_when_all_pass(all_pass: str, game: str) -> None:
    """SF-16: when nobody accepts and no call was overridden, the offer counts as a pass."""
    deal = offered(deal_of(all_pass=all_pass))
    for seat in (1, 2, 3):
        deal.apply(Pass(), seat)
    assert deal.state.game == game and deal.state.declarer is None


RAMSCH = Call("ramsch", None, None, False)


@pytest.mark.parametrize(
    ("choice", "game", "phase"), [(RAMSCH, "ramsch", "play"), (Pass(), "passed", "finished")]
)
def test_sf16_nobody_accepts_on_a_stock_table_the_fourth_seat_chooses(
    choice: Call | Pass, game: str, phase: str
) -> None:
    """SF-16, SK-9: on a Stock table a Hochzeit nobody accepts leaves the deal as when all
    four pass: the fourth seat, whose Ramsch the offer took away, chooses a Ramsch or, by
    passing, the Stock — and nothing else."""
    deal = offered(deal_of(all_pass="stock"))
    for seat in (1, 2, 3):
        deal.apply(Pass(), seat)
    assert (deal.phase, deal.to_act) == ("calling", 3)
    assert deal.state.game is None and deal.state.declarer is None
    assert deal.legal_actions() == [Pass(), RAMSCH]
    with pytest.raises(IllegalActionError, match="choose a Ramsch, or pass to leave a Stock"):
        deal.apply(Call("solo", C("HA").suit, None, False), 3)
    with pytest.raises(IllegalActionError):
        deal.apply(RAMSCH, 0)
    assert (deal.phase, deal.to_act) == ("calling", 3)
    deal.apply(choice, 3)
    assert (deal.state.game, deal.state.declarer, deal.phase) == (game, None, phase)


def test_sf16_the_fourth_seat_offering_on_a_stock_table_gets_its_choice_back() -> None:
    """SF-16, SK-9: the fourth seat, after three passes, offers instead of choosing; when
    nobody accepts, its choice of a Ramsch or the Stock comes back to it."""
    deal = deal_of([HANDS[1], HANDS[2], HANDS[3], HANDS[0]], all_pass="stock")
    for seat in (0, 1, 2):
        deal.apply(Pass(), seat)
    assert RAMSCH in deal.legal_actions()
    deal.apply(HOCHZEIT, 3)
    for seat in (0, 1, 2):
        deal.apply(Pass(), seat)
    assert (deal.phase, deal.to_act, deal.legal_actions()) == ("calling", 3, [Pass(), RAMSCH])
    deal.apply(RAMSCH, 3)
    assert deal.state.game == "ramsch" and deal.phase == "play" and deal.to_act == 0


def test_sf16_the_ai_makes_the_stock_choice_after_a_hochzeit_nobody_accepted() -> None:
    """SF-16: the heuristic answers the fourth seat's choice with one of its two actions."""
    deal = offered(deal_of(all_pass="stock"))
    for seat in (1, 2, 3):
        deal.apply(Pass(), seat)
    assert HeuristicPlayer(seed=1).choose(deal.view(3)) in (Pass(), RAMSCH)


def test_sf16_nobody_accepts_the_overridden_sauspiel_stands() -> None:
    """SF-16: a Sauspiel the offer overrode stands when nobody accepts."""
    hands = [HANDS[3], HANDS[0], HANDS[1], HANDS[2]]
    deal = deal_of(hands)
    deal.apply(Call("sauspiel", C("CA").suit, None, False), 0)
    deal.apply(HOCHZEIT, 1)
    deal.apply(Pass(), 2)
    deal.apply(Pass(), 3)
    for seat in (2, 3, 0):
        assert Accept() in deal.legal_actions()
        deal.apply(Pass(), seat)
    contest = deal.state
    assert (contest.game, contest.declarer, contest.ace) == ("sauspiel", 0, C("CA").suit)
    assert deal.phase == "play"


def test_sf16_paid_as_a_sauspiel_with_the_laufende_of_both() -> None:
    """SF-16: a Hochzeit's tariff is a Sauspiel's, each of the two paid by one opponent, the
    Laufende counted over both hands (CQ SQ HQ DQ CJ: with 5)."""
    deal = offered(deal_of())
    deal.apply(Accept(), 1)
    deal.apply(Give(C("D9")), 1)
    scorer = deal.contract.scorer
    assert scorer.laufende == 5  # type: ignore[attr-defined]
    while deal.result is None:
        deal.apply(deal.legal_actions()[0], deal.to_act)
    result = deal.result
    details = result.details or {}
    amount = (10 + 10 * (details["schneider"] + details["schwarz"] + 5)) * details["multiplier"]
    sign = 1 if details["won"] else -1
    assert result.scores == (sign * amount, sign * amount, -sign * amount, -sign * amount)


def test_sf16_records_read_and_write_accept_and_give() -> None:
    """SF-16: ``accept`` and ``give`` in records (docs/records.md); a give without a card is
    refused."""
    assert action_from_json({"seat": 1, "action": "accept"}, 4) == (1, Accept())
    assert action_from_json({"action": "give", "card": "S9"}, 5) == (None, Give(C("S9")))
    assert Give(C("S9")).to_json() == {"action": "give", "card": "S9"}
    with pytest.raises(RecordError):
        action_from_json({"action": "give", "card": "XX"}, 5)
    with pytest.raises(RecordError):
        action_from_json({"action": "give"}, 5)


def test_sf16_the_ai_offers_with_one_trump_and_accepts_when_strong_in_trumps() -> None:
    """SF-16: the heuristic offers a Hochzeit with one trump and a weak hand, accepts with
    many trumps and passes with few."""
    weak = ["DQ CA C7 CK S7 SK D7 DK", HANDS[1].replace("SK", "DT"), HANDS[2], HANDS[3]]
    weak[3] = "DJ H9 H8 H7 CT ST SA DA"
    deal = deal_of(weak)
    assert HeuristicPlayer(seed=1).choose(deal.view(0)) == HOCHZEIT
    offered(deal)
    assert HeuristicPlayer(seed=1).choose(deal.view(1)) == Accept()
    deal.apply(Pass(), 1)
    assert HeuristicPlayer(seed=1).choose(deal.view(2)) == Pass()

"""docs/rules/ramsch.md, Altenburg: Ramsch after the Altenburg booklet (AR-1..AR-6), by hand.

Deals from ``tests/core/deals.py`` as in ``test_skat``. Without trumps a jack is a plain card
of its suit, ranked between queen and nine.
"""

from __future__ import annotations

import json

import pytest

from ramsch_core import (
    Card,
    Deal,
    IllegalActionError,
    MustFollowSuitError,
    PassOn,
    PickUp,
    Play,
    Push,
    replay_summary,
)
from tests.core.builders import (
    cards,
    hands_of_table,
    play_table,
    result_of_table,
    rules_of,
    snapshot,
    table_deal,
    trick_winner,
)
from tests.core.deals import (
    A1,
    A1_SKAT,
    ALL_TRICKS,
    LAID_AWAY,
    ONE_JUNGFER,
    TIE_THREE,
    TIE_TWO,
    ZERO_SKAT,
)


def test_ar1_three_hands_of_ten_and_two_cards_face_down() -> None:
    """AR-1: three players, 10 cards each, 2 face down that no seat's view shows."""
    deal = Deal.from_seed(rules_of("altenburg"), 11)
    assert [len(deal.initial_hand(seat)) for seat in range(3)] == [10, 10, 10]
    assert len(deal.skat) == 2
    for seat in range(3):
        view = deal.view(seat)
        assert not set(deal.skat) & (set(view.hand) | set(view.skat) | set(view.laid))


# -- AR-2 / AR-3 --------------------------------------------------------------------------


def test_ar2_no_trumps_by_default_a_to_7_with_the_jack_below_the_queen() -> None:
    """AR-2: no trumps; every suit ranks A > 10 > K > Q > J > 9 > 8 > 7."""
    order = rules_of("altenburg").trick_order()
    assert order.trumps == ()
    for suit in "CSHD":
        ranked = cards(" ".join(suit + rank for rank in "ATKQJ987"))
        for i, high in enumerate(ranked):
            for low in ranked[i + 1 :]:
                assert trick_winner(order, [low, high]) == 1
                assert trick_winner(order, [high, low]) == 0
    assert trick_winner(order, cards("S7 CJ HA")) == 0  # no card of another suit wins


def test_ar2_tens_low() -> None:
    """AR-2 `tens_low`: A > K > Q > J > 10 > 9 > 8 > 7."""
    order = rules_of("altenburg", tens_low=True).trick_order()
    ranked = cards("SA SK SQ SJ ST S9 S8 S7")
    for i, high in enumerate(ranked):
        for low in ranked[i + 1 :]:
            assert trick_winner(order, [low, high]) == 1
    assert trick_winner(order, cards("ST SK")) == 1
    assert trick_winner(rules_of("altenburg").trick_order(), cards("ST SK")) == 0


def test_ar2_jacks_trump() -> None:
    """AR-2 `jacks_trump`: ♣J > ♠J > ♥J > ♦J are trumps above every plain card, and the
    plain suits lose their jack (with `tens_low` too)."""
    order = rules_of("altenburg", jacks_trump=True).trick_order()
    assert order.trumps == tuple(cards("CJ SJ HJ DJ"))
    assert trick_winner(order, cards("SA DJ HJ")) == 2
    assert order.plain[0] == tuple(cards("CA CT CK CQ C9 C8 C7"))
    both = rules_of("altenburg", jacks_trump=True, tens_low=True).trick_order()
    assert both.plain[1] == tuple(cards("SA SK SQ ST S9 S8 S7"))


def test_ar2_ar3_a_jack_led_is_a_club_lead_without_trumps() -> None:
    """AR-3: ♣J led is a club: forehand must follow with a club (♣Q ♣K ♣10, each allowed, no
    duty to head), and may not throw another suit."""
    deal = table_deal(rules_of("altenburg"), A1, A1_SKAT)
    play_table(deal, A1[:6])
    deal.apply(Play(Card.CJ), 2)
    assert set(deal.legal_actions()) == {Play(card) for card in cards("CQ CK CT")}
    before = snapshot(deal)
    with pytest.raises(MustFollowSuitError, match="follow suit"):
        deal.apply(Play(Card.DQ), 0)
    assert snapshot(deal) == before


def test_ar2_jacks_trump_a_jack_lead_must_be_followed_with_a_jack() -> None:
    """AR-2 `jacks_trump`: the same ♣J lead is now a trump lead: forehand, without a jack, may
    play any card; middlehand must play its ♠J."""
    deal = table_deal(rules_of("altenburg", jacks_trump=True), A1, A1_SKAT)
    play_table(deal, A1[:6])
    deal.apply(Play(Card.CJ), 2)
    assert len(deal.legal_actions()) == 4
    deal.apply(Play(Card.DQ), 0)
    assert deal.legal_actions() == [Play(Card.SJ)]
    with pytest.raises(MustFollowSuitError, match="a trump"):
        deal.apply(Play(Card.C9), 1)


def test_ar3_follow_suit_without_duty_to_head() -> None:
    """AR-3: on forehand's ♠9 middlehand may play ♠A, ♠Q or ♠7 (not heading is allowed),
    but no other suit."""
    deal = table_deal(rules_of("altenburg"), TIE_THREE, ZERO_SKAT)
    play_table(deal, TIE_THREE[:3])
    deal.apply(Play(Card.S9), 0)
    assert set(deal.legal_actions()) == {Play(card) for card in cards("SA SQ S7")}
    deal.check(Play(Card.S7), 1)
    with pytest.raises(MustFollowSuitError):
        deal.apply(Play(Card.DA), 1)


# -- AR-4 ---------------------------------------------------------------------------------


def test_ar4_loser_gets_10_and_face_down_cards_are_not_counted() -> None:
    """AR-4: rearhand has the most points (66) and gets 10 penalty points; the face-down
    ♥K ♦7 count for nobody (16 + 34 + 66 = 116)."""
    result = result_of_table(rules_of("altenburg", scoring="penalty"), A1, A1_SKAT)
    assert result.card_points == (16, 34, 66)
    assert result.detail.skat_to is None
    assert result.losers == (2,)
    assert result.scores == (0, 0, -10)


def test_ar4_one_jungfer_15() -> None:
    """AR-4: rearhand took no trick: forehand (111) gets 15."""
    result = result_of_table(rules_of("altenburg", scoring="penalty"), ONE_JUNGFER, ZERO_SKAT)
    assert result.card_points == (111, 9, 0)
    assert result.detail.jungfrau == (2,)
    assert result.scores == (-15, 0, 0)


def test_ar4_every_trick_is_no_durchmarsch_two_jungfern_20() -> None:
    """AR-4: taking every trick is no Durchmarsch under `penalty`: that player loses 20."""
    result = result_of_table(rules_of("altenburg", scoring="penalty"), ALL_TRICKS, ZERO_SKAT)
    assert result.detail.durchmarsch is None
    assert result.detail.jungfrau == (1, 2)
    assert result.losers == (0,)
    assert result.scores == (-20, 0, 0)


def test_ar4_two_way_tie_halves_the_penalty_exactly() -> None:
    """AR-4: forehand and middlehand tie on 60, rearhand is a Jungfer: 15 / 2 = 7½ each,
    exact, and written 7.5 in JSON."""
    rules = rules_of("altenburg", scoring="penalty")
    deal = play_table(table_deal(rules, TIE_TWO, ZERO_SKAT), TIE_TWO)
    result = deal.result
    assert result is not None
    assert result.card_points == (60, 60, 0)
    assert result.losers == (0, 1)
    assert [str(score) for score in result.scores] == ["-15/2", "-15/2", "0"]
    text = json.dumps(replay_summary(deal))
    assert '"scores": [-7.5, -7.5, 0]' in text


def test_ar4_three_way_tie_is_not_scored() -> None:
    """AR-4: all three on 40: the deal is not scored and nobody loses."""
    result = result_of_table(rules_of("altenburg", scoring="penalty"), TIE_THREE, ZERO_SKAT)
    assert result.card_points == (40, 40, 40)
    assert result.losers == ()
    assert result.scores == (0, 0, 0)


# -- AR-5 ---------------------------------------------------------------------------------


def test_ar5_pips_one_penalty_point_per_card_point() -> None:
    """AR-5 (default): penalty = card points taken; the face-down cards count for nobody."""
    result = result_of_table(rules_of("altenburg"), A1, A1_SKAT)
    assert result.scores == (-16, -34, -66)
    assert result.losers == (2,)
    assert result.winners == (0,)
    assert sum(result.card_points) == 116


def test_ar5_pips_durchmarsch_0_60_60() -> None:
    """AR-5: a Durchmarsch scores 0 for its maker and 60 for each of the other two, who are
    the deal's losers."""
    result = result_of_table(rules_of("altenburg"), ALL_TRICKS, ZERO_SKAT)
    assert result.detail.durchmarsch == 0
    assert result.scores == (0, -60, -60)
    assert result.losers == (1, 2)
    assert result.winners == (0,)


def test_ar5_pips_ties_all_lose() -> None:
    """AR-5 reading: the losers are all players with the most penalty points."""
    result = result_of_table(rules_of("altenburg"), TIE_TWO, ZERO_SKAT)
    assert result.scores == (-60, -60, 0)
    assert result.losers == (0, 1)


# -- AR-6 ---------------------------------------------------------------------------------


def schieben_deal(table: list[str], **options: object) -> Deal:
    return table_deal(rules_of("altenburg", schieben=True, **options), table, ZERO_SKAT)


def test_ar6_every_player_must_push() -> None:
    """AR-6: no passing on: the push round offers only picking up, then laying two."""
    deal = schieben_deal(ALL_TRICKS)
    assert deal.phase == "push" and deal.view(0).legal == (PickUp(),)
    assert PassOn() not in deal.legal_actions()
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match="Everyone must push"):
        deal.apply(PassOn(), 0)
    assert snapshot(deal) == before
    for seat in range(3):
        deal.apply(PickUp(), seat)
        deal.apply(Push((Card.H7, Card.D7)), seat)
    assert deal.phase == "play" and deal.pushes == 3


def test_ar6_jacks_may_be_laid() -> None:
    """AR-6: jacks may be laid (middlehand lays ♣J ♠J; 66 pairs of 12 cards are offered)."""
    deal = schieben_deal(ALL_TRICKS)
    deal.apply(PickUp(), 0)
    deal.apply(Push((Card.H7, Card.D7)), 0)
    deal.apply(PickUp(), 1)
    assert len(deal.view(1).legal) == 66
    deal.apply(Push((Card.CJ, Card.SJ)), 1)
    assert Card.CJ not in deal.hand(1)
    deal.apply(PickUp(), 2)
    assert set(deal.view(2).skat) == {Card.CJ, Card.SJ}


@pytest.mark.parametrize("scoring", ["pips", "penalty"])
def test_ar6_laid_away_cards_count_with_the_last_trick_and_nothing_doubles(scoring: str) -> None:
    """AR-6: forehand and middlehand push the ♥7 ♦7 on, rearhand lays ♣Q ♠Q (6) away; they
    go with the last trick to middlehand: 60 + 6 = 66. Three pushes double nothing, and the
    deal is scored as pips (AR-5) whatever `scoring` says."""
    rules = rules_of("altenburg", schieben=True, scoring=scoring)
    hands = hands_of_table(rules, LAID_AWAY)
    hands[2] = [card for card in hands[2] if card not in (Card.H7, Card.D7)] + cards("CQ SQ")
    deal = Deal(rules, hands, cards(ZERO_SKAT))
    for seat in range(2):
        deal.apply(PickUp(), seat)
        deal.apply(Push((Card.H7, Card.D7)), seat)
    deal.apply(PickUp(), 2)
    deal.apply(Push((Card.CQ, Card.SQ)), 2)
    play_table(deal, LAID_AWAY)
    result = deal.result
    assert result is not None
    assert set(result.skat) == {Card.CQ, Card.SQ}
    assert result.detail.skat_to == 1
    assert result.card_points == (54, 66, 0)
    assert result.detail.pushes == 3 and result.multiplier == 1
    assert result.scores == (-54, -66, 0)


def test_ar6_durchmarsch_after_pushing_is_scored_as_pips() -> None:
    """AR-6 with AR-5: everyone pushes ♥7 ♦7 on; forehand then takes every trick: 0/60/60."""
    deal = schieben_deal(ALL_TRICKS, scoring="penalty")
    for seat in range(3):
        deal.apply(Push((Card.H7, Card.D7)), seat)
    play_table(deal, ALL_TRICKS)
    assert deal.result is not None
    assert deal.result.detail.durchmarsch == 0
    assert deal.result.card_points == (120, 0, 0)
    assert deal.result.scores == (0, -60, -60)


def test_ar6_no_push_round_without_schieben() -> None:
    deal = table_deal(rules_of("altenburg", scoring="penalty"), A1, A1_SKAT)
    assert deal.phase == "play"
    with pytest.raises(IllegalActionError):
        deal.apply(PickUp(), 0)

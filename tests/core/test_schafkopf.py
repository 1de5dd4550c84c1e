"""docs/rules/ramsch.md, Schafkopf: Ramsch in Schafkopf (SK-1..SK-9), on hand-built deals.

Deals from ``tests/core/deals.py`` as in ``test_skat``; four seats: 0 forehand, 1 middlehand,
2 rearhand, 3 dealer. Each SK-5 deal is built so that its tie-break step, and no other,
decides the loser: the docstrings say whom every other step would pick.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from ramsch_core import (
    Card,
    Deal,
    InvalidDealError,
    Match,
    MustFollowSuitError,
    Play,
    RuleSetError,
    TableOptions,
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
    BAUERN_JUNGFRAU,
    DURCHMARSCH,
    JUNGFRAU,
    TIE_HIGHEST,
    TIE_LAST,
    TIE_TRICKS,
    TIE_TRUMPS,
)

# -- SK-1 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 3, 99])
def test_sk1_four_hands_of_eight_and_no_skat(seed: int) -> None:
    """SK-1: four players get 8 cards each; there is no skat."""
    deal = Deal.from_seed(rules_of("schafkopf"), seed)
    hands = [deal.initial_hand(seat) for seat in range(4)]
    assert [len(hand) for hand in hands] == [8] * 4 and deal.skat == ()
    assert len({card for hand in hands for card in hand}) == 32
    assert deal.players == 4 and deal.to_act == 0


def test_sk1_a_skat_or_three_hands_are_refused() -> None:
    rules = rules_of("schafkopf")
    hands = hands_of_table(rules, JUNGFRAU)
    with pytest.raises(InvalidDealError, match="dealt to 4 hands, not 3"):
        Deal(rules, hands[:3], [])
    with pytest.raises(InvalidDealError, match="Hand 0 holds 7"):
        Deal(rules, [hands[0][1:], *hands[1:]], hands[0][:1])


# -- SK-2 / SK-3 / SK-4 -------------------------------------------------------------------


def test_sk2_fourteen_trumps_in_order_and_plain_suits_without_obers_and_unters() -> None:
    """SK-2: ♣Q > ♠Q > ♥Q > ♦Q > ♣J > ♠J > ♥J > ♦J > ♥A > ♥10 > ♥K > ♥9 > ♥8 > ♥7;
    plain suits A > 10 > K > 9 > 8 > 7."""
    order = rules_of("schafkopf").trick_order()
    trumps = cards("CQ SQ HQ DQ CJ SJ HJ DJ HA HT HK H9 H8 H7")
    assert order.trumps == tuple(trumps)
    for high, low in pairwise(trumps):
        assert trick_winner(order, [low, high, Card.C7, Card.S7]) == 1
    clubs, spades, diamonds = (
        tuple(cards(f"{suit}A {suit}T {suit}K {suit}9 {suit}8 {suit}7")) for suit in "CSD"
    )
    assert order.plain == (clubs, spades, (), diamonds)
    assert trick_winner(order, cards("CA H7 CT CK")) == 1  # the lowest trump beats a plain Ace


def test_sk2_sk4_a_trump_lead_is_answered_with_trumps_hearts_included() -> None:
    """SK-4 with SK-2: ♠J is led; middlehand must answer with one of its trumps (♣Q ♠Q ♦J),
    rearhand with ♥A ♥10 or ♦Q (its Hearts are trumps); the dealer with ♥J or ♥8."""
    deal = table_deal(rules_of("schafkopf"), JUNGFRAU)
    deal.apply(Play(Card.SJ), 0)
    assert set(deal.legal_actions()) == {Play(card) for card in cards("CQ SQ DJ")}
    before = snapshot(deal)
    with pytest.raises(MustFollowSuitError, match="a trump"):
        deal.apply(Play(Card.CT), 1)
    assert snapshot(deal) == before
    deal.apply(Play(Card.SQ), 1)
    assert set(deal.legal_actions()) == {Play(card) for card in cards("HA HT DQ")}
    deal.apply(Play(Card.DQ), 2)
    assert set(deal.legal_actions()) == {Play(card) for card in cards("HJ H8")}


def test_sk2_sk4_an_ober_is_no_card_of_its_suit() -> None:
    """SK-4: forehand leads ♠A: middlehand (♠Q, ♠8) must play ♠8, since ♠Q is a trump;
    rearhand, without spades, may play any card."""
    deal = table_deal(rules_of("schafkopf"), JUNGFRAU)
    deal.apply(Play(Card.SA), 0)
    assert deal.legal_actions() == [Play(Card.S8)]
    with pytest.raises(MustFollowSuitError, match="follow suit"):
        deal.apply(Play(Card.SQ), 1)
    deal.apply(Play(Card.S8), 1)
    assert len(deal.legal_actions()) == 8


def test_sk3_bauernramsch_only_obers_and_unters_are_trumps() -> None:
    """SK-3: eight trumps, Obers then Unters; Hearts rank A 10 K 9 8 7 as a plain suit."""
    order = rules_of("schafkopf", trumps="obers_unters").trick_order()
    assert order.trumps == tuple(cards("CQ SQ HQ DQ CJ SJ HJ DJ"))
    assert not order.is_trump(Card.HA)
    assert trick_winner(order, cards("H7 HA HK")) == 1
    assert trick_winner(order, cards("HA DJ HT")) == 1


def test_sk3_bauernramsch_a_heart_lead_is_followed_with_hearts() -> None:
    """SK-3: middlehand leads ♥A; rearhand (♥J ♥9 ♥7) must play ♥9 or ♥7, not the Unter."""
    rules = rules_of("schafkopf", trumps="obers_unters")
    deal = table_deal(rules, BAUERN_JUNGFRAU)
    play_table(deal, BAUERN_JUNGFRAU[:1])
    deal.apply(Play(Card.HA), 1)
    assert set(deal.legal_actions()) == {Play(Card.H9), Play(Card.H7)}
    with pytest.raises(MustFollowSuitError):
        deal.apply(Play(Card.HJ), 2)


def test_sk3_bauernramsch_deal_scored() -> None:
    """SK-3 deal: the dealer has 56 and pays; rearhand is a Jungfrau and gets 40 (SK-8)."""
    result = result_of_table(rules_of("schafkopf", trumps="obers_unters"), BAUERN_JUNGFRAU)
    assert result.card_points == (24, 40, 0, 56)
    assert result.trick_counts == (2, 2, 0, 4)
    assert result.detail.jungfrau == (2,)
    assert result.losers == (3,)
    assert result.scores == (20, 20, 40, -80)
    # under the standard trumps the same play breaks down at the 6th trick: middlehand's ♥8
    # is a trump there and must answer the ♣Q lead, so its ♣7 is refused
    with pytest.raises(MustFollowSuitError):
        play_table(table_deal(rules_of("schafkopf"), BAUERN_JUNGFRAU), BAUERN_JUNGFRAU)


# -- SK-5 ---------------------------------------------------------------------------------


def test_sk5_most_points_loses() -> None:
    """SK-5: forehand has 63 points and loses, though middlehand took more tricks (4 to 3)
    and more trumps."""
    result = result_of_table(rules_of("schafkopf"), JUNGFRAU)
    assert result.card_points == (63, 32, 25, 0)
    assert result.trick_counts == (3, 4, 1, 0)
    assert result.losers == (0,)


def test_sk5_tie_on_points_more_tricks_loses() -> None:
    """SK-5 step 2: M and D tie on 39; D took 3 tricks, M 2: D loses. Every later step would
    pick M: trumps taken M 5 (♠J; ♣J ♥K ♣Q ♦Q) vs D 4 (♥10 ♦J ♥J ♥9); highest M ♣Q vs D ♥J;
    last trick M 7th vs D 6th."""
    result = result_of_table(rules_of("schafkopf"), TIE_TRICKS)
    assert result.card_points == (10, 39, 32, 39)
    assert result.trick_counts == (1, 2, 2, 3)
    assert result.losers == (3,)
    assert result.scores == (20, 20, 20, -60)


def test_sk5_tie_on_points_and_tricks_more_trumps_loses() -> None:
    """SK-5 step 3: F and D tie on 39 and 2 tricks; D's tricks hold 4 trumps (♥K ♥10 ♥J ♠J),
    F's one (♦Q): D loses. Step 4 would pick F (♦Q beats ♠J), step 5 F (6th trick vs 2nd)."""
    result = result_of_table(rules_of("schafkopf"), TIE_TRUMPS)
    assert result.card_points == (39, 21, 21, 39)
    assert result.trick_counts == (2, 1, 3, 2)
    assert result.losers == (3,)
    assert result.scores == (20, 20, 20, -60)


def test_sk5_tie_on_points_tricks_and_trump_count_highest_trump_loses() -> None:
    """SK-5 step 4: M and D tie on 35, 2 tricks, 4 trumps each; D took ♣Q, M only up to ♣J:
    D loses. Step 5 would pick M (7th trick vs 2nd), and so would the lower seat."""
    result = result_of_table(rules_of("schafkopf"), TIE_HIGHEST)
    assert result.card_points == (28, 35, 22, 35)
    assert result.trick_counts == (1, 2, 3, 2)
    assert result.losers == (3,)
    assert result.scores == (20, 20, 20, -60)


def test_sk5_house_rule_later_last_trick_loses() -> None:
    """SK-5 house rule: M and R tie on 32 points and 2 tricks, with no trump in their tricks;
    R's last trick (the 8th) came after M's (the 6th): R loses. The lower seat would be M."""
    result = result_of_table(rules_of("schafkopf"), TIE_LAST)
    assert result.card_points == (29, 32, 32, 27)
    assert result.trick_counts == (2, 2, 2, 2)
    assert result.losers == (2,)
    assert result.scores == (20, 20, -60, 20)


# -- SK-6 / SK-7 / SK-8 -------------------------------------------------------------------


def test_sk6_sk8_jungfrau_receives_four_times_the_base() -> None:
    """SK-6: the dealer took no trick. SK-8: the loser pays 20¢ to each opponent, 40¢ to the
    Jungfrau: −80."""
    result = result_of_table(rules_of("schafkopf"), JUNGFRAU)
    assert result.detail.jungfrau == (3,)
    assert result.scores == (-80, 20, 20, 40)
    assert sum(result.scores) == 0


def test_sk8_jungfrau_doubles_all() -> None:
    """SK-8 `jungfrau_doubles_all`: with a Jungfrau the loser pays every opponent 40¢."""
    result = result_of_table(rules_of("schafkopf", jungfrau_doubles_all=True), JUNGFRAU)
    assert result.scores == (-120, 40, 40, 40)
    # without a Jungfrau the option changes nothing
    plain = result_of_table(rules_of("schafkopf", jungfrau_doubles_all=True), TIE_LAST)
    assert plain.scores == (20, 20, -60, 20)


def test_sk8_base_stake_scales_every_payment() -> None:
    """SK-8 `base_stake` 5: 10¢ to each opponent, 20¢ to the Jungfrau."""
    result = result_of_table(rules_of("schafkopf", base_stake=5), JUNGFRAU)
    assert result.scores == (-40, 10, 10, 20)


@pytest.mark.parametrize(("base", "each"), [(10, 70), (1, 7), (25, 175)])
def test_sk7_sk8_durchmarsch_paid_as_a_solo_schwarz(base: int, each: int) -> None:
    """SK-7: one player takes all 8 tricks and wins; SK-8: 7 × base from each opponent."""
    result = result_of_table(rules_of("schafkopf", base_stake=base), DURCHMARSCH)
    assert result.trick_counts == (8, 0, 0, 0)
    assert result.detail.durchmarsch == 0
    assert result.winners == (0,) and result.losers == ()
    assert result.scores == (3 * each, -each, -each, -each)


def test_sk7_durchmarsch_is_not_affected_by_jungfrau_doubles_all() -> None:
    """SK-8 reading: the three opponents of a Durchmarsch are Jungfrauen, but the Durchmarsch
    tariff (7 × base each) applies, not the Jungfrau payments."""
    result = result_of_table(rules_of("schafkopf", jungfrau_doubles_all=True), DURCHMARSCH)
    assert result.scores == (210, -70, -70, -70)


# -- SK-9 ---------------------------------------------------------------------------------


def test_sk9_hosted_alone_every_deal_is_a_ramsch() -> None:
    """SK-9: a Schafkopf Ramsch table deals Ramsch every time: each deal starts with the
    first lead (no bidding, no pushing) and is scored; four seats are required."""
    rules = rules_of("schafkopf")
    match = Match(rules, TableOptions(seats=4, rounds=1), seed=5)
    while not match.finished:
        assert match.deal.phase == "play" and match.deal.tricks == []
        done = len(match.finished_deals)
        while len(match.finished_deals) == done:
            match.apply(match.deal.legal_actions()[0])
    assert len(match.finished_deals) == 4
    assert all(sum(entry.result.scores) == 0 for entry in match.finished_deals)
    with pytest.raises(RuleSetError, match="four players"):
        Match(rules, TableOptions(seats=3), seed=5)


def test_sk9_stock_belongs_to_full_schafkopf() -> None:
    """SK-9 reading: `stock` is an option of full Schafkopf (section 6), where Ramsch is one
    contract; the Ramsch-alone variant has no such option and refuses it."""
    with pytest.raises(RuleSetError, match="unknown option 'stock'"):
        rules_of("schafkopf", stock=True)

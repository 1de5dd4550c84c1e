"""docs/rules/ramsch.md, Skat: Ramsch in Skat (SR-1..SR-10), on hand-built deals.

The deals are the trick tables of ``tests/core/deals.py`` (``"leader: cards in play order"``;
the hands are exactly the cards each seat plays). Every expected number was added up by hand
from the points written beside each trick there.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from ramsch_core import (
    Action,
    Card,
    Deal,
    IllegalActionError,
    InvalidDealError,
    MustFollowSuitError,
    PassOn,
    PickUp,
    Play,
    Push,
    RulesError,
)
from tests.core.builders import (
    action_cards,
    cards,
    hands_of_table,
    make_deal,
    play_table,
    result_of_table,
    rules_of,
    snapshot,
    table_deal,
    trick_winner,
    winners_of,
)
from tests.core.deals import D0, D0_SKAT, D1, D1_PUSHED, D1_SKAT, D2, D2_SKAT, D3, D3_SKAT

# -- SR-1 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40 + 3])
def test_sr1_three_hands_of_ten_and_a_skat_of_two(seed: int) -> None:
    """SR-1: three active players get 10 cards each; 2 cards form the skat."""
    deal = Deal.from_seed(rules_of("skat"), seed)
    hands = [deal.initial_hand(seat) for seat in range(3)]
    assert [len(hand) for hand in hands] == [10, 10, 10] and len(deal.skat) == 2
    assert len({card for hand in hands for card in hand} | set(deal.skat)) == 32


def test_sr1_other_deal_shapes_are_refused() -> None:
    """SR-1: two hands, or a skat of one or three cards, is no Skat Ramsch deal."""
    rules = rules_of("skat")
    hands = hands_of_table(rules, D1)
    with pytest.raises(InvalidDealError, match="dealt to 3 hands, not 2"):
        Deal(rules, hands[:2], cards(D1_SKAT))
    with pytest.raises(InvalidDealError, match="skat holds 1 cards"):
        Deal(rules, hands, cards("HK"))
    with pytest.raises(InvalidDealError, match="skat holds 3 cards"):
        Deal(rules, hands, cards("HK D7 CA"))


def test_sr1_a_hand_of_eleven_or_a_card_twice_is_refused() -> None:
    rules = rules_of("skat")
    hands = hands_of_table(rules, D1)
    with pytest.raises(InvalidDealError, match="Hand 1 holds 11 cards"):
        Deal(rules, [hands[0], [*hands[1], Card.HK], hands[2]], cards("D7 CA"))
    with pytest.raises(InvalidDealError, match="dealt twice"):
        Deal(rules, [hands[0], hands[1], [*hands[2][1:], Card.CA]], cards(D1_SKAT))


# -- SR-2 ---------------------------------------------------------------------------------


def test_sr2_the_four_jacks_are_the_only_trumps_clubs_highest() -> None:
    """SR-2: ♣J > ♠J > ♥J > ♦J, and the lowest jack beats the highest plain card."""
    order = rules_of("skat").trick_order()
    assert order.trumps == (Card.CJ, Card.SJ, Card.HJ, Card.DJ)
    assert [card for card in Card if order.is_trump(card)] == [Card.CJ, Card.SJ, Card.HJ, Card.DJ]
    jacks = cards("CJ SJ HJ DJ")
    for high, low in pairwise(jacks):
        assert trick_winner(order, [low, high, Card.C7]) == 1
        assert trick_winner(order, [high, low, Card.C7]) == 0
    assert trick_winner(order, cards("SA DJ ST")) == 1


@pytest.mark.parametrize("suit", "CSHD")
def test_sr2_plain_suits_rank_as_in_a_grand(suit: str) -> None:
    """SR-2: A > 10 > K > Q > 9 > 8 > 7 in every suit (the queen above the nine)."""
    order = rules_of("skat").trick_order()
    ranked = cards(" ".join(suit + rank for rank in "ATKQ987"))
    for i, high in enumerate(ranked):
        for low in ranked[i + 1 :]:
            assert trick_winner(order, [low, high]) == 1, (low, high)
            assert trick_winner(order, [high, low]) == 0, (high, low)


# -- SR-3 ---------------------------------------------------------------------------------

# for the follow-suit checks: forehand can lead C9 and CK; middlehand has one club and CJ
SR3_HANDS = [
    "CA CK C9 SA ST HA HT DA DT D9",
    "C8 CJ SJ SK SQ HK HQ DK DQ D8",
    "C7 CQ HJ DJ S9 S8 S7 H9 H8 H7",
]
SR3_SKAT = "CT D7"


def test_sr3_forehand_leads_any_card() -> None:
    """SR-3: forehand leads the first trick, with any card of its hand."""
    deal = make_deal(rules_of("skat"), SR3_HANDS, SR3_SKAT)
    assert deal.phase == "play" and deal.to_act == 0
    assert deal.legal_actions() == [Play(card) for card in sorted(cards(SR3_HANDS[0]))]


def test_sr3_must_follow_suit_and_a_refusal_changes_nothing() -> None:
    """SR-3: a player who holds the suit led must play it (here: a single club left)."""
    deal = make_deal(rules_of("skat"), SR3_HANDS, SR3_SKAT)
    deal.apply(Play(Card.C9), 0)
    assert deal.legal_actions() == [Play(Card.C8)]
    before = snapshot(deal)
    with pytest.raises(MustFollowSuitError, match="follow suit"):
        deal.apply(Play(Card.SK), 1)
    with pytest.raises(MustFollowSuitError):
        deal.apply(Play(Card.CJ), 1)  # the jack is no club (C-5)
    assert snapshot(deal) == before


def test_sr3_no_duty_to_head_the_trick() -> None:
    """SR-3: rearhand may follow with ♣7 although ♣Q would beat the ♣9 led."""
    deal = make_deal(rules_of("skat"), SR3_HANDS, SR3_SKAT)
    deal.apply(Play(Card.C9), 0)
    deal.apply(Play(Card.C8), 1)
    assert set(deal.legal_actions()) == {Play(Card.C7), Play(Card.CQ)}
    deal.apply(Play(Card.C7), 2)
    assert deal.tricks[0].winner == 0


def test_sr3_no_duty_to_trump() -> None:
    """SR-3: middlehand, out of clubs, may throw ♦8 on a club lead although it holds jacks."""
    deal = make_deal(rules_of("skat"), SR3_HANDS, SR3_SKAT)
    for card, seat in [("C9", 0), ("C8", 1), ("C7", 2), ("CK", 0)]:
        deal.apply(Play(Card.parse(card)), seat)
    assert set(deal.legal_actions()) == {Play(card) for card in deal.hand(1)}
    assert len(deal.hand(1)) == 9
    deal.apply(Play(Card.D8), 1)
    assert deal.legal_actions() == [Play(Card.CQ)]  # rearhand still holds a club
    deal.apply(Play(Card.CQ), 2)
    assert deal.tricks[1].winner == 0


def test_sr3_a_jack_led_must_be_answered_with_a_jack() -> None:
    """SR-3: after ♣J is led, forehand (♠J and plain cards) may only play ♠J; middlehand may
    play either of its two jacks."""
    deal = table_deal(rules_of("skat"), D1, D1_SKAT)
    play_table(deal, D1[:7])
    deal.apply(Play(Card.CJ), 2)
    assert deal.legal_actions() == [Play(Card.SJ)]
    with pytest.raises(MustFollowSuitError, match="a trump"):
        deal.apply(Play(Card.DQ), 0)
    deal.apply(Play(Card.SJ), 0)
    assert set(deal.legal_actions()) == {Play(Card.HJ), Play(Card.DJ)}


def test_sr3_wrong_seat_and_cards_not_held_are_refused() -> None:
    deal = make_deal(rules_of("skat"), SR3_HANDS, SR3_SKAT)
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match="not your turn"):
        deal.apply(Play(Card.C8), 1)
    with pytest.raises(IllegalActionError, match="don't hold"):
        deal.apply(Play(Card.C8), 0)
    with pytest.raises(IllegalActionError):
        deal.apply(PickUp(), 0)
    assert snapshot(deal) == before


# -- SR-4 / SR-5 --------------------------------------------------------------------------


def test_sr4_sr5_skat_to_last_trick_by_default() -> None:
    """SR-4 default: the skat (♥K ♦7, 4) goes to the last trick's winner, middlehand (33 + 4);
    SR-5: rearhand has the most points, 58, and loses them."""
    result = result_of_table(rules_of("skat"), D1, D1_SKAT)
    assert winners_of(result)[-1] == 1
    assert result.detail.skat_to == 1
    assert result.card_points == (25, 37, 58)
    assert result.trick_counts == (2, 3, 5)
    assert result.losers == (2,)
    assert result.scores == (0, 0, -58)


def test_sr4_skat_to_loser() -> None:
    """SR-4 `loser`: the skat goes to the unique player with the most trick points."""
    result = result_of_table(rules_of("skat", skat_to="loser"), D1, D1_SKAT)
    assert result.detail.skat_to == 2
    assert result.card_points == (25, 33, 62)
    assert result.scores == (0, 0, -62)


def test_sr4_skat_to_nobody() -> None:
    """SR-4 `nobody`: the skat's points count for no one."""
    result = result_of_table(rules_of("skat", skat_to="nobody"), D1, D1_SKAT)
    assert result.detail.skat_to is None
    assert result.card_points == (25, 33, 58)
    assert result.scores == (0, 0, -58)
    assert result.skat == tuple(cards(D1_SKAT))


def test_sr4_skat_to_loser_with_a_tie_at_the_top_goes_to_nobody() -> None:
    """SR-4 `loser`: middlehand and rearhand tie on 44 trick points, so the skat (8) goes to
    nobody, and both lose 44 (SR-5). With the default the skat makes rearhand the loser."""
    result = result_of_table(rules_of("skat", skat_to="loser"), D2, D2_SKAT)
    assert result.detail.skat_to is None
    assert result.card_points == (24, 44, 44)
    assert result.losers == (1, 2)
    assert result.scores == (0, -44, -44)
    default = result_of_table(rules_of("skat"), D2, D2_SKAT)
    assert default.detail.skat_to == 2
    assert (default.card_points, default.scores) == ((24, 44, 52), (0, 0, -52))


def test_sr4_nobody_looks_at_the_skat() -> None:
    """SR-4: while the deal runs, no seat's view shows a skat card; the result names it."""
    rules = rules_of("skat")
    deal = table_deal(rules, D1, D1_SKAT)
    hidden = set(cards(D1_SKAT))
    for line in D1:
        for seat in range(3):
            view = deal.view(seat)
            seen = set(view.hand) | set(view.skat) | set(view.laid) | set(view.played)
            assert not seen & hidden and view.result is None
        play_table(deal, [line])
    assert deal.result is not None and set(deal.result.skat) == hidden


def test_sr5_tied_players_at_the_top_all_lose() -> None:
    """SR-5: with the skat to nobody, middlehand and rearhand tie on 44 and both lose 44."""
    result = result_of_table(rules_of("skat", skat_to="nobody"), D2, D2_SKAT)
    assert result.losers == (1, 2)
    assert result.scores == (0, -44, -44)
    assert result.multiplier == 1


# -- SR-6 / SR-7 / SR-8 -------------------------------------------------------------------


def test_sr6_a_jungfrau_doubles_the_loss() -> None:
    """SR-6: rearhand took no trick: forehand's 105 points are lost twice: −210."""
    result = result_of_table(rules_of("skat"), D3, D3_SKAT)
    assert result.trick_counts == (9, 1, 0)
    assert result.detail.jungfrau == (2,)
    assert result.card_points == (105, 15, 0)
    assert result.multiplier == 2
    assert result.scores == (-210, 0, 0)


def test_sr6_sr7_two_jungfrauen_without_durchmarsch_quadruple() -> None:
    """SR-7 with `durchmarsch` off: the player with every trick simply loses (SR-5/6): 120
    points, doubled once per Jungfrau (two of them): −480."""
    result = result_of_table(rules_of("skat", durchmarsch=False), D0, D0_SKAT)
    assert result.detail.durchmarsch is None
    assert result.detail.jungfrau == (1, 2)
    assert result.losers == (0,)
    assert result.multiplier == 4
    assert result.scores == (-480, 0, 0)


@pytest.mark.parametrize(
    "options",
    [{}, {"scoring": "fixed"}, {"scoring": "fixed", "stake": 50}, {"skat_to": "nobody"}],
)
def test_sr7_durchmarsch_wins_120_and_nobody_loses(options: dict[str, object]) -> None:
    """SR-7: taking every trick wins +120 and nobody loses, under every scoring option."""
    result = result_of_table(rules_of("skat", **options), D0, D0_SKAT)
    assert result.detail.durchmarsch == 0
    assert result.trick_counts == (10, 0, 0)
    assert result.losers == ()
    assert result.scores == (120, 0, 0)


def test_sr8_deal_winner() -> None:
    """SR-8: the Durchmarsch player, otherwise the player(s) with the fewest card points."""
    assert result_of_table(rules_of("skat"), D0, D0_SKAT).winners == (0,)
    assert result_of_table(rules_of("skat"), D1, D1_SKAT).winners == (0,)
    assert result_of_table(rules_of("skat"), D3, D3_SKAT).winners == (2,)
    both = result_of_table(rules_of("skat", durchmarsch=False), D0, D0_SKAT)
    assert both.winners == (1, 2)


# -- SR-9 ---------------------------------------------------------------------------------


def test_sr9_fixed_stake_per_loser() -> None:
    """SR-9: the loser loses the stake, not the points: rearhand −25 with `stake` 25."""
    result = result_of_table(rules_of("skat", scoring="fixed", stake=25), D1, D1_SKAT)
    assert result.scores == (0, 0, -25)
    assert result_of_table(rules_of("skat", scoring="fixed"), D1, D1_SKAT).scores == (0, 0, -10)


def test_sr9_fixed_stake_doubled_per_jungfrau() -> None:
    """SR-9: with a Jungfrau the stake doubles: −20."""
    assert result_of_table(rules_of("skat", scoring="fixed"), D3, D3_SKAT).scores == (-20, 0, 0)


def test_sr9_fixed_stake_each_tied_loser() -> None:
    """SR-9 with SR-5: both players tied at the top lose the stake."""
    rules = rules_of("skat", scoring="fixed", skat_to="nobody")
    assert result_of_table(rules, D2, D2_SKAT).scores == (0, -10, -10)


# -- SR-10 Schieberamsch ------------------------------------------------------------------


def pushing_deal(**options: object) -> Deal:
    """D0 dealt for Schieberamsch (the skat ♥7 ♦7 holds no jack)."""
    return table_deal(rules_of("skat", schieben=True, **options), D0, D0_SKAT)


def test_sr10_forehand_then_middlehand_then_rearhand_push_or_pass_before_the_lead() -> None:
    """SR-10: the push round runs forehand, middlehand, rearhand; then forehand leads."""
    deal = pushing_deal()
    assert deal.phase == "push" and deal.to_act == 0
    assert deal.view(0).legal == (PickUp(), PassOn())
    with pytest.raises(IllegalActionError, match="Schieberamsch comes first"):
        deal.apply(Play(Card.CA), 0)
    deal.apply(PassOn(), 0)
    assert deal.to_act == 1
    deal.apply(PickUp(), 1)
    deal.apply(Push((Card.H7, Card.D7)), 1)
    assert deal.to_act == 2 and deal.phase == "push"
    deal.apply(PassOn(), 2)
    assert deal.phase == "play" and deal.to_act == 0
    assert deal.log == [(0, "pass_on"), (1, "push"), (2, "pass_on")]
    assert deal.pushes == 1


def test_sr10_a_push_lays_any_two_of_twelve_for_the_next_seat() -> None:
    """SR-10: forehand picks up ♥7 ♦7 and lays ♣A ♥7; middlehand then finds ♣A ♥7."""
    deal = pushing_deal()
    deal.apply(PickUp(), 0)
    view = deal.view(0)
    assert set(view.skat) == {Card.H7, Card.D7}
    assert len(view.hand) == 10
    pushes = [action for action in view.legal if isinstance(action, Push)]
    # 12 cards, 2 of them jacks that may not be laid: C(10, 2) = 45 pairs
    assert len(pushes) == 45 and view.legal == tuple(pushes)
    deal.apply(Push((Card.CA, Card.H7)), 0)
    assert Card.D7 in deal.hand(0) and Card.CA not in deal.hand(0) and len(deal.hand(0)) == 10
    assert deal.view(0).laid == (Card.CA, Card.H7)
    deal.apply(PickUp(), 1)
    assert set(deal.view(1).skat) == {Card.CA, Card.H7}


def test_sr10_pass_on_never_shows_the_cards() -> None:
    """SR-10: forehand passes ♥7 ♦7 on unseen; middlehand picks them up and lays ♣K ♣Q;
    rearhand passes those on unseen. Neither passer's view ever shows them (hand, packet,
    laid cards, or the cards named in its legal actions)."""
    deal = pushing_deal()
    hidden_from = {0: set(cards("H7 D7")), 2: set(cards("H7 D7 CK CQ"))}

    def check() -> None:
        for seat, hidden in hidden_from.items():
            view = deal.view(seat)
            shown = {card for action in view.legal for card in action_cards(action)}
            assert not (set(view.hand) | set(view.skat) | set(view.laid) | shown) & hidden

    check()
    deal.apply(PassOn(), 0)
    check()
    deal.apply(PickUp(), 1)
    check()
    assert set(deal.view(1).skat) == set(cards("H7 D7"))
    deal.apply(Push((Card.CK, Card.CQ)), 1)
    check()
    assert deal.view(2).legal == (PickUp(), PassOn())
    deal.apply(PassOn(), 2)
    check()
    assert deal.phase == "play"


def test_sr10_jacks_may_not_be_laid_unless_the_table_allows() -> None:
    """SR-10 `schieben_jacks` (default no): a push with a jack is refused and changes nothing;
    with the option on it is a legal push."""
    deal = pushing_deal()
    deal.apply(PickUp(), 0)
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match="jacks may not be pushed"):
        deal.apply(Push((Card.CJ, Card.H7)), 0)
    assert snapshot(deal) == before
    assert not any(
        isinstance(action, Push) and Card.CJ in action.cards for action in deal.legal_actions()
    )
    allowed = pushing_deal(schieben_jacks=True)
    allowed.apply(PickUp(), 0)
    assert Push((Card.CJ, Card.SJ)) in allowed.legal_actions()
    allowed.apply(Push((Card.CJ, Card.SJ)), 0)
    assert Card.CJ not in allowed.hand(0)


def test_sr10_refused_push_round_actions() -> None:
    deal = pushing_deal()
    deal.apply(PickUp(), 0)
    before = snapshot(deal)
    refused: list[tuple[Action, str]] = [
        (PickUp(), "already picked up"),
        (PassOn(), "picked the cards up"),
        (Push((Card.CA, Card.CA)), "two different"),
        (Push((Card.CK, Card.H7)), "don't hold"),
    ]
    for action, message in refused:
        with pytest.raises(IllegalActionError, match=message):
            deal.apply(action, 0)
    with pytest.raises(IllegalActionError, match="not your turn"):
        deal.apply(Push((Card.CA, Card.H7)), 1)
    assert snapshot(deal) == before


@pytest.mark.parametrize(
    ("pushers", "doubles", "expected"),
    [((0, 1, 2), True, 960), ((0, 2), True, 480), ((), True, 120), ((0, 1, 2), False, 120)],
)
def test_sr10_sr7_each_push_doubles_even_a_durchmarsch(
    pushers: tuple[int, ...], doubles: bool, expected: int
) -> None:
    """SR-10 `schieben_doubles` (default yes): each push doubles the deal's score; SR-7 says
    pushes double a Durchmarsch too. Every pusher here lays ♥7 ♦7 straight on, so the hands
    stay those of D0: 120 × 2^pushes."""
    deal = pushing_deal(schieben_doubles=doubles)
    for seat in range(3):
        if seat in pushers:
            deal.apply(PickUp(), seat)
            deal.apply(Push((Card.H7, Card.D7)), seat)
        else:
            deal.apply(PassOn(), seat)
    play_table(deal, D0)
    assert deal.result is not None
    assert deal.result.detail.pushes == len(pushers)
    assert deal.result.scores == (expected, 0, 0)
    assert deal.result.multiplier == expected // 120


def test_sr10_sr4_the_skat_is_the_final_packet() -> None:
    """SR-10: after rearhand the two cards lying there are the skat, scored as SR-4: with
    `skat_to` loser, rearhand's 58 + ♥K ♠Q (7) = 65, doubled by the one push: −130."""
    rules = rules_of("skat", schieben=True, skat_to="loser")
    hands = hands_of_table(rules, D1_PUSHED)
    hands[2] = [*[card for card in hands[2] if card != Card.D7], Card.SQ]
    deal = Deal(rules, hands, cards(D1_SKAT))
    deal.apply(PassOn(), 0)
    deal.apply(PassOn(), 1)
    deal.apply(PickUp(), 2)
    assert set(deal.view(2).skat) == {Card.HK, Card.D7}
    deal.apply(Push((Card.HK, Card.SQ)), 2)
    play_table(deal, D1_PUSHED)
    result = deal.result
    assert result is not None
    assert set(result.skat) == {Card.HK, Card.SQ}
    assert result.detail.skat_to == 2
    assert result.card_points == (25, 30, 65)
    assert result.detail.pushes == 1 and result.multiplier == 2
    assert result.scores == (0, 0, -130)


def test_sr10_pushes_double_a_fixed_stake_too() -> None:
    """SR-10 with SR-9: one push doubles the fixed stake: −20."""
    rules = rules_of("skat", schieben=True, scoring="fixed")
    hands = hands_of_table(rules, D1_PUSHED)
    hands[2] = [*[card for card in hands[2] if card != Card.D7], Card.SQ]
    deal = Deal(rules, hands, cards(D1_SKAT))
    deal.apply(PassOn(), 0)
    deal.apply(PassOn(), 1)
    deal.apply(Push((Card.HK, Card.SQ)), 2)  # a push may pick up implicitly
    play_table(deal, D1_PUSHED)
    assert deal.result is not None and deal.result.scores == (0, 0, -20)
    assert deal.history[2] == (2, Push((Card.HK, Card.SQ)))


def test_sr10_the_push_round_is_not_offered_without_schieben() -> None:
    deal = table_deal(rules_of("skat"), D0, D0_SKAT)
    assert deal.phase == "play"
    for action in (PickUp(), PassOn(), Push((Card.CA, Card.CT))):
        with pytest.raises(RulesError):
            deal.apply(action, 0)

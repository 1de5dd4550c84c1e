"""Play rules beyond following suit: every PlayRule(follow=True, must_trump, must_beat) compiled
by ``Layout`` against a reading of the rule on cards; the duties through the public API with the
test game "Stich" (tests/example_game/), whose options choose them; and the kernel's
``_run_ruled`` playouts against the API.

The rule as PlayRule's docstring states it: a player who does not lead must follow suit
(Farbzwang; the trumps are a suit of their own, C-5); unable to follow, must trump
(Trumpfzwang); in doing either must beat the trick if possible (Stechzwang); otherwise plays
any card. Every Ramsch variant has the first duty alone (SR-3, SK-4, AR-3).
"""

from __future__ import annotations

import random
import re
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramsch_core import (
    DECK,
    Card,
    Deal,
    IllegalActionError,
    MustBeatError,
    MustFollowSuitError,
    MustTrumpError,
    Play,
    RuleSet,
    TrickOrder,
)
from ramsch_core.contracts.ramsch import altenburg_order, jacks_order, schafkopf_order
from ramsch_core.kernel import Kernel, Layout
from ramsch_core.tricks.constraints import FOLLOW_SUIT, PlayRule
from tests.core import agreement, oracle
from tests.core.builders import cards, snapshot
from tests.core.strategies import rules_of_game
from tests.example_game.core import STICH, StichRules

ORDERS: dict[str, TrickOrder] = {
    "jacks": jacks_order(),
    "schafkopf": schafkopf_order(obers_unters_only=False),
    "bauernramsch": schafkopf_order(obers_unters_only=True),
    "altenburg": altenburg_order(tens_low=False, jacks_trump=False),
    "altenburg-tens-low": altenburg_order(tens_low=True, jacks_trump=False),
    "altenburg-jacks": altenburg_order(tens_low=False, jacks_trump=True),
    "altenburg-tens-low-jacks": altenburg_order(tens_low=True, jacks_trump=True),
}
"""The Ramsch trick orders (SR-2, SK-2, SK-3, AR-2), with and without trumps."""

RULES = [
    PlayRule(follow=True, must_trump=trump, must_beat=beat)
    for trump, beat in product((False, True), repeat=2)
]
ERRORS: dict[str, type[IllegalActionError]] = {
    "follow": MustFollowSuitError,
    "trump": MustTrumpError,
    "beat": MustBeatError,
}
"""The error a card refused under each duty raises."""

seeds = st.integers(0, 2**64)
stich_rules = rules_of_game(STICH)


# -- the compiled rule against the rule read on cards ----------------------------------------


@pytest.mark.parametrize("rule", RULES, ids=lambda r: f"trump={r.must_trump}-beat={r.must_beat}")
@pytest.mark.parametrize("name", list(ORDERS))
def test_layout_legal_cards_are_the_rule_read_on_cards(name: str, rule: PlayRule) -> None:
    """SR-3, SK-4, AR-3 and the stricter duties: for random hands (half of them void in the
    class led) and partial tricks (up to four cards, as at five players) the layout's legal
    cards and the duty it reports are exactly the rule's, read with TrickOrder.follow_class and
    strength."""
    order = ORDERS[name]
    layout = Layout(order, rule)
    rng = random.Random(f"{name}/{rule}")
    seen: set[str] = set()
    for _ in range(600):
        deck = list(DECK)
        rng.shuffle(deck)
        played = rng.randrange(5)
        trick, rest = deck[:played], deck[played:]
        if trick and rng.random() < 0.5:  # void in the class led: trumping or any card
            rest = [c for c in rest if order.follow_class[c] != order.follow_class[trick[0]]]
        hand = rest[: rng.randint(1, 10)]
        duty, expected = oracle.legal_cards(order, rule, hand, trick)
        bits = [layout.bit_of[card] for card in trick]
        mask = layout.mask(hand)
        assert sorted(layout.cards(layout.legal(mask, bits))) == sorted(expected)
        got_duty, allowed = layout.duty(mask, bits)
        assert (got_duty, sorted(layout.cards(allowed))) == (duty, sorted(expected))
        seen.add(duty)
    # Every duty the rule and the order can impose came up.
    possible = {"any", "follow"}
    if rule.must_trump and order.trumps:
        possible.add("trump")
    if rule.must_beat:
        possible.add("beat")
    assert seen == possible


def test_only_following_suit_takes_the_fast_path() -> None:
    """The kernel's fast playout loop is for following suit alone (every Ramsch variant)."""
    assert FOLLOW_SUIT.plain_follow
    assert [rule.plain_follow for rule in RULES] == [True, False, False, False]


# -- the duties through the public API -------------------------------------------------------


def stich_deal(rules: StichRules, hands: list[str]) -> Deal:
    """A deal of the test game from explicit hands; the other cards are the skat."""
    dealt = [cards(hand) for hand in hands]
    held = {card for hand in dealt for card in hand}
    return Deal(rules, dealt, [card for card in DECK if card not in held])


def refused(deal: Deal, card: Card, error: type[IllegalActionError], message: str) -> None:
    """``card`` is refused with ``error`` and exactly ``message`` by check and apply, and the
    deal is unchanged."""
    before = snapshot(deal)
    for attempt in (deal.check, deal.apply):
        with pytest.raises(IllegalActionError) as caught:
            attempt(Play(card))
        assert type(caught.value) is error
        assert str(caught.value) == message
    assert snapshot(deal) == before


THREE_HANDS = ["CA CK S7 S8 H7 H8", "CT C7 SA HA DA D8", "C8 C9 SK HK DK D9"]


def test_a_card_that_does_not_follow_suit_is_refused() -> None:
    """SR-3: holding the suit led, another card is refused, naming the cards that follow."""
    deal = stich_deal(StichRules(), THREE_HANDS)
    deal.apply(Play(Card.CA))
    refused(deal, Card.SA, MustFollowSuitError, "You must follow suit: you hold ♣10, ♣7")
    deal.apply(Play(Card.C7))  # following suit without beating is fine without Stechzwang


def test_a_trump_led_must_be_answered_with_a_trump() -> None:
    """C-5: the trumps are their own suit: a jack led must be followed with a jack."""
    deal = stich_deal(StichRules(), ["CJ CA S7 S8 H7 H8", "CT SJ SA HA DA D8", THREE_HANDS[2]])
    deal.apply(Play(Card.CJ))
    refused(deal, Card.CT, MustFollowSuitError, "You must follow a trump: you hold ♠J")


def test_unable_to_follow_a_player_must_trump_if_the_rule_says_so() -> None:
    """Trumpfzwang: void in the suit led, a hand with trumps must trump; without the duty any
    card goes."""
    hands = [THREE_HANDS[0], "SJ HJ SA HA DA D8", THREE_HANDS[2]]
    deal = stich_deal(StichRules(must_trump=True), hands)
    deal.apply(Play(Card.CA))
    message = "You can't follow suit, so you must trump: you hold ♠J, ♥J"
    refused(deal, Card.HA, MustTrumpError, message)
    deal.apply(Play(Card.HJ))
    free = stich_deal(StichRules(), hands)
    free.apply(Play(Card.CA))
    free.apply(Play(Card.HA))


def test_following_a_player_must_beat_the_trick_if_he_can() -> None:
    """Stechzwang: following suit, a card that beats the trick must be played if there is one;
    if none can, any card of the suit goes."""
    hands = ["CK CJ S7 S8 H7 H8", "CA C7 SA HA DA D8", "C8 C9 SK HK DK D9"]
    deal = stich_deal(StichRules(must_beat=True), hands)
    deal.apply(Play(Card.CK))
    refused(deal, Card.C7, MustBeatError, "You must beat the trick: you can with ♣A")
    refused(deal, Card.SA, MustBeatError, "You must beat the trick: you can with ♣A")
    deal.apply(Play(Card.CA))
    deal.apply(Play(Card.C8))  # nobody can beat the ace: any club goes


def test_trumping_a_player_must_beat_the_trump_so_far() -> None:
    """Trumpfzwang and Stechzwang: a void hand trumps, and above a trump already played if it
    can; a trump too low must still be played rather than a plain card."""
    rules = StichRules(must_trump=True, must_beat=True)
    hands = ["CA CK S7 S8 H7 H8", "HJ SA HA DA D8 D7", "CJ DJ SK HK DK D9"]
    deal = stich_deal(rules, hands)
    deal.apply(Play(Card.CA))
    deal.apply(Play(Card.HJ))
    refused(deal, Card.DJ, MustBeatError, "You must beat the trick: you can with ♣J")
    refused(deal, Card.HK, MustBeatError, "You must beat the trick: you can with ♣J")
    deal.apply(Play(Card.CJ))
    low = stich_deal(rules, ["CA CK S7 S8 H7 H8", "HJ SA HA DA D8 D7", "DJ C9 SK HK DK D9"])
    low.apply(Play(Card.CA))
    low.apply(Play(Card.HJ))
    refused(low, Card.SK, MustFollowSuitError, "You must follow suit: you hold ♣9")
    low_void = stich_deal(rules, ["CA CK S7 S8 H7 H8", "HJ SA HA DA D8 D7", "DJ S9 SK HK DK D9"])
    low_void.apply(Play(Card.CA))
    low_void.apply(Play(Card.HJ))
    refused(
        low_void, Card.SK, MustTrumpError, "You can't follow suit, so you must trump: you hold ♦J"
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=stich_rules, seed=seeds, choices=seeds)
def test_every_refused_card_names_the_duty_and_the_allowed_cards(
    rules: RuleSet, seed: int, choices: int
) -> None:
    """Through a random deal of the test game (every option): the legal cards are the rule's;
    every other held card is refused by check and apply with the error of the duty that binds,
    listing exactly the allowed cards, and the deal is unchanged."""
    deal = Deal.from_seed(rules, seed)
    rng = random.Random(choices)
    order, rule = deal.contract.order, deal.contract.rule
    while not deal.finished:
        seat = deal.to_act
        assert seat is not None
        if deal.phase != "play":  # the announcements before the play (option ``doubling``)
            deal.apply(rng.choice(deal.legal_actions()), seat)
            continue
        hand = deal.hand(seat)
        duty, allowed = oracle.legal_cards(order, rule, hand, deal.trick)
        assert set(deal.legal_actions()) == {Play(card) for card in allowed}
        before = snapshot(deal)
        for card in set(hand) - allowed:
            for attempt in (deal.check, deal.apply):
                with pytest.raises(IllegalActionError) as caught:
                    attempt(Play(card), seat)
                assert type(caught.value) is ERRORS[duty]
                listed = re.sub(r"^.*: you (hold|can with) ", "", str(caught.value))
                assert sorted(listed.split(", ")) == sorted(card.pretty for card in allowed)
        assert snapshot(deal) == before
        deal.apply(Play(rng.choice(sorted(allowed))), seat)


# -- the kernel's ruled playouts against the API ---------------------------------------------


@settings(max_examples=150, deadline=None)
@given(rules=stich_rules, seed=seeds)
def test_kernel_random_game_of_any_play_rule_replays_through_the_api(
    rules: RuleSet, seed: int
) -> None:
    """The kernel's random deal under the test game's play rule (``_run_ruled`` unless it is
    following suit alone), fed card by card to Deal.apply: the API accepts every card and ends
    with the same trick winners, card points, trick counts and scores."""
    assert isinstance(rules, StichRules)
    assert Kernel(rules).plain_follow == (not rules.must_trump and not rules.must_beat)
    agreement.kernel_game_through_the_api(rules, seed)


@settings(max_examples=150, deadline=None)
@given(rules=stich_rules, seed=seeds)
def test_kernel_replays_an_api_random_game_of_any_play_rule(rules: RuleSet, seed: int) -> None:
    """A deal of the test game played at random through the API, replayed by Kernel.replay:
    the kernel accepts every card and agrees on the result."""
    agreement.api_game_through_the_kernel(rules, seed)


@settings(max_examples=150, deadline=None)
@given(rules=stich_rules, seed=seeds)
def test_ruled_playout_from_a_position_continues_like_the_api(rules: RuleSet, seed: int) -> None:
    """``Kernel.playout`` from a mid-deal position (mid-trick too) of the test game plays only
    cards the API accepts and ends with the API's result."""
    agreement.playout_from_a_position(rules, seed)

"""The bit-mask kernel plays exactly the games the public Deal API plays (C-3, C-5, SR/SK/AR),
for rule sets of every registered game with every option value (tests/core/strategies.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramsch_core import RuleSet, preset
from ramsch_core.cards import DECK, Card, Suit, cards_of, mask_of, points_of
from ramsch_core.games.ramsen import RamsenRules, ramsen_deal
from ramsch_core.games.ramsen.contract import ramsen_contract
from ramsch_core.kernel import Kernel, Position
from tests.core import agreement, oracle
from tests.core.strategies import any_rules

seeds = st.integers(min_value=0, max_value=2**63)


@settings(max_examples=300, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_kernel_random_game_replays_through_the_api(rules: RuleSet, seed: int) -> None:
    """The kernel's random deal, fed card by card to Deal.apply, ends with the same result."""
    agreement.kernel_game_through_the_api(rules, seed)


@settings(max_examples=300, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_kernel_replays_the_api_random_game(rules: RuleSet, seed: int) -> None:
    """A deal played at random through the API, replayed by the kernel: same tricks, scores."""
    agreement.api_game_through_the_kernel(rules, seed)


@settings(max_examples=200, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_playout_from_a_position_continues_like_the_api(rules: RuleSet, seed: int) -> None:
    """``Kernel.playout`` from a mid-deal position (mid-trick too) agrees with the API."""
    agreement.playout_from_a_position(rules, seed)


@settings(max_examples=300, deadline=None)
@given(rules=any_rules, data=st.data())
def test_legal_cards_and_trick_winner_match_the_trick_order(
    rules: RuleSet, data: st.DataObject
) -> None:
    """C-5, SR-3, SK-4, AR-3: the legal cards for a partial trick and the winner of a full one
    as the compiled layout (the API's and the kernel's) decides them, against a direct reading
    of the trick order and the contract's play rule."""
    kernel = Kernel(rules)
    order, rule = kernel.contract.order, kernel.contract.rule
    cards = data.draw(st.permutations(DECK))
    trick = list(cards[: rules.players])
    hand = cards[rules.players : rules.players + rules.hand_size]
    leader = data.draw(st.integers(0, rules.players - 1))
    bits = [kernel.bit_of[card] for card in trick]
    expected_winner = (leader + oracle.winner_index(order, trick)) % rules.players
    assert kernel.trick_winner(leader, bits) == expected_winner
    played = data.draw(st.integers(0, rules.players - 1))
    legal = kernel.legal(kernel.mask(hand), bits[:played])
    _, expected = oracle.legal_cards(order, rule, hand, trick[:played])
    assert sorted(kernel.cards(legal)) == sorted(expected)
    if played and rule.plain_follow:  # the card play's look-up on card masks
        held = mask_of(hand)
        assert cards_of(held & kernel.layout.card_follow[trick[0]] or held) == sorted(expected)
    assert kernel.mask_points(kernel.mask(hand)) == points_of(hand)


@settings(max_examples=50, deadline=None)
@given(rules=any_rules)
def test_layout_puts_each_follow_class_in_one_range_weakest_first(rules: RuleSet) -> None:
    """The kernel layout: plain suits low, trumps on top, each class contiguous by strength."""
    kernel = Kernel(rules)
    order = kernel.order
    assert sorted(kernel.card_at) == list(DECK)
    for mask in kernel.class_masks:
        if mask:
            assert mask >> (mask & -mask).bit_length() - 1 == (1 << mask.bit_count()) - 1
            cards = kernel.cards(mask)
            assert [order.strength[c] for c in cards] == sorted(order.strength[c] for c in cards)
    if kernel.trump_mask:
        assert kernel.trump_mask.bit_length() == 32


def test_play_refuses_a_card_that_does_not_follow_suit() -> None:
    """SR-3: a kernel move that breaks the duty to follow is refused."""
    kernel = Kernel(preset("skat"))
    hands = [kernel.mask([Card.SA, Card.S7]), kernel.mask([Card.SK, Card.HA]), 0]
    position = Position(hands)
    kernel.play(position, kernel.bit_of[Card.SA])
    with pytest.raises(ValueError, match="not legal"):
        kernel.play(position, kernel.bit_of[Card.HA])


def test_random_push_lays_no_jacks_at_a_pub_rule_table() -> None:
    """SR-10: with schieben_jacks off the random policy never lays a jack; pushes are counted."""
    kernel = Kernel(preset("skat-schieberamsch"))
    jacks = kernel.mask([Card.CJ, Card.SJ, Card.HJ, Card.DJ])
    rng = random.Random(5)
    for _ in range(300):
        hands, skat = kernel.random_deal(rng)
        log: list[int] = []
        skat, pushes = kernel.random_push(hands, skat, rng, log)
        assert pushes == sum(1 for pair in log if pair)
        assert all(not pair & jacks for pair in log)
        assert sum(hand.bit_count() for hand in hands) == 30
        assert skat.bit_count() == 2 and not skat & (hands[0] | hands[1] | hands[2])


@settings(max_examples=50, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_random_deal_deals_every_card_once(rules: RuleSet, seed: int) -> None:
    """C-1 / C-6: a kernel deal is a partition of the 32 cards into hands and skat."""
    kernel = Kernel(rules)
    hands, skat = kernel.random_deal(random.Random(seed))
    assert [hand.bit_count() for hand in hands] == [kernel.tricks_per_deal] * kernel.players
    # what no hand holds: the skat; Ramsen's upcard and talon (its rules deal no skat)
    assert skat.bit_count() == 32 - rules.players * rules.hand_size
    total = skat
    for hand in hands:
        assert not total & hand
        total |= hand
    assert total == (1 << 32) - 1


@settings(max_examples=100, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_seeded_cards_are_the_cards_of_the_schedule(rules: RuleSet, seed: int) -> None:
    """C-6: a game's quick way to the cards of a seed (dealt in slices: the shuffled deck
    sliced) gives what its schedule deals."""
    schedule = rules.schedule(seed)
    hands, skat = rules.seeded_cards(seed)
    assert hands == schedule.hands(rules.players)
    assert skat == sorted(schedule.cards_to("skat"))


@given(mask=st.integers(min_value=0, max_value=2**32 - 1))
def test_cards_of_lists_the_cards_of_a_mask_in_deck_order(mask: int) -> None:
    assert cards_of(mask) == [card for card in DECK if mask >> card & 1]
    assert mask_of(cards_of(mask)) == mask
    assert points_of(cards_of(mask)) == sum(card.points for card in DECK if mask >> card & 1)


@settings(max_examples=20, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_contract_scorer_matches_the_rules_on_random_trick_sheets(
    rules: RuleSet, seed: int
) -> None:
    """SR-4..10, SK-5..8, AR-4..6: every scoring path, tie-breaks and split penalties included.

    Random tricks with winners drawn from few seats make ties, Jungfrauen and Durchmarsch
    common; the contract's scorer (the one the API and the kernel share), fed the tally of the
    won masks, must agree with a direct reading of the rules on each. About one sheet in a
    hundred has a tie at the top: 1500 sheets without one would mean the sheets no longer
    reach the tie-breaks.

    Ramsen scores each deal under its own contract (trump, seats in, bars owed): its sheets
    are checked by ``ramsen_sheets``.
    """
    if isinstance(rules, RamsenRules):
        ramsen_sheets(rules, random.Random(seed), 300)
        return
    assert agreement.scorer_on_random_sheets(rules, random.Random(seed), 1500) > 0


def ramsen_sheets(rules: RamsenRules, rng: random.Random, sheets: int) -> None:
    """RA-7: the scorer of a Ramsen contract (random trump, seats in, bars owed), fed the
    tally of random tricks among the seats in (stopping where a seat draws its last bar), gives
    the bars the rules say and the winner."""
    players = rules.players
    for _ in range(sheets):
        active = sorted(rng.sample(range(players), rng.randint(2, players)))
        owed = [rng.randint(1, 7) for _ in range(players)]
        trump = rng.choice(list(Suit))
        kernel = Kernel(rules, ramsen_contract(trump, owed, active))
        pool = rng.sample(active, rng.choice((1, 2, len(active))))
        winners: list[int] = []
        counts = [0] * players
        for _ in range(rules.hand_size):
            seat = rng.choice(pool)
            winners.append(seat)
            counts[seat] += 1
            if counts[seat] >= owed[seat]:
                break
        expected, winner = oracle.ramsen_owed(owed, active, winners)
        deck = list(DECK)
        rng.shuffle(deck)
        won, last = [0] * players, [-1] * players
        for number, seat in enumerate(winners):
            won[seat] |= kernel.mask(deck[number * len(active) : (number + 1) * len(active)])
            last[seat] = number
        score = kernel.score_masks(won, counts, last, 0, 0)
        details = score.details or {}
        assert (details["owed"], details["winner"]) == (expected, winner)
        assert list(score.scores) == [b - a for b, a in zip(owed, expected, strict=True)]
        assert score.winners == (() if winner is None else (winner,))


@settings(max_examples=200, deadline=None)
@given(seed=seeds, players=st.integers(3, 5), low=st.integers(1, 5))
def test_ramsen_kernel_stops_where_the_api_does(seed: int, players: int, low: int) -> None:
    """RA-6, RA-7: with few bars owed a Ramsen deal may end before its last trick; the kernel's
    random play (passed seats skipped) stops with the API's, with the same scores."""
    rules = RamsenRules(players=players, crosses=1)
    rng = random.Random(seed)
    owed = [rng.randint(1, low) for _ in range(players)]
    deal = ramsen_deal(rules, seed, owed_before=owed)
    agreement.to_the_card_play(deal, rng)
    if deal.finished:
        return
    kernel = Kernel(rules, deal.contract)
    assert kernel.active == deal.state.active
    log: list[int] = []
    outcome = kernel.playout(agreement.position_of(deal, kernel), rng, log)
    agreement.play_through_the_api(deal, kernel, log)
    assert deal.finished and len(log) == sum(len(trick.cards) for trick in deal.tricks)
    agreement.assert_same(deal, outcome)

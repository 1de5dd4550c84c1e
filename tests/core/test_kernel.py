"""The bit-mask kernel plays exactly the games the public Deal API plays (C-3, C-5, SR/SK/AR)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramsch_core import RuleSet, preset
from ramsch_core.actions import PassOn, PickUp, Play, Push
from ramsch_core.cards import DECK, Card, points_of
from ramsch_core.deal import Deal, deal_from_seed
from ramsch_core.games.ramsch import PRESETS
from ramsch_core.kernel import Kernel, Outcome, Position
from ramsch_core.result import Trick
from tests.core import oracle

PRESET_NAMES = list(PRESETS)
seeds = st.integers(min_value=0, max_value=2**63)


def _apply_kernel_pushes(deal: Deal, kernel: Kernel, push_log: list[int]) -> None:
    for pair in push_log:
        if pair == 0:
            deal.apply(PassOn())
        else:
            first, second = kernel.cards(pair)
            deal.apply(PickUp())
            deal.apply(Push((first, second)))


def _assert_same(deal: Deal, outcome: Outcome, first_trick: int = 0) -> None:
    result = deal.result
    assert result is not None
    assert tuple(trick.winner for trick in result.tricks[first_trick:]) == outcome.winners
    assert result.card_points == outcome.card_points
    assert result.trick_counts == outcome.trick_counts
    assert result.scores == outcome.scores


@pytest.mark.parametrize("name", PRESET_NAMES)
@settings(max_examples=100, deadline=None)
@given(seed=seeds)
def test_kernel_random_game_replays_through_the_api(name: str, seed: int) -> None:
    """The kernel's random deal, fed card by card to Deal.apply, ends with the same result."""
    rules = preset(name)
    kernel = Kernel(rules)
    hands, skat = deal_from_seed(rules, seed)
    cards: list[int] = []
    pushes: list[int] = []
    outcome = kernel.random_game(
        [kernel.mask(hand) for hand in hands], kernel.mask(skat), random.Random(seed), cards, pushes
    )
    deal = Deal(rules, hands, skat)
    _apply_kernel_pushes(deal, kernel, pushes)
    played = [kernel.card(bit) for bit in cards]
    for card in played:
        deal.apply(Play(card))
    assert [card for trick in deal.tricks for card in trick.cards] == played
    _assert_same(deal, outcome)


def _api_random_deal(rules: RuleSet, seed: int) -> Deal:
    deal = Deal.from_seed(rules, seed)
    rng = random.Random(seed)
    while not deal.finished:
        legal = deal.legal_actions()
        deal.apply(legal[rng.randrange(len(legal))])
    return deal


def _kernel_pushes(deal: Deal, kernel: Kernel) -> list[int]:
    pushes = []
    for _, action in deal.history:
        if isinstance(action, PassOn):
            pushes.append(0)
        elif isinstance(action, Push):
            pushes.append(kernel.mask(action.cards))
    return pushes


@pytest.mark.parametrize("name", PRESET_NAMES)
@settings(max_examples=100, deadline=None)
@given(seed=seeds)
def test_kernel_replays_the_api_random_game(name: str, seed: int) -> None:
    """A deal played at random through the API, replayed by the kernel: same tricks, scores."""
    rules = preset(name)
    kernel = Kernel(rules)
    deal = _api_random_deal(rules, seed)
    hands, skat = deal_from_seed(rules, seed)
    cards = [kernel.bit_of[a.card] for _, a in deal.history if isinstance(a, Play)]
    outcome = kernel.replay(
        [kernel.mask(hand) for hand in hands],
        kernel.mask(skat),
        _kernel_pushes(deal, kernel),
        cards,
    )
    _assert_same(deal, outcome)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_playout_from_a_position_continues_like_the_api(name: str) -> None:
    """``Kernel.playout`` from a mid-deal position (mid-trick too) agrees with the API."""
    rules = preset(name)
    kernel = Kernel(rules)
    for seed in range(60):
        deal = Deal.from_seed(rules, seed)
        rng = random.Random(seed)
        stop = rng.randrange(3 * rules.hand_size)
        while not deal.finished and (deal.phase == "push" or len(deal.history) < stop):
            legal = deal.legal_actions()
            deal.apply(legal[rng.randrange(len(legal))])
        position = _position_of(deal, kernel)
        log: list[int] = []
        outcome = kernel.playout(position, rng, log)
        for bit in log:
            deal.apply(Play(kernel.card(bit)))
        _assert_same(deal, outcome, position.number)


def _position_of(deal: Deal, kernel: Kernel) -> Position:
    position = Position(
        [kernel.mask(deal.hand(seat)) for seat in range(deal.players)],
        leader=deal.trick_leader,
        trick=[kernel.bit_of[card] for card in deal.trick],
        skat=kernel.mask(deal.skat),
        pushes=deal.pushes,
    )
    for number, trick in enumerate(deal.tricks):
        position.won[trick.winner] |= kernel.mask(trick.cards)
        position.counts[trick.winner] += 1
        position.last[trick.winner] = number
        position.number += 1
    return position


@pytest.mark.parametrize("name", PRESET_NAMES)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_legal_cards_and_trick_winner_match_the_trick_order(name: str, data: st.DataObject) -> None:
    """C-5, SR-3, SK-4, AR-3: following suit and the winner of a trick as the compiled layout
    (the API's and the kernel's) decides them, against a direct reading of the trick order."""
    rules = preset(name)
    kernel = Kernel(rules)
    order = rules.trick_order()
    cards = data.draw(st.permutations(DECK))
    trick = list(cards[: rules.players])
    hand = cards[rules.players : rules.players + rules.hand_size]
    leader = data.draw(st.integers(0, rules.players - 1))
    bits = [kernel.bit_of[card] for card in trick]
    expected_winner = (leader + oracle.winner_index(order, trick)) % rules.players
    assert kernel.trick_winner(leader, bits) == expected_winner
    legal = kernel.legal(kernel.mask(hand), bits[:1])
    expected = oracle.legal_mask(order, sum(card.mask for card in hand), trick[0])
    assert sorted(kernel.cards(legal)) == [card for card in DECK if expected >> card & 1]
    assert kernel.mask_points(kernel.mask(hand)) == points_of(hand)


def test_layout_puts_each_follow_class_in_one_range_weakest_first() -> None:
    """The kernel layout: plain suits low, trumps on top, each class contiguous by strength."""
    for name in PRESET_NAMES:
        kernel = Kernel(preset(name))
        order = kernel.order
        assert sorted(kernel.card_at) == list(DECK)
        for mask in kernel.class_masks:
            if mask:
                assert mask >> (mask & -mask).bit_length() - 1 == (1 << mask.bit_count()) - 1
                cards = kernel.cards(mask)
                assert [order.strength[c] for c in cards] == sorted(
                    order.strength[c] for c in cards
                )
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


def test_random_deal_deals_every_card_once() -> None:
    """C-1 / C-6: a kernel deal is a partition of the 32 cards into hands and skat."""
    for name in ("skat", "schafkopf"):
        kernel = Kernel(preset(name))
        hands, skat = kernel.random_deal(random.Random(1))
        assert [hand.bit_count() for hand in hands] == [kernel.tricks_per_deal] * kernel.players
        total = skat
        for hand in hands:
            assert not total & hand
            total |= hand
        assert total == (1 << 32) - 1


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_contract_scorer_matches_the_rules_on_random_trick_sheets(name: str) -> None:
    """SR-4..10, SK-5..8, AR-4..6: every scoring path, tie-breaks and split penalties included.

    Random tricks with winners drawn from few seats make ties, Jungfrauen and Durchmarsch
    common; the contract's scorer (the one the API and the kernel share), fed the tally of the
    won masks, must agree with a direct reading of the rules on each.
    """
    rules = preset(name)
    kernel = Kernel(rules)
    rng = random.Random(name)
    players, size = rules.players, rules.hand_size
    seen_ties = 0
    for _ in range(1500):
        deck = list(DECK)
        rng.shuffle(deck)
        pool = rng.sample(range(players), rng.choice((1, 2, 2, 3, players)))
        tricks = [
            Trick(
                rng.randrange(players),
                tuple(deck[i * players : (i + 1) * players]),
                rng.choice(pool),
            )
            for i in range(size)
        ]
        skat = tuple(deck[players * size :])
        pushes = rng.randrange(4) if rules.pushing else 0
        expected = oracle.score(rules, tricks, skat, pushes)
        won, counts, last = [0] * players, [0] * players, [-1] * players
        for number, trick in enumerate(tricks):
            won[trick.winner] |= kernel.mask(trick.cards)
            counts[trick.winner] += 1
            last[trick.winner] = number
        score = kernel.score_masks(won, counts, last, kernel.mask(skat), pushes)
        points = score.points
        assert points == expected.card_points
        assert score.scores == expected.scores
        assert (score.losers, score.winners) == (expected.losers, expected.winners)
        assert (score.durchmarsch, score.skat_to) == (expected.durchmarsch, expected.skat_to)
        assert score.multiplier == expected.multiplier
        seen_ties += points.count(max(points)) > 1
    assert seen_ties > 10

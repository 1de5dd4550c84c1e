"""Checks that the bit-mask kernel and the public Deal API play the same game, for any rule set:
the kernel's random game replayed card by card through the API, the API's random game replayed
by the kernel, a kernel playout from a position the API reached, and the contract's scorer
against the reference scoring of tests/core/oracle.py on random trick sheets."""

from __future__ import annotations

import random

from ramsch_core import RuleSet
from ramsch_core.actions import PassOn, PickUp, Play, Push
from ramsch_core.cards import DECK
from ramsch_core.contracts.ramsch import taken_of
from ramsch_core.deal import Deal, deal_from_seed
from ramsch_core.kernel import Kernel, Outcome, Position
from ramsch_core.result import Trick
from tests.core import oracle


def apply_kernel_pushes(deal: Deal, kernel: Kernel, push_log: list[int]) -> None:
    """The kernel's Schieberamsch (a laid mask per seat, 0 for passing on) through the API."""
    for pair in push_log:
        if pair == 0:
            deal.apply(PassOn())
        else:
            first, second = kernel.cards(pair)
            deal.apply(PickUp())
            deal.apply(Push((first, second)))


def kernel_pushes(deal: Deal, kernel: Kernel) -> list[int]:
    """A deal's Schieberamsch as the kernel's push masks in seat order (0 for passing on)."""
    pushes = []
    for _, action in deal.history:
        if isinstance(action, PassOn):
            pushes.append(0)
        elif isinstance(action, Push):
            pushes.append(kernel.mask(action.cards))
    return pushes


def assert_same(deal: Deal, outcome: Outcome, first_trick: int = 0) -> None:
    """The API's result and the kernel's outcome agree: trick winners (from ``first_trick``),
    card points, trick counts and scores. A deal the API ended early (a Null game lost at the
    declarer's first trick) agrees on the tricks it played and on the scores."""
    result = deal.result
    assert result is not None
    winners = tuple(trick.winner for trick in result.tricks[first_trick:])
    assert result.scores == outcome.scores
    if len(result.tricks) < deal.rules.hand_size:
        assert outcome.winners[: len(winners)] == winners
        return
    assert winners == outcome.winners
    assert result.card_points == outcome.card_points
    assert result.trick_counts == outcome.trick_counts


def to_the_card_play(deal: Deal, rng: random.Random) -> None:
    """Random legal actions until the card play begins (bidding, declaring, pushing)."""
    while not deal.finished and deal.phase != "play":
        legal = deal.legal_actions()
        deal.apply(legal[rng.randrange(len(legal))])


def play_through_the_api(deal: Deal, kernel: Kernel, log: list[int]) -> None:
    """The kernel's cards fed to the API until its deal ends (early, for a lost Null)."""
    for bit in log:
        if deal.finished:
            break
        deal.apply(Play(kernel.card(bit)))


def kernel_play_through_the_api(rules: RuleSet, seed: int) -> Outcome | None:
    """For a game that chooses its contract in the deal: random actions up to the card play,
    then the kernel's random card play under the deal's contract through the API."""
    rng = random.Random(seed)
    deal = Deal.from_seed(rules, seed)
    to_the_card_play(deal, rng)
    if deal.finished:
        return None
    kernel = Kernel(rules, deal.contract)
    log: list[int] = []
    outcome = kernel.playout(position_of(deal, kernel), rng, log)
    play_through_the_api(deal, kernel, log)
    assert_same(deal, outcome)
    return outcome


def kernel_game_through_the_api(rules: RuleSet, seed: int) -> Outcome | None:
    """The kernel's random deal of ``seed``, fed card by card to Deal.apply, ends with the same
    result (every card the kernel plays is one the API accepts)."""
    if Deal.from_seed(rules, seed).phase not in ("push", "play"):
        return kernel_play_through_the_api(rules, seed)
    kernel = Kernel(rules)
    hands, skat = deal_from_seed(rules, seed)
    cards: list[int] = []
    pushes: list[int] = []
    outcome = kernel.random_game(
        [kernel.mask(hand) for hand in hands], kernel.mask(skat), random.Random(seed), cards, pushes
    )
    deal = Deal(rules, hands, skat)
    apply_kernel_pushes(deal, kernel, pushes)
    played = [kernel.card(bit) for bit in cards]
    for card in played:
        deal.apply(Play(card))
    assert [card for trick in deal.tricks for card in trick.cards] == played
    assert_same(deal, outcome)
    return outcome


def api_random_deal(rules: RuleSet, seed: int) -> Deal:
    """A deal of ``seed`` played to the end with random legal actions."""
    deal = Deal.from_seed(rules, seed)
    rng = random.Random(seed)
    while not deal.finished:
        legal = deal.legal_actions()
        deal.apply(legal[rng.randrange(len(legal))])
    return deal


def api_game_through_the_kernel(rules: RuleSet, seed: int) -> Deal:
    """A deal played at random through the API, replayed by the kernel: same tricks, scores
    (every card the API accepted is one the kernel accepts). A game that chooses its contract
    in the deal is replayed from the start of its card play under the contract played."""
    deal = Deal.from_seed(rules, seed)
    if deal.phase not in ("push", "play"):
        rng = random.Random(seed)
        to_the_card_play(deal, rng)
        start = deal.copy()
        while not deal.finished:
            legal = deal.legal_actions()
            deal.apply(legal[rng.randrange(len(legal))])
        if start.finished:
            return deal
        kernel = Kernel(rules, deal.contract)
        position = position_of(start, kernel)
        for _, action in deal.history[len(start.history) :]:
            if isinstance(action, Play):
                kernel.play(position, kernel.bit_of[action.card])
        score = kernel.score(position)
        assert deal.result is not None and deal.result.scores == score.scores
        if len(deal.tricks) == rules.hand_size:
            assert deal.result.card_points == score.points
        return deal
    kernel = Kernel(rules)
    deal = api_random_deal(rules, seed)
    hands, skat = deal_from_seed(rules, seed)
    cards = [kernel.bit_of[a.card] for _, a in deal.history if isinstance(a, Play)]
    outcome = kernel.replay(
        [kernel.mask(hand) for hand in hands],
        kernel.mask(skat),
        kernel_pushes(deal, kernel),
        cards,
    )
    assert_same(deal, outcome)
    return deal


def position_of(deal: Deal, kernel: Kernel) -> Position:
    """The kernel position of a deal in its card play."""
    leader = deal.trick_leader
    assert leader is not None
    position = Position(
        [kernel.mask(deal.hand(seat)) for seat in range(deal.players)],
        leader=leader,
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


def playout_from_a_position(rules: RuleSet, seed: int) -> None:
    """``Kernel.playout`` from a mid-deal position the API reached (mid-trick too) plays only
    cards the API accepts and ends with the API's result."""
    deal = Deal.from_seed(rules, seed)
    rng = random.Random(seed)
    stop = rng.randrange(rules.players * rules.hand_size)
    while not deal.finished and (deal.phase != "play" or len(deal.history) < stop):
        legal = deal.legal_actions()
        deal.apply(legal[rng.randrange(len(legal))])
    if deal.finished:
        return
    kernel = Kernel(rules, deal.contract)
    position = position_of(deal, kernel)
    log: list[int] = []
    outcome = kernel.playout(position, rng, log)
    play_through_the_api(deal, kernel, log)
    assert_same(deal, outcome, position.number)


def scorer_on_random_sheets(rules: RuleSet, rng: random.Random, sheets: int) -> int:
    """The contract's scorer (the one the API and the kernel share), fed the tally of random
    trick sheets, agrees with the reference scoring on each; returns how many sheets had a tie
    at the top of the card points.

    Winners are drawn from few seats, so ties, Jungfrauen and Durchmarsch are common."""
    kernel = Kernel(rules)
    players, size = rules.players, rules.hand_size
    pushing = rules.schieben_rules() is not None
    ties = 0
    for _ in range(sheets):
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
        pushes = rng.randrange(4) if pushing else 0
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
        assert taken_of(score) == (expected.durchmarsch, expected.skat_to)
        assert score.multiplier == expected.multiplier
        ties += points.count(max(points)) > 1
    return ties

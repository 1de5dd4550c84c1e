"""Ramsen on the bench (``Game.bench``): a random exchange and in or pass, then the play of the
seats in through the kernel."""

from __future__ import annotations

import random
from functools import cache

from ramsch_core.bench_case import BenchCase, Dealt
from ramsch_core.cards import DECK, Suit
from ramsch_core.games.ramsen.contract import RamsenScorer, ramsen_contract
from ramsch_core.games.ramsen.rules import RamsenRules
from ramsch_core.kernel import Kernel, Outcome, tally
from ramsch_core.rules import RuleSet


def ramsen_kernel_deal(rules: RuleSet, rng: random.Random, dealt: Dealt | None) -> Outcome:
    """Ramsen at the start of a game (every seat owes ``crosses`` × 5 bars): the dealt hands,
    the upcard and the talon (``dealt``: hands, then upcard and talon top first); a random
    exchange (each card laid away with probability 1/2, the dealer taking the upcard for one
    of them half the time, a cutter who schleckte — by choice, half the time — skipped), a
    random in or pass (one who exchanged says in, and with ``dealer_forced`` the dealer when
    all before passed), then the kernel's random play among the seats in under the deal's
    contract. A lone player in takes the five tricks without play; with nobody in the deal is
    void."""
    assert isinstance(rules, RamsenRules)
    players, size = rules.players, rules.hand_size
    rand = rng.random
    if dealt is None:
        deck = list(DECK)
        for index in range(31, 0, -1):
            other = int(rand() * (index + 1))
            deck[index], deck[other] = deck[other], deck[index]
        hands = [deck[seat * size : (seat + 1) * size] for seat in range(players)]
        upcard, talon = deck[players * size], deck[players * size + 1 :]
    else:
        hands = [list(hand) for hand in dealt[0]]
        upcard, talon = dealt[1][0], list(dealt[1][1:])
    keeps = rules.schlecken == "always" or (rules.schlecken == "choice" and rand() < 0.5)
    schleck = players - 2 if keeps else None
    dealer = players - 1
    exchanged = [False] * players
    for seat in range(players):
        if seat == schleck:
            continue
        hand = hands[seat]
        laid = [card for card in hand if rand() < 0.5][: len(talon) + (seat == dealer)]
        take = seat == dealer and bool(laid) and rand() < 0.5
        draw = len(laid) - take
        if draw > len(talon):
            laid, draw = laid[: len(talon)], len(talon)
        hands[seat] = [card for card in hand if card not in laid] + talon[:draw]
        if take:
            hands[seat].append(upcard)
        del talon[:draw]
        exchanged[seat] = bool(laid)
    active: list[int] = []
    for seat in range(players):
        forced = rules.dealer_forced and seat == dealer and not active
        if exchanged[seat] or forced or rand() < 0.5:
            active.append(seat)
    owed = rules.initial_owed()
    kernel = _ramsen_kernel(rules, upcard.suit, tuple(active))
    won, counts, last = [0] * players, [0] * players, [-1] * players
    winners: list[int] = []
    if len(active) >= 2:
        masks = [kernel.mask(hand) for hand in hands]
        winners = kernel.run(masks, active[0], [], won, counts, last, 0, rand, None)
    elif active:
        counts[active[0]], last[active[0]] = size, size - 1
    else:
        last[0] = 0
    score = RamsenScorer(owed, active)(tally(kernel.layout, won, counts, last, 0, 0))
    return Outcome(tuple(winners), score.points, tuple(counts), score.scores)


@cache
def _ramsen_kernel(rules: RamsenRules, trump: Suit, active: tuple[int, ...]) -> Kernel:
    """The kernel of a Ramsen deal with ``trump`` and the seats ``active`` in, at the start
    of a game."""
    return Kernel(rules, ramsen_contract(trump, rules.initial_owed(), active))


def ramsen_dealt(rules: RuleSet, seed: int) -> Dealt:
    """The hands of a Ramsen deal of ``seed`` (the cutter's kept card included), then its
    upcard and talon, top first."""
    schedule = rules.schedule(seed)
    return schedule.hands(rules.players), [
        *schedule.cards_to("upcard"),
        *schedule.cards_to("talon"),
    ]


BENCH = BenchCase(ramsen_kernel_deal, ramsen_dealt)

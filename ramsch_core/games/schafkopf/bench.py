"""Full Schafkopf on the bench (``Game.bench``): a random called game played out through the
kernel."""

from __future__ import annotations

import random
from functools import cache

from ramsch_core.bench_case import BenchCase, Dealt
from ramsch_core.cards import Suit
from ramsch_core.games.schafkopf.ai import mask_laufende
from ramsch_core.games.schafkopf.contract import (
    CALLABLE_ACES,
    SchafkopfScorer,
    Tariff,
    called_ace,
    schafkopf_contract,
)
from ramsch_core.games.schafkopf.contract import GameName as SchafkopfGame
from ramsch_core.games.schafkopf.rules import FullSchafkopfRules
from ramsch_core.kernel import Kernel, Outcome, tally
from ramsch_core.rules import RuleSet


def schafkopf_kernel_deal(rules: RuleSet, rng: random.Random, dealt: Dealt | None) -> Outcome:
    """Full Schafkopf: a random seat calls a random game — a Sauspiel on an Ace it may call
    (SF-3), a Wenz or a Solo in a random suit — and the kernel plays it out at random under
    that game's order (a Sauspiel with the called Ace's duties) and scorer (the partner and
    the Laufende as dealt). The calls, Klopfen and Kontra are not simulated."""
    assert isinstance(rules, FullSchafkopfRules)
    rand = rng.random
    declarer = int(rand() * rules.players)
    kernel = _schafkopf_kernel(rules, "sauspiel", None)
    if dealt is None and rules.pack == "short":  # SF-15: the kernel's deal uses 32 cards
        seeded = rules.deal_from_seed(int(rand() * (1 << 32)))
        held = [sum(1 << card for card in hand) for hand in seeded.dealt_hands]
    elif dealt is None:
        hands, _ = kernel.random_deal(rng)
        held = [kernel.layout.to_card_mask(hand) for hand in hands]  # bit = card value
    else:
        held = [sum(1 << card for card in hand) for hand in dealt[0]]
    mine = held[declarer]
    plain = kernel.order.class_masks
    aces = [
        suit for suit in CALLABLE_ACES if not mine >> called_ace(suit) & 1 and mine & plain[suit]
    ]
    pick = int(rand() * (len(aces) + 2))
    suit: Suit | None = None
    ace: Suit | None = None
    if pick < len(aces):
        game: SchafkopfGame = "sauspiel"
        ace = aces[pick]
    elif pick == len(aces) or not rules.wenz:
        game, suit = "solo", Suit(int(rand() * 4))
    else:
        game = "wenz"
    kernel = _schafkopf_kernel(rules, game, ace if game == "sauspiel" else suit)
    masks = [kernel.layout.from_card_mask(hand) for hand in held]
    partner = None
    if ace is not None:
        partner = next(seat for seat in range(rules.players) if held[seat] >> called_ace(ace) & 1)
    side = masks[declarer] | (masks[partner] if partner is not None else 0)
    count = mask_laufende(side, kernel.trump_mask.bit_count(), 2 if game == "wenz" else 3)
    scorer = SchafkopfScorer(game, declarer, partner, suit, ace, count, rules.tariff, 0)
    players = rules.players
    won, counts, last = [0] * players, [0] * players, [-1] * players
    winners = kernel.run(masks, 0, [], won, counts, last, 0, rand, None)
    score = scorer(tally(kernel.layout, won, counts, last, 0, 0))
    return Outcome(tuple(winners), score.points, tuple(counts), score.scores)


@cache
def _schafkopf_kernel(rules: RuleSet, game: SchafkopfGame, suit: Suit | None) -> Kernel:
    """The kernel of one Schafkopf game (``suit``: a Solo's trumps, a Sauspiel's called Ace;
    the scorer is replaced deal by deal)."""
    ace = suit if game == "sauspiel" else None
    trump = suit if game == "solo" else None
    contract = schafkopf_contract(game, 0, None, trump, ace, (), Tariff(), 0)
    return Kernel(rules, contract)


BENCH = BenchCase(schafkopf_kernel_deal)

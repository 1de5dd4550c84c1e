"""Rule-of-thumb Ramsen (RA-1..7): what a card is worth in tricks, which cards to lay away in
the exchange, in or pass by the tricks a hand may expect, and what one seat knows in the card
play (passed seats, its own discards, the upcard, the talon face down) for the playouts."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import lru_cache

from ramsch_core.actions import Action
from ramsch_core.ai.knowledge import FULL, Knowledge
from ramsch_core.ai.policy import GamePolicy
from ramsch_core.cards import Card, Suit
from ramsch_core.games.ramsen.contract import (
    BARS_PER_CROSS,
    RAMSEN_RANKS,
    RamsenScorer,
    ramsen_contract,
    ramsen_order,
)
from ramsch_core.games.ramsen.exchange import Exchange, RamsenState
from ramsch_core.games.ramsen.in_or_pass import In
from ramsch_core.games.ramsen.schlecken import NoSchleck, Schleck
from ramsch_core.kernel import Kernel, Position
from ramsch_core.phases.say import Pass
from ramsch_core.rules import RuleSet
from ramsch_core.view import SeatView

TRUMP_VALUES = (1.0, 0.9, 0.8, 0.72, 0.65, 0.55, 0.48, 0.42, 0.36, 0.3, 0.25, 0.2)
"""The chance of a trick for each trump, from the trump Ace down (RA-3)."""
PLAIN_VALUES = (0.45, 0.2, 0.1, 0.05, 0.03, 0.03, 0.03, 0.03)
"""The chance of a trick for a plain card, by rank from the Ace down (RA-1)."""
OPPONENTS = {1: 1.25, 2: 1.0, 3: 0.85, 4: 0.75}
"""How the chances scale with the number of other seats in the play."""
WIN_BONUS = 25.0
"""What winning the game is worth in bars, in the playouts and in the bidding."""
LATER_IN = 0.5
"""The chance that a seat whose word is not yet known says in."""
KEEP_AT = 0.5
"""The chance of a trick, over the four trump suits alike, a bottom card of the cut needs for
the cutter to keep it (and give up his exchange)."""


@lru_cache(maxsize=8)
def card_values(trump: Suit) -> tuple[float, ...]:
    """Per card (by value), its rough chance of taking a trick when the upcard is of
    ``trump``."""
    order = ramsen_order(trump)
    values = [0.0] * 32
    for index, card in enumerate(order.trumps):
        values[card] = TRUMP_VALUES[index]
    for card in Card:
        if not order.is_trump(card):
            values[card] = PLAIN_VALUES[RAMSEN_RANKS.index(card.rank)]
    return tuple(values)


def play_value(
    values: Sequence[float], random_cards: int, mean: float, miss: float, opponents: float,
    players: int, owed: int,
) -> float:  # fmt: skip
    """What saying in is worth in bars (against passing, worth 0) for a hand of known cards
    with chances ``values`` and ``random_cards`` still to draw (mean chance ``mean``, mean
    chance of no trick ``miss``): the tricks expected, also taken from the others, less five
    bars times the chance of no trick, plus the win when one trick would end the game."""
    factor = OPPONENTS.get(round(max(1.0, min(4.0, opponents))), 1.0)
    expected = min(5.0, (sum(values) + random_cards * mean) * factor)
    none = 1.0
    for value in values:
        none *= 1.0 - min(0.97, value * factor)
    none *= (1.0 - min(0.97, (1.0 - miss) * factor)) ** random_cards
    gain = expected * (1 + 1 / (players - 1)) - BARS_PER_CROSS * none
    if owed <= 1:
        gain += WIN_BONUS * (1.0 - none)
    return gain


def _state(view: SeatView) -> RamsenState:
    state = view.public.state
    assert isinstance(state, RamsenState) and state.upcard is not None
    return state


def _opponents(state: RamsenState, seat: int, said: bool) -> float:
    """The other seats expected in the play: those who said in, those bound by an exchange,
    and half of the rest (before the words, ``said`` False: everyone not yet bound)."""
    expected = 0.0
    for other in range(state.players):
        if other == seat:
            continue
        word = state.said.get(other)
        if word == "in" or state.exchanged.get(other, 0) > 0:
            expected += 1
        elif word is None and (not said or other > seat):
            expected += LATER_IN
    return max(1.0, expected)


def _unseen_chances(values: Sequence[float], seen: int) -> tuple[float, float]:
    """The mean chance of a trick of a card not in ``seen`` (a card mask), and its mean chance
    of no trick."""
    chances = [values[card] for card in Card if not seen >> card & 1]
    mean = sum(chances) / len(chances)
    return mean, 1.0 - mean


def decide_exchange(kernel: Kernel, view: SeatView) -> Action:
    """RA-4: the legal exchange worth most. Keeping the hand keeps the choice to pass; laying
    away binds to play (RA-5), with the cards drawn valued at the mean of the unseen ones;
    the dealer may take the upcard (always a trump) for one of them."""
    state = _state(view)
    upcard = state.upcard
    assert upcard is not None
    values = card_values(upcard.suit)
    seen = 0
    for card in (*view.hand, upcard):
        seen |= 1 << card
    mean, miss = _unseen_chances(values, seen)
    opponents = _opponents(state, view.seat, said=False)
    owed = state.owed_before[view.seat]
    players = view.players

    def worth(action: Exchange) -> tuple[float, int]:
        kept = [values[card] for card in view.hand if card not in action.cards]
        drawn = len(action.cards)
        if action.upcard:
            kept.append(values[upcard])
            drawn -= 1
        value = play_value(kept, drawn, mean, miss, opponents, players, owed)
        if not action.cards:
            value = max(value, 0.0)  # may still pass
        return value, -len(action.cards)

    exchanges = [action for action in view.legal if isinstance(action, Exchange)]
    return max(exchanges, key=worth)


def decide_schlecken(kernel: Kernel, view: SeatView) -> Action:
    """RA-8: keep the bottom card of the cut when, whatever suit is turned up, it is likely to
    take a trick — a permanent trump or an Ace — for keeping it costs the exchange."""
    if not view.skat:
        return NoSchleck()
    (card,) = view.skat
    chance = sum(card_values(suit)[card] for suit in Suit) / len(Suit)
    return Schleck() if chance >= KEEP_AT else NoSchleck()


def decide_in_or_pass(kernel: Kernel, view: SeatView) -> Action:
    """RA-5: in when the tricks expected outweigh the risk of a trick-less deal (five bars
    more); the dealer whom everyone before passed says in (the five tricks are his)."""
    state = _state(view)
    upcard = state.upcard
    assert upcard is not None
    if In() not in view.legal:
        return view.legal[0]
    if view.seat == state.dealer and not state.active:
        return In()  # alone: all five tricks without play
    values = card_values(upcard.suit)
    seen = 0
    for card in view.hand:
        seen |= 1 << card
    if not state.took_upcard:
        seen |= 1 << upcard
    mean, miss = _unseen_chances(values, seen)
    value = play_value(
        [values[card] for card in view.hand], 0, mean, miss,
        _opponents(state, view.seat, said=True), view.players, state.owed_before[view.seat],
    )  # fmt: skip
    return In() if value > 0 or Pass() not in view.legal else Pass()


@lru_cache(maxsize=256)
def deal_kernel(
    rules: RuleSet, trump: Suit, owed: tuple[int, ...], active: tuple[int, ...]
) -> Kernel:
    """The kernel of a Ramsen deal's card play: its trump, the bars owed, the seats in."""
    return Kernel(rules, ramsen_contract(trump, owed, active))


def play_kernel(view: SeatView) -> tuple[Kernel, int | None]:
    """The kernel of the deal being played (no declarer in Ramsen)."""
    state = _state(view)
    assert state.upcard is not None
    return deal_kernel(view.rules, state.upcard.suit, state.owed_before, state.active), None


def read_ramsen(kernel: Kernel, view: SeatView, declarer: int | None = None) -> Knowledge:
    """What ``view.seat`` knows in the card play: the tricks, voids shown by not following (and
    not trumping), its own discards (out of play), the upcard (face up, or in the dealer's hand
    once he took it). The seats that passed hold no card that matters: their cards are dealt
    face down with the talon and the others' discards."""
    state = _state(view)
    upcard = state.upcard
    assert upcard is not None
    players, me = view.players, view.seat
    position = Position([0] * players)
    voids = [0] * players
    trump_mask = kernel.trump_mask

    def note(leader: int, cards: Sequence[Card]) -> None:
        if not cards:
            return
        led = kernel.follow[kernel.bit_of[cards[0]]]
        for index, card in enumerate(cards[1:], start=1):
            bit = kernel.bit_of[card]
            if not bit & led:
                seat = kernel.turns[leader][index]
                voids[seat] |= led
                if not bit & trump_mask:
                    voids[seat] |= trump_mask

    seen = kernel.mask(view.hand) | kernel.mask(view.laid)
    for number, trick in enumerate(view.tricks):
        note(trick.leader, trick.cards)
        for card in trick.cards:
            position.won[trick.winner] |= kernel.bit_of[card]
        position.counts[trick.winner] += 1
        position.last[trick.winner] = number
        position.number += 1
        position.leader = trick.winner
    if view.trick_leader is not None:
        position.leader = view.trick_leader
    position.trick = [kernel.bit_of[card] for card in view.trick]
    note(position.leader, view.trick)
    for mask in position.won:
        seen |= mask
    for bit in position.trick:
        seen |= bit
    position.hands[me] = kernel.mask(view.hand)
    in_trick = set(kernel.turns[position.leader][: len(view.trick)])
    sizes = [
        kernel.tricks_per_deal - position.number - (seat in in_trick)
        if seat != me and seat in kernel.active
        else 0
        for seat in range(players)
    ]
    upbit = kernel.bit_of[upcard]
    if not seen & upbit:
        seen |= upbit
        dealer = state.dealer
        if state.took_upcard and dealer != me:  # the dealer holds it until he plays it
            position.hands[dealer] |= upbit
            sizes[dealer] -= 1
    unseen = FULL & ~seen
    allowed = [unseen & ~voids[seat] if sizes[seat] else 0 for seat in range(players)]
    allowed.append(unseen)
    sizes.append(unseen.bit_count() - sum(sizes))
    return Knowledge(me, position, unseen, tuple(sizes), tuple(allowed), declarer)


def objective(kernel: Kernel) -> Callable[[Sequence[int], int], float]:
    """The value of a playout for ``seat`` from the tricks each seat won: the bars it drew
    (an extra cross counts -5) less the others' mean, and ``WIN_BONUS`` for drawing its last
    bar (less a share of it when another seat does) — the scorer's own reading (RA-7)."""
    scorer = kernel.scorer
    assert isinstance(scorer, RamsenScorer)
    owed_of, before = scorer.owed, scorer.owed_before
    others = kernel.players - 1
    total_before = sum(before)

    def value(counts: Sequence[int], seat: int) -> float:
        after, winner = owed_of(counts)
        mine = before[seat] - after[seat]
        drawn = total_before - sum(after)
        result = mine - (drawn - mine) / others
        if winner is not None:
            result += WIN_BONUS if winner == seat else -WIN_BONUS / others
        return result

    return value


_objective = lru_cache(maxsize=256)(objective)
"""``objective`` once per kernel (the kernels of ``deal_kernel`` are cached too)."""


def rule_card(kernel: Kernel, knowledge: Knowledge, legal: int) -> int:
    """The rule-of-thumb card among ``legal``: lead the top trump when it is the highest
    left, else a low card; in a trick, win with the lowest card that does, else play low."""
    position = knowledge.position
    trick = position.trick
    top = 1 << (legal.bit_length() - 1)
    if not trick:
        if top & kernel.trump_mask and not knowledge.unseen & ~(2 * top - 1) & kernel.trump_mask:
            return top
        return legal & -legal
    relevant = kernel.relevant[trick[0]]
    best = max(bit for bit in trick if bit & relevant)
    beating = legal & relevant & ~(2 * best - 1)
    return beating & -beating if beating else legal & -legal


def search_in_or_pass(
    view: SeatView, rand: Callable[[], float], worlds: int, deadline: float | None = None
) -> Action:
    """RA-5 by simulation (the hard AI): in or pass, whichever does better over ``worlds``
    deals of the unseen cards (fewer once ``time.perf_counter()`` passes ``deadline``, at
    least one). In each world the seats still to speak decide by the rule of
    thumb on the hands the world gives them (a seat that exchanged plays, so does a forced
    dealer), the seats in play the deal out at random, and the seat's value is the
    playouts' objective (bars drawn, against the others' mean, and winning the game); both
    answers see the same worlds and the same random play."""
    state = _state(view)
    upcard = state.upcard
    assert upcard is not None
    if In() not in view.legal or Pass() not in view.legal:
        return view.legal[0]
    rules = view.rules
    players, me, dealer = view.players, view.seat, state.dealer
    forced_dealer = bool(getattr(rules, "dealer_forced", False))
    values = card_values(upcard.suit)
    owed = state.owed_before
    dealer_holds_upcard = state.took_upcard and dealer != me
    known = {*view.hand, *view.laid, upcard}
    pool = [card for card in Card if card not in known]
    seen = 0
    for card in known:
        seen |= 1 << card
    mean, miss = _unseen_chances(values, seen)
    said_in = [seat for seat in range(players) if state.said.get(seat) == "in"]
    later = list(range(me + 1, players))
    size = rules.hand_size
    totals = {"in": 0.0, "pass": 0.0}
    for world in range(max(1, worlds)):
        if world and deadline is not None and time.perf_counter() > deadline:
            break
        for index in range(len(pool) - 1, 0, -1):
            other = int(rand() * (index + 1))
            pool[index], pool[other] = pool[other], pool[index]
        hands: dict[int, list[Card]] = {me: list(view.hand)}
        taken = 0
        for seat in (*said_in, *later):
            if seat == dealer and dealer_holds_upcard:
                hands[seat] = [*pool[taken : taken + size - 1], upcard]
                taken += size - 1
            else:
                hands[seat] = pool[taken : taken + size]
                taken += size
        numbers = [rand() for _ in range(40)]
        for word in totals:
            active = [*said_in, me] if word == "in" else list(said_in)
            for position, seat in enumerate(later):
                bound = state.exchanged.get(seat, 0) > 0
                forced = forced_dealer and seat == dealer and not active
                undecided = len(later) - position - 1
                if not (bound or forced):
                    worth = play_value(
                        [values[card] for card in hands[seat]], 0, mean, miss,
                        max(1.0, len(active) + LATER_IN * undecided), players, owed[seat],
                    )  # fmt: skip
                if bound or forced or worth > 0:
                    active.append(seat)
            totals[word] += _world_value(rules, upcard.suit, owed, sorted(active), hands, me,
                                         iter(numbers).__next__)  # fmt: skip
    return In() if totals["in"] > totals["pass"] else Pass()


def _world_value(
    rules: RuleSet,
    trump: Suit,
    owed: tuple[int, ...],
    active: list[int],
    hands: dict[int, list[Card]],
    seat: int,
    rand: Callable[[], float],
) -> float:
    """The seat's objective for one world: the seats ``active`` play it out at random (a lone
    seat in takes the five tricks without play; nobody in, a void deal worth nothing)."""
    if not active:
        return 0.0
    kernel = deal_kernel(rules, trump, owed, tuple(active))
    players = kernel.players
    won, counts, last = [0] * players, [0] * players, [-1] * players
    if len(active) == 1:
        counts[active[0]] = kernel.tricks_per_deal
    else:
        masks = [kernel.mask(hands[each]) if each in active else 0 for each in range(players)]
        kernel.run(masks, active[0], [], won, counts, last, 0, rand, None)
    return _objective(kernel)(counts, seat)


POLICY = GamePolicy(
    steps={
        "schlecken": decide_schlecken,
        "exchange": decide_exchange,
        "in_or_pass": decide_in_or_pass,
    },
    play_setup=play_kernel,
    card_priors={"ramsen": rule_card},
    reader=read_ramsen,
    objective=objective,
    searched_steps={"in_or_pass": search_in_or_pass},
)
"""Ramsen's AI: schlecken, the exchange and in or pass by the rules above (the hard AI simulates
the in or pass), the play valued by winning the game."""

"""The search AI (PIMC for the Ramsch card play): legal, deterministic under a seed, blind to
cards its seat has not seen, an exact endgame search that agrees with plain minimax, and the
heuristic's decision wherever it does not search."""

from __future__ import annotations

import random

import pytest

from ramsch_core import preset
from ramsch_core.actions import Action, Play
from ramsch_core.ai import HeuristicPlayer, Player
from ramsch_core.ai.knowledge import kernel_for, read_view, sampler
from ramsch_core.ai.search import SearchPlayer, Table, solve, solve_maxn, value_of
from ramsch_core.cards import Card
from ramsch_core.deal import Deal
from ramsch_core.errors import IllegalActionError
from ramsch_core.games import SKAT
from ramsch_core.games.ramsch import PRESETS
from ramsch_core.kernel import Kernel, Position


def _search(seed: int, worlds: int = 4) -> SearchPlayer:
    """A small search, deterministic (no time budget)."""
    return SearchPlayer(seed, budget=None, worlds=worlds)


@pytest.mark.parametrize("name", list(PRESETS))
def test_search_plays_only_legal_actions(name: str) -> None:
    """A search seat among heuristic seats plays whole deals of every Ramsch preset."""
    rules = preset(name)
    for seed in range(2):
        deal = Deal.from_seed(rules, seed)
        players: list[Player] = [
            _search(seed, 3) if seat == seed % rules.players else HeuristicPlayer(seed, playouts=40)
            for seat in range(rules.players)
        ]
        while deal.to_act is not None:
            view = deal.view(deal.to_act)
            action = players[deal.to_act].choose(view)
            assert action in view.legal
            deal.apply(action)
        assert deal.result is not None


def _mid_play(name: str, seed: int, cards: int) -> tuple[Deal, list[Action]]:
    """A deal with ``cards`` cards played by heuristic seats, and the actions taken."""
    deal = Deal.from_seed(preset(name), seed)
    actions: list[Action] = []
    for _ in range(cards):
        assert deal.to_act is not None
        action = HeuristicPlayer(seed, playouts=0).choose(deal.view(deal.to_act))
        deal.apply(action)
        actions.append(action)
    return deal, actions


def test_same_seed_same_decision() -> None:
    deal, _ = _mid_play("skat", 4, 7)
    assert deal.to_act is not None
    view = deal.view(deal.to_act)
    assert _search(9, 12).choose(view) == _search(9, 12).choose(view)
    first, second = _search(9, 12), _search(9, 12)
    kernel = kernel_for(view.rules)
    knowledge = read_view(kernel, view)
    legal = kernel.mask(action.card for action in view.legal if isinstance(action, Play))
    assert first.values(kernel, knowledge, legal) == second.values(kernel, knowledge, legal)


def _swapped(deal: Deal, actions: list[Action], seat: int, rng: random.Random) -> Deal:
    """The same actions on another deal: every card ``seat`` has not seen is dealt anew among
    the other seats and the skat, keeping hand sizes and the voids they showed."""
    view = deal.view(seat)
    kernel = kernel_for(view.rules)
    world = sampler(read_view(kernel, view), rng.random)()
    hands: list[list[Card]] = [kernel.cards(hand) for hand in world.hands]
    for trick in [*view.tricks]:
        for index, card in enumerate(trick.cards):
            hands[(trick.leader + index) % view.players].append(card)
    assert view.trick_leader is not None
    for index, card in enumerate(view.trick):
        hands[(view.trick_leader + index) % view.players].append(card)
    other = Deal(view.rules, hands, kernel.cards(world.skat))
    for action in actions:
        other.apply(action)
    return other


@pytest.mark.parametrize(
    ("name", "seed", "cards"), [("skat", 1, 7), ("skat", 2, 13), ("schafkopf", 3, 9)]
)
def test_decisions_do_not_depend_on_unseen_cards(name: str, seed: int, cards: int) -> None:
    """Two deals that differ in every card the seat has not seen, but show it the same view,
    get the same decision (and the same card values) from the same seed."""
    deal, actions = _mid_play(name, seed, cards)
    seat = deal.to_act
    assert seat is not None
    rng = random.Random(seed)
    for _ in range(3):
        other = _swapped(deal, actions, seat, rng)
        assert other.view(seat) == deal.view(seat)
        assert any(other.hand(held) != deal.hand(held) for held in range(deal.view(seat).players))
        assert _search(5, 10).choose(other.view(seat)) == _search(5, 10).choose(deal.view(seat))


def _successors(kernel: Kernel, position: Position) -> list[Position]:
    mover = kernel.to_play(position)
    legal = kernel.legal(position.hands[mover], position.trick)
    positions = []
    while legal:
        bit = legal & -legal
        legal ^= bit
        after = Position(
            list(position.hands), position.leader, list(position.trick), list(position.won),
            list(position.counts), list(position.last), position.number, position.skat,
            position.pushes,
        )  # fmt: skip
        kernel.play(after, bit)
        positions.append(after)
    return positions


def _minimax(kernel: Kernel, position: Position, seat: int) -> float:
    """Plain paranoid minimax, no pruning: the reference for ``solve``."""
    if kernel.finished(position) and not position.trick:
        return value_of(kernel.score(position).scores, seat)
    values = [_minimax(kernel, after, seat) for after in _successors(kernel, position)]
    return max(values) if kernel.to_play(position) == seat else min(values)


def _maxn(kernel: Kernel, position: Position, seat: int) -> list[float]:
    """Plain max^n (ties against ``seat``), no memo: the reference for ``solve_maxn``."""
    if kernel.finished(position) and not position.trick:
        scores = kernel.score(position).scores
        return [value_of(scores, each) for each in range(kernel.players)]
    mover = kernel.to_play(position)
    vectors = [_maxn(kernel, after, seat) for after in _successors(kernel, position)]
    return max(vectors, key=lambda vector: (vector[mover], -vector[seat]))


@pytest.mark.parametrize("name", ["skat", "schafkopf", "altenburg"])
def test_exact_search_agrees_with_minimax(name: str) -> None:
    """Alpha-beta with its transposition table finds the minimax value of random endgames of
    three tricks (some in mid-trick), one table shared by several searches as in a world; max^n
    with its memo finds the plain max^n value."""
    kernel = kernel_for(preset(name))
    rng = random.Random(11)
    for _ in range(12):
        hands, skat = kernel.random_deal(rng)
        position = Position(hands, skat=skat)
        left = 3 * kernel.players - rng.randrange(kernel.players)
        while (kernel.tricks_per_deal - position.number) * kernel.players - len(
            position.trick
        ) > left:
            legal = kernel.legal(position.hands[kernel.to_play(position)], position.trick)
            bits = [1 << index for index in range(32) if legal >> index & 1]
            kernel.play(position, rng.choice(bits))
        table: Table = {}
        for seat in range(kernel.players):
            assert solve(kernel, position, seat, {}) == pytest.approx(
                _minimax(kernel, position, seat)
            )
            assert solve_maxn(kernel, position, seat, {}) == pytest.approx(
                _maxn(kernel, position, seat)[seat]
            )
        seat = kernel.to_play(position)
        for _ in range(2):  # a second search reads the first one's table
            assert solve(kernel, position, seat, table) == pytest.approx(
                _minimax(kernel, position, seat)
            )


def test_other_steps_and_games_are_the_heuristics() -> None:
    """Schieberamsch pushes and full Skat are decided by the heuristic of the same seed."""
    deal = Deal.from_seed(preset("skat-schieberamsch"), 2)
    assert deal.phase == "push"
    view = deal.view(deal.to_act or 0)
    assert _search(3).choose(view) == HeuristicPlayer(3).choose(view)
    skat = Deal.from_seed(SKAT.preset("skat"), 2)
    view = skat.view(skat.to_act or 0)
    assert _search(3).choose(view) == HeuristicPlayer(3).choose(view)


def test_a_forced_card_is_played_and_off_turn_is_refused() -> None:
    deal = Deal.from_seed(preset("skat"), 1)
    with pytest.raises(IllegalActionError, match="not its turn"):
        _search(0).choose(deal.view(1))
    forced = 0
    for _ in range(30):
        assert deal.to_act is not None
        view = deal.view(deal.to_act)
        if len(view.legal) == 1:
            player = _search(0)
            assert player.choose(view) == view.legal[0]
            assert player.last_worlds == 0
            forced += 1
        deal.apply(HeuristicPlayer(0, playouts=0).choose(view))
    assert forced

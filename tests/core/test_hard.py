"""The hard AI (the heuristic with the last tricks searched exactly): legal in every game,
deterministic under a seed, blind to cards its seat has not seen, an exact search that agrees
with plain max^n in every game's kernel, and the heuristic's decision before the endgame."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from ramsch_core import LEVELS, PLAYER_KINDS, make_player, preset
from ramsch_core.actions import Action, Play
from ramsch_core.ai import HeuristicPlayer, Player
from ramsch_core.ai.hard import HardPlayer, Solver
from ramsch_core.ai.knowledge import kernel_for, read_view, sampler
from ramsch_core.ai.players import evaluate, policy_of
from ramsch_core.cards import Card
from ramsch_core.deal import Deal
from ramsch_core.errors import IllegalActionError
from ramsch_core.games import GAMES
from ramsch_core.games.skat.contract import Declaration, skat_contract
from ramsch_core.kernel import Kernel, Position
from ramsch_core.rules import RuleSet
from ramsch_core.view import SeatView


def _hard(seed: int, worlds: int = 6) -> HardPlayer:
    """A small hard AI, deterministic (no time budget)."""
    return HardPlayer(seed, budget=None, worlds=worlds, playouts=60)


GAME_PRESETS = [(game.id, name) for game in GAMES.values() for name in game.presets]


@pytest.mark.parametrize(("game", "name"), GAME_PRESETS)
def test_hard_plays_every_game_legally_and_searches_the_end(game: str, name: str) -> None:
    """A hard seat among heuristic seats finishes seeded deals of every preset of every game
    with legal actions only, and searches worlds in the last tricks of most of them."""
    rules = preset(name, game=game)
    searched = 0
    for seed in range(3):
        deal = Deal.from_seed(rules, seed)
        seat = seed % rules.players
        hard = _hard(seed, 3)
        players: list[Player] = [
            hard if each == seat else HeuristicPlayer(seed, playouts=30)
            for each in range(rules.players)
        ]
        while deal.to_act is not None:
            view = deal.view(deal.to_act)
            action = players[deal.to_act].choose(view)
            assert action in view.legal, (name, seed, view.phase, action)
            if deal.to_act == seat and hard.last_worlds:
                searched += 1
                assert hard.last_worlds == 3
            deal.apply(action)
        assert deal.result is not None
    if game != "ramsen":  # a Ramsen deal may end (or its seat pass) before its last tricks
        assert searched


def _advance(rules: RuleSet, seed: int, left: int) -> tuple[Deal, list[Action]]:
    """A deal played by rule-of-thumb seats until at most ``left`` tricks are left (the trick
    begun counts) and the seat to act has a choice of cards."""
    deal = Deal.from_seed(rules, seed)
    actions: list[Action] = []
    rule = HeuristicPlayer(seed, playouts=0)
    while deal.to_act is not None:
        view = deal.view(deal.to_act)
        cards = [action for action in view.legal if isinstance(action, Play)]
        if view.phase == "play" and len(view.hand) <= left and len(cards) > 1:
            return deal, actions
        action = rule.choose(view)
        deal.apply(action)
        actions.append(action)
    raise AssertionError(f"deal {seed} ended before {left} tricks were left with a choice")


def _swapped(deal: Deal, actions: list[Action], seat: int, rng: random.Random) -> Deal:
    """The same actions on another deal of a Ramsch: every card ``seat`` has not seen is dealt
    anew among the other seats and the skat, keeping hand sizes and the voids they showed."""
    view = deal.view(seat)
    kernel = kernel_for(view.rules)
    world = sampler(read_view(kernel, view), rng.random)()
    hands: list[list[Card]] = [kernel.cards(hand) for hand in world.hands]
    for trick in view.tricks:
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
    ("name", "seed"), [("skat", 1), ("skat", 2), ("schafkopf", 3), ("altenburg", 4)]
)
def test_decisions_do_not_depend_on_unseen_cards(name: str, seed: int) -> None:
    """Deals that differ in every card the seat has not seen, but show it the same view, get
    the same searched card values and decision from the same seed: the AI decides from its
    seat's view only."""
    deal, actions = _advance(preset(name), seed, 3)
    seat = deal.to_act
    assert seat is not None
    view = deal.view(seat)
    kernel = kernel_for(view.rules)
    legal = kernel.mask(action.card for action in view.legal if isinstance(action, Play))
    expected = _hard(5, 10).values(kernel, read_view(kernel, view), legal)
    rng = random.Random(seed)
    differ = 0
    for _ in range(4):
        other = _swapped(deal, actions, seat, rng)
        assert other.view(seat) == view
        differ += any(other.hand(held) != deal.hand(held) for held in range(view.players))
        mirrored = other.view(seat)
        assert _hard(5, 10).values(kernel, read_view(kernel, mirrored), legal) == expected
        assert _hard(5, 10).choose(mirrored) == _hard(5, 10).choose(view)
    assert differ


def test_same_seed_same_decision_and_a_seed_matters() -> None:
    deal, _ = _advance(preset("skat"), 4, 3)
    assert deal.to_act is not None
    view = deal.view(deal.to_act)
    assert _hard(9).choose(view) == _hard(9).choose(view)
    kernel = kernel_for(view.rules)
    knowledge = read_view(kernel, view)
    legal = kernel.mask(action.card for action in view.legal if isinstance(action, Play))
    assert _hard(9).values(kernel, knowledge, legal) == _hard(9).values(kernel, knowledge, legal)
    seeds = {tuple(_hard(seed, 2).values(kernel, knowledge, legal).values()) for seed in range(6)}
    assert len(seeds) > 1


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


def _maxn(kernel: Kernel, position: Position, leaf: object) -> list[float]:
    """Plain max^n without memo (the first best card of each mover): the reference."""
    if not position.trick and kernel.finished(position):
        return leaf(position)  # type: ignore[operator,no-any-return]
    mover = kernel.to_play(position)
    best: list[float] | None = None
    for after in _successors(kernel, position):
        vector = _maxn(kernel, after, leaf)
        if best is None or vector[mover] > best[mover]:
            best = vector
    assert best is not None
    return best


def _world(view: SeatView, rng: random.Random) -> tuple[Kernel, Position, object]:
    """The kernel the heuristic plays ``view``'s game with, a world drawn from the seat's
    knowledge, and the game's objective (or None)."""
    policy = policy_of(view)
    setup = policy.play_setup
    kernel, declarer = setup(view) if setup is not None else (kernel_for(view.rules), None)
    knowledge = (policy.reader or read_view)(kernel, view, declarer)
    goal = policy.objective
    return kernel, sampler(knowledge, rng.random)(), None if goal is None else goal(kernel)


@pytest.mark.parametrize(("game", "name"), GAME_PRESETS)
def test_exact_search_agrees_with_plain_maxn(game: str, name: str) -> None:
    """In each game's own kernel (Skat's declared games, Schafkopf's with the world's partner,
    Ramsen's seats in and early end), the memoised search finds the plain max^n values of
    worlds of the last three tricks, one memo shared by every card tried, as in a decision."""
    rules = preset(name, game=game)
    rng = random.Random(17)
    checked = 0
    for seed in range(12):
        try:
            deal, _ = _advance(rules, seed, 3)
        except AssertionError:
            continue  # a Ramsen deal that ended early
        assert deal.to_act is not None
        kernel, world, objective = _world(deal.view(deal.to_act), rng)
        solver = Solver(kernel, world, objective)  # type: ignore[arg-type]

        def leaf(position: Position, solver: Solver = solver) -> list[float]:
            return list(
                solver.leaf(tuple(position.won), tuple(position.counts), tuple(position.last))
            )

        for after in _successors(kernel, world):
            expected = _maxn(kernel, after, leaf)
            found = solver.value(
                tuple(after.hands), after.leader, tuple(after.trick), tuple(after.won),
                tuple(after.counts), tuple(after.last), after.number,
            )  # fmt: skip
            assert list(found) == pytest.approx(expected)
            checked += 1
        if checked >= 8:
            break
    assert checked


DEFAULT_PRESETS = [(game.id, game.default_preset) for game in GAMES.values()]


@pytest.mark.parametrize(("game", "name"), DEFAULT_PRESETS)
def test_playouts_score_each_card_as_the_kernel_plays_and_scores_it(game: str, name: str) -> None:
    """The playouts before the search (``evaluate``): each card's value is the mean, over the
    sampled worlds and the same random numbers for every card, of the kernel's own scored
    playout of the world with that card played (the world's scorer: a Sauspiel's partner is
    whoever holds the called Sau there), the seat's score less the others' mean."""
    rules = preset(name, game=game)
    checked = 0
    for seed in range(12):
        try:
            deal, _ = _advance(rules, seed, 6)
        except AssertionError:
            continue
        assert deal.to_act is not None
        view = deal.view(deal.to_act)
        kernel, _, objective = _world(view, random.Random(0))
        policy = policy_of(view)
        setup = policy.play_setup
        declarer = setup(view)[1] if setup is not None else None
        knowledge = (policy.reader or read_view)(kernel, view, declarer)
        legal = kernel.mask(action.card for action in view.legal if isinstance(action, Play))
        found = evaluate(kernel, knowledge, legal, random.Random(seed), 40, None, objective)

        rng = random.Random(seed)  # the reference: the same draws, played one by one
        draw, seat, cards = sampler(knowledge, rng.random), knowledge.seat, sorted(found)
        worlds = max(1, min(120, 40 // len(cards)))
        rollouts = max(1, 40 // (worlds * len(cards)))
        totals = dict.fromkeys(cards, 0.0)
        for _ in range(worlds):
            world = draw()
            for _ in range(rollouts):
                numbers = [rng.random() for _ in range(40)]
                for bit in cards:
                    hands = list(world.hands)
                    hands[seat] ^= bit
                    start = Position(
                        hands, world.leader, [*world.trick, bit], list(world.won),
                        list(world.counts), list(world.last), world.number, world.skat,
                        world.pushes,
                    )  # fmt: skip
                    if objective is not None:
                        kernel.run(
                            start.hands, start.leader, start.trick, start.won, start.counts,
                            start.last, start.number, iter(numbers).__next__, None,
                        )  # fmt: skip
                        totals[bit] += objective(start.counts, seat)  # type: ignore[operator]
                        continue
                    scores = kernel.simulate(start, iter(numbers).__next__)
                    others = (sum(scores) - scores[seat]) / (kernel.players - 1)
                    totals[bit] += float(scores[seat] - others)
        expected = {bit: total / (worlds * rollouts) for bit, total in totals.items()}
        assert found == pytest.approx(expected)
        assert len(set(found.values())) > 1 or len(found) == 1
        checked += 1
        if checked >= 3:
            break
    assert checked


def _paranoid(kernel: Kernel, position: Position, leaf: object, seat: int) -> float:
    """Plain minimax of ``seat``'s value, the others playing against it: the reference."""
    if not position.trick and kernel.finished(position):
        return leaf(position)[seat]  # type: ignore[operator,no-any-return]
    values = [_paranoid(kernel, after, leaf, seat) for after in _successors(kernel, position)]
    return max(values) if kernel.to_play(position) == seat else min(values)


def _searched_worlds(
    game: str, name: str, left: int, count: int
) -> list[tuple[Kernel, Position, object]]:
    """``count`` worlds of the preset's seeded deals with ``left`` tricks to play, as a seat
    to act samples them (its kernel, the world, the game's objective)."""
    rules = preset(name, game=game)
    rng = random.Random(5)
    worlds = []
    for seed in range(40):
        try:
            deal, _ = _advance(rules, seed, left)
        except AssertionError:
            continue
        assert deal.to_act is not None
        worlds.append(_world(deal.view(deal.to_act), rng))
        if len(worlds) == count:
            break
    return worlds


def _state(position: Position) -> tuple[object, ...]:
    """A kernel position as ``Solver.value`` takes it."""
    return (
        tuple(position.hands), position.leader, tuple(position.trick), tuple(position.won),
        tuple(position.counts), tuple(position.last), position.number,
    )  # fmt: skip


def _leaf_of(solver: Solver) -> Callable[[Position], list[float]]:
    """The solver's values of a finished play, for the plain references."""

    def leaf(position: Position) -> list[float]:
        return list(solver.leaf(tuple(position.won), tuple(position.counts), tuple(position.last)))

    return leaf


FULL_GAMES = [(game, name) for game, name in GAME_PRESETS if game in ("skat", "schafkopf")]


@pytest.mark.parametrize(("game", "name"), FULL_GAMES)
def test_two_sides_are_searched_by_alpha_beta_to_the_plain_maxn_values(
    game: str, name: str
) -> None:
    """A declared game of two sides (every preset's scoring) is searched by alpha-beta with
    cutoffs, a memo by what each side won, one card tried of cards alike and the point range
    a position can still end in: four tricks from the end it still finds the values of plain
    max^n, for every card of the seat to act (three tricks from the end in the variants,
    whose scoring only multiplies)."""
    left = 4 if name == GAMES[game].default_preset else 3
    checked = 0
    for kernel, world, objective in _searched_worlds(game, name, left, 12):
        solver = Solver(kernel, world, objective)  # type: ignore[arg-type]
        if solver.side is None:
            continue  # the all-pass Ramsch of the deal: max^n, checked above
        for after in _successors(kernel, world):
            found = solver.value(*_state(after))  # type: ignore[arg-type]
            assert list(found) == pytest.approx(_maxn(kernel, after, _leaf_of(solver)))
            checked += 1
        if checked >= 5:
            break
    assert checked >= 3


def test_alpha_beta_keeps_its_bounds_apart_deep_in_a_skat_game() -> None:
    """Six tricks from the end of declared Skat games, where many positions are met again
    under other bounds: alpha-beta, one memo shared by every card as in a decision, finds the
    values of the memoised max^n (which agrees with plain max^n, above)."""
    checked = 0
    for kernel, world, objective in _searched_worlds("skat", "skat", 6, 10):
        solver = Solver(kernel, world, objective)  # type: ignore[arg-type]
        if solver.side is None:
            continue
        maxn = Solver(kernel, world, objective)  # type: ignore[arg-type]
        maxn.side = None
        for after in _successors(kernel, world):
            state = _state(after)
            assert list(solver.value(*state)) == pytest.approx(maxn.value(*state))  # type: ignore[arg-type]
            checked += 1
        if checked >= 8:
            break
    assert checked >= 4


def test_a_null_game_is_searched_to_its_values_though_tricks_only_hurt_the_declarer() -> None:
    """In a Null game the declarer's value falls with every trick he takes (the point range is
    turned round) and the play stops at his first: alpha-beta still finds plain max^n's values
    (FS-11a)."""
    rules = GAMES["skat"].preset("skat")
    rng = random.Random(3)
    checked = 0
    for seed in (9, 27, 98, 373):  # deals the rule-of-thumb bidder declares Null on
        deal, _ = _advance(rules, seed, 4)
        assert deal.to_act is not None
        view = deal.view(deal.to_act)
        assert "null" in str(view.public.contract).lower()
        kernel, world, objective = _world(view, rng)
        solver = Solver(kernel, world, objective)  # type: ignore[arg-type]
        assert solver.side is not None
        for after in _successors(kernel, world):
            found = solver.value(*_state(after))  # type: ignore[arg-type]
            assert list(found) == pytest.approx(_maxn(kernel, after, _leaf_of(solver)))
            checked += 1
    assert checked >= 4


def test_cards_alike_are_one_card_only_while_no_card_between_them_is_in_play() -> None:
    """Alpha-beta tries one of two cards alike (one suit, both worth nothing) only while no
    card ranked between them is still in play. In a Null game the declarer leads from ♣9 ♣7
    with two tricks left and ♣8 in a defender's hand: ♣7 loses to ♣8 and he takes no trick,
    ♣9 takes the ♣8 and loses the game (FS-10), so both must be searched. With ♣8 played
    they win and lose the same tricks and one is enough."""
    rules = GAMES["skat"].preset("skat")
    hands = [[Card.C9, Card.C7], [Card.C8, Card.HA], [Card.S7, Card.S8]]
    skat = [Card.D7, Card.D8]
    rest = [card for card in Card if card not in {*skat, *(c for hand in hands for c in hand)}]
    twelve = frozenset([*hands[0], *skat, *rest[:8]])
    kernel = Kernel(rules, skat_contract(Declaration("null", False), 0, 23, twelve))
    world = Position(
        [kernel.mask(hand) for hand in hands], 0, [], [0, kernel.mask(rest[:15]),
        kernel.mask(rest[15:])], [0, 5, 3], [-1, 7, 6], 8, kernel.mask(skat),
    )  # fmt: skip
    solver = Solver(kernel, world, None)
    assert solver.side == frozenset({0})
    state = _state(world)
    found = solver.value(*state)  # type: ignore[arg-type]
    assert list(found) == pytest.approx(_maxn(kernel, world, _leaf_of(solver)))
    assert found[0] > 0  # ♣7 first: the Null is won
    hands_bits, clubs = tuple(world.hands), kernel.mask([Card.C9, Card.C7])
    assert sorted(solver._tried(hands_bits, (), clubs)) == sorted(
        kernel.mask([c]) for c in (Card.C9, Card.C7)
    )
    played = (hands_bits[0], kernel.mask([Card.HA]), hands_bits[2])
    assert len(solver._tried(played, (), clubs)) == 1


@pytest.mark.parametrize("name", ["skat", "schafkopf", "altenburg"])
def test_each_for_himself_searched_paranoid_finds_the_minimax_of_the_seat(name: str) -> None:
    """A Ramsch searched for one seat as if the others played against it: for every card of
    that seat, its value is the plain minimax of its own value."""
    checked = 0
    for kernel, world, objective in _searched_worlds("ramsch", name, 3, 6):
        seat = kernel.to_play(world)
        solver = Solver(kernel, world, objective, paranoid=seat)  # type: ignore[arg-type]
        assert solver.side == frozenset({seat})
        for after in _successors(kernel, world):
            found = solver.value(*_state(after))  # type: ignore[arg-type]
            assert found[seat] == pytest.approx(_paranoid(kernel, after, _leaf_of(solver), seat))
            checked += 1
    assert checked >= 6


def test_before_the_endgame_the_hard_ai_is_the_heuristic() -> None:
    """Early tricks, Schieberamsch pushes and the bidding of full Skat: the heuristic's
    decision, of the same seed and playouts."""
    deal = Deal.from_seed(preset("skat"), 3)
    for _ in range(4):
        assert deal.to_act is not None
        view = deal.view(deal.to_act)
        player = _hard(2)
        assert player.choose(view) == HeuristicPlayer(2, playouts=60, time_limit=None).choose(view)
        assert player.last_worlds == 0
        deal.apply(view.legal[0])
    for rules in (preset("skat-schieberamsch"), GAMES["skat"].preset("skat")):
        deal = Deal.from_seed(rules, 2)
        view = deal.view(deal.to_act or 0)
        assert view.phase != "play"
        assert _hard(3).choose(view) == HeuristicPlayer(3, playouts=60).choose(view)


def test_a_forced_card_is_played_and_off_turn_is_refused() -> None:
    deal = Deal.from_seed(preset("skat"), 1)
    with pytest.raises(IllegalActionError, match="not its turn"):
        _hard(0).choose(deal.view(1))
    forced = 0
    for _ in range(30):
        assert deal.to_act is not None
        view = deal.view(deal.to_act)
        if len(view.legal) == 1:
            player = _hard(0)
            assert player.choose(view) == view.legal[0]
            assert player.last_worlds == 0
            forced += 1
        deal.apply(HeuristicPlayer(0, playouts=0).choose(view))
    assert forced


def test_hard_is_a_level_and_a_kind() -> None:
    assert LEVELS["hard"] == "hard"
    assert "hard" in PLAYER_KINDS
    assert list(LEVELS) == ["easy", "normal", "hard"]
    player = make_player("hard", 3)
    assert isinstance(player, HardPlayer)
    assert player.budget == 1.0


def _in_or_pass_views(count: int) -> list[SeatView]:
    """Views of seats with the choice of in or pass, from seeded Ramsen deals (the exchange by
    the heuristic, the earlier words at random)."""
    rules = GAMES["ramsen"].preset("ramsen")
    views: list[SeatView] = []
    seed = 0
    while len(views) < count:
        deal = Deal.from_seed(rules, seed)
        rng = random.Random(seed)
        seed += 1
        while deal.to_act is not None and deal.phase != "play":
            view = deal.view(deal.to_act)
            if view.phase == "in_or_pass" and len(view.legal) > 1:
                views.append(view)
            if view.phase == "in_or_pass":
                action = rng.choice(view.legal)
            else:
                action = HeuristicPlayer(seed, playouts=0).choose(view)
            deal.apply(action)
    return views


def test_ramsen_in_or_pass_is_searched_and_agrees_with_the_rule_where_it_is_clear() -> None:
    """The hard AI simulates in or pass (Ramsen): deterministic for a seed, and where the rule
    of thumb is sure (a hand worth many bars, or a hand sure to draw none) it answers the same;
    elsewhere it may differ, and it does somewhere."""
    from ramsch_core.games.ramsen import ai as ramsen
    from ramsch_core.games.ramsen.in_or_pass import In

    strong = weak = differ = 0
    for view in _in_or_pass_views(60):
        state = view.public.state
        assert isinstance(state, ramsen.RamsenState)
        assert state.upcard is not None
        values = ramsen.card_values(state.upcard.suit)
        chances = sorted((values[card] for card in view.hand), reverse=True)
        searched = _hard(1).choose(view)
        assert searched == _hard(1).choose(view)
        assert searched in view.legal
        rule = HeuristicPlayer(1).choose(view)
        if chances[0] >= 0.9 and chances[1] >= 0.8:  # two of the top trumps: two tricks
            strong += 1
            assert searched == In(), view.hand
        elif chances[0] <= 0.1:  # no trump, no Ace: no trick to expect
            weak += 1
            assert searched != In(), view.hand
        differ += searched != rule
    assert strong and weak and differ

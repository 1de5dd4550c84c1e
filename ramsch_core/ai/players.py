"""AI players that decide from one seat's view: a random one and a heuristic, which asks the
game's policy (``Game.ai``) for its steps, calls and card rules."""

from __future__ import annotations

import random
import time
from typing import Literal, Protocol

from ramsch_core.actions import Action, Play
from ramsch_core.ai.knowledge import Knowledge, kernel_for, read_view, sampler
from ramsch_core.ai.policy import NO_POLICY, GamePolicy, Objective
from ramsch_core.ai.ramsch import bits_of
from ramsch_core.contracts import score_values
from ramsch_core.errors import IllegalActionError
from ramsch_core.games.registry import get_game
from ramsch_core.kernel import Kernel, Position
from ramsch_core.kernel.tally import tally
from ramsch_core.view import SeatView

DEFAULT_PLAYOUTS = 600
"""Playouts per decision: 4-5 ms for an average heuristic decision."""

TIME_LIMIT = 0.03
"""Seconds after which a decision stops simulating (only reached on a busy machine)."""


class Player(Protocol):
    """Anything that picks one of ``view.legal`` for the seat to act."""

    def choose(self, view: SeatView) -> Action: ...


def require_turn(view: SeatView) -> None:
    if not view.legal:
        raise IllegalActionError(
            "Seat {seat} has nothing to do: it is not its turn", seat=view.seat
        )


def policy_of(view: SeatView) -> GamePolicy:
    """The AI policy of the game the view is of."""
    return get_game(view.public.game).ai or NO_POLICY


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        require_turn(view)
        return view.legal[int(self.rng.random() * len(view.legal))]


class HeuristicPlayer:
    """Rules of thumb, checked by kernel playouts on deals consistent with what it has seen.

    ``playouts`` bounds the simulated deals per decision (0: rules of thumb only), which keeps
    a decision deterministic for a seed and well under 50 ms; ``time_limit`` (seconds, None
    for no limit) stops the simulation early on a machine too busy for that.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int = DEFAULT_PLAYOUTS,
        time_limit: float | None = TIME_LIMIT,
    ) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.time_limit = time_limit

    def choose(self, view: SeatView) -> Action:
        """Raises IllegalActionError off turn, ValueError in a step it has no heuristic for."""
        require_turn(view)
        if len(view.legal) == 1:
            return view.legal[0]
        policy = policy_of(view)
        if view.phase != "play":
            decide = policy.steps.get(view.phase)
            if decide is None:
                raise ValueError(f"The heuristic has no rule for the {view.phase!r} step")
            return decide(kernel_for(view.rules), view)
        for action in view.legal:  # Kontra, Re: said before a card when the rule says so
            call = policy.calls.get(action.kind)
            if call is not None and call(view):
                return action
        setup = policy.play_setup
        kernel, declarer = setup(view) if setup is not None else (kernel_for(view.rules), None)
        legal = kernel.mask(action.card for action in view.legal if isinstance(action, Play))
        if not legal & (legal - 1):
            return Play(kernel.card(legal))
        knowledge = (policy.reader or read_view)(kernel, view, declarer)
        prior = policy.card_priors.get(view.public.contract or "")
        choice = prior(kernel, knowledge, legal) if prior is not None else legal & -legal
        if self.playouts > 0:
            goal = policy.objective
            choice = self._search(
                kernel, knowledge, legal, choice, None if goal is None else goal(kernel)
            )
        return Play(kernel.card(choice))

    def _search(
        self,
        kernel: Kernel,
        knowledge: Knowledge,
        legal: int,
        prior: int,
        objective: Objective | None = None,
    ) -> int:
        """The legal card with the best mean playout result; the prior card wins ties."""
        values = evaluate(
            kernel, knowledge, legal, self.rng, self.playouts, self.time_limit, objective
        )
        return max(values, key=lambda bit: (values[bit], bit == prior))


def evaluate(
    kernel: Kernel,
    knowledge: Knowledge,
    legal: int,
    rng: random.Random,
    playouts: int,
    time_limit: float | None = None,
    objective: Objective | None = None,
) -> dict[int, float]:
    """Mean result of each legal card over random playouts of sampled deals.

    The result is the seat's score less the others' mean, so a Durchmarsch against the seat
    counts even where it costs the seat nothing. Every card is tried on the same sampled deals
    with the same random numbers, so their differences are less noisy. Past ``time_limit``
    seconds no further deal is sampled. ``objective`` values a playout by the tricks won
    instead, without scoring it (a game's ``GamePolicy.objective``).
    """
    candidates = bits_of(legal)
    worlds = max(1, min(120, playouts // len(candidates)))
    rollouts = max(1, playouts // (worlds * len(candidates)))
    draw = sampler(knowledge, rng.random)
    seat, players, layout = knowledge.seat, kernel.players, kernel.layout
    run, rand, scorer_for = kernel.run, rng.random, kernel.scorer_for
    default_scores = score_values(kernel.scorer)
    totals = dict.fromkeys(candidates, 0.0)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    sampled = 0
    while sampled < worlds and (deadline is None or not sampled or time.perf_counter() < deadline):
        sampled += 1
        world = draw()
        starts = []
        for bit in candidates:
            hands = list(world.hands)
            hands[seat] ^= bit
            trick = [*world.trick, bit]
            scores_of = default_scores
            if scorer_for is not None and objective is None:
                start = Position(
                    hands, world.leader, trick, world.won, world.counts, world.last,
                    world.number, world.skat, world.pushes,
                )  # fmt: skip
                scores_of = score_values(scorer_for(start))
            starts.append((bit, hands, trick, scores_of))
        for _ in range(rollouts):
            numbers = [rand() for _ in range(40)]
            for bit, hands, trick, scores_of in starts:
                won, counts, last = list(world.won), list(world.counts), list(world.last)
                run(
                    list(hands), world.leader, list(trick), won, counts, last, world.number,
                    iter(numbers).__next__, None,
                )  # fmt: skip
                if objective is not None:
                    totals[bit] += objective(counts, seat)
                    continue
                scores = scores_of(tally(layout, won, counts, last, world.skat, world.pushes))
                mine = scores[seat]
                totals[bit] += float(mine - (sum(scores) - mine) / (players - 1))
    return {bit: total / (sampled * rollouts) for bit, total in totals.items()}


PlayerKind = Literal["random", "easy", "heuristic", "normal", "hard"]
"""What ``make_player`` builds: "normal" is the heuristic under its level's name."""
PLAYER_KINDS: tuple[PlayerKind, ...] = ("random", "easy", "heuristic", "normal", "hard")
LEVELS: dict[str, PlayerKind] = {"easy": "easy", "normal": "heuristic", "hard": "hard"}
"""The difficulty levels a host offers, weakest first, and the kind of AI each plays."""


def make_player(kind: PlayerKind, seed: int) -> Player:
    """An AI player of the given kind (see ``PLAYER_KINDS``)."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "easy":
        from ramsch_core.ai.easy import EasyPlayer

        return EasyPlayer(seed)
    if kind in ("heuristic", "normal"):
        return HeuristicPlayer(seed)
    if kind == "hard":
        from ramsch_core.ai.hard import HardPlayer

        return HardPlayer(seed)
    raise ValueError(f"Unknown AI kind {kind!r}: choose one of {', '.join(PLAYER_KINDS)}")

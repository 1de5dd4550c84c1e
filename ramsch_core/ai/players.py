"""AI players that decide from one seat's view: a random one and a heuristic (Ramsch, full Skat,
Ramsen, full Schafkopf)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Literal, Protocol

from ramsch_core.actions import Action, PassOn, PickUp, Play, Push
from ramsch_core.ai import ramsen, schafkopf, skat
from ramsch_core.ai.knowledge import Knowledge, kernel_for, read_view, sampler
from ramsch_core.ai.ramsch import bits_of, hand_danger, lay_pair, rule_card
from ramsch_core.contracts import score_values
from ramsch_core.errors import IllegalActionError
from ramsch_core.kernel import Kernel, Position
from ramsch_core.kernel.tally import tally
from ramsch_core.view import SeatView

DEFAULT_PLAYOUTS = 600
"""Playouts per decision: 4-5 ms for an average heuristic decision."""

TIME_LIMIT = 0.03
"""Seconds after which a decision stops simulating (only reached on a busy machine)."""

Objective = Callable[[Sequence[int], int], float]
"""The value of a playout for a seat, from the tricks each seat won (all of them, the ones
before the playout included)."""

PASS_ON_BELOW = 30
"""Skat Schieberamsch: only a hand this safe (about 1 in 20) passes on; see the docs."""


class Player(Protocol):
    """Anything that picks one of ``view.legal`` for the seat to act."""

    def choose(self, view: SeatView) -> Action: ...


def require_turn(view: SeatView) -> None:
    if not view.legal:
        raise IllegalActionError(
            "Seat {seat} has nothing to do: it is not its turn", seat=view.seat
        )


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
        if view.phase != "play":
            decide = STEPS.get(view.phase)
            if decide is None:
                raise ValueError(f"The heuristic has no rule for the {view.phase!r} step")
            return decide(kernel_for(view.rules), view)
        for action in view.legal:  # Kontra, Re: said before a card when the rule says so
            call = CALLS.get(action.kind)
            if call is not None and call(view):
                return action
        setup = PLAY_SETUPS.get(view.public.game)
        kernel, declarer = setup(view) if setup is not None else (kernel_for(view.rules), None)
        legal = kernel.mask(action.card for action in view.legal if isinstance(action, Play))
        if not legal & (legal - 1):
            return Play(kernel.card(legal))
        game = view.public.game
        knowledge = READERS.get(game, read_view)(kernel, view, declarer)
        prior = CARD_PRIORS.get(view.public.contract or "")
        choice = prior(kernel, knowledge, legal) if prior is not None else legal & -legal
        if self.playouts > 0:
            goal = OBJECTIVES.get(game)
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


def decide_push(kernel: Kernel, view: SeatView) -> Action:
    """Schieberamsch: pass on only a very safe hand; lay the two most dangerous cards."""
    hand = kernel.mask(view.hand)
    if PickUp() in view.legal:
        unseen = ((1 << 32) - 1) & ~hand
        if PassOn() in view.legal and hand_danger(kernel, hand, unseen) < PASS_ON_BELOW:
            return PassOn()
        return PickUp()
    offered = {card for action in view.legal if isinstance(action, Push) for card in action.cards}
    layable = kernel.mask(offered)
    pool = hand | kernel.mask(view.skat)
    first, second = kernel.cards(lay_pair(kernel, pool, layable))
    return Push((first, second))


def _skat_play(view: SeatView) -> tuple[Kernel, int | None]:
    return skat.play_kernel(view), skat.declarer_of(view)


def _say_kontra(view: SeatView) -> bool:
    if schafkopf.contest_of(view) is not None:
        return schafkopf.say_kontra(view)
    return skat.say_kontra(view)


def _say_re(view: SeatView) -> bool:
    if schafkopf.contest_of(view) is not None:
        return schafkopf.say_re(view)
    return skat.say_re(view)


STEPS: dict[str, Callable[[Kernel, SeatView], Action]] = {
    "push": decide_push,
    "bidding": skat.decide_bid,
    "declaring": skat.decide_declaring,
    "exchange": ramsen.decide_exchange,
    "in_or_pass": ramsen.decide_in_or_pass,
    "knocking": schafkopf.decide_knocking,
    "calling": schafkopf.decide_calling,
}
"""The heuristic of each step before the card play, by phase name."""
CALLS: dict[str, Callable[[SeatView], bool]] = {"kontra": _say_kontra, "re": _say_re}
"""Actions offered besides the cards during the play (by kind), taken when their rule says so."""
PLAY_SETUPS: dict[str, Callable[[SeatView], tuple[Kernel, int | None]]] = {
    "skat": _skat_play,
    "ramsen": ramsen.play_kernel,
    "schafkopf": schafkopf.play_kernel,
}
"""Per game whose contract is chosen in the deal, the kernel of the contract being played and
the declarer; other games play out their rules' own contract."""
CARD_PRIORS: dict[str, Callable[[Kernel, Knowledge, int], int]] = {
    "ramsch": rule_card,
    **dict.fromkeys(skat.TRUMP_GAMES, skat.trump_card),
    "null": skat.null_card,
    "ramsen": ramsen.rule_card,
    "wenz": skat.trump_card,
    "solo": skat.trump_card,
}
"""Each contract's rule-of-thumb card (the playouts then check it); without one the playouts
alone decide."""
READERS: dict[str, Callable[[Kernel, SeatView, int | None], Knowledge]] = {
    "ramsen": ramsen.read_ramsen,
    "schafkopf": schafkopf.read_schafkopf,
}
"""Per game whose seat knows more or other than ``read_view`` reads (Ramsen: passed seats, its
discards, the upcard), how its knowledge is read."""
OBJECTIVES: dict[str, Callable[[Kernel], Objective]] = {"ramsen": ramsen.objective}
"""Per game whose playouts value more than the score against the others' mean (Ramsen: winning
the game), the value of a playout for a seat from the tricks won."""


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
    instead, without scoring it (a game's ``OBJECTIVES``).
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

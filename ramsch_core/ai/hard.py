"""The hard AI: the heuristic, with the end of every card play searched exactly.

``HardPlayer`` decides every step before the card play, every call and every card of the early
tricks as the heuristic does (``HeuristicPlayer``: rules of thumb checked by playouts). Once few
tricks are left it searches instead: it samples worlds consistent with its seat's view (the
heuristic's own reading of the view: cards played, voids shown, cards it laid or saw, the game's
partner and the Ramsen seats still in) and solves each world double dummy to the end, every seat
maximising its own value (max^n), with the positions between
tricks memoised. A card's value is its mean over the worlds; the heuristic's choice wins ties.
Every card sees the same worlds.

The search is generic over the games: legal cards, trick winners, the seats that play and an
early end come from the contract's kernel, the values from the scorer of the world (or the
game's objective, as in the heuristic's playouts). A called Ace's duties are not modelled in
the search (its holder may be imagined to discard it); the card actually played is always one
of ``view.legal``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ramsch_core.actions import Action
from ramsch_core.ai import ramsen
from ramsch_core.ai.knowledge import Knowledge, sampler
from ramsch_core.ai.players import DEFAULT_PLAYOUTS, HeuristicPlayer, Objective
from ramsch_core.ai.ramsch import bits_of
from ramsch_core.contracts import Value
from ramsch_core.kernel import Kernel, Position
from ramsch_core.kernel.tally import tally
from ramsch_core.view import SeatView

DEFAULT_BUDGET = 1.0
"""Seconds a searched decision may take (checked between worlds; at least one is searched)."""

DEFAULT_WORLDS = 40
"""Worlds per searched decision at most (the whole budget without a time limit)."""

EXACT_TRICKS = 3
"""Tricks left (the trick begun counts) from which the play is searched to the end."""

STEP_WORLDS = 200
"""Worlds for a searched step before the card play (cheap: one random playout each)."""

PLAYOUTS = DEFAULT_PLAYOUTS
"""The heuristic's playouts per decision before the search takes over (as the normal AI)."""

Values = tuple[float, ...]
"""Per seat, its value of a finished play."""


class HardPlayer(HeuristicPlayer):
    """The heuristic, and an exact search of the last tricks.

    ``budget`` (seconds, None for none) ends a searched decision's sampling once used;
    ``worlds`` caps the worlds of a searched decision (without a budget it is deterministic for
    the seed); ``exact_tricks`` is from how many tricks left the search takes over.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        budget: float | None = DEFAULT_BUDGET,
        worlds: int = DEFAULT_WORLDS,
        exact_tricks: int = EXACT_TRICKS,
        playouts: int = PLAYOUTS,
    ) -> None:
        super().__init__(seed, playouts=playouts, time_limit=budget)
        self.budget = budget
        self.worlds = max(1, worlds)
        self.exact_tricks = exact_tricks
        self.last_worlds = 0
        """Worlds searched by the last searched decision (0: the playouts decided)."""

    def choose(self, view: SeatView) -> Action:
        step = SEARCHED_STEPS.get((view.public.game, view.phase))
        if step is not None and len(view.legal) > 1:
            deadline = None if self.budget is None else time.perf_counter() + self.budget
            return step(view, self.rng.random, STEP_WORLDS, deadline)
        return super().choose(view)

    def _search(
        self,
        kernel: Kernel,
        knowledge: Knowledge,
        legal: int,
        prior: int,
        objective: Objective | None = None,
    ) -> int:
        self.last_worlds = 0
        if kernel.tricks_per_deal - knowledge.position.number > self.exact_tricks:
            return super()._search(kernel, knowledge, legal, prior, objective)
        values = self.values(kernel, knowledge, legal, objective)
        return max(values, key=lambda bit: (values[bit], bit == prior))

    def values(
        self,
        kernel: Kernel,
        knowledge: Knowledge,
        legal: int,
        objective: Objective | None = None,
    ) -> dict[int, float]:
        """Mean searched value of each legal card (kernel bits) over the sampled worlds."""
        candidates = bits_of(legal)
        draw = sampler(knowledge, self.rng.random)
        totals = dict.fromkeys(candidates, 0.0)
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        seat = knowledge.seat
        sampled = 0
        while sampled < self.worlds and (
            deadline is None or not sampled or time.perf_counter() < deadline
        ):
            sampled += 1
            world = draw()
            solver = Solver(kernel, world, objective)
            for bit in candidates:
                hands = list(world.hands)
                hands[seat] ^= bit
                totals[bit] += solver.value(
                    tuple(hands), world.leader, (*world.trick, bit), tuple(world.won),
                    tuple(world.counts), tuple(world.last), world.number,
                )[seat]  # fmt: skip
        self.last_worlds = sampled
        return {bit: total / sampled for bit, total in totals.items()}


SearchedStep = Callable[[SeatView, Callable[[], float], int, float | None], Action]
"""A step searched by simulation: (view, random numbers, worlds, deadline) -> the action."""
SEARCHED_STEPS: dict[tuple[str, str], SearchedStep] = {
    ("ramsen", "in_or_pass"): ramsen.search_in_or_pass,
}
"""Per (game, phase) before the card play, the hard AI's own search of the step (the
heuristic's rule elsewhere)."""


class Solver:
    """Max^n to the end of one world's play: every seat maximises its own value (of equal
    cards the weakest, in bit order); the positions between tricks are memoised."""

    def __init__(self, kernel: Kernel, world: Position, objective: Objective | None) -> None:
        self.kernel = kernel
        self.players = kernel.players
        self.turns = kernel.turns
        self.active = len(kernel.active)
        self.total = kernel.tricks_per_deal
        self.stop_at = kernel.stop_at
        self.legal = kernel.layout.legal
        self.winner_index = kernel.layout.winner_index
        self.skat, self.pushes = world.skat, world.pushes
        self.objective = objective
        scorer = kernel.scorer if kernel.scorer_for is None else kernel.scorer_for(world)
        self.scorer: Callable[..., object] = scorer
        self.memo: dict[tuple[object, ...], Values] = {}

    def leaf(self, won: tuple[int, ...], counts: tuple[int, ...], last: tuple[int, ...]) -> Values:
        players = self.players
        if self.objective is not None:
            objective = self.objective
            return tuple(objective(counts, seat) for seat in range(players))
        facts = tally(self.kernel.layout, list(won), list(counts), list(last), self.skat,
                      self.pushes)  # fmt: skip
        scores: tuple[Value, ...] = self.scorer(facts).scores  # type: ignore[attr-defined]
        values = [float(score) for score in scores]
        total = sum(values)
        return tuple(mine - (total - mine) / (players - 1) for mine in values)

    def over(self, counts: tuple[int, ...], number: int) -> bool:
        if number >= self.total:
            return True
        stop_at = self.stop_at
        return stop_at is not None and any(
            count >= stop for count, stop in zip(counts, stop_at, strict=True)
        )

    def value(
        self,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        won: tuple[int, ...],
        counts: tuple[int, ...],
        last: tuple[int, ...],
        number: int,
    ) -> Values:
        """Every seat's value of the position played out by max^n."""
        if len(trick) == self.active:
            winner = self.turns[leader][self.winner_index(trick)]
            new_won, new_counts, new_last = list(won), list(counts), list(last)
            for bit in trick:
                new_won[winner] |= bit
            new_counts[winner] += 1
            new_last[winner] = number
            leader, trick, number = winner, (), number + 1
            won, counts, last = tuple(new_won), tuple(new_counts), tuple(new_last)
        if not trick:
            if self.over(counts, number):
                end = (won, counts, last)
                found = self.memo.get(end)
                if found is None:
                    found = self.memo[end] = self.leaf(won, counts, last)
                return found
            found = self.memo.get((hands, leader, won, counts, last))
            if found is not None:
                return found
        mover = self.turns[leader][len(trick)]
        hand = hands[mover]
        legal = self.legal(hand, trick)
        best: Values | None = None
        while legal:
            bit = legal & -legal
            legal ^= bit
            after = list(hands)
            after[mover] = hand ^ bit
            values = self.value(tuple(after), leader, (*trick, bit), won, counts, last, number)
            if best is None or values[mover] > best[mover]:
                best = values
        assert best is not None
        if not trick:
            self.memo[(hands, leader, won, counts, last)] = best
        return best

"""A search AI for the Ramsch card play: perfect-information Monte Carlo on the mask kernel.

``SearchPlayer`` samples worlds consistent with its seat's view (``ai/knowledge.py``: cards
played, voids shown, cards it laid in a Schieberamsch) and, in every world, tries each legal
card: the deal is continued by every seat playing its rule-of-thumb card (``ai/ramsch.py``
``rule_card``) until few tricks are left, and those last tricks are solved double dummy by
alpha-beta with a transposition table (the seat maximises, the others minimise its value: the
paranoid reading, which makes a two-sided game of a game of three or four). A card's value is
the seat's score less the others' mean, as ``evaluate`` scores a playout; the best mean over the
worlds wins, the rule-of-thumb card winning ties. Every card sees the same worlds (common random
numbers), and the rollouts are deterministic, so a world decides between the cards without noise
of its own.

Only the card play of the Ramsch game is searched so far. Every other step (Schieberamsch
pushes) and every other game (full Skat, Schafkopf, Ramsen) is delegated, whole, to a
``HeuristicPlayer`` with the same seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Literal

from ramsch_core.actions import Action, Play
from ramsch_core.ai.knowledge import FULL, Knowledge, kernel_for, read_view, sampler
from ramsch_core.ai.players import HeuristicPlayer
from ramsch_core.ai.ramsch import bits_of, rule_card
from ramsch_core.contracts import Value
from ramsch_core.errors import IllegalActionError
from ramsch_core.kernel import Kernel, Position
from ramsch_core.view import SeatView

DEFAULT_BUDGET = 1.0
"""Seconds a decision may take (checked between worlds)."""

DEFAULT_WORLDS = 400
"""At most this many sampled worlds per decision."""

EXACT_TRICKS = 3
"""Tricks left (a trick begun counts) from which the rest of a world is solved exactly."""

_EXACT, _LOWER, _UPPER = 0, 1, 2
INFINITY = float("inf")

Table = dict[tuple[object, ...], tuple[float, ...]]
"""A world's transposition table: the searched value of positions between tricks."""


class SearchPlayer:
    """Perfect-information Monte Carlo for the Ramsch card play; the heuristic elsewhere.

    ``budget`` (seconds, None for none) stops sampling worlds once used, after at least one;
    ``worlds`` caps the worlds per decision, so a decision under ``budget=None`` is
    deterministic for a seed; ``exact_tricks`` is how many tricks are left when the rollout
    hands over to the exact search, and ``solver`` the exact search: ``"paranoid"``
    alpha-beta (``solve``) or ``"maxn"`` (``solve_maxn``). A forced move is played at once.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        budget: float | None = DEFAULT_BUDGET,
        worlds: int = DEFAULT_WORLDS,
        exact_tricks: int = EXACT_TRICKS,
        solver: Literal["paranoid", "maxn"] = "paranoid",
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.worlds = max(1, worlds)
        self.exact_tricks = exact_tricks
        self.solver = solve if solver == "paranoid" else solve_maxn
        self.heuristic = HeuristicPlayer(seed)
        self.last_worlds = 0
        """Worlds searched by the last searched decision (for measurements)."""

    def choose(self, view: SeatView) -> Action:
        """Raises IllegalActionError off turn (and what the heuristic raises elsewhere)."""
        if not view.legal:
            raise IllegalActionError(
                "Seat {seat} has nothing to do: it is not its turn", seat=view.seat
            )
        if len(view.legal) == 1:
            return view.legal[0]
        if view.public.game != "ramsch" or view.phase != "play":
            return self.heuristic.choose(view)
        kernel = kernel_for(view.rules)
        legal = kernel.mask(action.card for action in view.legal if isinstance(action, Play))
        if not legal & (legal - 1):
            return Play(kernel.card(legal))
        knowledge = read_view(kernel, view)
        prior = rule_card(kernel, knowledge, legal)
        values = self.values(kernel, knowledge, legal)
        best = max(values, key=lambda bit: (values[bit], bit == prior))
        return Play(kernel.card(best))

    def values(self, kernel: Kernel, knowledge: Knowledge, legal: int) -> dict[int, float]:
        """Mean value of each legal card (kernel bits) over the sampled worlds."""
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
            table: Table = {}
            for bit in candidates:
                position = _copy(world)
                kernel.play(position, bit)
                totals[bit] += self._finish(kernel, position, seat, table)
        self.last_worlds = sampled
        return {bit: total / sampled for bit, total in totals.items()}

    def _finish(
        self,
        kernel: Kernel,
        position: Position,
        seat: int,
        table: Table,
    ) -> float:
        """The value of ``position`` for ``seat``: rules of thumb, then the exact search."""
        total = kernel.tricks_per_deal
        while total - position.number > self.exact_tricks:
            rollout_card(kernel, position)
        return self.solver(kernel, position, seat, table)


def _copy(position: Position) -> Position:
    return Position(
        list(position.hands), position.leader, list(position.trick), list(position.won),
        list(position.counts), list(position.last), position.number, position.skat,
        position.pushes,
    )  # fmt: skip


def value_of(scores: tuple[Value, ...], seat: int) -> float:
    """The seat's score less the others' mean."""
    values = [float(score) for score in scores]
    mine = values[seat]
    return mine - (sum(values) - mine) / (len(values) - 1)


def rollout_card(kernel: Kernel, position: Position) -> None:
    """The seat to play plays its rule-of-thumb card, seeing only its hand and the table."""
    seat = kernel.to_play(position)
    hand = position.hands[seat]
    trick = position.trick
    legal = (hand & kernel.follow[trick[0]] or hand) if trick else hand
    played = 0
    for mask in position.won:
        played |= mask
    for bit in trick:
        played |= bit
    knowledge = Knowledge(seat, position, FULL & ~(hand | played), (), ())
    kernel.play(position, rule_card(kernel, knowledge, legal))


def _closed_trick(
    cards: tuple[int, ...],
    order: Sequence[int],
    relevant: int,
    won: tuple[int, ...],
    counts: tuple[int, ...],
    last: tuple[int, ...],
    number: int,
) -> tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """A complete trick (``cards`` in the play ``order``, ``relevant``: the cards that can win
    it) taken: its winner and the tricks won, counted and last taken afterwards."""
    top = taken = 0
    for card in cards:
        taken |= card
        if card & relevant and card > top:
            top = card
    winner = order[cards.index(top)]
    new_won, new_counts, new_last = list(won), list(counts), list(last)
    new_won[winner] |= taken
    new_counts[winner] += 1
    new_last[winner] = number
    return winner, tuple(new_won), tuple(new_counts), tuple(new_last)


def solve(
    kernel: Kernel,
    position: Position,
    seat: int,
    table: Table,
) -> float:
    """Double-dummy value of ``position`` for ``seat`` (the others minimise it): alpha-beta
    with a transposition table of positions between tricks; ``position`` is left unchanged."""
    follow, relevant, turns = kernel.follow, kernel.relevant, kernel.turns
    players, total = kernel.players, kernel.tricks_per_deal
    skat, pushes = position.skat, position.pushes

    leaves: dict[tuple[tuple[int, ...], ...], float] = {}

    def leaf(won: list[int], counts: list[int], last: list[int]) -> float:
        key = (tuple(won), tuple(counts), tuple(last))
        value = leaves.get(key)
        if value is None:
            score = kernel.score_masks(won, counts, last, skat, pushes)
            value = leaves[key] = value_of(score.scores, seat)
        return value

    def forced(
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        won: tuple[int, ...],
        counts: tuple[int, ...],
        last: tuple[int, ...],
        number: int,
    ) -> float:
        """The last trick: every seat holds one card."""
        order = turns[leader]
        cards = list(trick)
        for mover in order[len(trick) :]:
            cards.append(hands[mover])
        rel = relevant[cards[0]]
        top = taken = 0
        for card in cards:
            taken |= card
            if card & rel and card > top:
                top = card
        winner = order[cards.index(top)]
        new_won, new_counts, new_last = list(won), list(counts), list(last)
        new_won[winner] |= taken
        new_counts[winner] += 1
        new_last[winner] = number
        return leaf(new_won, new_counts, new_last)

    def search(
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        won: tuple[int, ...],
        counts: tuple[int, ...],
        last: tuple[int, ...],
        number: int,
        alpha: float,
        beta: float,
    ) -> float:
        if number >= total - 1:
            if number >= total:
                return leaf(list(won), list(counts), list(last))
            return forced(hands, leader, trick, won, counts, last, number)
        key: tuple[object, ...] | None = None
        if not trick:
            key = (hands, leader, won, counts, last)
            entry = table.get(key)
            if entry is not None:
                stored, flag = entry
                if flag == _EXACT:
                    return stored
                if flag == _LOWER:
                    if stored > alpha:
                        alpha = stored
                elif stored < beta:
                    beta = stored
                if alpha >= beta:
                    return stored
        low, high = alpha, beta
        order = turns[leader]
        mover = order[len(trick)]
        hand = hands[mover]
        legal = (hand & follow[trick[0]] or hand) if trick else hand
        maximise = mover == seat
        best = -INFINITY if maximise else INFINITY
        complete = len(trick) == players - 1
        while legal:
            bit = legal & -legal
            legal ^= bit
            after = list(hands)
            after[mover] = hand ^ bit
            cards = (*trick, bit)
            if not complete:
                value = search(tuple(after), leader, cards, won, counts, last, number, alpha, beta)
            else:
                winner, new_won, new_counts, new_last = _closed_trick(
                    cards, order, relevant[cards[0]], won, counts, last, number
                )
                value = search(
                    tuple(after), winner, (), new_won, new_counts, new_last, number + 1,
                    alpha, beta,
                )  # fmt: skip
            if maximise:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
            elif value < best:
                best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        if key is not None:
            flag = _UPPER if best <= low else _LOWER if best >= high else _EXACT
            table[key] = (best, flag)
        return best

    return search(
        tuple(position.hands), position.leader, tuple(position.trick), tuple(position.won),
        tuple(position.counts), tuple(position.last), position.number,
        -INFINITY, INFINITY,
    )  # fmt: skip


def solve_maxn(kernel: Kernel, position: Position, seat: int, table: Table) -> float:
    """Double-dummy value of ``position`` for ``seat`` when every seat maximises its own value
    (max^n; a tie goes against ``seat``), memoised between tricks; no pruning."""
    follow, relevant, turns = kernel.follow, kernel.relevant, kernel.turns
    players, total = kernel.players, kernel.tricks_per_deal
    skat, pushes = position.skat, position.pushes

    def leaf(won: list[int], counts: list[int], last: list[int]) -> tuple[float, ...]:
        key = (tuple(won), tuple(counts), tuple(last))
        vector = table.get(key)
        if vector is None:
            scores = kernel.score_masks(won, counts, last, skat, pushes).scores
            vector = table[key] = tuple(value_of(scores, each) for each in range(players))
        return vector

    def search(
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        won: tuple[int, ...],
        counts: tuple[int, ...],
        last: tuple[int, ...],
        number: int,
    ) -> tuple[float, ...]:
        if number >= total:
            return leaf(list(won), list(counts), list(last))
        key: tuple[object, ...] | None = None
        if not trick:
            key = (hands, leader, won, counts, last)
            stored = table.get(key)
            if stored is not None:
                return stored
        order = turns[leader]
        mover = order[len(trick)]
        hand = hands[mover]
        legal = (hand & follow[trick[0]] or hand) if trick else hand
        best: tuple[float, ...] | None = None
        complete = len(trick) == players - 1
        while legal:
            bit = legal & -legal
            legal ^= bit
            after = list(hands)
            after[mover] = hand ^ bit
            cards = (*trick, bit)
            if not complete:
                vector = search(tuple(after), leader, cards, won, counts, last, number)
            else:
                winner, new_won, new_counts, new_last = _closed_trick(
                    cards, order, relevant[cards[0]], won, counts, last, number
                )
                vector = search(
                    tuple(after), winner, (), new_won, new_counts, new_last, number + 1
                )  # fmt: skip
            if (
                best is None
                or vector[mover] > best[mover]
                or (vector[mover] == best[mover] and vector[seat] < best[seat])
            ):
                best = vector
        assert best is not None
        if key is not None:
            table[key] = best
        return best

    return search(
        tuple(position.hands), position.leader, tuple(position.trick), tuple(position.won),
        tuple(position.counts), tuple(position.last), position.number,
    )[seat]  # fmt: skip

"""The hard AI: the heuristic, with the end of every card play searched exactly.

``HardPlayer`` decides every step before the card play, every call and every card of the early
tricks as the heuristic does (``HeuristicPlayer``: rules of thumb checked by playouts). Once few
tricks are left it searches instead: it samples worlds consistent with its seat's view (the
heuristic's own reading of the view: cards played, voids shown, cards it laid or saw, the game's
partner and the Ramsen seats still in) and solves each world double dummy to the end (see
``Solver``: max^n where each plays for himself, alpha-beta where two sides play, which reaches
deeper in the same time), with the positions between tricks memoised. A card's value is its
mean over the worlds; the heuristic's choice wins ties. Every card sees the same worlds.

The search is generic over the games: legal cards, trick winners, the seats that play and an
early end come from the contract's kernel, the values from the scorer of the world (or the
game's objective, as in the heuristic's playouts). A called Ace's duties are not modelled in
the search (its holder may be imagined to discard it); the card actually played is always one
of ``view.legal``.
"""

from __future__ import annotations

import time

from ramsch_core.actions import Action
from ramsch_core.ai.knowledge import Knowledge, sampler
from ramsch_core.ai.players import DEFAULT_PLAYOUTS, HeuristicPlayer, policy_of
from ramsch_core.ai.policy import Objective
from ramsch_core.ai.ramsch import bits_of
from ramsch_core.contracts import score_values
from ramsch_core.kernel import Kernel, Position
from ramsch_core.kernel.tally import tally
from ramsch_core.view import SeatView

DEFAULT_BUDGET = 1.0
"""Seconds a searched decision may take (checked between worlds; at least one is searched)."""

DEFAULT_WORLDS = 40
"""Worlds per searched decision at most (the whole budget without a time limit)."""

EXACT_TRICKS = 3
"""Tricks left (the trick begun counts) from which the play is searched to the end."""

SIDE_CARDS = 16
"""In a game of two sides (searched by alpha-beta, which goes deeper in the time): the search
takes over once at most so many cards are left to play (the trick begun counts whole): the
last five tricks of Skat, the last four of Schafkopf."""

PARANOID = False
"""Whether a game of each for himself is searched paranoid (see ``Solver``) rather than max^n."""

STEP_WORLDS = 200
"""Worlds for a searched step before the card play (cheap: one random playout each)."""

PLAYOUTS = 5 * DEFAULT_PLAYOUTS
"""The playouts per decision before the search takes over: five times the normal AI's, so
less noise in each card's mean (Skat Ramsch: +3.9 a deal against 600 over 181 duplicate
deals); a decision stays far inside the budget."""

Values = tuple[float, ...]
"""Per seat, its value of a finished play."""


class HardPlayer(HeuristicPlayer):
    """The heuristic, and an exact search of the last tricks.

    ``budget`` (seconds, None for none) ends a searched decision's sampling once used;
    ``worlds`` caps the worlds of a searched decision (without a budget it is deterministic for
    the seed); ``exact_tricks`` is from how many tricks left the search takes over, in a game
    of two sides ``side_cards`` from how many cards left; ``paranoid`` searches a game of each
    for himself paranoid, not max^n (see ``Solver``).
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        budget: float | None = DEFAULT_BUDGET,
        worlds: int = DEFAULT_WORLDS,
        exact_tricks: int = EXACT_TRICKS,
        side_cards: int = SIDE_CARDS,
        paranoid: bool = PARANOID,
        playouts: int = PLAYOUTS,
    ) -> None:
        super().__init__(seed, playouts=playouts, time_limit=budget)
        self.budget = budget
        self.worlds = max(1, worlds)
        self.exact_tricks = exact_tricks
        self.side_cards = side_cards
        self.paranoid = paranoid
        self.last_worlds = 0
        """Worlds searched by the last searched decision (0: the playouts decided)."""

    def choose(self, view: SeatView) -> Action:
        step = policy_of(view).searched_steps.get(view.phase)
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
        left = kernel.tricks_per_deal - knowledge.position.number
        if objective is None and getattr(kernel.scorer, "side", None) is not None:
            late = left * len(kernel.active) <= self.side_cards
        else:
            late = left <= self.exact_tricks
        if not late:
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
            solver = Solver(kernel, world, objective, seat if self.paranoid else None)
            for bit in candidates:
                hands = list(world.hands)
                hands[seat] ^= bit
                totals[bit] += solver.value(
                    tuple(hands), world.leader, (*world.trick, bit), tuple(world.won),
                    tuple(world.counts), tuple(world.last), world.number,
                )[seat]  # fmt: skip
        self.last_worlds = sampled
        return {bit: total / sampled for bit, total in totals.items()}


class Solver:
    """The exact search to the end of one world's play, the positions between tricks memoised.

    Each for himself (a Ramsch, Ramsen), max^n: every seat maximises its own value (of equal
    cards the weakest, in bit order). Where the world's scorer names a declaring ``side`` (a
    declared Skat or Schafkopf game), its seats share one interest and the others the opposite
    one, so alpha-beta on the side's value finds the same values with far fewer positions: it
    remembers a position by what each side won (the scorer reads no more), of cards alike
    (one class, the same worth, nothing still in play between them) tries one, and stops where
    the values the play can still end in (the side taking every trick left, or none) are
    equal or outside the window. ``paranoid``
    (a seat) searches a game of each for himself the same way for that seat, as if the others
    played against it: deeper in the time than max^n, and never counting on their help.
    """

    def __init__(
        self,
        kernel: Kernel,
        world: Position,
        objective: Objective | None,
        paranoid: int | None = None,
    ) -> None:
        self.kernel = kernel
        self.players = kernel.players
        self.turns = kernel.turns
        self.active = len(kernel.active)
        self.total = kernel.tricks_per_deal
        self.stop_at = kernel.stop_at
        layout = kernel.layout
        self.legal, self.winner_index = layout.legal, layout.winner_index
        self.points, self.follow, self.relevant = layout.points, layout.follow, layout.relevant
        self.skat, self.pushes = world.skat, world.pushes
        self.objective = objective
        scorer = kernel.scorer if kernel.scorer_for is None else kernel.scorer_for(world)
        self.scores = score_values(scorer)
        self.memo: dict[tuple[object, ...], Values] = {}
        side: tuple[int, ...] | None = getattr(scorer, "side", None)
        self.side = None if objective is not None or side is None else frozenset(side)
        """The declaring side of a game of two sides (or the paranoid seat): searched by
        alpha-beta on its value."""
        self.paranoid = False
        if paranoid is not None and self.side is None:
            self.side, self.paranoid = frozenset((paranoid,)), True
        self.rep = -1 if self.side is None else min(self.side)
        """The seat whose value alpha-beta searches (the side's first)."""
        self.other = next(
            (seat for seat in kernel.active if self.side is not None and seat not in self.side),
            -1,
        )
        """A seat against the side (for ``_extremes``)."""
        self.ends: dict[tuple[int, int], Values] = {}
        """Values of a play by what the side took (cards, tricks): see ``_extremes``."""
        self.bounds: dict[tuple[object, ...], tuple[Values, int]] = {}

    def leaf(self, won: tuple[int, ...], counts: tuple[int, ...], last: tuple[int, ...]) -> Values:
        players = self.players
        if self.objective is not None:
            objective = self.objective
            return tuple(objective(counts, seat) for seat in range(players))
        facts = tally(self.kernel.layout, list(won), list(counts), list(last), self.skat,
                      self.pushes)  # fmt: skip
        values = [float(score) for score in self.scores(facts)]
        total = sum(values)
        return tuple(mine - (total - mine) / (players - 1) for mine in values)

    def over(self, counts: tuple[int, ...], number: int) -> bool:
        if number >= self.total:
            return True
        stop_at = self.stop_at
        return stop_at is not None and any(
            count >= stop for count, stop in zip(counts, stop_at, strict=True)
        )

    def _close(
        self,
        leader: int,
        trick: tuple[int, ...],
        won: tuple[int, ...],
        counts: tuple[int, ...],
        last: tuple[int, ...],
        number: int,
    ) -> Trail:
        """The position after a complete trick goes to its winner."""
        winner = self.turns[leader][self.winner_index(trick)]
        new_won, new_counts, new_last = list(won), list(counts), list(last)
        for bit in trick:
            new_won[winner] |= bit
        new_counts[winner] += 1
        new_last[winner] = number
        return winner, (), tuple(new_won), tuple(new_counts), tuple(new_last), number + 1

    def _end(self, won: tuple[int, ...], counts: tuple[int, ...], last: tuple[int, ...]) -> Values:
        end = (won, counts, last)
        found = self.memo.get(end)
        if found is None:
            found = self.memo[end] = self.leaf(won, counts, last)
        return found

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
        """Every seat's value of the position played out (exact, whichever search)."""
        if self.side is not None:
            return self._alpha_beta(hands, leader, trick, won, counts, last, number, -INF, INF)
        return self._maxn(hands, leader, trick, won, counts, last, number)

    def _maxn(
        self,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        won: tuple[int, ...],
        counts: tuple[int, ...],
        last: tuple[int, ...],
        number: int,
    ) -> Values:
        if len(trick) == self.active:
            leader, trick, won, counts, last, number = self._close(
                leader, trick, won, counts, last, number
            )
        if not trick:
            if self.over(counts, number):
                return self._end(won, counts, last)
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
            values = self._maxn(tuple(after), leader, (*trick, bit), won, counts, last, number)
            if best is None or values[mover] > best[mover]:
                best = values
        assert best is not None
        if not trick:
            self.memo[(hands, leader, won, counts, last)] = best
        return best

    def _alpha_beta(
        self,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        won: tuple[int, ...],
        counts: tuple[int, ...],
        last: tuple[int, ...],
        number: int,
        alpha: float,
        beta: float,
    ) -> Values:
        """Fail-soft alpha-beta on the value of the side's first seat: exact inside
        (alpha, beta), a bound beyond; positions between tricks are memoised with their kind
        of bound."""
        side = self.side
        assert side is not None
        if len(trick) == self.active:
            leader, trick, won, counts, last, number = self._close(
                leader, trick, won, counts, last, number
            )
        rep = self.rep
        key: tuple[object, ...] = ()
        if not trick:
            if self.over(counts, number):
                return self._end(won, counts, last)
            key = self._key(hands, leader, won, counts, last)
            entry = self.bounds.get(key)
            if entry is not None:
                values, kind = entry
                value = values[rep]
                if (
                    kind == EXACT
                    or (kind == LOWER and value >= beta)
                    or (kind == UPPER and value <= alpha)
                ):
                    return values
            if not self.paranoid:
                low, high = self._extremes(hands, won, counts, last, number, key)
                if low[rep] == high[rep] or high[rep] <= alpha:
                    return high
                if low[rep] >= beta:
                    return low
        start_alpha, start_beta = alpha, beta
        mover = self.turns[leader][len(trick)]
        maximising = mover in side
        hand = hands[mover]
        best: Values | None = None
        for bit in self._tried(hands, trick, self.legal(hand, trick)):
            after = list(hands)
            after[mover] = hand ^ bit
            values = self._alpha_beta(
                tuple(after), leader, (*trick, bit), won, counts, last, number, alpha, beta
            )
            value = values[rep]
            if maximising:
                if best is None or value > best[rep]:
                    best = values
                    alpha = max(alpha, value)
            elif best is None or value < best[rep]:
                best = values
                beta = min(beta, value)
            if alpha >= beta:
                break
        assert best is not None
        if not trick:
            value = best[rep]
            kind = UPPER if value <= start_alpha else LOWER if value >= start_beta else EXACT
            self.bounds[key] = (best, kind)
        return best

    def _extremes(
        self,
        hands: tuple[int, ...],
        won: tuple[int, ...],
        counts: tuple[int, ...],
        last: tuple[int, ...],
        number: int,
        key: tuple[object, ...],
    ) -> tuple[Values, Values]:
        """The values of a position between tricks (``key`` its memo key) if the side took
        every trick left and if it took none, the lower for the side first. Its value only
        grows with what the side takes (points, tricks; in a Null game it only falls), so every
        play ends between them: where they are equal the play is decided, and where one lies
        beyond the window the search need not look (the point ranges of double-dummy Skat
        solvers). Both depend on what the side won alone, so they are memoised by it."""
        side_won, side_count = key[2], key[3]
        assert isinstance(side_won, int) and isinstance(side_count, int)
        rest = 0
        for held in hands:
            rest |= held
        left = self.total - number
        ends = self.ends
        mine = ends.get((side_won | rest, side_count + left))
        if mine is None:
            mine = ends[(side_won | rest, side_count + left)] = self._taken(
                self.rep, rest, left, won, counts, last
            )
        theirs = ends.get((side_won, side_count))
        if theirs is None:
            theirs = ends[(side_won, side_count)] = self._taken(
                self.other, rest, left, won, counts, last
            )
        rep = self.rep
        return (mine, theirs) if mine[rep] <= theirs[rep] else (theirs, mine)

    def _taken(
        self,
        seat: int,
        rest: int,
        left: int,
        won: tuple[int, ...],
        counts: tuple[int, ...],
        last: tuple[int, ...],
    ) -> Values:
        """The values of the play if ``seat`` took the cards ``rest`` in the ``left`` tricks
        still to play."""
        new_won, new_counts, new_last = list(won), list(counts), list(last)
        new_won[seat] |= rest
        new_counts[seat] += left
        new_last[seat] = self.total - 1
        return self.leaf(tuple(new_won), tuple(new_counts), tuple(new_last))

    def _key(
        self,
        hands: tuple[int, ...],
        leader: int,
        won: tuple[int, ...],
        counts: tuple[int, ...],
        last: tuple[int, ...],
    ) -> tuple[object, ...]:
        """The memo's key of a position between tricks. In a game of two sides what each side
        won is enough (not which of its seats won what, or when), so positions reached in
        another order meet; a paranoid search keeps every seat's tricks (the scorer of a
        Ramsch reads them)."""
        if self.paranoid:
            return (hands, leader, won, counts, last)
        side_won = side_count = 0
        for seat in self.side or ():
            side_won |= won[seat]
            side_count += counts[seat]
        return (hands, leader, side_won, side_count)

    def _tried(self, hands: tuple[int, ...], trick: tuple[int, ...], legal: int) -> list[int]:
        """The legal cards alpha-beta tries, in the order it tries them. Leading, the strongest
        first; to a trick begun, the cards that take it over (strongest first), then the others,
        cheapest first. In a game of two sides, of cards alike with no card still in play
        between them only the strongest: they win and lose the same tricks, worth the same."""
        points, follow, paranoid = self.points, self.follow, self.paranoid
        live = -1
        tried: list[int] = []
        previous = 0
        while legal:
            bit = 1 << (legal.bit_length() - 1)
            legal ^= bit
            if (
                paranoid
                or not previous
                or points[bit] != points[previous]
                or follow[bit] != follow[previous]
            ):
                tried.append(bit)
            else:
                if live < 0:  # the cards in play, found only when two alike meet
                    live = 0
                    for held in hands:
                        live |= held
                    for card in trick:
                        live |= card
                if live & (previous - (bit << 1)):
                    tried.append(bit)
            previous = bit
        if not trick or len(tried) < 2:
            return tried
        relevant = self.relevant[trick[0]]
        best = 0
        for card in trick:
            if card & relevant and card > best:
                best = card
        over: list[int] = []
        rest: list[int] = []
        for bit in tried:
            (over if bit & relevant and bit > best else rest).append(bit)
        if len(rest) > 1:
            rest.sort(key=points.__getitem__)
        return over + rest


Trail = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
"""A position between tricks: leader, the trick (empty), won, counts, last, number."""
INF = float("inf")
EXACT, LOWER, UPPER = 0, 1, 2
"""What a memoised alpha-beta value is: the value, at least it, at most it."""

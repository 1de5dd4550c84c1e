"""The outcome of a finished deal and how each variant scores it (SR-4..9, SK-5..8, AR-4..5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ramsch_core.cards import Card, points_of
from ramsch_core.rules import AltenburgRules, AnyRules, SchafkopfRules, SkatRules
from ramsch_core.tricks import TrickOrder


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the cards in play order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    @property
    def points(self) -> int:
        return points_of(self.cards)

    def seat_of(self, index: int) -> int:
        return (self.leader + index) % len(self.cards)

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "cards": [str(card) for card in self.cards],
            "winner": self.winner,
        }


def score_json(value: Fraction) -> int | float:
    """A score as JSON: whole numbers stay integers, halves are exact floats (AR-4)."""
    return int(value) if value.denominator == 1 else float(value)


@dataclass(frozen=True, slots=True)
class DealResult:
    """Everything a finished deal decides; scores are signed, positive is good."""

    tricks: tuple[Trick, ...]
    card_points: tuple[int, ...]
    trick_counts: tuple[int, ...]
    jungfrau: tuple[int, ...]
    durchmarsch: int | None
    losers: tuple[int, ...]
    winners: tuple[int, ...]
    scores: tuple[Fraction, ...]
    skat: tuple[Card, ...]
    skat_to: int | None
    pushes: int
    multiplier: int

    def to_json(self) -> dict[str, Any]:
        return {
            "tricks": [trick.to_json() for trick in self.tricks],
            "card_points": list(self.card_points),
            "trick_counts": list(self.trick_counts),
            "jungfrau": list(self.jungfrau),
            "durchmarsch": self.durchmarsch,
            "losers": list(self.losers),
            "winners": list(self.winners),
            "scores": [score_json(score) for score in self.scores],
            "skat": [str(card) for card in self.skat],
            "skat_to": self.skat_to,
            "pushes": self.pushes,
            "multiplier": self.multiplier,
        }


def _top(values: Sequence[int | Fraction]) -> tuple[int, ...]:
    best = max(values)
    return tuple(seat for seat, value in enumerate(values) if value == best)


def _bottom(values: Sequence[int | Fraction]) -> tuple[int, ...]:
    least = min(values)
    return tuple(seat for seat, value in enumerate(values) if value == least)


def _trick_facts(tricks: Sequence[Trick], players: int) -> tuple[list[int], list[int]]:
    points = [0] * players
    counts = [0] * players
    for trick in tricks:
        points[trick.winner] += trick.points
        counts[trick.winner] += 1
    return points, counts


def score_deal(
    rules: AnyRules, order: TrickOrder, tricks: Sequence[Trick], skat: Sequence[Card], pushes: int
) -> DealResult:
    """Score a finished deal by its variant's rules."""
    if isinstance(rules, SkatRules):
        return _score_skat(rules, tricks, skat, pushes)
    if isinstance(rules, SchafkopfRules):
        return _score_schafkopf(rules, order, tricks)
    return _score_altenburg(rules, tricks, skat, pushes)


def _score_skat(
    rules: SkatRules, tricks: Sequence[Trick], skat: Sequence[Card], pushes: int
) -> DealResult:
    players = 3
    points, counts = _trick_facts(tricks, players)
    skat_to: int | None = None
    if rules.skat_to == "last_trick":
        skat_to = tricks[-1].winner  # SR-4 default
    elif rules.skat_to == "loser":
        top = _top(points)
        skat_to = top[0] if len(top) == 1 else None  # SR-4: a tie at the top gets nothing
    if skat_to is not None:
        points[skat_to] += points_of(skat)
    jungfrau = tuple(seat for seat in range(players) if counts[seat] == 0)
    push_factor = 2**pushes if rules.schieben_doubles else 1  # SR-10
    all_tricks = [seat for seat in range(players) if counts[seat] == len(tricks)]
    if rules.durchmarsch and all_tricks:  # SR-7
        maker = all_tricks[0]
        scores = [Fraction(0)] * players
        scores[maker] = Fraction(120 * push_factor)
        return DealResult(
            tuple(tricks), tuple(points), tuple(counts), jungfrau, maker, (), (maker,),
            tuple(scores), tuple(skat), skat_to, pushes, push_factor,
        )  # fmt: skip
    losers = _top(points)  # SR-5: all tied at the top lose
    multiplier = 2 ** len(jungfrau) * push_factor  # SR-6
    scores = [Fraction(0)] * players
    for seat in losers:
        loss = points[seat] if rules.scoring == "points" else rules.stake  # SR-5 / SR-9
        scores[seat] = Fraction(-loss * multiplier)
    return DealResult(
        tuple(tricks), tuple(points), tuple(counts), jungfrau, None, losers, _bottom(points),
        tuple(scores), tuple(skat), skat_to, pushes, multiplier,
    )  # fmt: skip


def _schafkopf_loser(order: TrickOrder, tricks: Sequence[Trick], points: list[int]) -> int:
    """SK-5: most points; then more tricks; more trumps; the highest trump; the later trick."""
    taken: dict[int, list[Card]] = {seat: [] for seat in range(4)}
    last_trick = dict.fromkeys(range(4), -1)
    for number, trick in enumerate(tricks):
        taken[trick.winner].extend(trick.cards)
        last_trick[trick.winner] = number

    def key(seat: int) -> tuple[int, int, int, int, int]:
        trumps = [order.strength[card] for card in taken[seat] if order.is_trump(card)]
        count = sum(1 for trick in tricks if trick.winner == seat)
        return (points[seat], count, len(trumps), max(trumps, default=0), last_trick[seat])

    return max(range(4), key=key)


def _score_schafkopf(
    rules: SchafkopfRules, order: TrickOrder, tricks: Sequence[Trick]
) -> DealResult:
    players = 4
    points, counts = _trick_facts(tricks, players)
    jungfrau = tuple(seat for seat in range(players) if counts[seat] == 0)
    base = rules.base_stake
    scores = [Fraction(0)] * players
    maker = next((seat for seat in range(players) if counts[seat] == len(tricks)), None)
    if maker is not None:  # SK-7 / SK-8: a Durchmarsch is paid as a Solo schwarz
        for seat in range(players):
            scores[seat] = Fraction(21 * base if seat == maker else -7 * base)
        return DealResult(
            tuple(tricks), tuple(points), tuple(counts), jungfrau, maker, (), (maker,),
            tuple(scores), (), None, 0, 7,
        )  # fmt: skip
    loser = _schafkopf_loser(order, tricks, points)
    doubles_all = rules.jungfrau_doubles_all and bool(jungfrau)
    for seat in range(players):
        if seat == loser:
            continue
        pay = 4 * base if doubles_all or seat in jungfrau else 2 * base  # SK-8
        scores[seat] += pay
        scores[loser] -= pay
    return DealResult(
        tuple(tricks), tuple(points), tuple(counts), jungfrau, None, (loser,),
        tuple(seat for seat in range(players) if seat != loser),
        tuple(scores), (), None, 0, 4 if doubles_all else 2,
    )  # fmt: skip


def _score_altenburg(
    rules: AltenburgRules, tricks: Sequence[Trick], laid_away: Sequence[Card], pushes: int
) -> DealResult:
    players = 3
    points, counts = _trick_facts(tricks, players)
    skat_to: int | None = None
    if rules.schieben:  # AR-6: the cards laid away count with the last trick
        skat_to = tricks[-1].winner
        points[skat_to] += points_of(laid_away)
    jungfrau = tuple(seat for seat in range(players) if counts[seat] == 0)
    all_tricks = next((seat for seat in range(players) if counts[seat] == len(tricks)), None)
    penalty: list[Fraction]
    durchmarsch: int | None = None
    if rules.effective_scoring == "pips":  # AR-5
        if all_tricks is not None:
            durchmarsch = all_tricks
            penalty = [Fraction(0 if seat == all_tricks else 60) for seat in range(players)]
        else:
            penalty = [Fraction(value) for value in points]
        losers = _top(penalty)
        multiplier = 1
    else:  # AR-4
        top = _top(points)
        multiplier = {0: 10, 1: 15}.get(len(jungfrau), 20)
        penalty = [Fraction(0)] * players
        if len(top) == players:
            losers = ()
        else:
            losers = top
            for seat in top:
                penalty[seat] = Fraction(multiplier, len(top))
    scores = tuple(-value for value in penalty)
    winners = (durchmarsch,) if durchmarsch is not None else _bottom(penalty) if losers else ()
    return DealResult(
        tuple(tricks), tuple(points), tuple(counts), jungfrau, durchmarsch, losers, winners,
        scores, tuple(laid_away), skat_to, pushes, multiplier,
    )  # fmt: skip

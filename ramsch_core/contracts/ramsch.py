"""The Ramsch contract: its trick orders and its scorers for Skat, Schafkopf and Altenburg
(SR-2..9, SK-2..8, AR-2..5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, NamedTuple

from ramsch_core.cards import Card, Rank
from ramsch_core.contracts import Score, Value
from ramsch_core.kernel.tally import Tally
from ramsch_core.result import DealResult
from ramsch_core.tricks.order import JACKS, OBERS, TrickOrder, plain_suits

GRAND_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
SCHAFKOPF_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
ALL_RANKS = (
    Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip
TENS_LOW_RANKS = (
    Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip


def jacks_order() -> TrickOrder:
    """SR-2: the four jacks are the only trumps; plain suits rank as in a Grand."""
    return TrickOrder(JACKS, plain_suits(GRAND_RANKS))


def schafkopf_order(obers_unters_only: bool) -> TrickOrder:
    """SK-2 (Obers, Unters, then Hearts) or SK-3 (Bauernramsch: Obers and Unters only)."""
    high = OBERS + JACKS
    if obers_unters_only:
        return TrickOrder(high, plain_suits(SCHAFKOPF_RANKS, exclude=high))
    hearts = tuple(Card(16 + rank) for rank in SCHAFKOPF_RANKS)
    return TrickOrder(high + hearts, plain_suits(SCHAFKOPF_RANKS, exclude=high + hearts))


def altenburg_order(tens_low: bool, jacks_trump: bool) -> TrickOrder:
    """AR-2: no trumps (or the four jacks), tens high or low."""
    ranks = TENS_LOW_RANKS if tens_low else ALL_RANKS
    if jacks_trump:
        return TrickOrder(JACKS, plain_suits(ranks, exclude=JACKS))
    return TrickOrder((), plain_suits(ranks))


class Taken(NamedTuple):
    """What a scorer of trick play decides beside the scores (``Score.facts``): the seat that
    took every trick (a Durchmarsch) and the seat the face-down cards' points counted for."""

    durchmarsch: int | None
    skat_to: int | None


NOTHING_TAKEN = Taken(None, None)


def taken_of(score: Score) -> Taken:
    """A score's ``Taken``; none for a scorer that decides neither."""
    facts = score.facts
    return facts if isinstance(facts, Taken) else NOTHING_TAKEN


@dataclass(frozen=True, slots=True)
class RamschFacts:
    """What a deal of trick play records beside its scores, in the terms of a Ramsch
    (``DealResult.detail``): the seats that took no trick, a Durchmarsch, the seat the
    face-down cards counted for and the pushes of a Schieberamsch. Every trick game's result
    carries them, so its JSON keeps these fields whatever the contract."""

    jungfrau: tuple[int, ...] = ()
    """Seats that took no trick."""
    durchmarsch: int | None = None
    skat_to: int | None = None
    """The seat the face-down cards' points were credited to, if any."""
    pushes: int = 0

    @classmethod
    def of(cls, score: Score, counts: tuple[int, ...] | list[int], pushes: int) -> RamschFacts:
        """The facts of a deal played out: its trick counts and what its scorer decided."""
        jungfrau = tuple(seat for seat, count in enumerate(counts) if count == 0)
        taken = taken_of(score)
        return cls(jungfrau, taken.durchmarsch, taken.skat_to, pushes)

    def json_into(self, generic: dict[str, Any]) -> dict[str, Any]:
        """The fields in the order records have always had (docs/records.md): Jungfrau and
        Durchmarsch after the trick counts, the skat's seat and the pushes after the skat."""
        own = {
            "jungfrau": list(self.jungfrau),
            "durchmarsch": self.durchmarsch,
            "skat_to": self.skat_to,
            "pushes": self.pushes,
        }
        after = {"trick_counts": ("jungfrau", "durchmarsch"), "skat": ("skat_to", "pushes")}
        arranged: dict[str, Any] = {}
        for key, value in generic.items():
            arranged[key] = value
            for field in after.get(key, ()):
                arranged[field] = own.pop(field)
        return arranged | own

    def said(self, names: Sequence[str], skat: str) -> list[str]:
        """The face-down cards' seat, a Durchmarsch and the Jungfern, as the terminal says
        them (no face-down cards: nothing about them)."""
        # Imported here: the terminal package imports the match, which imports this module.
        from ramsch_core.terminal.words import listed

        lines = []
        if skat and self.skat_to is not None:
            lines.append(f"The face-down cards {skat} count for {names[self.skat_to]}")
        if self.durchmarsch is not None:
            lines.append(f"Durchmarsch by {names[self.durchmarsch]}!")
        if self.jungfrau:
            lines.append("Jungfrau: " + listed([names[seat] for seat in self.jungfrau]))
        return lines


def ramsch_facts_of(result: DealResult) -> RamschFacts:
    """A result's Ramsch facts; none for a result of a game without them."""
    detail = result.detail
    return detail if isinstance(detail, RamschFacts) else RamschFacts()


# Scorers run once per kernel playout: list comprehensions, not generators, keep them quick.


def _top(values: list[int] | list[Value] | tuple[Value, ...]) -> tuple[int, ...]:
    best = max(values)
    return tuple([seat for seat, value in enumerate(values) if value == best])


def _bottom(values: list[int] | list[Value] | tuple[Value, ...]) -> tuple[int, ...]:
    least = min(values)
    return tuple([seat for seat, value in enumerate(values) if value == least])


class RamschScoring:
    """Tags and events every Ramsch scorer shares."""

    def tags(self, score: Score, tally: Tally) -> tuple[tuple[str, ...], ...]:
        durchmarsch = taken_of(score).durchmarsch
        tags = []
        for seat, count in enumerate(tally.counts):
            mine = []
            if seat in score.losers:
                mine.append("loser")
            if count == 0:
                mine.append("jungfrau")
            if seat == durchmarsch:
                mine.append("durchmarsch")
            tags.append(tuple(mine))
        return tuple(tags)

    def events(self, score: Score, tally: Tally) -> frozenset[str]:
        events = set()
        if taken_of(score).durchmarsch is not None:
            events.add("durchmarsch")
        if len(set(score.points)) == 1:
            events.add("tie")
        return frozenset(events)


class SkatRamschScorer(RamschScoring):
    """SR-4..10: the skat's points, Augenramsch or a fixed stake, Jungfrau, Durchmarsch,
    pushes doubling."""

    def __init__(
        self,
        skat_to: Literal["last_trick", "loser", "nobody"],
        fixed_stake: int | None,
        durchmarsch: bool,
        pushes_double: bool,
        durchmarsch_value: int = 120,
    ) -> None:
        self.skat_to = skat_to
        self.fixed_stake = fixed_stake
        self.durchmarsch = durchmarsch
        self.pushes_double = pushes_double
        self.durchmarsch_value = durchmarsch_value

    def __call__(self, tally: Tally) -> Score:
        points = tally.points[:]
        skat_to: int | None = None
        rule = self.skat_to
        if rule == "last_trick":  # SR-4 default
            skat_to = tally.final
        elif rule == "loser":
            top = max(points)
            if points.count(top) == 1:  # SR-4: a tie at the top gets nothing
                skat_to = points.index(top)
        if skat_to is not None:
            points[skat_to] += tally.skat_points
        factor = 1 << tally.pushes if self.pushes_double else 1  # SR-10
        counts = tally.counts
        if self.durchmarsch and tally.tricks in counts:  # SR-7
            maker = counts.index(tally.tricks)
            won = self.durchmarsch_value * factor
            scores = tuple([won if seat == maker else 0 for seat in range(len(counts))])
            return Score(tuple(points), scores, (), (maker,), factor, facts=Taken(maker, skat_to))
        multiplier = (1 << counts.count(0)) * factor  # SR-6
        top, low = max(points), min(points)
        loss = -(top if self.fixed_stake is None else self.fixed_stake) * multiplier  # SR-5/9
        paid: list[int] = []
        losers: list[int] = []
        winners: list[int] = []
        for seat, value in enumerate(points):  # one pass: this runs once per kernel playout
            if value == top:  # SR-5: all lose
                paid.append(loss)
                losers.append(seat)
            else:
                paid.append(0)
            if value == low:
                winners.append(seat)
        return Score(
            tuple(points),
            tuple(paid),
            tuple(losers),
            tuple(winners),
            multiplier,
            facts=None if skat_to is None else Taken(None, skat_to),
        )


class SchafkopfRamschScorer(RamschScoring):
    """SK-5..8: one loser found by the tie-breaks, paid in cents; Durchmarsch as a Solo
    (with ``durchmarsch`` off, SK-7, the seat that took every trick is simply the loser)."""

    def __init__(
        self, base_stake: int, jungfrau_doubles_all: bool, durchmarsch: bool = True
    ) -> None:
        self.base = base_stake
        self.jungfrau_doubles_all = jungfrau_doubles_all
        self.durchmarsch = durchmarsch

    def __call__(self, tally: Tally) -> Score:
        points, counts, base = tuple(tally.points), tally.counts, self.base
        seats = range(len(counts))
        if self.durchmarsch and tally.tricks in counts:  # SK-7 / SK-8: as a Solo won schwarz
            maker = counts.index(tally.tricks)
            scores = tuple([3 * 7 * base if seat == maker else -7 * base for seat in seats])
            return Score(points, scores, (), (maker,), 7, facts=Taken(maker, None))
        # SK-5: most points; then more tricks; more trumps; the highest trump; the later trick.
        most = max(points)
        tied = [seat for seat in seats if points[seat] == most]
        loser = tied[0]
        if len(tied) > 1:  # rare: the tie-breaks need the trumps each seat took
            trumps, top_trumps = tally.trumps(), tally.top_trumps()
            loser = max(
                tied,
                key=lambda seat: (counts[seat], trumps[seat], top_trumps[seat], tally.last[seat]),
            )
        everyone = self.jungfrau_doubles_all and 0 in counts
        paid = [0] * len(counts)
        for seat in seats:
            if seat != loser:
                pay = 4 * base if everyone or counts[seat] == 0 else 2 * base  # SK-8
                paid[seat] = pay
                paid[loser] -= pay
        winners = tuple([seat for seat in seats if seat != loser])
        return Score(points, tuple(paid), (loser,), winners, 4 if everyone else 2)


PENALTY = (10, 15, 20)
"""AR-4: the loser's penalty with no, one and two Jungfern."""


class AltenburgRamschScorer(RamschScoring):
    """AR-4 (penalty 10/15/20, split on a tie) or AR-5 (pips); AR-6: the cards laid away
    count with the last trick."""

    def __init__(self, pips: bool, laid_away_count: bool) -> None:
        self.pips = pips
        self.laid_away_count = laid_away_count

    def __call__(self, tally: Tally) -> Score:
        points = tally.points[:]
        counts = tally.counts
        players = len(counts)
        skat_to: int | None = None
        if self.laid_away_count:  # AR-6
            skat_to = tally.final
            points[skat_to] += tally.skat_points
        taken = None if skat_to is None else Taken(None, skat_to)
        if self.pips:  # AR-5
            if tally.tricks in counts:
                maker = counts.index(tally.tricks)
                penalty = [0 if seat == maker else 60 for seat in range(players)]
                scores = tuple([-value for value in penalty])
                return Score(
                    tuple(points), scores, _top(penalty), (maker,), 1, None, Taken(maker, skat_to)
                )
            scores = tuple([-value for value in points])
            return Score(tuple(points), scores, _top(points), _bottom(points), 1, None, taken)
        top = _top(points)  # AR-4
        amount = PENALTY[min(counts.count(0), 2)]
        if len(top) == players:
            return Score(tuple(points), (0,) * players, (), (), amount, None, taken)
        share: Value = amount // len(top) if amount % len(top) == 0 else Fraction(amount, len(top))
        penalties: list[Value] = [share if seat in top else 0 for seat in range(players)]
        return Score(
            tuple(points),
            tuple([-value for value in penalties]),
            top,
            _bottom(penalties),
            amount,
            None,
            taken,
        )

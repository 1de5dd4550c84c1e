"""Completed tricks and the outcome of a finished deal."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ramsch_core.cards import Card, points_of


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the cards in play order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    @property
    def points(self) -> int:
        return points_of(self.cards)

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "cards": [str(card) for card in self.cards],
            "winner": self.winner,
        }


def score_json(value: Fraction | int) -> int | float:
    """A score as JSON: whole numbers stay integers, halves are exact floats (AR-4)."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


@dataclass(frozen=True, slots=True)
class DealResult:
    """Everything a finished deal decides, per deal seat; scores are signed, positive is good."""

    tricks: tuple[Trick, ...]
    card_points: tuple[int, ...]
    trick_counts: tuple[int, ...]
    jungfrau: tuple[int, ...]
    """Seats that took no trick."""
    durchmarsch: int | None
    losers: tuple[int, ...]
    winners: tuple[int, ...]
    scores: tuple[Fraction, ...]
    skat: tuple[Card, ...]
    """The face-down cards at the end: as dealt, or the last two laid in a Schieberamsch."""
    skat_to: int | None
    pushes: int
    multiplier: int
    contract: str = "ramsch"
    tags: tuple[tuple[str, ...], ...] = ()
    """Per seat, what the deal made of it for statistics: ``loser``, ``jungfrau``, ..."""
    events: frozenset[str] = frozenset()
    """What happened that table policies react to: ``durchmarsch``, ``tie``, ..."""
    details: dict[str, Any] | None = None
    """What the contract adds (a Skat game: declarer, value, won, ...; see its scorer)."""

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

"""Completed tricks and the outcome of a finished deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

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


class DealDetail(Protocol):
    """What a game adds to a finished deal's result beside the facts every game has."""

    def json_into(self, generic: dict[str, Any]) -> dict[str, Any]:
        """The result's JSON: ``generic`` (the fields every game has, in order) with the
        detail's own fields put in their documented places."""
        ...

    def said(self, names: Sequence[str], skat: str) -> list[str]:
        """The detail's facts in plain words for the terminal, with the seats' ``names`` and
        the face-down cards as ``skat`` shows them (none: nothing to say)."""
        ...


@dataclass(frozen=True, slots=True)
class NoDetail:
    """A result with nothing beyond the generic facts."""

    def json_into(self, generic: dict[str, Any]) -> dict[str, Any]:
        return generic

    def said(self, names: Sequence[str], skat: str) -> list[str]:
        return []


@dataclass(frozen=True, slots=True)
class DealResult:
    """Everything a finished deal decides, per deal seat; scores are signed, positive is good.
    The fields are what every game has; ``detail`` holds what the game's scorer adds."""

    tricks: tuple[Trick, ...]
    card_points: tuple[int, ...]
    trick_counts: tuple[int, ...]
    losers: tuple[int, ...]
    winners: tuple[int, ...]
    scores: tuple[Fraction, ...]
    skat: tuple[Card, ...]
    """The face-down cards at the end: as dealt, or the last ones laid away."""
    multiplier: int
    contract: str
    detail: DealDetail = NoDetail()
    """The game's own facts of the deal; their JSON joins ``to_json``."""
    tags: tuple[tuple[str, ...], ...] = ()
    """Per seat, what the deal made of it for statistics: ``loser``, ...; the game's scorer
    names them."""
    events: frozenset[str] = frozenset()
    """What happened that table policies react to (the game's scorer names them)."""
    details: dict[str, Any] | None = None
    """What the contract adds for its summary (a declared game: declarer, value, won, ...)."""

    @property
    def nobody_loses(self) -> bool:
        """Whether the deal named neither a loser nor a winner (a deal thrown in)."""
        return not self.losers and not self.winners

    def to_json(self) -> dict[str, Any]:
        generic = {
            "tricks": [trick.to_json() for trick in self.tricks],
            "card_points": list(self.card_points),
            "trick_counts": list(self.trick_counts),
            "losers": list(self.losers),
            "winners": list(self.winners),
            "scores": [score_json(score) for score in self.scores],
            "skat": [str(card) for card in self.skat],
            "multiplier": self.multiplier,
        }
        return self.detail.json_into(generic)

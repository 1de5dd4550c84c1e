"""Actions a seat takes and events a deal reports, as small immutable values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ramsch_core.cards import Card

if TYPE_CHECKING:
    from ramsch_core.result import DealResult


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the current trick."""

    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"action": "play", "card": str(self.card)}

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class PickUp:
    """Schieberamsch: take the two cards lying in front of the seat (a push must follow)."""

    def to_json(self) -> dict[str, Any]:
        return {"action": "pick_up"}

    def __str__(self) -> str:
        return "pick up"


@dataclass(frozen=True, slots=True)
class Push:
    """Schieberamsch: lay two cards face down for the next seat (picking up first if needed)."""

    cards: tuple[Card, Card]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def to_json(self) -> dict[str, Any]:
        return {"action": "push", "cards": [str(card) for card in self.cards]}

    def __str__(self) -> str:
        return f"push {self.cards[0]} {self.cards[1]}"


@dataclass(frozen=True, slots=True)
class PassOn:
    """Skat Schieberamsch: hand the two cards on unseen."""

    def to_json(self) -> dict[str, Any]:
        return {"action": "pass_on"}

    def __str__(self) -> str:
        return "pass on"


Action = Play | PickUp | Push | PassOn


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickTaken:
    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class PickedUp:
    seat: int


@dataclass(frozen=True, slots=True)
class Pushed:
    seat: int


@dataclass(frozen=True, slots=True)
class PassedOn:
    seat: int


@dataclass(frozen=True, slots=True)
class DealFinished:
    result: DealResult


Event = CardPlayed | TrickTaken | PickedUp | Pushed | PassedOn | DealFinished

"""Actions a seat takes and events a deal reports; actions are found by kind (JSON in and out)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ramsch_core.cards import Card
from ramsch_core.errors import Message, RecordError, RulesError

if TYPE_CHECKING:
    from ramsch_core.result import DealResult


class Action:
    """Something the seat to act does. Every kind is a frozen dataclass registered by its
    ``kind`` with ``@registered``, so that records and the bot read and write any action."""

    __slots__ = ()
    kind: ClassVar[str]
    fields: ClassVar[tuple[str, ...]] = ()
    """The JSON fields of the action besides ``seat`` and ``action``."""

    def to_json(self) -> dict[str, Any]:
        """``{"action": kind, ...fields}``."""
        return {"action": self.kind}

    @classmethod
    def from_json(cls, item: Mapping[str, Any], where: str | Message) -> Action:
        """Read the action's fields (checked by ``action_from_json`` to be exactly ``fields``).

        Raises RecordError for a field that does not hold what the action needs."""
        return cls()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the action names (played or laid)."""
        return ()


ACTIONS: dict[str, type[Action]] = {}
"""Every action kind, as written in records and the bot's action log."""

A = TypeVar("A", bound=type[Action])


def registered(cls: A) -> A:
    """Class decorator: make an action kind known to records and storage."""
    if cls.kind in ACTIONS and ACTIONS[cls.kind] is not cls:
        raise ValueError(f"Two actions are registered as {cls.kind!r}")
    ACTIONS[cls.kind] = cls
    return cls


def read_card(value: object, where: str | Message) -> Card:
    """A card of a record field; RecordError if it is not one."""
    try:
        return Card.parse(value)
    except RulesError as error:
        raise RecordError("{where}: {error}", where=where, error=error) from None


@registered
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card to the current trick."""

    kind: ClassVar[str] = "play"
    fields: ClassVar[tuple[str, ...]] = ("card",)
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"action": self.kind, "card": str(self.card)}

    @classmethod
    def from_json(cls, item: Mapping[str, Any], where: str | Message) -> Action:
        return cls(read_card(item.get("card"), where))

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    def __str__(self) -> str:
        return f"play {self.card}"


@registered
@dataclass(frozen=True, slots=True)
class PickUp(Action):
    """Schieberamsch: take the skat lying in front of the seat (a push must follow)."""

    kind: ClassVar[str] = "pick_up"

    def __str__(self) -> str:
        return "pick up"


class LaysTwo(Action):
    """An action that lays two cards face down (a push, a discard): the pair is kept sorted,
    written as ``"cards": [..., ...]``. Subclasses are dataclasses with the field ``cards``
    and name what they do in ``verb`` (for records' errors and logs)."""

    __slots__ = ()
    fields: ClassVar[tuple[str, ...]] = ("cards",)
    verb: ClassVar[str]
    verb_message: ClassVar[Message]
    """``verb`` as a message for the records' errors (translated where shown)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def to_json(self) -> dict[str, Any]:
        return {"action": self.kind, "cards": [str(card) for card in self.cards]}

    @classmethod
    def from_json(cls, item: Mapping[str, Any], where: str | Message) -> Action:
        cards = item.get("cards")
        if not isinstance(cards, list) or len(cards) != 2:
            raise RecordError(
                "{where}: {verb} exactly two cards, e.g. ['SA', 'ST']",
                where=where,
                verb=cls.verb_message,
            )
        return cls((read_card(cards[0], where), read_card(cards[1], where)))  # type: ignore[call-arg]

    def __str__(self) -> str:
        return f"{self.verb} {self.cards[0]} {self.cards[1]}"


@registered
@dataclass(frozen=True, slots=True)
class Push(LaysTwo):
    """Schieberamsch: lay two cards face down for the next seat (picking up first if needed)."""

    kind: ClassVar[str] = "push"
    verb: ClassVar[str] = "push"
    verb_message: ClassVar[Message] = Message("push")
    # field(): without it the dataclass would take the inherited ``Action.cards`` as a default
    cards: tuple[Card, Card] = field()


@registered
@dataclass(frozen=True, slots=True)
class PassOn(Action):
    """Skat Schieberamsch: hand the skat on unseen."""

    kind: ClassVar[str] = "pass_on"

    def __str__(self) -> str:
        return "pass on"


def action_to_json(action: Action, seat: int) -> dict[str, Any]:
    """One action of a record: ``{"seat": s, "action": kind, ...}``."""
    return {"seat": seat, **action.to_json()}


def action_from_json(item: object, index: int) -> tuple[int | None, Action]:
    """Read one record action: a card name (a card played by the seat to act), or an object
    with ``action`` (a registered kind), its fields and optionally ``seat``.

    Raises RecordError naming the action (``index`` counts from 0) and what is wrong."""
    where = Message("action {number}", number=index + 1)
    if isinstance(item, str):
        return None, Play(read_card(item, where))
    if not isinstance(item, Mapping):
        raise RecordError(
            "{where}: expected a card like 'SA' or an object, got {item}",
            where=where,
            item=repr(item),
        )
    seat = item.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise RecordError(
            "{where}: 'seat' must be a seat number, got {seat}", where=where, seat=repr(seat)
        )
    kind = item.get("action")
    cls = ACTIONS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        known = ", ".join(f"'{name}'" for name in ACTIONS)
        raise RecordError(
            "{where}: unknown action {kind}; use one of {known}",
            where=where,
            kind=repr(kind),
            known=known,
        )
    extra = set(item) - {"seat", "action", *cls.fields}
    if extra:
        raise RecordError(
            "{where}: unexpected field(s) {fields}", where=where, fields=", ".join(sorted(extra))
        )
    return seat, cls.from_json(item, where)


class Event:
    """Something that happened in a deal, reported by ``apply``."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class PickedUp(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Pushed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class PassedOn(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class DealFinished(Event):
    result: DealResult

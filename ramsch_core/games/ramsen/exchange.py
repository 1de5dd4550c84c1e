"""Ramsen's exchange round (RA-4): in turn from forehand each seat discards any number of cards
and draws as many from the top of the talon while it lasts; the dealer may also take the upcard
for one discard; a cutter who schleckte has no turn. Also the state a Ramsen deal keeps."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from ramsch_core.actions import Action, Event, read_card, registered
from ramsch_core.cards import Card, cards_of
from ramsch_core.errors import IllegalActionError, InvalidDealError, Message, RecordError
from ramsch_core.phases import Phase

if TYPE_CHECKING:
    from ramsch_core.deal import Deal


@dataclass
class RamsenState:
    """What a Ramsen deal keeps besides the cards, all of it public (the deal's public view
    shows it): the upcard, the seat that schleckte, the bars each seat owes at the start, and
    what each seat did before the play. The talon lies face down in ``deal.skat`` (top first)
    and each seat's discards in ``deal.laid[seat]``, which only that seat sees."""

    players: int
    upcard: Card | None = None
    schleck_seat: int | None = None
    """The cutter, when he kept the bottom card of the cut-off packet (RA-2)."""
    owed_before: tuple[int, ...] = ()
    exchanged: dict[int, int] = field(default_factory=dict)
    """Seat -> cards it discarded (0 for a seat that kept its hand)."""
    took_upcard: bool = False
    said: dict[int, str] = field(default_factory=dict)
    """Seat -> ``in`` or ``pass`` (RA-5)."""
    choosing: bool = False
    """The cutter has yet to keep or leave the bottom card of the cut (RA-8): no card is
    dealt and none turned up yet."""

    @property
    def ready(self) -> bool:
        return self.upcard is not None

    @property
    def cutter(self) -> int:
        """The seat to the dealer's right (the one who plays just before him)."""
        return self.players - 2

    @property
    def dealer(self) -> int:
        return self.players - 1

    @property
    def active(self) -> tuple[int, ...]:
        """The seats that said in, from forehand."""
        return tuple(seat for seat in range(self.players) if self.said.get(seat) == "in")

    def copy(self) -> RamsenState:
        return RamsenState(
            self.players,
            self.upcard,
            self.schleck_seat,
            self.owed_before,
            dict(self.exchanged),
            self.took_upcard,
            dict(self.said),
            self.choosing,
        )


def ramsen_state(deal: Deal) -> RamsenState:
    """The state of a Ramsen deal; InvalidDealError if it was not dealt with its talon."""
    state = deal.state
    assert isinstance(state, RamsenState)
    if not state.ready:
        raise InvalidDealError(
            "A Ramsen deal needs its upcard and talon: make it with ramsen_deal(...)"
        )
    return state


@registered
@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Discard ``cards`` and draw as many from the top of the talon; the dealer may add
    ``upcard`` to take the turned-up card for one of them. ``[]`` keeps the hand."""

    kind: ClassVar[str] = "exchange"
    fields: ClassVar[tuple[str, ...]] = ("cards", "upcard")
    # field(): without it the dataclass would take the inherited ``Action.cards`` as a default
    cards: tuple[Card, ...] = field()
    upcard: bool

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def to_json(self) -> dict[str, Any]:
        # ``upcard`` is always written (every field of an action kind is); a record may leave
        # it out, read as false.
        cards = [str(card) for card in self.cards]
        return {"action": self.kind, "cards": cards, "upcard": self.upcard}

    @classmethod
    def from_json(cls, item: Mapping[str, Any], where: str | Message) -> Action:
        cards = item.get("cards")
        if not isinstance(cards, list):
            raise RecordError(
                "{where}: an exchange lists the cards discarded, e.g. []", where=where
            )
        upcard = item.get("upcard", False)
        if not isinstance(upcard, bool):
            raise RecordError(
                "{where}: 'upcard' is true or false, got {upcard}", where=where, upcard=repr(upcard)
            )
        return cls(tuple(read_card(card, where) for card in cards), upcard)

    def __str__(self) -> str:
        if not self.cards:
            return "keep the hand"
        listed = " ".join(str(card) for card in self.cards)
        return f"exchange {listed}" + (" taking the upcard" if self.upcard else "")


def _sorted_exchange(cards: tuple[Card, ...], upcard: bool) -> Exchange:
    """``Exchange(cards, upcard)`` for cards already in deck order, without sorting them
    again: the exchange phase offers every discard of every hand (dozens per question)."""
    action: Exchange = object.__new__(Exchange)
    object.__setattr__(action, "cards", cards)
    object.__setattr__(action, "upcard", upcard)
    return action


@dataclass(frozen=True, slots=True)
class Exchanged(Event):
    """A seat discarded ``count`` cards (the drawn cards are seen only by that seat)."""

    seat: int
    count: int
    took_upcard: bool


class Exchanging(Phase):
    """RA-4 from forehand to the dealer, skipping a cutter who schleckte."""

    name: ClassVar[str] = "exchange"

    def __init__(self, players: int) -> None:
        self.players = players
        self.to_act = 0
        """Forehand: the cutter (seat ``players - 2``) is never forehand."""

    def _from(self, deal: Deal, seat: int) -> int | None:
        """The first seat from ``seat`` on that has an exchange turn."""
        schleck = ramsen_state(deal).schleck_seat
        for candidate in range(seat, self.players):
            if candidate != schleck:
                return candidate
        return None

    def copy(self) -> Phase:
        other = Exchanging(self.players)
        other.to_act = self.to_act
        return other

    def legal(self, deal: Deal) -> list[Action]:
        state = ramsen_state(deal)
        assert self.to_act is not None
        hand = cards_of(deal.held[self.to_act])  # in deck order: so is every combination
        talon = len(deal.skat)
        actions: list[Action] = []
        for count in range(min(len(hand), talon) + 1):
            actions += [_sorted_exchange(cards, False) for cards in combinations(hand, count)]
        if self.to_act == state.dealer and state.upcard is not None:
            for count in range(1, min(len(hand), talon + 1) + 1):
                actions += [_sorted_exchange(cards, True) for cards in combinations(hand, count)]
        return actions

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        state = ramsen_state(deal)
        if not isinstance(action, Exchange):
            raise IllegalActionError(
                "You can't do that now: exchange cards with the talon first (or keep your hand)"
            )
        hand = deal.held[seat]
        if len(set(action.cards)) != len(action.cards):
            raise IllegalActionError("Name each card you discard once")
        for card in action.cards:
            if not hand >> card & 1:
                raise IllegalActionError("You don't hold {card}", card=card)
        draw = len(action.cards)
        if action.upcard:
            if seat != state.dealer:
                raise IllegalActionError("Only the dealer may take the upcard")
            if not action.cards:
                raise IllegalActionError("Discard a card to take the upcard for it")
            draw -= 1
        if draw > len(deal.skat):
            if action.upcard:
                raise IllegalActionError(
                    "The talon holds only {count} card(s): discard at most that many besides the "
                    "one for the upcard",
                    count=len(deal.skat),
                )
            raise IllegalActionError(
                "The talon holds only {count} card(s): discard at most that many",
                count=len(deal.skat),
            )
        drawn = list(deal.skat[:draw])
        deal.skat = deal.skat[draw:]
        for card in action.cards:
            hand &= ~(1 << card)
        new = drawn + ([state.upcard] if action.upcard and state.upcard is not None else [])
        for card in new:
            hand |= 1 << card
        deal.held[seat] = hand
        deal.laid[seat] = deal.laid[seat] + action.cards
        deal.drawn[seat] = tuple(new)
        state.exchanged[seat] = len(action.cards)
        if action.upcard:
            state.took_upcard = True
        events: list[Event] = [Exchanged(seat, len(action.cards), action.upcard)]
        self.to_act = self._from(deal, seat + 1)
        if self.to_act is None:
            events += deal.advance(self)
        return events

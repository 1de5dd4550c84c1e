"""Ramsen's schlecken by choice (RA-2, RA-8): before the cards are dealt the cutter looks at the
bottom card of the packet he lifted off and keeps it (``schleck``) or leaves it (``no_schleck``);
then the deal is dealt as the choice says."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ramsch_core.actions import Action, Event, registered
from ramsch_core.cards import Card
from ramsch_core.errors import IllegalActionError, InvalidDealError
from ramsch_core.games.ramsen.exchange import RamsenState
from ramsch_core.phases import Phase

if TYPE_CHECKING:
    from ramsch_core.deal import Deal


@registered
@dataclass(frozen=True, slots=True)
class Schleck(Action):
    """The cutter keeps the bottom card of the cut and is dealt four more (RA-2)."""

    kind: ClassVar[str] = "schleck"

    def __str__(self) -> str:
        return "keep the bottom card"


@registered
@dataclass(frozen=True, slots=True)
class NoSchleck(Action):
    """The cutter leaves the bottom card of the cut and is dealt five like everyone."""

    kind: ClassVar[str] = "no_schleck"

    def __str__(self) -> str:
        return "leave the bottom card"


@dataclass(frozen=True, slots=True)
class SchleckChosen(Event):
    """The cutter kept (``kept``) or left the bottom card of the cut."""

    seat: int
    kept: bool


@dataclass(frozen=True, slots=True)
class Layout:
    """A Ramsen deal's cards: the hands in the order dealt, the upcard, the talon top first."""

    hands: tuple[tuple[Card, ...], ...]
    upcard: Card
    talon: tuple[Card, ...]


def schlecked(layout: Layout, cutter: int) -> Layout:
    """The deal the cards of ``layout`` (dealt without schlecken) give when the cutter keeps
    the bottom card of the cut: the talon's last card is that card, and every card dealt after
    the cutter's last one moves one place on. The cutter's last card goes to the dealer, the
    dealer's last card is turned up, the upcard tops the talon (RA-8)."""
    dealer = len(layout.hands) - 1
    hands = [list(hand) for hand in layout.hands]
    bottom = layout.talon[-1]
    passed_on = hands[cutter].pop()
    turned = hands[dealer].pop()
    hands[cutter].insert(0, bottom)  # kept before anything was dealt
    hands[dealer].insert(len(hands[dealer]) - 1, passed_on)
    return Layout(tuple(tuple(hand) for hand in hands), turned, (layout.upcard, *layout.talon[:-1]))


def layout_of(deal: Deal) -> Layout:
    """The cards of a deal that waits for the cutter's choice, as dealt without schlecken."""
    upcard = deal.dealt.get("upcard")
    if upcard is None or not deal.skat:
        raise InvalidDealError(
            "A Ramsen deal needs its upcard and talon: make it with ramsen_deal(...)"
        )
    return Layout(deal.dealt_hands, Card.parse(upcard), tuple(deal.skat))


class Schlecken(Phase):
    """RA-8: the cutter (the seat before the dealer) keeps or leaves the bottom card of the
    cut; nobody holds a card yet. The cutter alone sees the bottom card."""

    name: ClassVar[str] = "schlecken"

    def __init__(self, players: int) -> None:
        self.players = players
        self.to_act = players - 2

    def copy(self) -> Phase:
        other = Schlecken(self.players)
        other.to_act = self.to_act
        return other

    def legal(self, deal: Deal) -> list[Action]:
        layout_of(deal)  # a deal made without its talon says how to make one
        return [Schleck(), NoSchleck()]

    def hand_seen(self, deal: Deal, seat: int) -> tuple[Card, ...] | None:
        """The cards are not dealt yet."""
        return ()

    def skat_seen(self, deal: Deal, seat: int) -> tuple[Card, ...]:
        """The cutter looks at the bottom card of the packet he lifted off."""
        if seat != self.to_act or not deal.skat:
            return ()
        return (deal.skat[-1],)

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, Schleck | NoSchleck):
            raise IllegalActionError(
                "You can't do that now: the cutter first keeps or leaves the bottom card of the cut"
            )
        layout = layout_of(deal)
        state = deal.state
        assert isinstance(state, RamsenState)
        kept = isinstance(action, Schleck)
        if kept:
            layout = schlecked(layout, seat)
            deal.deal_again(layout.hands)
            deal.skat = layout.talon
            state.schleck_seat = seat
        state.upcard = layout.upcard
        state.choosing = False
        self.to_act = None
        return [SchleckChosen(seat, kept), *deal.advance(self)]

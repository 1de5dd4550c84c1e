"""Schafkopf's Hochzeit (SF-16): after an offer stands, each other seat in turn accepts or
passes; the first to accept gives a card that is not a trump for the offerer's one trump."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ramsch_core.actions import Action, Event, read_card, registered
from ramsch_core.cards import Card, cards_of
from ramsch_core.errors import IllegalActionError, Message
from ramsch_core.games.schafkopf.contract import schafkopf_game_order
from ramsch_core.phases import Phase
from ramsch_core.phases.say import Pass, Said

if TYPE_CHECKING:
    from ramsch_core.deal import Deal
    from ramsch_core.games.schafkopf.calling import Call


def trump_mask() -> int:
    """SF-16: the trumps a Hochzeit counts, those of a Sauspiel (Obers, Unters, Hearts)."""
    return schafkopf_game_order("hochzeit").class_masks[4]


def may_offer(hand: int) -> bool:
    """SF-16: a hand holding exactly one trump may offer a Hochzeit."""
    return (hand & trump_mask()).bit_count() == 1


@registered
@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Accept the Hochzeit offered (SF-16): play with the offerer, taking his trump."""

    kind: ClassVar[str] = "accept"

    def __str__(self) -> str:
        return "accept"


@registered
@dataclass(frozen=True, slots=True)
class Give(Action):
    """The seat that accepted a Hochzeit gives the offerer ``card``, not a trump (SF-16)."""

    kind: ClassVar[str] = "give"
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
        return f"give {self.card}"


class HochzeitOffer(Phase):
    """SF-16: from the seat after the offerer, each other seat accepts or passes; the first
    to accept then gives a card that is not a trump and takes the offerer's trump. When
    nobody accepts, the call the offer overrode stands (``before``), or the deal goes as when
    all pass: a Ramsch, thrown in, or on a Stock table (game still None) the fourth seat's
    choice of a Ramsch or the Stock."""

    name: ClassVar[str] = "hochzeit"

    def __init__(
        self, players: int, offerer: int, before: tuple[int, Call] | None, all_pass: str
    ) -> None:
        self.players = players
        self.offerer = offerer
        self.before = before
        self.all_pass = all_pass
        self.to_act: int | None = (offerer + 1) % players
        self.partner: int | None = None

    def copy(self) -> Phase:
        other = HochzeitOffer.__new__(HochzeitOffer)
        other.__dict__.update(self.__dict__)
        return other

    def _givable(self, deal: Deal, seat: int) -> list[Card]:
        return sorted(cards_of(deal.held[seat] & ~trump_mask()), key=deal.order.sort_key)

    def legal(self, deal: Deal) -> list[Action]:
        seat = self.to_act
        assert seat is not None
        if self.partner is not None:
            return [Give(card) for card in self._givable(deal, seat)]
        if self._givable(deal, seat):
            return [Pass(), Accept()]
        return [Pass()]

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        from ramsch_core.games.schafkopf.calling import schafkopf_contest

        contest = schafkopf_contest(deal)
        if self.partner is not None:
            if not isinstance(action, Give):
                raise IllegalActionError(
                    "You accepted the Hochzeit: give a card that is not a trump"
                )
            if not deal.held[seat] >> action.card & 1:
                raise IllegalActionError("You do not hold {card}", card=action.card)
            if trump_mask() >> action.card & 1:
                raise IllegalActionError(
                    "A trump cannot be given for the Hochzeit: give a card that is not a trump"
                )
            trump = deal.held[self.offerer] & trump_mask()
            deal.held[self.offerer] = deal.held[self.offerer] & ~trump | 1 << action.card
            deal.held[seat] = deal.held[seat] & ~(1 << action.card) | trump
            self.to_act = None
            return deal.advance(self)
        if isinstance(action, Accept):
            if not self._givable(deal, seat):
                raise IllegalActionError("You hold only trumps and have no card to give: pass")
            contest.said.append((seat, "accept"))
            contest.partner = self.partner = seat
            self.to_act = seat
            return [Said(seat, "accept")]
        if not isinstance(action, Pass):
            raise IllegalActionError("A Hochzeit is offered: accept it or pass")
        contest.said.append((seat, "pass"))
        events: list[Event] = [Said(seat, "pass")]
        following = (seat + 1) % self.players
        if following != self.offerer:
            self.to_act = following
            return events
        self.to_act = None
        contest.declarer = None
        if self.before is None:
            # as when all four pass: on a Stock table the fourth seat still chooses (SK-9)
            games = {"ramsch": "ramsch", "throw_in": "passed", "stock": None}
            contest.game = games[self.all_pass]
        else:
            caller, call = self.before
            contest.game = call.game
            contest.declarer = caller
            contest.ace = call.ace
        return events + deal.advance(self)

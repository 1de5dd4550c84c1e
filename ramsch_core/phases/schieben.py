"""Schieberamsch (SR-10, AR-6): before the first lead each seat in turn picks up the skat and
lays two cards for the next, or (in Skat) passes it on unseen."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from ramsch_core.actions import Action, PassedOn, PassOn, PickedUp, PickUp, Push, Pushed
from ramsch_core.cards import DECK, FULL_MASK, Card, cards_of, mask_of
from ramsch_core.errors import IllegalActionError
from ramsch_core.phases import Phase

if TYPE_CHECKING:
    from ramsch_core.actions import Event
    from ramsch_core.deal import Deal


JACK_MASK = mask_of(card for card in DECK if card.rank.letter == "J")


@dataclass(frozen=True, slots=True)
class SchiebenRules:
    """What a table's Schieberamsch allows: passing on unseen, laying jacks."""

    pass_on: bool
    jacks: bool

    @property
    def layable(self) -> int:
        """The card mask of the cards that may be laid."""
        return FULL_MASK if self.jacks else FULL_MASK & ~JACK_MASK


class Schieben(Phase):
    """Forehand, then each seat clockwise: pick up and push two, or pass on. The skat lying
    in the middle is ``deal.skat``; after the last seat it is the skat the deal scores."""

    name: ClassVar[str] = "push"

    def __init__(self, rules: SchiebenRules) -> None:
        self.rules = rules
        self.to_act = 0
        self.picked_up = False

    def copy(self) -> Phase:
        other = Schieben(self.rules)
        other.to_act, other.picked_up = self.to_act, self.picked_up
        return other

    def legal(self, deal: Deal) -> list[Action]:
        # A push may come without an explicit pick-up: picking up is implied.
        return self._actions(deal, direct=True)

    def offered(self, deal: Deal) -> list[Action]:
        # The view offers the pushes only once the skat is picked up and seen.
        return self._actions(deal, direct=False)

    def _actions(self, deal: Deal, direct: bool) -> list[Action]:
        actions: list[Action] = []
        if not self.picked_up:
            actions.append(PickUp())
            if self.rules.pass_on:
                actions.append(PassOn())
            if not direct:
                return actions
        seat = self.to_act
        assert seat is not None
        pool = cards_of((deal.held[seat] | mask_of(deal.skat)) & self.rules.layable)
        actions.extend(Push((a, b)) for a, b in combinations(pool, 2))
        return actions

    def skat_seen(self, deal: Deal, seat: int) -> tuple[Card, ...]:
        return deal.skat if seat == self.to_act and self.picked_up else ()

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        if isinstance(action, PickUp):
            if self.picked_up:
                raise IllegalActionError("You have already picked up the two cards: lay two")
            self.picked_up = True
            return [PickedUp(seat)]
        if isinstance(action, PassOn):
            if not self.rules.pass_on:
                raise IllegalActionError("Everyone must push in this Schieberamsch")
            if self.picked_up:
                raise IllegalActionError("You picked the cards up: now lay two of them")
            deal.log.append((seat, "pass_on"))
            return [PassedOn(seat), *self._next(deal)]
        if isinstance(action, Push):
            pool = deal.held[seat] | mask_of(deal.skat)
            first, second = action.cards
            if first == second:
                raise IllegalActionError("Lay two different cards")
            for card in action.cards:
                if not pool >> card & 1:
                    raise IllegalActionError("You can't lay {card}: you don't hold it", card=card)
                if not self.rules.layable >> card & 1:
                    raise IllegalActionError(
                        "You can't lay {card}: jacks may not be pushed at this table", card=card
                    )
            deal.held[seat] = pool & ~mask_of(action.cards)
            deal.skat = action.cards
            deal.laid[seat] = action.cards
            deal.log.append((seat, "push"))
            return [Pushed(seat), *self._next(deal)]
        raise IllegalActionError("Schieberamsch comes first: push two cards or pass them on")

    def _next(self, deal: Deal) -> list[Event]:
        self.picked_up = False
        assert self.to_act is not None
        if self.to_act + 1 < deal.players:
            self.to_act += 1
            return []
        return deal.advance(self)

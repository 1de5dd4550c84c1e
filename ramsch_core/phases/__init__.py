"""Phases: the steps a deal goes through, one seat acting at a time.

A game's rule set names the first phase of a deal and the one after each. Every phase says who
is to act, which actions that seat has, and applies them; ``Deal`` does the rest (turn checks,
history, views). The phases several games share live here: Schieberamsch (``schieben``), the
card play with Kontra and Re (``doubling``), what a seat says (``say``); the card play itself is
``ramsch_core.tricks.play``, then ``Finished``. A step only one game has lives in its package
(``ramsch_core/games/<game>/``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ramsch_core.errors import DealFinishedError

if TYPE_CHECKING:
    from ramsch_core.actions import Action, Event
    from ramsch_core.cards import Card
    from ramsch_core.deal import Deal


class Phase:
    """One step of a deal. Subclasses keep their own state and copy it in ``copy``."""

    name: ClassVar[str]
    to_act: int | None = None

    def legal(self, deal: Deal) -> list[Action]:
        """Every action the seat to act may take now."""
        raise NotImplementedError

    def offered(self, deal: Deal) -> list[Action]:
        """The actions the seat to act is offered in its view (by default, every legal one)."""
        return self.legal(deal)

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        """Apply an action of ``seat`` (the seat to act). Raises IllegalActionError (or a
        subclass) for an action the phase refuses, before changing anything."""
        raise NotImplementedError

    def skat_seen(self, deal: Deal, seat: int) -> tuple[Card, ...]:
        """Face-down cards ``seat`` may look at now (picked up in a Schieberamsch)."""
        return ()

    def hand_seen(self, deal: Deal, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` may see of its own hand now, when that is not all it holds
        (Schafkopf's Klopfen: the first four dealt); None for the whole hand."""
        return None

    def open_hands(self, deal: Deal) -> dict[int, tuple[Card, ...]]:
        """Hands laid open to the whole table now (an Ouvert declarer's), by seat."""
        return {}

    def copy(self) -> Phase:
        raise NotImplementedError


class Finished(Phase):
    """The deal is over: ``deal.result`` holds its outcome."""

    name: ClassVar[str] = "finished"

    def legal(self, deal: Deal) -> list[Action]:
        return []

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        raise DealFinishedError("The deal is over: no more cards can be played")

    def copy(self) -> Phase:
        return self

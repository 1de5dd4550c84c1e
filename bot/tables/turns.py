"""Turns: which actions of a seat belong to one turn (the turn timer plays a whole turn)."""

from __future__ import annotations

from ramsch_core import Action, Match, Play


def turn_goes_on(match: Match, seat: int, number: int, phase: str, action: Action) -> bool:
    """Whether table seat ``seat`` is still on the same turn after ``action``, taken in deal
    ``number`` during step ``phase``: it is still to act in the same step of the same deal and
    did not play a card. A Schieberamsch pick-up and its push are one turn, and so are taking
    the skat, laying two away and declaring, or a Kontra and the card after it."""
    return (
        not isinstance(action, Play)
        and match.number == number
        and match.deal.phase == phase
        and match.to_act == seat
    )

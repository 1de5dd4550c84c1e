"""Schieberamsch at the terminal (SR-10), the same in every game that plays it: picking up or
passing on the two cards, and laying two for the next player."""

from __future__ import annotations

from ramsch_core.actions import Action, Event, PassedOn, PassOn, PickedUp, PickUp, Push, Pushed
from ramsch_core.errors import RulesError
from ramsch_core.terminal.console import Console
from ramsch_core.view import SeatView

PHASE = "push"


def report(console: Console, seats: tuple[int, ...], event: Event) -> bool:
    """Say a pick-up, a push or a pass-on; False for any other event."""
    if isinstance(event, PickedUp):
        if seats[event.seat] != 0:
            console.write(f"  {console.name(seats[event.seat])} picks up the two cards")
    elif isinstance(event, Pushed):
        console.write(f"  {console.does(seats[event.seat], 'lay')} two cards for the next")
    elif isinstance(event, PassedOn):
        console.write(f"  {console.does(seats[event.seat], 'pass')} the two cards on")
    else:
        return False
    return True


def ask(console: Console, view: SeatView) -> Action:
    """Pick up or pass on; then lay two of the cards held and picked up."""
    if PassOn() in view.legal:
        console.write("Schieberamsch: your hand: " + console.cards(view.hand))
        while True:
            text = console.line("Pick up the two cards (p) or pass them on (o)? ").lower()
            if not text:
                return console.adviser.choose(view)
            if text in ("p", "pick", "pick up", "pickup"):
                return PickUp()
            if text in ("o", "pass", "pass on", "passon"):
                return PassOn()
            console.write("  Answer p to pick up or o to pass on")
    if PickUp() in view.legal:
        console.write("Schieberamsch: you pick up the two cards (everyone must push here)")
        return PickUp()
    pool = sorted([*view.hand, *view.skat], key=view.order.sort_key)
    console.write("You picked up: " + console.cards(view.skat))
    console.write("Lay two: " + console.numbered(pool))
    while True:
        text = console.line("Two cards to lay (e.g. SA HT or 3 7; Enter = AI): ")
        if not text:
            return console.adviser.choose(view)
        parts = text.replace(",", " ").split()
        try:
            if len(parts) != 2:
                raise RulesError("Name exactly two cards, e.g. SA HT")
            push = Push((console.card(parts[0], pool), console.card(parts[1], pool)))
        except RulesError as error:
            console.refused(error)
            continue
        if console.allowed(push):
            return push

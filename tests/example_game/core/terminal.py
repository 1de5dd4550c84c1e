"""Stich at the terminal: the French pack, before each deal's play which cards are trumps
(ST-3), the announcements (ST-6): the human's double or pass, and what each seat said; and a
finished deal in Stich's words (ST-4, ST-5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ramsch_core.phases.say import Pass, Said
from ramsch_core.terminal import results
from ramsch_core.terminal.presenter import PlainPresenter
from ramsch_core.terminal.words import listed
from tests.example_game.core.announce import Double

if TYPE_CHECKING:
    from ramsch_core.actions import Action, Event
    from ramsch_core.deal import Deal
    from ramsch_core.match import SheetEntry
    from ramsch_core.terminal.console import Console
    from ramsch_core.view import SeatView


class StichPresenter(PlainPresenter):
    """Stich said in the French pack, with its trumps once a deal and its announcements."""

    def deal_lines(self, console: Console, deal: Deal) -> None:
        trumps = deal.rules.contract().order.trumps
        console.write("Trumps: " + (console.cards(trumps) if trumps else "none"))

    def report(self, console: Console, seats: tuple[int, ...], event: Event, deal: Deal) -> bool:
        """ST-6: a double is said aloud (a pass the terminal says itself)."""
        if isinstance(event, Said) and event.what == "double":
            console.write(f"  {console.does(seats[event.seat], 'say')} double!")
            return True
        return False

    def ask(self, console: Console, view: SeatView) -> Action | None:
        """ST-6: the human doubles or passes; Enter leaves it to the AI."""
        if view.phase != "announce":
            return None
        while True:
            text, chosen = console.answer(view, "Double the deal: double (d) or pass (p)? ")
            if chosen is not None:
                return chosen
            if text in ("d", "double"):
                return Double()
            if text in ("p", "pass"):
                return Pass()
            console.write("  Answer d to double or p to pass")

    def result(self, console: Console, entry: SheetEntry) -> bool:
        """The card points, the skat's taker, who took every trick, what the doubles made of
        the scores and who loses; then the scores and totals as for every game."""
        result = entry.result
        names = [console.name(seat) for seat in entry.seats]
        points = ", ".join(f"{names[i]} {p}" for i, p in enumerate(result.card_points))
        console.write(f"Deal {entry.number + 1} over. Card points: {points}")
        last = result.tricks[-1].winner if result.tricks else None
        if result.skat and last is not None:
            console.write(f"The skat {console.cards(result.skat)} counts for {names[last]}")
        for seat, tags in enumerate(result.tags):
            if "all_tricks" in tags:
                console.write(f"{names[seat]} took every trick: double, and the match ends")
        if result.multiplier > 1:
            console.write(f"Doubled: every score x{result.multiplier}")
        console.write("Loses: " + (listed([names[seat] for seat in result.losers]) or "nobody"))
        results.scores(console, entry)
        return True

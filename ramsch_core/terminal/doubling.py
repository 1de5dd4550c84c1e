"""Kontra and Re at the terminal, the same in every game that doubles: asked once a deal each,
before the card the human is about to play."""

from __future__ import annotations

from ramsch_core.actions import Action
from ramsch_core.phases.doubling import Kontra, Re
from ramsch_core.terminal.console import Console
from ramsch_core.terminal.presenter import Presenter
from ramsch_core.view import SeatView


class Doubling:
    """The Kontra or Re the human may say, remembering the ones he said no to."""

    def __init__(self) -> None:
        self.declined: set[tuple[int, str]] = set()
        """(deal number, action kind) of the Kontra or Re the player said no to."""

    def ask(self, console: Console, presenter: Presenter, view: SeatView) -> Action | None:
        """Kontra (a defender before his first card) or Re (the declarer after a Kontra);
        None when neither is open or the human says no."""
        number = console.match.number
        for call, key, question in (
            (Kontra(), "k", "Say Kontra (k) or not (n)?"),
            (Re(), "r", "Answer the Kontra with Re (r) or not (n)?"),
        ):
            if call not in view.legal or (number, call.kind) in self.declined:
                continue
            game = presenter.game_line(console, console.match.deal)
            if game is not None:
                console.show_game(*game)
            console.write("Your hand: " + console.cards(view.hand))
            while True:
                text = console.line(f"{question} (Enter = AI) ").lower()
                if not text:
                    if console.adviser.choose(view) == call:
                        console.write(f"  AI decides for you: {call}")
                        return call
                    console.write(f"  AI decides for you: no {call}")
                    break
                if text in (key, call.kind, "y", "yes", "ja", "j"):
                    return call
                if text in ("n", "no", "nein"):
                    break
                console.write(f"  Answer {key} for {call} or n for no")
            self.declined.add((number, call.kind))
        return None

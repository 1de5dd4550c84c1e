"""How one game is said at the terminal: the ``Presenter`` protocol and its plain defaults."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Protocol

from ramsch_core.actions import Action, Event, Play
from ramsch_core.cards import Card, Suit
from ramsch_core.deal import Deal
from ramsch_core.games.registry import game_of
from ramsch_core.match import SheetEntry
from ramsch_core.rules import RuleSet
from ramsch_core.terminal import packs
from ramsch_core.terminal.console import Console
from ramsch_core.view import SeatView


class Presenter(Protocol):
    """What the generic terminal asks of a game: its pack, its help, the lines of its phases,
    contracts and results, and the prompts of its steps before the card play. The terminal
    says everything else (seats, tricks, hands, scores) the same way for every game."""

    help: str
    """The game's own help, printed after the general one; may be empty."""
    trick_points: bool
    """Whether a trick taken is said with its card points."""

    def face(self, card: Card) -> str:
        """A card in the game's pack: ``♣J`` or ``🌰U``."""
        ...

    def suit_face(self, suit: Suit) -> str:
        """A suit's sign in the game's pack: ``♣`` or ``🌰``."""
        ...

    def action_words(self, action: Action) -> str:
        """An action the AI chose for the human, as the game says it: ``🍀9``, ``weiter``."""
        ...

    def deal_lines(self, console: Console, deal: Deal) -> None:
        """What the table shows as a deal begins, before the human's hand."""
        ...

    def hand_line(self, console: Console, deal: Deal, seat: int) -> str:
        """The human's hand as the deal begins (``seat`` is his deal seat)."""
        ...

    def report(self, console: Console, seats: tuple[int, ...], event: Event, deal: Deal) -> bool:
        """Say an event of the game's own steps; False leaves it to the terminal."""
        ...

    def game_line(self, console: Console, deal: Deal) -> tuple[int, str] | None:
        """The game being played and its doubling level, once it is decided; else None."""
        ...

    def before_card(self, console: Console, deal: Deal) -> None:
        """What to show before the human plays a card (e.g. an open declarer's hand)."""
        ...

    def ask(self, console: Console, view: SeatView) -> Action | None:
        """The human's action in a step of the game before the card play; None in the card
        play and in the steps the terminal asks itself (pushing, Kontra and Re)."""
        ...

    def players_of(self, view: SeatView) -> Sequence[int]:
        """The deal seats that play the tricks, in turn order."""
        ...

    def result(self, console: Console, entry: SheetEntry) -> bool:
        """Say a finished deal (before the scores); False leaves it to the terminal."""
        ...


class PlainPresenter:
    """A game said in the French pack with nothing of its own: the base of the presenters."""

    help = ""
    trick_points = True

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    def face(self, card: Card) -> str:
        return packs.french_face(card)

    def suit_face(self, suit: Suit) -> str:
        return packs.french_suit(suit)

    def action_words(self, action: Action) -> str:
        return self.face(action.card) if isinstance(action, Play) else str(action)

    def deal_lines(self, console: Console, deal: Deal) -> None:
        return None

    def hand_line(self, console: Console, deal: Deal, seat: int) -> str:
        return "Your hand: " + console.cards(deal.hand(seat))

    def report(self, console: Console, seats: tuple[int, ...], event: Event, deal: Deal) -> bool:
        return False

    def game_line(self, console: Console, deal: Deal) -> tuple[int, str] | None:
        return None

    def before_card(self, console: Console, deal: Deal) -> None:
        return None

    def ask(self, console: Console, view: SeatView) -> Action | None:
        return None

    def players_of(self, view: SeatView) -> Sequence[int]:
        return range(view.players)

    def result(self, console: Console, entry: SheetEntry) -> bool:
        return False


class GermanPackPresenter(PlainPresenter):
    """A game played with the German pack (Eichel, Gras, Herz, Schellen; Ober, Unter, Sau)."""

    def face(self, card: Card) -> str:
        return packs.german_face(card)

    def suit_face(self, suit: Suit) -> str:
        return packs.german_suit(suit)


def presenter_for(rules: RuleSet) -> Presenter:
    """The presenter of the game ``rules`` plays (``Game.terminal``, imported now); a game
    without one is said plainly, in the French pack."""
    where = game_of(rules).terminal
    if where is None:
        return PlainPresenter(rules)
    module, _, name = where.partition(":")
    make: Callable[[RuleSet], Presenter] = getattr(importlib.import_module(module), name)
    return make(rules)

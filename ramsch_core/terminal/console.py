"""The terminal's contact with the player: names, lines written, prompts read, cards typed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ramsch_core.actions import Action
from ramsch_core.ai import HeuristicPlayer
from ramsch_core.cards import Card, Suit
from ramsch_core.errors import RulesError, render_template
from ramsch_core.match import Match
from ramsch_core.terminal.words import YOU, plural_template
from ramsch_core.view import SeatView

Reader = Callable[[str], str | None]
"""Shows a prompt and returns the line typed (without its newline), or None at end of input."""
Writer = Callable[[str], None]


class Quit(Exception):
    """The player stopped the match."""


class Console:
    """The human at table seat 0: what is written to him and read from him, cards shown in
    the game's pack, the AI adviser that answers an empty line."""

    def __init__(
        self,
        match: Match,
        read: Reader,
        write: Writer,
        adviser: HeuristicPlayer,
        face: Callable[[Card], str],
        suit_face: Callable[[Suit], str],
        action_words: Callable[[Action], str],
    ) -> None:
        self.match = match
        self.read = read
        self.write = write
        self.adviser = adviser
        self.face = face
        self.suit_face = suit_face
        self.action_words = action_words
        self.shown = (-1, -1)
        """(deal number, doubling level) the game was last said at."""

    # -- saying ----------------------------------------------------------------------------

    @staticmethod
    def name(table_seat: int) -> str:
        return YOU if table_seat == 0 else f"AI {table_seat}"

    def does(self, table_seat: int, verb: str) -> str:
        """``You lay`` / ``AI 1 lays``; ``pass`` takes ``es``."""
        ending = "es" if verb.endswith("s") else "s"
        return f"You {verb}" if table_seat == 0 else f"{self.name(table_seat)} {verb}{ending}"

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards in the game's pack: ``♣J ♠A``."""
        return " ".join(self.face(card) for card in cards)

    def numbered(self, cards: Iterable[Card]) -> str:
        """Cards with the numbers they may be typed by: ``1:♣J  2:♠A``."""
        return "  ".join(f"{i}:{self.face(card)}" for i, card in enumerate(cards, 1))

    def show_game(self, level: int, text: str) -> None:
        """The game being played, said once a deal and again at each new doubling level."""
        said = (self.match.number, level)
        if self.shown != said:
            self.shown = said
            self.write(text)

    def error(self, error: RulesError) -> str:
        """The core's message with cards in the game's pack and counts in good English."""
        template, params = plural_template(error.template, dict(error.params))
        return render_template(template, params, card=self.face, suit=self.suit_face)

    # -- reading ---------------------------------------------------------------------------

    def line(self, prompt: str) -> str:
        """A line typed, stripped; ``quit`` or the end of input stops the match."""
        line = self.read(prompt)
        if line is None or line.strip().lower() in ("quit", "q", "exit"):
            raise Quit
        return line.strip()

    def answer(self, view: SeatView, prompt: str) -> tuple[str, Action | None]:
        """A line typed (lower case), or the AI's choice for an empty line."""
        text = self.line(prompt).lower()
        if not text:
            action = self.adviser.choose(view)
            self.write(f"  AI decides for you: {self.action_words(action)}")
            return text, action
        return text, None

    def allowed(self, action: Action) -> bool:
        """Whether the rules let the human take ``action`` now; if not, why is written."""
        try:
            self.match.check(action, 0)
        except RulesError as error:
            self.refused(error)
            return False
        return True

    def refused(self, error: RulesError) -> None:
        self.write(f"  {self.error(error)}")

    @staticmethod
    def card(text: str, cards: Sequence[Card]) -> Card:
        """A card typed by its number in ``cards`` or its C-2 name."""
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(cards):
                raise RulesError(
                    "Choose a number from 1 to {count}, or a card name", count=len(cards)
                )
            return cards[number - 1]
        return Card.parse(text)

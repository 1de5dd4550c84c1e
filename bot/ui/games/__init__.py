"""Per-game rendering: what a game adds to the shared table, hand and result messages.

Each registered game has a renderer here (``bot/ui/games/<game>.py``), found by the game id of
the table's rules. The shared messages (``bot.ui.table``, ``hand``, ``results``, ``lobby``)
draw tricks, seats, scores and cards themselves and ask the renderer for the rest: the rules in
brief, the steps before the card play, the controls for a seat's actions other than playing a
card, and the facts of a result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from bot.ui.games.ramsch import RAMSCH
from bot.ui.games.skat import SKAT
from ramsch_core import RuleSet

if TYPE_CHECKING:
    import discord

    from ramsch_core import DealResult, PublicView, SeatView


class GameRenderer(Protocol):
    """What a game shows beyond tricks, seats and scores."""

    tag_labels: dict[str, str]
    """Result tags (``DealResult.tags``) shown next to a player, in display order."""

    def title(self, rules: RuleSet) -> str:
        """The table's name for players, e.g. ``Skat Ramsch · Schieberamsch``."""
        ...

    def unit(self, rules: RuleSet) -> str:
        """What scores count, shown after each: ``¢`` for cents, empty for points."""
        ...

    def rules_lines(self, rules: RuleSet) -> list[str]:
        """The rules of a table in a few short lines."""
        ...

    def phase_text(self, public: PublicView, names: list[str]) -> tuple[str, str] | None:
        """Heading and lines for the table message during a step before the card play;
        None during the card play."""
        ...

    def table_fields(self, public: PublicView, names: list[str]) -> list[tuple[str, str]]:
        """Fields of the table message above the players: the game being played, the cards
        laid open (``public.open_hands``)..."""
        ...

    def doing(self, public: PublicView) -> str:
        """The verb for the seat to act: ``play``, ``push``..."""
        ...

    def hand_status(self, view: SeatView, names: list[str], marks: tuple[str, ...]) -> list[str]:
        """Lines for a player's hand about the steps before the card play: during them, whose
        turn it is and what to do; after them, what they left the player (cards laid away).
        ``marks``: what the player marked on the hand (see ``mark``)."""
        ...

    def cards(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]] | None:
        """The hand's card buttons when the game draws them itself (a step where cards are
        marked rather than played); None for the shared ones (green: playable)."""
        ...

    def controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]]:
        """Controls for the seat's legal actions other than playing a card (the rows below
        the cards)."""
        ...

    def mark(self, view: SeatView, marks: tuple[str, ...], mark: str) -> tuple[str, ...]:
        """The seat's marks after it pressed the mark control ``mark``; a TableError if that
        is not something to mark now."""
        ...

    def result_facts(self, rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
        """Facts of a finished deal beyond the players' lines (the skat, pushes, ...)."""
        ...

    def deal_line(self, result: DealResult, names: list[str]) -> str | None:
        """A finished deal in a few words for the score sheet and the list of deals (``Alice
        ♣ Kreuz Hand, won``); None where the scores say it all."""
        ...


RENDERERS: dict[str, GameRenderer] = {"ramsch": RAMSCH, "skat": SKAT}
"""The renderer of every registered game, by game id."""


def renderer_for(rules: RuleSet) -> GameRenderer:
    """The renderer of the rules' game."""
    return RENDERERS[rules.game]


def rules_brief(rules: RuleSet) -> str:
    """The rules of a table in a few short lines, as a bulleted list."""
    return "\n".join(f"• {line}" for line in renderer_for(rules).rules_lines(rules))


def title(rules: RuleSet) -> str:
    """The name of a table's game for players, e.g. ``Skat Ramsch · Schieberamsch``."""
    return renderer_for(rules).title(rules)

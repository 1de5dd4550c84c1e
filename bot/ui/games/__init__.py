"""Per-game rendering: what a game adds to the shared table, hand and result messages.

Each registered game has a package here (``bot/ui/games/<game>/``) with its renderer, found by
the game id of the table's rules in ``RENDERERS`` (one line per game). What several games share
(card orders, the Ramsch contract) is in ``bot/ui/games/shared/``; no game's package imports
another's. The shared messages (``bot.ui.table``, ``hand``, ``results``, ``lobby``)
draw tricks, seats, scores and cards themselves and ask the renderer for the rest: the rules in
brief, the steps before the card play, the controls for a seat's actions other than playing a
card, and the facts of a result.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from bot.i18n import _
from bot.ui import faces
from bot.ui.games.ramsch import RAMSCH
from bot.ui.games.ramsen import RAMSEN
from bot.ui.games.schafkopf import SCHAFKOPF
from bot.ui.games.skat import SKAT
from ramsch_core import GAMES, Card, RuleSet

if TYPE_CHECKING:
    from collections.abc import Callable

    import discord

    from bot.ui.actions import Codec
    from bot.ui.faces import Pack
    from ramsch_core import Card, DealResult, PublicView, SeatView


class GameRenderer(Protocol):
    """What a game shows beyond tricks, seats and scores."""

    tag_labels: dict[str, str]
    """Result tags (``DealResult.tags``) shown next to a player, in display order; the labels
    are marked ``N_`` and translated where shown."""

    def title(self, rules: RuleSet) -> str:
        """The table's name for players, e.g. ``Skat Ramsch · Schieberamsch``."""
        ...

    def unit(self, rules: RuleSet) -> str:
        """What scores count, shown after each: ``¢`` for cents, empty for points."""
        ...

    def pack(self, rules: RuleSet) -> Pack:
        """The pack the game is played with (its cards shown to a reader who chose none)."""
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


RENDERERS: dict[str, GameRenderer] = {
    "ramsch": RAMSCH,
    "ramsen": RAMSEN,
    "skat": SKAT,
    "schafkopf": SCHAFKOPF,
}
"""The renderer of every registered game, by game id."""


def renderer_for(rules: RuleSet) -> GameRenderer:
    """The renderer of the rules' game."""
    return RENDERERS[rules.game]


def game_pack(rules: RuleSet) -> Pack:
    """The pack the rules' game is played with."""
    return renderer_for(rules).pack(rules)


def rules_brief(rules: RuleSet) -> str:
    """The rules of a table in a few short lines, as a bulleted list (its cards in the pack
    the reader sees at such a table)."""
    with faces.showing(rules):
        return "\n".join(f"• {line}" for line in renderer_for(rules).rules_lines(rules))


def title(rules: RuleSet) -> str:
    """The name of a table's game for players, e.g. ``Skat Ramsch · Schieberamsch``."""
    return renderer_for(rules).title(rules)


def table_name(game: str, table_id: int) -> str:
    """The one name of a table everywhere players read it (lobby, thread, table, hands,
    results, reminders, records): its game (by id) and number, ``Skat #1``, ``Ramsch #4`` (every
    Ramsch variant), ``Schafkopf #3``, ``Ramsen #2``."""
    known = GAMES.get(game)
    return _("{game} #{table}", game=known.title if known else game, table=table_id)


# -- what a renderer may add ------------------------------------------------------------------
# A game unlike the others may give its renderer these members; the shared messages use them
# where present and behave as for every other game where not (Ramsen has them all).
#
# ``card_points: bool``: whether a trick's card points are worth showing (default True).
# ``play_order(public) -> tuple[int, ...]``: the deal seats that play cards, in turn order
#     (default every seat; Ramsen: those that said in).
# ``result_play_order(result) -> tuple[int, ...]``: the same for a finished deal.
# ``seat_notes(public, seat) -> list[str]``: notes on a player in the table's player list.
# ``player_result(result, seat) -> str``: a player's line of a deal's result after the name.
# ``match_end(result, names) -> list[str]``: lines of the final standings about the last deal.
# ``sheet_legend(rules) -> str``: what the numbers in ``deal_line`` mean (under the sheet).
# ``carry_line(rules, carry) -> str | None``: a line of the score sheet about what the match
#     carries from deal to deal (Schafkopf: the Stock pot).
# ``codecs: dict[str, actions.Codec]``: how the fields of its action kinds that do not fit one
#     text field become a control's argument and back (``bot.ui.actions``).
# ``option_titles: dict[str, str]``: the rules editor's titles of the game's options, by name.
# ``section_titles: dict[str, str]``: the editor page of a nested rule set, by its option.
# ``value_labels: dict[tuple[str, str], str]``: an enum option's value in its select.
# ``match_lines(chosen) -> list[str]``: the game's match options (``Game.match_options``, dumped)
#     in a table's line (default none).
# ``stats_total: str``: what a player's total counts on the game's board when not points.
# ``stats_tags: dict[str, str]``: the game's result tags counted in a player's record, labelled.


def _hook(renderer: GameRenderer, name: str) -> Callable[..., Any] | None:
    hook = getattr(renderer, name, None)
    return hook if callable(hook) else None


def card_face(rules: RuleSet) -> Callable[[Card], str]:
    """How a card is shown to the reader (``faces.face``: the pack he sees at the table)."""
    del rules  # the pack was chosen where the message is rendered (faces.showing)
    return faces.face


def carry_line(rules: RuleSet, carry: Any) -> str | None:
    """A line for the score sheet about what the match carries (Schafkopf: the Stock pot),
    when the game's renderer has one."""
    hook = _hook(renderer_for(rules), "carry_line")
    return None if hook is None else hook(rules, carry)


def sheet_legend(rules: RuleSet) -> str | None:
    """What the numbers in the score sheet's notes on the deals mean, when the game's renderer
    writes numbers there (Schafkopf: what a game was worth)."""
    hook = _hook(renderer_for(rules), "sheet_legend")
    return None if hook is None else str(hook(rules))


def card_points(rules: RuleSet) -> bool:
    """Whether the game's tricks carry card points worth showing."""
    return bool(getattr(renderer_for(rules), "card_points", True))


def play_order(rules: RuleSet, public: PublicView) -> tuple[int, ...]:
    """The deal seats that play cards in the deal, in turn order."""
    hook = _hook(renderer_for(rules), "play_order")
    return tuple(hook(public)) if hook is not None else tuple(range(public.players))


def result_play_order(rules: RuleSet, result: DealResult) -> tuple[int, ...] | None:
    """The deal seats that played a finished deal's tricks, in turn order; None: every one."""
    hook = _hook(renderer_for(rules), "result_play_order")
    return tuple(hook(result)) if hook is not None else None


def seat_notes(rules: RuleSet, public: PublicView, seat: int) -> list[str]:
    """What the game notes on a player in the table's player list (Ramsen: in or passed)."""
    hook = _hook(renderer_for(rules), "seat_notes")
    return list(hook(public, seat)) if hook is not None else []


def player_result(rules: RuleSet, result: DealResult, seat: int) -> str | None:
    """A player's line of a deal's result after the name, when the game writes it itself."""
    hook = _hook(renderer_for(rules), "player_result")
    return str(hook(result, seat)) if hook is not None else None


def match_end(rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
    """Lines of the final standings about how the match ended (Ramsen: who won)."""
    hook = _hook(renderer_for(rules), "match_end")
    return list(hook(result, names)) if hook is not None else []


def _merged(name: str) -> dict[Any, Any]:
    found: dict[Any, Any] = {}
    for renderer in RENDERERS.values():
        found.update(getattr(renderer, name, {}))
    return found


def action_codecs() -> dict[str, Codec]:
    """The codecs of every registered game's action kinds (``bot.ui.actions``)."""
    return _merged("codecs")


def option_titles() -> dict[str, str]:
    """The rules editor's title of every registered game's options, by option name."""
    return _merged("option_titles")


def section_titles() -> dict[str, str]:
    """The rules editor's page title of every registered game's nested rule sets."""
    return _merged("section_titles")


def value_labels() -> dict[tuple[str, str], str]:
    """What an enum option's value reads as in the rules editor, by (option, value)."""
    return _merged("value_labels")


def match_lines(rules: RuleSet, chosen: Mapping[str, Any]) -> list[str]:
    """What a table's line says of the match options ``chosen`` of the rules' game."""
    hook = _hook(renderer_for(rules), "match_lines")
    return list(hook(chosen)) if hook is not None else []

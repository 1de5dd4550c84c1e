"""Stich's renderer (``bot.ui.games.GameRenderer``): its title, unit, rules in brief, pack,
result tags and editor words. Stich has no step before the card play, so the members about
such steps say nothing and its controls are the shared card buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import N_, _
from bot.tables.errors import IllegalAction
from bot.ui.games.shared.orders import order_lines
from tests.example_game.bot import editor

if TYPE_CHECKING:
    import discord

    from bot.ui.faces import Pack
    from ramsch_core import DealResult, PublicView, RuleSet, SeatView


class StichRenderer:
    """Stich's part of every message."""

    tag_labels: dict[str, str] = {  # noqa: RUF012
        "loser": N_("most points: loses"),
        "all_tricks": N_("took every trick: scores double"),
    }
    """Shown translated (``_(label)``)."""
    option_titles = editor.OPTION_TITLES
    value_labels = editor.VALUE_LABELS

    def title(self, rules: RuleSet) -> str:
        return "Stich"

    def unit(self, rules: RuleSet) -> str:
        return ""

    def pack(self, rules: RuleSet) -> Pack:
        return "french"

    def rules_lines(self, rules: RuleSet) -> list[str]:
        """ST-2..4 in a player's words."""
        duties = [_("Follow suit.")]
        if getattr(rules, "must_trump", False):
            duties.append(_("Unable to follow, trump."))
        if getattr(rules, "must_beat", False):
            duties.append(_("Beat the trick when you can."))
        return [
            " ".join(duties),
            *order_lines(rules),
            _("The most card points lose; the skat goes with the last trick."),
            _("Taking every trick scores double and ends the match."),
        ]

    def phase_text(self, public: PublicView, names: list[str]) -> tuple[str, str] | None:
        return None

    def table_fields(self, public: PublicView, names: list[str]) -> list[tuple[str, str]]:
        return []

    def doing(self, public: PublicView) -> str:
        return _("play")

    def hand_status(self, view: SeatView, names: list[str], marks: tuple[str, ...]) -> list[str]:
        return []

    def cards(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]] | None:
        return None

    def controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]]:
        return []

    def mark(self, view: SeatView, marks: tuple[str, ...], mark: str) -> tuple[str, ...]:
        raise IllegalAction(N_("There is nothing to choose here: play with the buttons shown"))

    def result_facts(self, rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
        return [
            _("{player} took every trick.", player=names[seat])
            for seat, tags in enumerate(result.tags)
            if "all_tricks" in tags
        ]

    def deal_line(self, result: DealResult, names: list[str]) -> str | None:
        return None


STICH = StichRenderer()

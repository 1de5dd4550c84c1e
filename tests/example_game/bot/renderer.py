"""Stich's renderer (``bot.ui.games.GameRenderer``): every member of the protocol, and the
optional members Stich has a use for. Its announcements (``announce.py``) are the step
before the card play; its finished deals are written by ``results.py``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.i18n import N_, _
from bot.tables.errors import IllegalAction
from bot.ui.games.shared import match_options
from bot.ui.games.shared.orders import order_lines
from tests.example_game.bot import announce, editor, results

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
    stats_total = results.STATS_TOTAL
    stats_tags = results.STATS_TAGS

    def title(self, rules: RuleSet) -> str:
        return "Stich"

    def match_lines(self, chosen: Mapping[str, Any]) -> list[str]:
        """Its one match option, a Bock round after a tie, said as the shared words say it."""
        return match_options.bock_line([_("a tie")] if chosen.get("bock_on_tie") else [])

    def unit(self, rules: RuleSet) -> str:
        return ""

    def pack(self, rules: RuleSet) -> Pack:
        return "french"

    def rules_lines(self, rules: RuleSet) -> list[str]:
        """ST-2..4 in a player's words."""
        doubling = bool(getattr(rules, "doubling", False))
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
            *([_("Before the play each player may double the deal once.")] if doubling else []),
        ]

    def phase_text(self, public: PublicView, names: list[str]) -> tuple[str, str] | None:
        """The announcements (ST-6): who said what, who is to speak."""
        if public.phase != "announce":
            return None
        return _("Double or pass"), "\n".join(announce.said_lines(public, names))

    def table_fields(self, public: PublicView, names: list[str]) -> list[tuple[str, str]]:
        """Once a seat doubled, what every score counts."""
        line = announce.factor_line(public)
        return [] if line is None else [(_("Doubled"), line)]

    def doing(self, public: PublicView) -> str:
        return _("double or pass") if public.phase == "announce" else _("play")

    def hand_status(self, view: SeatView, names: list[str], marks: tuple[str, ...]) -> list[str]:
        return announce.hand_lines(view, names)

    def cards(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]] | None:
        return None

    def controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]]:
        return announce.buttons(table_id, deal, view)

    def mark(self, view: SeatView, marks: tuple[str, ...], mark: str) -> tuple[str, ...]:
        raise IllegalAction(N_("There is nothing to choose here: play with the buttons shown"))

    def result_facts(self, rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
        return results.result_facts(result, names)

    def deal_line(self, result: DealResult, names: list[str]) -> str | None:
        return results.deal_line(result)

    # -- optional members (bot/ui/games/__init__.py) ----------------------------------------

    def seat_notes(self, public: PublicView, seat: int) -> list[str]:
        """ "doubled" next to a player who doubled the deal."""
        said = announce.state_of(public).said.get(seat)
        return [_("doubled")] if said == "double" else []

    def player_result(self, result: DealResult, seat: int) -> str:
        return results.player_result(result, seat)

    def match_end(self, result: DealResult, names: list[str]) -> list[str]:
        return results.match_end(result, names)

    def sheet_legend(self, rules: RuleSet) -> str:
        return results.sheet_legend(rules)


STICH = StichRenderer()

"""Stich's finished deals in the bot: the facts below the players, a player's line, the end
of the match, the score sheet's notes and the board's figures."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import N_, _, _n
from bot.ui.text import score_text

if TYPE_CHECKING:
    from ramsch_core import DealResult, RuleSet

STATS_TOTAL = N_("Points scored")
"""What a player's total counts on a Stich board (``/ramsch stats``): the fewer the better."""
STATS_TAGS = {"loser": N_("Deals lost"), "all_tricks": N_("Every trick taken")}
"""The result tags a player's record counts, labelled."""


def took_every_trick(result: DealResult) -> int | None:
    return next((seat for seat, tags in enumerate(result.tags) if "all_tricks" in tags), None)


def result_facts(result: DealResult, names: list[str]) -> list[str]:
    facts = []
    seat = took_every_trick(result)
    if seat is not None:
        facts.append(_("{player} took every trick.", player=names[seat]))
    if result.multiplier > 1:
        facts.append(_("The deal was doubled: every score ×{factor}.", factor=result.multiplier))
    return facts


def player_result(result: DealResult, seat: int) -> str:
    """``32 card points, 2 tricks → 128 (×4)``: card points with the skat as credited."""
    tricks = _n("{count} trick", "{count} tricks", result.trick_counts[seat])
    line = _(
        "{card_points} card points, {tricks} → **{score}**",
        card_points=result.card_points[seat],
        tricks=tricks,
        score=score_text(result.scores[seat]),
    )
    return f"{line} (×{result.multiplier})" if result.multiplier > 1 else line


def match_end(result: DealResult, names: list[str]) -> list[str]:
    """Why the match ended early (ST-5), and what the totals count."""
    lines = []
    seat = took_every_trick(result)
    if seat is not None:
        lines.append(_("{player} took every trick: the match ends.", player=names[seat]))
    lines.append(_("Totals: the points each player scored; the fewest win."))
    return lines


def deal_line(result: DealResult) -> str | None:
    """``×4`` for a doubled deal; None where the scores say it all."""
    return f"×{result.multiplier}" if result.multiplier > 1 else None


def sheet_legend(rules: RuleSet) -> str:
    del rules
    return _("×2, ×4, …: what the doubles multiplied a deal's scores by.")

"""Ramsen's results: the bars a deal drew, each player's line, who won the game, the line of a
deal in the list of deals."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, _, _n
from bot.ui.games.ramsen.text import bars, suit_text
from bot.ui.text import CENTS, amount_text
from ramsch_core import DealResult, RuleSet, Suit


class RamsenResults:
    """The facts of a finished deal, the players' lines and the end of the match."""

    # -- results -----------------------------------------------------------------------------

    def result_play_order(self, result: DealResult) -> tuple[int, ...]:
        """The seats that played the tricks of a finished deal: those that did not pass."""
        return tuple(seat for seat, tags in enumerate(result.tags) if "passed" not in tags)

    def result_facts(self, rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
        details = result.details or {}
        owed = details.get("owed") or []
        winner = details.get("winner")
        facts = []
        if winner is not None:
            facts.append(_winner_line(names[winner]))
        playing = self.result_play_order(result)
        if result.contract == "void" or not playing:
            facts.append(_("Everyone passed: the deal is void, nobody draws a bar."))
        elif not result.tricks and len(playing) == 1:
            facts.append(
                _(
                    "Only **{player}** was in: all five tricks without play.",
                    player=names[playing[0]],
                )
            )
        for seat, tags in enumerate(result.tags):
            if "extra_cross" in tags:
                facts.append(
                    _("**{player}** was in and took no trick: one cross more.", player=names[seat])
                )
        if owed:
            left = " · ".join(f"{name} {value}" for name, value in zip(names, owed, strict=False))
            facts.append(_("Bars still to draw: {players}", players=left))
        money = _money_line(details, names)
        if money is not None:
            facts.append(money)
        return facts

    def player_result(self, result: DealResult, seat: int) -> str:
        """A player's line of a deal's result after the name: tricks, bars drawn, bars left."""
        tags = result.tags[seat] if seat < len(result.tags) else ()
        owed = (result.details or {}).get("owed") or []
        left = owed[seat] if seat < len(owed) else None
        if "passed" in tags:
            if left is None:
                return _("sat the deal out")
            return _("sat the deal out, **{left}** still to draw", left=left)
        tricks = result.trick_counts[seat]
        drawn = int(result.scores[seat])
        took = _n("{count} trick", "{count} tricks", tricks)
        if drawn < 0:
            if left is None:
                return _("{tricks} → a cross more (+{bars} bars)", tricks=took, bars=-drawn)
            return _(
                "{tricks} → a cross more (+{bars} bars), **{left}** still to draw",
                tricks=took,
                bars=-drawn,
                left=left,
            )
        if left is None:
            return _("{tricks} → drew {bars}", tricks=took, bars=bars(drawn))
        return _(
            "{tricks} → drew {bars}, **{left}** still to draw",
            tricks=took,
            bars=bars(drawn),
            left=left,
        )

    def match_end(self, result: DealResult, names: list[str]) -> list[str]:
        """The last lines of the standings: who won, and what the totals count."""
        winner = (result.details or {}).get("winner")
        lines = []
        if winner is not None:
            lines.append(_winner_line(names[winner]))
        lines.append(_("Totals: the bars each player drew over the game."))
        money = _money_line(result.details or {}, names)
        if money is not None:
            lines.append(money)
        return lines

    def deal_line(self, result: DealResult, names: list[str]) -> str | None:
        """``♥ Herz trumps · Carol passed · Dave no trick``; ``Bob wins`` for the last."""
        details = result.details or {}
        parts = []
        trump = details.get("trump")
        if isinstance(trump, str) and len(trump) == 1 and trump in "CSHD":
            parts.append(_("{suit} trumps", suit=suit_text(Suit("CSHD".index(trump)))))
        playing = self.result_play_order(result)
        passed = [name for seat, name in enumerate(names) if seat not in playing]
        if not playing:
            parts.append(_("all passed"))
        elif len(playing) == 1:
            parts.append(_("{player} alone in", player=names[playing[0]]))
        elif passed:
            parts.append(_("{players} passed", players=", ".join(passed)))
        else:
            parts.append(_("all in"))
        empty = [names[seat] for seat, tags in enumerate(result.tags) if "extra_cross" in tags]
        if empty:
            parts.append(_("{players} no trick", players=", ".join(empty)))
        winner = details.get("winner")
        if winner is not None:
            parts.append(_("{player} wins", player=names[winner]))
        return " · ".join(parts)


def _money_line(details: dict[str, Any], names: list[str]) -> str | None:
    """RA-9: what each player paid or received when the game was settled, in euros and cents
    as the reader writes them (``1,20 €``); None for a game played for nothing."""
    paid = details.get("paid")
    if not isinstance(paid, list) or not paid:
        return None
    amounts = " · ".join(
        f"{name} {amount_text(value, CENTS)}" for name, value in zip(names, paid, strict=False)
    )
    return _(
        "💶 **Settled:** each paid the winner the stake per bar still owed: {amounts}",
        amounts=amounts,
    )


def _winner_line(name: str) -> str:
    return _("🏆 **{player}** has drawn the last bar and wins the game!", player=name)


STATS_TOTAL = N_("Bars drawn")
"""What a player's total counts on a Ramsen board (``/ramsch stats``)."""
STATS_TAGS = {
    "winner": N_("Games won"),
    "passed": N_("Deals passed"),
    "extra_cross": N_("Extra crosses"),
}
"""Ramsen's tags in a player's record: games won, deals sat out, a cross more for no trick."""

"""Stich at the terminal: the French pack and, before each deal's play, which cards are
trumps (ST-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ramsch_core.terminal.presenter import PlainPresenter

if TYPE_CHECKING:
    from ramsch_core.deal import Deal
    from ramsch_core.terminal.console import Console


class StichPresenter(PlainPresenter):
    """Stich said in the French pack, with its trumps once a deal."""

    def deal_lines(self, console: Console, deal: Deal) -> None:
        trumps = deal.rules.contract().order.trumps
        console.write("Trumps: " + (console.cards(trumps) if trumps else "none"))

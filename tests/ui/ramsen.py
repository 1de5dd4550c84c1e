"""A Ramsen table whose first deal is set (the cutter schleckte ♠7, Herz is trump), for the
rendering tests of Ramsen in English and in German."""

from __future__ import annotations

from typing import Any

from ramsch_core import Card
from ramsch_core.games.ramsen import ramsen_deal
from tests.ui.helpers import make_table

C = Card
HANDS = (
    (C.HA, C.D9, C.SA, C.SK, C.C7),
    (C.HK, C.D7, C.ST, C.S9, C.C8),
    (C.HQ, C.CQ, C.S8, C.C9),  # the cutter, who schleckte ♠7
    (C.HJ, C.CJ, C.DA, C.DK, C.DQ),  # the dealer
)
SCHLECK = (2, C.S7)
UPCARD_CARD = C.H7  # Herz is trump
TALON = (C.CA, C.CT, C.CK, C.SQ, C.SJ, C.HT, C.H9, C.H8, C.DJ, C.DT, C.D8)


def ramsen_table(
    name: str = "ramsen", *, dealt: bool = True, schlecken: str | None = "always", **kwargs: Any
) -> Any:
    """A Ramsen table; ``dealt``: its first deal replaced by the cards above, the cutter
    keeping the bottom card. ``schlecken``: the option (None: the preset's)."""
    if schlecken is not None:
        kwargs["schlecken"] = schlecken
    table = make_table(name, game="ramsen", **kwargs)
    if dealt:
        rules = table.match.deal.rules
        table.match.deal = ramsen_deal(
            rules, hands=HANDS, schleck=SCHLECK, upcard=UPCARD_CARD, talon=TALON
        )
    return table


def apply(table: Any, *actions: Any) -> None:
    """Play ``actions`` at ``table`` in turn, each by the seat to act."""
    for action in actions:
        table.match.apply(action, table.match.to_act)
        table.log_length += 1  # as the action log does: marks are forgotten
        if table.match.finished:
            table.status = "finished"

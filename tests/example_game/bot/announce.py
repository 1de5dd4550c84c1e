"""Stich's announcements in the bot (ST-6): what the table and a hand say while the seats
double or pass, and the two buttons of the seat to speak."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import N_, _
from bot.ui.actions import control_arg
from bot.ui.items import ActionItem
from tests.example_game.core.announce import StichState

if TYPE_CHECKING:
    from ramsch_core import PublicView, SeatView

BUTTONS = (
    ("double", N_("Double"), discord.ButtonStyle.danger),
    ("pass", N_("Pass"), discord.ButtonStyle.secondary),
)
"""The buttons of the announcements: action kind, label, style."""


def state_of(public: PublicView) -> StichState:
    state = public.state
    return state if isinstance(state, StichState) else StichState()


def said_lines(public: PublicView, names: list[str]) -> list[str]:
    """Who said what so far, and who is to speak."""
    said = [
        _("{player}: **double**", player=names[seat])
        if what == "double"
        else _("{player}: pass", player=names[seat])
        for seat, what in sorted(state_of(public).said.items())
    ]
    lines = [" · ".join(said)] if said else []
    if public.to_act is not None:
        lines.append(_("**{player}** is to double or pass", player=names[public.to_act]))
    return lines


def factor_line(public: PublicView) -> str | None:
    """What the doubles said multiply the deal's scores by, once there was one."""
    factor = state_of(public).factor
    return None if factor == 1 else _("Every score of this deal counts ×{factor}.", factor=factor)


def hand_lines(view: SeatView, names: list[str]) -> list[str]:
    """A hand's lines about the announcements: during them, whose turn it is and what a
    double does; after them, what they made of the deal."""
    public = view.public
    if public.phase != "announce":
        line = factor_line(public)
        return [line] if line else []
    if public.to_act == view.seat:
        return [_("Double or pass: each double doubles every score of the deal.")]
    assert public.to_act is not None
    return [_("Waiting for {player} to double or pass.", player=names[public.to_act])]


def buttons(table_id: int, deal: int, view: SeatView) -> list[discord.ui.Item[Any]]:
    """Double and Pass for the seat to speak, on one row below its cards."""
    items: list[discord.ui.Item[Any]] = []
    for kind, label, style in BUTTONS:
        for action in (action for action in view.legal if action.kind == kind):
            button: discord.ui.Button[Any] = discord.ui.Button(style=style, label=_(label), row=1)
            items.append(ActionItem(table_id, deal, kind, control_arg(action), item=button))
    return items

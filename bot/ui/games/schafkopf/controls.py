"""Schafkopf's controls: Klopfen, the calls (weiter, Sauspiel, Wenz, Solo), a Hochzeit's
acceptance and the card given for it (SF-16), Kontra and Re."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import N_, _
from bot.tables.errors import IllegalAction
from bot.ui import faces
from bot.ui.actions import control_arg
from bot.ui.games.schafkopf.text import call_text, game_word, legal_of
from bot.ui.items import ActionItem, choice_select
from ramsch_core import SeatView
from ramsch_core.games.schafkopf.calling import Call
from ramsch_core.games.schafkopf.hochzeit import Give

if TYPE_CHECKING:
    from ramsch_core import Action


CONTROLS = (
    ("knock", N_("Klopfen"), discord.ButtonStyle.danger),
    ("no_knock", N_("No Klopfen"), discord.ButtonStyle.secondary),
    ("accept", N_("Accept the Hochzeit"), discord.ButtonStyle.success),
    ("pass", N_("Weiter"), discord.ButtonStyle.secondary),
    ("kontra", N_("Kontra"), discord.ButtonStyle.danger),
    ("re", N_("Re"), discord.ButtonStyle.danger),
)
"""The buttons other than the calls: action kind, label, style."""


class SchafkopfControls:
    """The hand's controls before and during the card play."""

    def cards(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]] | None:
        return None

    def controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]]:
        row = (len(view.hand) + 4) // 5  # the first row below the cards
        items: list[discord.ui.Item[Any]] = []
        for kind, label, style in CONTROLS:
            for action in legal_of(view, kind):
                items.append(_button(table_id, deal, action, _(label), style, row))
        calls = legal_of(view, "call")
        if calls:
            options = [
                discord.SelectOption(label=_call_label(call), value=arg)
                for call in calls
                if (arg := control_arg(call)) is not None
            ]
            items.append(choice_select(table_id, deal, "call", _("Call a game…"), options, row + 1))
        gives = [action for action in legal_of(view, "give") if isinstance(action, Give)]
        if gives:  # SF-16: one row, whatever the hand
            options = [
                discord.SelectOption(label=faces.face(action.card), value=str(action.card))
                for action in gives
            ]
            items.append(
                choice_select(table_id, deal, "give", _("Give a card for the trump…"), options, row)
            )
        return items

    def mark(self, view: SeatView, marks: tuple[str, ...], mark: str) -> tuple[str, ...]:
        raise IllegalAction(N_("There is nothing to choose here: use the buttons shown"))


def _call_label(call: Action) -> str:
    """``Sauspiel Eichel``, ``Wenz``, ``Herz-Solo``, ``Wenz Tout``, ``Herz-Solo Tout``,
    ``Sie``, ``Ramsch``: short for a button."""
    assert isinstance(call, Call)
    if call.game == "sauspiel" and call.ace is not None:
        return _("Sauspiel {suit}", suit=faces.suit_name(call.ace))
    if call.game in ("solo", "farbwenz") and call.suit is not None:
        solo = call_text(f"{call.game} {call.suit.letter}")
        return _("{game} Tout", game=solo) if call.tout else solo
    if call.tout:
        return _("{game} Tout", game=game_word(call.game))
    return game_word(call.game)


def _button(
    table_id: int, deal: int, action: Action, label: str, style: discord.ButtonStyle, row: int
) -> discord.ui.Item[Any]:
    button: discord.ui.Button[Any] = discord.ui.Button(style=style, label=label, row=row)
    return ActionItem(table_id, deal, type(action).kind, control_arg(action), item=button)


# -- the payment worked out --------------------------------------------------------------------

"""Ramsen's controls: cards marked for the exchange (the dealer may take the upcard), in or
pass."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot import emojis
from bot.i18n import N_, _
from bot.tables.errors import IllegalAction
from bot.ui import faces
from bot.ui.actions import control_arg
from bot.ui.games.ramsen.text import (
    UPCARD,
    exchange_limit,
    exchanges_of,
    legal_of,
    marked_of,
    only_keep,
    state_of,
    talon_left,
)
from bot.ui.items import MARKED, ActionItem, MarkItem
from ramsch_core import SeatView
from ramsch_core.games.ramsen import HAND_SIZE
from ramsch_core.games.ramsen.exchange import Exchange

if TYPE_CHECKING:
    pass


CONTROLS = (
    ("in", N_("In"), discord.ButtonStyle.success),
    ("pass", N_("Pass"), discord.ButtonStyle.danger),
)
"""The buttons to say in or pass: action kind, label, style."""
SCHLECKEN = (
    ("schleck", N_("Keep {card}"), discord.ButtonStyle.success),
    ("no_schleck", N_("Leave it"), discord.ButtonStyle.secondary),
)
"""The cutter's buttons (RA-8): action kind, label, style."""


class RamsenControls:
    """The hand's card marks and controls before the card play."""

    def cards(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]] | None:
        if not exchanges_of(view) or only_keep(view):
            return None
        marked = set(marked_of(view, marks)[0])
        items: list[discord.ui.Item[Any]] = []
        for index, card in enumerate(view.hand):
            chosen = card in marked
            button: discord.ui.Button[Any] = discord.ui.Button(
                style=discord.ButtonStyle.primary if chosen else discord.ButtonStyle.secondary,
                label=(MARKED if chosen else "") + faces.face(card),
                emoji=emojis.card_emoji(card),
                row=index // HAND_SIZE,
            )
            items.append(MarkItem(table_id, deal, card.name, item=button))
        return items

    def controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]]:
        if exchanges_of(view):
            return self._exchange_controls(table_id, deal, view, marks)
        if view.phase == "schlecken":
            return self._schlecken_controls(table_id, deal, view)
        items: list[discord.ui.Item[Any]] = []
        for kind, label, style in CONTROLS:
            for action in legal_of(view, kind):
                button: discord.ui.Button[Any] = discord.ui.Button(
                    style=style, label=_(label), row=1
                )
                items.append(ActionItem(table_id, deal, kind, control_arg(action), item=button))
        return items

    def _schlecken_controls(
        self, table_id: int, deal: int, view: SeatView
    ) -> list[discord.ui.Item[Any]]:
        """RA-8: the cutter keeps the bottom card of the cut (shown on the button) or leaves
        it; one row."""
        if not view.skat:
            return []
        (card,) = view.skat
        items: list[discord.ui.Item[Any]] = []
        for kind, label, style in SCHLECKEN:
            if legal_of(view, kind):
                button: discord.ui.Button[Any] = discord.ui.Button(
                    style=style,
                    label=_(label, card=faces.face(card)),
                    emoji=emojis.card_emoji(card) if kind == "schleck" else None,
                    row=0,
                )
                items.append(ActionItem(table_id, deal, kind, None, item=button))
        return items

    def _exchange_controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[Any]]:
        state = state_of(view.public)
        cards, upcard = marked_of(view, marks)
        action = Exchange(tuple(cards), upcard)
        legal = action in view.legal
        shown = state.upcard if state is not None else None
        if upcard and not cards:
            label = _("Mark a card first")
        elif cards and upcard and shown is not None:
            label = _("Exchange {count} + {card}", count=len(cards), card=faces.face(shown))
        elif cards:
            label = _("Exchange {count}", count=len(cards))
        else:
            label = _("Keep my hand")
        row = (len(view.hand) - 1) // HAND_SIZE + 1
        items: list[discord.ui.Item[Any]] = []
        if exchange_limit(view, True) >= 0 and shown is not None:
            button: discord.ui.Button[Any] = discord.ui.Button(
                style=discord.ButtonStyle.primary if upcard else discord.ButtonStyle.secondary,
                label=(MARKED if upcard else "") + _("Take upcard {card}", card=faces.face(shown)),
                emoji=emojis.card_emoji(shown),
                row=row,
            )
            items.append(MarkItem(table_id, deal, UPCARD, item=button))
        confirm: discord.ui.Button[Any] = discord.ui.Button(
            style=discord.ButtonStyle.success, label=label, row=row, disabled=not legal
        )
        items.append(ActionItem(table_id, deal, Exchange.kind, control_arg(action), item=confirm))
        return items

    def mark(self, view: SeatView, marks: tuple[str, ...], mark: str) -> tuple[str, ...]:
        if not exchanges_of(view):
            raise IllegalAction(N_("There is nothing to choose there now: use the buttons shown"))
        if only_keep(view):
            raise IllegalAction(N_("The talon is empty: there is nothing to exchange"))
        cards, upcard = marked_of(view, marks)
        names = [card.name for card in cards]
        if mark == UPCARD:
            if exchange_limit(view, True) < 0:
                raise IllegalAction(N_("Only the dealer may take the upcard"))
            upcard = not upcard
        elif any(card.name == mark for card in view.hand):
            names = [name for name in names if name != mark] if mark in names else [*names, mark]
        else:
            raise IllegalAction(N_("That card is not in your hand"))
        limit = exchange_limit(view, upcard)
        if len(names) > limit:
            state = state_of(view.public)
            talon = talon_left(state) if state is not None else limit
            if mark == UPCARD:
                raise IllegalAction(
                    N_(
                        "The talon holds only {talon} card(s): unmark a card first, then take "
                        "the upcard back out"
                    ),
                    talon=talon,
                )
            if upcard:
                raise IllegalAction(
                    N_(
                        "The talon holds only {talon} card(s): lay away at most that many "
                        "besides the one for the upcard"
                    ),
                    talon=talon,
                )
            raise IllegalAction(
                N_("The talon holds only {talon} card(s): lay away at most that many"),
                talon=talon,
            )
        return (*names, UPCARD) if upcard else tuple(names)

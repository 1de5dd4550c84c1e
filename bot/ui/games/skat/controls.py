"""Skat's controls: bidding buttons and a menu of higher values, take the skat or Hand, two
cards marked and laid away, the declaration select with its announcements."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot import emojis
from bot.i18n import N_, _
from bot.tables.errors import IllegalAction
from bot.ui import faces
from bot.ui.actions import control_arg
from bot.ui.games.shared.ramsch_contract import RAMSCH_CONTRACT
from bot.ui.games.skat.text import (
    LEVELS,
    SUIT_AND_GRAND,
    contest_of,
    declared_fields,
    discard_step,
    game_text,
    legal_of,
    level_of,
    marked_cards,
)
from bot.ui.items import MARKED, ActionItem, MarkItem, choice_select
from ramsch_core import Card, SeatView, SkatContest

if TYPE_CHECKING:
    from ramsch_core import Action


HIGHER_BIDS = 25
"""Values the select for bidding higher offers (Discord allows 25 options)."""
MAX_LAID = 2


def _declaration_for(
    view: SeatView, game: str, level: str | None, ouvert_null: bool = False
) -> Action | None:
    """The legal declaration of ``game`` with the announcements of ``level`` (each implies
    the ones before it), if there is one."""
    wanted = {
        "schneider": level in LEVELS,
        "schwarz": level in ("schwarz", "ouvert"),
        "ouvert": level == "ouvert",
    }
    if game == "null":
        wanted = {"schneider": False, "schwarz": False, "ouvert": ouvert_null}
    for action in legal_of(view, "declare"):
        fields = declared_fields(action)
        if fields.get("game") != game:
            continue
        if all(bool(fields.get(name)) == on for name, on in wanted.items()):
            return action
    return None


def _declarations(view: SeatView, level: str | None) -> list[tuple[Action, str]]:
    """The legal declarations the seat may choose with the announcements of ``level`` (each
    implies the ones before it), suit games and Grand first, then the Nulls; with each its
    control argument."""
    found = []
    for game in SUIT_AND_GRAND:
        found.append(_declaration_for(view, game, level))
    for ouvert in (False, True):
        found.append(_declaration_for(view, "null", None, ouvert_null=ouvert))
    return [
        (action, arg)
        for action in found
        if action is not None and (arg := control_arg(action)) is not None
    ]


def declared_label(action: Action, *, hand: bool) -> str:
    """A declaration as a choice: ``♣ Kreuz Hand Schneider angesagt``, ``Null ouvert Hand``
    (``hand``: the skat is not taken)."""
    fields = declared_fields(action)
    return game_text(
        fields["game"],
        hand=hand,
        schneider=bool(fields.get("schneider")),
        schwarz=bool(fields.get("schwarz")),
        ouvert=bool(fields.get("ouvert")),
    )


def _rows_of(cards: int) -> int:
    """The rows of card buttons a hand of ``cards`` takes (five to a row)."""
    return (cards + 4) // 5


def _button(
    table_id: int,
    deal: int,
    action: Action | None,
    kind: str,
    label: str,
    style: discord.ButtonStyle,
    row: int,
) -> discord.ui.Item[Any]:
    """A button for ``action``; disabled when it is not legal now (then ``kind`` alone makes
    its id)."""
    button: discord.ui.Button[Any] = discord.ui.Button(
        style=style, label=label, row=row, disabled=action is None
    )
    arg = control_arg(action) if action is not None else None
    return ActionItem(table_id, deal, kind, arg, item=button)


class SkatControls:
    """The hand's controls before the card play and what a mark control marks."""

    def cards(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]] | None:
        if not discard_step(view):
            return None
        marked = {card.name for card in marked_cards(view, marks)}
        items: list[discord.ui.Item[Any]] = []
        for index, card in enumerate(view.hand):
            chosen = card.name in marked
            button: discord.ui.Button[Any] = discord.ui.Button(
                style=discord.ButtonStyle.primary if chosen else discord.ButtonStyle.secondary,
                label=(MARKED if chosen else "") + faces.face(card),
                emoji=emojis.card_emoji(card),
                row=index // 5,
            )
            items.append(MarkItem(table_id, deal, card.name, item=button))
        return items

    def controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]]:
        contest = contest_of(view.public)
        if contest is None or contest.passed_out:
            return RAMSCH_CONTRACT.controls(table_id, deal, view, marks)
        if view.phase == "bidding":
            return self._bidding_controls(table_id, deal, view, contest)
        if view.phase == "declaring":
            if not view.legal:
                return []
            return self._declaring_controls(table_id, deal, view, marks)
        items: list[discord.ui.Item[Any]] = []
        for kind, label in (("kontra", "Kontra"), ("re", "Re")):
            for action in legal_of(view, kind):
                style = discord.ButtonStyle.danger
                items.append(_button(table_id, deal, action, kind, label, style, 2))
        return items

    def _bidding_controls(
        self, table_id: int, deal: int, view: SeatView, contest: SkatContest
    ) -> list[discord.ui.Item[Any]]:
        items: list[discord.ui.Item[Any]] = []
        holds = legal_of(view, "hold")
        if holds:
            label = _("Ja ({bid})", bid=contest.bid)
            items.append(
                _button(table_id, deal, holds[0], "hold", label, discord.ButtonStyle.success, 2)
            )
        bids = sorted(legal_of(view, "bid"), key=lambda action: action.to_json()["value"])
        if bids:
            first = str(bids[0].to_json()["value"])
            items.append(
                _button(table_id, deal, bids[0], "bid", first, discord.ButtonStyle.primary, 2)
            )
        for action in legal_of(view, "pass"):
            items.append(
                _button(table_id, deal, action, "pass", _("Passe"), discord.ButtonStyle.danger, 2)
            )
        higher = [str(action.to_json()["value"]) for action in bids[1 : 1 + HIGHER_BIDS]]
        if higher:
            options = [discord.SelectOption(label=value, value=value) for value in higher]
            row = _rows_of(len(view.hand)) + 1
            items.append(choice_select(table_id, deal, "bid", _("Bid higher…"), options, row))
        return items

    def _declaring_controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[Any]]:
        items: list[discord.ui.Item[Any]] = []
        if discard_step(view):
            marked = marked_cards(view, marks)
            chosen = {card for card in marked}
            action = next(
                (
                    option
                    for option in legal_of(view, "discard")
                    if {Card[name] for name in option.to_json()["cards"]} == chosen
                ),
                None,
            )
            label = _("Drücken") + (f" {faces.cards_text(marked)}" if action is not None else "")
            style = discord.ButtonStyle.success
            row = min(len(view.hand) // 5 + (len(view.hand) % 5 > 0), 3)
            items.append(_button(table_id, deal, action, "discard", label, style, row))
            return items
        pickup = legal_of(view, "pickup")
        first_row = _rows_of(len(view.hand))
        level = level_of(marks)
        if pickup:
            style = discord.ButtonStyle.primary
            items.append(
                _button(table_id, deal, pickup[0], "pickup", _("Skat aufnehmen"), style, first_row)
            )
            for mark, label in LEVELS.items():
                on = level == mark
                button: discord.ui.Button[Any] = discord.ui.Button(
                    style=discord.ButtonStyle.success if on else discord.ButtonStyle.secondary,
                    label=(MARKED if on else "") + label,
                    row=first_row,
                )
                items.append(MarkItem(table_id, deal, mark, item=button))
            first_row += 1
        else:
            level = None
        placeholder = _("Declare a Hand game…") if pickup else _("Declare your game…")
        options = [
            discord.SelectOption(label=declared_label(action, hand=bool(pickup)), value=arg)
            for action, arg in _declarations(view, level)
        ]
        items.append(choice_select(table_id, deal, "declare", placeholder, options, first_row))
        return items

    def mark(self, view: SeatView, marks: tuple[str, ...], mark: str) -> tuple[str, ...]:
        if discard_step(view):
            held = {card.name for card in view.hand}
            if mark not in held:
                raise IllegalAction(N_("That card is not in your hand"))
            cards = tuple(name for name in marks if name in held)
            if mark in cards:
                return tuple(name for name in cards if name != mark)
            return (*cards, mark)[-MAX_LAID:]
        if view.phase == "declaring" and legal_of(view, "pickup") and mark in LEVELS:
            return () if mark in marks else (mark,)
        raise IllegalAction(N_("There is nothing to choose there now: use the buttons shown"))

"""One player's private message (DM or ephemeral): their hand, and buttons for their actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot import emojis
from bot.i18n import _
from bot.ui import faces, ids
from bot.ui.faces import table_look
from bot.ui.games import card_face, play_order, renderer_for
from bot.ui.items import BackButton, CardButton, ClaimButton
from bot.ui.lobby import CLOSED_COLOUR, table_title
from bot.ui.message import Controls, Rendered
from bot.ui.table import countdown, deal_names, players_text, trick_line
from bot.ui.text import amount_text, cards_text, seat_name
from ramsch_core import Card, Play, SeatView
from ramsch_core.claims import claims_refused

if TYPE_CHECKING:
    from bot.tables import Table

HAND_COLOUR = discord.Colour.gold()
CARDS_PER_ROW = 5


def current_deal(table: Table) -> int:
    """The deal (0-based) the players' hands show: the one being played, or once the session
    is over its last one (never one beyond the last)."""
    match = table.match
    if match is None:
        return 0
    return match.number - 1 if match.finished and match.number > 0 else match.number


def where(table: Table) -> str:
    """Which table and channel a private message belongs to (a public table: no channel, it
    plays in its players' DMs)."""
    if table.public:
        return _("**{table}** · public table", table=table_title(table))
    channel = f"<#{table.channel_id}>"
    return _("**{table}** in {channel}", table=table_title(table), channel=channel)


def _status(table: Table, view: SeatView, names: list[str], marks: tuple[str, ...]) -> list[str]:
    if view.phase == "finished":
        return [_("This deal is over.")]
    renderer = renderer_for(table.rules)
    lines = renderer.hand_status(view, names, marks)
    if view.phase != "play":
        return lines
    for seat, cards in view.open_hands:
        if seat != view.seat:
            face = card_face(table.rules)
            shown = cards_text(cards, face=face)
            lines.append(_("**{name}** plays open: {cards}", name=names[seat], cards=shown))
    if view.to_act == view.seat:
        leader = view.trick_leader if view.trick_leader is not None else view.seat
        if view.trick:
            order = play_order(table.rules, view.public)
            face = card_face(table.rules)
            trick = trick_line(names, view.trick, leader, view.players, order, face)
            lines.append(_("**Trick {number}:** {trick}", number=len(view.tricks) + 1, trick=trick))
            lines.append(_("**Your turn:** play a green card."))
        else:
            lines.append(_("**Your turn:** lead any card."))
    else:
        lines.append(_("Waiting for the others — follow the table in the channel."))
    return lines


def card_buttons(
    table_id: int, deal: int, view: SeatView, face: Callable[[Card], str] | None = None
) -> list[discord.ui.Item[Any]]:
    """A button per card of the hand (rows of five); the playable ones are green. ``face``:
    how a card is labelled (default the pack the reader sees); with the card's emoji where
    the bot has one."""
    playable = {action.card for action in view.legal if isinstance(action, Play)}
    buttons: list[discord.ui.Item[Any]] = []
    for index, card in enumerate(view.hand):
        can = card in playable
        buttons.append(
            CardButton(
                ids.action_id(table_id, deal, Play.kind, card.name),
                faces.face(card) if face is None else face(card),
                emojis.card_emoji(card),
                discord.ButtonStyle.success if can else discord.ButtonStyle.secondary,
                not can,
                index // CARDS_PER_ROW,
            )
        )
    return buttons


def _controls(
    table: Table, deal: int, view: SeatView, marks: tuple[str, ...], away: bool
) -> discord.ui.View:
    renderer = renderer_for(table.rules)
    controls = Controls()
    cards = renderer.cards(table.id, deal, view, marks)
    if cards is None:
        cards = card_buttons(table.id, deal, view, card_face(table.rules))
    for item in cards:
        controls.add_item(item)
    actions: list[discord.ui.Item[Any]] = list(renderer.controls(table.id, deal, view, marks))
    for item in actions:
        controls.add_item(item)
    if view.to_act == view.seat and claims_refused(view.public) is None:
        # offered whenever the public view allows a claim, never only where it holds
        claim = ClaimButton(table.id, deal, row=_control_row(cards, actions))
        controls.add_item(claim)
        actions.append(claim)
    if away:
        controls.add_item(BackButton(table.id, row=_control_row(cards, actions)))
    return controls


def _control_row(cards: list[discord.ui.Item[Any]], actions: list[discord.ui.Item[Any]]) -> int:
    """Where one more control (I'm back, Rest is mine) goes: beside the other controls when a
    row of them has room (a hand keeps to two rows of controls besides its cards), else in the
    first empty row. Rows are filled as the view fills them: an item without a row (a select)
    takes the first with room."""
    weights = [0] * 5
    control_rows = set()
    for item in (*cards, *actions):
        row = item.row
        if row is None:
            row = next(index for index, weight in enumerate(weights) if weight + item.width <= 5)
        weights[row] += item.width
        if item in actions:
            control_rows.add(row)
    for row in sorted(control_rows):
        if weights[row] < CARDS_PER_ROW:
            return row
    return weights.index(0)


@table_look
def render_hand(table: Table, user_id: int, view: SeatView | None = None) -> Rendered:
    """The hand of ``user_id`` at ``table`` with controls for their legal actions. ``view``:
    his view of the table now (``table.view_for``), if already at hand."""
    match = table.match
    embed = discord.Embed(
        title=_("Your hand — {table}", table=table_title(table)), colour=HAND_COLOUR
    )
    if view is None and match is not None:
        view = table.view_for(user_id)
    if match is None or view is None:
        seated = table.seat_of(user_id) is not None
        if match is not None and seated:
            text = _("You sit this deal out: you are the dealer.")
        else:
            text = _("You are not playing at this table.")
        embed.description = f"{where(table)}\n{text}"
        return Rendered(embeds=[embed], layout=True)
    names = deal_names(table, match)
    number = current_deal(table)
    if table.rules.plays_to_a_winner():
        deal_no = _("deal {number}", number=number + 1)
    else:
        deal_no = _("deal {number} of {total}", number=number + 1, total=match.total_deals)
    hand = cards_text(view.hand, face=card_face(table.rules))
    lines = [f"{where(table)} · {deal_no}", _("**Your cards:** {cards}", cards=hand)]
    seat = table.seat_of(user_id)
    marks = table.marks_of(seat) if seat is not None else ()
    if table.public:  # no channel message: the table itself is shown with the hand
        lines.append(players_text(table, match, view.public))
    lines += _status(table, view, names, marks)
    away = seat is not None and table.seats[seat].away
    ends = countdown(table)
    if view.to_act == view.seat and view.phase != "finished" and not away and ends is not None:
        lines.append(ends)
    controls = _controls(table, number, view, marks, away)
    if away:
        lines.append(_("You are away: the AI plays for you. Press **I'm back** to play again."))
    embed.description = "\n".join(lines)
    return Rendered(embeds=[embed], view=controls, layout=True)


@table_look
def render_hand_closed(table: Table, deal_number: int) -> Rendered:
    """A private hand message of a deal that is over: no buttons any more."""
    embed = discord.Embed(
        title=_(
            "{table} — deal {number} is over", table=table_title(table), number=deal_number + 1
        ),
        description=where(table) + "\n" + closed_text(table),
        colour=CLOSED_COLOUR,
    )
    return Rendered(embeds=[embed], layout=True)


def closed_text(table: Table) -> str:
    """Where a player finds the result of a deal that is over: a public table's hand shows
    every seat's total itself."""
    if not table.public or table.match is None:
        return _("The result is in the channel.")
    match = table.match
    sign = renderer_for(table.rules).unit(table.rules)
    totals = [
        f"**{seat_name(seat)}** {amount_text(total, sign)}"
        for seat, total in zip(table.seats, match.totals, strict=False)
    ]
    return _("Totals: {totals}", totals=" · ".join(totals))


@table_look
def render_hand_replaced(table: Table) -> Rendered:
    """An ephemeral hand the player opened again since: no buttons, he plays from the newest."""
    embed = discord.Embed(
        title=_("Your hand — {table}", table=table_title(table)),
        description=where(table) + "\n" + _("You opened your hand again: play from the newest."),
        colour=CLOSED_COLOUR,
    )
    return Rendered(embeds=[embed], layout=True)


@table_look
def render_channel_gone(table: Table) -> Rendered:
    """The DM that tells a player his table closed because its channel was deleted."""
    if table.match is None:
        text = _(
            "The table **{table}** was cancelled: its channel was deleted.",
            table=table_title(table),
        )
    else:
        text = _(
            "The table **{table}** was closed: its channel was deleted. Finished deals keep "
            "their results.",
            table=table_title(table),
        )
    embed = discord.Embed(
        title=_("{table} — closed", table=table_title(table)),
        description=text,
        colour=CLOSED_COLOUR,
    )
    return Rendered(embeds=[embed])

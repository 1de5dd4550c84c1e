"""One player's private message (DM or ephemeral): their hand, and buttons for their cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.ui.items import BackButton, CardButton, LaySelect, PushButton
from bot.ui.lobby import CLOSED_COLOUR, table_title
from bot.ui.message import Rendered
from bot.ui.table import deal_names, trick_line
from bot.ui.text import cards_text
from ramsch_core import Card, PassOn, PickUp, Play, Push, SeatView

if TYPE_CHECKING:
    from bot.tables import Table

HAND_COLOUR = discord.Colour.gold()
CARDS_PER_ROW = 5


def where(table: Table) -> str:
    """Which table and channel a private message belongs to."""
    return f"Table **#{table.id}** in <#{table.channel_id}>"


def _push_status(view: SeatView, names: list[str]) -> str:
    legal = view.legal
    if any(isinstance(action, Push) for action in legal):
        picked = f"You picked up {cards_text(view.skat)}. " if view.skat else ""
        return f"**Your turn:** {picked}Choose two cards to lay face down for the next player."
    if PickUp() in legal:
        if PassOn() in legal:
            return "**Your turn:** pick up the two cards, or pass them on unseen."
        return "**Your turn:** pick up the two cards, then lay two for the next player."
    if view.to_act is not None:
        return f"Waiting for **{names[view.to_act]}** to push."
    return "Waiting for the others."


def _status(view: SeatView, names: list[str]) -> list[str]:
    if view.phase == "finished":
        return ["This deal is over."]
    lines = []
    if view.laid:
        lines.append(f"You laid {cards_text(view.laid)} face down.")
    if view.phase == "push":
        lines.append(_push_status(view, names))
        return lines
    if view.to_act == view.seat:
        leader = view.trick_leader if view.trick_leader is not None else view.seat
        if view.trick:
            trick = trick_line(names, view.trick, leader, view.players)
            lines.append(f"**Trick {len(view.tricks) + 1}:** {trick}")
            lines.append("**Your turn:** play a green card.")
        else:
            lines.append("**Your turn:** lead any card.")
    else:
        lines.append("Waiting for the others — follow the table in the channel.")
    return lines


def lay_choices(view: SeatView) -> list[Card]:
    """The cards that may be laid in the push this view allows, in hand order."""
    allowed = {card for action in view.legal if isinstance(action, Push) for card in action.cards}
    pool = list(view.hand) + [card for card in view.skat if card not in view.hand]
    return [card for card in pool if card in allowed]


def _controls(table: Table, deal: int, view: SeatView) -> discord.ui.View:
    buttons = discord.ui.View(timeout=None)
    playable = {action.card for action in view.legal if isinstance(action, Play)}
    for index, card in enumerate(view.hand):
        row = min(index // CARDS_PER_ROW, 1)
        buttons.add_item(CardButton(table.id, deal, card, playable=card in playable, row=row))
    if PickUp() in view.legal:
        buttons.add_item(PushButton(table.id, deal, "pickup"))
    if PassOn() in view.legal:
        buttons.add_item(PushButton(table.id, deal, "passon"))
    choices = lay_choices(view)
    if len(choices) >= 2:
        buttons.add_item(LaySelect(table.id, deal, choices))
    return buttons


def render_hand(table: Table, user_id: int) -> Rendered:
    """The hand of ``user_id`` at ``table`` with buttons for the legal cards on their turn."""
    match = table.match
    embed = discord.Embed(title=f"Your hand — {table_title(table)}", colour=HAND_COLOUR)
    view = table.view_for(user_id) if match is not None else None
    if match is None or view is None:
        seated = table.seat_of(user_id) is not None
        if match is not None and seated:
            text = "You sit this deal out: you are the dealer."
        else:
            text = "You are not playing at this table."
        embed.description = f"{where(table)}\n{text}"
        return Rendered(embeds=[embed])
    names = deal_names(table, match)
    deal_no = f"deal {match.number + 1} of {match.total_deals}"
    lines = [f"{where(table)} · {deal_no}", f"**Your cards:** {cards_text(view.hand)}"]
    lines += _status(view, names)
    controls = _controls(table, match.number, view)
    seat = table.seat_of(user_id)
    if seat is not None and table.seats[seat].away:
        lines.append("You are away: the AI plays for you. Press **I'm back** to play again.")
        controls.add_item(BackButton(table.id, row=4))
    embed.description = "\n".join(lines)
    return Rendered(embeds=[embed], view=controls)


def render_hand_closed(table: Table, deal_number: int) -> Rendered:
    """A private hand message of a deal that is over: no buttons any more."""
    embed = discord.Embed(
        title=f"{table_title(table)} — deal {deal_number + 1} is over",
        description=f"{where(table)}\nThe result is in the channel.",
        colour=CLOSED_COLOUR,
    )
    return Rendered(embeds=[embed])

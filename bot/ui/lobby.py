"""The lobby message: rules in brief, seats, host, and Join / Leave / Start / Cancel."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.ui.items import LobbyButton
from bot.ui.message import Rendered
from bot.ui.text import rules_brief, title

if TYPE_CHECKING:
    from bot.tables import Seat, Table

LOBBY_COLOUR = discord.Colour.blurple()
CLOSED_COLOUR = discord.Colour.dark_grey()


def seat_label(seat: Seat) -> str:
    """A seated player: a mention for a human (renders as their name), the name for an AI."""
    if seat.user_id is None:
        return f"🤖 {seat.name}"
    return f"<@{seat.user_id}>"


def table_title(table: Table) -> str:
    return f"Ramsch #{table.id} · {title(table.rules)}"


def session_length(table: Table) -> str:
    deals = table.options.rounds * table.options.seats
    rounds = "1 round" if table.options.rounds == 1 else f"{table.options.rounds} rounds"
    extras = []
    if table.options.bock_on_durchmarsch or table.options.bock_on_tie:
        extras.append("Bock rounds")
    if table.options.tournament:
        extras.append("tournament scoring")
    tail = f" · {', '.join(extras)}" if extras else ""
    return f"{table.options.seats} seats · {rounds} ({deals} deals){tail}"


def render_lobby(table: Table) -> Rendered:
    """The open table waiting for players."""
    wanted = table.options.seats
    embed = discord.Embed(
        title=f"{table_title(table)} — open table",
        description=rules_brief(table.rules),
        colour=LOBBY_COLOUR,
    )
    players = "\n".join(
        f"{index}. {seat_label(seat)}" for index, seat in enumerate(table.seats, start=1)
    )
    embed.add_field(name=f"Players {len(table.seats)}/{wanted}", value=players or "—")
    embed.add_field(name="Host", value=f"<@{table.host_id}>")
    embed.add_field(name="Table", value=session_length(table), inline=False)
    missing = wanted - len(table.seats)
    if missing > 0:
        embed.set_footer(text=f"Waiting for {missing} more player(s): press Join.")
    else:
        embed.set_footer(text="The table is full: the host can start.")
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(table.id, "join", disabled=missing <= 0))
    view.add_item(LobbyButton(table.id, "leave"))
    view.add_item(LobbyButton(table.id, "start", disabled=not table.can_start()))
    view.add_item(LobbyButton(table.id, "cancel"))
    return Rendered(embeds=[embed], view=view)


def render_cancelled(table: Table, note: str = "") -> Rendered:
    """A lobby or table that was cancelled or closed: no buttons any more."""
    why = f"{note}.\n" if note else "This table was cancelled.\n"
    embed = discord.Embed(
        title=f"{table_title(table)} — closed",
        description=why + "Open a new one with `/ramsch new`.",
        colour=CLOSED_COLOUR,
    )
    if table.seats:
        embed.add_field(name="Players", value=", ".join(seat_label(s) for s in table.seats))
    return Rendered(embeds=[embed])

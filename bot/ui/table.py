"""The channel's table message: the trick, whose turn, the last trick and the score — no hands."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import discord

from bot.ui.games import (
    card_face,
    card_points,
    carry_line,
    play_order,
    renderer_for,
    seat_notes,
)
from bot.ui.items import BackButton, HandButton
from bot.ui.lobby import CLOSED_COLOUR, table_title
from bot.ui.message import Rendered
from bot.ui.text import score_text, timer_text
from ramsch_core import Card, Match, PublicView, Trick

if TYPE_CHECKING:
    from bot.tables import Table

PLAY_COLOUR = discord.Colour.dark_green()


def public_view(match: Match) -> PublicView:
    """What everyone at the table sees of the current deal (built by the core)."""
    return match.deal.public_view()


def trick_line(
    names: list[str],
    cards: tuple[Card, ...],
    leader: int,
    players: int,
    order: Sequence[int] | None = None,
    face: Callable[[Card], str] | None = None,
) -> str:
    """``Alice ♠A · Bob ♠10 · Carol …`` for a trick in play order (names by deal seat).
    ``order``: the seats that play, in turn (default every seat of ``players``); ``face``: how
    a card is shown (default ``Card.pretty``)."""
    seats = tuple(range(players)) if order is None else tuple(order)
    start = seats.index(leader) if leader in seats else 0
    turn = [seats[(start + i) % len(seats)] for i in range(len(seats))]
    parts = [
        f"{names[seat]} {card.pretty if face is None else face(card)}"
        for seat, card in zip(turn, cards, strict=False)
    ]
    parts += [f"{names[seat]} …" for seat in turn[len(cards) :]]
    return " · ".join(parts)


def last_trick_text(
    names: list[str],
    trick: Trick,
    number: int,
    order: Sequence[int] | None = None,
    *,
    points: bool = True,
    face: Callable[[Card], str] | None = None,
) -> str:
    """``Trick 3: Alice ♠A · Bob ♠10 → **Alice** takes 21``; without ``points`` (a game that
    counts none) ``takes the trick``."""
    line = trick_line(names, trick.cards, trick.leader, len(trick.cards), order, face)
    taken = str(trick.points) if points else "the trick"
    return f"Trick {number}: {line} → **{names[trick.winner]}** takes {taken}"


def deal_names(table: Table, match: Match) -> list[str]:
    """Player names indexed by deal seat."""
    return [table.seats[seat].name for seat in match.active_seats]


def players_text(table: Table, match: Match, view: PublicView) -> str:
    lines = []
    deal_seats = {table_seat: i for i, table_seat in enumerate(match.active_seats)}
    sign = renderer_for(table.rules).unit(table.rules)
    for table_seat, seat in enumerate(table.seats):
        deal_seat = deal_seats.get(table_seat)
        marker = "▶" if deal_seat is not None and deal_seat == view.to_act else "•"
        notes = []
        if table_seat == match.dealer:
            notes.append("deals")
        if seat.away:
            notes.append("away: the AI plays")
        if deal_seat is None:
            notes.append("sits out")
        else:
            notes += seat_notes(table.rules, view, deal_seat)
            tricks = view.trick_counts[deal_seat]
            notes.append(f"{tricks} trick{'s' if tricks != 1 else ''}")
        total = score_text(match.totals[table_seat])
        robot = "🤖 " if seat.ai is not None else ""
        lines.append(f"{marker} {robot}**{seat.name}** — {', '.join(notes)} · total {total}{sign}")
    return "\n".join(lines)


def turn_content(table: Table, match: Match, view: PublicView) -> str | None:
    """The mention of the player to act (content, so the name is a real mention)."""
    if view.to_act is None:
        return None
    seat = table.seats[match.active_seats[view.to_act]]
    who = f"<@{seat.user_id}>" if seat.user_id is not None else f"🤖 {seat.name}"
    doing = renderer_for(table.rules).doing(view)
    return f"{who}, your turn to {doing}." if seat.user_id is not None else f"{who} is to {doing}."


def render_table(table: Table, *, dms: bool = True) -> Rendered:
    """The table while a match is being played (``dms``: hands are sent by DM)."""
    match = table.match
    assert match is not None
    view = public_view(match)
    names = deal_names(table, match)
    bock = " · Bock" if match.bock else ""
    embed = discord.Embed(title=deal_title(table, match.number) + bock, colour=PLAY_COLOUR)
    step = renderer_for(table.rules).phase_text(view, names)
    if step is not None:
        heading, lines = step
        embed.description = f"**{heading}**\n" + (lines or "—")
    else:
        number = len(view.tricks) + 1
        leader = view.trick_leader if view.trick_leader is not None else 0
        order = play_order(table.rules, view)
        embed.description = f"**Trick {number}**\n" + trick_line(
            names, view.trick, leader, len(names), order, card_face(table.rules)
        )
    renderer = renderer_for(table.rules)
    for name, value in renderer.table_fields(view, names):
        embed.add_field(name=name, value=value[:1024], inline=False)
    embed.add_field(name="Players", value=players_text(table, match, view), inline=False)
    if view.tricks:
        embed.add_field(
            name="Last trick",
            value=last_trick_text(
                names,
                view.tricks[-1],
                len(view.tricks),
                play_order(table.rules, view),
                points=card_points(table.rules),
                face=card_face(table.rules),
            ),
            inline=False,
        )
    sheet = score_sheet(table, match)
    if sheet:
        embed.add_field(name="Score sheet", value=sheet, inline=False)
    footer = "Your cards are in your DMs — or press My hand."
    if not dms:
        footer = "Press My hand to see and play your cards."
    if table.turn_timeout is not None:
        footer += f" Turn timer: {timer_text(table.turn_timeout)}."
    embed.set_footer(text=footer)
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(HandButton(table.id))
    if any(seat.away for seat in table.seats):
        buttons.add_item(BackButton(table.id))
    return Rendered(content=turn_content(table, match, view), embeds=[embed], view=buttons)


SHEET_DEALS = 5
"""Deals the score sheet on the table message lists (the latest)."""


def score_sheet(table: Table, match: Match) -> str:
    """The latest deals' scores, Bock deals marked, and the Bock deals still to come."""
    renderer = renderer_for(table.rules)
    sign = renderer.unit(table.rules)
    lines = []
    for entry in match.finished_deals[-SHEET_DEALS:]:
        scores = " · ".join(
            f"{table.seats[seat].name} {score_text(entry.table_scores[seat])}{sign}"
            for seat in entry.seats
        )
        bock = " (Bock ×2)" if entry.bock else ""
        names = [table.seats[seat].name for seat in entry.seats]
        what = renderer.deal_line(entry.result, names)
        what = f" {what} —" if what else ""
        lines.append(f"Deal {entry.number + 1}{bock}:{what} {scores}")
    pot = carry_line(table.rules, match.carry)
    if pot:
        lines.append(pot)
    if match.bock_pending:
        after = match.bock_pending - 1
        more = f", and {after} more after it" if after else " (the last Bock deal)"
        lines.append(f"**Bock:** this deal counts double{more}")
    return "\n".join(lines)[:1024]


def deal_title(table: Table, number: int) -> str:
    """``Ramsch #7 · Skat Ramsch — deal 2 of 3``; ``— deal 5`` for a game played until
    somebody wins (Ramsen), which has no number of deals."""
    if table.rules.plays_to_a_winner():
        return f"{table_title(table)} — deal {number + 1}"
    total = table.options.rounds * table.options.seats
    return f"{table_title(table)} — deal {number + 1} of {total}"


def render_table_closed(table: Table, note: str, deal: int | None = None) -> Rendered:
    """A table message whose deal (numbered, 0-based) or session is over: no buttons."""
    title = table_title(table) if deal is None else deal_title(table, deal)
    embed = discord.Embed(title=title, description=note, colour=CLOSED_COLOUR)
    return Rendered(embeds=[embed])

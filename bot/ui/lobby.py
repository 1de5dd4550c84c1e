"""The lobby message: rules, seats (AIs with their levels), host, its link (and, at a private
table, who is invited); Join, Leave, Start, Cancel, Add AI, Remove AI, Rules, the AI seats'
levels, and a private table's Invite."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.i18n import _, _n
from bot.tables.players import AI_LEVELS, level_of
from bot.ui.faces import table_look
from bot.ui.games import rules_brief, table_name, title
from bot.ui.items import AILevelSelect, InviteSelect, LobbyButton, level_name
from bot.ui.message import Rendered
from bot.ui.text import player_name, seat_name, table_text, timer_text

if TYPE_CHECKING:
    from bot.tables import Seat, Table

LOBBY_COLOUR = discord.Colour.blurple()
CLOSED_COLOUR = discord.Colour.dark_grey()


def seat_label(seat: Seat) -> str:
    """A seated player: a mention for a human (renders as their name), the name for an AI."""
    if seat.user_id is None:
        return f"🤖 {seat_name(seat)}"
    return f"<@{seat.user_id}>"


def lobby_seat_label(seat: Seat) -> str:
    """A seat in the lobby's list: an AI's with the level it plays at, ``🤖 AI 1 (easy)``,
    ``🤖 KI 1 (leicht)``."""
    if seat.ai is None:
        return seat_label(seat)
    return f"{seat_label(seat)} ({level_name(level_of(seat.ai))})"


def table_title(table: Table) -> str:
    """``Skat #7``: the table's game and number (``games.table_name``)."""
    return table_name(table.rules.game, table.id)


JUMP_URL = "https://discord.com/channels/{guild}/{channel}/{message}"
"""A message's link (Discord's jump URL): opens the channel at that message."""
INVITED_SHOWN = 10
"""Invited players the lobby names; more are counted."""


def lobby_link(table: Table) -> str | None:
    """The link of the table's lobby message (in its thread, if it has one); None until the
    message is posted."""
    if table.message_id is None:
        return None
    return JUMP_URL.format(guild=table.guild_id, channel=table.channel_id, message=table.message_id)


def invited_line(table: Table) -> str:
    """Who may join a private table besides the host: the invited players not seated yet."""
    waiting = sorted(user for user in table.invited if table.seat_of(user) is None)
    if not waiting:
        return _("Only players the host invites can join.")
    names = " ".join(f"<@{user}>" for user in waiting[:INVITED_SHOWN])
    more = len(waiting) - INVITED_SHOWN
    if more > 0:
        names += " " + _n("and {count} more", "and {count} more", more)
    return _("Only invited players can join: {players}", players=names)


def session_length(table: Table) -> str:
    return table_text(table.rules, table.options)


@table_look
def render_lobby(table: Table) -> Rendered:
    """The open table waiting for players; the host may add AIs and change the rules."""
    wanted = table.options.seats
    embed = discord.Embed(
        title=_("{table} — open table", table=table_title(table)),
        description=rules_brief(table.rules),
        colour=LOBBY_COLOUR,
    )
    players = "\n".join(
        f"{index}. {lobby_seat_label(seat)}" for index, seat in enumerate(table.seats, start=1)
    )
    embed.add_field(
        name=_("Players {seated}/{wanted}", seated=len(table.seats), wanted=wanted),
        value=players or "—",
    )
    embed.add_field(name=_("Host"), value=f"<@{table.host_id}>")
    embed.add_field(name=_("Game"), value=title(table.rules))
    table_line = _(
        "{length} · turn timer {timer}",
        length=session_length(table),
        timer=timer_text(table.turn_timeout),
    )
    embed.add_field(name=_("Table"), value=table_line, inline=False)
    if table.private:
        embed.add_field(name=_("Private table"), value=invited_line(table), inline=False)
    link = lobby_link(table)
    if link is not None:
        embed.add_field(name=_("Link to this table"), value=link, inline=False)
    missing = wanted - len(table.seats)
    if missing > 0:
        embed.set_footer(
            text=_n(
                "Waiting for {count} more player: press Join. The host may add AI players "
                "and change the rules.",
                "Waiting for {count} more players: press Join. The host may add AI players "
                "and change the rules.",
                missing,
            )
        )
    else:
        embed.set_footer(text=_("The table is full: the host can start."))
    has_ai = any(seat.ai is not None for seat in table.seats)
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(table.id, "join", disabled=missing <= 0))
    view.add_item(LobbyButton(table.id, "leave"))
    view.add_item(LobbyButton(table.id, "start", disabled=not table.can_start()))
    view.add_item(LobbyButton(table.id, "cancel"))
    view.add_item(LobbyButton(table.id, "addai", disabled=missing <= 0))
    view.add_item(LobbyButton(table.id, "removeai", disabled=not has_ai))
    view.add_item(LobbyButton(table.id, "rules"))
    ai_seats = tuple(
        (index, player_name(seat.name, ai=True))
        for index, seat in enumerate(table.seats)
        if seat.ai is not None
    )
    if ai_seats:
        view.add_item(AILevelSelect(table.id, ai_seats, tuple(AI_LEVELS)))
    if table.private:
        view.add_item(InviteSelect(table.id))
    return Rendered(embeds=[embed], view=view, layout=True)


@table_look
def render_cancelled(table: Table, note: str = "") -> Rendered:
    """A lobby or table that was cancelled or closed: no buttons any more."""
    if note:
        why = _("{note}.\nOpen a new one with `/ramsch new`.", note=note)
    else:
        why = _("This table was cancelled.\nOpen a new one with `/ramsch new`.")
    embed = discord.Embed(
        title=_("{table} — closed", table=table_title(table)),
        description=why,
        colour=CLOSED_COLOUR,
    )
    if table.seats:
        embed.add_field(name=_("Players"), value=", ".join(seat_label(s) for s in table.seats))
    return Rendered(embeds=[embed], layout=True)


# -- invites, the role ping, the thread's announcement, Play again ----------------------------


def pings(invited: tuple[int, ...] = (), role_id: int | None = None) -> list[str]:
    """The mentions that ping the players invited to a table and the server's table role."""
    found = [f"<@&{role_id}>"] if role_id is not None else []
    return found + [f"<@{user_id}>" for user_id in invited]


def allowed_pings(
    invited: tuple[int, ...] = (), role_id: int | None = None
) -> discord.AllowedMentions:
    """Only the invited players and the table role are pinged: not the host, nobody else."""
    return discord.AllowedMentions(
        everyone=False,
        users=[discord.Object(id=user_id) for user_id in invited],
        roles=[discord.Object(id=role_id)] if role_id is not None else [],
        replied_user=False,
    )


def invitation(table: Table, invited: tuple[int, ...], role_id: int | None) -> str | None:
    """The line above a new lobby that pings the invited players and the table role."""
    who = pings(invited, role_id)
    if not who:
        return None
    return _(
        "{who}: {host} opened a table of {game}. Press **Join** to play.",
        who=" ".join(who),
        host=f"<@{table.host_id}>",
        game=title(table.rules),
    )


def thread_name(table: Table) -> str:
    """The name of a table's thread (Discord allows 1 to 100 characters)."""
    return table_title(table)[:100]


@table_look
def render_announcement(
    table: Table, invited: tuple[int, ...] = (), role_id: int | None = None
) -> Rendered:
    """The message in the channel that a table's thread starts from, while it is a lobby:
    the pings, the game and a Join button (the lobby itself is in the thread)."""
    embed = discord.Embed(
        title=_("{table} — open table", table=table_title(table)),
        description=_(
            "{host} opened a table: it plays in the thread below. Press **Join** here or "
            "in the thread.",
            host=f"<@{table.host_id}>",
        ),
        colour=LOBBY_COLOUR,
    )
    embed.add_field(name=_("Rules"), value=rules_brief(table.rules)[:1024] or "—")
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(table.id, "join"))
    return Rendered(content=invitation(table, invited, role_id), embeds=[embed], view=view)


@table_look
def render_announcement_end(table: Table, thread_id: int, started: bool) -> Rendered:
    """The announcement once its table started (or was cancelled): no Join button any more."""
    if started:
        text = _("The table plays in {thread}.", thread=f"<#{thread_id}>")
        colour = LOBBY_COLOUR
    else:
        text = _("This table was cancelled.\nOpen a new one with `/ramsch new`.")
        colour = CLOSED_COLOUR
    embed = discord.Embed(title=table_title(table), description=text, colour=colour)
    if table.seats:
        embed.add_field(name=_("Players"), value=", ".join(seat_label(s) for s in table.seats))
    return Rendered(embeds=[embed])


def render_announcement_gone(table: Table, started: bool) -> Rendered:
    """The announcement once its table's thread was deleted: the table was cancelled (a lobby)
    or closed (``started``), as in a deleted channel; no link to the thread any more."""
    if started:
        text = _(
            "This table's thread was deleted: the table was closed, and finished deals keep "
            "their results."
        )
    else:
        text = _("This table's thread was deleted: the table was cancelled.")
    embed = discord.Embed(title=table_title(table), description=text, colour=CLOSED_COLOUR)
    if table.seats:
        embed.add_field(name=_("Players"), value=", ".join(seat_label(s) for s in table.seats))
    return Rendered(embeds=[embed])


def render_thread_gone_after_end() -> Rendered:
    """The announcement of a table that was over when its thread was deleted: no link to a
    thread that is gone (its results are kept: the leaderboard and /ramsch history show them)."""
    text = _("This table's thread was deleted. The table was over; its results are kept.")
    return Rendered(embeds=[discord.Embed(description=text, colour=CLOSED_COLOUR)])


def again_line(seats: list[Seat], confirmed: tuple[int, ...], new_table: Table | None) -> str:
    """Who pressed Play again under the standings (AI seats confirm themselves), and the
    table it opened once everybody did."""
    marks = []
    for index, seat in enumerate(seats):
        done = seat.user_id is None or index in confirmed
        marks.append(f"{'✅' if done else '⏳'} {seat_label(seat)}")
    line = _("**Play again?** {seats}", seats=" · ".join(marks))
    if new_table is not None:
        line += "\n" + _("Everybody is in: {table} starts.", table=table_title(new_table))
    return line

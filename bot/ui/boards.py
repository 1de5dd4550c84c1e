"""Scores from finished deals: a leaderboard page, a player's record and their history."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction
from typing import TYPE_CHECKING

import discord

from bot.ui.board_items import PageButton, RecordSelect
from bot.ui.message import Rendered
from bot.ui.text import VARIANT_TITLES, score_text
from ramsch_core import DEFAULT_GAME, GAMES

if TYPE_CHECKING:
    from bot.storage import LeaderboardPage, MatchSummary, UserStats

STATS_COLOUR = discord.Colour.dark_teal()
PERIODS = {"all": "all time", "month": "this month", "week": "this week"}
COUNTED = "Deals of sessions with at least two human players count; AI seats do not rank."
MAX_RECORD_CHOICES = 25


def total_text(value: float) -> str:
    """Totals are exact halves at most (AR-4)."""
    return score_text(Fraction(value).limit_denominator(2))


def average_text(value: float) -> str:
    return f"{value:+.1f}".replace("-", "−")


def plain(name: str) -> str:
    """A player's name as plain text inside markdown."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def board_key(game: str, variant: str) -> str:
    """The key of a game's variant's leaderboard, as page buttons carry it: the bare variant
    for the default game (``skat``: the form of the buttons posted before there were other
    games), ``game/variant`` for any other. (The page button's id template, ``ids.PAGE_TEMPLATE``,
    takes ``[a-z]`` only: it must also take ``/`` before another game's boards have pages.)"""
    return variant if game == DEFAULT_GAME else f"{game}/{variant}"


def parse_board(key: str) -> tuple[str, str]:
    """The (game, variant) of a board key (``skat`` or ``ramsch/skat``); ValueError if no
    registered game has that variant."""
    name, _, variant = key.rpartition("/")
    game = GAMES.get(name or DEFAULT_GAME)
    if game is None or variant not in (tuple(game.variant_titles) or (game.id,)):
        raise ValueError(f"No leaderboard is called {key!r}")
    return game.id, variant


def variant_title(game: str, variant: str) -> str:
    """A game's variant as players read it (``Skat Ramsch``)."""
    known = GAMES.get(game)
    if known is None:
        return variant
    return known.variant_titles.get(variant, known.title if variant == game else variant)


def render_leaderboard(
    page: LeaderboardPage, guild_id: int, board: str, period: str, viewer: int
) -> Rendered:
    """One page of a guild's board (best total first), with Prev/Next when there are more.

    ``board`` is a key of ``board_key`` (``skat``, ``ramsch/skat``)."""
    game, variant = parse_board(board)
    key = board_key(game, variant)
    lines = []
    for row in page.rows:
        you = " ← you" if row.user_id == viewer else ""
        lines.append(
            f"**{row.rank}.** <@{row.user_id}> **{total_text(row.total)}** · "
            f"{row.deals} deal{'s' * (row.deals != 1)} · {row.sessions} session"
            f"{'s' * (row.sessions != 1)} · Ø {average_text(row.average)}{you}"
        )
    embed = discord.Embed(
        title=f"Leaderboard — {variant_title(game, variant)} · {PERIODS[period]}",
        description="\n".join(lines) or f"No finished games yet ({PERIODS[period]}).",
        colour=STATS_COLOUR,
    )
    pages = max(1, -(-page.total_players // page.limit))
    number = page.offset // page.limit + 1
    players = f"{page.total_players} player{'s' * (page.total_players != 1)}"
    embed.set_footer(text=f"Page {number} of {pages} · {players} · {COUNTED}")
    if pages == 1 and page.offset == 0:
        return Rendered(embeds=[embed])
    view = discord.ui.View(timeout=None)
    previous = max(0, page.offset - page.limit)
    following = page.offset + page.limit
    view.add_item(PageButton(guild_id, key, period, previous, "prev", disabled=page.offset == 0))
    view.add_item(
        PageButton(
            guild_id, key, period, following, "next", disabled=following >= page.total_players
        )
    )
    return Rendered(embeds=[embed], view=view)


def render_stats(record: UserStats, name: str, variant: str | None, period: str) -> Rendered:
    """A player's record: sessions, deals, total, average; losses, Jungfrau and Durchmarsch,
    or in Ramsen the bars drawn, games won, deals passed and extra crosses."""
    where = _board_title(variant) if variant else "All variants"
    embed = discord.Embed(title=f"Ramsch record — {name}"[:256], colour=STATS_COLOUR)
    if record.deals == 0:
        embed.description = f"{where}, {PERIODS[period]}: no finished games yet."
        embed.set_footer(text=COUNTED)
        return Rendered(embeds=[embed])
    embed.description = f"{where}, {PERIODS[period]}"
    race = variant is not None and _game_of_board(variant) == "ramsen"
    fields = [
        ("Sessions", str(record.sessions)),
        ("Deals", str(record.deals)),
        ("Bars drawn" if race else "Total", total_text(record.total)),
        ("Per deal", average_text(record.average)),
    ]
    if not race:  # what a deal of Ramsch or Skat made of the player
        fields += [
            ("Lost deals", str(record.losses)),
            ("Jungfrau", str(record.jungfrau)),
            ("Durchmarsch", str(record.durchmarsch)),
        ]
    if race or any(record.tags.get(tag) for tag in RACE_TAGS):  # Ramsen
        fields += [(label, str(record.tags.get(tag, 0))) for tag, label in RACE_TAGS.items()]
    for label, value in fields:
        embed.add_field(name=label, value=value)
    if record.tags.get("declarer"):
        won, lost = record.tags.get("won", 0), record.tags.get("lost", 0)
        embed.add_field(name="Games as Alleinspieler", value=f"{won} won, {lost} lost")
        embed.add_field(name="As Gegenspieler", value=str(record.tags.get("defender", 0)))
    if record.best_session is not None and record.best_session_total is not None:
        best = f"Table #{record.best_session}: {total_text(record.best_session_total)}"
        embed.add_field(name="Best session", value=best, inline=False)
    embed.set_footer(text=COUNTED)
    return Rendered(embeds=[embed])


RACE_TAGS = {"winner": "Games won", "passed": "Deals passed", "extra_cross": "Extra crosses"}
"""Ramsen's tags in a player's record: games won, deals sat out, a cross more for no trick."""


def _game_of_board(choice: str) -> str | None:
    try:
        return parse_board(choice)[0]
    except ValueError:
        return None


def _board_title(choice: str) -> str:
    """A stats ``variant`` choice as players read it: ``Skat Ramsch``, ``Skat``."""
    if choice in VARIANT_TITLES:
        return VARIANT_TITLES[choice]
    try:
        return variant_title(*parse_board(choice))
    except ValueError:
        return choice


def _when(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%d")


def _session_line(summary: MatchSummary, viewer: int) -> str:
    status = {"finished": "finished", "cancelled": "aborted", "playing": "playing"}.get(
        summary.status, summary.status
    )
    deals = f"{summary.deals} deal{'s' * (summary.deals != 1)}"
    head = (
        f"**#{summary.table_id}** · {variant_title(summary.game, summary.variant)} · "
        f"<t:{int(summary.started_at)}:R> · {deals} · {status}"
    )
    scores = " · ".join(
        f"{'**' if p.user_id == viewer else ''}{'🤖 ' if p.user_id is None else ''}"
        f"{plain(p.name)} {total_text(p.total)}{'**' if p.user_id == viewer else ''}"
        for p in summary.players
    )
    return f"{head}\n{scores}"


def render_history(sessions: list[MatchSummary], viewer: int, name: str) -> Rendered:
    """The viewer's recent sessions, and a select to download the record of a finished deal."""
    embed = discord.Embed(title=f"Recent Ramsch sessions — {name}"[:256], colour=STATS_COLOUR)
    if not sessions:
        embed.description = "You have not played a session on this server yet."
        return Rendered(embeds=[embed])
    embed.description = "\n\n".join(_session_line(s, viewer) for s in sessions)[:4096]
    choices = []
    for summary in sessions:
        title = variant_title(summary.game, summary.variant)
        for deal in range(summary.deals):
            choices.append(
                discord.SelectOption(
                    label=f"Table #{summary.table_id} · deal {deal + 1}",
                    value=f"{summary.table_id}:{deal}",
                    description=f"{title} · {_when(summary.started_at)}",
                )
            )
    if not choices:
        return Rendered(embeds=[embed])
    shown = choices[:MAX_RECORD_CHOICES]
    more = len(choices) - len(shown)
    hint = "Pick a deal below for its game record (JSON for `python -m ramsch_core replay`)."
    if more:
        hint += f" {more} older deal(s): `/ramsch record table:<id> deal:<n>`."
    embed.set_footer(text=hint.replace("`", ""))
    view = discord.ui.View(timeout=None)
    view.add_item(RecordSelect(shown))
    return Rendered(embeds=[embed], view=view)


def record_note(
    table_id: int, deal: int, variant: str, filename: str, game: str = DEFAULT_GAME
) -> str:
    """The text sent with a deal's record (``deal`` 0-based)."""
    title = variant_title(game, variant)
    return (
        f"The game record of table #{table_id}, deal {deal + 1} ({title}). Replay it with "
        f"`python -m ramsch_core replay {filename}`."
    )

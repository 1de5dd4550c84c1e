"""Scores from finished deals: a leaderboard page, a player's record and their history."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction
from typing import TYPE_CHECKING

import discord
from babel.numbers import format_decimal

from bot import i18n
from bot.i18n import N_, _, _n
from bot.ui.board_items import PageButton, RecordSelect
from bot.ui.message import Rendered
from bot.ui.text import VARIANT_TITLES, score_text
from ramsch_core import DEFAULT_GAME, GAMES

if TYPE_CHECKING:
    from bot.storage import LeaderboardPage, MatchSummary, UserStats

STATS_COLOUR = discord.Colour.dark_teal()
PERIODS = {"all": N_("all time"), "month": N_("this month"), "week": N_("this week")}
COUNTED = N_("Deals of sessions with at least two human players count; AI seats do not rank.")
STATUS = {"finished": N_("finished"), "cancelled": N_("aborted"), "playing": N_("playing")}
"""A session's state in the history."""
MAX_RECORD_CHOICES = 25


def total_text(value: float) -> str:
    """Totals are exact halves at most (AR-4)."""
    return score_text(Fraction(value).limit_denominator(2))


def average_text(value: float) -> str:
    """An average to one decimal, signed: ``+1.5`` (``+1,5`` in German)."""
    text = format_decimal(value, format="+#,##0.0;-#,##0.0", locale=i18n.current())
    return text.replace("-", "−")


def period_text(period: str) -> str:
    return _(PERIODS[period])


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
    if variant in known.variant_titles:
        return _(known.variant_titles[variant])
    return _(known.title) if variant == game else variant


def render_leaderboard(
    page: LeaderboardPage, guild_id: int, board: str, period: str, viewer: int
) -> Rendered:
    """One page of a guild's board (best total first), with Prev/Next when there are more.

    ``board`` is a key of ``board_key`` (``skat``, ``ramsch/skat``)."""
    game, variant = parse_board(board)
    key = board_key(game, variant)
    lines = []
    for row in page.rows:
        you = " " + _("← you") if row.user_id == viewer else ""
        deals = _n("{count} deal", "{count} deals", row.deals)
        sessions = _n("{count} session", "{count} sessions", row.sessions)
        lines.append(
            f"**{row.rank}.** <@{row.user_id}> **{total_text(row.total)}** · "
            f"{deals} · {sessions} · Ø {average_text(row.average)}{you}"
        )
    when = period_text(period)
    embed = discord.Embed(
        title=_(
            "Leaderboard — {board} · {period}", board=variant_title(game, variant), period=when
        ),
        description="\n".join(lines) or _("No finished games yet ({period}).", period=when),
        colour=STATS_COLOUR,
    )
    pages = max(1, -(-page.total_players // page.limit))
    number = page.offset // page.limit + 1
    players = _n("{count} player", "{count} players", page.total_players)
    footer = _("Page {page} of {pages}", page=number, pages=pages)
    embed.set_footer(text=f"{footer} · {players} · {_(COUNTED)}")
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
    where = _board_title(variant) if variant else _("All variants")
    when = period_text(period)
    embed = discord.Embed(title=_("Ramsch record — {name}", name=name)[:256], colour=STATS_COLOUR)
    if record.deals == 0:
        embed.description = _("{board}, {period}: no finished games yet.", board=where, period=when)
        embed.set_footer(text=_(COUNTED))
        return Rendered(embeds=[embed])
    embed.description = f"{where}, {when}"
    race = variant is not None and _game_of_board(variant) == "ramsen"
    fields = [
        (_("Sessions"), str(record.sessions)),
        (_("Deals"), str(record.deals)),
        (_("Bars drawn") if race else _("Total"), total_text(record.total)),
        (_("Per deal"), average_text(record.average)),
    ]
    if not race:  # what a deal of Ramsch or Skat made of the player
        fields += [
            (_("Lost deals"), str(record.losses)),
            (_("Jungfrau"), str(record.jungfrau)),
            (_("Durchmarsch"), str(record.durchmarsch)),
        ]
    if race or any(record.tags.get(tag) for tag in RACE_TAGS):  # Ramsen
        fields += [(_(label), str(record.tags.get(tag, 0))) for tag, label in RACE_TAGS.items()]
    for label, value in fields:
        embed.add_field(name=label, value=value)
    if record.tags.get("declarer"):
        won, lost = record.tags.get("won", 0), record.tags.get("lost", 0)
        embed.add_field(
            name=_("Games as Alleinspieler"), value=_("{won} won, {lost} lost", won=won, lost=lost)
        )
        embed.add_field(name=_("As Gegenspieler"), value=str(record.tags.get("defender", 0)))
    if record.best_session is not None and record.best_session_total is not None:
        best = _(
            "Table #{table}: {total}",
            table=record.best_session,
            total=total_text(record.best_session_total),
        )
        embed.add_field(name=_("Best session"), value=best, inline=False)
    embed.set_footer(text=_(COUNTED))
    return Rendered(embeds=[embed])


RACE_TAGS = {
    "winner": N_("Games won"),
    "passed": N_("Deals passed"),
    "extra_cross": N_("Extra crosses"),
}
"""Ramsen's tags in a player's record: games won, deals sat out, a cross more for no trick."""


def _game_of_board(choice: str) -> str | None:
    try:
        return parse_board(choice)[0]
    except ValueError:
        return None


def _board_title(choice: str) -> str:
    """A stats ``variant`` choice as players read it: ``Skat Ramsch``, ``Skat``."""
    if choice in VARIANT_TITLES:
        return _(VARIANT_TITLES[choice])
    try:
        return variant_title(*parse_board(choice))
    except ValueError:
        return choice


def _when(moment: float) -> str:
    """A day as the reader writes it: ``2026-12-03``, in German ``03.12.2026``."""
    day = datetime.fromtimestamp(moment, UTC)
    return day.strftime("%d.%m.%Y" if i18n.current() == "de" else "%Y-%m-%d")


def _session_line(summary: MatchSummary, viewer: int) -> str:
    status = _(STATUS[summary.status]) if summary.status in STATUS else summary.status
    deals = _n("{count} deal", "{count} deals", summary.deals)
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
    embed = discord.Embed(
        title=_("Recent Ramsch sessions — {name}", name=name)[:256], colour=STATS_COLOUR
    )
    if not sessions:
        embed.description = _("You have not played a session on this server yet.")
        return Rendered(embeds=[embed])
    embed.description = "\n\n".join(_session_line(s, viewer) for s in sessions)[:4096]
    choices = []
    for summary in sessions:
        title = variant_title(summary.game, summary.variant)
        for deal in range(summary.deals):
            choices.append(
                discord.SelectOption(
                    label=_("Table #{table} · deal {deal}", table=summary.table_id, deal=deal + 1),
                    value=f"{summary.table_id}:{deal}",
                    description=f"{title} · {_when(summary.started_at)}",
                )
            )
    if not choices:
        return Rendered(embeds=[embed])
    shown = choices[:MAX_RECORD_CHOICES]
    more = len(choices) - len(shown)
    hint = _("Pick a deal below for its game record (JSON for `python -m ramsch_core replay`).")
    if more:
        older = _n(
            "{count} older deal: `/ramsch record table:<id> deal:<n>`.",
            "{count} older deals: `/ramsch record table:<id> deal:<n>`.",
            more,
        )
        hint = f"{hint} {older}"
    embed.set_footer(text=hint.replace("`", ""))
    view = discord.ui.View(timeout=None)
    view.add_item(RecordSelect(shown))
    return Rendered(embeds=[embed], view=view)


def record_note(
    table_id: int, deal: int, variant: str, filename: str, game: str = DEFAULT_GAME
) -> str:
    """The text sent with a deal's record (``deal`` 0-based)."""
    return _(
        "The game record of table #{table}, deal {deal} ({board}). Replay it with "
        "`python -m ramsch_core replay {filename}`.",
        table=table_id,
        deal=deal + 1,
        board=variant_title(game, variant),
        filename=filename,
    )

"""Scores from finished deals: a leaderboard page, a player's record and their history."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import discord
from babel.numbers import format_decimal

from bot import i18n
from bot.i18n import N_, _, _n
from bot.storage.rows import FORGOTTEN
from bot.ui.board_items import PageButton, RecordSelect
from bot.ui.games import RENDERERS, table_name
from bot.ui.message import Picture, Rendered
from bot.ui.privacy_items import FORMER_PLAYER_LABEL
from bot.ui.rating_chart import COLOURS, MAX_LINES, rating_chart
from bot.ui.replay_items import ReplaySelect
from bot.ui.text import VARIANT_TITLES, name_text, player_name, score_text
from ramsch_core import DEFAULT_GAME, GAMES, get_game

if TYPE_CHECKING:
    from bot.ratings import BoardRating, RankedPage, RankedRow
    from bot.storage import MatchPlayer, MatchSummary, UserStats

STATS_COLOUR = discord.Colour.dark_teal()
PERIODS = {"all": N_("all time"), "month": N_("this month"), "week": N_("this week")}
AVERAGED = N_("Points per deal count sessions with at least two human players.")
FIGURES = N_("The figures count sessions with at least two human players.")
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
    """A player's name as plain text inside markdown (``name_text``)."""
    return name_text(name)


def board_key(game: str, variant: str) -> str:
    """The key of a game's variant's leaderboard, as page buttons carry it: the bare variant
    for the default game (``skat``: the form of the buttons posted before there were other
    games), ``game/variant`` for any other. (The page button's id template, ``ids.PAGE_TEMPLATE``,
    takes ``[a-z]`` only: it must also take ``/`` before another game's boards have pages.)"""
    return variant if game == DEFAULT_GAME else f"{game}/{variant}"


DEFAULT_VARIANT = get_game(DEFAULT_GAME).variant_names[0]
"""The default game's first variant: its board is the one shown when none is chosen, and the
variant of its records written before there were variants."""
DEFAULT_BOARD = board_key(DEFAULT_GAME, DEFAULT_VARIANT)


def record_board(rules: Mapping[str, Any]) -> tuple[str, str]:
    """The (game, variant) of a stored record's rules: a game without variants is its own
    variant; a record of the default game that names none played ``DEFAULT_VARIANT``."""
    game = str(rules.get("game", DEFAULT_GAME))
    return game, str(rules.get("variant", DEFAULT_VARIANT if game == DEFAULT_GAME else game))


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


def rating_text(value: int) -> str:
    """A shown rating: ``1,234`` (``1.234`` in German)."""
    return format_decimal(value, locale=i18n.current())


def change_text(value: int) -> str:
    """A rating change, signed: ``+23``, ``−5``, ``±0``."""
    if value == 0:
        return "±0"
    return f"{'+' if value > 0 else '−'}{rating_text(abs(value))}"


def _row_figure(row: RankedRow, rank: str) -> str:
    """What a board ranks its row by, in bold, and the other figure after it."""
    if rank == "average":
        figure = f"**Ø {average_text(row.average or 0.0)}**"
        if row.rating is not None:
            figure += " · " + _("rating {rating}", rating=rating_text(row.rating))
        return figure
    figure = f"**{rating_text(row.rating or 0)}**"
    if row.change is not None:
        figure += f" ({change_text(row.change)})"
    return figure


def _row_line(row: RankedRow, rank: str, viewer: int) -> str:
    you = " " + _("← you") if row.user_id == viewer else ""
    deals = _n("{count} deal", "{count} deals", row.deals)
    sessions = _n("{count} session", "{count} sessions", row.matches)
    return f"**{row.rank}.** <@{row.user_id}> {_row_figure(row, rank)} · {deals} · {sessions}{you}"


def _viewer_line(page: RankedPage, viewer: int) -> str | None:
    """Where the viewer stands when he is not on this page: his place, or how many deals he
    still needs for one."""
    mine = page.viewer
    if mine is None or mine.user_id != viewer or any(r.user_id == viewer for r in page.rows):
        return None
    figure = _row_figure(mine, page.rank)
    if mine.rank is not None:
        return _("You: place {rank}, {figure}", rank=mine.rank, figure=figure)
    missing = page.min_deals - mine.deals
    return _n(
        "You: {figure} · {deals} — {count} more deal for a place",
        "You: {figure} · {deals} — {count} more deals for a place",
        missing,
        figure=figure,
        deals=_n("{count} deal", "{count} deals", mine.deals),
    )


RANK_HEADS = {
    ("rating", True): N_("By rating"),
    ("rating", False): N_("By rating · in brackets: its change {period}"),
    ("average", True): N_("By points per deal"),
    ("average", False): N_("By points per deal {period}"),
}
RATED = N_("Ratings count every finished session, also against AI players (of fixed strength).")


def render_leaderboard(
    page: RankedPage, guild_id: int, board: str, period: str, viewer: int
) -> Rendered:
    """One page of a guild's board, by rating or by points per deal (``page.rank``), with
    Prev/Next when there are more, the minimum of deals and where the viewer stands.

    ``board`` is a key of ``board_key`` (``skat``, ``ramsch/skat``)."""
    game, variant = parse_board(board)
    key = board_key(game, variant)
    when = period_text(period)
    head = _(RANK_HEADS[page.rank, period == "all"], period=when)
    lines = [_row_line(row, page.rank, viewer) for row in page.rows]
    if not lines:
        if page.played and page.min_deals:
            lines.append(
                _n(
                    "Nobody has played {count} deal yet ({period}).",
                    "Nobody has played {count} deals yet ({period}).",
                    page.min_deals,
                    period=when,
                )
            )
        else:
            lines.append(_("No finished games yet ({period}).", period=when))
    mine = _viewer_line(page, viewer)
    if mine:
        lines.append("\n" + mine)
    embed = discord.Embed(
        title=_(
            "Leaderboard — {board} · {period}", board=variant_title(game, variant), period=when
        ),
        description=(head + "\n\n" + "\n".join(lines))[:4096],
        colour=STATS_COLOUR,
    )
    pages = max(1, -(-page.total_players // page.limit))
    number = page.offset // page.limit + 1
    players = _n("{count} player", "{count} players", page.total_players)
    footer = _("Page {page} of {pages}", page=number, pages=pages)
    minimum = _n("from {count} deal", "from {count} deals", page.min_deals)
    note = _(RATED) if page.rank == "rating" else _(AVERAGED)
    embed.set_footer(text=f"{footer} · {players} · {minimum} · {note}")
    if pages == 1 and page.offset == 0:
        return Rendered(embeds=[embed])
    view = discord.ui.View(timeout=None)
    previous = max(0, page.offset - page.limit)
    following = page.offset + page.limit
    rank, least = page.rank, page.min_deals
    first = page.offset == 0
    last = following >= page.total_players
    view.add_item(
        PageButton(guild_id, key, period, previous, "prev", disabled=first, rank=rank,
                   min_deals=least)
    )  # fmt: skip
    view.add_item(
        PageButton(guild_id, key, period, following, "next", disabled=last, rank=rank,
                   min_deals=least)
    )  # fmt: skip
    return Rendered(embeds=[embed], view=view)


CHART_FILE = "rating.png"


def _rating_fields(found: list[BoardRating], period: str) -> list[tuple[str, str]]:
    """A field per board: its colour in the chart, the rating, place, sessions and deals."""
    fields = []
    for (square, _colour), rated in zip(COLOURS, found, strict=False):
        parts = [f"**{rating_text(rated.rating)}**"]
        if rated.change is not None:
            parts[0] += " " + _(
                "({change} {period})", change=change_text(rated.change), period=period_text(period)
            )
        if rated.rank is not None:
            parts.append(_("place {rank}", rank=rated.rank))
        parts.append(_n("{count} session", "{count} sessions", rated.matches))
        parts.append(_n("{count} deal", "{count} deals", rated.deals))
        title = _("{square} Rating · {board}", square=square,
                  board=variant_title(rated.game, rated.variant))  # fmt: skip
        fields.append((title[:256], " · ".join(parts)))
    return fields


def _chart(found: list[BoardRating], name: str) -> Picture | None:
    """The rating history chart and its alt text; None without any rated session."""
    shown = [rated for rated in found[:MAX_LINES] if len(rated.history) > 1]
    if not shown:
        return None
    data = rating_chart([rated.history for rated in shown])
    parts = []
    for (square, _colour), rated in zip(COLOURS, shown, strict=False):
        values = [value for _when, value in rated.history]
        parts.append(
            _(
                "{board} ({square}): from {first} to {last}, best {best}",
                board=variant_title(rated.game, rated.variant),
                square=square,
                first=rating_text(values[0]),
                last=rating_text(values[-1]),
                best=rating_text(max(values)),
            )
        )
    alt = _("Rating history of {name}: {lines}.", name=name, lines="; ".join(parts))
    return Picture(CHART_FILE, data, alt[:1024])


def render_stats(
    record: UserStats,
    name: str,
    variant: str | None,
    period: str,
    found: list[BoardRating] | None = None,
) -> Rendered:
    """A player's record: his ratings (a field per board and a chart of their history), then
    sessions, deals, total, average; losses, Jungfrau and Durchmarsch, or in Ramsen the bars
    drawn, games won, deals passed and extra crosses; games as declarer in Skat and Schafkopf."""
    found = found or []
    where = _board_title(variant) if variant else _("All variants")
    when = period_text(period)
    embed = discord.Embed(
        title=_("Ramsch record — {name}", name=name_text(name))[:256], colour=STATS_COLOUR
    )
    for label, value in _rating_fields(found, period):
        embed.add_field(name=label, value=value, inline=False)
    picture = _chart(found, name)
    pictures = []
    if picture is not None:
        embed.set_image(url=picture.url)
        pictures.append(picture)
    footer = f"{_(RATED)} {_(FIGURES)}" if found else _(FIGURES)
    if record.deals == 0:
        embed.description = _("{board}, {period}: no finished games yet.", board=where, period=when)
        embed.set_footer(text=footer)
        return Rendered(embeds=[embed], pictures=pictures)
    embed.description = f"{where}, {when}"
    game = _game_of_board(variant) if variant is not None else None
    renderer = RENDERERS.get(game) if game is not None else None
    counted = getattr(renderer, "stats_total", None)  # a game whose total is not points
    fields = [
        (_("Sessions"), str(record.sessions)),
        (_("Deals"), str(record.deals)),
        (_(counted) if counted else _("Total"), total_text(record.total)),
        (_("Per deal"), average_text(record.average)),
    ]
    declarer = record.tags.get("declarer") or record.tags.get("partner")
    ramsch = record.losses or record.jungfrau or record.durchmarsch
    if not counted and (ramsch or not declarer):  # what a deal of Ramsch made of the player
        fields += [
            (_("Lost deals"), str(record.losses)),
            (_("Jungfrau"), str(record.jungfrau)),
            (_("Durchmarsch"), str(record.durchmarsch)),
        ]
    for other in RENDERERS.values():  # a game's own tags: on its board, or where it was played
        tags: dict[str, str] = getattr(other, "stats_tags", {})
        if tags and (other is renderer or any(record.tags.get(tag) for tag in tags)):
            fields += [(_(label), str(record.tags.get(tag, 0))) for tag, label in tags.items()]
    for label, value in fields:
        embed.add_field(name=label, value=value)
    if record.tags.get("declarer"):
        won, lost = record.tags.get("declarer_won", 0), record.tags.get("declarer_lost", 0)
        embed.add_field(
            name=_("Games as Alleinspieler"), value=_("{won} won, {lost} lost", won=won, lost=lost)
        )
    if record.tags.get("partner"):
        won, lost = record.tags.get("partner_won", 0), record.tags.get("partner_lost", 0)
        embed.add_field(
            name=_("Games as partner"), value=_("{won} won, {lost} lost", won=won, lost=lost)
        )
    if declarer:
        embed.add_field(name=_("As Gegenspieler"), value=str(record.tags.get("defender", 0)))
    if record.best_session is not None and record.best_session_total is not None:
        best = _(
            "Table #{table}: {total}",
            table=record.best_session,
            total=total_text(record.best_session_total),
        )
        embed.add_field(name=_("Best session"), value=best, inline=False)
    embed.set_footer(text=footer)
    return Rendered(embeds=[embed], pictures=pictures)


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
    """A day as the reader writes it: ``2026-12-03``, in German and Polish ``03.12.2026``."""
    day = datetime.fromtimestamp(moment, UTC)
    return day.strftime("%d.%m.%Y" if i18n.current() in ("de", "pl") else "%Y-%m-%d")


def _player(player: MatchPlayer) -> str:
    return player_name(player.name, ai=player.user_id is None)


def _session_line(summary: MatchSummary, viewer: int) -> str:
    status = _(STATUS[summary.status]) if summary.status in STATUS else summary.status
    deals = _n("{count} deal", "{count} deals", summary.deals)
    head = (
        f"**{table_name(summary.game, summary.table_id)}** · "
        f"{variant_title(summary.game, summary.variant)} · "
        f"<t:{int(summary.started_at)}:R> · {deals} · {status}"
    )
    scores = " · ".join(
        f"{'**' if p.user_id == viewer else ''}{'🤖 ' if p.user_id is None else ''}"
        f"{plain(_(FORMER_PLAYER_LABEL) if p.user_id == FORGOTTEN else _player(p))} "
        f"{total_text(p.total)}{'**' if p.user_id == viewer else ''}"
        for p in summary.players
    )
    return f"{head}\n{scores}"


def render_history(sessions: list[MatchSummary], viewer: int, name: str) -> Rendered:
    """The viewer's recent sessions, and a select to download the record of a finished deal."""
    embed = discord.Embed(
        title=_("Recent Ramsch sessions — {name}", name=name_text(name))[:256], colour=STATS_COLOUR
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
                    label=_(
                        "{table} · deal {deal}",
                        table=table_name(summary.game, summary.table_id),
                        deal=deal + 1,
                    ),
                    value=f"{summary.table_id}:{deal}",
                    description=f"{title} · {_when(summary.started_at)}",
                )
            )
    if not choices:
        return Rendered(embeds=[embed])
    shown = choices[:MAX_RECORD_CHOICES]
    more = len(choices) - len(shown)
    hint = _("Pick a deal below for its game record (a JSON file of the deal card by card).")
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
    view.add_item(ReplaySelect(list(shown)))  # issue 13: replay in Discord
    return Rendered(embeds=[embed], view=view)


def record_note(table_id: int, deal: int, variant: str, game: str = DEFAULT_GAME) -> str:
    """The text sent with a deal's record (``deal`` 0-based): what the file is, in words (the
    command that replays it is in the docs, not in a player's message)."""
    return _(
        "The game record of {table}, deal {deal} ({board}), as a JSON file: the deal card by "
        "card, to replay it.",
        table=table_name(game, table_id),
        deal=deal + 1,
        board=variant_title(game, variant),
    )

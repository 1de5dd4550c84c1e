"""A tournament's messages: its page (settings, players, standings, Join and Leave), the
standings after a series, the final standings with the CSV, and a table's announcement."""

from __future__ import annotations

import io
import re
from typing import Any, Protocol, cast

import discord

from bot import i18n
from bot.i18n import N_, _, _n
from bot.tables.tournaments.state import Tournament, TournamentTable
from bot.ui import ids
from bot.ui.message import Rendered
from bot.ui.text import name_text
from ramsch_core import get_game
from ramsch_core.tournament import Standing, standings_csv

TOURNAMENT_TEMPLATE = rf"{ids.PREFIX}:tn:(?P<number>[0-9]{{1,20}}):(?P<action>join|leave)"
"""Join or Leave under a tournament's page."""
TOURNAMENT_COG = "Tournaments"
STATUS_TEXT = {
    "registration": N_("Registration is open"),
    "running": N_("Running"),
    "paused": N_("Paused"),
    "finished": N_("Finished"),
    "cancelled": N_("Cancelled"),
}
SHOWN_ROWS = 30
"""Players listed on a page at most (the CSV has every one)."""
COLOUR = discord.Colour.dark_gold()


class TournamentHandler(Protocol):
    async def on_tournament_click(
        self, interaction: discord.Interaction, tournament_id: int, action: str
    ) -> None: ...


class TournamentButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=TOURNAMENT_TEMPLATE
):
    """Join or Leave a tournament; the id names the tournament."""

    def __init__(self, tournament_id: int, action: str) -> None:
        join = action == "join"
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.success if join else discord.ButtonStyle.secondary,
                label=_("Join") if join else _("Leave"),
                custom_id=f"{ids.PREFIX}:tn:{tournament_id}:{action}",
            )
        )
        self.tournament_id = tournament_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TournamentButton:
        return cls(int(match["number"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        i18n.speak_to(interaction)
        handler = cast(Any, interaction.client).get_cog(TOURNAMENT_COG)
        await cast(TournamentHandler, handler).on_tournament_click(
            interaction, self.tournament_id, self.action
        )


def title(tournament: Tournament) -> str:
    return _(
        "Tournament #{number}: {game}",
        number=tournament.id,
        game=_(get_game(tournament.config.game).title),
    )


def settings_line(tournament: Tournament) -> str:
    config = tournament.config
    if set(config.table_sizes) == {3, 4}:
        games = _(
            "{three} games at a table of three, {four} at four",
            three=config.games_at(3),
            four=config.games_at(4),
        )
    else:
        games = _("{games} games per table", games=config.games_at(config.table_sizes[0]))
    line = _n_series(config.series) + " · " + games
    if config.ai_allowed:
        line += " · " + _("AI seats complete a table")
    return line


def _n_series(count: int) -> str:
    return _n("{count} series", "{count} series", count)


def _phase(tournament: Tournament) -> str:
    status = _(STATUS_TEXT[tournament.status])
    if tournament.status in ("running", "paused") and tournament.series_begun:
        current = _(
            "series {number} of {total}",
            number=tournament.series_begun,
            total=tournament.config.series,
        )
        if not tournament.series_playing:
            current = _("after series {number}", number=tournament.series_begun)
        return f"{status} · {current}"
    return status


def standing_line(row: Standing, names: dict[int, str], left: set[int]) -> str:
    name = name_text(names.get(row.player, str(row.player)))
    if row.player in left:
        name += " " + _("(left)")
    series = " / ".join(i18n.number(points) for points in row.series)
    return _(
        "{rank}. {name}: {total} ({won} won, {lost} lost; {series})",
        rank=row.rank,
        name=name,
        total=i18n.number(row.total),
        won=row.won,
        lost=row.lost,
        series=series,
    )


def standings_lines(tournament: Tournament) -> list[str]:
    names = tournament.names()
    left = {e.user_id for e in tournament.entrants if e.status == "left"}
    rows = tournament.standings()
    lines = [standing_line(row, names, left) for row in rows[:SHOWN_ROWS]]
    if len(rows) > SHOWN_ROWS:
        lines.append(_("… and {count} more", count=len(rows) - SHOWN_ROWS))
    return lines


def render_page(tournament: Tournament) -> Rendered:
    """The tournament's page: what is played, its phase, the players or the standings, and
    Join and Leave while a player may still join or leave."""
    lines = [settings_line(tournament), _phase(tournament)]
    if tournament.stored.start_at is not None and tournament.status == "registration":
        lines.append(_("Begins <t:{time}:R>", time=int(tournament.stored.start_at)))
    if tournament.series_begun == 0:
        registered = tournament.registered()
        lines.append("")
        lines.append(_n("{count} player:", "{count} players:", len(registered)))
        shown = [name_text(e.name) for e in registered[:SHOWN_ROWS]]
        lines.append(", ".join(shown) if shown else _("nobody yet"))
    else:
        lines.append("")
        lines.append(_("Standings:"))
        lines += standings_lines(tournament)
        disqualified = [
            name_text(e.name) for e in tournament.entrants if e.status == "disqualified"
        ]
        if disqualified:
            lines.append(_("Disqualified: {names}", names=", ".join(disqualified)))
    embed = discord.Embed(title=title(tournament), description="\n".join(lines), colour=COLOUR)
    view = None
    if tournament.status in ("registration", "running", "paused") and (
        tournament.series_begun < tournament.config.series
    ):
        view = discord.ui.View(timeout=None)
        view.add_item(TournamentButton(tournament.id, "join"))
        view.add_item(TournamentButton(tournament.id, "leave"))
    return Rendered(embeds=[embed], view=view, layout=True)


def render_series_end(tournament: Tournament) -> Rendered:
    """The standings after a series."""
    heading = _(
        "Standings after series {number} of {total}",
        number=tournament.series_begun,
        total=tournament.config.series,
    )
    embed = discord.Embed(
        title=f"{title(tournament)} · {heading}",
        description="\n".join(standings_lines(tournament)),
        colour=COLOUR,
    )
    return Rendered(embeds=[embed], layout=True)


def render_final(tournament: Tournament) -> Rendered:
    """The final standings (the CSV goes with them, ``final_csv``)."""
    embed = discord.Embed(
        title=f"{title(tournament)} · {_('Final standings')}",
        description="\n".join(standings_lines(tournament)),
        colour=COLOUR,
    )
    return Rendered(embeds=[embed], layout=True)


def final_csv(tournament: Tournament) -> discord.File:
    """The final standings as a CSV file, in the reader's language."""
    text = standings_csv(
        tournament.standings(),
        tournament.names(),
        max(tournament.series_begun, 1),
        words=i18n.translate,
    )
    return discord.File(io.BytesIO(text.encode("utf-8")), f"tournament-{tournament.id}.csv")


def table_announcement(tournament: Tournament, drawn: TournamentTable) -> str:
    """The line a table of a series is opened from (its thread's first message)."""
    names = tournament.names()
    seats = [
        name_text(names.get(player, str(player))) if player is not None else _("AI")
        for player in drawn.seated.seats
    ]
    return _(
        "{tournament}, series {series}, table {table}: {players}",
        tournament=title(tournament),
        series=drawn.series + 1,
        table=drawn.number + 1,
        players=", ".join(seats),
    )


def thread_title(tournament: Tournament, drawn: TournamentTable) -> str:
    return _(
        "Tournament {number} · series {series} · table {table}",
        number=tournament.id,
        series=drawn.series + 1,
        table=drawn.number + 1,
    )

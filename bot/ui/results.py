"""Messages at the end of a deal (its result) and of a match (the final standings).

Each carries a control whose id names its table and deal (a Record button; the standings' record
select): after a restart the publisher reads them back to know what the channel shows."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import discord

from bot.ui.board_items import RecordSelect, ResultRecordButton
from bot.ui.games import (
    card_face,
    card_points,
    match_end,
    player_result,
    renderer_for,
    result_play_order,
)
from bot.ui.lobby import table_title
from bot.ui.message import Rendered
from bot.ui.table import deal_title, last_trick_text
from bot.ui.text import score_text

if TYPE_CHECKING:
    from bot.tables import Table
    from ramsch_core import SheetEntry

RESULT_COLOUR = discord.Colour.orange()
STANDINGS_COLOUR = discord.Colour.purple()
MEDALS = ("🥇", "🥈", "🥉")


def _names(table: Table, entry: SheetEntry) -> list[str]:
    return [table.seats[seat].name for seat in entry.seats]


def _player_lines(table: Table, entry: SheetEntry) -> list[str]:
    result = entry.result
    names = _names(table, entry)
    renderer = renderer_for(table.rules)
    sign = renderer.unit(table.rules)
    lines = []
    for seat, name in enumerate(names):
        own = result.tags[seat] if seat < len(result.tags) else ()
        tags = [label for tag, label in renderer.tag_labels.items() if tag in own]
        tag = f" ({', '.join(tags)})" if tags else ""
        own_line = player_result(table.rules, result, seat)
        if own_line is not None:
            lines.append(f"**{name}**{tag}: {own_line}")
            continue
        tricks = result.trick_counts[seat]
        score = score_text(entry.table_scores[entry.seats[seat]])
        lines.append(
            f"**{name}**{tag}: {result.card_points[seat]} points, {tricks} "
            f"trick{'s' if tricks != 1 else ''} → **{score}{sign}**"
        )
    return lines


def _facts(table: Table, entry: SheetEntry) -> list[str]:
    result = entry.result
    facts = renderer_for(table.rules).result_facts(table.rules, result, _names(table, entry))
    if getattr(entry, "compulsory_ramsch", False):
        facts.append("a deal of the Ramsch round after a Bock round")
    if entry.bock:
        facts.append("Bock: counts double")
    if not result.losers and result.durchmarsch is None and not table.rules.plays_to_a_winner():
        facts.append("nobody loses")
    return facts


def _totals(table: Table, totals: list[Fraction]) -> str:
    sign = renderer_for(table.rules).unit(table.rules)
    return " · ".join(
        f"{seat.name} {score_text(total)}{sign}"
        for seat, total in zip(table.seats, totals, strict=True)
    )


def totals_after(table: Table, number: int) -> list[Fraction]:
    """Each table seat's total after the deal numbered ``number``."""
    match = table.match
    seats = len(table.seats)
    totals = [Fraction(0)] * seats
    if match is None:
        return totals
    for entry in match.finished_deals[: number + 1]:
        totals = [a + b for a, b in zip(totals, entry.table_scores, strict=True)]
    return totals


def render_result(table: Table, entry: SheetEntry) -> Rendered:
    """The result of one finished deal."""
    embed = discord.Embed(
        title=f"{deal_title(table, entry.number)}: result",
        description="\n".join(_player_lines(table, entry)),
        colour=RESULT_COLOUR,
    )
    facts = _facts(table, entry)
    if facts:
        embed.add_field(name="Deal", value="\n".join(facts)[:1024], inline=False)
    tricks = entry.result.tricks
    if tricks:
        last = last_trick_text(
            _names(table, entry),
            tricks[-1],
            len(tricks),
            result_play_order(table.rules, entry.result),
            points=card_points(table.rules),
            face=card_face(table.rules),
        )
        embed.add_field(name="Last trick", value=last, inline=False)
    embed.add_field(
        name="Totals", value=_totals(table, totals_after(table, entry.number)), inline=False
    )
    deals = deal_list(table, entry.number)
    if deals:
        embed.add_field(name="Deals", value=deals, inline=False)
    controls = discord.ui.View(timeout=None)
    controls.add_item(ResultRecordButton(table.id, entry.number))
    return Rendered(embeds=[embed], view=controls)


def deal_list(table: Table, upto: int | None = None) -> str:
    """The list of deals (a Skat list) up to deal ``upto``: what each was, what it scored and
    the totals after it, the latest that fit in a field; empty for games whose scores say it
    all (see ``GameRenderer.deal_line``)."""
    match = table.match
    if match is None:
        return ""
    renderer = renderer_for(table.rules)
    sign = renderer.unit(table.rules)
    totals = [Fraction(0)] * len(table.seats)
    lines = []
    for entry in match.finished_deals:
        if upto is not None and entry.number > upto:
            break
        totals = [a + b for a, b in zip(totals, entry.table_scores, strict=True)]
        what = renderer.deal_line(entry.result, _names(table, entry))
        if what is None:
            return ""
        bock = " (Bock)" if entry.bock else ""
        scored = [
            f"{table.seats[seat].name} {score_text(entry.table_scores[seat])}"
            for seat in entry.seats
            if entry.table_scores[seat]
        ]
        score = f": {', '.join(scored)}" if scored else ""
        running = " · ".join(score_text(total, signed=False) + sign for total in totals)
        lines.append(f"{entry.number + 1}. {what}{bock}{score} → {running}")
    names = " · ".join(seat.name for seat in table.seats)
    text = ""
    for line in reversed(lines):
        if len(text) + len(line) + len(names) + 2 > LIST_LIMIT:
            break
        text = f"{line}\n{text}"
    return f"{names}\n{text}".rstrip() if text else ""


LIST_LIMIT = 1024
"""Characters of an embed field: the list of deals shows the latest that fit."""


def render_standings(table: Table) -> Rendered:
    """The final standings of a finished session, best first."""
    match = table.match
    assert match is not None
    sign = renderer_for(table.rules).unit(table.rules)
    lines = []
    rank = 0
    previous: Fraction | None = None
    for place, (seat, total) in enumerate(match.standings(), start=1):
        if total != previous:
            rank, previous = place, total
        medal = MEDALS[rank - 1] if rank <= len(MEDALS) else f"{rank}."
        lines.append(f"{medal} **{table.seats[seat].name}** {score_text(total)}{sign}")
    if match.finished_deals:
        last = match.finished_deals[-1]
        lines += match_end(table.rules, last.result, _names(table, last))
    embed = discord.Embed(
        title=f"{table_title(table)} — final standings",
        description="\n".join(lines),
        colour=STANDINGS_COLOUR,
    )
    deals = len(match.finished_deals)
    bock = sum(entry.bock for entry in match.finished_deals)
    of_them = f", {bock} of them Bock (counted double)" if bock else ""
    listed = deal_list(table)
    if listed:
        embed.add_field(name="Deals", value=listed, inline=False)
    embed.set_footer(
        text=f"{deals} deal{'s' if deals != 1 else ''} played{of_them}. Thanks for playing!"
    )
    return Rendered(embeds=[embed], view=_records(table))


RECORD_CHOICES = 25
"""Deals the standings' record select offers: the latest (Discord allows 25 options)."""


def _records(table: Table) -> discord.ui.View:
    """A select of the match's deals, each one's record as a JSON file."""
    match = table.match
    assert match is not None
    options = [
        discord.SelectOption(label=f"Deal {entry.number + 1}", value=f"{table.id}:{entry.number}")
        for entry in match.finished_deals[-RECORD_CHOICES:]
    ]
    view = discord.ui.View(timeout=None)
    view.add_item(RecordSelect(options, table.id))
    return view

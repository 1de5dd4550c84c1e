"""Messages at the end of a deal (its result) and of a match (the final standings).

Each carries a control whose id names its table and deal (a Record button; the standings' record
select): after a restart the publisher reads them back to know what the channel shows."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import discord

from bot.i18n import _, _n
from bot.ui.board_items import RecordSelect, ResultRecordButton
from bot.ui.faces import table_look
from bot.ui.games import (
    card_face,
    card_points,
    match_end,
    player_result,
    renderer_for,
    result_play_order,
)
from bot.ui.items import AgainButton
from bot.ui.lobby import table_title
from bot.ui.message import Rendered
from bot.ui.replay_items import ReplayButton
from bot.ui.table import (
    WHAT_WIDE,
    WHAT_WIDTH,
    Sheet,
    SheetRow,
    deal_title,
    last_trick_text,
    sheet_of,
)
from bot.ui.text import amount_text, score_text, seat_name

if TYPE_CHECKING:
    from collections.abc import Sequence

    from bot.tables import Table
    from ramsch_core import DealResult, RuleSet, SheetEntry

RESULT_COLOUR = discord.Colour.orange()
STANDINGS_COLOUR = discord.Colour.purple()
MEDALS = ("🥇", "🥈", "🥉")


def _names(table: Table, entry: SheetEntry) -> list[str]:
    return [seat_name(table.seats[seat]) for seat in entry.seats]


def _player_lines(table: Table, entry: SheetEntry) -> list[str]:
    scores = [entry.table_scores[entry.seats[seat]] for seat in range(len(entry.seats))]
    return player_lines(table.rules, entry.result, _names(table, entry), scores)


def player_lines(
    rules: RuleSet, result: DealResult, names: list[str], scores: Sequence[Fraction]
) -> list[str]:
    """Each player's line of a deal's result: his own line if the game has one (e.g. the
    declarer's), else card points, tricks and ``scores[seat]`` (with the game's unit)."""
    renderer = renderer_for(rules)
    sign = renderer.unit(rules)
    lines = []
    for seat, name in enumerate(names):
        own = result.tags[seat] if seat < len(result.tags) else ()
        tags = [_(label) for tag, label in renderer.tag_labels.items() if tag in own]
        who = f"**{name}** ({', '.join(tags)})" if tags else f"**{name}**"
        own_line = player_result(rules, result, seat)
        if own_line is not None:
            lines.append(f"{who}: {own_line}")
            continue
        tricks = _n("{count} trick", "{count} tricks", result.trick_counts[seat])
        score = score_text(scores[seat])
        if sign:  # the score is money
            line = _(
                "{who}: {card_points} card points, {tricks} → **{amount}**",
                who=who, card_points=result.card_points[seat], tricks=tricks,
                amount=amount_text(scores[seat], sign),
            )  # fmt: skip
        else:
            line = _(
                "{who}: {card_points} card points, {tricks} → **{score}** points",
                who=who, card_points=result.card_points[seat], tricks=tricks, score=score,
            )  # fmt: skip
        lines.append(line)
    return lines


def _facts(table: Table, entry: SheetEntry) -> list[str]:
    result = entry.result
    facts = renderer_for(table.rules).result_facts(table.rules, result, _names(table, entry))
    if getattr(entry, "compulsory_ramsch", False):
        facts.append(_("a deal of the Ramsch round after a Bock round"))
    if entry.bock:
        facts.append(_("Bock: counts double"))
    if result.nobody_loses and not table.rules.plays_to_a_winner():
        facts.append(_("nobody loses"))
    return facts


def _totals(table: Table, totals: list[Fraction]) -> str:
    sign = renderer_for(table.rules).unit(table.rules)
    return " · ".join(
        f"{seat_name(seat)} {amount_text(total, sign)}"
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


@table_look
def render_result(table: Table, entry: SheetEntry) -> Rendered:
    """The result of one finished deal."""
    embed = discord.Embed(
        title=_("{deal}: result", deal=deal_title(table, entry.number)),
        description="\n".join(_player_lines(table, entry)),
        colour=RESULT_COLOUR,
    )
    facts = _facts(table, entry)
    if facts:
        embed.add_field(name=_("Deal"), value="\n".join(facts)[:1024], inline=False)
    tricks = entry.result.tricks
    if tricks:
        # the last trick plays itself with the card that ends the one before: the table
        # never shows that one taken, so the result shows both
        last = "\n".join(
            last_trick_text(
                _names(table, entry),
                trick,
                number,
                result_play_order(table.rules, entry.result),
                points=card_points(table.rules),
                face=card_face(table.rules),
            )
            for number, trick in enumerate(tricks, start=1)
            if number >= len(tricks) - 1
        )
        name = _("Last trick") if len(tricks) == 1 else _("Last tricks")
        embed.add_field(name=name, value=last, inline=False)
    embed.add_field(
        name=_("Totals"), value=_totals(table, totals_after(table, entry.number)), inline=False
    )
    deals = deal_list(table, entry.number)
    if deals:
        embed.add_field(name=_("Deals"), value=deals, inline=False)
    controls = discord.ui.View(timeout=None)
    controls.add_item(ResultRecordButton(table.id, entry.number))
    controls.add_item(ReplayButton(table.id, entry.number, 0, "open"))
    return Rendered(embeds=[embed], view=controls)


def deal_list(table: Table, upto: int | None = None) -> str:
    """The score sheet up to deal ``upto``: a row per deal (its number, Bock, what was played,
    each player's score) in fixed player columns and the totals, the latest that fit in a
    field; empty before the first deal."""
    sheet = sheet_of(table, upto)
    if sheet is None or not sheet.rows:
        return ""
    legend = sheet.legend(sheet.rows)
    room = LIST_LIMIT - (len(legend) + 1 if legend else 0)
    block = sheet.latest(room)
    return f"{block}\n{legend}" if legend else block


LIST_LIMIT = 1024
"""Characters of an embed field: the list of deals shows the latest that fit."""
MESSAGE_LIMIT = 6000
"""Characters of every embed of a message together."""
FIELDS_LIMIT = 25
"""Fields of an embed."""


def sheet_fields(sheet: Sheet, budget: int) -> list[tuple[str, str]]:
    """The whole score sheet as fields (``Deals 1–20``, ``Deals 21–40``…) within ``budget``
    characters and Discord's 25 fields: with what was played if it fits, else without; the
    oldest deals left off if even that is too long."""
    rows = list(sheet.rows)
    while rows:
        for what in (WHAT_WIDE, WHAT_WIDTH, 0):
            fields = _sheet_chunks(sheet, rows, what=what, earlier=len(rows) < len(sheet.rows))
            size = sum(len(name) + len(value) for name, value in fields)
            if size <= budget and len(fields) <= FIELDS_LIMIT:
                return fields
        rows = rows[max(1, len(rows) // 10) :]
    return []


def _sheet_chunks(
    sheet: Sheet, rows: list[SheetRow], *, what: int, earlier: bool
) -> list[tuple[str, str]]:
    legend = sheet.legend(rows)
    chunks: list[list[SheetRow]] = []
    chunk: list[SheetRow] = []
    for row in rows:
        room = LIST_LIMIT - (len(legend) + 1 if legend else 0)
        first = earlier and not chunks
        if chunk and len(sheet.block([*chunk, row], what=what, earlier=first)) > room:
            chunks.append(chunk)
            chunk = []
        chunk.append(row)
    chunks.append(chunk)
    fields = []
    for index, part in enumerate(chunks):
        last = index == len(chunks) - 1
        block = sheet.block(part, what=what, total=last, earlier=earlier and index == 0)
        if last and legend:
            block += "\n" + legend
        if len(chunks) == 1 and not earlier:
            name = _("Deals")
        else:
            name = _("Deals {first}–{last}", first=part[0].number, last=part[-1].number)
        fields.append((name, block[:LIST_LIMIT]))
    return fields


@table_look
def render_standings(table: Table) -> Rendered:
    """The final standings of a finished session, best first, and the whole score sheet."""
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
        name = seat_name(table.seats[seat])
        lines.append(f"{medal} **{name}** {amount_text(total, sign)}")
    if match.finished_deals:
        last = match.finished_deals[-1]
        lines += match_end(table.rules, last.result, _names(table, last))
    embed = discord.Embed(
        title=_("{table} — final standings", table=table_title(table)),
        description="\n".join(lines)[:4096],
        colour=STANDINGS_COLOUR,
    )
    deals = len(match.finished_deals)
    bock = sum(entry.bock for entry in match.finished_deals)
    if bock:
        footer = _n(
            "{count} deal played, {bock} of them Bock (counted double). Thanks for playing!",
            "{count} deals played, {bock} of them Bock (counted double). Thanks for playing!",
            deals,
            bock=bock,
        )
    else:
        footer = _n(
            "{count} deal played. Thanks for playing!",
            "{count} deals played. Thanks for playing!",
            deals,
        )
    embed.set_footer(text=footer)
    sheet = sheet_of(table)
    if sheet is not None and sheet.rows:
        used = len(embed.title or "") + len(embed.description or "") + len(footer)
        for name, value in sheet_fields(sheet, MESSAGE_LIMIT - used - 100):
            embed.add_field(name=name, value=value, inline=False)
    return Rendered(embeds=[embed], view=_records(table))


RECORD_CHOICES = 25
"""Deals the standings' record select offers: the latest (Discord allows 25 options)."""


def _records(table: Table) -> discord.ui.View:
    """A select of the match's deals, each one's record as a JSON file; Play again and New
    table."""
    match = table.match
    assert match is not None
    options = [
        discord.SelectOption(
            label=_("Deal {number}", number=entry.number + 1), value=f"{table.id}:{entry.number}"
        )
        for entry in match.finished_deals[-RECORD_CHOICES:]
    ]
    view = discord.ui.View(timeout=None)
    view.add_item(RecordSelect(options, table.id))
    view.add_item(AgainButton(table.id, "again"))
    view.add_item(AgainButton(table.id, "newtable"))
    return view

"""The channel's table message: the trick, whose turn, the last trick and the score — no hands."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import discord

from bot import i18n
from bot.i18n import _, _n
from bot.ui import faces
from bot.ui.faces import table_look
from bot.ui.games import (
    card_face,
    card_points,
    carry_line,
    play_order,
    renderer_for,
    seat_notes,
    sheet_legend,
)
from bot.ui.items import BackButton, HandButton
from bot.ui.lobby import CLOSED_COLOUR, table_title
from bot.ui.message import Controls, Rendered
from bot.ui.substitute_items import SitButton, free_seats
from bot.ui.text import amount_text, player_name, seat_name, timer_text
from ramsch_core import Card, Match, PublicView, SheetEntry, Trick

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
    a card is shown (default the pack the reader sees)."""
    seats = tuple(range(players)) if order is None else tuple(order)
    start = seats.index(leader) if leader in seats else 0
    turn = [seats[(start + i) % len(seats)] for i in range(len(seats))]
    shown = faces.face if face is None else face
    parts = [f"{names[seat]} {shown(card)}" for seat, card in zip(turn, cards, strict=False)]
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
    winner = names[trick.winner]
    if points:
        return _(
            "Trick {number}: {line} → **{winner}** takes {points}",
            number=number, line=line, winner=winner, points=trick.points,
        )  # fmt: skip
    return _(
        "Trick {number}: {line} → **{winner}** takes the trick",
        number=number, line=line, winner=winner,
    )  # fmt: skip


def deal_names(table: Table, match: Match) -> list[str]:
    """Player names indexed by deal seat."""
    return [seat_name(table.seats[seat]) for seat in match.active_seats]


def trick_cards(table: Table, view: PublicView) -> dict[int, Card]:
    """The card each deal seat played to the trick being played."""
    if not view.trick:
        return {}
    order = list(play_order(table.rules, view))
    leader = view.trick_leader if view.trick_leader in order else order[0]
    start = order.index(leader)
    turn = [order[(start + i) % len(order)] for i in range(len(order))]
    return dict(zip(turn, view.trick, strict=False))


def players_text(table: Table, match: Match, view: PublicView) -> str:
    """A line per seat in order: whose turn (▶), name, the card played to this trick, the
    seat's role and what it said, its tricks and total."""
    lines = []
    deal_seats = {table_seat: i for i, table_seat in enumerate(match.active_seats)}
    played = trick_cards(table, view)
    face = card_face(table.rules)
    sign = renderer_for(table.rules).unit(table.rules)
    for table_seat, seat in enumerate(table.seats):
        deal_seat = deal_seats.get(table_seat)
        marker = "▶" if deal_seat is not None and deal_seat == view.to_act else "•"
        notes = []
        if table_seat == match.dealer:
            notes.append(_("deals"))
        if seat.away:
            notes.append(_("away: the AI plays"))
        if deal_seat is None:
            notes.append(_("sits out"))
        else:
            notes += seat_notes(table.rules, view, deal_seat)
            tricks = view.trick_counts[deal_seat]
            notes.append(_n("{count} trick", "{count} tricks", tricks))
        total = amount_text(match.totals[table_seat], sign)
        robot = "🤖 " if seat.ai is not None else ""
        card = played.get(deal_seat) if deal_seat is not None else None
        if card is not None:
            line = _(
                "{marker} {robot}**{name}** {card} — {notes} · total {total}",
                marker=marker, robot=robot, name=seat_name(seat), card=face(card),
                notes=", ".join(notes), total=total,
            )  # fmt: skip
        else:
            line = _(
                "{marker} {robot}**{name}** — {notes} · total {total}",
                marker=marker, robot=robot, name=seat_name(seat), notes=", ".join(notes),
                total=total,
            )  # fmt: skip
        lines.append(line)
    return "\n".join(lines)


def turn_content(table: Table, match: Match, view: PublicView) -> str | None:
    """The mention of the player to act (content, so the name is a real mention)."""
    if view.to_act is None:
        return None
    seat = table.seats[match.active_seats[view.to_act]]
    doing = renderer_for(table.rules).doing(view)
    if seat.user_id is not None:
        mention = f"<@{seat.user_id}>"
        return _("{who}, your turn to {doing}.", who=mention, doing=doing)
    robot = f"🤖 {seat_name(seat)}"
    return _("{who} is to {doing}.", who=robot, doing=doing)


def countdown(table: Table) -> str | None:
    """``⏱ Time runs out <t:…:R>`` (a live Discord countdown) while a turn timer runs."""
    if table.turn_timeout is None:
        return None
    when = f"<t:{int(table.turn_started_at + table.turn_timeout)}:R>"
    return _("⏱ Time runs out {when}", when=when)


def _turn_runs(table: Table, match: Match, view: PublicView) -> bool:
    """Whether a player is to act on a turn timer (an AI acts at once, and so for the away)."""
    if table.turn_timeout is None or view.to_act is None:
        return False
    seat = table.seats[match.active_seats[view.to_act]]
    return seat.user_id is not None and seat.ai is None and not seat.away


@table_look
def render_table(table: Table, *, dms: bool = True, view: PublicView | None = None) -> Rendered:
    """The table while a match is being played (``dms``: hands are sent by DM). ``view``:
    the public view of the deal now (``public_view``), if already at hand."""
    match = table.match
    assert match is not None
    if view is None:
        view = public_view(match)
    names = deal_names(table, match)
    title = deal_title(table, match.number)
    if match.bock:
        title = _("{title} · Bock", title=title)
    embed = discord.Embed(title=title, colour=PLAY_COLOUR)
    step = renderer_for(table.rules).phase_text(view, names)
    if step is not None:
        heading, lines = step
        embed.description = f"**{heading}**\n" + (lines or "—")
    else:
        number = len(view.tricks) + 1
        leader = view.trick_leader if view.trick_leader is not None else 0
        order = play_order(table.rules, view)
        embed.description = (
            _("**Trick {number}**", number=number)
            + "\n"
            + trick_line(names, view.trick, leader, len(names), order, card_face(table.rules))
        )
    if _turn_runs(table, match, view):
        embed.description += "\n" + (countdown(table) or "")
    renderer = renderer_for(table.rules)
    for name, value in renderer.table_fields(view, names):
        embed.add_field(name=name, value=value[:1024], inline=False)
    embed.add_field(name=_("Players"), value=players_text(table, match, view), inline=False)
    if view.tricks:
        embed.add_field(
            name=_("Last trick"),
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
        embed.add_field(name=_("Score sheet"), value=sheet, inline=False)
    if dms:
        footer = _("Your cards are in your DMs — or press My hand.")
    else:
        footer = _("Press My hand to see and play your cards.")
    if table.turn_timeout is not None:
        footer += " " + _("Turn timer: {timer}.", timer=timer_text(table.turn_timeout))
    embed.set_footer(text=footer)
    buttons = Controls()
    buttons.add_item(HandButton(table.id))
    if any(seat.away for seat in table.seats):
        buttons.add_item(BackButton(table.id))
    if free_seats(table):
        buttons.add_item(SitButton(table.id))
    return Rendered(
        content=turn_content(table, match, view), embeds=[embed], view=buttons, layout=True
    )


# -- the score sheet ----------------------------------------------------------------------------

SHEET_DEALS = 12
"""Deals the score sheet on the table message lists at most (the latest that fit)."""
FIELD_LIMIT = 1024
"""Characters of an embed field's value."""
WHAT_WIDTH = 32
"""Characters of a row's what-was-played (the renderer's ``deal_line``) on the table message,
cut beyond."""
WHAT_WIDE = 60
"""The same where there is room (the final standings)."""
SAT_OUT = "·"
"""A player's cell in a deal he sat out (the dealer at a table with a seat too many)."""
EARLIER = "…"
"""The row that stands for earlier deals left off."""
BOCK_MARK = "B"
"""The mark of a Bock deal (counted double) next to its number."""


def _name_width(seats: int) -> int:
    """Characters a player's name may take in the sheet's column header."""
    return 8 if seats <= 3 else 7 if seats == 4 else 6


def sheet_names(names: Sequence[str]) -> list[str]:
    """The players' names shortened for the sheet's columns (distinct, no backticks)."""
    width = _name_width(len(names))
    clean = [" ".join(name.replace("`", "'").split()) or "?" for name in names]
    short = [name[:width] for name in clean]
    return [
        name[: width - 1] + str(index + 1) if short.count(name) > 1 else name
        for index, name in enumerate(short)
    ]


@dataclass(frozen=True)
class SheetRow:
    """One deal of the sheet: its number, Bock, each table seat's score (None: sat out)."""

    number: int
    bock: bool
    scores: tuple[Fraction | None, ...]
    what: str


@dataclass(frozen=True)
class Sheet:
    """The score sheet of a match up to a deal: the rows, the totals, how to lay them out."""

    names: tuple[str, ...]
    rows: tuple[SheetRow, ...]
    totals: tuple[Fraction, ...]
    unit: str
    notes: str | None = None
    """What the numbers in the rows' notes mean (``games.sheet_legend``), if they have any."""
    _memo: dict[str, tuple[int, list[int]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """``_widths`` by language."""
    _latest: dict[tuple[str, int, int | None], str] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """``latest`` by language, limit and most (a sheet is kept from render to render while no
    deal ends: ``sheet_of``)."""

    def _cell(self, score: Fraction | None) -> str:
        return SAT_OUT if score is None else amount_text(score, self.unit, signed=False)

    def _widths(self) -> tuple[int, list[int]]:
        """The width of the number column and of each player's (the same in every part of
        the sheet: wide enough for every row). Worked out once per language (``fitting``
        lays the sheet out again for each row it leaves off)."""
        language = i18n.current()
        widths = self._memo.get(language)
        if widths is None:
            widths = self._memo[language] = self._measure()
        return widths[0], list(widths[1])

    def _measure(self) -> tuple[int, list[int]]:
        digits = len(str(max((row.number for row in self.rows), default=0)))
        cells = [
            max(
                len(name),
                len(self._cell(self.totals[seat])),
                *(len(self._cell(row.scores[seat])) for row in self.rows),
            )
            for seat, name in enumerate(self.names)
        ]
        return digits, cells

    def lines(self, rows: Sequence[SheetRow], *, what: int = WHAT_WIDTH, total: bool = True,
              earlier: bool = False) -> list[str]:  # fmt: skip
        """The code block's lines for ``rows``: a header of names, a row per deal (with what
        was played in at most ``what`` characters, none for 0), a row of ``…`` for deals left
        off (``earlier``), the totals."""
        digits, cells = self._widths()

        def line(first: str, values: Sequence[str], tail: str = "") -> str:
            text = first.ljust(digits + 2) + "".join(
                " " + value.rjust(width) for value, width in zip(values, cells, strict=True)
            )
            return (text + "  " + tail if tail else text).rstrip()

        out = [line("#", self.names)]
        if earlier:
            out.append(line(EARLIER, [""] * len(cells)))
        for row in rows:
            first = f"{row.number}.".rjust(digits + 1) + (BOCK_MARK if row.bock else " ")
            told = shortened(row.what, what) if what else ""
            out.append(line(first, [self._cell(score) for score in row.scores], told))
        if total:
            out.append(line("Σ", [self._cell(value) for value in self.totals]))
        return out

    def block(self, rows: Sequence[SheetRow], **how: Any) -> str:
        """``rows`` as a code block (see ``lines``)."""
        return "```\n" + "\n".join(self.lines(rows, **how)) + "\n```"

    def fitting(self, limit: int, most: int | None = None) -> list[SheetRow]:
        """The latest rows (at most ``most``) whose block fits in ``limit`` characters."""
        rows = list(self.rows if most is None else self.rows[len(self.rows) - most :])
        if not rows:
            return rows
        # Each line laid out once: the size of the block without its first rows is then a
        # sum (``block``: its lines, each counted with a newline, and 7 for the fences).
        header, dots, *body, total = (len(line) + 1 for line in self.lines(rows, earlier=True))
        size = 7 + header + sum(body) + total
        start = 0
        while start < len(rows):
            earlier = len(rows) - start < len(self.rows)
            if size + (dots if earlier else 0) <= limit:
                break
            size -= body[start]
            start += 1
        return rows[start:]

    def latest(self, limit: int, most: int | None = None) -> str:
        """The latest rows (at most ``most``) in a block of at most ``limit`` characters, the
        oldest left off first (a row of ``…`` says so); the rows without what was played when
        not even one fits with it."""
        memo = (i18n.current(), limit, most)
        block = self._latest.get(memo)
        if block is None:
            block = self._latest[memo] = self._lay_out_latest(limit, most)
        return block

    def _lay_out_latest(self, limit: int, most: int | None) -> str:
        rows = self.fitting(limit, most)
        earlier = len(rows) < len(self.rows)
        if rows or not self.rows:
            return self.block(rows, earlier=earlier)
        last = self.rows[-1:]
        return self.block(last, what=0, earlier=len(self.rows) > 1)[:limit]

    def legend(self, rows: Sequence[SheetRow]) -> str | None:
        """What the marks of ``rows`` and the numbers in their notes mean, when one is
        there."""
        lines = []
        if any(row.bock for row in rows):
            lines.append(_("{mark}: Bock, counted double", mark=BOCK_MARK))
        if self.notes and any(any(c.isdigit() for c in row.what) for row in rows):
            lines.append(self.notes)
        return "\n".join(lines) or None


def shortened(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters, cut between words (never inside one), ``…``
    where it was cut."""
    if len(text) <= width:
        return text
    cut = text[: width - 1]
    if text[width - 1] != " ":
        cut = cut.rpartition(" ")[0]
    return cut.rstrip(" ·,:;") + "…"


_SHEETS: weakref.WeakKeyDictionary[Match, tuple[tuple[object, ...], Sheet]] = (
    weakref.WeakKeyDictionary()
)
"""The last sheet built of each match, with what it was built from (``sheet_of``)."""


def sheet_of(table: Table, upto: int | None = None) -> Sheet | None:
    """The score sheet of the table's match up to deal ``upto`` (all finished deals if None).
    The one built last for the match is used again while it is built from the same: the
    finished deals (a match only ever adds to them), the rules, the players' names, the
    reader's language and look."""
    match = table.match
    if match is None:
        return None
    made = (
        len(match.finished_deals), upto, table.rules, i18n.current(), faces.current(),
        tuple((seat.name, seat.ai is not None) for seat in table.seats),
    )  # fmt: skip
    last = _SHEETS.get(match)
    if last is not None and last[0] == made:
        return last[1]
    sheet = _build_sheet(table, match, upto)
    _SHEETS[match] = (made, sheet)
    return sheet


def _build_sheet(table: Table, match: Match, upto: int | None) -> Sheet:
    renderer = renderer_for(table.rules)
    names = sheet_names([player_name(seat.name, ai=seat.ai is not None) for seat in table.seats])
    totals = [Fraction(0)] * len(table.seats)
    rows = []
    for entry in match.finished_deals:
        if upto is not None and entry.number > upto:
            break
        totals = [a + b for a, b in zip(totals, entry.table_scores, strict=True)]
        rows.append(_row(table, entry, names))
    unit = renderer.unit(table.rules)
    return Sheet(tuple(names), tuple(rows), tuple(totals), unit, sheet_legend(table.rules))


def _row(table: Table, entry: SheetEntry, names: list[str]) -> SheetRow:
    """A deal's row; what was played names the players as the columns do."""
    in_deal = [names[seat] for seat in entry.seats]
    what = renderer_for(table.rules).deal_line(entry.result, in_deal) or ""
    scores = tuple(
        Fraction(entry.table_scores[seat]) if seat in entry.seats else None
        for seat in range(len(table.seats))
    )
    return SheetRow(entry.number + 1, bool(entry.bock), scores, what.replace("**", ""))


def score_sheet(table: Table, match: Match) -> str:
    """The latest deals' scores in fixed player columns with the totals, Bock deals marked,
    what the match carries (the Stock) and the Bock deals still to come."""
    extra = []
    pot = carry_line(table.rules, match.carry)
    if pot:
        extra.append(pot)
    if match.bock_pending:
        after = match.bock_pending - 1
        if after:
            extra.append(
                _n(
                    "**Bock:** this deal counts double, and {count} more after it",
                    "**Bock:** this deal counts double, and {count} more after it",
                    after,
                )
            )
        else:
            extra.append(_("**Bock:** this deal counts double (the last Bock deal)"))
    sheet = sheet_of(table)
    if sheet is None or not sheet.rows:
        return "\n".join(extra)[:FIELD_LIMIT]
    legend = sheet.legend(sheet.rows[-SHEET_DEALS:])
    tail = ([legend] if legend else []) + extra
    room = FIELD_LIMIT - sum(len(line) + 1 for line in tail)
    return "\n".join([sheet.latest(room, SHEET_DEALS), *tail])[:FIELD_LIMIT]


def deal_title(table: Table, number: int) -> str:
    """``Skat #7 — deal 2 of 3``; ``— deal 5`` for a game played until
    somebody wins (Ramsen), which has no number of deals."""
    if table.rules.plays_to_a_winner():
        return _("{table} — deal {number}", table=table_title(table), number=number + 1)
    total = table.options.rounds * table.options.seats
    return _(
        "{table} — deal {number} of {total}",
        table=table_title(table), number=number + 1, total=total,
    )  # fmt: skip


@table_look
def render_table_closed(table: Table, note: str, deal: int | None = None) -> Rendered:
    """A table message whose deal (numbered, 0-based) or session is over: no buttons."""
    title = table_title(table) if deal is None else deal_title(table, deal)
    embed = discord.Embed(title=title, description=note, colour=CLOSED_COLOUR)
    return Rendered(embeds=[embed], layout=True)

"""What `/ramsch replay` reads of a finished deal: its record and the names of whoever held its
seats in that deal (a seat a substitute took over later names its earlier holder)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.storage.backend import Connection
from bot.storage.holders import HELD_BY, holders_at


@dataclass(frozen=True)
class StoredDeal:
    """A finished deal of a guild's table, as a replay needs it."""

    table_id: int
    deal_number: int
    """0-based."""
    record: dict[str, Any]
    """The game record (``ramsch_core.deal_record``, seed form)."""
    names: tuple[str, ...]
    """The players' names by deal seat (forehand first)."""
    robots: tuple[bool, ...]
    """Per deal seat, whether an AI played it."""
    deals: int
    """How many deals of the table are finished."""


async def stored_deal(
    db: Connection, table_id: int, deal_number: int | None, guild_id: int
) -> StoredDeal | None:
    """Deal ``deal_number`` (None: the last finished one) of a table of ``guild_id``; None if
    there is no such finished deal there."""
    rows = list(
        await db.execute_fetchall(
            "SELECT r.deal_number, r.record, r.seats,"
            " (SELECT COUNT(*) FROM deal_results c WHERE c.table_id = r.table_id)"
            " FROM deal_results r JOIN tables t ON t.id = r.table_id"
            " WHERE r.table_id = :table AND t.guild_id = :guild"
            " AND (CAST(:deal AS INTEGER) IS NULL OR r.deal_number = :deal)"
            " ORDER BY r.deal_number DESC LIMIT 1",
            {"table": table_id, "guild": guild_id, "deal": deal_number},
        )
    )
    if not rows:
        return None
    number, record, seats, deals = rows[0]
    people = {
        seat: (holder.name, holder.ai is not None)
        for seat, holder in (await holders_at(db, table_id, int(number))).items()
    }
    deal_seats = [int(seat) for seat in json.loads(seats)]
    shown = [people.get(seat, (f"#{seat + 1}", False)) for seat in deal_seats]
    return StoredDeal(
        table_id=table_id,
        deal_number=int(number),
        record=json.loads(record),
        names=tuple(name for name, _ in shown),
        robots=tuple(robot for _, robot in shown),
        deals=int(deals),
    )


async def latest_table(db: Connection, user_id: int, guild_id: int) -> int | None:
    """The table of ``guild_id`` where ``user_id`` sat (in any of its deals) whose last deal
    finished most recently."""
    rows = list(
        await db.execute_fetchall(
            "SELECT r.table_id FROM deal_results r JOIN tables t ON t.id = r.table_id"
            f" WHERE t.guild_id = :guild AND {HELD_BY.format(table='r.table_id')}"
            " ORDER BY r.finished_at DESC, r.table_id DESC LIMIT 1",
            {"guild": guild_id, "user": user_id},
        )
    )
    return int(rows[0][0]) if rows else None

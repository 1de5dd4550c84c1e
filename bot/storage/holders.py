"""Who held each seat of a table in a given deal: the seat's ``seats`` row, or the earlier
holder ``seat_holders`` (migration 015) keeps for the deals before a substitute took it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.backend import Connection


@dataclass(frozen=True)
class Holder:
    """A seat's holder: a player (``user_id``) or an AI (``ai`` its kind), by his name."""

    user_id: int | None
    name: str
    ai: str | None


HELD_BY = (
    "(EXISTS (SELECT 1 FROM seats WHERE seats.table_id = {table} AND seats.user_id = :user)"
    " OR EXISTS (SELECT 1 FROM seat_holders h WHERE h.table_id = {table}"
    " AND h.user_id = :user)"
    " OR EXISTS (SELECT 1 FROM deal_scores d WHERE d.table_id = {table}"
    " AND d.user_id = :user))"
)
"""SQL: whether ``:user`` held a seat of table ``{table}``: now, before a substitute took it
over, or in a finished deal (this also finds a seat he left before ``seat_holders`` was
kept)."""


async def holders_at(db: Connection, table_id: int, deal_number: int) -> dict[int, Holder]:
    """Each seat's holder in deal ``deal_number`` (0-based) of the table, by seat."""
    found = {
        int(seat): Holder(user, name, ai)
        for seat, user, name, ai in await db.execute_fetchall(
            "SELECT seat, user_id, name, ai FROM seats WHERE table_id = ?", (table_id,)
        )
    }
    for seat, user, name, ai in await db.execute_fetchall(
        "SELECT seat, user_id, name, ai FROM seat_holders WHERE table_id = ?"
        " AND from_deal <= ? AND to_deal > ?",
        (table_id, deal_number, deal_number),
    ):
        found[int(seat)] = Holder(user, name, ai)
    return found

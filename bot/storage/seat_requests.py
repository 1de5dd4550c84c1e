"""Substitutes' requests for a seat of a running table, and the seat changing hands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.storage.repository import Repository

RequestStatus = Literal["asked", "accepted", "refused", "seated", "dropped"]
OPEN: tuple[RequestStatus, ...] = ("asked", "accepted")
"""A request the host has not answered yet, or one he accepted that waits for the deal's end."""


@dataclass
class SeatRequest:
    """A member's request to take over ``seat`` (an AI seat or an away player's)."""

    table_id: int
    number: int
    """The request's number within its table (0, 1, …): its buttons carry it."""
    seat: int
    user_id: int
    name: str
    status: RequestStatus
    asked_at: float
    from_deal: int | None = None
    """The deal (0-based) from which he held the seat, once seated."""
    released_ai: str | None = None
    """The AI kind the seat had before he took it (None: it was an away player's)."""

    @property
    def open(self) -> bool:
        return self.status in OPEN


_COLUMNS = "table_id, number, seat, user_id, name, status, asked_at, from_deal, released_ai"


class SeatRequestRepository(Repository):
    """Requests for a seat (``store.seat_requests``); each write is one transaction."""

    async def ask(self, table_id: int, seat: int, user_id: int, name: str, at: float) -> int:
        """Record a new request (status ``asked``) and return its number."""
        async with self._transaction() as db:
            rows = await db.execute_fetchall(
                "SELECT COALESCE(MAX(number) + 1, 0) FROM seat_requests WHERE table_id = ?",
                (table_id,),
            )
            number = int(next(iter(rows))[0])
            await db.execute(
                f"INSERT INTO seat_requests ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, 'asked', ?,"
                " NULL, NULL)",
                (table_id, number, seat, user_id, name, at),
            )
        return number

    async def requests(self, table_id: int) -> list[SeatRequest]:
        """Every request of a table, oldest first."""
        rows = await self._fetch(
            f"SELECT {_COLUMNS} FROM seat_requests WHERE table_id = ? ORDER BY number",
            (table_id,),
        )
        return [SeatRequest(*row) for row in rows]

    async def set_status(self, table_id: int, number: int, status: RequestStatus) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seat_requests SET status = ? WHERE table_id = ? AND number = ?",
                (status, table_id, number),
            )

    async def drop_open(self, table_id: int) -> None:
        """The table ended: its open requests are dropped."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seat_requests SET status = 'dropped' WHERE table_id = ?"
                " AND status IN ('asked', 'accepted')",
                (table_id,),
            )

    async def seat(self, request: SeatRequest, from_deal: int, released_ai: str | None) -> None:
        """The request's member holds its seat from ``from_deal`` on: the seat's row names
        him (no AI, not away) and the request is marked seated, in one transaction. The
        holder it had (an AI or an away player) is kept in ``seat_holders`` for the deals he
        played it (none: no row), so that those deals still name him."""
        async with self._transaction() as db:
            rows = await db.execute_fetchall(
                "SELECT COALESCE(MAX(to_deal), 0) FROM seat_holders WHERE table_id = ?"
                " AND seat = ?",
                (request.table_id, request.seat),
            )
            held_from = int(next(iter(rows))[0])
            if from_deal > held_from:
                await db.execute(
                    "INSERT INTO seat_holders (table_id, seat, from_deal, to_deal, user_id,"
                    " name, ai) SELECT table_id, seat, CAST(? AS INTEGER), CAST(? AS INTEGER),"
                    " user_id, name, ai FROM seats WHERE table_id = ? AND seat = ?",
                    (held_from, from_deal, request.table_id, request.seat),
                )
            await db.execute(
                "UPDATE seats SET user_id = ?, name = ?, ai = NULL, away = 0"
                " WHERE table_id = ? AND seat = ?",
                (request.user_id, request.name, request.table_id, request.seat),
            )
            await db.execute(
                "UPDATE seat_requests SET status = 'seated', from_deal = ?, released_ai = ?"
                " WHERE table_id = ? AND number = ?",
                (from_deal, released_ai, request.table_id, request.number),
            )

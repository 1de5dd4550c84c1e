"""The store's part for play again and table threads (issue 13): finished tables read back,
Play again confirmations, and the threads tables play in. Tables in 009_social.sql."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.storage.repository import Repository
from bot.storage.rows import StoredSeat


@dataclass(frozen=True)
class PastTable:
    """A table as stored, without its log: what Play again and New table start from."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: str
    rules: dict[str, object]
    options: dict[str, object]
    seats: list[StoredSeat]


@dataclass(frozen=True)
class Rematch:
    """The Play again of a finished table: the seats that confirmed, the table it opened."""

    confirmed: tuple[int, ...] = ()
    new_table_id: int | None = None


@dataclass(frozen=True)
class TableThread:
    table_id: int
    parent_id: int
    announcement_id: int
    thread_id: int


class SocialRepository(Repository):
    """Reads and writes of the social tables (``store.social``)."""

    async def past_table(self, table_id: int) -> PastTable | None:
        rows = await self._fetch(
            "SELECT id, guild_id, channel_id, host_id, status, rules, options FROM tables"
            " WHERE id = ?",
            (table_id,),
        )
        if not rows:
            return None
        row = rows[0]
        seats = await self._fetch(
            "SELECT seat, user_id, name, ai, away FROM seats WHERE table_id = ? ORDER BY seat",
            (table_id,),
        )
        return PastTable(
            id=row[0],
            guild_id=row[1],
            channel_id=row[2],
            host_id=row[3],
            status=row[4],
            rules=json.loads(row[5]),
            options=json.loads(row[6]),
            seats=[StoredSeat(s[0], s[1], s[2], s[3], bool(s[4])) for s in seats],
        )

    async def rematch(self, table_id: int) -> Rematch:
        rows = await self._fetch(
            "SELECT confirmed, new_table_id FROM rematches WHERE table_id = ?", (table_id,)
        )
        if not rows:
            return Rematch()
        seats = json.loads(rows[0][0])
        return Rematch(tuple(int(seat) for seat in seats), rows[0][1])

    async def save_rematch(self, table_id: int, rematch: Rematch, at: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO rematches (table_id, confirmed, new_table_id, updated_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET"
                " confirmed = excluded.confirmed, new_table_id = excluded.new_table_id,"
                " updated_at = excluded.updated_at",
                (table_id, json.dumps(list(rematch.confirmed)), rematch.new_table_id, at),
            )

    async def move_table(self, table_id: int, channel_id: int) -> None:
        """The table plays in ``channel_id`` (its thread) from now on."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tables SET channel_id = ? WHERE id = ?", (channel_id, table_id)
            )

    async def save_thread(self, thread: TableThread) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO table_threads (table_id, parent_id, announcement_id, thread_id)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET"
                " parent_id = excluded.parent_id, announcement_id = excluded.announcement_id,"
                " thread_id = excluded.thread_id",
                (thread.table_id, thread.parent_id, thread.announcement_id, thread.thread_id),
            )

    async def thread_of(self, table_id: int) -> TableThread | None:
        rows = await self._fetch(
            "SELECT table_id, parent_id, announcement_id, thread_id FROM table_threads"
            " WHERE table_id = ?",
            (table_id,),
        )
        return TableThread(*rows[0]) if rows else None

    async def threads_in(self, thread_id: int) -> list[TableThread]:
        """The tables whose announcement links the thread ``thread_id``."""
        rows = await self._fetch(
            "SELECT table_id, parent_id, announcement_id, thread_id FROM table_threads"
            " WHERE thread_id = ? ORDER BY table_id",
            (thread_id,),
        )
        return [TableThread(*row) for row in rows]

    async def forget_thread(self, table_id: int) -> None:
        """The announcement shows the table's end: nothing more to do for it."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM table_threads WHERE table_id = ?", (table_id,))

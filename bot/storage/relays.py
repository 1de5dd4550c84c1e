"""Clicks relayed to the process that owns their table (bot/cluster.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage.repository import Repository


class RelayRepository(Repository):
    """Relayed interactions and what they need to find their process (``store.relays``)."""

    async def table_guild(self, table_id: int) -> int | None:
        """The server of a lobby or running table; None if it is unknown or over."""
        rows = await self._fetch(
            "SELECT guild_id FROM tables WHERE id = ? AND status IN ('lobby', 'playing')",
            (table_id,),
        )
        return int(rows[0][0]) if rows else None

    async def relay_interaction(
        self, interaction_id: int, table_id: int, shard: int, payload: str, at: float
    ) -> int | None:
        """Leave a click for the process that owns shard ``shard`` and tell it (PostgreSQL:
        ``NOTIFY ramsch_relay, 'shard:id'``, sent at the commit); the row's id, or None if
        this interaction was relayed already. One statement: a burst of clicks is relayed
        one round trip each."""
        insert = (
            "INSERT INTO relayed_interactions (interaction_id, table_id, shard, payload, at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (interaction_id) DO NOTHING RETURNING id"
        )
        params: tuple[Any, ...] = (interaction_id, table_id, shard, payload, at)
        if self.postgres:
            insert = (
                f"WITH added AS ({insert}) SELECT id, pg_notify('ramsch_relay',"
                " CAST(? AS TEXT) || ':' || id) FROM added"
            )
            params += (str(shard),)
        rows = await self._fetch(insert, params)  # autocommit: one statement
        return int(rows[0][0]) if rows else None

    async def claim_relayed(self, row_ids: Sequence[int], at: float) -> list[tuple[int, str]]:
        """Take relayed clicks to handle them: the ids and payloads of those no other process
        took first (exactly one process handles each), in the order they were relayed."""
        if not row_ids:
            return []
        marks = ", ".join("?" * len(row_ids))
        rows = await self._fetch(  # one autocommit statement for a whole burst
            "UPDATE relayed_interactions SET claimed_at = ?"
            f" WHERE id IN ({marks}) AND claimed_at IS NULL RETURNING id, payload",
            (at, *row_ids),
        )
        return sorted((int(row[0]), str(row[1])) for row in rows)

    async def relayed_for(self, shards: Sequence[int], before: float) -> list[int]:
        """Relayed clicks for ``shards`` left since ``before`` (missed notifications)."""
        if not shards:
            return []
        marks = ", ".join("?" * len(shards))
        rows = await self._fetch(
            f"SELECT id FROM relayed_interactions WHERE shard IN ({marks}) AND at >= ?"
            " AND claimed_at IS NULL ORDER BY id",
            (*shards, before),
        )
        return [int(row[0]) for row in rows]

    async def forget_relayed(self, before: float) -> None:
        """Drop relayed clicks older than ``before`` (nobody can answer them any more)."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM relayed_interactions WHERE at < ?", (before,))

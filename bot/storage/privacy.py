"""Privacy: a user's identity removed from the database (``/ramsch forget-me``; issue 13,
docs/privacy.md)."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from bot.storage.backend import Connection, PgConnection
from bot.storage.repository import FORGET_LOCK, Repository
from bot.storage.rows import FORGOTTEN, FORMER_PLAYER, Forgotten

logger = logging.getLogger(__name__)
LIVE_TABLES_OF = (
    "SELECT t.id FROM tables t WHERE t.status IN ('lobby', 'playing') AND (t.host_id = :user"
    " OR EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = :user))"
    " ORDER BY t.id"
)
"""The lobbies and playing tables a user (``:user``) sits at or hosts: forget-me waits for
them. A finished table counts as over at once, even while its end is being shown."""


class PrivacyRepository(Repository):
    """Who plays where, and forgetting a user (``store.privacy``)."""

    async def live_tables_of(self, user_id: int) -> list[int]:
        """The lobbies and playing tables the user sits at or hosts."""
        async with self._reading() as db:
            rows = await db.execute_fetchall(LIVE_TABLES_OF, {"user": user_id})
        return [int(row[0]) for row in rows]

    async def forget_user(self, user_id: int) -> Forgotten:
        """Remove a user's identity from the database, in one transaction; refused (nothing
        changed, ``live_tables`` named) while he sits at or hosts a lobby or a playing table.

        The log's person keeps its number (the log keeps its order and seats) but no longer
        names him; his seats (those he left to a substitute too) become a former player's
        (``FORGOTTEN``, ``FORMER_PLAYER``), as do the tables he hosted and his places in deal
        results; his scores no longer count for
        anyone; his hand DMs' records, his preferences and every row of any other table keyed
        by ``user_id`` (ratings, …) are deleted."""
        try:  # his finished matches rate the others first, while his seats still name him
            await self._store.ratings.rate_finished_matches()
        except Exception:
            logger.exception("Could not rate the finished matches before forgetting a user")
        async with self._transaction(FORGET_LOCK) as db:
            live = await db.execute_fetchall(LIVE_TABLES_OF, {"user": user_id})
            if live:
                return Forgotten(live_tables=tuple(int(row[0]) for row in live))
            changed: dict[str, int] = {}

            async def run(table: str, sql: str, params: Sequence[Any]) -> None:
                cursor = await db.execute(sql, params)
                if cursor.rowcount > 0:
                    changed[table] = changed.get(table, 0) + cursor.rowcount

            await run("people", "UPDATE people SET user_id = NULL WHERE user_id = ?", (user_id,))
            await run(
                "seats",
                "UPDATE seats SET user_id = ?, name = ? WHERE user_id = ?",
                (FORGOTTEN, FORMER_PLAYER, user_id),
            )
            await run(
                "seat_holders",
                "UPDATE seat_holders SET user_id = ?, name = ? WHERE user_id = ?",
                (FORGOTTEN, FORMER_PLAYER, user_id),
            )
            await run(
                "tables", "UPDATE tables SET host_id = ? WHERE host_id = ?", (FORGOTTEN, user_id)
            )
            await run(
                "deal_scores", "UPDATE deal_scores SET user_id = NULL WHERE user_id = ?", (user_id,)
            )
            results = await db.execute_fetchall(
                "SELECT table_id, deal_number, user_ids FROM deal_results WHERE"
                " user_ids::jsonb @> jsonb_build_array(?::bigint)"
                if self.postgres
                else "SELECT table_id, deal_number, user_ids FROM deal_results WHERE EXISTS"
                " (SELECT 1 FROM json_each(deal_results.user_ids) WHERE value = ?)",
                (user_id,),
            )
            for table_id, number, users in results:
                kept = [FORGOTTEN if user == user_id else user for user in json.loads(users)]
                await run(
                    "deal_results",
                    "UPDATE deal_results SET user_ids = ? WHERE table_id = ? AND deal_number = ?",
                    (json.dumps(kept), table_id, number),
                )
            handled = {
                "people",
                "seats",
                "seat_holders",
                "tables",
                "deal_scores",
                "deal_results",
                "actions",
            }
            for table in await self._tables_with_user_id(db):
                if table in handled:
                    continue
                quoted = '"' + str(table).replace('"', '""') + '"'
                # shown_hands, user_preferences, ratings, rating_changes, and any later
                # table keyed by users: the user's rows go.
                await run(table, f"DELETE FROM {quoted} WHERE user_id = ?", (user_id,))
            if self.postgres:  # the other processes drop his preferences from memory too
                await db.execute("SELECT pg_notify('ramsch_preferences', ?)", (str(user_id),))
        self._store.tables.forget_person(user_id)
        return Forgotten(changed=changed)

    async def _tables_with_user_id(self, db: Connection) -> list[str]:
        """The database's tables with a ``user_id`` column, by name."""
        if isinstance(db, PgConnection):
            rows = await db.execute_fetchall(
                "SELECT table_name FROM information_schema.columns WHERE column_name = 'user_id'"
                " AND table_schema = current_schema() ORDER BY table_name"
            )
            return [str(row[0]) for row in rows]
        found = []
        for (table,) in await db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite%' ORDER BY name"
        ):
            quoted = '"' + str(table).replace('"', '""') + '"'
            columns = {row[1] for row in await db.execute_fetchall(
                f"PRAGMA table_info({quoted})")}  # fmt: skip
            if "user_id" in columns:
                found.append(str(table))
        return found

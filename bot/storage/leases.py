"""The rows of the process lease (bot/storage/lease.py says how a process uses them): one
bot process per database, or per shard."""

from __future__ import annotations

from collections.abc import Callable

from bot.storage.lease import LeaseHolder
from bot.storage.repository import LEASE_LOCK, Repository


class LeaseRepository(Repository):
    """The leases of the processes (``store.leases``; issue 13)."""

    async def take_lease(
        self,
        scope: str,
        holder: str,
        *,
        host: str,
        pid: int,
        now: float,
        duration: float,
        gone: Callable[[LeaseHolder, float], bool],
        rivals: Callable[[str], bool] | None = None,
    ) -> LeaseHolder | None:
        """Take ``scope``'s lease for ``holder`` until ``now + duration`` if it is free, held
        by ``holder`` already, or ``gone(current holder, now)``, and no other scope for which
        ``rivals(scope)`` is true is held by a live process (``all`` and the ``shard:N``
        scopes exclude each other); else the holder in the way (nothing written). One
        IMMEDIATE transaction: of two processes trying at once, one takes it and the other
        sees it taken (on PostgreSQL: an advisory lock)."""
        async with self._transaction(LEASE_LOCK) as db:
            rows = list(await db.execute_fetchall(
                "SELECT scope, holder, host, pid, acquired_at, expires_at FROM process_lease"
                ))  # fmt: skip
            for row in rows:
                current = LeaseHolder(*row[1:])
                if row[0] != scope and (rivals is None or not rivals(row[0])):
                    continue
                if current.holder != holder and not gone(current, now):
                    return current
            await db.execute(
                "INSERT INTO process_lease (scope, holder, host, pid, acquired_at, renewed_at,"
                " expires_at, wanted_by) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)"
                " ON CONFLICT (scope) DO UPDATE SET"
                " holder = excluded.holder, host = excluded.host, pid = excluded.pid,"
                " acquired_at = excluded.acquired_at, renewed_at = excluded.renewed_at,"
                " expires_at = excluded.expires_at, wanted_by = NULL",
                (scope, holder, host, pid, now, now, now + duration),
            )
        return None

    async def renew_lease(self, scope: str, holder: str, *, now: float, duration: float) -> bool:
        """Extend ``holder``'s lease of ``scope``; False if another process holds it now."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE process_lease SET renewed_at = ?, expires_at = ?"
                " WHERE scope = ? AND holder = ?",
                (now, now + duration, scope, holder),
            )
            return cursor.rowcount > 0

    async def release_lease(self, scope: str, holder: str) -> None:
        """Give ``scope``'s lease up, if ``holder`` still holds it."""
        async with self._transaction() as db:
            await db.execute(
                "DELETE FROM process_lease WHERE scope = ? AND holder = ?", (scope, holder)
            )

    async def lease_holder(self, scope: str) -> LeaseHolder | None:
        """Who holds ``scope``'s lease (possibly expired), if anyone."""
        rows = await self._fetch(
            "SELECT holder, host, pid, acquired_at, expires_at FROM process_lease WHERE scope = ?",
            (scope,),
        )
        return LeaseHolder(*rows[0]) if rows else None

    async def all(self) -> list[tuple[str, LeaseHolder, str | None]]:
        """Every lease (possibly expired): its scope, holder and who asks for it back."""
        rows = await self._fetch(
            "SELECT scope, holder, host, pid, acquired_at, expires_at, wanted_by"
            " FROM process_lease ORDER BY scope"
        )
        return [(row[0], LeaseHolder(*row[1:6]), row[6]) for row in rows]

    async def want_lease(self, scope: str, wanted_by: str) -> None:
        """Ask the holder of ``scope``'s lease to hand it back (it took it over while its
        process was down)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE process_lease SET wanted_by = ? WHERE scope = ?", (wanted_by, scope)
            )

"""What the command sync last sent to Discord per scope (bot/commands/sync.py: sync only what
changed)."""

from __future__ import annotations

from bot.storage.repository import Repository


class CommandSyncRepository(Repository):
    """The hashes of the synced command payloads (``store.commands``)."""

    async def command_hashes(self) -> dict[int, str]:
        """What was last synced per scope (0: global, else a guild id): the payload's hash."""
        rows = await self._fetch("SELECT scope, hash FROM command_sync")
        return {int(scope): str(digest) for scope, digest in rows}

    async def save_command_hash(self, scope: int, digest: str, at: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO command_sync (scope, hash, synced_at) VALUES (?, ?, ?)"
                " ON CONFLICT (scope) DO UPDATE SET hash = excluded.hash,"
                " synced_at = excluded.synced_at",
                (scope, digest, at),
            )

    async def forget_command_hash(self, scope: int) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM command_sync WHERE scope = ?", (scope,))

"""Server settings: what a server's admins chose (bot/tables/guilds.py reads and checks
them)."""

from __future__ import annotations

import json
from typing import Any

from bot.storage.repository import Repository


class SettingsRepository(Repository):
    """Each server's settings, as JSON (``store.settings``)."""

    async def load_guild_settings(self, guild_id: int) -> dict[str, Any] | None:
        rows = await self._fetch(
            "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return json.loads(rows[0][0]) if rows else None

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any], at: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
                " updated_at = excluded.updated_at",
                (guild_id, json.dumps(settings), at),
            )

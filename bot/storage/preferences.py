"""Each user's language and choice of cards (bot/preferences.py keeps them in memory)."""

from __future__ import annotations

from bot.storage.repository import Repository
from bot.storage.rows import UserPreferenceRow


class PreferenceRepository(Repository):
    """The users' preferences (``store.preferences``)."""

    async def load_user_preferences(self, user_id: int | None = None) -> list[UserPreferenceRow]:
        """Every user's preferences (a few bytes each: read once at start-up), or one user's
        (another process changed them)."""
        sql = "SELECT user_id, language, pack, four_colour, pictures FROM user_preferences"
        if user_id is None:
            rows = await self._fetch(sql)
        else:
            rows = await self._fetch(sql + " WHERE user_id = ?", (user_id,))
        return [
            UserPreferenceRow(user_id, language, pack, bool(four), bool(pictures))
            for user_id, language, pack, four, pictures in rows
        ]

    async def save_user_preference(self, row: UserPreferenceRow, at: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO user_preferences"
                " (user_id, language, pack, four_colour, pictures, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                " language = excluded.language, pack = excluded.pack,"
                " four_colour = excluded.four_colour, pictures = excluded.pictures,"
                " updated_at = excluded.updated_at",
                (row.user_id, row.language, row.pack, int(row.four_colour), int(row.pictures), at),
            )
            if self.postgres:  # the other processes read it again (bot/cluster.py)
                await db.execute("SELECT pg_notify('ramsch_preferences', ?)", (str(row.user_id),))

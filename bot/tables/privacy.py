"""`/ramsch forget-me`: a user's identity removed from the database (see docs/privacy.md)."""

from __future__ import annotations

from bot.storage import Forgotten, Store
from bot.tables.errors import TableError


class StillPlaying(TableError):
    """The user sits at (or hosts) a lobby or a table that is not over: nothing is forgotten."""


class Privacy:
    """Forget-me: whether a user may be forgotten now, and forgetting him."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def forget_user(self, user_id: int) -> Forgotten:
        """Forget ``user_id`` (``store.privacy.forget_user``, one transaction); StillPlaying,
        and nothing changed, while he is at a lobby or a table that is not over. The check and
        the erasure are one transaction: a join committed first is seen, a join committed
        after seats him anew."""
        result = await self.store.privacy.forget_user(user_id)
        if not result.done:
            raise StillPlaying(
                "You are at table #{table}: leave or finish your table first.",
                table=result.live_tables[0],
            )
        return result

    async def check_not_playing(self, user_id: int) -> None:
        """StillPlaying if the user is at a lobby or a table that is not over (nothing
        changes)."""
        live = await self.store.privacy.live_tables_of(user_id)
        if live:
            raise StillPlaying(
                "You are at table #{table}: leave or finish your table first.", table=live[0]
            )

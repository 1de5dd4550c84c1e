"""The threads tables play in (server setting ``threads``): the announcement each was opened
from, to show the table's start or end there."""

from __future__ import annotations

from bot.storage import Store
from bot.storage.social import TableThread


class Threads:
    """Each table's thread and announcement, as the store keeps them."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def save(self, thread: TableThread) -> None:
        await self.store.social.save_thread(thread)

    async def of(self, table_id: int) -> TableThread | None:
        """The table's thread, if it plays in one whose announcement is not done with."""
        return await self.store.social.thread_of(table_id)

    async def in_thread(self, thread_id: int) -> list[TableThread]:
        """The tables, open or over, whose announcement still links ``thread_id``."""
        return await self.store.social.threads_in(thread_id)

    async def forget(self, table_id: int) -> None:
        """Nothing more to show in the table's announcement (the table was cancelled, or its
        thread is gone)."""
        await self.store.social.forget_thread(table_id)

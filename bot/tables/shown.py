"""What the adapter last showed of each table (its message, its hand DMs): the publisher
records it as the messages change, and a start reads it back to edit them instead of posting
anew (docs/storage.md)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage import ShownTable, Store


class ShownRecords:
    """The shown records of the tables, as the store keeps them."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def load(self) -> dict[int, ShownTable]:
        """What the messages of every recovered table showed, by table id."""
        return await self.store.shown.load_shown()

    async def save(
        self, shown: Sequence[ShownTable], *, forget: Sequence[int] = (), at: float
    ) -> None:
        """Record what tables' messages show now, and forget the records of ``forget`` tables
        (they are over); one transaction."""
        await self.store.shown.save_shown(shown, forget=forget, at=at)

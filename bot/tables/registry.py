"""Tables in memory: one lock each, and the listeners told of every change in order."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from bot.tables.errors import NotFound
from bot.tables.model import Table, Update

logger = logging.getLogger(__name__)

Listener = Callable[[Update], Awaitable[None]]


class TableRegistry:
    """The lobbies and running tables of this process; a table is changed only under its lock."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.listeners: list[Listener] = []
        """Told of every change (the adapter renders), in order, under the table's lock."""
        self.after_change: list[Callable[[Table], None]] = []
        """Called after the listeners (the AI moves if an AI seat is now to act)."""
        self.on_forget: list[Callable[[int], None]] = []
        """Called with the id of a table dropped from memory."""
        self._tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def get(self, table_id: int) -> Table:
        """The table; NotFound if it is unknown, finished or cancelled."""
        try:
            return self._tables[table_id]
        except KeyError:
            raise NotFound("This table no longer exists") from None

    def __contains__(self, table_id: int) -> bool:
        return table_id in self._tables

    def ids(self) -> list[int]:
        return list(self._tables)

    def open_tables(self, channel_id: int | None = None) -> list[Table]:
        """Lobbies and running tables, oldest first (of one channel if given)."""
        return [
            table
            for table in self._tables.values()
            if channel_id is None or table.channel_id == channel_id
        ]

    def add(self, table: Table) -> None:
        self._tables[table.id] = table

    @asynccontextmanager
    async def locked(self, table_id: int) -> AsyncIterator[Table]:
        """The table under its lock; NotFound if it closed while we waited."""
        self.get(table_id)
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            yield self.get(table_id)

    def forget(self, table: Table) -> None:
        """Drop a finished or cancelled table from memory (the store keeps it)."""
        self._tables.pop(table.id, None)
        self._locks.pop(table.id, None)
        for hook in self.on_forget:
            hook(table.id)

    async def changed(self, update: Update) -> Update:
        """Bump the version, tell every listener (in order, under the table's lock), then the
        after-change hooks."""
        table = update.table
        table.version += 1
        table.updated_at = self.clock()
        for listener in list(self.listeners):
            try:
                await listener(update)
            except Exception:
                # The change is committed; a failed render must not undo or block it.
                logger.exception("Listener failed on %s of table %s", update.kind, table.id)
        for hook in self.after_change:
            hook(table)
        return update

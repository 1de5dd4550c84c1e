"""What every repository of the store shares: the store's one connection, its lock and its
transactions (bot/storage/store.py). A repository is one concern's reads and writes; the
store opens the database and holds one of each."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

from bot.storage.backend import Connection

if TYPE_CHECKING:
    from bot.storage.store import Store

LEASE_LOCK = 0x52414D5343480002
RATING_LOCK = 0x52414D5343480003
FORGET_LOCK = 0x52414D5343480004
"""PostgreSQL advisory lock keys (``Store.transaction(serial=…)``): taking a lease, rating the
next match, forgetting a user — each reads what it then writes, as one at a time in SQLite."""


class Repository:
    """One concern's reads and writes, on the store's connection. Every write method commits
    before it returns, in a transaction of the store (its lock held), or joins the
    ``store.transaction()`` its caller opened: the repositories of one store never interleave
    their statements."""

    def __init__(self, store: Store) -> None:
        self._store = store

    @property
    def postgres(self) -> bool:
        """Whether the database is PostgreSQL (else SQLite)."""
        return self._store.postgres

    @property
    def db(self) -> Connection:
        return self._store.db

    @property
    def _lock(self) -> asyncio.Lock:
        return self._store.lock

    def _transaction(self, serial: int | None = None) -> AbstractAsyncContextManager[Connection]:
        """A transaction of the store, or the one this coroutine is in (``Store.transaction``)."""
        return self._store.transaction(serial)

    def _reading(self) -> AbstractAsyncContextManager[Connection]:
        """The connection for a read of several statements (``Store.reading``)."""
        return self._store.reading()

    async def _fetch(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> list[Any]:
        return await self._store.fetch(sql, params)

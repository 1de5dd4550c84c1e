"""The two database backends: SQLite (a file path, the default) and PostgreSQL (a
``postgresql://`` URL, through asyncpg).

The store's SQL is written once, with SQLite's placeholders (``?`` and ``:name``). On
PostgreSQL, ``PgConnection`` stands in for the aiosqlite connection: the same ``execute``,
``execute_fetchall`` and ``executemany``, the placeholders rewritten to ``$1, $2, …``, rows
returned as tuples. What differs beyond that (an inserted row's id, the statement that touches
the tables of appended actions, the catalogue queries of forget-me and the integrity check) is
asked of ``Store.postgres`` where it is written."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import aiosqlite
import asyncpg

URL_SCHEMES = ("postgresql://", "postgres://")

DATABASE_ERRORS: tuple[type[BaseException], ...] = (
    sqlite3.Error,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
)
"""What a database may raise for a statement (not a bug of the bot): busy, refused, gone."""
INTEGRITY_ERRORS: tuple[type[BaseException], ...] = (
    sqlite3.IntegrityError,
    asyncpg.IntegrityConstraintViolationError,
)
"""A row refused by a constraint or by the append-only triggers of the action log."""


def is_postgres(target: str | Path) -> bool:
    """Whether ``RAMSCH_DB`` names a PostgreSQL database (a URL) rather than a SQLite file."""
    return isinstance(target, str) and target.lower().startswith(URL_SCHEMES)


def describe(target: str | Path) -> str:
    """``target`` for logs and messages: a URL without its password."""
    if not is_postgres(target):
        return str(target)
    parts = urlsplit(str(target))
    if parts.password is None:
        return str(target)
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[1]}"))


_TOKEN = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|::|\?|(?<![\w:]):([A-Za-z_]\w*)")


@lru_cache(maxsize=512)
def translate(sql: str) -> tuple[str, tuple[str, ...] | int]:
    """SQLite placeholders to PostgreSQL's: ``?`` numbered in order, ``:name`` numbered by
    name (a name used twice is one parameter). Quoted text and ``::`` casts are left alone.
    Returns the statement and either the names in parameter order or the count of ``?``."""
    names: dict[str, int] = {}
    count = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal count
        token = match.group(0)
        if token == "?":
            count += 1
            return f"${count}"
        name = match.group(1)
        if name is None:  # a quoted string or identifier, or a cast
            return token
        if name not in names:
            names[name] = len(names) + 1
        return f"${names[name]}"

    text = _TOKEN.sub(replace, sql)
    if names and count:
        raise ValueError("A statement mixes ? and :name placeholders")
    return text, (tuple(names) if names else count)


def _arguments(shape: tuple[str, ...] | int, params: Any) -> list[Any]:
    if isinstance(shape, tuple):
        if not isinstance(params, Mapping):
            raise TypeError("A statement with :name placeholders needs a mapping")
        return [params[name] for name in shape]
    values = list(params) if params is not None else []
    if len(values) != shape:
        raise ValueError(f"The statement has {shape} placeholders, given {len(values)} values")
    return values


class PgCursor:
    """What the store reads of a statement's cursor: how many rows it changed."""

    lastrowid: int | None = None

    def __init__(self, status: str | None) -> None:
        last = (status or "").rsplit(" ", 1)[-1]
        self.rowcount = int(last) if last.isdigit() else -1


class PgConnection:
    """An asyncpg connection that speaks to the store like an aiosqlite one (autocommit
    outside the store's own BEGIN … COMMIT, as the SQLite connection is opened).

    A lost connection (the server restarted, a network cut, no answer within
    ``COMMAND_TIMEOUT``) fails the statement that finds it lost; the next statement outside a
    transaction connects again, so the store recovers once the server is back. Inside a
    transaction nothing reconnects: its remaining statements fail (a new connection would run
    them outside the transaction) until its ROLLBACK. While the server can't be reached, each
    statement fails with ``ClientCannotConnectError`` (SQLSTATE 08001, one of
    ``DATABASE_ERRORS``; the URL in it without the password) after at most
    ``RECONNECT_TIMEOUT`` seconds."""

    RECONNECT_TIMEOUT = 10.0
    """Seconds a statement waits for a new connection (the store's lock is held meanwhile)."""
    COMMAND_TIMEOUT = 60.0
    """Seconds a statement may run before it fails (a server that stopped answering without
    closing the connection, e.g. a network dropping packets, must not hang the bot; the
    slowest statements, a migration of a large database, take seconds)."""

    def __init__(self, conn: asyncpg.Connection, url: str) -> None:
        self.conn = conn
        self.url = url
        self._open = False
        """Within the store's BEGIN … COMMIT/ROLLBACK."""

    @property
    def in_transaction(self) -> bool:
        return not self.conn.is_closed() and bool(self.conn.is_in_transaction())

    async def _connection(self) -> asyncpg.Connection:
        if self.conn.is_closed():
            if self._open:
                raise asyncpg.ConnectionDoesNotExistError(
                    "the connection to PostgreSQL was lost during a transaction"
                )
            try:
                self.conn = await asyncpg.connect(
                    self.url,
                    timeout=self.RECONNECT_TIMEOUT,
                    command_timeout=self.COMMAND_TIMEOUT,
                )
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                # Refused, timed out (TimeoutError is an OSError), starting up or shutting down:
                # the server can't be reached (a plain OSError is not one of DATABASE_ERRORS).
                raise asyncpg.exceptions.ClientCannotConnectError(
                    f"could not connect to {describe(self.url)}: {type(error).__name__}: {error}"
                ) from error
        return self.conn

    async def _call(self, method: str, *args: Any) -> Any:
        """``conn.<method>(*args)`` on the connection (a new one if it was lost). A protocol
        out of step (asyncpg's InternalClientError: the server's goodbye at a shutdown read
        while idle, before the end of the connection) drops the connection, as lost."""
        conn = await self._connection()
        try:
            return await getattr(conn, method)(*args)
        except asyncpg.InternalClientError as error:
            conn.terminate()
            raise asyncpg.ConnectionDoesNotExistError(
                f"the connection to PostgreSQL broke: {error}"
            ) from error
        except TimeoutError as error:
            # No answer within COMMAND_TIMEOUT: the server or the network stopped answering.
            # The connection is given up as lost (what the statement did is not known).
            conn.terminate()
            raise asyncpg.ConnectionDoesNotExistError(
                f"PostgreSQL did not answer within {self.COMMAND_TIMEOUT:g} s"
            ) from error

    async def execute(self, sql: str, params: Any = ()) -> PgCursor:
        text, shape = translate(sql)
        arguments = _arguments(shape, params)
        command = text.strip().upper()
        if command in ("COMMIT", "ROLLBACK"):
            if command == "ROLLBACK" and self.conn.is_closed():
                self._open = False  # the server rolled it back when the connection went
                return PgCursor(None)
            try:
                return PgCursor(await self._call("execute", text))
            finally:
                self._open = False
        status = await self._call("execute", text, *arguments)
        if command == "BEGIN":
            self._open = True
        return PgCursor(status)

    async def execute_fetchall(self, sql: str, params: Any = ()) -> list[tuple[Any, ...]]:
        text, shape = translate(sql)
        rows = await self._call("fetch", text, *_arguments(shape, params))
        return [tuple(row) for row in rows]

    async def fetchval(self, sql: str, params: Any = ()) -> Any:
        text, shape = translate(sql)
        return await self._call("fetchval", text, *_arguments(shape, params))

    async def executemany(self, sql: str, rows: Iterable[Any]) -> None:
        text, shape = translate(sql)
        batch = [_arguments(shape, row) for row in rows]
        if batch:
            await self._call("executemany", text, batch)

    async def close(self) -> None:
        await self.conn.close()


Connection = aiosqlite.Connection | PgConnection
"""The store's connection to either backend."""


async def connect_postgres(url: str) -> PgConnection:
    """One connection to the database of ``url`` (statements of the store's own SQL)."""
    conn = await asyncpg.connect(url, command_timeout=PgConnection.COMMAND_TIMEOUT)
    return PgConnection(conn, url)

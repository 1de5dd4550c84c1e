"""Why a database can't be opened, in one line an admin can act on (no traceback)."""

from __future__ import annotations

import os
import socket
import sqlite3
from pathlib import Path

import asyncpg

from bot.storage.backend import describe, is_postgres
from bot.storage.migrations import MigrationError


class StoreUnusable(Exception):
    """The database can't be used: a missing or read-only directory, a file that is not a
    SQLite database, a schema newer than this code, a lock held by another program. The
    message is one line saying what is wrong and what to check."""


def check_path(path: str | Path) -> None:
    """StoreUnusable if ``path`` can't hold the database (checked before SQLite tries, so the
    message can name the cause); ``:memory:`` is always fine."""
    if str(path) == ":memory:" or is_postgres(path):
        return
    file = Path(path)
    parent = file.parent
    if file.is_dir():
        raise StoreUnusable(
            f"The database path {file} is a directory: set RAMSCH_DB to a file in it,"
            f" e.g. {file / 'ramsch.sqlite3'}"
        )
    if not parent.is_dir():
        raise StoreUnusable(
            f"The directory of the database {file} does not exist: create {parent}"
            " or set RAMSCH_DB to a path in an existing directory"
        )
    if not os.access(parent, os.W_OK | os.X_OK):
        raise StoreUnusable(
            f"The directory {parent} is not writable for this user: the database {file.name}"
            " needs it for its -wal and -shm files; check the directory's owner and permissions"
            " (a bind mount must be writable for the container's user)"
        )
    if file.exists() and not os.access(file, os.R_OK | os.W_OK):
        raise StoreUnusable(
            f"The database {file} is not readable and writable for this user: check its owner"
            " and permissions"
        )


def unusable(path: str | Path, error: BaseException) -> StoreUnusable:
    """The one-line StoreUnusable for an error SQLite (or the migrations) raised on opening."""
    if is_postgres(path):
        return _unusable_postgres(describe(path), error)
    if isinstance(error, MigrationError):
        return StoreUnusable(f"The database {path} can't be used: {error}")
    text = " ".join(str(error).split()) or type(error).__name__
    lowered = text.lower()
    if "not a database" in lowered or "malformed" in lowered or "encrypted" in lowered:
        return StoreUnusable(
            f"The file {path} is not a SQLite database (or it is damaged): set RAMSCH_DB to"
            " the bot's database, or to a new file"
        )
    if "locked" in lowered or "busy" in lowered:
        return StoreUnusable(
            f"The database {path} is locked by another program: close that program (an open"
            " transaction in a sqlite3 shell, a backup tool) and start again"
        )
    if "readonly" in lowered or "read-only" in lowered:
        return StoreUnusable(
            f"The database {path} is read-only: check the owner and permissions of the file"
            " and of its directory (a bind mount must be writable)"
        )
    if "unable to open" in lowered:
        return StoreUnusable(
            f"Could not open the database {path}: check that its directory exists and is"
            " writable for this user"
        )
    return StoreUnusable(f"The database {path} can't be used ({text})")


def _unusable_postgres(url: str, error: BaseException) -> StoreUnusable:
    """``unusable`` for a PostgreSQL URL (shown without its password)."""
    if isinstance(error, MigrationError):
        return StoreUnusable(f"The database {url} can't be used: {error}")
    text = " ".join(str(error).split()) or type(error).__name__
    if isinstance(
        error, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError
    ):
        return StoreUnusable(
            f"PostgreSQL refused the login to {url} ({text}): check the user and password in"
            " RAMSCH_DB"
        )
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return StoreUnusable(
            f"The database of {url} does not exist on the PostgreSQL server: create it"
            " (createdb) or fix its name in RAMSCH_DB"
        )
    if isinstance(error, asyncpg.InsufficientPrivilegeError):
        return StoreUnusable(
            f"The PostgreSQL user of {url} may not create the bot's tables ({text}): grant it"
            " CREATE on the database's schema, or let its owner run the bot once"
        )
    if isinstance(error, OSError | socket.gaierror | TimeoutError):
        return StoreUnusable(
            f"Could not reach the PostgreSQL server of {url} ({text}): check that it runs and"
            " the host and port in RAMSCH_DB"
        )
    return StoreUnusable(f"The database {url} can't be used ({text})")


def is_open_error(error: BaseException) -> bool:
    """An error of opening a database that ``unusable`` explains (not a bug of the bot)."""
    return isinstance(
        error,
        sqlite3.Error
        | MigrationError
        | OSError
        | TimeoutError
        | asyncpg.PostgresError
        | asyncpg.InterfaceError
        | asyncpg.ClientConfigurationError,
    )

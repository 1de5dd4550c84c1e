"""Versioned SQL migrations (migrations/NNN_name.sql), applied in order, each exactly once.

PostgreSQL has its own dialect of each (migrations/postgresql/NNN_name.sql, the same versions
and names): the same tables, columns and append-only log, in PostgreSQL's types."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from importlib import resources

import aiosqlite

from bot.storage.backend import Connection, PgConnection

_NAME = re.compile(r"^(\d{3})_([a-z0-9_]+)\.sql$")


class MigrationError(RuntimeError):
    """The migration files or the database's schema_version are inconsistent."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


POSTGRESQL = "postgresql"
"""The folder of PostgreSQL's migrations, beside SQLite's."""
PG_MIGRATION_LOCK = 0x52414D5343480001
"""pg_advisory_xact_lock key: processes starting together migrate one after the other."""


def bundled_migrations(dialect: str = "sqlite") -> list[Migration]:
    """The migration files shipped in bot/storage/migrations (``dialect`` "postgresql": in
    its postgresql folder), in version order."""
    found: dict[int, Migration] = {}
    folder = resources.files("bot.storage").joinpath("migrations")
    if dialect == POSTGRESQL:
        folder = folder.joinpath(POSTGRESQL)
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if not match:
            if entry.name.endswith(".sql"):
                raise MigrationError(f"Migration file {entry.name} is not named NNN_name.sql")
            continue
        version = int(match.group(1))
        if version in found:
            raise MigrationError(f"Two migration files have version {version}")
        found[version] = Migration(version, match.group(2), entry.read_text(encoding="utf-8"))
    versions = sorted(found)
    if versions != list(range(1, len(versions) + 1)):
        raise MigrationError(f"Migration versions must run 1, 2, 3, ... without gaps: {versions}")
    return [found[version] for version in versions]


async def applied_versions(db: aiosqlite.Connection) -> list[int]:
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_version ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
    )
    rows = await db.execute_fetchall("SELECT version FROM schema_version ORDER BY version")
    return [row[0] for row in rows]


async def migrate(db: Connection, migrations: list[Migration] | None = None) -> list[int]:
    """Apply every migration not yet recorded in schema_version; return the versions applied.

    Each migration runs in its own transaction together with its schema_version row, so a
    failing migration leaves the database at the previous version.
    """
    if isinstance(db, PgConnection):
        return await _migrate_postgres(db, migrations)
    migrations = bundled_migrations() if migrations is None else migrations
    done = await applied_versions(db)
    _check_known(done, migrations)
    applied = []
    for migration in migrations:
        if migration.version in done:
            continue
        # executescript runs the statements as written; the transaction is ours (autocommit).
        script = (
            "BEGIN IMMEDIATE;\n"
            f"{migration.sql}\n;\n"
            "INSERT INTO schema_version (version, name, applied_at) "
            f"VALUES ({migration.version}, '{migration.name}', {time.time()!r});\n"
            "COMMIT;"
        )
        try:
            await db.executescript(script)
        except Exception:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise
        applied.append(migration.version)
    return applied


def _check_known(done: list[int], migrations: list[Migration]) -> None:
    known = {migration.version for migration in migrations}
    unknown = [version for version in done if version not in known]
    if unknown:
        raise MigrationError(
            f"The database has schema version(s) {unknown} this code does not know: "
            "it was written by a newer version of the bot"
        )


async def _migrate_postgres(db: PgConnection, migrations: list[Migration] | None) -> list[int]:
    """``migrate`` on PostgreSQL: each migration and its schema_version row in one
    transaction, all of them under an advisory lock (two processes starting at once: the
    second finds the first's versions applied)."""
    migrations = bundled_migrations(POSTGRESQL) if migrations is None else migrations
    applied: list[int] = []
    conn = db.conn
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", PG_MIGRATION_LOCK)
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY,"
            " name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
        )
    while True:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", PG_MIGRATION_LOCK)
            rows = await conn.fetch("SELECT version FROM schema_version ORDER BY version")
            done = [row[0] for row in rows]
            _check_known(done, migrations)
            pending = [m for m in migrations if m.version not in done]
            if not pending:
                return applied
            migration = pending[0]
            await conn.execute(migration.sql)  # several statements: the simple query protocol
            await conn.execute(
                "INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)",
                migration.version,
                migration.name,
                time.time(),
            )
        applied.append(migration.version)

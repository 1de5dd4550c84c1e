"""Versioned SQL migrations (migrations/NNN_name.sql), applied in order, each exactly once."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from importlib import resources

import aiosqlite

_NAME = re.compile(r"^(\d{3})_([a-z0-9_]+)\.sql$")


class MigrationError(RuntimeError):
    """The migration files or the database's schema_version are inconsistent."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def bundled_migrations() -> list[Migration]:
    """The migration files shipped in bot/storage/migrations, in version order."""
    found: dict[int, Migration] = {}
    for entry in resources.files("bot.storage").joinpath("migrations").iterdir():
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


async def migrate(db: aiosqlite.Connection, migrations: list[Migration] | None = None) -> list[int]:
    """Apply every migration not yet recorded in schema_version; return the versions applied.

    Each migration runs in its own transaction together with its schema_version row, so a
    failing migration leaves the database at the previous version.
    """
    migrations = bundled_migrations() if migrations is None else migrations
    done = await applied_versions(db)
    known = {migration.version for migration in migrations}
    unknown = [version for version in done if version not in known]
    if unknown:
        raise MigrationError(
            f"The database has schema version(s) {unknown} this code does not know: "
            "it was written by a newer version of the bot"
        )
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

"""The store itself: WAL, migrations applied once and in order, an append-only log."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import (
    MigrationError,
    ShownHand,
    ShownTable,
    Store,
    bundled_migrations,
    migrate,
)
from bot.storage.migrations import Migration
from ramsch_core import Card, Play


async def test_wal_and_schema_at_open(store: Store, db_path: Path) -> None:
    rows = await store.db.execute_fetchall("PRAGMA journal_mode")
    assert list(rows) == [("wal",)]
    assert await store.schema_version() == len(bundled_migrations())
    assert await store.integrity_check() == ["ok"]
    names = {row[0] for row in await store.db.execute_fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}  # fmt: skip
    assert {"tables", "seats", "sessions", "actions", "deal_results", "deal_scores",
            "guild_settings", "schema_version"} <= names  # fmt: skip


async def test_migrations_are_idempotent(db_path: Path) -> None:
    async with Store(db_path) as store:
        version = await store.schema_version()
        assert await migrate(store.db) == []
    async with Store(db_path) as store:
        assert await store.schema_version() == version
        rows = await store.db.execute_fetchall("SELECT version FROM schema_version")
        assert [row[0] for row in rows] == list(range(1, version + 1))
        assert await store.integrity_check() == ["ok"]


async def test_a_failing_migration_leaves_the_previous_version(tmp_path: Path) -> None:
    migrations = [
        Migration(1, "first", "CREATE TABLE one (x INTEGER);"),
        Migration(2, "broken", "CREATE TABLE two (x INTEGER); INSERT INTO nowhere VALUES (1);"),
    ]
    async with aiosqlite.connect(tmp_path / "m.db", isolation_level=None) as db:
        with pytest.raises(sqlite3.OperationalError, match="nowhere"):
            await migrate(db, migrations)
        rows = await db.execute_fetchall("SELECT version FROM schema_version")
        assert list(rows) == [(1,)]
        tables = await db.execute_fetchall("SELECT name FROM sqlite_master WHERE name = 'two'")
        assert list(tables) == []
        migrations[1] = Migration(2, "fixed", "CREATE TABLE two (x INTEGER);")
        assert await migrate(db, migrations) == [2]
        assert await migrate(db, migrations) == []


async def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "m.db", isolation_level=None) as db:
        await migrate(db, [Migration(1, "a", "SELECT 1;"), Migration(2, "b", "SELECT 1;")])
        with pytest.raises(MigrationError, match="newer version"):
            await migrate(db, [Migration(1, "a", "SELECT 1;")])


async def test_the_action_log_is_append_only(store: Store) -> None:
    table_id = await store.create_table(
        guild_id=1, channel_id=2, host_id=3, rules={"variant": "skat"}, options={},
        turn_timeout=None, seats=[(3, "Host", None, False)], at=0.0,
    )  # fmt: skip
    await store.start_session(table_id, guild_id=1, rules={"variant": "skat"}, options={},
                              seed=1, humans=1, at=0.0)  # fmt: skip
    await store.append_action(table_id, seq=0, seat=1, user_id=3, source="human",
                              action=Play(Card.CA), at=1.0)  # fmt: skip
    with pytest.raises(sqlite3.IntegrityError):
        await store.append_action(table_id, seq=0, seat=1, user_id=3, source="human",
                                  action=Play(Card.CT), at=1.0)  # fmt: skip
    for statement in ("UPDATE actions SET seat = 2", "DELETE FROM actions"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            await store.db.execute(statement)
    [logged] = await store.load_actions(table_id)
    assert (logged.seq, logged.action, logged.source) == (0, Play(Card.CA), "human")
    assert not store.db.in_transaction


async def test_a_closed_store_says_so(db_path: Path) -> None:
    store = await Store.open(db_path)
    await store.close()
    with pytest.raises(RuntimeError, match="closed"):
        await store.integrity_check()


async def test_what_messages_show_is_recorded_replaced_and_forgotten(store: Store) -> None:
    table_id = await store.create_table(
        guild_id=1, channel_id=2, host_id=3, rules={}, options={}, turn_timeout=None,
        seats=[(3, "Alice", None, False)], at=0.0,
    )  # fmt: skip
    hand = ShownHand(user_id=3, channel_id=9, message_id=10, deal=0, log_position=4, shown="k")
    first = ShownTable(table_id, 5, 4, 0, 0, "000", "key", (hand,))
    await store.save_shown([first], at=1.0)
    assert await store.load_shown() == {table_id: first}
    later = ShownTable(table_id, 5, 7, 1, 1, "010", None)
    await store.save_shown([later], at=2.0)
    assert await store.load_shown() == {table_id: later}  # the hand DM row is replaced too
    await store.save_shown([], forget=[table_id], at=3.0)
    assert await store.load_shown() == {}
    assert await store.integrity_check() == ["ok"]

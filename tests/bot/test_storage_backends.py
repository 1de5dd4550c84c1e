"""Issue 15: RAMSCH_DB names a SQLite file or a PostgreSQL database (a ``postgresql://`` URL);
the store behaves the same on both: 64-bit Discord ids, the group commit of actions, the
process lease between two processes, one-line messages when the database can't be used."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.settings import Settings
from bot.storage import Store
from bot.storage.backend import (
    DATABASE_ERRORS,
    INTEGRITY_ERRORS,
    describe,
    is_postgres,
    translate,
)
from bot.storage.opening import StoreUnusable
from ramsch_core import Card, Play
from tests.pg import BACKENDS, PgCluster, free_port

SNOWFLAKE = 1_234_567_890_123_456_789
"""A Discord id: far above 2^31, below 2^63."""


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Every test here that opens a store runs on SQLite and on PostgreSQL."""
    return str(request.param)


def test_the_placeholders_are_numbered_for_postgresql() -> None:
    assert translate("SELECT a FROM t WHERE b = ? AND c = ?") == (
        "SELECT a FROM t WHERE b = $1 AND c = $2",
        2,
    )
    text, names = translate(
        "SELECT ':not', x::text FROM t WHERE (CAST(:game AS TEXT) IS NULL OR g = :game)"
        " AND v = :variant AND excluded.x = 1"
    )
    assert text == (
        "SELECT ':not', x::text FROM t WHERE (CAST($1 AS TEXT) IS NULL OR g = $1)"
        " AND v = $2 AND excluded.x = 1"
    )
    assert names == ("game", "variant")


def test_ramsch_db_takes_a_path_or_a_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("RAMSCH_DB", "postgresql://bot:secret@db.example:5432/ramsch")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.ramsch_db == "postgresql://bot:secret@db.example:5432/ramsch"
    assert is_postgres(settings.ramsch_db)
    assert describe(settings.ramsch_db) == "postgresql://bot:***@db.example:5432/ramsch"
    monkeypatch.setenv("RAMSCH_DB", "data/ramsch.sqlite3")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.ramsch_db == Path("data/ramsch.sqlite3")
    assert not is_postgres(settings.ramsch_db)


async def test_discord_ids_keep_their_64_bits(store: Store) -> None:
    table_id = await store.tables.create_table(
        guild_id=SNOWFLAKE, channel_id=SNOWFLAKE + 1, host_id=SNOWFLAKE + 2, rules={},
        options={}, turn_timeout=30.5, seats=[(SNOWFLAKE + 2, "Host", None, False)], at=1.25,
    )  # fmt: skip
    await store.tables.set_message(table_id, SNOWFLAKE + 3, deal=0)
    await store.tables.start_match(table_id, guild_id=SNOWFLAKE, rules={"variant": "skat"},
                                     options={}, seed=2**63 - 1, humans=1, at=2.5)  # fmt: skip
    await store.tables.append_action(table_id, seq=0, seat=0, user_id=SNOWFLAKE + 2, source="human",
                                     action=Play(Card.CA), at=3.75)  # fmt: skip
    [stored] = await store.tables.load_open_tables()
    assert (stored.guild_id, stored.channel_id, stored.host_id, stored.message_id) == (
        SNOWFLAKE, SNOWFLAKE + 1, SNOWFLAKE + 2, SNOWFLAKE + 3,
    )  # fmt: skip
    assert (stored.seed, stored.turn_timeout, stored.created_at) == (2**63 - 1, 30.5, 1.25)
    assert stored.updated_at == 3.75  # the append touched its table
    [action] = stored.actions
    assert (action.user_id, action.action, action.at) == (SNOWFLAKE + 2, Play(Card.CA), 3.75)
    await store.commands.save_command_hash(SNOWFLAKE, "a" * 64, 1.0)
    assert await store.commands.command_hashes() == {SNOWFLAKE: "a" * 64}


async def test_appends_of_many_tables_commit_together_and_fail_alone(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The group commit on either backend: 100 tables' actions arriving at once take far fewer
    statements than actions; a refused one fails alone; each table's updated_at moves."""
    tables = [await started_table(store, n) for n in range(100)]
    await append(store, tables[7], 0)
    inserts: list[str] = []
    execute = store.db.execute

    def counting(sql: str, *args: Any) -> Any:
        if "INSERT INTO actions" in sql:
            inserts.append(sql)
        return execute(sql, *args)

    monkeypatch.setattr(store.db, "execute", counting)
    first = await asyncio.gather(*(append(store, t, 0) for t in tables), return_exceptions=True)
    refused = [n for n, result in enumerate(first) if result is not None]
    assert refused == [7] and isinstance(first[7], INTEGRITY_ERRORS)
    inserts.clear()
    second = await asyncio.gather(*(append(store, t, 1) for t in tables))
    assert second == [None] * 100
    assert len(inserts) < 10, len(inserts)
    monkeypatch.undo()
    rows = await store.db.execute_fetchall("SELECT COUNT(*), COUNT(DISTINCT table_id) FROM actions")
    assert list(rows) == [(200, 100)]
    touched = await store.db.execute_fetchall("SELECT COUNT(*) FROM tables WHERE updated_at = 2.0")
    assert list(touched) == [(100,)]
    assert not store.db.in_transaction
    assert await store.integrity_check() == ["ok"]


async def test_one_transaction_spans_several_repositories(store: Store) -> None:
    """Repository methods called inside ``store.transaction()`` join it: their writes commit
    together or not at all, and its reads see them before the commit."""
    table_id = await started_table(store, 0)
    with pytest.raises(LookupError, match="undone"):
        async with store.transaction():
            await store.tables.set_status(table_id, "cancelled", 1.0)
            await store.settings.save_guild_settings(SNOWFLAKE, {"threads": True}, 1.0)
            assert await store.settings.load_guild_settings(SNOWFLAKE) == {"threads": True}
            [(status,)] = await store.fetch("SELECT status FROM tables WHERE id = ?", (table_id,))
            assert status == "cancelled"
            raise LookupError("undone")
    assert await store.settings.load_guild_settings(SNOWFLAKE) is None
    assert [stored.status for stored in await store.tables.load_open_tables()] == ["playing"]
    async with store.transaction():
        await store.tables.set_status(table_id, "cancelled", 2.0)
        await store.settings.save_guild_settings(SNOWFLAKE, {"threads": True}, 2.0)
    assert await store.settings.load_guild_settings(SNOWFLAKE) == {"threads": True}
    assert await store.tables.load_open_tables() == []
    assert not store.db.in_transaction


async def test_a_failing_part_of_a_transaction_undoes_only_its_own_writes(store: Store) -> None:
    """A joined method whose statement fails rolls back to its savepoint, its own earlier
    writes with it: the transaction goes on (on PostgreSQL too, where a failed statement
    would spoil the rest) and commits the rest. Another task waits for the transaction
    instead of joining it."""
    table_id = await started_table(store, 0)
    async with store.transaction():
        await store.tables.set_status(table_id, "cancelled", 1.0)
        reader = asyncio.create_task(store.fetch("SELECT status FROM tables"))
        with pytest.raises(DATABASE_ERRORS):  # marks the table playing, then its match twice
            await store.tables.start_match(table_id, guild_id=1, rules={"variant": "skat"},
                                           options={}, seed=1, humans=1, at=1.0)  # fmt: skip
        await store.settings.save_guild_settings(SNOWFLAKE, {"threads": True}, 1.0)
        await asyncio.sleep(0.01)
        assert not reader.done()  # not inside this transaction: it waits for the commit
    assert await reader == [("cancelled",)]
    assert await store.settings.load_guild_settings(SNOWFLAKE) == {"threads": True}
    assert not store.db.in_transaction


async def test_appends_commit_on_their_own_never_inside_a_transaction(store: Store) -> None:
    table_id = await started_table(store, 0)
    async with store.transaction():
        with pytest.raises(RuntimeError, match="not inside"):
            await append(store, table_id, 0)
    assert await store.tables.load_actions(table_id) == []
    await append(store, table_id, 0)
    assert [action.seq for action in await store.tables.load_actions(table_id)] == [0]


async def test_of_two_processes_taking_the_lease_at_once_one_gets_it(db_path: Path) -> None:
    """Two stores on one database (two processes): the lease goes to exactly one."""
    first, second = Store(db_path), Store(db_path)
    await first.connect()
    await second.connect()
    try:
        for round_ in range(5):
            scope = f"scope-{round_}"
            results = await asyncio.gather(
                *(
                    store.leases.take_lease(scope, f"holder-{n}", host="h", pid=n, now=0.0,
                                     duration=30.0, gone=lambda holder, now: False)
                    for n, store in enumerate((first, second))
                )
            )  # fmt: skip
            assert sorted(result is None for result in results) == [False, True]
            holder = await first.leases.lease_holder(scope)
            assert holder is not None
            assert next(r for r in results if r is not None).holder == holder.holder
    finally:
        await first.close()
        await second.close()


async def test_the_store_recovers_from_a_lost_postgresql_connection(
    postgres_cluster: PgCluster, postgres_url: str
) -> None:
    """The server drops the store's connection (as at a restart): what finds it lost fails
    with a database error, nothing half-written; the store connects again and goes on."""
    database = postgres_url.rsplit("/", 1)[1]
    async with Store(postgres_url) as store:
        table_id = await started_table(store, 1)
        await append(store, table_id, 0)
        for seq in (1, 2):
            postgres_cluster.psql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                f" WHERE datname = '{database}' AND pid <> pg_backend_pid()"
            )
            try:
                await append(store, table_id, seq)
            except DATABASE_ERRORS:
                await append(store, table_id, seq)  # the next try connects again
        with pytest.raises(DATABASE_ERRORS):
            async with store.transaction() as db:  # lost within a transaction: no reconnect
                await db.execute("UPDATE tables SET updated_at = 99 WHERE id = ?", (table_id,))
                postgres_cluster.psql(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    f" WHERE datname = '{database}' AND pid <> pg_backend_pid()"
                )
                await db.execute("UPDATE seats SET away = 1 WHERE table_id = ?", (table_id,))
        assert [action.seq for action in await store.tables.load_actions(table_id)] == [0, 1, 2]
        [stored] = await store.tables.load_open_tables()
        assert stored.updated_at == 3.0  # the interrupted transaction left nothing
        assert not stored.seats[0].away
        assert await store.integrity_check() == ["ok"]


async def refusal(target: str) -> str:
    with pytest.raises(StoreUnusable) as caught:
        async with Store(target):
            pass
    text = str(caught.value)
    assert "\n" not in text and "Traceback" not in text
    return text


async def test_an_unreachable_server_is_one_line_without_the_password() -> None:
    text = await refusal(f"postgresql://bot:hunter2@127.0.0.1:{free_port()}/ramsch")
    assert "Could not reach the PostgreSQL server" in text
    assert "hunter2" not in text and "bot:***@" in text


async def test_a_missing_database_says_so(postgres_cluster: PgCluster) -> None:
    text = await refusal(postgres_cluster.url("no_such_database"))
    assert "does not exist" in text and "createdb" in text


async def test_a_newer_postgresql_database_is_refused(postgres_url: str) -> None:
    async with Store(postgres_url) as store:
        await store.db.execute(
            "INSERT INTO schema_version (version, name, applied_at) VALUES (999, 'future', 0)"
        )
    assert "newer version" in await refusal(postgres_url)


async def started_table(store: Store, n: int) -> int:
    table_id = await store.tables.create_table(
        guild_id=1, channel_id=n, host_id=3, rules={"variant": "skat"}, options={},
        turn_timeout=None, seats=[(3, "Host", None, False)], at=0.0,
    )  # fmt: skip
    await store.tables.start_match(table_id, guild_id=1, rules={"variant": "skat"}, options={},
                                     seed=n, humans=1, at=0.0)  # fmt: skip
    return table_id


async def append(store: Store, table_id: int, seq: int) -> None:
    await store.tables.append_action(table_id, seq=seq, seat=0, user_id=3, source="human",
                                     action=Play(Card.CA), at=float(seq + 1))  # fmt: skip

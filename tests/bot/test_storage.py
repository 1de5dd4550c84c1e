"""The store itself: WAL, migrations applied once and in order, an append-only log of known
action kinds, results with their tags, boards per game and variant — on SQLite and on a real
PostgreSQL server (tests/pg.py), every test on both."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import aiosqlite
import asyncpg
import pytest

from bot.storage import (
    MigrationError,
    ShownHand,
    ShownTable,
    Store,
    bundled_migrations,
    migrate,
)
from bot.storage import tables as tables_module
from bot.storage.backend import INTEGRITY_ERRORS, connect_postgres
from bot.storage.migrations import POSTGRESQL, Migration
from bot.tables import TableError, TableService
from ramsch_core import ACTIONS, Action, Card, Play, preset
from tests.bot.helpers import open_lobby, play_out, start_table
from tests.bot.people import ALICE, BOB, CAROL, CHANNEL, GUILD, HOST
from tests.pg import BACKENDS


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Every test here runs on SQLite and on PostgreSQL."""
    return str(request.param)


@pytest.fixture
def db_path(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    """An empty database, not one at the current schema already (tests/bot/conftest.py): the
    store's first opening migrates it here."""
    if backend == "postgresql":
        url: Path = request.getfixturevalue("postgres_url")
        return url
    return tmp_path / "ramsch.db"


async def test_wal_and_schema_at_open(store: Store, backend: str) -> None:
    if backend == "sqlite":
        rows = await store.db.execute_fetchall("PRAGMA journal_mode")
        assert list(rows) == [("wal",)]
        tables = "SELECT name FROM sqlite_master WHERE type = 'table'"
    else:
        assert store.postgres
        tables = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
    assert await store.schema_version() == len(bundled_migrations())
    assert len(bundled_migrations(POSTGRESQL)) == len(bundled_migrations())
    assert await store.integrity_check() == ["ok"]
    names = {row[0] for row in await store.db.execute_fetchall(tables)}
    assert {"tables", "seats", "matches", "actions", "deal_results", "deal_scores",
            "deal_tags", "guild_settings", "schema_version"} <= names  # fmt: skip
    assert "sessions" not in names


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


async def test_a_failing_postgresql_migration_leaves_the_previous_version(
    postgres_url: str,
) -> None:
    migrations = [
        Migration(1, "first", "CREATE TABLE one (x INTEGER);"),
        Migration(2, "broken", "CREATE TABLE two (x INTEGER); INSERT INTO nowhere VALUES (1);"),
    ]
    db = await connect_postgres(postgres_url)
    try:
        with pytest.raises(asyncpg.UndefinedTableError, match="nowhere"):
            await migrate(db, migrations)
        assert await db.execute_fetchall("SELECT version FROM schema_version") == [(1,)]
        assert await db.execute_fetchall("SELECT to_regclass('two')::text") == [(None,)]
        migrations[1] = Migration(2, "fixed", "CREATE TABLE two (x INTEGER);")
        assert await migrate(db, migrations) == [2]
        assert await migrate(db, migrations) == []
        with pytest.raises(MigrationError, match="newer version"):
            await migrate(db, migrations[:1])
        assert not db.in_transaction
    finally:
        await db.close()


async def test_two_stores_starting_together_migrate_once(postgres_url: str) -> None:
    first, second = Store(postgres_url), Store(postgres_url)
    try:
        await asyncio.gather(first.connect(), second.connect())
        rows = await first.db.execute_fetchall("SELECT version FROM schema_version")
        assert [row[0] for row in rows] == list(range(1, len(bundled_migrations()) + 1))
    finally:
        await first.close()
        await second.close()


async def test_the_action_log_is_append_only(store: Store, backend: str) -> None:
    table_id = await store.tables.create_table(
        guild_id=1, channel_id=2, host_id=3, rules={"variant": "skat"}, options={},
        turn_timeout=None, seats=[(3, "Host", None, False)], at=0.0,
    )  # fmt: skip
    await store.tables.start_match(table_id, guild_id=1, rules={"variant": "skat"}, options={},
                                     seed=1, humans=1, at=0.0)  # fmt: skip
    await store.tables.append_action(table_id, seq=0, seat=1, user_id=3, source="human",
                                     action=Play(Card.CA), at=1.0)  # fmt: skip
    with pytest.raises(INTEGRITY_ERRORS):
        await store.tables.append_action(table_id, seq=0, seat=1, user_id=3, source="human",
                                         action=Play(Card.CT), at=1.0)  # fmt: skip
    statements = ["UPDATE actions SET seat = 2", "DELETE FROM actions"]
    if backend == "postgresql":  # TRUNCATE skips row triggers: a statement trigger refuses it
        statements.append("TRUNCATE actions")
    for statement in statements:
        with pytest.raises(INTEGRITY_ERRORS, match="append-only"):
            await store.db.execute(statement)
    [logged] = await store.tables.load_actions(table_id)
    assert (logged.seq, logged.action, logged.source) == (0, Play(Card.CA), "human")
    assert not store.db.in_transaction


async def test_a_closed_store_says_so(db_path: Path) -> None:
    store = await Store.open(db_path)
    await store.close()
    with pytest.raises(RuntimeError, match="closed"):
        await store.integrity_check()


async def test_what_messages_show_is_recorded_replaced_and_forgotten(store: Store) -> None:
    table_id = await store.tables.create_table(
        guild_id=1, channel_id=2, host_id=3, rules={}, options={}, turn_timeout=None,
        seats=[(3, "Alice", None, False)], at=0.0,
    )  # fmt: skip
    hand = ShownHand(user_id=3, channel_id=9, message_id=10, deal=0, log_position=4, shown="k")
    first = ShownTable(table_id, 5, 4, 0, 0, "000", "key", (hand,))
    await store.shown.save_shown([first], at=1.0)
    assert await store.shown.load_shown() == {table_id: first}
    later = ShownTable(table_id, 5, 7, 1, 1, "010", None)
    await store.shown.save_shown([later], at=2.0)
    assert await store.shown.load_shown() == {table_id: later}  # the hand DM row is replaced too
    await store.shown.save_shown([], forget=[table_id], at=3.0)
    assert await store.shown.load_shown() == {}
    assert await store.integrity_check() == ["ok"]


@dataclass(frozen=True)
class Bid(Action):
    """An action no game registers."""

    kind: ClassVar[str] = "wager"


async def test_an_action_of_an_unknown_kind_is_refused_and_writes_nothing(store: Store) -> None:
    table_id = await store.tables.create_table(
        guild_id=1, channel_id=2, host_id=3, rules={}, options={}, turn_timeout=None,
        seats=[(3, "Host", None, False)], at=0.0,
    )  # fmt: skip
    await store.tables.start_match(table_id, guild_id=1, rules={"variant": "skat"}, options={},
                                     seed=1, humans=1, at=0.0)  # fmt: skip
    assert "wager" not in ACTIONS
    with pytest.raises(ValueError, match="wager"):
        await store.tables.append_action(table_id, seq=0, seat=0, user_id=3, source="human",
                                         action=Bid(), at=5.0)  # fmt: skip
    assert await store.tables.load_actions(table_id) == []
    rows = await store.db.execute_fetchall("SELECT updated_at FROM tables")
    assert list(rows) == [(0.0,)]
    await store.tables.append_action(table_id, seq=0, seat=0, user_id=3, source="human",
                                     action=Play(Card.CA), at=6.0)  # fmt: skip
    assert [logged.action for logged in await store.tables.load_actions(table_id)] == [
        Play(Card.CA)
    ]


async def test_a_match_row_holds_game_and_variant(store: Store) -> None:
    rules = preset("altenburg-penalty")
    table_id = await store.tables.create_table(
        guild_id=1, channel_id=2, host_id=3, rules=rules.model_dump(), options={},
        turn_timeout=None, seats=[(3, "Host", None, False)], at=0.0,
    )  # fmt: skip
    await store.tables.start_match(table_id, guild_id=1, rules=rules, options={}, seed=1, humans=1,
                                     at=0.0)  # fmt: skip
    rows = await store.db.execute_fetchall("SELECT game, variant, rules FROM matches")
    [(game, variant, stored)] = list(rows)
    assert (game, variant) == (rules.game, rules.variant_id) == ("ramsch", "altenburg")
    assert json.loads(stored) == rules.to_json()


async def test_the_message_and_the_deal_it_shows_are_stored(store: Store) -> None:
    table_id = await store.tables.create_table(
        guild_id=1, channel_id=2, host_id=3, rules={}, options={}, turn_timeout=None,
        seats=[(3, "Host", None, False)], at=0.0,
    )  # fmt: skip
    [stored] = await store.tables.load_open_tables()
    assert (stored.message_id, stored.message_deal) == (None, None)
    await store.tables.set_message(table_id, 55, deal=2)
    [stored] = await store.tables.load_open_tables()
    assert (stored.message_id, stored.message_deal) == (55, 2)
    await store.tables.set_message(table_id, 56)
    [stored] = await store.tables.load_open_tables()
    assert (stored.message_id, stored.message_deal) == (56, None)


async def test_open_tables_are_read_in_batches_each_with_its_own_seats_and_log(
    service: TableService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """load_open_tables reads the seats and logs of ``LOAD_BATCH`` tables per statement:
    each table gets exactly its seats and its log in order, as read one table at a time; a
    table over is not read, and the servers' filter leaves the others out."""
    monkeypatch.setattr(tables_module, "LOAD_BATCH", 2)
    started = []
    for n in range(5):
        table = await start_table(
            service, players=(ALICE, BOB), channel=CHANNEL + n, guild=GUILD + n % 2
        )
        await play_out(service, table, seed=n, max_actions=3 + 4 * n)
        started.append(table.id)
    over = await start_table(service, players=(ALICE, BOB), channel=CHANNEL + 5)
    await play_out(service, over, seed=5)
    assert over.status == "finished"
    lobby = await open_lobby(service, channel=CHANNEL + 6)
    loaded = await store.tables.load_open_tables()
    assert [stored.id for stored in loaded] == [*started, lobby.id]
    for stored in loaded:
        assert stored.actions == await store.tables.load_actions(stored.id)
        rows = await store.db.execute_fetchall(
            "SELECT seat, user_id, name, ai, away FROM seats WHERE table_id = ? ORDER BY seat",
            (stored.id,),
        )
        assert [(s.seat, s.user_id, s.name, s.ai, s.away) for s in stored.seats] == [
            (seat, user_id, name, ai, bool(away)) for seat, user_id, name, ai, away in rows
        ]
    assert [len(stored.actions) for stored in loaded] == [3, 7, 11, 15, 19, 0]
    odd = await store.tables.load_open_tables(lambda guild: guild == GUILD + 1)
    assert odd == [stored for stored in loaded if stored.guild_id == GUILD + 1]
    assert [stored.id for stored in odd] == started[1::2]


async def test_tags_are_stored_per_deal_seat_in_table_seats(
    service: TableService, store: Store
) -> None:
    """At a four-seat Skat table the dealer sits out: deal seat i is table seat seats[i]."""
    table = await start_table(service, players=(ALICE, BOB, CAROL), seats=4)
    await play_out(service, table, seed=11)
    match = table.match
    assert match is not None and len(match.finished_deals) == 4
    rows = list(
        await store.db.execute_fetchall(
            "SELECT deal_number, seat, tag FROM deal_tags WHERE table_id = ?", (table.id,)
        )
    )
    stored = {(deal, seat, tag) for deal, seat, tag in rows}
    expected = {
        (entry.number, entry.seats[deal_seat], tag)
        for entry in match.finished_deals
        for deal_seat, tags in enumerate(entry.result.tags)
        for tag in tags
    }
    assert stored == expected and len(rows) == len(expected)
    assert any(tag == "loser" for _, _, tag in stored)
    for entry in match.finished_deals:
        assert len(entry.seats) == 3 and entry.dealer not in entry.seats
        scores = await store.db.execute_fetchall(
            "SELECT seat FROM deal_scores WHERE table_id = ? AND deal_number = ?",
            (table.id, entry.number),
        )
        assert sorted(row[0] for row in scores) == sorted(entry.seats)
        assert not {seat for deal, seat, _ in stored if deal == entry.number} - set(entry.seats)
    counts: Counter[str] = Counter()
    for entry in match.finished_deals:
        for deal_seat, tags in enumerate(entry.result.tags):
            if entry.seats[deal_seat] == table.seat_of(ALICE):
                counts.update(set(tags))
    stats = await service.boards.user_stats(GUILD, ALICE)
    assert stats.tags == dict(counts)
    assert (stats.losses, stats.jungfrau, stats.durchmarsch) == (
        counts["loser"], counts["jungfrau"], counts["durchmarsch"],
    )  # fmt: skip
    assert await store.integrity_check() == ["ok"]


async def test_boards_are_per_game_and_variant(service: TableService, store: Store) -> None:
    skat = await start_table(service, "skat", players=(ALICE, BOB))
    await play_out(service, skat, seed=12)
    altenburg = await start_table(service, "altenburg", players=(ALICE, BOB), channel=CHANNEL + 1)
    await play_out(service, altenburg, seed=13)

    async def board(game: str, variant: str | None) -> dict[int, tuple[int, int, float]]:
        page = await service.boards.leaderboard(GUILD, game, variant, limit=100)
        return {row.user_id: (row.sessions, row.deals, row.total) for row in page.rows}

    only_skat, only_altenburg = await board("ramsch", "skat"), await board("ramsch", "altenburg")
    assert set(only_skat) == set(only_altenburg) == {HOST, ALICE, BOB}
    every = await board("ramsch", None)
    for user in (HOST, ALICE, BOB):
        sessions, deals, total = every[user]
        assert sessions == 2 and deals == only_skat[user][1] + only_altenburg[user][1] == 6
        assert total == only_skat[user][2] + only_altenburg[user][2]
    assert await board("ramsch", "schafkopf") == {}
    # Another game's matches (as a later game will write them) stay off Ramsch's boards.
    await store.db.execute("UPDATE matches SET game = 'other' WHERE table_id = ?", (skat.id,))
    assert await board("ramsch", None) == only_altenburg
    assert await board("ramsch", "skat") == {}
    assert await board("other", "skat") == only_skat
    everything = await service.boards.user_stats(GUILD, ALICE)
    ramsch_only = await service.boards.user_stats(GUILD, ALICE, game="ramsch")
    assert everything.deals == 6 and ramsch_only.deals == 3
    assert (await service.boards.user_stats(GUILD, ALICE, game="other", variant="skat")).deals == 3
    with pytest.raises(TableError, match="needs its game"):
        await service.boards.user_stats(GUILD, ALICE, variant="skat")
    with pytest.raises(ValueError, match="needs its game"):
        await store.results.user_stats(GUILD, ALICE, variant="skat")
    [latest, first] = await service.boards.history(ALICE)
    assert (latest.game, latest.variant) == ("ramsch", "altenburg")
    assert (first.game, first.variant) == ("other", "skat")


async def test_results_stored_again_are_left_as_they_are(
    service: TableService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Deal results follow from the log: a second store of the same deals (another process,
    or a try whose answer was lost) changes nothing and fails nothing."""
    calls: list[tuple[Any, ...]] = []
    original = store.results.store_results

    async def recording(table_id: int, deals: Any, **kwargs: Any) -> None:
        calls.append((table_id, list(deals), kwargs))
        await original(table_id, deals, **kwargs)

    monkeypatch.setattr(store.results, "store_results", recording)
    table = await start_table(service, players=(ALICE, BOB, CAROL), seats=4)
    await play_out(service, table, seed=11)
    tables = ("deal_results", "deal_scores", "deal_tags")

    async def counts() -> list[int]:
        found = []
        for name in tables:
            rows = await store.db.execute_fetchall(
                f"SELECT COUNT(*) FROM {name} WHERE table_id = ?", (table.id,)
            )
            found.append(next(iter(rows))[0])
        return found

    before = await counts()
    assert before[0] == 4 and calls
    for table_id, deals, kwargs in calls:
        await original(table_id, deals, **kwargs)
    assert await counts() == before

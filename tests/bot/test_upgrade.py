"""A database written by the bot at schema version 2 (tests/data/legacy) opens with this
version: migrated to 3 with nothing lost, and its live tables recover and play to their end."""

from __future__ import annotations

import itertools
import json
import shutil
import sqlite3
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Iterator
from contextlib import closing
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import aiosqlite
import pytest

from bot.storage import Store, bundled_migrations, migrate
from bot.tables import Table, TableService
from ramsch_core import Action, Play, replay_record
from tests.bot.helpers import ALICE, BOB, CAROL, HOST, FakeClock, make_service, play_out

LEGACY = Path(__file__).resolve().parents[1] / "data" / "legacy"
EXPECTED: dict[str, Any] = json.loads((LEGACY / "v2.expected.json").read_text())
GUILD = 1
USERS = (HOST, ALICE, BOB, CAROL)
VARIANTS = ("skat", "schafkopf", "altenburg")
LIVE = sorted(int(table_id) for table_id in EXPECTED["live"])


@dataclass(frozen=True)
class Shuffle(Action):
    """An action kind no game registers."""

    kind: ClassVar[str] = "shuffle"


@dataclass(frozen=True)
class Legacy:
    path: Path
    """A copy of v2.sqlite3 for the test to open (and migrate)."""
    original: Path
    """Another copy, left at version 2 to compare with."""


@pytest.fixture
def legacy(tmp_path: Path) -> Legacy:
    wal = LEGACY / "v2.sqlite3-wal"
    assert not wal.exists() or wal.stat().st_size == 0  # the file alone is the whole database
    path, original = tmp_path / "v2.sqlite3", tmp_path / "original" / "v2.sqlite3"
    original.parent.mkdir()
    shutil.copy(LEGACY / "v2.sqlite3", path)
    shutil.copy(LEGACY / "v2.sqlite3", original)
    return Legacy(path, original)


@pytest.fixture
async def store(legacy: Legacy) -> AsyncIterator[Store]:
    async with Store(legacy.path) as store:
        yield store


def old_rows(legacy: Legacy, sql: str) -> list[tuple[Any, ...]]:
    """Rows of the version 2 database, read with the standard library."""
    with closing(sqlite3.connect(legacy.original)) as db:
        return db.execute(sql).fetchall()


async def rows(store: Store, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in await store.db.execute_fetchall(sql, params)]


def board_rows(page: Any) -> list[list[Any]]:
    return [[row.user_id, row.sessions, row.deals, row.total] for row in page.rows]


async def stats_row(store: Store, user: int, **kwargs: Any) -> list[Any]:
    stats = await store.results.user_stats(GUILD, user, **kwargs)
    return [stats.sessions, stats.deals, stats.total, stats.losses, stats.jungfrau,
            stats.durchmarsch, stats.best_session, stats.best_session_total]  # fmt: skip


# -- the migration ---------------------------------------------------------------------------


async def test_the_schema_is_at_the_latest_version_and_sound(store: Store) -> None:
    assert EXPECTED["schema_version"] == 2
    latest = len(bundled_migrations())
    assert await store.schema_version() == latest >= 6
    versions = [row[0] for row in await rows(store, "SELECT version FROM schema_version")]
    assert versions == list(range(1, latest + 1))
    assert await store.integrity_check() == ["ok"]
    names = {row[0] for row in await rows(store, "SELECT name FROM sqlite_master")}
    assert {"matches", "deal_tags", "matches_guild", "deal_scores_user"} <= names
    assert "user_preferences" in names  # version 4: each user's language and choice of cards
    columns = {row[1] for row in await rows(store, "PRAGMA table_info(tables)")}
    assert "reminder" in columns
    assert not {"sessions", "actions_new", "deal_scores_new", "sessions_guild"} & names
    columns = {row[1] for row in await rows(store, "PRAGMA table_info(deal_scores)")}
    assert columns == {"table_id", "deal_number", "seat", "user_id", "score", "finished_at"}
    [(actions,)] = await rows(store, "SELECT sql FROM sqlite_master WHERE name = 'actions'")
    assert "pick_up" not in actions and "REFERENCES matches" in actions
    keys = await rows(store, "PRAGMA foreign_key_list(actions)")
    assert sorted((key[2], key[3], key[4]) for key in keys) == [
        ("matches", "table_id", "table_id"),
        ("people", "person", "person"),  # version 6
    ]
    keys = await rows(store, "PRAGMA foreign_key_list(deal_results)")
    assert [key[2] for key in keys] == ["matches"]
    keys = await rows(store, "PRAGMA foreign_key_list(deal_tags)")
    assert {key[2] for key in keys} == {"deal_scores"} and len(keys) == 3


async def test_every_row_survives_the_migration(store: Store, legacy: Legacy) -> None:
    """Tables, seats, matches, the action log (in order), results and scores: the same rows."""
    for sql in (
        "SELECT * FROM seats ORDER BY table_id, seat",
        "SELECT * FROM deal_results ORDER BY table_id, deal_number",
        "SELECT * FROM shown_tables ORDER BY table_id",
        "SELECT * FROM shown_hands ORDER BY table_id, user_id",
        "SELECT * FROM guild_settings",
    ):
        assert await rows(store, sql) == old_rows(legacy, sql), sql
    # Version 6: the log names people; through the mapping it reads back as it was, in order.
    log = "SELECT table_id, seq, seat, {user}, source, kind, payload, at FROM actions"
    assert await rows(
        store, log.format(user="(SELECT user_id FROM people p WHERE p.person = actions.person)")
    ) == old_rows(legacy, log.format(user="user_id") + " ORDER BY table_id, seq")
    columns = ("id, guild_id, channel_id, host_id, status, rules, options, turn_timeout,"
               " message_id, created_at, updated_at")  # fmt: skip
    assert await rows(store, f"SELECT {columns} FROM tables ORDER BY id") == old_rows(
        legacy, f"SELECT {columns} FROM tables ORDER BY id"
    )
    assert await rows(store, "SELECT DISTINCT message_deal FROM tables") == [(None,)]
    columns = "table_id, guild_id, variant, rules, options, seed, humans, started_at, finished_at"
    columns += ", totals"
    assert await rows(store, f"SELECT {columns} FROM matches ORDER BY table_id") == old_rows(
        legacy, f"SELECT {columns} FROM sessions ORDER BY table_id"
    )
    assert await rows(store, "SELECT DISTINCT game FROM matches") == [("ramsch",)]
    columns = "table_id, deal_number, seat, user_id, score, finished_at"
    sql = f"SELECT {columns} FROM deal_scores ORDER BY table_id, deal_number, seat"
    assert await rows(store, sql) == old_rows(legacy, sql)
    flags = set()
    for tag in ("loser", "jungfrau", "durchmarsch"):
        flags |= {
            (*row, tag)
            for row in old_rows(
                legacy, f"SELECT table_id, deal_number, seat FROM deal_scores WHERE {tag} = 1"
            )
        }
    tags = await rows(store, "SELECT table_id, deal_number, seat, tag FROM deal_tags")
    assert set(tags) == flags and len(tags) == len(flags)
    assert Counter(tag for *_, tag in tags)["loser"] == len(
        old_rows(legacy, "SELECT * FROM deal_scores WHERE loser = 1")
    )


async def test_the_migrated_tags_are_what_the_core_tags_now(store: Store) -> None:
    """Each stored deal replays from its record; its result's tags, in table seats, are the
    tags the migration made of the old flags."""
    stored = await rows(store, "SELECT table_id, deal_number, seats, record FROM deal_results")
    assert stored
    tags = set(await rows(store, "SELECT table_id, deal_number, seat, tag FROM deal_tags"))
    replayed = set()
    for table_id, number, seats, record in stored:
        result = replay_record(json.loads(record)).result
        assert result is not None
        table_seats = json.loads(seats)
        assert len(result.tags) == len(table_seats)
        replayed |= {
            (table_id, number, table_seats[deal_seat], tag)
            for deal_seat, seat_tags in enumerate(result.tags)
            for tag in seat_tags
        }
    assert replayed == tags


async def test_boards_stats_history_and_records_are_as_version_2_showed_them(
    store: Store,
) -> None:
    for variant in VARIANTS:
        page = await store.results.leaderboard(GUILD, "ramsch", variant, limit=100)
        assert board_rows(page) == EXPECTED["boards"][variant], variant
        assert page.total_players == len(EXPECTED["boards"][variant])
    every = await store.results.leaderboard(GUILD, "ramsch", None, limit=100)
    deals: Counter[int] = Counter()
    for variant in VARIANTS:
        for user, _, count, _ in EXPECTED["boards"][variant]:
            deals[user] += count
    assert {row.user_id: row.deals for row in every.rows} == dict(deals)
    assert (await store.results.leaderboard(GUILD, "other", None)).rows == []
    for user in USERS:
        expected = EXPECTED["stats"][str(user)]
        assert await stats_row(store, user) == expected, user
        assert await stats_row(store, user, game="ramsch") == expected, user
        stats = await store.results.user_stats(GUILD, user)
        assert stats.tags.get("loser", 0) == stats.losses == expected[3]
        assert set(stats.tags) <= {"loser", "jungfrau", "durchmarsch"}
    for user in USERS:
        history = await store.results.history(user, guild_id=GUILD, limit=100)
        shown = [[s.table_id, s.variant, s.status, s.deals, [p.total for p in s.players]]
                 for s in history]  # fmt: skip
        assert shown == EXPECTED["history"][str(user)], user
        assert {s.game for s in history} == {"ramsch"}
    for key, record in EXPECTED["records"].items():
        table_id, number = (int(part) for part in key.split(":"))
        assert await store.results.deal_record(table_id, number) == record, key


async def test_the_action_log_is_still_append_only(store: Store) -> None:
    for statement in ("UPDATE actions SET seat = 2", "DELETE FROM actions",
                      "DELETE FROM actions WHERE table_id = 8 AND seq = 35"):  # fmt: skip
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            await store.db.execute(statement)
    [(count,)] = await rows(store, "SELECT COUNT(*) FROM actions")
    assert count == sum(entry["actions"] for entry in EXPECTED["live"].values()) + len(
        await rows(store, "SELECT * FROM actions WHERE table_id NOT IN (8, 9, 10, 11, 12)")
    )
    with pytest.raises(sqlite3.IntegrityError):  # (table, seq) is still the key
        await store.db.execute(
            "INSERT INTO actions SELECT * FROM actions WHERE table_id = 8 AND seq = 0"
        )


async def test_an_action_of_an_unknown_kind_writes_nothing(store: Store) -> None:
    table_id = LIVE[0]
    before = await rows(store, "SELECT COUNT(*), MAX(seq) FROM actions WHERE table_id = ?",
                        (table_id,))  # fmt: skip
    [(updated,)] = await rows(store, "SELECT updated_at FROM tables WHERE id = ?", (table_id,))
    with pytest.raises(ValueError, match="shuffle"):
        await store.tables.append_action(
            table_id, seq=before[0][0], seat=0, user_id=HOST, source="human", action=Shuffle(),
            at=updated + 1,
        )  # fmt: skip
    assert await rows(store, "SELECT COUNT(*), MAX(seq) FROM actions WHERE table_id = ?",
                      (table_id,)) == before  # fmt: skip
    assert await rows(store, "SELECT updated_at FROM tables WHERE id = ?", (table_id,)) == [
        (updated,)
    ]
    assert not store.db.in_transaction


# -- the live tables, recovered and played on ------------------------------------------------


@pytest.fixture
async def service(store: Store) -> AsyncIterator[TableService]:
    service = make_service(store, FakeClock(1_760_100_000.0), itertools.count(9000).__next__)
    yield service
    await service.close()


ADDED_SINCE_V2 = {"skat": {"durchmarsch_value": 120}, "schafkopf": {"durchmarsch": True}}
"""Options added since v2 (SR-7, SK-7), which its tables take at their defaults."""


def live_state(table: Table) -> dict[str, Any]:
    """A table in the terms of v2.expected.json's "live" entries (an option added since, at
    its default, is left out: v2 knew nothing of it)."""
    match = table.match
    assert match is not None
    rules = table.rules.model_dump()
    for name, default in ADDED_SINCE_V2.get(str(rules.get("variant")), {}).items():
        assert rules.pop(name) == default
    return {
        "preset_rules": rules,
        "actions": table.log_length,
        "deal": match.number,
        "to_act": match.to_act,
        "finished_deals": len(match.finished_deals),
        "totals": [str(total) for total in match.totals],
        "away": [seat.away for seat in table.seats],
    }


def contributions(table: Table, since: int) -> Iterator[tuple[int, int, Fraction, set[str]]]:
    """(user, deal number, score, tags) of every human seat in the deals from ``since`` on."""
    match = table.match
    assert match is not None
    for entry in match.finished_deals[since:]:
        for deal_seat, table_seat in enumerate(entry.seats):
            user = table.seats[table_seat].user_id
            if user is not None:
                yield (
                    user,
                    entry.number,
                    entry.table_scores[table_seat],
                    set(entry.result.tags[deal_seat]),
                )


async def test_live_tables_recover_as_they_were_and_play_to_their_end(
    service: TableService, store: Store
) -> None:
    stored_before = dict(
        await rows(
            store,
            "SELECT m.table_id, (SELECT COUNT(*) FROM deal_results r WHERE r.table_id ="
            " m.table_id) FROM matches m",
        )
    )
    lost = [t for t in LIVE if stored_before[t] < EXPECTED["live"][str(t)]["finished_deals"]]
    assert len(lost) == 1  # the table whose last deal's results never reached the store
    boards_before = {
        variant: {row[0]: row[1:] for row in EXPECTED["boards"][variant]} for variant in VARIANTS
    }
    played_before = {
        (user, table_id)
        for user, table_id in await rows(
            store, "SELECT DISTINCT user_id, table_id FROM deal_scores WHERE user_id IS NOT NULL"
        )
    }
    stats_before = {user: await store.results.user_stats(GUILD, user) for user in USERS}

    recovered = await service.recovery.recover()
    assert sorted(table.id for table in recovered) == [*LIVE, EXPECTED["lobby"]]
    for table_id in LIVE:
        table = service.tables.get(table_id)
        assert table.status == "playing" and table.unstored == []
        assert live_state(table) == EXPECTED["live"][str(table_id)], table_id
    [lost_id] = lost
    lost_table = service.tables.get(lost_id)
    assert lost_table.match is not None
    numbers = await rows(
        store, "SELECT deal_number FROM deal_results WHERE table_id = ? ORDER BY 1", (lost_id,)
    )
    assert [row[0] for row in numbers] == list(range(len(lost_table.match.finished_deals)))
    record = await store.results.deal_record(lost_id, 0)
    assert record is not None
    assert replay_record(record).result == lost_table.match.finished_deals[0].result
    lobby = service.tables.get(EXPECTED["lobby"])
    assert lobby.status == "lobby" and lobby.match is None
    assert [(seat.user_id, seat.ai) for seat in lobby.seats] == [
        (HOST, None), (ALICE, None), (None, "random"),
    ]  # fmt: skip

    await service.autoplay.wait_idle()
    tables = {table_id: service.tables.get(table_id) for table_id in LIVE}
    for number, (table_id, table) in enumerate(tables.items()):
        await play_out(service, table, seed=100 + number)
        assert table.status == "finished", table_id

    new_deals: dict[str, dict[int, list[Fraction]]] = {v: defaultdict(list) for v in VARIANTS}
    new_tables: dict[str, dict[int, set[int]]] = {v: defaultdict(set) for v in VARIANTS}
    new_tags: dict[int, Counter[str]] = defaultdict(Counter)
    for table_id, table in tables.items():
        match = table.match
        assert match is not None and match.finished
        results = await rows(
            store,
            "SELECT deal_number, record FROM deal_results WHERE table_id = ? ORDER BY 1",
            (table_id,),
        )
        assert [row[0] for row in results] == [e.number for e in match.finished_deals]
        for (_, record_json), entry in zip(results, match.finished_deals, strict=True):
            assert replay_record(json.loads(record_json)).result == entry.result
        [(status, finished_at, totals)] = await rows(
            store,
            "SELECT t.status, m.finished_at, m.totals FROM tables t JOIN matches m"
            " ON m.table_id = t.id WHERE t.id = ?",
            (table_id,),
        )
        assert status == "finished" and finished_at is not None
        assert [Fraction(total) for total in json.loads(totals)] == list(match.totals)
        [(tag_rows,)] = await rows(
            store, "SELECT COUNT(*) FROM deal_tags WHERE table_id = ?", (table_id,)
        )
        assert tag_rows == sum(len(set(t)) for e in match.finished_deals for t in e.result.tags)
        # The boards of version 2 counted the deals stored then (not the lost one).
        assert table.humans >= 2
        variant = table.rules.variant_id
        for user, _, score, tags in contributions(table, stored_before[table_id]):
            new_deals[variant][user].append(score)
            new_tables[variant][user].add(table_id)
            new_tags[user].update(tags)
    for variant in VARIANTS:
        page = await service.boards.leaderboard(GUILD, "ramsch", variant, limit=100)
        after = {row.user_id: (row.sessions, row.deals, row.total) for row in page.rows}
        users = set(boards_before[variant]) | set(new_deals[variant])
        assert set(after) == users, variant
        for user in users:
            sessions, deals, total = boards_before[variant].get(user, (0, 0, 0.0))
            scores = new_deals[variant].get(user, [])
            fresh = {t for t in new_tables[variant].get(user, set()) if (user, t) not in
                     played_before}  # fmt: skip
            assert after[user] == (
                sessions + len(fresh),
                deals + len(scores),
                total + float(sum(scores)),
            ), (variant, user)
    for user in USERS:
        before, now = stats_before[user], await store.results.user_stats(GUILD, user)
        added = sum((len(new_deals[v].get(user, [])) for v in VARIANTS), 0)
        assert now.deals == before.deals + added
        for tag in ("loser", "jungfrau", "durchmarsch"):
            assert now.tags.get(tag, 0) == before.tags.get(tag, 0) + new_tags[user][tag]
        assert now.losses == now.tags.get("loser", 0)
    # The away seat was played by the stub AI from the recovery on, never by its player.
    [(away_id, entry)] = [(int(t), e) for t, e in EXPECTED["live"].items() if any(e["away"])]
    away_seat = entry["away"].index(True)
    logged = [a for a in await store.tables.load_actions(away_id) if a.seq >= entry["actions"]]
    assert {a.source for a in logged if a.seat == away_seat} == {"away"}
    assert all(isinstance(a.action, Action) for a in logged)
    assert any(isinstance(a.action, Play) for a in logged)
    assert service.tables.get(EXPECTED["lobby"]).status == "lobby"
    [(lobby_status,)] = await rows(
        store, "SELECT status FROM tables WHERE id = ?", (EXPECTED["lobby"],)
    )
    assert lobby_status == "lobby"
    assert service.tables.open_tables() == [lobby]
    assert await store.integrity_check() == ["ok"]


# -- version 6: the log names people (forget-me) ----------------------------------------------


async def test_the_previous_version_upgrades_to_people_and_plays_on(legacy: Legacy) -> None:
    """A database at the version before 6 (the legacy one migrated that far, as the previous
    bot left it) gets one person per user of its log: the log reads back through them as it
    was, its live tables replay and play to their end, and a player can then be forgotten."""
    async with aiosqlite.connect(legacy.path, isolation_level=None) as db:
        await db.execute("PRAGMA foreign_keys=ON")
        await migrate(db, [m for m in bundled_migrations() if m.version < 6])
        old_log = [tuple(row) for row in await db.execute_fetchall(
            "SELECT table_id, seq, seat, user_id, source, kind, payload, at FROM actions"
            " ORDER BY table_id, seq"
        )]  # fmt: skip
    assert old_log
    async with Store(legacy.path) as store:
        log = await rows(
            store,
            "SELECT a.table_id, a.seq, a.seat, p.user_id, a.source, a.kind, a.payload, a.at"
            " FROM actions a LEFT JOIN people p ON p.person = a.person",
        )
        assert log == old_log  # every row, in order, naming the same users
        people = await rows(store, "SELECT user_id FROM people")
        assert sorted(user for (user,) in people) == sorted(
            {row[3] for row in old_log if row[3] is not None}
        )
        assert await rows(store, "SELECT COUNT(*) FROM actions WHERE person IS NULL") == [
            (sum(1 for row in old_log if row[3] is None),)
        ]
        service = make_service(store, FakeClock(1_760_100_000.0), itertools.count(9000).__next__)
        try:
            recovered = await service.recovery.recover()
            assert sorted(table.id for table in recovered) == [*LIVE, EXPECTED["lobby"]]
            for table_id in LIVE:
                table = service.tables.get(table_id)
                assert live_state(table) == EXPECTED["live"][str(table_id)], table_id
            await service.autoplay.wait_idle()
            for number, table_id in enumerate(LIVE):
                table = service.tables.get(table_id)
                await play_out(service, table, seed=200 + number)
                assert table.status == "finished"
                logged = await store.tables.load_actions(table_id)
                assert [a.seq for a in logged] == list(range(table.log_length))
                humans = {a.user_id for a in logged if a.source == "human"}
                assert humans <= set(USERS) and humans
            # Bob's tables are over: he can go.
            assert (await store.privacy.forget_user(BOB)).done
            assert not (await store.privacy.forget_user(HOST)).done  # still in the legacy lobby
        finally:
            await service.close()
        columns = [("seats", "user_id"), ("deal_scores", "user_id"), ("tables", "host_id"),
                   ("people", "user_id"), ("shown_hands", "user_id"),
                   ("user_preferences", "user_id")]  # fmt: skip
        for table, column in columns:
            sql = f"SELECT COUNT(*) FROM {table} WHERE {column} = ?"
            assert await rows(store, sql, (BOB,)) == [(0,)], table
        for (users,) in await rows(store, "SELECT user_ids FROM deal_results"):
            assert BOB not in json.loads(users)
        assert await rows(store, "SELECT COUNT(*) FROM seats WHERE name = 'Bob'") == [(0,)]
        assert await store.integrity_check() == ["ok"]

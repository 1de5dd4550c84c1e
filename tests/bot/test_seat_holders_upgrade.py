"""Issue 31, item 7: a database written before seats kept their earlier holders (migration
015_seat_holders) upgrades at start-up with nothing lost. A seat a substitute took over there
is taken to have been held by its present holder in all its deals (docs/storage.md); the
player he released still finds the match in his history, and the table plays on."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.storage import Store, bundled_migrations
from bot.tables import Table, TableService
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    GUILD,
    HOST,
    FakeClock,
    make_service,
    play_human_turn,
    play_out,
    start_table,
)

VERSION = next(m.version for m in bundled_migrations() if m.name == "seat_holders")
KEPT = ("tables", "seats", "seat_requests", "actions", "deal_results", "deal_scores")
"""The tables a substitute's match writes to before this version."""


async def rows(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    found = {}
    for table in KEPT:
        read = await store.db.execute_fetchall(f"SELECT * FROM {table}")
        found[table] = sorted((tuple(row) for row in read), key=repr)
    return found


async def play_to_next_deal(service: TableService, table: Table, rng: random.Random) -> None:
    number = table.deal_number
    while table.status == "playing" and table.deal_number == number:
        await play_human_turn(service, table, rng)


async def test_a_substitutes_match_of_the_version_before_upgrades_and_plays_on(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    table = await start_table(service, players=(ALICE,), ai=1)
    rng = random.Random(3)
    await play_human_turn(service, table, rng)
    request = await service.substitutes.ask(table.id, CAROL, "Carol", 2)
    await service.substitutes.answer(table.id, request.number, HOST, True)
    await play_to_next_deal(service, table, rng)
    await play_to_next_deal(service, table, rng)
    await store.tables.set_away(table.id, 1, True)
    table.seats[1].away = True
    request = await service.substitutes.ask(table.id, BOB, "Bob", 1)
    await service.substitutes.answer(table.id, request.number, HOST, True)
    assert table.deal_number == 2 and table.seats[1].user_id == BOB
    await play_human_turn(service, table, rng)  # the last deal is on
    before = table.snapshot()
    await service.close()
    async with store.transaction() as db:  # as the version before wrote it
        await db.execute("DROP TABLE seat_holders")
        await db.execute("DELETE FROM schema_version WHERE version = ?", (VERSION,))
    written = await rows(store)
    await store.close()

    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    try:
        versions = await store.db.execute_fetchall("SELECT MAX(version) FROM schema_version")
        assert versions[0][0] == bundled_migrations()[-1].version
        assert await rows(store) == written
        held = await store.db.execute_fetchall("SELECT COUNT(*) FROM seat_holders")
        assert held[0][0] == 0
        first = await store.results.replay_deal(table.id, 0, guild_id=GUILD)
        assert first is not None  # the present holders, for want of the earlier ones
        assert sorted(first.names) == ["Bob", "Carol", "Host"] and not any(first.robots)
        for user in (ALICE, BOB, CAROL, HOST):
            assert [m.table_id for m in await store.results.history(user)] == [table.id]
        [again] = await service.recovery.recover()
        assert again.snapshot() == before
        await service.autoplay.wait_idle()
        await play_out(service, again, seed=4)
        assert again.status == "finished"
        last = await store.results.replay_deal(table.id, None, guild_id=GUILD)
        assert last is not None and sorted(last.names) == ["Bob", "Carol", "Host"]
    finally:
        await service.close()
        await store.close()

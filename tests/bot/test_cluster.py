"""Several processes on one database (bot/cluster.py): each shard's lease held once, ``all``
and the shards excluding each other, the shards of a dead process taken over and handed back
when it starts again, and clicks relayed to the process that owns their table, each handled
exactly once (issue 15)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.cluster import Cluster, describe_holder, live_table
from bot.preferences import Preferences
from bot.storage import Store
from bot.storage.lease import LeaseRefused
from bot.storage.rows import UserPreferenceRow
from bot.ui import ids
from tests.bot.helpers import FakeClock
from tests.pg import BACKENDS

HOST = "box"


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


class Processes:
    """Pids on HOST, each alive until killed."""

    def __init__(self) -> None:
        self.dead: set[int] = set()

    def alive(self, pid: int) -> bool:
        return pid not in self.dead


@pytest.fixture
def processes() -> Iterator[Processes]:
    yield Processes()


def cluster(
    store: Store,
    clock: FakeClock,
    processes: Processes,
    pid: int,
    shards: tuple[int, ...] | None,
    count: int = 2,
    url: str | None = None,
) -> Cluster:
    return Cluster(
        store,
        shard_count=count if shards is not None else None,
        shard_ids=shards,
        url=url,
        clock=clock,
        host=HOST,
        pid=pid,
        alive=processes.alive,
        poll_every=0.01,
        relay_wait=0.3,
    )


Member = Callable[[int, tuple[int, ...] | None], Cluster]
"""``member(pid, shards)``: a process on HOST with those shards (of 2) on the test's store."""


@pytest.fixture
def member(store: Store, clock: FakeClock, processes: Processes) -> Member:
    """Processes of the cluster on the test's ``store`` (``cluster`` with its defaults)."""

    def make(pid: int, shards: tuple[int, ...] | None) -> Cluster:
        return cluster(store, clock, processes, pid, shards)

    return make


def on_another_host(store: Store, clock: FakeClock, pid: int) -> Cluster:
    """A process with shard 1 of 2 on host ``elsewhere`` (its pid can't be looked up here)."""
    return Cluster(store, shard_count=2, shard_ids=(1,), clock=clock, host="elsewhere", pid=pid)


@pytest.fixture
async def stores(db_path: Path) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on the test's database: those of two processes."""
    async with Store(db_path) as store_a, Store(db_path) as store_b:
        yield store_a, store_b


def guild_on(shard: int, count: int = 2, n: int = 7) -> int:
    """A server id on ``shard`` of ``count`` (Discord: ``(id >> 22) % count``)."""
    return ((n * count + shard) << 22) | 12345


class Hooks:
    """What the adapter does with the tables of shards taken over or handed back."""

    def __init__(self) -> None:
        self.adopted: list[frozenset[int]] = []
        self.released: list[frozenset[int]] = []

    async def adopt(self, shards: frozenset[int]) -> int:
        self.adopted.append(shards)
        return 3

    async def release(self, shards: frozenset[int]) -> None:
        self.released.append(shards)


@contextlib.asynccontextmanager
async def watching(first: Cluster, other: Cluster, stopped: bool = False) -> AsyncIterator[Hooks]:
    """``first`` and ``other`` take their shards' leases (``stopped``: ``other`` then stops
    cleanly), and ``first`` watches the others' leases (``check``, ``look``): what it takes
    over or hands back is in the hooks yielded. ``first`` is released at the end."""
    hooks = Hooks()
    await first.acquire(0)
    await other.acquire(0)
    if stopped:
        await other.release()  # a deploy: stopped, to start again in a moment
    await first.start(hooks.adopt, hooks.release)
    try:
        yield hooks
    finally:
        await first.release()


async def test_each_shard_has_one_process_and_all_excludes_the_shards(
    store: Store, member: Member
) -> None:
    first, second = member(100, (0,)), member(200, (1,))
    await first.acquire(0)
    await second.acquire(0)
    assert first.owns_guild(guild_on(0)) and not first.owns_guild(guild_on(1))
    assert second.owns_guild(guild_on(1)) and not second.owns_guild(guild_on(0))
    scopes = {scope: holder.pid for scope, holder, _ in await store.leases.all()}
    assert scopes == {"shard:0": 100, "shard:1": 200}

    again = member(300, (1,))
    with pytest.raises(LeaseRefused, match=r"pid 200 on host box.*\(shard 1\)"):
        await again.acquire(0)
    unsharded = member(400, None)
    with pytest.raises(LeaseRefused, match="pid 100 on host box"):
        await unsharded.acquire(0)
    assert {scope for scope, _, _ in await store.leases.all()} == {"shard:0", "shard:1"}

    await first.release()
    await second.release()
    assert await store.leases.all() == []
    await unsharded.acquire(0)
    assert unsharded.owns_guild(guild_on(0)) and unsharded.owns_guild(guild_on(1))
    with pytest.raises(LeaseRefused, match="pid 400 on host box"):
        await member(500, (0,)).acquire(0)
    await unsharded.release()


async def test_a_dead_process_s_shards_are_taken_over_and_handed_back(
    store: Store, processes: Processes, member: Member
) -> None:
    first, second = member(100, (0,)), member(200, (1,))
    async with watching(first, second) as hooks:
        await first.check()
        assert hooks.adopted == [] and not first.owns_guild(guild_on(1))

        processes.dead.add(200)  # SIGKILL: its lease stays, its pid is gone
        await first.check()
        assert hooks.adopted == [frozenset({1})] and first.owns_guild(guild_on(1))
        holders = {scope: holder.pid for scope, holder, _ in await store.leases.all()}
        assert holders == {"shard:0": 100, "shard:1": 100}

        # The process of shard 1 starts again: it asks for its shard back and gets it.
        restarted = member(300, (1,))
        starting = asyncio.create_task(restarted.acquire(5))
        for _ in range(200):
            await asyncio.sleep(0.01)
            wanted = {scope: by for scope, _, by in await store.leases.all()}
            if wanted.get("shard:1"):
                break
        assert not starting.done()
        assert wanted["shard:1"] == restarted.holder
        await first.check()
        await asyncio.wait_for(starting, 5)
        assert hooks.released == [frozenset({1})]
        assert not first.owns_guild(guild_on(1)) and restarted.owns_guild(guild_on(1))
        leases = {scope: (holder.pid, by) for scope, holder, by in await store.leases.all()}
        assert leases == {"shard:0": (100, None), "shard:1": (300, None)}
        await restarted.release()


async def test_a_cleanly_stopped_process_s_shards_wait_for_it(member: Member) -> None:
    first, second = member(100, (0,)), member(200, (1,))
    async with watching(first, second, stopped=True) as hooks:
        await first.check()
        assert hooks.adopted == [] and not first.owns_guild(guild_on(1))


async def test_an_expired_lease_is_taken_over_from_another_host(
    store: Store, clock: FakeClock, member: Member
) -> None:
    first = member(100, (0,))
    async with watching(first, on_another_host(store, clock, 100)) as hooks:
        await first.check()
        assert hooks.adopted == []  # another host: its pid says nothing here
        clock.advance(31)  # it stopped renewing (its lease lasts 30 s)
        await first.check()
        assert hooks.adopted == [frozenset({1})]


def test_the_tables_buttons_name_their_table() -> None:
    assert live_table(ids.action_id(42, 1, "play", "SA")) == 42
    assert live_table(ids.mark_id(7, 0, "SA")) == 7
    assert live_table(ids.hand_id(9)) == 9
    assert live_table(ids.lobby_id(5, "join")) == 5
    assert live_table("ramsch:c:8:0:SA") == 8
    assert live_table(ids.record_id(5)) is None
    assert live_table(ids.page_id(1, "skat", "all", 0, "next", "rating", 10)) is None
    assert live_table(None) is None and live_table("other:t:5:join") is None
    assert describe_holder("box:123:abcdef") == "pid 123 on host box"


def click(interaction_id: int, table_id: int, guild_id: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(interaction_id),
        "type": 3,
        "token": "t",
        "data": {"custom_id": ids.action_id(table_id, 0, "play", "SA"), "component_type": 2},
    }
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    return data


class Adapter:
    """The bot side of one process: the clicks it handled and refused."""

    def __init__(self, local: set[int] | None = None) -> None:
        self.handled: list[dict[str, Any]] = []
        self.refused: list[tuple[dict[str, Any], BaseException | None]] = []
        self.local = local or set()
        self.parsers: dict[str, Any] = {"INTERACTION_CREATE": self.handled.append}

    async def refuse(self, data: dict[str, Any], error: BaseException | None) -> None:
        self.refused.append((data, error))


async def wait_for(condition: Any, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")


async def open_table(store: Store, guild_id: int, clock: FakeClock) -> int:
    return await store.tables.create_table(
        guild_id=guild_id,
        channel_id=1,
        host_id=2,
        rules={},
        options={},
        turn_timeout=None,
        seats=[],
        at=clock(),
    )


@pytest.mark.parametrize("backend", ["postgresql"])
async def test_a_click_for_another_process_s_table_is_relayed_once(
    backend: str,
    db_path: str,
    clock: FakeClock,
    processes: Processes,
    stores: tuple[Store, Store],
) -> None:
    store_a, store_b = stores
    a = cluster(store_a, clock, processes, 100, (0,), url=db_path)
    b = cluster(store_b, clock, processes, 200, (1,), url=db_path)
    remote = await open_table(store_a, guild_on(1), clock)
    at_a, at_b = Adapter(), Adapter({remote})
    for process, adapter in ((a, at_a), (b, at_b)):
        await process.acquire(0)
        process.attach(adapter.parsers, adapter.refuse, adapter.local.__contains__)
        await process.start(Hooks().adopt, Hooks().release)
    try:
        # A server's click, or a DM click for a table A has, is A's own.
        at_a.parsers["INTERACTION_CREATE"](click(1, remote, guild_id=guild_on(0)))
        at_a.local.add(remote + 1000)
        at_a.parsers["INTERACTION_CREATE"](click(2, remote + 1000))
        assert [data["id"] for data in at_a.handled] == ["1", "2"]

        # DM clicks for B's table reach A (shard 0): B handles each once, in order.
        for n in range(3, 8):
            at_a.parsers["INTERACTION_CREATE"](click(n, remote))
        await wait_for(lambda: len(at_b.handled) == 5)
        assert [data["id"] for data in at_b.handled] == [str(n) for n in range(3, 8)]
        assert len(at_a.handled) == 2 and at_a.refused == [] and at_b.refused == []
        assert json.loads(json.dumps(at_b.handled[0]))["data"]["custom_id"].endswith(":SA")

        # A click Discord sends twice is relayed once.
        at_a.parsers["INTERACTION_CREATE"](click(7, remote))
        await asyncio.sleep(0.5)
        assert len(at_b.handled) == 5

        # An unknown table: answered where it arrived (it says the table is gone).
        at_a.parsers["INTERACTION_CREATE"](click(8, remote + 5))
        await wait_for(lambda: len(at_a.handled) == 3)

        # B stops listening (stalled, its lease still valid): the click comes back to A,
        # which can't take the table either and tells the player to try again.
        await b.stop()
        at_a.parsers["INTERACTION_CREATE"](click(9, remote))
        await wait_for(lambda: len(at_a.refused) == 1)
        assert at_a.refused[0][0]["id"] == "9" and at_a.refused[0][1] is None
        assert len(at_b.handled) == 5 and len(at_a.handled) == 3

        # B dies: A takes shard 1 over when the click comes back, and handles it.
        processes.dead.add(200)
        at_a.parsers["INTERACTION_CREATE"](click(10, remote))
        await wait_for(lambda: len(at_a.handled) == 4)
        assert at_a.handled[-1]["id"] == "10" and a.owns_guild(guild_on(1))
    finally:
        await a.release()
        await b.release()


@pytest.mark.parametrize("backend", ["postgresql"])
async def test_preferences_changed_by_one_process_are_read_again_by_the_others(
    backend: str,
    db_path: str,
    clock: FakeClock,
    processes: Processes,
    stores: tuple[Store, Store],
) -> None:
    store_a, store_b = stores
    b = cluster(store_b, clock, processes, 200, (1,), url=db_path)
    preferences = Preferences(store_b.preferences, clock)
    await b.acquire(0)
    await b.start(Hooks().adopt, Hooks().release, preferences.reload)
    try:
        assert preferences.cards(77).pack is None
        await store_a.preferences.save_user_preference(
            UserPreferenceRow(77, "de", "german", False, True), clock()
        )
        await wait_for(lambda: preferences.get(77).pack == "german")
        assert preferences.language(77, "en") == "de" and preferences.cards(77).pictures
        assert (await store_a.privacy.forget_user(77)).live_tables == ()
        await wait_for(lambda: 77 not in preferences.rows)
    finally:
        await b.release()


async def test_leases_that_expired_in_a_database_outage_are_not_taken_over(
    store: Store, clock: FakeClock, member: Member, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = member(100, (0,))
    async with watching(first, on_another_host(store, clock, 9)) as hooks:
        leases = store.leases.all

        async def unreachable() -> None:
            raise sqlite3.OperationalError("unable to open database file")

        monkeypatch.setattr(store.leases, "all", unreachable)
        await first.look()  # the database is away: logged, nothing else
        clock.advance(40)  # every lease expires meanwhile
        monkeypatch.setattr(store.leases, "all", leases)
        await first.look()
        clock.advance(10)
        await first.look()
        assert hooks.adopted == []  # the other process may not have renewed yet
        clock.advance(6)  # 16 s of answers: it had its chance
        await first.look()
        assert hooks.adopted == [frozenset({1})]

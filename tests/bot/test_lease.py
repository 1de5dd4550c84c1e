"""The process lease: one bot process per database, taken over when its holder is gone."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage import Store
from bot.storage.lease import LeaseHolder, LeaseRefused, ProcessLease, holder_gone, pid_alive
from tests.bot.helpers import FakeClock

HOST = "box"


def lease(store: Store, clock: FakeClock, pid: int, **kwargs: object) -> ProcessLease:
    """A lease of a process ``pid`` on HOST whose pid is alive unless ``alive`` says so."""
    options: dict[str, object] = {"alive": lambda _: True, "poll_every": 0.01, "host": HOST}
    options.update(kwargs)
    return ProcessLease(store.leases, clock=clock, pid=pid, **options)  # type: ignore[arg-type]


async def test_one_holder_at_a_time_and_released_at_a_clean_stop(
    store: Store, clock: FakeClock
) -> None:
    first, second = lease(store, clock, 100), lease(store, clock, 200)
    await first.acquire(0)
    assert first.held
    with pytest.raises(LeaseRefused, match=r"Another bot process \(pid 100 on host box\)"):
        await second.acquire(0)
    assert not second.held
    holder = await store.leases.lease_holder("all")
    assert holder is not None and holder.holder == first.holder
    await first.release()
    assert await store.leases.lease_holder("all") is None
    await second.acquire(0)
    assert second.held


async def test_taking_again_is_renewing(store: Store, clock: FakeClock) -> None:
    first = lease(store, clock, 100)
    await first.acquire(0)
    clock.advance(20)
    assert await first.try_acquire() is None
    holder = await store.leases.lease_holder("all")
    assert holder is not None and holder.expires_at == clock() + first.duration


async def test_an_expired_lease_is_taken_over(store: Store, clock: FakeClock) -> None:
    first = lease(store, clock, 100, host="other-host")
    await first.acquire(0)
    second = lease(store, clock, 200)
    clock.advance(first.duration - 1)
    assert await second.try_acquire() is not None  # another host: only the expiry counts
    clock.advance(1)
    assert await second.try_acquire() is None
    assert not await store.leases.renew_lease("all", first.holder, now=clock(), duration=30)


async def test_a_dead_holder_on_this_host_is_taken_over_at_once(
    store: Store, clock: FakeClock
) -> None:
    first = lease(store, clock, 100)
    await first.acquire(0)
    second = lease(store, clock, 200, alive=lambda pid: pid != 100)
    await second.acquire(0)
    assert second.held


async def test_an_earlier_life_of_this_pid_is_gone(store: Store, clock: FakeClock) -> None:
    """A restarted container keeps its host name and pid: the old holder is not alive."""
    first = lease(store, clock, 1)
    await first.acquire(0)
    second = lease(store, clock, 1)
    assert second.holder != first.holder
    await second.acquire(0)
    assert second.held


async def test_scopes_have_their_own_holders(store: Store, clock: FakeClock) -> None:
    first = lease(store, clock, 100, scope="shards:0-1")
    second = lease(store, clock, 200, scope="shards:2-3")
    await first.acquire(0)
    await second.acquire(0)
    assert first.held and second.held


async def test_a_waiting_process_takes_over_once_the_holder_stops(
    store: Store, clock: FakeClock
) -> None:
    first, second = lease(store, clock, 100), lease(store, clock, 200)
    await first.acquire(0)
    waiting = asyncio.create_task(second.acquire(5))
    await asyncio.sleep(0.05)
    assert not waiting.done()
    await first.release()
    await asyncio.wait_for(waiting, 2)
    assert second.held


async def test_a_lost_lease_is_noticed_and_not_released(store: Store, clock: FakeClock) -> None:
    first = lease(store, clock, 100, renew_every=0.01)
    await first.acquire(0)
    lost = asyncio.Event()
    first.keep(on_lost=lost.set)
    await asyncio.sleep(0.05)
    assert first.held and not lost.is_set()
    clock.advance(first.duration)  # the process stalled: its lease expired
    second = lease(store, clock, 200)
    await second.acquire(0)
    await asyncio.wait_for(lost.wait(), 2)
    assert first.lost and not first.held
    await first.release()
    holder = await store.leases.lease_holder("all")
    assert holder is not None and holder.holder == second.holder


def test_holder_gone_rules() -> None:
    holder = LeaseHolder("box:100:x", "box", 100, 0.0, 30.0)
    assert not holder_gone(holder, 10, host="box", pid=200, alive=lambda _: True)
    assert holder_gone(holder, 10, host="box", pid=200, alive=lambda _: False)
    assert holder_gone(holder, 10, host="box", pid=100, alive=lambda _: True)
    assert not holder_gone(holder, 10, host="elsewhere", pid=200, alive=lambda _: False)
    assert holder_gone(holder, 30, host="elsewhere", pid=200, alive=lambda _: True)


def test_pid_alive() -> None:
    assert pid_alive(os.getpid())
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert not pid_alive(child.pid)
    zombie = subprocess.Popen([sys.executable, "-c", "pass"])
    os.waitid(os.P_PID, zombie.pid, os.WEXITED | os.WNOWAIT)  # exited, not reaped
    assert not pid_alive(zombie.pid)
    zombie.wait()


async def test_the_lease_table_is_part_of_the_schema(db_path: Path) -> None:
    async with Store(db_path) as store:
        if store.postgres:
            rows = await store.db.execute_fetchall(
                "SELECT ordinal_position, column_name FROM information_schema.columns"
                " WHERE table_name = 'process_lease' AND table_schema = current_schema()"
            )
        else:
            rows = await store.db.execute_fetchall("PRAGMA table_info(process_lease)")
        assert {row[1] for row in rows} >= {"scope", "holder", "host", "pid", "expires_at"}

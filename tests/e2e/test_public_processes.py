"""Issue 32 with two ``python -m bot`` processes on one PostgreSQL database (one shard each):
players of both shards' servers join the quick-match queue at once; both processes match, and
every player is seated exactly once. PostgreSQL only (RAMSCH_TEST_BACKEND=postgresql)."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from tests.e2e.driver import answer
from tests.e2e.processes import Cluster
from tests.e2e.test_processes import cluster, start_both
from tests.pg import PgReader, chosen_backends

__all__ = ["cluster"]

pytestmark = pytest.mark.skipif(
    "postgresql" not in chosen_backends(),
    reason="several bot processes need PostgreSQL: RAMSCH_TEST_BACKEND=postgresql (or both)",
)


def rows(cluster: Cluster, sql: str) -> list[tuple[int, ...]]:
    with contextlib.closing(PgReader(cluster.db)) as conn:
        return [tuple(int(value) for value in row) for row in conn.execute(sql).fetchall()]


async def test_two_processes_share_one_queue_and_seat_every_player_once(
    cluster: Cluster,
) -> None:
    emulator = cluster.emulator
    await start_both(cluster)
    zero, one = cluster.guilds
    for guild in (zero, one):
        admin = emulator.add_user(f"admin-{guild.name}", guilds=(guild,))
        guild.grant(admin, manage_guild=True)
        await answer(admin, guild.channels[0], "ramsch-config public", public=True)
    players = [
        (emulator.add_user(f"p{index}", guilds=(guild,)), guild)
        for index, guild in enumerate((zero, one, zero, one, zero, one))
    ]
    await asyncio.gather(*(
        answer(user, guild.channels[0], "ramsch quick", game="ramsch") for user, guild in players
    ))  # fmt: skip
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    seated: list[tuple[int, ...]] = []
    while loop.time() < deadline:
        seated = rows(
            cluster,
            "SELECT s.user_id, s.table_id FROM seats s JOIN public_tables p"
            " ON p.table_id = s.table_id WHERE s.user_id IS NOT NULL",
        )
        if len(seated) >= len(players):
            break
        await asyncio.sleep(0.2)
    users = sorted(user for user, _ in seated)
    assert users == sorted(user.id for user, _ in players)  # each once, none twice
    assert len({table for _, table in seated}) == 2
    assert rows(cluster, "SELECT COUNT(*) FROM public_queue") == [(0,)]
    for user, _ in players:  # each gets his hand by DM from the process of his table
        for _ in range(100):
            if any("· " in message.text for message in user.dms()):
                break
            await asyncio.sleep(0.1)
        assert user.dms(), user
    assert await cluster.stop() == [0, 0]
    assert not cluster.errors(), cluster.logs()

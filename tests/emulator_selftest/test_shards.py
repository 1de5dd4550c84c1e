"""Self-tests: gateway shards. Each connection gets only its shard's guilds, their events and
their interactions; DMs go to shard 0; bad shards are refused; discord.py's AutoShardedClient
asks GET /gateway/bot for the count and connects every shard."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio

from tests.emulator import Emulator, Guild, Message, SimulationError
from tests.emulator.fixtures import start_client, stop_client
from tests.emulator.gateway import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INVALID_SHARD,
    SHARDING_REQUIRED,
    shard_of,
)

INTENTS = INTENT_GUILDS | INTENT_GUILD_MESSAGES | INTENT_DIRECT_MESSAGES
BUTTON_ROW = [
    {"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}
]


class RawShard:
    """A bare gateway client on one shard: IDENTIFY, every frame it got, a barrier, acks."""

    def __init__(self, emulator: Emulator, http: aiohttp.ClientSession) -> None:
        self.emulator = emulator
        self.http = http
        self.frames: list[dict[str, Any]] = []
        self.closed: int | None = None
        """The close code, once the emulator closed the connection."""
        self._acks = 0
        self._changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    async def connect(self, shard: Any = None, intents: int = INTENTS) -> RawShard:
        self.ws = await self.http.ws_connect(self.emulator.gateway_url)
        hello = await self.ws.receive_json()
        assert hello["op"] == 10
        data: dict[str, Any] = {"token": self.emulator.token, "intents": intents, "properties": {}}
        if shard is not None:
            data["shard"] = shard
        await self.ws.send_json({"op": 2, "d": data})
        self._reader = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type is aiohttp.WSMsgType.TEXT:
                frame = msg.json()
                if frame["op"] == 11:
                    self._acks += 1
                else:
                    self.frames.append(frame)
                self._changed.set()
        self.closed = self.ws.close_code or -1
        self._changed.set()

    async def until(self, predicate: Callable[[], object], what: str) -> None:
        try:
            async with asyncio.timeout(5):
                while not predicate():
                    self._changed.clear()
                    await self._changed.wait()
        except TimeoutError:
            raise AssertionError(f"no {what} on this shard") from None

    async def synced(self) -> None:
        """Every frame the emulator queued for this connection so far has arrived (a
        heartbeat's ACK is written after them)."""
        wanted = self._acks + 1
        await self.ws.send_json({"op": 1, "d": None})
        await self.until(lambda: self._acks >= wanted, "a heartbeat ACK")

    def events(self, name: str) -> list[dict[str, Any]]:
        return [f["d"] for f in self.frames if f.get("t") == name]

    def guild_ids(self) -> set[int]:
        return {int(d["id"]) for d in self.events("GUILD_CREATE")}

    async def ready(self) -> dict[str, Any]:
        await self.until(lambda: self.events("READY"), "READY")
        return self.events("READY")[0]

    async def ack_interactions(self) -> None:
        """Answer every interaction this shard got with a deferred update (type 6)."""
        headers = {"Authorization": f"Bot {self.emulator.token}"}
        for data in self.events("INTERACTION_CREATE"):
            url = f"{self.emulator.api_base}/interactions/{data['id']}/{data['token']}/callback"
            async with self.http.post(url, json={"type": 6}, headers=headers) as response:
                assert response.status == 204, await response.text()

    async def close(self) -> None:
        await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)


@pytest_asyncio.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def sharded(emulator: Emulator) -> tuple[Guild, Guild]:
    """Two shards recommended; one guild on each."""
    emulator.shard_count = 2
    return emulator.add_guild("Zero", shard=0), emulator.add_guild("One", shard=1)


def bot_message(emulator: Emulator, channel: Any) -> Message:
    return emulator.store.create(
        channel, {"content": "pick", "components": BUTTON_ROW}, [], source="bot"
    )


async def test_add_guild_puts_a_guild_on_the_shard_asked_for(emulator: Emulator) -> None:
    emulator.shard_count = 3
    guilds = [emulator.add_guild(f"g{n}", shard=n % 3) for n in range(7)]
    assert [shard_of(g.id, 3) for g in guilds] == [n % 3 for n in range(7)]
    assert len({g.id for g in guilds}) == 7 and [g.id for g in guilds] == sorted(
        g.id for g in guilds
    )


async def test_each_shard_gets_only_its_guilds(emulator: Emulator, http: Any) -> None:
    zero, one = sharded(emulator)
    first = await RawShard(emulator, http).connect([0, 2])
    second = await RawShard(emulator, http).connect([1, 2])
    ready = [await first.ready(), await second.ready()]
    assert [r["shard"] for r in ready] == [[0, 2], [1, 2]]
    assert [{int(g["id"]) for g in r["guilds"]} for r in ready] == [{zero.id}, {one.id}]
    await first.synced()
    await second.synced()
    assert (first.guild_ids(), second.guild_ids()) == ({zero.id}, {one.id})
    late = [emulator.add_guild("Late zero", shard=0), emulator.add_guild("Late one", shard=1)]
    zero.add_channel("news")  # CHANNEL_CREATE of a guild on shard 0
    await first.synced()
    await second.synced()
    assert first.guild_ids() == {zero.id, late[0].id}
    assert second.guild_ids() == {one.id, late[1].id}
    assert [int(d["guild_id"]) for d in first.events("CHANNEL_CREATE")] == [zero.id]
    assert second.events("CHANNEL_CREATE") == []
    assert {tuple(s.shard) for s in emulator.gateway.sessions.values()} == {(0, 2), (1, 2)}
    await first.close()
    await second.close()


async def test_an_unsharded_client_gets_everything(emulator: Emulator, http: Any) -> None:
    zero, one = sharded(emulator)
    client = await RawShard(emulator, http).connect()
    assert (await client.ready())["shard"] == [0, 1]
    await client.synced()
    assert client.guild_ids() == {zero.id, one.id}
    await client.close()


async def test_interactions_go_to_the_guilds_shard_and_dms_to_shard_0(
    emulator: Emulator, http: Any
) -> None:
    _, one = sharded(emulator)
    alice = emulator.add_user("alice")
    first = await RawShard(emulator, http).connect([0, 2])
    second = await RawShard(emulator, http).connect([1, 2])
    await first.synced()
    await second.synced()
    in_one = bot_message(emulator, one.channel("general"))
    in_dm = bot_message(emulator, alice.dm_channel)
    guild_click = await alice.click(in_one, "Go")
    dm_click = await alice.click(in_dm, "Go")
    await first.synced()
    await second.synced()
    assert guild_click.shards == [(1, 2)] and dm_click.shards == [(0, 2)]
    got_first = [int(d["id"]) for d in first.events("INTERACTION_CREATE")]
    got_second = [int(d["id"]) for d in second.events("INTERACTION_CREATE")]
    assert (got_first, got_second) == ([dm_click.id], [guild_click.id])
    # The bot's own messages reach the shard of their channel: a DM on shard 0 only.
    assert [int(d["channel_id"]) for d in first.events("MESSAGE_CREATE")] == [in_dm.channel.id]
    assert [int(d["channel_id"]) for d in second.events("MESSAGE_CREATE")] == [in_one.channel.id]
    await first.ack_interactions()
    await second.ack_interactions()
    await emulator.idle(handlers=False)
    await first.close()
    await second.close()


async def test_an_interaction_for_a_shard_nobody_runs_is_refused(
    emulator: Emulator, http: Any
) -> None:
    """A process running only shard 1 never sees a DM click: Discord sends it to shard 0."""
    _, one = sharded(emulator)
    alice = emulator.add_user("alice")
    second = await RawShard(emulator, http).connect([1, 2])
    await second.synced()
    with pytest.raises(SimulationError, match="shard 0"):
        await alice.click(bot_message(emulator, alice.dm_channel), "Go")
    click = await alice.click(bot_message(emulator, one.channel("general")), "Go")
    await second.synced()
    assert click.shards == [(1, 2)]
    await second.ack_interactions()
    await emulator.idle(handlers=False)
    await second.close()


@pytest.mark.parametrize("shard", [[2, 2], [0, 0], [-1, 2], [0], "0,1", [True, 2]])
async def test_an_invalid_shard_is_closed_with_4010(
    emulator: Emulator, http: Any, shard: Any
) -> None:
    emulator.add_guild()
    with emulator.expect_violations(INVALID_SHARD, count=1):
        client = await RawShard(emulator, http).connect(shard)
        await client.until(lambda: client.closed, "the close")
    assert client.closed == INVALID_SHARD
    assert client.events("READY") == [] and not emulator.gateway.sessions


async def test_too_many_guilds_on_one_shard_is_closed_with_4011(
    emulator: Emulator, http: Any
) -> None:
    emulator.max_guilds_per_shard = 1
    sharded(emulator)
    client = await RawShard(emulator, http).connect()
    await client.until(lambda: client.closed, "the close")
    assert client.closed == SHARDING_REQUIRED
    assert [e.data["guilds"] for e in emulator.events if e.kind == "sharding_required"] == [2]
    first = await RawShard(emulator, http).connect([0, 2])
    await first.ready()
    await first.close()


async def test_gateway_bot_recommends_the_configured_shard_count(
    emulator: Emulator, http: Any
) -> None:
    emulator.shard_count = 4
    headers = {"Authorization": f"Bot {emulator.token}"}
    async with http.get(f"{emulator.api_base}/gateway/bot", headers=headers) as response:
        data = await response.json()
    assert data["shards"] == 4 and data["url"] == emulator.gateway_url


class Sharded(discord.AutoShardedClient):
    """discord.py's sharded client, without the 5 s pause between two IDENTIFYs."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


async def test_discord_py_connects_the_recommended_shards(emulator: Emulator) -> None:
    zero, one = sharded(emulator)
    client = Sharded(intents=discord.Intents(guilds=True))
    await start_client(client, emulator)
    try:
        assert client.shard_count == 2 and sorted(client.shards) == [0, 1]
        assert emulator.request_counts["GET /gateway/bot"] == 1
        cached = {g.id: g.shard_id for g in client.guilds}
        assert cached == {zero.id: 0, one.id: 1}
        identified = [e.data for e in emulator.events if e.kind == "identify"]
        assert sorted((tuple(d["shard"]), tuple(d["guilds"])) for d in identified) == [
            ((0, 2), (zero.id,)),
            ((1, 2), (one.id,)),
        ]
    finally:
        await stop_client(client, emulator)


async def test_discord_py_shards_resume_after_a_reconnect(emulator: Emulator) -> None:
    """op 7 to every session: each shard RESUMEs its own session and keeps its guilds."""
    zero, one = sharded(emulator)
    client = Sharded(intents=discord.Intents(guilds=True), shard_count=2, shard_ids=[0, 1])
    await start_client(client, emulator)
    try:
        before = {s.id: s.shard for s in emulator.gateway.sessions.values()}
        await emulator.force_reconnect()
        await emulator.wait_for(
            lambda: (
                emulator.gateway.op_counts["op 6"] == 2
                and len(emulator.gateway.live_sessions()) == 2
            ),
            description="both shards to resume",
        )
        after = {s.id: s.shard for s in emulator.gateway.live_sessions()}
        assert after == before and sorted(after.values()) == [(0, 2), (1, 2)]
        assert emulator.request_counts["GET /gateway/bot"] == 0  # the count was given
        late = emulator.add_guild("Late", shard=1)
        guild = await emulator.wait_for(lambda: client.get_guild(late.id))
        assert guild is not None and guild.shard_id == 1
        assert {g.id for g in client.guilds} == {zero.id, one.id, late.id}
    finally:
        await stop_client(client, emulator)

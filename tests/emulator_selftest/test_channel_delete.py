"""Self-tests: a channel deleted as an admin would, and request spans (which calls overlapped)."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.emulator import SimulationError
from tests.emulator.model import MANAGE_THREADS

from .conftest import World


async def test_a_deleted_channel_is_gone_for_everyone(world: World) -> None:
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("before")
    [message] = world.channel.current_messages()
    deleted: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    async def on_guild_channel_delete(gone: discord.abc.GuildChannel) -> None:
        deleted.set_result(gone.id)

    world.bot.add_listener(on_guild_channel_delete)
    world.emulator.delete_channel(world.channel)
    assert await asyncio.wait_for(deleted, 5) == world.channel.id
    assert world.bot.get_channel(world.channel.id) is None
    for call in (channel.send("after"), sent.edit(content="edited"), sent.delete()):
        with pytest.raises(discord.NotFound) as caught:
            await call
        assert caught.value.code == 10003
    assert not world.alice.can_see(message) and message not in world.alice.visible_messages()
    with pytest.raises(SimulationError):
        world.alice.channel_messages(world.channel)
    assert world.emulator.errors == []  # a call to a deleted channel is no protocol violation
    with pytest.raises(SimulationError):
        world.emulator.delete_channel(world.channel)


async def test_spans_tell_which_requests_overlapped(world: World) -> None:
    world.emulator.faults.delay_all(0.1)
    channel = world.bot.get_channel(world.channel.id)
    games = world.bot.get_channel(world.guild.channel("games").id)
    assert isinstance(channel, discord.TextChannel) and isinstance(games, discord.TextChannel)
    await asyncio.gather(channel.send("one"), games.send("two"))  # two rate-limit buckets
    await channel.send("three")
    one, two, three = world.emulator.spans[-3:]
    assert {one.status, two.status, three.status} == {200}
    assert one.overlaps(two) and not two.overlaps(three) and not one.overlaps(three)
    assert three.params == {"channel_id": str(world.channel.id)}


async def test_a_thread_deleted_by_a_moderator_or_the_bot(world: World) -> None:
    """A thread's deletion reaches the bot as THREAD_DELETE; the bot deletes one with Manage
    Threads only (issue 30, finding 4)."""
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    gone: asyncio.Queue[tuple[int, int]] = asyncio.Queue()

    async def on_raw_thread_delete(payload: discord.RawThreadDeleteEvent) -> None:
        gone.put_nowait((payload.thread_id, payload.parent_id))

    world.bot.add_listener(on_raw_thread_delete)
    first = await (await channel.send("one")).create_thread(name="one")
    world.emulator.delete_channel(world.emulator.channels[first.id])
    assert await asyncio.wait_for(gone.get(), 5) == (first.id, world.channel.id)
    with pytest.raises(discord.NotFound):
        await first.send("after")

    second = await (await channel.send("two")).create_thread(name="two")
    with pytest.raises(discord.Forbidden) as caught:
        await second.delete()
    assert caught.value.code == 50013
    world.guild.set_permissions(world.channel, world.emulator.bot, allow=MANAGE_THREADS)
    await world.emulator.idle()
    await second.delete()
    assert await asyncio.wait_for(gone.get(), 5) == (second.id, world.channel.id)
    assert world.emulator.channels[second.id].deleted
    assert world.emulator.errors == []


async def test_a_thread_that_refuses_posts_while_its_channel_takes_them(world: World) -> None:
    """A fault for requests to threads only: the channel still takes messages."""
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    world.emulator.faults.add(
        "POST", "/channels/{channel_id}/messages", status=403, code=50013, threads=True
    )
    started = await channel.send("start")
    thread = await started.create_thread(name="refusing")
    await channel.send("still here")
    with pytest.raises(discord.Forbidden) as caught:
        await thread.send("refused")
    assert caught.value.code == 50013
    assert world.emulator.channels[thread.id].current_messages() == []

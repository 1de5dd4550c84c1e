"""Self-tests: a channel deleted as an admin would, and request spans (which calls overlapped)."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.emulator import SimulationError

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

"""Self-tests: faults on demand (errors, lost answers, rate limits, delays) and enforced nonces."""

from __future__ import annotations

import discord
import pytest

from .conftest import World

CREATE = "/channels/{channel_id}/messages"


def _channel(world: World) -> discord.TextChannel:
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_an_error_answer_does_no_work(world: World) -> None:
    fault = world.emulator.faults.add("POST", CREATE, status=503)
    with pytest.raises(discord.DiscordServerError):
        await _channel(world).send("lost")
    assert fault.hits == 1 and world.channel.current_messages() == []
    sent = await _channel(world).send("second try")  # the fault was for one request only
    assert [m.id for m in world.channel.current_messages()] == [sent.id]


async def test_a_lost_answer_after_the_work(world: World) -> None:
    world.emulator.faults.add("POST", CREATE, status=503, after=True)
    with pytest.raises(discord.DiscordServerError):
        await _channel(world).send("made anyway")
    assert [m.content for m in world.channel.current_messages()] == ["made anyway"]


async def test_faults_match_their_parameters(world: World) -> None:
    other = world.guild.channel("games")
    fault = world.emulator.faults.add("POST", CREATE, status=503, match={"channel_id": other.id})
    await _channel(world).send("not this channel")
    assert fault.hits == 0
    games = world.bot.get_channel(other.id)
    assert isinstance(games, discord.TextChannel)
    with pytest.raises(discord.DiscordServerError):
        await games.send("this one")
    assert fault.hits == 1


async def test_a_rate_limit_is_waited_out(world: World) -> None:
    fault = world.emulator.faults.add("POST", CREATE, status=429, times=2, retry_after=0.01)
    sent = await _channel(world).send("after the limit")
    assert fault.hits == 2
    assert world.emulator.request_counts[f"POST {CREATE}"] == 3
    assert [m.id for m in world.channel.current_messages()] == [sent.id]


async def test_a_repeated_nonce_returns_the_first_message(world: World) -> None:
    world.emulator.faults.add("POST", CREATE, status=503, after=True)
    with pytest.raises(discord.DiscordServerError):
        await _channel(world).send("once", nonce="deal-7")
    again = await _channel(world).send("once", nonce="deal-7")
    [only] = world.channel.current_messages()
    assert again.id == only.id
    fresh = await _channel(world).send("twice", nonce="deal-8")
    assert fresh.id != only.id and len(world.channel.current_messages()) == 2

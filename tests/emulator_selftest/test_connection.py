"""Self-tests: login, READY/GUILD_CREATE state, bad tokens, resume, unknown routes, events."""

from __future__ import annotations

import aiohttp
import discord
import pytest

from tests.emulator import Emulator
from tests.emulator.errors import UNKNOWN_ROUTE
from tests.emulator.fixtures import start_client

from .conftest import World
from .tinybot import TinyBot


async def test_ready_state_matches_the_emulator(world: World) -> None:
    bot, guild = world.bot, world.guild
    cached = bot.get_guild(guild.id)
    assert cached is not None and cached.name == "Stammtisch"
    assert {c.name for c in cached.text_channels} == {"general", "games"}
    assert cached.member_count == len(guild.members) == len(cached.members)
    alice = cached.get_member(world.alice.id)
    assert alice is not None and alice.joined_at is not None
    assert cached.default_role.id == guild.id
    assert cached.me.guild_permissions.send_messages
    assert bot.application_id == world.emulator.application_id
    scopes = world.emulator.commands
    assert [c["name"] for c in scopes[guild.id]] == ["ramsch", "settings"]
    assert [c["name"] for c in scopes[None]] == ["hello"]


async def test_guilds_and_members_added_later_reach_the_bot(world: World) -> None:
    emulator, bot = world.emulator, world.bot
    dave = emulator.add_user("dave", guilds=[world.guild])
    guild = emulator.add_guild("Second", channels=("skat",))
    guild.add_member(dave)
    first = bot.get_guild(world.guild.id)
    assert first is not None
    await emulator.wait_for(lambda: first.get_member(dave.id), timeout=2)
    second = await emulator.wait_for(lambda: bot.get_guild(guild.id), timeout=2)
    assert second is not None
    await emulator.wait_for(lambda: second.get_member(dave.id), timeout=2)
    assert [c.name for c in second.text_channels] == ["skat"]


async def test_bad_token_is_refused(emulator: Emulator) -> None:
    emulator.add_guild()
    bot = TinyBot(1)
    with pytest.raises(discord.LoginFailure):
        await start_client(bot, emulator, token="wrong")
    assert any(e.kind == "auth_failed" for e in emulator.events)
    assert discord.http.Route.BASE.startswith("https://discord.com")


async def test_resume_after_reconnect_keeps_working(world: World) -> None:
    emulator = world.emulator
    await emulator.force_reconnect()
    await emulator.wait_for(lambda: emulator.gateway.op_counts["op 6"] == 1, timeout=5)
    await emulator.wait_for(lambda: emulator.gateway.connected, timeout=5)
    handle = await world.alice.slash(world.channel, "ramsch ping")
    assert [m.content for m in await handle.wait_response()] == ["pong"]
    assert emulator.gateway.op_counts["dispatch RESUMED"] == 1


async def test_unknown_route_is_refused_and_recorded(world: World) -> None:
    emulator = world.emulator
    with emulator.expect_violations(UNKNOWN_ROUTE, count=2) as found:
        with pytest.raises(discord.NotFound):
            await world.bot.http.request(
                discord.http.Route("GET", "/guilds/{guild_id}/bans", guild_id=world.guild.id)
            )
        async with (
            aiohttp.ClientSession() as session,
            session.get(f"{emulator.url}/nowhere") as response,
        ):
            assert response.status == 404
            assert response.headers["Content-Type"] == "application/json"
    assert "GET /guilds/" in found[0].route
    assert emulator.request_counts[f"GET /guilds/{world.guild.id}/bans"] == 1


async def test_user_messages_reach_the_bot(world: World) -> None:
    await world.alice.say(world.channel, "hallo zusammen")
    await world.emulator.wait_for(lambda: world.bot.seen_messages, timeout=2)
    assert world.bot.seen_messages == ["hallo zusammen"]


async def test_rest_responses_are_plain_json(world: World) -> None:
    emulator = world.emulator
    headers = {"Authorization": f"Bot {emulator.token}"}
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{emulator.api_base}/users/@me", headers=headers) as response:
            assert response.headers["Content-Type"] == "application/json"
            assert (await response.json())["id"] == str(emulator.bot.id)
        async with session.get(f"{emulator.api_base}/users/@me") as response:
            assert response.status == 401

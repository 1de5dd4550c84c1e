"""Fixtures of the emulator self-tests: the emulator plugin plus a started tiny bot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest_asyncio

from tests.emulator import Channel, Emulator, Guild, SimUser
from tests.emulator.fixtures import emulator, log_guard, start_client, stop_client

from .tinybot import TinyBot

__all__ = ["emulator", "log_guard"]


@dataclass
class World:
    """A guild with a channel, three users (carol has closed DMs) and the running bot."""

    emulator: Emulator
    guild: Guild
    channel: Channel
    alice: SimUser
    bob: SimUser
    carol: SimUser
    bot: TinyBot


@pytest_asyncio.fixture
async def world(emulator: Emulator) -> AsyncIterator[World]:
    guild = emulator.add_guild("Stammtisch", channels=("general", "games"))
    alice = emulator.add_user("alice")
    bob = emulator.add_user("bob")
    carol = emulator.add_user("carol", dms_open=False)
    bot = TinyBot(guild.id)
    await start_client(bot, emulator)
    yield World(emulator, guild, guild.channel("general"), alice, bob, carol, bot)
    await stop_client(bot, emulator)

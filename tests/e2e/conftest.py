"""The bot under test, in this process, against the Discord emulator; restartable on one store."""

from __future__ import annotations

import contextlib
import itertools
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import pytest_asyncio

from bot.client import RamschBot
from bot.emoji_faces import all_faces
from bot.publish.publisher import Publisher
from bot.settings import Settings
from bot.storage import Store
from bot.tables import TableService
from tests.emulator import Channel, Emulator, Guild
from tests.emulator.fixtures import emulator, log_guard, start_client, stop_client
from tests.pg import chosen_backends, migrated_store

__all__ = ["Harness", "emulator", "harness", "log_guard", "running_harness"]

FIRST_SEED = 1000


async def synced_commands(bot: RamschBot) -> None:
    """Until the bot's background command sync is over: the emulator refuses a command the
    bot never registered, where Discord would still have the last start's."""
    if bot.command_sync is not None:
        await bot.command_sync


def bot_settings(db: Path, guild_id: int, *, tick_interval: float = 0) -> Settings:
    """Settings for tests: no .env, commands synced to the test guild, no render delay, no AI
    delay; timers run only when the test calls ``service.tick`` (or sets ``tick_interval``)."""
    return Settings(
        discord_token="unused",
        ramsch_db=db,
        ramsch_guild_ids=(guild_id,),
        ramsch_render_interval=0,
        ramsch_ai_delay=0,
        ramsch_tick_interval=tick_interval,
        _env_file=None,
    )


@dataclass
class Harness:
    """A bot running in a guild with one channel; its store survives ``restart``."""

    emulator: Emulator
    guild: Guild
    channel: Channel
    db: Path
    seeds: list[int] = field(default_factory=list)
    """Session seeds handed out so far, in order (the core replays from them)."""
    clock: Callable[[], float] = time.time
    """The service's clock: a test may put a fake one here before ``restart``."""
    tick_interval: float = 0
    """Seconds between the bot's own timer ticks; 0: only when the test calls ``tick``."""
    card_emojis: bool = True
    """Whether every card control must show its card's emoji (the driver checks it); False
    where the application refuses them."""
    _counter: itertools.count[int] = field(default_factory=lambda: itertools.count(FIRST_SEED))

    def _seed(self) -> int:
        self.seeds.append(next(self._counter))
        return self.seeds[-1]

    async def launch(self) -> None:
        self.store = await Store.open(self.db)
        self.service = TableService(
            self.store, seed_source=self._seed, ai_delay=0, clock=self.clock
        )
        settings = bot_settings(self.db, self.guild.id, tick_interval=self.tick_interval)
        self.bot = RamschBot(settings, self.service, self.store)
        await start_client(self.bot, self.emulator)
        await synced_commands(self.bot)
        if self.bot.emoji_upload is not None:  # the card emojis, as the bot had them before
            await self.bot.emoji_upload

    def use_clock(self, clock: Callable[[], float]) -> None:
        """Run the service (now and after restarts) on ``clock``, e.g. a fake one."""
        self.clock = clock
        self.service.clock = clock

    async def shutdown(self) -> None:
        await stop_client(self.bot, self.emulator)
        await self.service.close()
        await self.store.close()

    async def restart(self) -> None:
        """Stop the bot and start a new one on the same database, as after a crash or deploy."""
        await self.shutdown()
        await self.launch()

    @property
    def publisher(self) -> Publisher:
        # Extensions are loaded as fresh modules: find the cog by name, not by class.
        publisher: Publisher = getattr(self.bot.get_cog("Tables"), "publisher")  # noqa: B009
        return publisher

    async def settle(self) -> None:
        """Wait until the bot answered every interaction, the AI made every move it may, and
        every table's state is shown."""
        await self.service.autoplay.wait_idle()
        await self.publisher.settled()
        await self.emulator.idle(quiet=0.001)
        await self.service.autoplay.wait_idle()
        await self.publisher.settled()
        cog = self.bot.get_cog("Tables")
        await getattr(cog, "announcements_settled")()  # noqa: B009 (thread announcements)
        await self.emulator.idle(quiet=0.001)


@contextlib.asynccontextmanager
async def running_harness(emulator: Emulator, guild: Guild, db: Path) -> AsyncIterator[Harness]:
    """The bot in ``guild`` (its first channel) on the store ``db``: launched, and shut down
    at the end of the block."""
    running = Harness(emulator, guild, guild.channels[0], db)
    await running.launch()
    try:
        yield running
    finally:
        await running.shutdown()


def own_card_emojis(emulator: Emulator) -> None:
    """The application owns the card emojis already, as after the bot's first start (which
    uploads them: tests/e2e/test_card_emojis.py)."""
    for face in all_faces():
        if emulator.app_emojis.named(face.name) is None:
            emulator.app_emojis.add(face.name, face.png)


@pytest_asyncio.fixture
async def harness(
    emulator: Emulator, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[Harness]:
    """The bot, started in this process with its store in a temporary directory (or, with
    ``RAMSCH_TEST_BACKEND=postgresql``, in a PostgreSQL database of its own), at the current
    schema already as after the bot's first start (tests/pg.py ``migrated_store``)."""
    guild = emulator.add_guild("Ramsch Club", channels=("general",))
    backend = "postgresql" if chosen_backends() == ["postgresql"] else "sqlite"
    db = migrated_store(backend, tmp_path, request)
    own_card_emojis(emulator)
    async with running_harness(emulator, guild, db) as running:
        yield running

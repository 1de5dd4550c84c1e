"""Issue 13: the slash commands are synced only when they changed, a switch between guild and
global sync leaves no stale copies, and a guild Discord refuses or a server error during the
sync never stops the bot."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from bot.client import EXTENSIONS, RamschBot
from bot.commands import sync
from bot.storage import Store
from bot.tables import TableService
from tests.e2e.conftest import Harness, bot_settings, synced_commands
from tests.e2e.driver import answer
from tests.emulator import Emulator
from tests.emulator.fixtures import start_client

PUT_GUILD = "PUT /applications/{application_id}/guilds/{guild_id}/commands"
PUT_GLOBAL = "PUT /applications/{application_id}/commands"
GET_GLOBAL = "GET /applications/{application_id}/commands"
SYNC_LOGGER = "bot.commands.sync"


@dataclass
class Admin(Harness):
    """The bot restarted by an admin who changes ``RAMSCH_GUILD_IDS`` (empty: global sync)
    or updates the bot (``extensions``: a version with other commands)."""

    guild_ids: tuple[int, ...] = ()
    extensions: tuple[str, ...] = EXTENSIONS

    async def launch(self, *, wait_for_sync: bool = True) -> None:
        self.store = await Store.open(self.db)
        self.service = TableService(self.store, seed_source=self._seed, ai_delay=0)
        settings = bot_settings(self.db, self.guild.id).model_copy(
            update={"ramsch_guild_ids": self.guild_ids}
        )
        self.bot = RamschBot(settings, self.service, self.store, extensions=self.extensions)
        await start_client(self.bot, self.emulator)
        if wait_for_sync:
            await synced_commands(self.bot)


@pytest_asyncio.fixture
async def admin(emulator: Emulator, tmp_path: Path) -> AsyncIterator[Admin]:
    """Not started yet: each test chooses how the bot syncs first."""
    guild = emulator.add_guild("Ramsch Club", channels=("general",))
    running = Admin(emulator, guild, guild.channels[0], tmp_path / "ramsch.sqlite3")
    running.guild_ids = (guild.id,)
    try:
        yield running
    finally:
        if hasattr(running, "bot"):
            await running.shutdown()


@pytest.fixture
def sync_log(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.INFO, logger=SYNC_LOGGER)
    return caplog


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sync, "RETRY_DELAYS", (0.01, 0.02, 0.03))


def synced(emulator: Emulator) -> list[int | None]:
    """The scopes whose commands the bot overwrote, in order (None: the global commands)."""
    return [event.data["scope"] for event in emulator.events if event.kind == "commands"]


def names(emulator: Emulator, scope: int | None) -> list[str]:
    return [command["name"] for command in emulator.commands.get(scope, [])]


def lines(caplog: pytest.LogCaptureFixture, level: int) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == SYNC_LOGGER and r.levelno == level]


async def works(admin: Admin) -> None:
    """A member can run the bot's commands in the guild."""
    users = admin.emulator.users.values()
    alice = next((u for u in users if u.name == "Alice"), None) or admin.emulator.add_user("Alice")
    (shown,) = await answer(alice, admin.channel, "ramsch help")
    assert shown.ephemeral and "/ramsch new" in shown.text


async def test_a_restart_with_unchanged_commands_syncs_nothing(
    admin: Admin, sync_log: pytest.LogCaptureFixture
) -> None:
    emulator = admin.emulator
    await admin.launch()
    assert synced(emulator) == [admin.guild.id] and "ramsch" in names(emulator, admin.guild.id)
    assert emulator.request_counts[GET_GLOBAL] == 1  # any global commands of an older version?
    assert await admin.store.commands.command_hashes() == {
        0: sync.digest(emulator.application_id, []),
        admin.guild.id: sync.digest(
            emulator.application_id,
            await sync.tree_payload(admin.bot.tree, admin.bot.get_guild(admin.guild.id)),
        ),
    }
    sync_log.clear()
    await admin.restart()
    assert synced(emulator) == [admin.guild.id], "unchanged commands were synced again"
    assert emulator.request_counts[PUT_GUILD] == 1 and emulator.request_counts[GET_GLOBAL] == 1
    assert [r.getMessage() for r in lines(sync_log, logging.INFO)] == [
        f"Commands (guild {admin.guild.id}) unchanged since the last sync: not synced again",
        "Command sync finished",
    ]
    await works(admin)
    # An update that changes the commands syncs them, once.
    admin.extensions = tuple(name for name in EXTENSIONS if name != "bot.cogs.stats")
    await admin.restart()
    await admin.restart()
    assert synced(emulator) == [admin.guild.id] * 2
    (ramsch,) = [c for c in emulator.commands[admin.guild.id] if c["name"] == "ramsch"]
    options = [o["name"] for o in ramsch["options"]]
    assert "new" in options and "stats" not in options


async def test_switching_from_guild_to_global_sync_removes_the_guild_copies(
    admin: Admin, sync_log: pytest.LogCaptureFixture
) -> None:
    emulator = admin.emulator
    await admin.launch()
    admin.guild_ids = ()
    await admin.restart()
    assert "ramsch" in names(emulator, None) and names(emulator, admin.guild.id) == []
    assert synced(emulator) == [admin.guild.id, None, admin.guild.id]
    messages = [r.getMessage() for r in lines(sync_log, logging.INFO)]
    assert f"Removed the commands of guild {admin.guild.id}: it is no longer synced to" in messages
    await works(admin)  # one /ramsch, the global one
    await admin.restart()
    assert len(synced(emulator)) == 3, "a second start in global mode synced again"
    assert await admin.store.commands.command_hashes() == {
        0: sync.digest(emulator.application_id, await sync.tree_payload(admin.bot.tree, None))
    }


async def test_switching_from_global_to_guild_sync_removes_the_global_commands(
    admin: Admin, sync_log: pytest.LogCaptureFixture
) -> None:
    emulator = admin.emulator
    admin.guild_ids = ()
    await admin.launch()
    assert "ramsch" in names(emulator, None) and synced(emulator) == [None]
    admin.guild_ids = (admin.guild.id,)
    await admin.restart()
    assert names(emulator, None) == [] and "ramsch" in names(emulator, admin.guild.id)
    assert synced(emulator) == [None, admin.guild.id, None]
    assert emulator.request_counts[GET_GLOBAL] == 0, "the database knew of the global commands"
    assert any("Removed the global commands" in r.getMessage() for r in sync_log.records)
    await works(admin)
    await admin.restart()
    assert len(synced(emulator)) == 3 and emulator.request_counts[GET_GLOBAL] == 0


async def test_global_commands_of_an_older_version_are_removed(admin: Admin) -> None:
    """A database from before the sync was recorded: Discord is asked once."""
    emulator = admin.emulator
    emulator.register_commands(None, [{"name": "ramsch", "description": "old", "type": 1}])
    await admin.launch()
    assert names(emulator, None) == [] and "ramsch" in names(emulator, admin.guild.id)
    assert emulator.request_counts[GET_GLOBAL] == 1
    await works(admin)


async def test_a_guild_no_longer_listed_loses_its_commands(admin: Admin) -> None:
    emulator = admin.emulator
    other = emulator.add_guild("Skatrunde", channels=("skat",))
    admin.guild_ids = (admin.guild.id, other.id)
    await admin.launch()
    assert "ramsch" in names(emulator, other.id)
    admin.guild_ids = (admin.guild.id,)
    await admin.restart()
    assert names(emulator, other.id) == [] and "ramsch" in names(emulator, admin.guild.id)
    assert synced(emulator) == [admin.guild.id, other.id, other.id]
    assert set(await admin.store.commands.command_hashes()) == {0, admin.guild.id}
    await works(admin)


async def test_a_listed_guild_the_bot_is_not_in_is_skipped_with_one_warning(
    admin: Admin, sync_log: pytest.LogCaptureFixture
) -> None:
    """Discord answers 403 Missing Access; every other guild is synced and plays."""
    emulator = admin.emulator
    stranger = emulator.next_id()
    admin.guild_ids = (stranger, admin.guild.id)
    await admin.launch()
    assert emulator.request_counts[PUT_GUILD] == 2
    assert synced(emulator) == [admin.guild.id] and "ramsch" in names(emulator, admin.guild.id)
    (warning,) = lines(sync_log, logging.WARNING)
    text = warning.getMessage()
    assert f"Skipped guild {stranger} of RAMSCH_GUILD_IDS" in text and "Missing Access" in text
    assert warning.exc_info is None and "\n" not in text
    assert stranger not in await admin.store.commands.command_hashes()
    await works(admin)
    sync_log.clear()
    await admin.restart()  # tried again at the next start: maybe the bot was invited since
    assert emulator.request_counts[PUT_GUILD] == 3 and len(lines(sync_log, logging.WARNING)) == 1


async def test_server_errors_during_the_sync_are_retried(admin: Admin) -> None:
    """503 (raised by discord.py at once) twice, then 500 (which discord.py retries itself)."""
    emulator = admin.emulator
    route = PUT_GUILD.removeprefix("PUT ")
    unavailable = emulator.faults.add("PUT", route, status=503, times=2)
    internal = emulator.faults.add("PUT", route, status=500, times=1)
    await admin.launch()
    assert (unavailable.hits, internal.hits) == (2, 1)
    assert synced(emulator) == [admin.guild.id] and emulator.request_counts[PUT_GUILD] == 4
    await works(admin)
    await admin.restart()
    assert emulator.request_counts[PUT_GUILD] == 4, "the sync was stored: not done again"


async def test_a_sync_that_keeps_failing_does_not_stop_the_bot(
    admin: Admin, sync_log: pytest.LogCaptureFixture
) -> None:
    emulator = admin.emulator
    route = PUT_GUILD.removeprefix("PUT ")
    down = emulator.faults.add("PUT", route, status=503, times=None)
    slow = emulator.faults.add("GET", GET_GLOBAL.removeprefix("GET "), status=503, times=None)
    await admin.launch()  # ready, serving the guilds whose commands Discord has from before
    attempts = len(sync.RETRY_DELAYS) + 1
    assert down.hits == attempts and slow.hits == attempts and synced(emulator) == []
    warnings = [r.getMessage() for r in lines(sync_log, logging.WARNING)]
    assert warnings == [
        f"Could not sync the commands (guild {admin.guild.id}): 503: Service Unavailable "
        f"(after {attempts} attempts); trying again at the next start",
        f"Could not look for global commands: 503: Service Unavailable (after {attempts} "
        "attempts); trying again at the next start",
    ]
    assert await admin.store.commands.command_hashes() == {}
    emulator.faults.clear()
    await admin.restart()
    assert synced(emulator) == [admin.guild.id]
    assert emulator.request_counts[GET_GLOBAL] == attempts + 1
    await works(admin)


async def test_an_attempt_discord_py_keeps_retrying_is_cut_short(
    admin: Admin, sync_log: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30: every request answered 500. discord.py would retry each attempt itself for
    some 25 s; each of the bot's attempts ends after ``ATTEMPT_TIMEOUT`` instead, so the sync
    gives up after its own attempts, one request each, with one warning."""
    monkeypatch.setattr(sync, "ATTEMPT_TIMEOUT", 0.3)
    emulator = admin.emulator
    down = emulator.faults.add("PUT", PUT_GUILD.removeprefix("PUT "), status=500, times=None)
    await admin.launch()
    attempts = len(sync.RETRY_DELAYS) + 1
    assert down.hits == attempts and synced(emulator) == []
    warnings = [r.getMessage() for r in lines(sync_log, logging.WARNING)]
    assert warnings == [
        f"Could not sync the commands (guild {admin.guild.id}): no answer within 0.3 s "
        f"(after {attempts} attempts); trying again at the next start"
    ]


async def test_the_bot_serves_while_its_command_sync_hangs(admin: Admin) -> None:
    """Issue 30: Discord does not answer the sync at all. The bot is on the gateway at once
    (serving the commands Discord has from before); closing it ends the sync."""
    await admin.launch()  # synced once: Discord knows the commands
    await admin.shutdown()
    admin.extensions = tuple(name for name in EXTENSIONS if name != "bot.cogs.stats")
    emulator = admin.emulator
    route = PUT_GUILD.removeprefix("PUT ")
    hanging = emulator.faults.add("PUT", route, status=500, delay=60, times=None)
    await admin.launch(wait_for_sync=False)
    await emulator.wait_for(lambda: hanging.hits > 0, timeout=10, description="the sync")
    sync_task = admin.bot.command_sync
    assert admin.bot.is_ready() and sync_task is not None and not sync_task.done()
    await admin.shutdown()
    assert sync_task.cancelled()

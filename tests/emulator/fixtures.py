"""pytest plugin: emulator and log_guard fixtures, helpers to run a discord.py client."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord
import discord.gateway
import discord.http
import pytest
import pytest_asyncio
import yarl

from .emulator import Emulator

GUARDED_LOGGERS = ("discord", "bot")
_originals: dict[str, Any] = {}


class LogGuard(logging.Handler):
    """Collects ERROR+ records of the ``discord`` and ``bot`` loggers; unexpected ones fail."""

    def __init__(self, loggers: tuple[str, ...] = GUARDED_LOGGERS) -> None:
        super().__init__(level=logging.ERROR)
        self.loggers = loggers
        self.records: list[logging.LogRecord] = []
        self.reported: set[int] = set()
        self._allowed: list[tuple[str, re.Pattern[str]]] = []
        self._levels: dict[str, int] = {}

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def allow(self, pattern: str = "", *, logger: str = "") -> None:
        """Expect error records whose message matches ``pattern`` (regex) from ``logger``."""
        self._allowed.append((logger, re.compile(pattern)))

    def _is_allowed(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += f"\n{record.exc_info[1]!r}"
        return any(
            record.name.startswith(name) and pattern.search(text) for name, pattern in self._allowed
        )

    def unexpected(self) -> list[logging.LogRecord]:
        return [r for r in self.records if not self._is_allowed(r)]

    def install(self) -> None:
        for name in self.loggers:
            logger = logging.getLogger(name)
            if logger.getEffectiveLevel() > logging.ERROR:
                self._levels[name] = logger.level
                logger.setLevel(logging.ERROR)
            logger.addHandler(self)

    def uninstall(self) -> None:
        for name in self.loggers:
            logger = logging.getLogger(name)
            logger.removeHandler(self)
            if name in self._levels:
                logger.setLevel(self._levels.pop(name))


def _describe(record: logging.LogRecord) -> str:
    text = f"{record.name} {record.levelname}: {record.getMessage()}"
    if record.exc_info and record.exc_info[1] is not None:
        text += f" [{record.exc_info[1]!r}]"
    return text


@pytest.fixture
def log_guard() -> Iterator[LogGuard]:
    """Fails the test if ``discord.*`` or ``bot.*`` logged at ERROR or above (unless allowed)."""
    guard = LogGuard()
    guard.install()
    try:
        yield guard
    finally:
        guard.uninstall()
    leftover = [r for r in guard.unexpected() if id(r) not in guard.reported]
    if leftover:
        pytest.fail("errors were logged during the test:\n" + "\n".join(map(_describe, leftover)))


@pytest_asyncio.fixture
async def emulator(log_guard: LogGuard) -> AsyncIterator[Emulator]:
    """A started emulator; clients started with ``start_client`` are stopped at teardown.

    Fails the test at teardown if protocol violations were recorded and not expected
    (see ``Emulator.expect_violations``; or clear ``emulator.errors`` explicitly).
    """
    emu = Emulator()
    emu.log_guard = log_guard
    await emu.start()
    try:
        yield emu
        emu.check_failures()
    finally:
        for client, _ in list(emu.clients):
            with contextlib.suppress(Exception):
                await stop_client(client, emu)
        await emu.stop()
    leftover = emu.unreported_violations()
    if leftover:
        pytest.fail(
            "protocol violations recorded by the emulator:\n" + "\n".join(str(v) for v in leftover)
        )


def patch_discord(emulator: Emulator) -> None:
    """Point discord.py's REST base and default gateway at the emulator (process-global)."""
    if not _originals:
        _originals["base"] = discord.http.Route.BASE
        _originals["gateway"] = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = emulator.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(emulator.gateway_url)


def unpatch_discord() -> None:
    """Restore discord.py's real endpoints."""
    if _originals:
        discord.http.Route.BASE = _originals.pop("base")
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = _originals.pop("gateway")


async def start_client(
    client: discord.Client,
    emulator: Emulator,
    token: str | None = None,
    *,
    guild_ready_timeout: float = 0.05,
    timeout: float = 10.0,
) -> asyncio.Task[None]:
    """Start ``client`` against the emulator in a task and wait until it is ready.

    Lowers the client's ``guild_ready_timeout`` (pitfall 3). Raises what ``client.start``
    raised if it ended before becoming ready (e.g. ``LoginFailure`` for a bad token).
    """
    patch_discord(emulator)
    state = client._connection
    state.guild_ready_timeout = min(state.guild_ready_timeout, guild_ready_timeout)
    task = asyncio.create_task(client.start(token or emulator.token), name="discord-client")
    try:
        await emulator.wait_for(
            lambda: task.done() or client.is_ready(),
            timeout=timeout,
            description="the discord client to become ready",
        )
        if task.done():
            task.result()
            raise RuntimeError("the discord client stopped before it became ready")
    except BaseException:
        await _shutdown(client, task, timeout)
        if not emulator.clients:
            unpatch_discord()
        raise
    emulator.clients.append((client, task))
    return task


async def _shutdown(client: discord.Client, task: asyncio.Task[None], timeout: float) -> None:
    if not client.is_closed():
        await client.close()
    done, _ = await asyncio.wait({task}, timeout=timeout)
    if not done:
        task.cancel()
    await asyncio.gather(task, return_exceptions=True)


async def stop_client(client: discord.Client, emulator: Emulator, timeout: float = 5.0) -> None:
    """Close the client, wait for its task, and restore discord.py once no client is left."""
    entry = next((e for e in emulator.clients if e[0] is client), None)
    try:
        if entry is not None:
            await _shutdown(client, entry[1], timeout)
        elif not client.is_closed():
            await client.close()
    finally:
        if entry is not None:
            emulator.clients.remove(entry)
        if not emulator.clients:
            unpatch_discord()

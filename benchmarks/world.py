"""What both benchmarks share: the emulator with the bot in this process, event hooks that
wake simulated players without polling, and figures."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import re
import sqlite3
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from bot.client import RamschBot
from bot.settings import Settings
from bot.storage import Store
from bot.tables import TableService
from tests.emulator import Channel, Emulator, Guild, InteractionHandle, Message, SimUser
from tests.emulator.fixtures import start_client, stop_client

CHANNELS_PER_GUILD = 50
WAIT = 30.0
"""Seconds a simulated player waits for an acknowledgement or a render before giving up."""
ROOT = Path(__file__).resolve().parents[1]
TABLE_ID = re.compile(r"Ramsch #(\d+)")


class Errors(logging.Handler):
    """Counts what the bot and discord.py log at ERROR or above (a benchmark must show none)."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def install(self) -> None:
        logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
        for name in ("bot", "discord"):
            logger = logging.getLogger(name)
            logger.setLevel(logging.WARNING)
            logger.addHandler(self)


class Hooks:
    """Wakes waiters on the emulator's events: an interaction's acknowledgement, a change of
    a message in a channel. (Emulator.wait_for wakes every waiter on every event: with
    hundreds of simulated players that would cost more CPU than the bot itself.)"""

    def __init__(self, emulator: Emulator) -> None:
        self._record = emulator.record
        self._acks: dict[int, asyncio.Future[None]] = {}
        self._channels: dict[int, asyncio.Event] = defaultdict(asyncio.Event)
        emulator.record = self._on_record  # type: ignore[method-assign]

    def _on_record(self, kind: str, **data: Any) -> Any:
        event = self._record(kind, **data)
        if kind == "ack":
            waiter = self._acks.pop(data["interaction"].id, None)
            if waiter is not None and not waiter.done():
                waiter.set_result(None)
        elif kind in ("message_create", "message_update"):
            channel_id = data["message"].channel.id
            changed = self._channels.pop(channel_id, None)
            if changed is not None:
                changed.set()
        return event

    async def acked(self, handle: InteractionHandle) -> None:
        if handle.acknowledged:
            return
        waiter = self._acks.setdefault(handle.id, asyncio.get_running_loop().create_future())
        async with asyncio.timeout(WAIT):
            await asyncio.shield(waiter)

    async def changed(self, channel: Channel) -> None:
        """Until a message of ``channel`` is created or edited."""
        async with asyncio.timeout(WAIT):
            await self._channels[channel.id].wait()


class World:
    """An emulator with guilds of channels and the bot on a database, all in this process."""

    def __init__(
        self,
        db: Path,
        *,
        render_interval: float,
        tick_interval: float = 5.0,
        process: bool = False,
        profile: Path | None = None,
        ai_delay: float = 0.0,
        ai_processes: int = 0,
    ) -> None:
        self.db = db
        self.ai_delay = ai_delay
        self.ai_processes = ai_processes
        self.render_interval = render_interval
        self.tick_interval = tick_interval
        self.process = process or profile is not None
        self.profile = profile
        self.bot: RamschBot | None = None
        self.bot_process: asyncio.subprocess.Process | None = None
        self.bot_lines: list[str] = []
        self.emulator = Emulator(message_events=False)
        self.hooks = Hooks(self.emulator)
        self.guilds: list[Guild] = []
        self.channels: list[Channel] = []
        self.errors = Errors()

    def add_channels(self, count: int) -> list[Channel]:
        """``count`` channels, in guilds of CHANNELS_PER_GUILD."""
        while len(self.channels) < count:
            guild = self.emulator.add_guild(f"Guild {len(self.guilds) + 1}", channels=())
            self.guilds.append(guild)
            for n in range(min(CHANNELS_PER_GUILD, count - len(self.channels))):
                self.channels.append(guild.add_channel(f"table-{n + 1}"))
        return self.channels[:count]

    def add_players(self, channel: Channel, names: Iterable[str]) -> list[SimUser]:
        assert channel.guild is not None
        return [self.emulator.add_user(name, guilds=[channel.guild]) for name in names]

    async def start_emulator(self) -> None:
        self.errors.install()
        await self.emulator.start()

    async def open_store(self) -> tuple[Store, TableService]:
        store = await Store.open(self.db)
        service = TableService(store, ai_delay=self.ai_delay, ai_processes=self.ai_processes)
        return store, service

    def settings(self) -> Settings:
        return Settings(
            discord_token="unused",
            ramsch_db=self.db,
            ramsch_guild_ids=tuple(guild.id for guild in self.guilds),
            ramsch_render_interval=self.render_interval,
            ramsch_tick_interval=self.tick_interval,
            ramsch_ai_delay=self.ai_delay,
            ramsch_ai_processes=self.ai_processes,
            _env_file=None,
        )

    async def start_bot(self) -> None:
        """The bot on the database, in this process or as `python -m bot`; it recovers open
        tables while it starts."""
        if self.process:
            await self._start_process()
            return
        self.store, self.service = await self.open_store()
        self.bot = bot = RamschBot(self.settings(), self.service, self.store)
        await start_client(bot, self.emulator, timeout=120.0)

    async def _start_process(self) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "RAMSCH_"))}
        env.update(
            PYTHONPATH=str(ROOT),
            DISCORD_TOKEN=self.emulator.token,
            DISCORD_API_BASE=self.emulator.api_base,
            DISCORD_GATEWAY_URL=self.emulator.gateway_url,
            RAMSCH_DB=str(self.db),
            RAMSCH_GUILD_IDS=",".join(str(guild.id) for guild in self.guilds),
            RAMSCH_RENDER_INTERVAL=str(self.render_interval),
            RAMSCH_TICK_INTERVAL=str(self.tick_interval),
            RAMSCH_GUILD_READY_TIMEOUT="0.05",
            RAMSCH_AI_DELAY=str(self.ai_delay),
            RAMSCH_AI_PROCESSES=str(self.ai_processes),
            RAMSCH_LOG_LEVEL="INFO",
        )
        profiler = ["-m", "cProfile", "-o", str(self.profile)] if self.profile else []
        self.bot_process = process = await asyncio.create_subprocess_exec(
            sys.executable, *profiler, "-m", "bot", cwd=self.db.parent, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert process.stderr is not None
        self._reader = asyncio.create_task(_collect(process.stderr, self.bot_lines))
        first = len(self.bot_lines)  # lines of an earlier process stay (errors count)
        await self.emulator.wait_for(
            lambda: (
                any("Logged in as" in line for line in self.bot_lines[first:])
                or self._reader.done()
            ),
            timeout=300.0,
            description="the bot process to log in",
        )
        assert not self._reader.done(), "\n".join(self.bot_lines)

    def bot_cpu(self) -> float:
        """CPU seconds the bot used so far (user + system), in this process or its own."""
        if self.bot_process is None:
            return time.process_time()
        fields = Path(f"/proc/{self.bot_process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def seed(self, table_id: int) -> int:
        """A table's session seed (the benchmark replays the game to know the legal cards)."""
        if not self.process:
            seed = self.service.tables.get(table_id).seed
            assert seed is not None
            return seed
        with contextlib.closing(sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)) as db:
            row = db.execute("SELECT seed FROM matches WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0])

    async def ai_moves(self) -> int:
        """Actions the AI has taken so far (AI seats, and for away players or late ones)."""
        with contextlib.closing(sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)) as db:
            row = db.execute("SELECT COUNT(*) FROM actions WHERE source = 'ai'").fetchone()
        return int(row[0])

    async def stop_bot(self) -> None:
        """Stop the bot cleanly (SIGTERM for a process): pending renders shown, store closed."""
        if self.bot is not None:
            await stop_client(self.bot, self.emulator)
            await self.service.close()
            await self.store.close()
            self.bot = None
        if self.bot_process is not None and self.bot_process.returncode is None:
            self.bot_process.terminate()
            await self.bot_process.wait()
            await self._reader

    async def stop(self) -> None:
        await self.stop_bot()
        await self.emulator.stop()

    def problems(self) -> list[str]:
        """Errors the bot logged and protocol violations the emulator recorded."""
        found = [f"{r.name}: {r.getMessage()}" for r in self.errors.records]
        found += [line for line in self.bot_lines if " ERROR " in line or "Traceback" in line]
        return found + [str(v) for v in self.emulator.errors]

    def report_problems(self) -> int:
        """Print the problems found; the exit status of a benchmark (1 if there were any)."""
        problems = self.problems()
        print(f"errors logged / protocol violations: {len(problems)}")
        for problem in problems[:10]:
            print("  " + problem)
        return 1 if problems else 0


async def _collect(stream: asyncio.StreamReader, lines: list[str]) -> None:
    while line := await stream.readline():
        lines.append(line.decode(errors="replace").rstrip())


def table_id_of(message: Message) -> int:
    match = TABLE_ID.search(message.text)
    assert match, message.text
    return int(match[1])


def percentile(values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile (as the emulator's stats)."""
    ordered = sorted(values)
    rank = math.ceil(pct / 100 * len(ordered))
    return ordered[max(0, min(len(ordered), rank) - 1)]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"

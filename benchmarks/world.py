"""What both benchmarks share: the emulator with the bot in this process (or as one or several
`python -m bot` processes, or the floor `python -m benchmarks.floor`), a throw-away PostgreSQL
server, event hooks that wake simulated players without polling, and figures."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import re
import shutil
import signal
import sqlite3
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import asyncpg

from bot.client import RamschBot
from bot.settings import Settings
from bot.storage import Store
from bot.tables import TableService
from bot.tables.guilds import MAX_OPEN_TABLES
from tests.emulator import Channel, Emulator, Guild, InteractionHandle, Message, SimUser
from tests.emulator.fixtures import start_client, stop_client
from tests.pg import PgCluster, find_binaries

PROFILED = """
import cProfile, gc, os, signal, time
from bot.__main__ import main
profiler = cProfile.Profile(time.thread_time)
collections = {0: [0, 0.0], 1: [0, 0.0], 2: [0, 0.0]}
started = [0.0]
def timed(phase, info):
    if phase == "start":
        started[0] = time.perf_counter()
    else:
        entry = collections[info["generation"]]
        entry[0] += 1
        entry[1] += time.perf_counter() - started[0]
def start(*_):
    for entry in collections.values():
        entry[:] = [0, 0.0]
    gc.callbacks.append(timed)
    profiler.enable()
def stop(*_):
    profiler.disable()
    gc.callbacks.remove(timed)
    out = os.environ["RAMSCH_PROFILE_OUT"]
    profiler.dump_stats(out)
    with open(out + ".gc.txt", "w") as file:
        for generation, (count, seconds) in collections.items():
            print(f"generation {generation}: {count} collections, {seconds:.3f} s", file=file)
signal.signal(signal.SIGUSR1, start)
signal.signal(signal.SIGUSR2, stop)
main()
"""
"""``python -m bot`` under cProfile switched on by SIGUSR1 and off by SIGUSR2, which writes the
profile and, next to it (``FILE.gc.txt``), the garbage collections and their time (cProfile
charges a collection to whatever function allocated when it began): `--profile-bot` profiles
the play only, not the start, the setup or the stop."""

CHANNELS_PER_GUILD = MAX_OPEN_TABLES
"""Channels (tables) in a guild: as many as a server may have open tables."""
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


class Postgres(PgCluster):
    """A throw-away PostgreSQL server for one benchmark (tests/pg.py's ``PgCluster``: initdb in
    a temporary directory, 127.0.0.1 on a free port, run as the ``postgres`` user when root),
    with PostgreSQL's durable defaults (fsync, synchronous commit, full-page writes) rather
    than the tests' unsynced ones: the bot's SQLite store syncs every commit too
    (``durable=False``: the tests' settings, to see what the commits' syncs cost)."""

    def __init__(self, *, durable: bool = True) -> None:
        self.durable = durable
        binaries = find_binaries()
        if binaries is None or not (binaries / "initdb").exists():
            raise SystemExit(
                "--backend postgresql needs PostgreSQL's initdb and pg_ctl"
                " (apt-get install postgresql, or RAMSCH_TEST_PG_BIN=<their directory>)"
            )
        super().__init__(binaries)

    def start_server(self) -> None:
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.directory}"
            " -c max_connections=300"
        )
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        try:
            self._run(
                str(self.binaries / "pg_ctl"), "-D", str(self.data), "-o", options,
                "-l", str(self.directory / "server.log"), "-w", "-t", "60", "start",
            )  # fmt: skip
        except Exception as error:
            log = self.directory / "server.log"
            detail = log.read_text() if log.exists() else ""
            raise RuntimeError(f"PostgreSQL did not start: {error}\n{detail}") from None

    def create_database(self) -> str:
        name = f"bench_{uuid.uuid4().hex[:12]}"
        self.psql(f"CREATE DATABASE {name}")
        return self.url(name)


@contextlib.contextmanager
def database(backend: str, directory: Path, *, durable: bool = True) -> Iterator[Path | str]:
    """Where the bot keeps its store for one run: a new SQLite file in ``directory``, or a new
    database on a PostgreSQL server started for the run (stopped and removed after it)."""
    if backend == "sqlite":
        yield directory / f"bench-{uuid.uuid4().hex[:8]}.sqlite3"
        return
    server = Postgres(durable=durable)
    try:
        server.start()
        yield server.create_database()
    finally:
        server.stop()


class World:
    """An emulator with guilds of channels and the bot on a database: in this process, as
    `python -m bot` (``process``), or as ``processes`` sharded `python -m bot` processes on
    one PostgreSQL database (process k runs shard k of ``processes``); or, ``floor``, the
    floor of benchmarks/floor.py as its own process instead of the bot (no database)."""

    def __init__(
        self,
        db: Path | str,
        *,
        render_interval: float,
        tick_interval: float = 5.0,
        process: bool = False,
        processes: int = 1,
        spread: int = 1,
        workdir: Path | None = None,
        profile: Path | None = None,
        ai_delay: float = 0.0,
        ai_processes: int = 0,
        floor: bool = False,
        root: Path | None = None,
    ) -> None:
        """``root``: run the bot of that checkout of the project instead of this one's.
        ``spread``: the guilds are spread evenly over this many shards (the emulator's
        shard count), whatever runs the bot; ``processes`` > 1 needs ``spread`` equal to it
        and a PostgreSQL ``db``."""
        if processes > 1 and (spread != processes or not is_postgres(db)):
            raise ValueError("several bot processes need as many shards and PostgreSQL")
        self.location = db
        """Where the store is: a SQLite file, or a PostgreSQL URL."""
        self.workdir = workdir or (db.parent if isinstance(db, Path) else Path.cwd())
        self.ai_delay = ai_delay
        self.ai_processes = ai_processes
        self.render_interval = render_interval
        self.tick_interval = tick_interval
        self.processes = processes
        self.floor = floor
        self.root = root or ROOT
        self.process = process or profile is not None or processes > 1 or floor
        self.pycache = Path(tempfile.mkdtemp(prefix="ramsch-bench-pycache-"))
        """Where the bot processes keep their compiled bytecode (``PYTHONPYCACHEPREFIX``), as
        an installed package has it: the first start compiles, every later one reads it, even
        where the environment says not to write bytecode (``PYTHONDONTWRITEBYTECODE``)."""
        self.profile = profile
        self.bot: RamschBot | None = None
        self.bot_processes: list[asyncio.subprocess.Process] = []
        self.bot_lines: list[str] = []
        self._readers: list[asyncio.Task[None]] = []
        self.emulator = Emulator(message_events=False)
        self.spread = spread
        self.emulator.shard_count = spread
        self.hooks = Hooks(self.emulator)
        self.guilds: list[Guild] = []
        self.channels: list[Channel] = []
        self.errors = Errors()
        self._pg: asyncpg.Connection | None = None
        self._pg_lock = asyncio.Lock()

    @property
    def db(self) -> Path:
        """The SQLite file of the store (not for PostgreSQL)."""
        assert isinstance(self.location, Path), self.location
        return self.location

    @property
    def bot_process(self) -> asyncio.subprocess.Process | None:
        """The first bot process (the only one unless sharded)."""
        return self.bot_processes[0] if self.bot_processes else None

    def add_channels(self, count: int, per_guild: int = CHANNELS_PER_GUILD) -> list[Channel]:
        """``count`` channels, in guilds of ``per_guild``; spread over shards, as many guilds
        on each shard and the channels dealt round the guilds (call it once)."""
        if self.spread == 1:
            while len(self.channels) < count:
                guild = self.emulator.add_guild(f"Guild {len(self.guilds) + 1}", channels=())
                self.guilds.append(guild)
                for n in range(min(per_guild, count - len(self.channels))):
                    self.channels.append(guild.add_channel(f"table-{n + 1}"))
            return self.channels[:count]
        wanted = self.spread * math.ceil(count / (per_guild * self.spread))
        while len(self.guilds) < wanted:
            shard = len(self.guilds) % self.spread
            name = f"Guild {len(self.guilds) + 1}"
            self.guilds.append(self.emulator.add_guild(name, channels=(), shard=shard))
        while len(self.channels) < count:
            guild = self.guilds[len(self.channels) % len(self.guilds)]
            self.channels.append(guild.add_channel(f"table-{len(guild.channels) + 1}"))
        return self.channels[:count]

    def shard_of(self, channel: Channel) -> int:
        """The shard of the channel's guild (of ``spread``)."""
        assert channel.guild is not None
        return (channel.guild.id >> 22) % self.spread

    def add_players(self, channel: Channel, names: Iterable[str]) -> list[SimUser]:
        assert channel.guild is not None
        return [self.emulator.add_user(name, guilds=[channel.guild]) for name in names]

    async def start_emulator(self) -> None:
        self.errors.install()
        await self.emulator.start()

    async def open_store(self) -> tuple[Store, TableService]:
        store = await Store.open(self.location)
        service = TableService(store, ai_delay=self.ai_delay, ai_processes=self.ai_processes)
        return store, service

    def settings(self) -> Settings:
        return Settings(
            discord_token="unused",
            ramsch_db=self.location,
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
        if self.processes > 1:
            # Shard 0 first (it gets the DMs), then the others, each once logged in.
            for shard in range(self.processes):
                await self._spawn(
                    RAMSCH_SHARD_COUNT=str(self.processes), RAMSCH_SHARD_IDS=str(shard)
                )
            return
        await self._spawn()

    async def _spawn(self, **extra: str) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "RAMSCH_"))}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(self.pycache)
        # The checkout's code first, then what PYTHONPATH held (packages installed apart).
        paths = [str(self.root), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
        env.update(
            PYTHONPATH=os.pathsep.join(paths),
            DISCORD_TOKEN=self.emulator.token,
            DISCORD_API_BASE=self.emulator.api_base,
            DISCORD_GATEWAY_URL=self.emulator.gateway_url,
            RAMSCH_DB=str(self.location),
            RAMSCH_GUILD_IDS=",".join(str(guild.id) for guild in self.guilds),
            RAMSCH_RENDER_INTERVAL=str(self.render_interval),
            RAMSCH_TICK_INTERVAL=str(self.tick_interval),
            RAMSCH_GUILD_READY_TIMEOUT="0.05",
            RAMSCH_AI_DELAY=str(self.ai_delay),
            RAMSCH_AI_PROCESSES=str(self.ai_processes),
            RAMSCH_LOG_LEVEL="INFO",
            **extra,
        )
        command = ["-m", "benchmarks.floor" if self.floor else "bot"]
        if self.profile:
            command = ["-c", PROFILED]
            env["RAMSCH_PROFILE_OUT"] = str(self.profile.resolve())
        process = await asyncio.create_subprocess_exec(
            sys.executable, *command, cwd=self.workdir, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        self.bot_processes.append(process)
        assert process.stderr is not None
        lines: list[str] = []
        tag = f"[shard {extra['RAMSCH_SHARD_IDS']}] " if "RAMSCH_SHARD_IDS" in extra else ""
        reader = asyncio.create_task(_collect(process.stderr, lines, self.bot_lines, tag=tag))
        self._readers.append(reader)
        await self.emulator.wait_for(
            lambda: any("Logged in as" in line for line in lines) or reader.done(),
            timeout=300.0,
            description="the bot process to log in",
        )
        assert not reader.done(), "\n".join(lines)

    def profile_play(self, on: bool) -> None:
        """Switch the profiler of a ``--profile-bot`` process on (the play starts) or off (it
        ended: the profile is written)."""
        if self.profile and self.bot_processes:
            self.bot_processes[0].send_signal(signal.SIGUSR1 if on else signal.SIGUSR2)

    def bot_cpu(self) -> float:
        """CPU seconds the bot used so far (user + system), in this process or its own (all
        of its processes)."""
        if not self.bot_processes:
            return time.process_time()
        return sum(self.process_cpu())

    def process_cpu(self) -> list[float]:
        """CPU seconds (user + system) each bot process used so far, in order of shard."""
        return [cpu_seconds(process.pid) for process in self.bot_processes]

    async def _query(self, sql: str, *args: Any) -> Any:
        """One value from the database the bot uses (read-only for SQLite)."""
        if isinstance(self.location, str):
            async with self._pg_lock:  # one connection, one query at a time
                if self._pg is None:
                    self._pg = await asyncpg.connect(self.location)
                return await self._pg.fetchval(sql.replace("?", "$1"), *args)
        with contextlib.closing(sqlite3.connect(f"file:{self.location}?mode=ro", uri=True)) as db:
            row = db.execute(sql, args).fetchone()
        return row[0]

    async def seed(self, table_id: int) -> int:
        """A table's session seed (the benchmark replays the game to know the legal cards)."""
        if not self.process:
            seed = self.service.tables.get(table_id).seed
            assert seed is not None
            return seed
        return int(await self._query("SELECT seed FROM matches WHERE table_id = ?", table_id))

    async def ai_moves(self) -> int:
        """Actions the AI has taken so far (AI seats, and for away players or late ones)."""
        return int(await self._query("SELECT COUNT(*) FROM actions WHERE source = 'ai'"))

    async def relayed(self) -> tuple[int, int, float | None, float | None]:
        """Clicks relayed between bot processes that the database still keeps: how many, how
        many were claimed, and the p50 and p99 of the seconds from relay to claim."""
        row = await self._query(
            "SELECT ROW(COUNT(*), COUNT(claimed_at),"
            " percentile_cont(0.5) WITHIN GROUP (ORDER BY claimed_at - at),"
            " percentile_cont(0.99) WITHIN GROUP (ORDER BY claimed_at - at))"
            " FROM relayed_interactions"
        )
        count, claimed, p50, p99 = row
        return int(count), int(claimed), p50, p99

    async def stop_bot(self) -> None:
        """Stop the bot cleanly (SIGTERM for a process): pending renders shown, store closed."""
        if self.bot is not None:
            await stop_client(self.bot, self.emulator)
            await self.service.close()
            await self.store.close()
            self.bot = None
        for process in self.bot_processes:
            if process.returncode is None:
                process.terminate()
        for process in self.bot_processes:
            await process.wait()
        await asyncio.gather(*self._readers)
        self.bot_processes, self._readers = [], []

    async def stop(self) -> None:
        await self.stop_bot()
        if self._pg is not None:
            await self._pg.close()
            self._pg = None
        await self.emulator.stop()
        shutil.rmtree(self.pycache, ignore_errors=True)

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


async def _collect(stream: asyncio.StreamReader, *into: list[str], tag: str = "") -> None:
    """Each line of ``stream`` into each list (``tag`` before it in the last one)."""
    while line := await stream.readline():
        text = line.decode(errors="replace").rstrip()
        for lines in into[:-1]:
            lines.append(text)
        into[-1].append(tag + text)


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) the process ``pid`` used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def is_postgres(db: Path | str) -> bool:
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


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

"""Several ``python -m bot`` processes on one PostgreSQL database, one gateway shard each, against
the emulator of this test process (issue 15, docs/scaling.md).

``Cluster`` starts and stops the processes (process A runs shard 0, B shard 1 of two) and reads
what they share in the database: the leases, the action logs, the relayed clicks. A
``GuildHost`` is one guild's channel as the host of the e2e driver's ``Game``: the bot of that
guild runs in whichever process owns its shard, so what it shows is eventual (``Game``
waits for each turn to show)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yarl
from aiohttp import web

from tests.e2e.durability_helpers import (
    CALLBACK_ROUTE,
    BotProcess,
    _collect,
    bot_env,
    error_lines,
)
from tests.emulator import Channel, Emulator, Guild, InteractionHandle
from tests.emulator.rest import Call
from tests.pg import PgReader

SHARD_COUNT = 2
TAKEOVER_SECONDS = 15.0
"""How long a test waits for a takeover or a handback (the design: ~2 s checks, ~2 s to notice
a SIGKILL; generous for a loaded two-core machine)."""


def cluster_env(
    emulator: Emulator, db: str, guilds: Iterable[Guild], shard: int, **extra: str
) -> dict[str, str]:
    """The environment of the process that runs ``shard`` of ``SHARD_COUNT``: every guild's
    commands synced (a process syncing only its own guild would wipe the other's), no AI
    delay, no worker processes, renders at once, INFO logs (the takeover lines)."""
    return bot_env(
        DISCORD_TOKEN=emulator.token,
        DISCORD_API_BASE=emulator.api_base,
        DISCORD_GATEWAY_URL=emulator.gateway_url,
        RAMSCH_DB=db,
        RAMSCH_GUILD_IDS=",".join(str(g.id) for g in guilds),
        RAMSCH_SHARD_COUNT=str(SHARD_COUNT),
        RAMSCH_SHARD_IDS=str(shard),
        RAMSCH_RENDER_INTERVAL="0",
        RAMSCH_GUILD_READY_TIMEOUT="0.05",
        RAMSCH_AI_DELAY="0",
        RAMSCH_AI_PROCESSES="0",
        RAMSCH_LOG_LEVEL="INFO",
        RAMSCH_LEASE_WAIT="30",
        **extra,
    )


@dataclass
class Cluster:
    """The bot processes of one test, all on the PostgreSQL database ``db``."""

    emulator: Emulator
    db: str
    cwd: Path
    guilds: tuple[Guild, ...]
    started: list[BotProcess] = field(default_factory=list)
    """Every process started, in order (stopped at the end of the test)."""
    origins: CallbackOrigins | None = None
    """Which process acknowledged each interaction (``trace_callbacks``)."""

    def trace_callbacks(self) -> None:
        """From now on, note which process sends each interaction's callback."""
        self.origins = CallbackOrigins(self.emulator, self)

    def answered_by(self, handle: InteractionHandle) -> int | None:
        """The pid of the process that acknowledged ``handle`` (``trace_callbacks`` first)."""
        assert self.origins is not None
        return self.origins.by_interaction.get(handle.id)

    async def spawn(self, shard: int, **extra: str) -> BotProcess:
        """``python -m bot`` for ``shard``, not waited for; its stderr collected."""
        env = cluster_env(self.emulator, self.db, self.guilds, shard, **extra)
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=self.cwd, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert process.stderr is not None
        running = BotProcess(process)
        running.reader = asyncio.create_task(_collect(process.stderr, running.lines))
        self.started.append(running)
        return running

    async def start(self, shard: int, *, timeout: float = 30.0, **extra: str) -> BotProcess:
        """The process of ``shard``, once it logged in to the emulator (its lease taken)."""
        running = await self.spawn(shard, **extra)
        await self.emulator.wait_for(
            lambda: running.serving or running.process.returncode is not None,
            timeout=timeout,
            description=f"the process of shard {shard} to log in and sync its commands",
        )
        assert running.serving, "\n".join(running.lines)
        return running

    async def stop(self) -> list[int]:
        """SIGTERM every process still running (SIGKILL after 10 s); their exit codes."""
        codes = await asyncio.gather(*(running.stop() for running in self.started))
        return list(codes)

    # -- what the processes share in the database -----------------------------------------

    def leases(self) -> dict[str, int]:
        """Each held scope and the pid of its holder."""
        with contextlib.closing(PgReader(self.db)) as conn:
            rows = conn.execute("SELECT scope, pid FROM process_lease").fetchall()
        return {str(scope): int(pid) for scope, pid in rows}

    async def wait_lease(self, scope: str, holder: BotProcess, timeout: float) -> None:
        """Until ``holder`` holds the lease of ``scope`` (polled: each read is a connection)."""
        pid = holder.process.pid
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.leases().get(scope) != pid:
            if loop.time() > deadline:
                raise AssertionError(f"{scope} not held by pid {pid}: {self.leases()}")
            await asyncio.sleep(0.2)

    def sequence_numbers(self, table_id: int) -> list[int]:
        """The seq column of the table's action log, in order."""
        with contextlib.closing(PgReader(self.db)) as conn:
            rows = conn.execute(
                "SELECT seq FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)
            ).fetchall()
        return [int(seq) for (seq,) in rows]

    def relayed(self) -> dict[int, float | None]:
        """The relayed clicks the database keeps (about a minute): interaction id -> seconds
        from its relay until a process claimed it (None: nobody did). The owner claims at
        once; the receiver takes a click back only after ``bot.cluster.RELAY_WAIT``."""
        with contextlib.closing(PgReader(self.db)) as conn:
            rows = conn.execute(
                "SELECT interaction_id, claimed_at - at FROM relayed_interactions"
            ).fetchall()
        return {
            int(interaction): None if delay is None else float(delay) for interaction, delay in rows
        }

    def errors(self) -> dict[int, list[str]]:
        """The error and traceback lines of every process, by pid (only those with some)."""
        found = {running.process.pid: error_lines(running.lines) for running in self.started}
        return {pid: lines for pid, lines in found.items() if lines}

    def logs(self) -> str:
        """Every process's stderr, for an assertion's message."""
        return "\n".join(
            f"--- pid {running.process.pid} ---\n" + "\n".join(running.lines)
            for running in self.started
        )


async def wait_line(
    emulator: Emulator, running: BotProcess, text: str, timeout: float = TAKEOVER_SECONDS
) -> str:
    """The first line of ``running``'s stderr containing ``text``, waited for."""

    def found() -> str:
        return next((line for line in running.lines if text in line), "")

    return await emulator.wait_for(found, timeout=timeout, description=f"a line {text!r}")


@dataclass
class GuildHost:
    """One guild's channel as the host of the e2e driver's ``Game`` (see ``ProcessHost``)."""

    emulator: Emulator
    guild: Guild
    channel: Channel
    db: str
    seeds: list[int] = field(default_factory=list)
    eventual: bool = True
    """The bot is in another process: a quiet emulator does not prove every message is shown
    yet (``Game.until_shown`` waits for the turn to show)."""

    async def settle(self) -> None:
        await self.emulator.idle(quiet=0.05, timeout=15)


# -- which process answered ---------------------------------------------------------------------


class CallbackOrigins:
    """Which process acknowledged each interaction: the pid behind the TCP connection of its
    callback request (``POST /interactions/{id}/{token}/callback``), traced through /proc.

    The emulator cannot tell two bots with one token apart; this wraps the handler of its
    callback route (as ``RequestGate`` wraps its routes) and looks the caller's port up among
    the sockets of the cluster's processes (Linux only; as root or as the same user)."""

    def __init__(self, emulator: Emulator, cluster: Cluster) -> None:
        self.cluster = cluster
        self.by_interaction: dict[int, int | None] = {}
        """Interaction id -> the pid that sent its callback (None: not found)."""
        self._ports: dict[int, int] = {}
        self.server_port = int(str(yarl.URL(emulator.api_base).port))
        router = emulator.rest.router
        router._routes = [
            (method, pattern, template, self._wrap(handler), auth)
            if f"{method} {template}" == CALLBACK_ROUTE
            else (method, pattern, template, handler, auth)
            for method, pattern, template, handler, auth in router._routes
        ]

    def _wrap(self, handler: Any) -> Any:
        async def traced(call: Call) -> web.StreamResponse:
            transport = call.request.transport
            peer = transport.get_extra_info("peername") if transport is not None else None
            if peer:
                self.by_interaction[int(call.params["interaction_id"])] = self.pid_of(peer[1])
            response: web.StreamResponse = await handler(call)
            return response

        return traced

    def pid_of(self, port: int) -> int | None:
        """The cluster process with a TCP connection from local ``port`` to the emulator
        (cached while that process lives: keep-alive connections are reused)."""
        alive = {r.process.pid for r in self.cluster.started if r.process.returncode is None}
        if self._ports.get(port) not in alive:
            self._ports = {p: pid for p, pid in self._ports.items() if pid in alive}
            self._ports.update(self._scan(alive))
        return self._ports.get(port)

    def _scan(self, pids: Iterable[int]) -> dict[int, int]:
        """Local port -> pid of every connection of ``pids`` to the emulator, at once (a
        burst of clicks opens many connections: one scan finds all those open by then)."""
        ports: dict[str, int] = {}
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            with contextlib.suppress(OSError):
                for line in Path(table).read_text().splitlines()[1:]:
                    fields = line.split()
                    local, remote = (int(a.rsplit(":", 1)[1], 16) for a in fields[1:3])
                    if remote == self.server_port:
                        ports[f"socket:[{fields[9]}]"] = local
        found: dict[int, int] = {}
        for pid in pids:
            with contextlib.suppress(OSError):
                for fd in os.listdir(f"/proc/{pid}/fd"):
                    with contextlib.suppress(OSError):
                        port = ports.get(os.readlink(f"/proc/{pid}/fd/{fd}"))
                        if port is not None:
                            found[port] = pid
        return found

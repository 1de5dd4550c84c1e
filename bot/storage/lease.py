"""The process lease: one bot process acts on a database at a time.

Two processes on one database would both answer every click (and each refuse the plays the
other accepted). So a process takes the lease of its scope (a row of ``process_lease``) before
it connects to Discord, renews it while it runs and releases it when it stops. A starting
process whose scope is held waits a bounded time for it (a deploy overlap: the old process is
stopping), then refuses to start. A lease is taken over when its holder is gone: its lease
expired (it stopped renewing), or — on the same host — its process no longer exists, so a
bot killed with SIGKILL restarts at once. A process that finds its lease taken by another
(it stalled past the expiry) stops at once.

A process without shard ranges holds the scope ``all``; a process running a range of gateway
shards holds one scope per shard (``shard:3``), and a process may take over the shards of one
that died (bot/cluster.py). ``all`` and the shard scopes exclude each other."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bot.storage.backend import DATABASE_ERRORS

if TYPE_CHECKING:
    from bot.storage.leases import LeaseRepository

log = logging.getLogger(__name__)

SCOPE_ALL = "all"
"""The scope of a process that serves every guild (no shard ranges)."""
LEASE_DURATION = 30.0
"""Seconds a lease lasts unless renewed."""
RENEW_EVERY = 10.0
"""Seconds between renewals (a third of the duration: two may fail before it expires)."""
POLL_EVERY = 0.5
"""Seconds between two tries of a process waiting for the lease."""


@dataclass(frozen=True)
class LeaseHolder:
    """A process holding (or having held) a scope's lease."""

    holder: str
    """``host:pid:random``: unique per process start, even when a pid is reused."""
    host: str
    pid: int
    acquired_at: float
    expires_at: float

    def describe(self) -> str:
        return f"pid {self.pid} on host {self.host}"


class LeaseRefused(Exception):
    """Another process holds the lease; the message is one line for the admin."""


class LeaseLost(Exception):
    """Another process took this process's lease while it ran."""


SHARD_SCOPE = "shard:"
"""The prefix of a shard's scope: ``shard:3``."""


def shard_scope(shard: int) -> str:
    return f"{SHARD_SCOPE}{shard}"


def scope_shard(scope: str) -> int | None:
    """The shard of a ``shard:N`` scope; None for another scope."""
    tail = scope.removeprefix(SHARD_SCOPE)
    return int(tail) if tail != scope and tail.isdigit() else None


def rival_scopes(scope: str) -> Callable[[str], bool]:
    """The scopes that exclude ``scope``: every shard scope for ``all``, ``all`` for a shard's
    (a process serving everything and one serving a range would both answer)."""
    if scope == SCOPE_ALL:
        return lambda other: other.startswith(SHARD_SCOPE)
    return lambda other: other == SCOPE_ALL


def new_holder(host: str, pid: int) -> str:
    """A holder id unique per process start, even when a pid is reused."""
    return f"{host}:{pid}:{secrets.token_hex(6)}"


def pid_alive(pid: int) -> bool:
    """Whether a process ``pid`` exists on this host (and is not a zombie)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists, run by another user
    with contextlib.suppress(OSError, IndexError):
        stat = Path(f"/proc/{pid}/stat").read_text()
        if stat.rsplit(")", 1)[1].split()[0] == "Z":
            return False  # killed, not yet reaped
    return True


def holder_gone(
    holder: LeaseHolder,
    now: float,
    *,
    host: str,
    pid: int,
    alive: Callable[[int], bool] = pid_alive,
) -> bool:
    """Whether ``holder``'s lease may be taken over by process ``pid`` on ``host``: it expired,
    or its process (on this host) is gone. A holder with this very pid but another id is an
    earlier life of it (a restarted container keeps its host name and pid)."""
    if holder.expires_at <= now:
        return True
    if holder.host != host:
        return False
    return holder.pid == pid or not alive(holder.pid)


class ProcessLease:
    """This process's lease of one scope of a store (its ``store.leases``): acquire, keep
    renewed, release."""

    def __init__(
        self,
        leases: LeaseRepository,
        *,
        scope: str = SCOPE_ALL,
        duration: float = LEASE_DURATION,
        renew_every: float = RENEW_EVERY,
        poll_every: float = POLL_EVERY,
        clock: Callable[[], float] = time.time,
        host: str | None = None,
        pid: int | None = None,
        alive: Callable[[int], bool] = pid_alive,
        holder: str | None = None,
        rivals: Callable[[str], bool] | None = None,
    ) -> None:
        self.leases = leases
        self.scope = scope
        self.duration = duration
        self.renew_every = renew_every
        self.poll_every = poll_every
        self.clock = clock
        self.host = host if host is not None else socket.gethostname()
        self.pid = pid if pid is not None else os.getpid()
        self.alive = alive
        self.holder = holder or new_holder(self.host, self.pid)
        """Shared by every scope one process holds."""
        self.rivals = rivals
        """The other scopes that must not be held while this one is (see ``rival_scopes``)."""
        self.held = False
        self.lost = False
        self._renewer: asyncio.Task[None] | None = None

    def _gone(self, holder: LeaseHolder, now: float) -> bool:
        return holder_gone(holder, now, host=self.host, pid=self.pid, alive=self.alive)

    async def try_acquire(self) -> LeaseHolder | None:
        """Take the lease if it is free, ours or its holder gone; else the holder."""
        other = await self.leases.take_lease(
            self.scope,
            self.holder,
            host=self.host,
            pid=self.pid,
            now=self.clock(),
            duration=self.duration,
            gone=self._gone,
            rivals=self.rivals,
        )
        self.held = other is None
        return other

    async def acquire(
        self, wait: float, on_refused: Callable[[LeaseHolder], Awaitable[object]] | None = None
    ) -> None:
        """Take the lease, waiting up to ``wait`` seconds for its holder to stop;
        ``on_refused(holder)`` is awaited once if it is held at first (a shard asks for its
        lease back from a process that took it over); a text it returns is logged instead of
        the usual warning.

        LeaseRefused (one line) if it is still held then."""
        deadline = time.monotonic() + wait
        other = await self.try_acquire()
        if other is None:
            return
        what = "" if self.scope == SCOPE_ALL else f" ({self.scope.replace(':', ' ')})"
        said = await on_refused(other) if on_refused is not None else None
        if isinstance(said, str) and wait > 0:
            log.warning("%s: waiting up to %g s", said, wait)
        elif wait > 0:
            log.warning(
                "Another bot process (%s) is running on this database%s: waiting up to %g s"
                " for it to stop",
                other.describe(),
                what,
                wait,
            )
        while other is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise LeaseRefused(
                    f"Another bot process ({other.describe()}) is running on this database"
                    f"{what}: two processes on one database would both answer every click."
                    f" Stop it first (or wait until its lease expires, {self.duration:g} s"
                    " after it stopped)"
                )
            await asyncio.sleep(min(self.poll_every, remaining))
            other = await self.try_acquire()
        log.info("Took over the database%s from the stopped bot process", what)

    def keep(self, on_lost: Callable[[], object]) -> None:
        """Renew the lease every ``renew_every`` seconds until released; ``on_lost()`` is
        called once if another process took it (this process must stop acting)."""
        self._renewer = asyncio.create_task(self._renew(on_lost), name="process-lease")

    async def _renew(self, on_lost: Callable[[], object]) -> None:
        while True:
            await asyncio.sleep(self.renew_every)
            try:
                kept = await self.leases.renew_lease(
                    self.scope, self.holder, now=self.clock(), duration=self.duration
                )
            except DATABASE_ERRORS as error:  # busy or unreachable for a moment: try again
                log.warning("Could not renew the process lease: %s", error)
                continue
            if not kept:
                self.held, self.lost = False, True
                log.error(
                    "Another bot process took over this database: stopping (no more actions"
                    " from this process)"
                )
                on_lost()
                return

    async def release(self) -> None:
        """Stop renewing and give the lease up (if still held) for the next process."""
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
            self._renewer = None
        if self.held:
            self.held = False
            await self.leases.release_lease(self.scope, self.holder)

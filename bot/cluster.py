"""Several bot processes on one database: which tables this process owns, the leases that make
it so, taking over the shards of a process that died, and clicks relayed to their table's owner.

A process without shard settings holds the lease ``all`` and owns every table, as always. A
process with ``RAMSCH_SHARD_COUNT``/``RAMSCH_SHARD_IDS`` holds one lease per shard it runs
(``shard:N``) and owns the tables of the servers on those shards: only it keeps them in memory,
runs their timers and AI seats and renders them. Every action is still committed to the action
log before it is applied, and the log's key (table, position) refuses a second writer.

- **Relay.** Hand buttons are in DMs, and Discord sends every DM click to shard 0, whichever
  server the table is in. A process that receives a click for a table it does not own leaves
  it in ``relayed_interactions`` and notifies (PostgreSQL ``NOTIFY ramsch_relay``); the owner
  claims the row and handles the click as if its own gateway had delivered it (the answer is
  plain REST with the click's token). Whoever marks the row claimed handles the click, so it
  is handled once: if no one claimed it after ``RELAY_WAIT`` seconds, the receiver takes it back,
  checks whether the owner died (below) and then handles it itself or tells the player to try
  again in a moment.
- **Takeover.** Every ``CHECK_EVERY`` seconds each sharded process looks at the leases of the
  shards it does not hold. A lease whose holder is gone (expired, or on this host its process no
  longer exists) is taken over: the lease taken, the shard's tables rebuilt from the log and
  shown, their timers and AI seats resumed. A shard whose process stopped cleanly (its lease
  released) waits for that process to start again.
- **Handback.** A process starting for a shard another process took over asks for it back
  (``wanted_by``); the holder drops that shard's tables and releases the lease within
  ``CHECK_EVERY`` seconds, and the starter takes it and rebuilds them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import socket
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

import asyncpg

from bot.shards import describe, shard_of
from bot.storage import Store
from bot.storage.backend import DATABASE_ERRORS
from bot.storage.lease import (
    SCOPE_ALL,
    LeaseHolder,
    ProcessLease,
    holder_gone,
    new_holder,
    pid_alive,
    rival_scopes,
    scope_shard,
    shard_scope,
)

log = logging.getLogger(__name__)

CHECK_EVERY = 2.0
"""Seconds between two looks at the other processes' leases (takeover, handback)."""
RELAY_WAIT = 1.5
"""Seconds a relayed click waits for its owner before the receiver takes it back (Discord
wants an answer within 3)."""
SETTLE = 15.0
"""Seconds the database must have answered this process before it takes over an expired lease
(not one whose process is seen dead): after an outage every lease has expired, and each
process must first have had the chance to renew its own (every 10 s)."""
RELAY_CHANNEL = "ramsch_relay"
"""The PostgreSQL notification channel of relayed clicks; payload ``shard:row``."""
PREFERENCES_CHANNEL = "ramsch_preferences"
"""The notification channel of a user's changed preferences (language, cards); payload the
user id: every process keeps them in memory."""
RELAY_KEEP = 60.0
"""Seconds a relayed click nobody took stays in the database (an interaction's first answer
is due within 3 s: after that no one can answer it)."""
LIVE_TABLE = re.compile(r"ramsch:(?:t|a|m|c|p|l):([0-9]{1,20})(?::|$)")
"""The custom_ids of a table's own buttons (lobby, hand, actions, marks, legacy cards): the
table they act on. See bot/ui/ids.py."""
GUILDS_KEPT = 100_000
"""Tables whose server the relay remembers (a few MB at most; forgotten all at once)."""
COMPONENT = 3
"""INTERACTION_CREATE type of a button or select click."""

Shards = frozenset[int]
Dispatch = Callable[[dict[str, Any]], None]


def live_table(custom_id: object) -> int | None:
    """The table a component's custom_id acts on, if it is one of a table's own buttons."""
    if not isinstance(custom_id, str):
        return None
    match = LIVE_TABLE.match(custom_id)
    return int(match.group(1)) if match else None


def describe_holder(holder: str) -> str:
    """``host:pid:random`` as the logs name a process: ``pid 12 on host h``."""
    host, _, rest = holder.rpartition(":")[0].rpartition(":")
    return f"pid {rest} on host {host}" if host else holder


class Cluster:
    """This process among the bot's processes: its leases, the shards it owns (its own and
    those it took over), relayed clicks in and out.

    The adapter gives it ``adopt(shards) -> tables`` and ``release(shards)`` (``start``): what
    to do with the tables of shards taken over or handed back, and ``attach``es it to the bot
    so that clicks for tables owned elsewhere are relayed."""

    def __init__(
        self,
        store: Store,
        *,
        shard_count: int | None = None,
        shard_ids: Sequence[int] | None = None,
        url: str | None = None,
        check_every: float = CHECK_EVERY,
        relay_wait: float = RELAY_WAIT,
        settle: float = SETTLE,
        clock: Callable[[], float] = time.time,
        host: str | None = None,
        pid: int | None = None,
        alive: Callable[[int], bool] = pid_alive,
        **lease_options: Any,
    ) -> None:
        self.store = store
        self.sharded = shard_count is not None and shard_ids is not None
        self.count = shard_count if self.sharded and shard_count else 1
        self.own: Shards = frozenset(shard_ids or ()) if self.sharded else frozenset()
        self.adopted: set[int] = set()
        self.url = url
        """The PostgreSQL URL to listen for relayed clicks on; None: no relay (SQLite, or one
        process running every shard)."""
        self.check_every = check_every
        self.relay_wait = relay_wait
        self.settle = settle
        self.clock = clock
        self.host = host if host is not None else socket.gethostname()
        self.pid = pid if pid is not None else os.getpid()
        self.alive = alive
        self.holder = new_holder(self.host, self.pid)
        self._lease_options = lease_options
        self._leases: dict[str, ProcessLease] = {}
        self.lost = False
        """Another process took one of this process's own leases: it must stop acting."""
        self._on_lost: Callable[[], object] = lambda: None
        self._adopt: Callable[[Shards], Awaitable[int]] | None = None
        self._release: Callable[[Shards], Awaitable[None]] | None = None
        self._dispatch: Dispatch | None = None
        self._refuse: Callable[[dict[str, Any], BaseException | None], Awaitable[None]] | None
        self._refuse = None
        self._local: Callable[[int], bool] = lambda table_id: False
        self._preferences: Callable[[int], Awaitable[None]] | None = None
        self._checker: asyncio.Task[None] | None = None
        self._checking = asyncio.Lock()
        self._listener: asyncpg.Connection | None = None
        self._listening_since = 0.0
        self._tasks: set[asyncio.Task[Any]] = set()
        self._unclaimed: list[int] = []
        """Relayed clicks notified and not yet claimed (claimed together)."""
        self._claimer: asyncio.Future[None] | None = None
        self._guilds: dict[int, int] = {}
        """The servers of tables clicks were relayed for."""
        self._cleaned_at = 0.0
        self._reachable_since: float | None = None
        """Since when the database has answered every look at the leases (None: it failed)."""

    # -- who owns what -------------------------------------------------------------------

    @property
    def shards(self) -> Shards:
        """The shards whose tables this process owns now."""
        return self.own | frozenset(self.adopted)

    def owns_shard(self, shard: int) -> bool:
        return not self.sharded or shard in self.own or shard in self.adopted

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process owns the tables of server ``guild_id``."""
        return not self.sharded or self.owns_shard(shard_of(guild_id, self.count))

    def guilds_of(self, shards: Iterable[int]) -> Callable[[int], bool]:
        """A test for the servers on ``shards``."""
        chosen = frozenset(shards)
        return lambda guild_id: shard_of(guild_id, self.count) in chosen

    @property
    def relaying(self) -> bool:
        """Whether clicks may belong to another process: shards not all run here, PostgreSQL."""
        return self.sharded and self.url is not None and self.own != frozenset(range(self.count))

    # -- leases --------------------------------------------------------------------------

    def _lease(self, scope: str) -> ProcessLease:
        return ProcessLease(
            self.store.leases,
            scope=scope,
            clock=self.clock,
            host=self.host,
            pid=self.pid,
            alive=self.alive,
            holder=self.holder,
            rivals=rival_scopes(scope),
            **self._lease_options,
        )

    async def acquire(self, wait: float) -> None:
        """Take this process's leases (``all``, or one per shard it runs), waiting up to
        ``wait`` seconds for their holders to stop; a shard another process took over while
        this one was down is asked back. LeaseRefused if one stays held."""
        scopes = [shard_scope(n) for n in sorted(self.own)] if self.sharded else [SCOPE_ALL]
        try:
            for scope in scopes:
                lease = self._lease(scope)
                await lease.acquire(wait, on_refused=self._asker(scope))
                self._leases[scope] = lease
        except BaseException:
            await self.release()
            raise
        if self.sharded:
            log.info("Owning shard(s) %s of %d", describe(self.own), self.count)

    def _asker(self, scope: str) -> Callable[[LeaseHolder], Awaitable[str]] | None:
        if not self.sharded:
            return None

        async def ask(other: LeaseHolder) -> str:
            await self.store.leases.want_lease(scope, self.holder)
            return (
                f"{scope.replace(':', ' ').capitalize()} is held by {other.describe()}: asking"
                " for it back (a process that took it over hands it back within seconds; one"
                " running it as its own keeps it)"
            )

        return ask

    def keep(self, on_lost: Callable[[], object]) -> None:
        """Renew the leases while the process runs; ``on_lost()`` once if another process
        took one of its own (it must stop)."""
        self._on_lost = on_lost
        for lease in self._leases.values():
            lease.keep(on_lost=self._lost_own)

    def _lost_own(self) -> None:
        if not self.lost:
            self.lost = True
            self._on_lost()

    async def release(self) -> None:
        """Stop everything and give every lease up (a clean stop)."""
        await self.stop()
        leases, self._leases = list(self._leases.values()), {}
        for lease in leases:
            with contextlib.suppress(*DATABASE_ERRORS):
                await lease.release()

    # -- running -------------------------------------------------------------------------

    def attach(
        self,
        parsers: dict[str, Callable[[Any], None]],
        refuse: Callable[[dict[str, Any], BaseException | None], Awaitable[None]],
        local: Callable[[int], bool],
    ) -> None:
        """Take the bot's INTERACTION_CREATE parser (``parsers`` of its connection state):
        a click for a table this process does not have (``local``) is relayed to its owner,
        everything else goes on as always. ``refuse(data, error)`` answers a click no one
        can take now."""
        original = parsers["INTERACTION_CREATE"]

        def parse(data: Any) -> None:
            if not self.intercept(data):
                original(data)

        self._dispatch = original
        self._refuse = refuse
        self._local = local
        parsers["INTERACTION_CREATE"] = parse

    async def start(
        self,
        adopt: Callable[[Shards], Awaitable[int]],
        release: Callable[[Shards], Awaitable[None]],
        preferences: Callable[[int], Awaitable[None]] | None = None,
    ) -> None:
        """Listen for relayed clicks and changed preferences (``preferences(user_id)`` reads
        them again) and look after the other processes' shards."""
        self._adopt, self._release = adopt, release
        self._preferences = preferences
        self._reachable_since = self.clock()
        if self.relaying:
            await self._listen()
        if self.sharded:
            self._checker = asyncio.create_task(self._check_loop(), name="cluster-check")

    async def stop(self) -> None:
        if self._checker is not None:
            self._checker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checker
            self._checker = None
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._listener is not None:
            listener, self._listener = self._listener, None
            with contextlib.suppress(Exception):
                await listener.close()

    def _spawn(self, work: Awaitable[Any], name: str) -> None:
        task = asyncio.ensure_future(work)
        task.set_name(name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- relaying clicks -----------------------------------------------------------------

    def intercept(self, data: Any) -> bool:
        """Whether a click is taken out of the normal path to be relayed: a DM click on one
        of a table's buttons, for a table this process does not have."""
        if not self.relaying or not isinstance(data, dict) or data.get("type") != COMPONENT:
            return False
        if data.get("guild_id"):
            return False  # a server's clicks arrive at the process of its shard
        table_id = live_table((data.get("data") or {}).get("custom_id"))
        if table_id is None or self._local(table_id):
            return False
        self._spawn(self._relay(data, table_id), f"relay-{data.get('id')}")
        return True

    async def _relay(self, data: dict[str, Any], table_id: int) -> None:
        try:
            guild_id = await self._guild_of(table_id)
            if guild_id is None or self.owns_guild(guild_id):
                self._handle(data)  # over (answered as such), or taken over meanwhile
                return
            shard = shard_of(guild_id, self.count)
            row = await self.store.relays.relay_interaction(
                int(data["id"]), table_id, shard, json.dumps(data), self.clock()
            )
            if row is None:
                return  # relayed already (Discord sent it twice)
            await asyncio.sleep(self.relay_wait)
            if not await self.store.relays.claim_relayed([row], self.clock()):
                return  # the owner took it
            log.info("No process took a click for table %d (shard %d) in time", table_id, shard)
            await self.check()
            if self.owns_guild(guild_id):
                self._handle(data)
                return
            await self._answer(data, None)
        except DATABASE_ERRORS as error:
            log.warning("Could not relay a click for table %d: %s", table_id, error)
            await self._answer(data, error)

    async def _guild_of(self, table_id: int) -> int | None:
        """The server of an open table (remembered: a table never changes its server)."""
        guild_id = self._guilds.get(table_id)
        if guild_id is None:
            guild_id = await self.store.relays.table_guild(table_id)
            if guild_id is not None:
                if len(self._guilds) >= GUILDS_KEPT:
                    self._guilds.clear()
                self._guilds[table_id] = guild_id
        return guild_id

    def _handle(self, data: dict[str, Any]) -> None:
        assert self._dispatch is not None
        self._dispatch(data)

    async def _answer(self, data: dict[str, Any], error: BaseException | None) -> None:
        if self._refuse is not None:
            await self._refuse(data, error)

    async def _listen(self) -> None:
        """Listen on ``RELAY_CHANNEL`` (own connection); claim what was missed meanwhile."""
        assert self.url is not None
        try:
            listener = await asyncpg.connect(self.url)
            await listener.add_listener(RELAY_CHANNEL, self._notified)
            await listener.add_listener(PREFERENCES_CHANNEL, self._preferences_changed)
        except (*DATABASE_ERRORS, OSError) as error:  # type: ignore[misc]
            log.warning("Could not listen for relayed clicks (trying again): %s", error)
            return
        since = self._listening_since
        self._listener = listener
        self._listening_since = self.clock()
        if since:
            for row in await self.store.relays.relayed_for(
                sorted(self.shards), since - self.relay_wait
            ):
                self._claim(row)

    def _notified(self, connection: object, pid: int, channel: str, payload: str) -> None:
        shard, _, row = payload.partition(":")
        if shard.isdigit() and row.isdigit() and self.owns_shard(int(shard)):
            self._claim(int(row))

    def _preferences_changed(
        self, connection: object, pid: int, channel: str, payload: str
    ) -> None:
        if payload.isdigit() and self._preferences is not None:
            self._spawn(self._reload(int(payload)), f"preferences-{payload}")

    async def _reload(self, user_id: int) -> None:
        assert self._preferences is not None
        try:
            await self._preferences(user_id)
        except DATABASE_ERRORS as error:
            log.warning("Could not read the preferences of user %d again: %s", user_id, error)

    def _claim(self, row: int) -> None:
        """Claim a relayed click: those notified together are claimed in one statement."""
        self._unclaimed.append(row)
        if self._claimer is None or self._claimer.done():
            self._claimer = asyncio.ensure_future(self._claim_unclaimed())
            self._claimer.set_name("claim-relayed")
            self._tasks.add(self._claimer)
            self._claimer.add_done_callback(self._tasks.discard)

    async def _claim_unclaimed(self) -> None:
        while self._unclaimed:
            rows, self._unclaimed = self._unclaimed, []
            try:
                claimed = await self.store.relays.claim_relayed(rows, self.clock())
            except DATABASE_ERRORS as error:
                log.warning("Could not take %d relayed click(s): %s", len(rows), error)
                continue  # their receivers answer them
            for _, payload in claimed:
                self._handle(json.loads(payload))

    # -- takeover and handback -----------------------------------------------------------

    async def _check_loop(self) -> None:
        while True:
            await asyncio.sleep(self.check_every)
            await self.look()

    async def look(self) -> None:
        """``check``, its failure logged (once per database outage), never raised."""
        try:
            await self.check()
        except DATABASE_ERRORS as error:
            if self._reachable_since is not None:
                log.warning("Could not look at the other processes' leases: %s", error)
            self._reachable_since = None
        except Exception:
            log.exception("Looking after the other processes' shards failed")

    async def check(self) -> None:
        """Hand back the shards asked for, take over those whose process is gone, and keep
        the relay listening."""
        if not self.sharded:
            return
        async with self._checking:
            rows = await self.store.leases.all()
            if self._reachable_since is None:
                self._reachable_since = self.clock()
            leases = {scope: (holder, wanted) for scope, holder, wanted in rows}
            for shard in sorted(self.adopted):
                held = leases.get(shard_scope(shard))
                if held is None or held[0].holder != self.holder:
                    await self._give_up(shard, None)  # taken by another: not ours any more
                elif held[1] and held[1] != self.holder:
                    await self._give_up(shard, held[1])
            now = self.clock()
            for scope, (holder, _) in leases.items():
                other = scope_shard(scope)
                if other is None or other >= self.count or self.owns_shard(other):
                    continue
                if holder.holder == self.holder:
                    continue  # handed back just now
                if not holder_gone(holder, now, host=self.host, pid=self.pid, alive=self.alive):
                    continue
                dead = holder_gone(
                    holder, holder.expires_at - 1, host=self.host, pid=self.pid, alive=self.alive
                )
                settled = self._reachable_since is not None and (
                    now - self._reachable_since >= self.settle
                )
                if dead or settled:  # not merely expired while the database was away
                    await self._take_over(other, holder)
            if self.relaying and (self._listener is None or self._listener.is_closed()):
                await self._listen()
            if now - self._cleaned_at > RELAY_KEEP:
                self._cleaned_at = now
                await self.store.relays.forget_relayed(now - RELAY_KEEP)

    async def _take_over(self, shard: int, holder: LeaseHolder) -> None:
        scope = shard_scope(shard)
        lease = self._lease(scope)
        if await lease.try_acquire() is not None:
            return  # another process was faster
        self._leases[scope] = lease
        lease.keep(on_lost=lambda: self._spawn(self._give_up(shard, None), f"lost-{shard}"))
        try:
            tables = await self._adopt(frozenset({shard})) if self._adopt is not None else 0
        finally:
            # Owned once its tables are loaded: a click meanwhile is relayed and waits for
            # this check (it holds ``_checking``) instead of meeting a table not there yet.
            self.adopted.add(shard)
        log.info(
            "Took over shard(s) %s of %d from %s: %d table(s)",
            describe({shard}),
            self.count,
            holder.describe(),
            tables,
        )

    async def _give_up(self, shard: int, wanted_by: str | None) -> None:
        """Stop owning a shard taken over: its tables dropped first (no action of ours after
        the lease is gone), then the lease released for ``wanted_by``."""
        if shard not in self.adopted:
            return
        self.adopted.discard(shard)
        if self._release is not None:
            await self._release(frozenset({shard}))
        lease = self._leases.pop(shard_scope(shard), None)
        if lease is not None:
            await lease.release()
        if wanted_by is not None:
            log.info("Handed shard(s) %s back to %s", describe({shard}), describe_holder(wanted_by))
        else:
            log.warning("Shard %d was taken by another process: its tables dropped here", shard)

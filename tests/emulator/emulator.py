"""The Emulator: server lifecycle, model registry, event log, violations and wait helpers."""

from __future__ import annotations

import asyncio
import contextlib
import math
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from aiohttp import web

from . import payloads
from .app_emojis import AppEmojis
from .errors import EmulatorFailure, SimulationError, Violation, json_response
from .faults import Faults, RequestSpan
from .gateway import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    Gateway,
    Session,
)
from .interactions import InteractionHandle
from .message_model import Message
from .messages import MessageStore
from .model import BOT_PERMISSIONS, Channel, Guild, Snowflakes, UserAccount, as_account
from .rest import RestApi
from .users import SimUser

if TYPE_CHECKING:
    import logging

T = TypeVar("T")

# Names of the tasks discord.py runs handlers in: while one runs, the bot is still busy.
HANDLER_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-modal-dispatch-",
    "discord-ui-dynamic-item-",
    "discord.py: on_",
)


class LogSource(Protocol):
    """What the emulator needs from the log guard fixture."""

    reported: set[int]

    def unexpected(self) -> list[logging.LogRecord]: ...


@dataclass
class Event:
    """Something that happened, in order: requests, dispatches, messages, acks, violations."""

    kind: str
    at: float
    data: dict[str, Any] = field(default_factory=dict)


def percentile(values: Iterable[float], pct: float) -> float | None:
    """Nearest-rank percentile, or None for no values."""
    ordered = sorted(values)
    if not ordered:
        return None
    rank = math.ceil(pct / 100 * len(ordered))
    return ordered[max(0, min(len(ordered), rank) - 1)]


class Emulator:
    """A local Discord API (REST + gateway) that one real discord.py client talks to."""

    def __init__(
        self,
        *,
        token: str = "emulator.bot.token",
        bot_name: str = "ramsch-bot",
        ack_window: float = 3.0,
        token_lifetime: float = 900.0,
        quiet_period: float = 0.05,
        message_events: bool = True,
        shard_count: int = 1,
        max_guilds_per_shard: int | None = None,
    ) -> None:
        self.token = token
        self.shard_count = shard_count
        """The shard count ``GET /gateway/bot`` recommends; ``add_guild(shard=...)`` counts
        modulo it."""
        self.max_guilds_per_shard = max_guilds_per_shard
        """An IDENTIFY whose shard would hold more guilds is closed with 4011 (Sharding
        required), as Discord does past 2,500; None: no limit."""
        self.ack_window = ack_window
        self.token_lifetime = token_lifetime
        self.quiet_period = quiet_period
        self.message_events = message_events
        self._ids = Snowflakes()
        self.application_id = self.next_id()
        self.bot = UserAccount(self.application_id, bot_name, bot=True)
        self.owner = UserAccount(self.next_id(), "app-owner")
        self.accounts: dict[int, UserAccount] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.users: dict[int, SimUser] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.dm_channels: dict[int, Channel] = {}
        self.store = MessageStore(self)
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self._command_version = 0
        self.interactions: list[InteractionHandle] = []
        self.interactions_by_id: dict[int, InteractionHandle] = {}
        self.interactions_by_token: dict[str, InteractionHandle] = {}
        self.pending_modals: dict[int, InteractionHandle] = {}
        self.errors: list[Violation] = []
        self.expected_errors: list[Violation] = []
        self.internal_errors: list[str] = []
        self.events: list[Event] = []
        self.request_counts: Counter[str] = Counter()
        self.spans: list[RequestSpan] = []
        """Every REST request with its start and end, in arrival order."""
        self.log_guard: LogSource | None = None
        self.clients: list[tuple[Any, asyncio.Task[None]]] = []
        self.gateway = Gateway(self)
        self.app_emojis = AppEmojis(self)
        """The application's emojis (app_emojis.py)."""
        self.rest = RestApi(self)
        self.faults = Faults()
        self.nonces: dict[tuple[int, str], int] = {}
        """(channel id, nonce) -> the message a create with ``enforce_nonce`` made."""
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._announced: set[int] = set()
        self._reported: set[int] = set()
        self._expecting = 0
        self.in_flight = 0
        self._last_activity = time.monotonic()
        self._changed: asyncio.Event | None = None

    # -- lifecycle ------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return f"{self.url}/api/v{payloads.API_VERSION}"

    @property
    def gateway_url(self) -> str:
        """What ``DiscordWebSocket.DEFAULT_GATEWAY`` must be set to; also READY's resume URL."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self, port: int = 0) -> None:
        """Serve on 127.0.0.1 (ephemeral port by default)."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_route("*", r"/api/v{version:\d+}/{tail:.*}", self.rest.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{name}", self._attachment)
        app.router.add_route("*", "/{tail:.*}", self._unknown)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[attr-defined]
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self._changed = asyncio.Event()
        self._last_activity = asyncio.get_running_loop().time()

    async def stop(self) -> None:
        """Close gateway connections and the server; reports interactions never acknowledged."""
        self.report_expired()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _attachment(self, request: web.Request) -> web.StreamResponse:
        for message in self.store.by_id.values():
            for attachment in message.attachments:
                if str(attachment.id) == request.match_info["attachment_id"]:
                    return web.Response(
                        body=attachment.data,
                        content_type=attachment.content_type or "application/octet-stream",
                    )
        return json_response({"message": "404: Not Found", "code": 0}, 404)

    async def _unknown(self, request: web.Request) -> web.StreamResponse:
        route = f"{request.method} {request.path}"
        self.note_request(route)
        self.violation(404, 0, "404: Not Found (not an API route)", route)
        return json_response({"message": "404: Not Found", "code": 0}, 404)

    # -- model registry (ModelOwner) ------------------------------------------------------

    def next_id(self) -> int:
        return self._ids.next()

    def register_channel(self, channel: Channel) -> None:
        self.channels[channel.id] = channel

    def register_user(self, account: UserAccount) -> None:
        self.accounts[account.id] = account

    def model_event(self, event: str, data: dict[str, Any], *, guild: Guild | None = None) -> None:
        if guild is not None and guild.id not in self._announced:
            return
        intent = INTENT_GUILD_MEMBERS if event.startswith("GUILD_MEMBER") else INTENT_GUILDS
        self.gateway.dispatch(
            event, data, intent=intent, guild_id=None if guild is None else guild.id
        )
        self.record("dispatch", event=event)

    def add_user(
        self,
        name: str,
        *,
        guilds: Iterable[Guild] | None = None,
        dms_open: bool = True,
        global_name: str | None = None,
        locale: str = "en-US",
    ) -> SimUser:
        """A simulated user; joins ``guilds`` (default: every guild that exists now)."""
        account = UserAccount(
            self.next_id(), name, global_name=global_name, dms_open=dms_open, locale=locale
        )
        self.register_user(account)
        user = SimUser(self, account)
        self.users[account.id] = user
        for guild in self.guilds.values() if guilds is None else guilds:
            guild.add_member(account)
        return user

    def add_guild(
        self,
        name: str = "Test Guild",
        *,
        channels: Iterable[str] = ("general",),
        owner: Any = None,
        locale: str = "en-US",
        shard: int | None = None,
    ) -> Guild:
        """A guild with text channels, the bot as a member (with its role) and an owner;
        ``locale``: the server's language (its preferred locale); ``shard``: an id that puts
        the guild on this shard of ``shard_count`` (default: whatever the clock gives)."""
        owner_account = self.owner if owner is None else as_account(owner)
        if shard is None:
            guild_id = self.next_id()
        elif 0 <= shard < self.shard_count:
            guild_id = self._ids.next_on_shard(shard, self.shard_count)
        else:
            raise SimulationError(f"shard {shard} is not below shard_count {self.shard_count}")
        guild = Guild(self, guild_id, name, owner_account.id)
        guild.locale = locale
        self.guilds[guild.id] = guild
        for channel_name in channels:
            guild.add_channel(channel_name)
        guild.add_member(owner_account)
        guild.add_member(self.bot, roles=(guild.add_role(self.bot.name, BOT_PERMISSIONS),))
        self._announced.add(guild.id)
        if self.gateway.connected:
            self.gateway.dispatch(
                "GUILD_CREATE",
                lambda s: payloads.guild_create_payload(
                    guild, bot=self.bot, with_members=bool(s.intents & INTENT_GUILD_MEMBERS)
                ),
                intent=INTENT_GUILDS,
                guild_id=guild.id,
            )
        return guild

    def dm_channel(self, user: Any) -> Channel:
        """The DM channel between the bot and a user (created on first use)."""
        account = as_account(user)
        channel = self.dm_channels.get(account.id)
        if channel is None:
            channel = Channel(self.next_id(), f"dm-{account.name}", recipient=account)
            self.dm_channels[account.id] = channel
            self.register_channel(channel)
        return channel

    def register_commands(
        self, scope: int | None, commands: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Bulk overwrite; command ids stay stable for the same (type, name)."""
        self._command_version += 1
        stored = []
        for command in commands:
            key = (scope, int(command.get("type", 1)), command["name"])
            command_id = self._command_ids.setdefault(key, self.next_id())
            stored.append(
                payloads.stored_command(
                    command,
                    id=command_id,
                    app_id=self.application_id,
                    guild_id=scope,
                    version=self._command_version,
                )
            )
        self.commands[scope] = stored
        self.record("commands", scope=scope, names=[c["name"] for c in stored])
        return stored

    def find_command(self, name: str, guild: Guild | None, type: int = 1) -> dict[str, Any] | None:
        """A registered command by name: the guild's own first, then global ones."""
        scopes: list[int | None] = [guild.id, None] if guild is not None else [None]
        for scope in scopes:
            for command in self.commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == type:
                    return command
        return None

    def integration_owners(self, guild: Guild | None) -> dict[str, str]:
        return {"0": str(guild.id) if guild is not None else "0"}

    # -- recording ------------------------------------------------------------------------

    def now(self) -> float:
        """The event loop's time, as in events and request spans."""
        return self._now()

    def _now(self) -> float:
        try:
            return asyncio.get_running_loop().time()
        except RuntimeError:
            return time.monotonic()

    def record(self, kind: str, **data: Any) -> Event:
        event = Event(kind, self._now(), data)
        self.events.append(event)
        if self._changed is not None:
            self._changed.set()
            self._changed = asyncio.Event()
        return event

    def note_request(self, route: str) -> None:
        self.request_counts[route] += 1
        self.note_activity()
        self.record("request", route=route)

    def note_activity(self) -> None:
        """Restart the quiet period that ``idle()`` waits for."""
        self._last_activity = self._now()

    def violation(self, status: int, code: int, message: str, route: str) -> Violation:
        found = Violation(status, code, message, route)
        self.errors.append(found)
        self.record("violation", violation=found)
        return found

    def report_expired(self, now: float | None = None) -> None:
        """Record a violation for each interaction whose window passed unacknowledged."""
        now = self._now() if now is None else now
        for handle in self.interactions:
            if not handle.expiry_reported and handle.expired(now):
                handle.expiry_reported = True
                self.violation(
                    0,
                    10062,
                    f"{handle.description} by {handle.user.name} was never "
                    f"acknowledged within {self.ack_window}s",
                    "INTERACTION",
                )

    # -- dispatching ----------------------------------------------------------------------

    def dispatch_message(
        self, event: str, message: Message, *, data: dict[str, Any] | None = None
    ) -> None:
        """MESSAGE_CREATE/UPDATE/DELETE to sessions with the matching intent."""
        if not self.message_events:
            return
        intent = INTENT_GUILD_MESSAGES if message.channel.guild else INTENT_DIRECT_MESSAGES
        full = data if data is not None else payloads.message_event_payload(message)
        private = (
            message.author is self.bot
            or message.channel.guild is None
            or self.bot.mention in message.content
        )

        def shaped(session: Session) -> dict[str, Any]:
            if data is not None or private or session.intents & INTENT_MESSAGE_CONTENT:
                return full
            return {**full, "content": "", "embeds": [], "components": [], "attachments": []}

        guild = message.channel.guild
        self.gateway.dispatch(
            event, shaped, intent=intent, guild_id=None if guild is None else guild.id
        )
        self._last_activity = self._now()

    async def dispatch_interaction(self, handle: InteractionHandle) -> None:
        """Send INTERACTION_CREATE; the acknowledgement window starts now."""
        if not self.gateway.connected:
            raise SimulationError("the bot is not connected to the gateway")
        guild_id = None if handle.guild is None else handle.guild.id
        sessions = self.gateway.live_sessions(guild_id=guild_id)
        if not sessions:
            where = "shard 0 (DMs)" if guild_id is None else f"the shard of guild {guild_id}"
            raise SimulationError(f"no gateway session of {where} is connected")
        handle.shards = [session.shard for session in sessions]
        payload = payloads.interaction_payload(
            handle,
            app_id=self.application_id,
            bot=self.bot,
            owners=self.integration_owners(handle.guild),
        )
        self.interactions.append(handle)
        self.interactions_by_id[handle.id] = handle
        self.interactions_by_token[handle.token] = handle
        handle.dispatched_at = self._now()
        self._last_activity = handle.dispatched_at
        futures = self.gateway.dispatch("INTERACTION_CREATE", payload, guild_id=guild_id)
        self.record("interaction", interaction=handle, shards=handle.shards)
        await asyncio.gather(*futures)

    def open_modal(self, handle: InteractionHandle) -> None:
        self.pending_modals[handle.user.id] = handle

    async def force_reconnect(self) -> None:
        """Send op 7 RECONNECT; the client resumes through READY's resume_gateway_url."""
        await self.gateway.request_reconnect()

    # -- failures -------------------------------------------------------------------------

    def unreported_violations(self) -> list[Violation]:
        return [v for v in self.errors if id(v) not in self._reported]

    def check_failures(self) -> None:
        """Raise EmulatorFailure for new violations (outside expect_violations) or error logs."""
        problems: list[str] = []
        if not self._expecting:
            for found in self.unreported_violations():
                self._reported.add(id(found))
                problems.append(f"protocol violation: {found}")
        for _, task in self.clients:
            if task.done() and id(task) not in self._reported:
                self._reported.add(id(task))
                crash = None if task.cancelled() else task.exception()
                problems.append(f"the discord client stopped: {crash!r}")
        guard = self.log_guard
        if guard is not None:
            for record in guard.unexpected():
                if id(record) not in guard.reported:
                    guard.reported.add(id(record))
                    problems.append(f"error logged by {record.name}: {record.getMessage()}")
        if problems:
            raise EmulatorFailure("\n".join(problems))

    @contextlib.contextmanager
    def expect_violations(
        self, code: int | None = None, *, contains: str | None = None, count: int | None = None
    ) -> Iterator[list[Violation]]:
        """Expect the bot to break the protocol inside the block (await ``idle()`` in it).

        Matching violations are moved to ``expected_errors`` and yielded list; fails if none
        (or not ``count``) matched.
        """
        start = len(self.errors)
        got: list[Violation] = []
        self._expecting += 1
        try:
            yield got
        finally:
            self._expecting -= 1
        new = self.errors[start:]
        got.extend(
            v
            for v in new
            if (code is None or v.code == code)
            and (contains is None or re.search(contains, v.message))
        )
        for found in got:
            self.errors.remove(found)
            self.expected_errors.append(found)
        if (count is None and not got) or (count is not None and len(got) != count):
            raise AssertionError(
                f"expected {count or 'some'} violation(s) code={code} contains={contains!r}, "
                f"got {[str(v) for v in new]}"
            )

    # -- waiting --------------------------------------------------------------------------

    async def wait_for(
        self,
        predicate: Callable[[], T],
        timeout: float = 5.0,
        *,
        description: str = "",
    ) -> T:
        """Wait until ``predicate()`` is truthy (re-checked on every recorded event); returns it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self.check_failures()
            changed = self._changed
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(
                    f"timed out after {timeout}s waiting for "
                    f"{description or getattr(predicate, '__name__', predicate)}"
                )
            if changed is None:
                await asyncio.sleep(min(remaining, 0.01))
                continue
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(min(remaining, 0.02)):
                    await changed.wait()

    def _pending(self) -> tuple[list[InteractionHandle], list[InteractionHandle]]:
        now = self._now()
        self.report_expired(now)
        unacked = [
            h
            for h in self.interactions
            if h.dispatched_at is not None and not h.acknowledged and not h.expiry_reported
        ]
        loading = [
            h
            for h in self.interactions
            if h.original is not None and h.original.loading and not h.original.deleted
        ]
        return unacked, loading

    def busy_handlers(self) -> list[str]:
        """discord.py handler tasks (commands, view/modal callbacks, events) still running."""
        current = asyncio.current_task()
        return [
            task.get_name()
            for task in asyncio.all_tasks()
            if task is not current and not task.done() and task.get_name().startswith(HANDLER_TASKS)
        ]

    async def idle(
        self,
        quiet: float | None = None,
        timeout: float = 5.0,
        *,
        handlers: bool = True,
    ) -> None:
        """Wait until the bot made no request for ``quiet`` seconds, every interaction is
        acknowledged (or reported as expired), no deferred response is still loading and
        (with ``handlers``) no discord.py handler task is still running."""
        quiet = self.quiet_period if quiet is None else quiet
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self.check_failures()
            unacked, loading = self._pending()
            busy = self.busy_handlers() if handlers else []
            since = loop.time() - self._last_activity
            if not (unacked or loading or busy or self.in_flight) and since >= quiet:
                self.check_failures()
                return
            if loop.time() >= deadline:
                raise TimeoutError(
                    f"emulator not idle after {timeout}s: unacknowledged={unacked}, "
                    f"deferred still loading={loading}, handlers running={busy}, "
                    f"last request {since:.3f}s ago"
                )
            await asyncio.sleep(max(0.002, min(quiet - since, deadline - loop.time(), 0.02)))

    # -- inspection -----------------------------------------------------------------------

    def all_messages(
        self, *, include_ephemeral: bool = True, include_deleted: bool = True
    ) -> list[Message]:
        """Every message ever created, in creation order."""
        found = [
            m
            for m in self.store.by_id.values()
            if (include_ephemeral or not m.ephemeral) and (include_deleted or not m.deleted)
        ]
        return sorted(found, key=lambda m: m.order)

    def delete_message(self, message: Message) -> None:
        """Delete a message as a moderator would (dispatches MESSAGE_DELETE)."""
        self.store.delete(message, source="moderator")

    def delete_channel(self, channel: Channel, *, by: str = "moderator") -> None:
        """Delete a guild channel or a thread as an admin or moderator would: CHANNEL_DELETE
        is dispatched (THREAD_DELETE for a thread, with its id, guild, parent and type only, as
        Discord sends it), and from now on every route of the channel answers 404 / 10003
        (Unknown Channel); its messages are gone for everyone. ``by``: who deleted it, as
        recorded (``"bot"`` for the route ``DELETE /channels/{channel_id}``)."""
        if channel.guild is None or channel.deleted:
            raise SimulationError(f"{channel!r} is not a guild channel that exists")
        channel.deleted = True
        self.record("channel_deleted", channel=channel.id, by=by)
        parent = getattr(channel, "parent", None)
        if parent is None:
            self.model_event("CHANNEL_DELETE", channel.payload(), guild=channel.guild)
            return
        event = {
            "id": str(channel.id),
            "guild_id": str(channel.guild.id),
            "parent_id": str(parent.id),
            "type": channel.type,
        }
        self.model_event("THREAD_DELETE", event, guild=channel.guild)

    @property
    def ack_latencies(self) -> list[float]:
        return [h.ack_latency for h in self.interactions if h.ack_latency is not None]

    def stats(self) -> dict[str, Any]:
        """Request counts per route, gateway op counts and acknowledgement latency percentiles."""
        latencies = self.ack_latencies
        return {
            "requests": dict(self.request_counts),
            "requests_total": sum(self.request_counts.values()),
            "gateway": dict(self.gateway.op_counts),
            "interactions": len(self.interactions),
            "ack_latency_p50": percentile(latencies, 50),
            "ack_latency_p99": percentile(latencies, 99),
            "ack_latency_max": max(latencies, default=None),
            "violations": len(self.errors),
        }

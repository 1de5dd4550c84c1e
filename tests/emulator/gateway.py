"""The gateway websocket: HELLO, heartbeats, IDENTIFY/READY, GUILD_CREATE, RESUME, dispatches.

Shards as on Discord: IDENTIFY may carry ``shard: [shard_id, shard_count]`` (none is
``[0, 1]``). A session gets the guilds with ``(guild_id >> 22) % shard_count == shard_id`` in
READY and GUILD_CREATE, and only their events and interactions; direct messages and DM
interactions go to shard 0 only."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from . import payloads

if TYPE_CHECKING:
    from .emulator import Emulator

# Opcodes.
DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE_UPDATE = 3
VOICE_STATE_UPDATE = 4
RESUME = 6
RECONNECT = 7
REQUEST_GUILD_MEMBERS = 8
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11

# Intents.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15

HEARTBEAT_INTERVAL_MS = 41_250
_SENT = object()

# Close codes.
INVALID_SHARD = 4010
SHARDING_REQUIRED = 4011

UNSHARDED = (0, 1)


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard a guild's events go to, as Discord computes it."""
    return (guild_id >> 22) % shard_count


class _Everyone:
    """``Gateway.dispatch(..., guild_id=EVERY_SESSION)``: not routed by shard."""


EVERY_SESSION = _Everyone()


class Connection:
    """One websocket; frames go out in order through a queue and a writer task."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self._queue: asyncio.Queue[tuple[Any, asyncio.Future[None]]] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write(), name="emulator-gateway-writer")

    def send(self, frame: dict[str, Any] | tuple[int, str]) -> asyncio.Future[None]:
        """Queue a JSON frame (or a ``(code, reason)`` close); the future resolves once written."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((frame, future))
        return future

    async def _write(self) -> None:
        while True:
            frame, future = await self._queue.get()
            try:
                if isinstance(frame, tuple):
                    await self.ws.close(code=frame[0], message=frame[1].encode())
                elif not self.ws.closed:
                    await self.ws.send_str(json.dumps(frame, separators=(",", ":")))
            except (ConnectionError, RuntimeError) as exc:
                if not future.done():
                    future.set_exception(exc)
                continue
            if not future.done():
                future.set_result(None)

    async def stop(self) -> None:
        self._writer.cancel()
        await asyncio.gather(self._writer, return_exceptions=True)


class Session:
    """A gateway session; survives its connection so a client can RESUME."""

    def __init__(
        self,
        session_id: str,
        intents: int,
        counts: Counter[str],
        shard: tuple[int, int] = UNSHARDED,
    ) -> None:
        self.id = session_id
        self._counts = counts
        self.intents = intents
        self.shard = shard
        """``(shard_id, shard_count)`` from IDENTIFY; ``(0, 1)`` when the client sent none."""
        self.seq = 0
        self.buffer: list[dict[str, Any]] = []
        self.connection: Connection | None = None

    def dispatch(self, event: str, data: dict[str, Any]) -> asyncio.Future[None] | None:
        self.seq += 1
        self._counts[f"dispatch {event}"] += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.buffer.append(frame)
        del self.buffer[:-500]
        return self.connection.send(frame) if self.connection is not None else None

    def receives(self, guild_id: int | None) -> bool:
        """Whether this session gets the events of ``guild_id`` (None: a DM, shard 0 only)."""
        shard_id, shard_count = self.shard
        if guild_id is None:
            return shard_id == 0
        return shard_of(guild_id, shard_count) == shard_id


class Gateway:
    """Server side of Discord's gateway for one bot."""

    def __init__(self, emulator: Emulator) -> None:
        self._emulator = emulator
        self.sessions: dict[str, Session] = {}
        self.connections: set[Connection] = set()
        self.op_counts: Counter[str] = Counter()

    @property
    def connected(self) -> bool:
        return any(s.connection is not None for s in self.sessions.values())

    def live_sessions(
        self, intent: int = 0, guild_id: int | _Everyone | None = EVERY_SESSION
    ) -> list[Session]:
        """Connected sessions with the intent that get the events of ``guild_id`` (None: DMs,
        shard 0; ``EVERY_SESSION``: all of them)."""
        return [
            s
            for s in self.sessions.values()
            if s.connection is not None
            and (not intent or s.intents & intent)
            and (isinstance(guild_id, _Everyone) or s.receives(guild_id))
        ]

    def dispatch(
        self,
        event: str,
        data: dict[str, Any] | Callable[[Session], dict[str, Any]],
        *,
        intent: int = 0,
        guild_id: int | _Everyone | None,
    ) -> list[asyncio.Future[None]]:
        """Send a dispatch to every live session with the intent whose shard gets the events
        of ``guild_id`` (None: a DM, shard 0 only); ``data`` may depend on the session.
        Returns the write futures."""
        futures = []
        for session in self.live_sessions(intent, guild_id):
            future = session.dispatch(event, data(session) if callable(data) else data)
            if future is not None:
                futures.append(future)
        return futures

    async def request_reconnect(self) -> None:
        """Ask every connected client to reconnect (op 7); it will RESUME."""
        futures = [
            s.connection.send({"op": RECONNECT, "d": None})
            for s in self.live_sessions()
            if s.connection is not None
        ]
        await asyncio.gather(*futures, return_exceptions=True)

    async def close_all(self) -> None:
        for connection in list(self.connections):
            await connection.stop()
            await connection.ws.close(code=1001, message=b"emulator stopping")

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """The websocket endpoint ``/gateway``."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        if request.query.get("encoding", "json") != "json":
            self._emulator.violation(400, 0, "only encoding=json is supported", "GATEWAY")
        connection = Connection(ws)
        self.connections.add(connection)
        connection.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        session: Session | None = None
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    if msg.type is WSMsgType.BINARY:
                        self._emulator.violation(400, 0, "binary gateway frame", "GATEWAY")
                    continue
                session = await self._on_frame(connection, session, msg.data)
        finally:
            if session is not None and session.connection is connection:
                session.connection = None
            self.connections.discard(connection)
            await connection.stop()
        return ws

    async def _on_frame(
        self, conn: Connection, session: Session | None, raw: str
    ) -> Session | None:
        try:
            frame = json.loads(raw)
            op, data = frame["op"], frame.get("d")
        except (ValueError, KeyError, TypeError):
            self._emulator.violation(
                400, 4002, f"undecodable gateway frame {raw[:80]!r}", "GATEWAY"
            )
            conn.send((4002, "Decode error"))
            return session
        self.op_counts[f"op {op}"] += 1
        if op == HEARTBEAT:
            conn.send({"op": HEARTBEAT_ACK, "d": None})
        elif op == IDENTIFY:
            return self._identify(conn, session, data or {})
        elif op == RESUME:
            return self._resume(conn, data or {})
        elif op == REQUEST_GUILD_MEMBERS:
            self._members_chunk(conn, session, data or {})
        elif op not in (PRESENCE_UPDATE, VOICE_STATE_UPDATE):
            self._emulator.violation(400, 4001, f"unknown gateway opcode {op}", "GATEWAY")
            conn.send((4001, "Unknown opcode"))
        return session

    def _identify(
        self, conn: Connection, session: Session | None, data: dict[str, Any]
    ) -> Session | None:
        emulator = self._emulator
        if session is not None:
            emulator.violation(400, 4005, "IDENTIFY sent twice on one connection", "GATEWAY")
            conn.send((4005, "Already authenticated"))
            return session
        if data.get("token") != emulator.token:
            emulator.record("auth_failed", route="GATEWAY IDENTIFY")
            conn.send((4004, "Authentication failed"))
            return None
        shard = self._shard(conn, data.get("shard"))
        if shard is None:
            return None
        session = Session(secrets.token_hex(16), int(data.get("intents", 0)), self.op_counts, shard)
        guilds = [g for g in emulator.guilds.values() if session.receives(g.id)]
        limit = emulator.max_guilds_per_shard
        if limit is not None and len(guilds) > limit:
            emulator.record("sharding_required", shard=shard, guilds=len(guilds))
            conn.send((SHARDING_REQUIRED, "Sharding required"))
            return None
        session.connection = conn
        self.sessions[session.id] = session
        session.dispatch(
            "READY",
            payloads.ready_payload(
                bot=emulator.bot,
                app_id=emulator.application_id,
                session_id=session.id,
                resume_url=emulator.gateway_url,
                guilds=guilds,
                shard=shard,
            ),
        )
        with_members = bool(session.intents & INTENT_GUILD_MEMBERS)
        for guild in guilds:
            session.dispatch(
                "GUILD_CREATE",
                payloads.guild_create_payload(guild, bot=emulator.bot, with_members=with_members),
            )
        emulator.record(
            "identify", intents=session.intents, shard=shard, guilds=[g.id for g in guilds]
        )
        return session

    def _shard(self, conn: Connection, value: Any) -> tuple[int, int] | None:
        """IDENTIFY's ``shard``: ``(0, 1)`` when absent; None (and close 4010) when invalid."""
        if value is None:
            return UNSHARDED
        valid = (
            isinstance(value, list | tuple)
            and len(value) == 2
            and all(isinstance(part, int) and not isinstance(part, bool) for part in value)
            and 0 <= value[0] < value[1]
        )
        if not valid:
            self._emulator.violation(
                400, INVALID_SHARD, f"IDENTIFY with an invalid shard {value!r}", "GATEWAY"
            )
            conn.send((INVALID_SHARD, "Invalid shard"))
            return None
        return int(value[0]), int(value[1])

    def _resume(self, conn: Connection, data: dict[str, Any]) -> Session | None:
        emulator = self._emulator
        if data.get("token") != emulator.token:
            conn.send((4004, "Authentication failed"))
            return None
        session = self.sessions.get(str(data.get("session_id")))
        if session is None:
            conn.send({"op": INVALID_SESSION, "d": False})
            return None
        session.connection = conn
        last = int(data.get("seq") or 0)
        for frame in session.buffer:
            if frame["s"] > last:
                conn.send(frame)
        session.dispatch("RESUMED", {"_trace": ["discord-emulator"]})
        emulator.record("resume", replayed=sum(1 for f in session.buffer if f["s"] > last))
        return session

    def _members_chunk(
        self, conn: Connection, session: Session | None, data: dict[str, Any]
    ) -> None:
        emulator = self._emulator
        guild = emulator.guilds.get(int(data.get("guild_id", 0)))
        if (
            session is None
            or guild is None
            or not session.intents & INTENT_GUILD_MEMBERS
            or not session.receives(guild.id)
        ):
            emulator.violation(400, 4013, "REQUEST_GUILD_MEMBERS not allowed here", "GATEWAY")
            return
        members = list(guild.members.values())
        wanted = data.get("user_ids")
        if wanted:
            ids = {int(i) for i in (wanted if isinstance(wanted, list) else [wanted])}
            members = [m for m in members if m.user.id in ids]
        query = data.get("query") or ""
        members = [m for m in members if m.user.name.startswith(query)]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

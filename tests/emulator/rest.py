"""REST API: a router that refuses unknown routes, and the user, command and channel routes."""

from __future__ import annotations

import re
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import limits, payloads
from .errors import (
    INVALID_FORM_BODY,
    UNAUTHORIZED,
    UNKNOWN_CHANNEL,
    UNKNOWN_GUILD,
    UNKNOWN_MEMBER,
    UNKNOWN_MESSAGE,
    UNKNOWN_ROUTE,
    UNKNOWN_USER,
    APIError,
    json_response,
    no_content,
)
from .faults import RequestSpan
from .message_model import FLAG_EPHEMERAL, Message
from .messages import read_body
from .model import (
    ATTACH_FILES,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    Channel,
)
from .threads import ThreadRoutes
from .webhooks import InteractionRoutes

if TYPE_CHECKING:
    from .emulator import Emulator

UNKNOWN_APPLICATION = 10002
CANNOT_EDIT_OTHERS = 50005
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013


@dataclass
class Call:
    """One routed request."""

    request: web.Request
    params: dict[str, str]
    route: str

    def id(self, name: str) -> int:
        try:
            return int(self.params[name])
        except ValueError:
            raise APIError(404, UNKNOWN_ROUTE, f"{name} is not a snowflake") from None


Handler = Callable[[Call], Awaitable[web.StreamResponse]]


class Router:
    """Method + path template routing; templates double as the per-route request counter keys."""

    def __init__(self) -> None:
        self._routes: list[tuple[str, re.Pattern[str], str, Handler, bool]] = []

    def add(self, method: str, template: str, handler: Handler, *, auth: bool = True) -> None:
        pattern = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template)
        self._routes.append((method, re.compile(f"^{pattern}$"), template, handler, auth))

    def match(self, method: str, path: str) -> tuple[Handler, dict[str, str], str, bool] | None:
        for route_method, pattern, template, handler, auth in self._routes:
            found = pattern.match(path)
            if found and route_method == method:
                return handler, found.groupdict(), f"{method} {template}", auth
        return None


class RestApi:
    """The REST side of the emulator, mounted under ``/api/v10``."""

    def __init__(self, emulator: Emulator) -> None:
        self._emulator = emulator
        self.router = Router()
        add = self.router.add
        add("GET", "/users/@me", self.get_me, auth=False)
        add("GET", "/users/{user_id}", self.get_user)
        add("POST", "/users/@me/channels", self.create_dm)
        add("GET", "/oauth2/applications/@me", self.get_application)
        add("GET", "/gateway", self.get_gateway, auth=False)
        add("GET", "/gateway/bot", self.get_gateway)
        add("GET", "/applications/{application_id}/commands", self.get_commands)
        add("PUT", "/applications/{application_id}/commands", self.put_commands)
        add("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self.get_commands)
        add("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands)
        add("GET", "/guilds/{guild_id}", self.get_guild)
        add("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)
        add("GET", "/channels/{channel_id}", self.get_channel)
        add("POST", "/channels/{channel_id}/typing", self.typing)
        add("GET", "/channels/{channel_id}/messages", self.list_messages)
        add("POST", "/channels/{channel_id}/messages", self.create_message)
        add("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        add("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message)
        add("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        InteractionRoutes(emulator).register(self.router)
        ThreadRoutes(emulator).register(self.router)
        emulator.app_emojis.register(self.router)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """Entry point for every ``/api/v{n}/...`` request."""
        emulator = self._emulator
        path = "/" + request.match_info["tail"]
        matched = self.router.match(request.method, path)
        route = matched[2] if matched else f"{request.method} {path}"
        emulator.note_request(route)
        emulator.in_flight += 1
        span = RequestSpan(route, matched[1] if matched else {}, emulator.now())
        emulator.spans.append(span)
        response: web.StreamResponse | None = None
        try:
            if matched is None:
                raise APIError(
                    404, UNKNOWN_ROUTE, f"404: Not Found (the emulator has no route {route})"
                )
            handler, params, _, auth = matched
            if auth and request.headers.get("Authorization") != f"Bot {emulator.token}":
                raise APIError(401, UNAUTHORIZED, "401: Unauthorized")
            uploading = request.content_type.startswith("multipart/")
            before, after = await emulator.faults.apply(
                route, params, uploading, self._in_thread(params)
            )
            if before is not None:
                emulator.record("fault", route=route, status=before.status, code=before.code)
                response = before.response()
                return response
            response = await handler(Call(request, params, route))
            if after is not None:
                emulator.record("fault", route=route, status=after.status, lost=True)
                response = after.response()
            return response
        except APIError as exc:
            if exc.violation:
                emulator.violation(exc.status, exc.code, exc.message, route)
            response = json_response(exc.body(), exc.status)
            return response
        except Exception as exc:  # an emulator bug must fail the test, not hang it
            emulator.internal_errors.append(traceback.format_exc())
            emulator.violation(500, 0, f"emulator internal error: {exc!r}", route)
            response = json_response(
                {"message": f"emulator internal error: {exc!r}", "code": 0}, 400
            )
            return response
        finally:
            emulator.in_flight -= 1
            span.end = emulator.now()
            span.status = response.status if response is not None else None
            emulator.note_activity()

    def _in_thread(self, params: dict[str, str]) -> bool:
        """Whether the request's ``channel_id`` names a thread (faults with ``threads``)."""
        try:
            channel = self._emulator.channels.get(int(params.get("channel_id", "")))
        except ValueError:
            return False
        return getattr(channel, "parent", None) is not None

    # -- users and application ------------------------------------------------------------

    async def get_me(self, call: Call) -> web.StreamResponse:
        emulator = self._emulator
        if call.request.headers.get("Authorization") != f"Bot {emulator.token}":
            emulator.record("auth_failed", route=call.route)
            raise APIError(401, UNAUTHORIZED, "401: Unauthorized", violation=False)
        return json_response(payloads.bot_user_payload(emulator.bot))

    async def get_user(self, call: Call) -> web.StreamResponse:
        account = self._emulator.accounts.get(call.id("user_id"))
        if account is None:
            raise APIError(404, UNKNOWN_USER, "Unknown User", violation=False)
        return json_response(account.payload())

    async def get_application(self, call: Call) -> web.StreamResponse:
        emulator = self._emulator
        return json_response(
            payloads.application_payload(emulator.application_id, emulator.bot, emulator.owner)
        )

    async def get_gateway(self, call: Call) -> web.StreamResponse:
        data: dict[str, Any] = {"url": self._emulator.gateway_url}
        if call.route.endswith("/bot"):
            data.update(
                shards=self._emulator.shard_count,
                session_start_limit={
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            )
        return json_response(data)

    async def create_dm(self, call: Call) -> web.StreamResponse:
        body, _ = await read_body(call.request)
        try:
            account = self._emulator.accounts[int(body.get("recipient_id", 0))]
        except (KeyError, ValueError):
            raise APIError(400, UNKNOWN_USER, "recipient_id: Unknown User") from None
        return json_response(self._emulator.dm_channel(account).payload())

    # -- commands -------------------------------------------------------------------------

    def _scope(self, call: Call) -> int | None:
        if call.id("application_id") != self._emulator.application_id:
            raise APIError(404, UNKNOWN_APPLICATION, "Unknown Application")
        if "guild_id" not in call.params:
            return None
        guild_id = call.id("guild_id")
        guild = self._emulator.guilds.get(guild_id)
        if guild is None or self._emulator.bot.id not in guild.members:
            # Discord: a guild the application is not in (unknown or not) is out of reach.
            raise APIError(403, MISSING_ACCESS, "Missing Access", violation=False)
        return guild_id

    async def get_commands(self, call: Call) -> web.StreamResponse:
        return json_response(self._emulator.commands.get(self._scope(call), []))

    async def put_commands(self, call: Call) -> web.StreamResponse:
        scope = self._scope(call)
        body = await call.request.json()
        if not isinstance(body, list):
            raise APIError(400, INVALID_FORM_BODY, "body must be a list of commands")
        problems = limits.command_problems(body)
        if problems:
            raise APIError(400, INVALID_FORM_BODY, "Invalid Form Body: " + "; ".join(problems))
        return json_response(self._emulator.register_commands(scope, body))

    # -- guilds and channels --------------------------------------------------------------

    async def get_guild(self, call: Call) -> web.StreamResponse:
        emulator = self._emulator
        guild = emulator.guilds.get(call.id("guild_id"))
        if guild is None:
            raise APIError(404, UNKNOWN_GUILD, "Unknown Guild")
        data = payloads.guild_create_payload(guild, bot=emulator.bot, with_members=False)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key, None)
        return json_response(data)

    async def get_member(self, call: Call) -> web.StreamResponse:
        guild = self._emulator.guilds.get(call.id("guild_id"))
        if guild is None:
            raise APIError(404, UNKNOWN_GUILD, "Unknown Guild")
        member = guild.members.get(call.id("user_id"))
        if member is None:
            raise APIError(404, UNKNOWN_MEMBER, "Unknown Member", violation=False)
        return json_response(member.payload())

    def _channel(self, call: Call) -> Channel:
        channel = self._emulator.channels.get(call.id("channel_id"))
        if channel is None:
            raise APIError(404, UNKNOWN_CHANNEL, "Unknown Channel")
        if channel.deleted:
            raise APIError(404, UNKNOWN_CHANNEL, "Unknown Channel", violation=False)
        return channel

    def _message(self, call: Call, channel: Channel) -> Message:
        message = self._emulator.store.by_id.get(call.id("message_id"))
        if message is None or message.channel is not channel:
            raise APIError(404, UNKNOWN_MESSAGE, "Unknown Message")
        if message.ephemeral:
            raise APIError(
                404,
                UNKNOWN_MESSAGE,
                "Unknown Message (ephemeral messages are only reachable by webhook)",
            )
        if message.deleted:
            raise APIError(404, UNKNOWN_MESSAGE, "Unknown Message", violation=False)
        return message

    async def get_channel(self, call: Call) -> web.StreamResponse:
        channel = self._channel(call)
        guild = channel.guild
        perms = guild.permissions_of(self._emulator.bot.id) if guild else None
        return json_response(channel.payload(permissions=perms))

    async def typing(self, call: Call) -> web.StreamResponse:
        self._channel(call)
        return no_content()

    async def list_messages(self, call: Call) -> web.StreamResponse:
        channel = self._channel(call)
        query = call.request.query
        limit = max(1, min(100, int(query.get("limit", "50"))))
        messages = channel.current_messages()
        if "before" in query:
            messages = [m for m in messages if m.id < int(query["before"])]
        if "after" in query:
            messages = [m for m in messages if m.id > int(query["after"])]
            messages = messages[:limit]
        if "around" in query:
            around = int(query["around"])
            older = [m for m in messages if m.id <= around][-(limit // 2 + 1) :]
            newer = [m for m in messages if m.id > around][: limit - len(older)]
            messages = older + newer
        newest_first = list(reversed(messages))[:limit]
        return json_response([m.payload() for m in newest_first])

    async def create_message(self, call: Call) -> web.StreamResponse:
        emulator = self._emulator
        channel = self._channel(call)
        body, uploads = await read_body(call.request)
        if int(body.get("flags") or 0) & FLAG_EPHEMERAL:
            raise APIError(
                400, INVALID_FORM_BODY, "flags: EPHEMERAL is only valid in interaction responses"
            )
        if channel.recipient is not None and not channel.recipient.dms_open:
            emulator.record("dm_refused", user=channel.recipient, body=body)
            raise APIError(403, 50007, "Cannot send messages to this user", violation=False)
        if channel.guild is not None:
            # The bot's permissions in the channel (overwrites: Guild.set_permissions).
            bits = channel.guild.permissions_in(channel, emulator.bot.id)
            if not bits & VIEW_CHANNEL:
                raise APIError(403, MISSING_ACCESS, "Missing Access", violation=False)
            send = SEND_MESSAGES_IN_THREADS if getattr(channel, "parent", None) else SEND_MESSAGES
            if not bits & send or (uploads and not bits & ATTACH_FILES):
                raise APIError(403, MISSING_PERMISSIONS, "Missing Permissions", violation=False)
        nonce = body.get("nonce")
        key = (channel.id, str(nonce))
        if nonce is not None and body.get("enforce_nonce"):
            # Discord answers a repeated create with the message the first one made
            # (discord.py sends every nonce with enforce_nonce).
            made = emulator.nonces.get(key)
            earlier = next((m for m in channel.messages if m.id == made), None)
            if earlier is not None and not earlier.deleted:
                emulator.record("nonce_repeat", channel=channel.id, nonce=nonce)
                return json_response({**earlier.payload(), "nonce": nonce})
        message = emulator.store.create(channel, body, uploads, source=call.route)
        if nonce is not None:
            emulator.nonces[key] = message.id
            return json_response({**message.payload(), "nonce": nonce})
        return json_response(message.payload())

    async def get_message(self, call: Call) -> web.StreamResponse:
        channel = self._channel(call)
        return json_response(self._message(call, channel).payload())

    async def edit_message(self, call: Call) -> web.StreamResponse:
        emulator = self._emulator
        message = self._message(call, self._channel(call))
        if message.author is not emulator.bot:
            raise APIError(
                403, CANNOT_EDIT_OTHERS, "Cannot edit a message authored by another user"
            )
        body, uploads = await read_body(call.request)
        emulator.store.edit(message, body, uploads, source=call.route)
        return json_response(message.payload())

    async def delete_message(self, call: Call) -> web.StreamResponse:
        message = self._message(call, self._channel(call))
        self._emulator.store.delete(message, source=call.route)
        return no_content()

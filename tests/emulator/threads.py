"""Public threads started from a message, as Discord has them: the thread is a channel of type
11 whose id is the message's, in its parent's guild; the bot needs Create Public Threads to
start one and Send Messages in Threads to write in it (rest.py checks that on every message).

Route: ``POST /channels/{channel_id}/messages/{message_id}/threads`` (Start Thread from
Message). The thread reaches the bot as its answer and as THREAD_CREATE (GUILDS intent), and
with the guild's active threads in GUILD_CREATE.

Route: ``DELETE /channels/{channel_id}`` (Delete Channel) for a thread or a guild channel: the
bot needs Manage Threads for a thread, Manage Channels for a channel (403 / 50013 without);
it is dispatched as ``Emulator.delete_channel`` does (THREAD_DELETE or CHANNEL_DELETE). Closing
a DM this way is not emulated (refused as a violation)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from .errors import INVALID_FORM_BODY, UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, APIError, json_response
from .messages import read_body
from .model import (
    CREATE_PUBLIC_THREADS,
    MANAGE_CHANNELS,
    MANAGE_THREADS,
    Channel,
    UserAccount,
    now_iso,
)

if TYPE_CHECKING:
    from .emulator import Emulator
    from .rest import Call, Router

PUBLIC_THREAD = 11
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
"""Minutes of inactivity before a thread is archived, as Discord offers them."""
INVALID_CHANNEL_TYPE = 50024
MISSING_PERMISSIONS = 50013
THREAD_ALREADY_CREATED = 160004


class Thread(Channel):
    """A public thread: a guild channel with a parent channel and thread metadata."""

    def __init__(
        self,
        message_id: int,
        name: str,
        *,
        parent: Channel,
        owner: UserAccount,
        auto_archive_duration: int,
        rate_limit_per_user: int = 0,
    ) -> None:
        super().__init__(message_id, name, guild=parent.guild)
        self.type = PUBLIC_THREAD
        self.parent = parent
        self.owner = owner
        self.auto_archive_duration = auto_archive_duration
        self.rate_limit_per_user = rate_limit_per_user
        self.created = now_iso()

    def __repr__(self) -> str:
        return f"<Thread {self.name!r} id={self.id} in {self.parent!r}>"

    def payload(self, *, permissions: int | None = None) -> dict[str, Any]:
        assert self.guild is not None
        sent = len(self.messages)
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": PUBLIC_THREAD,
            "guild_id": str(self.guild.id),
            "parent_id": str(self.parent.id),
            "owner_id": str(self.owner.id),
            "name": self.name,
            "last_message_id": self.last_message_id,
            "rate_limit_per_user": self.rate_limit_per_user,
            "message_count": len(self.current_messages()),
            "total_message_sent": sent,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": self.created,
                "locked": False,
                "create_timestamp": self.created,
            },
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


class ThreadRoutes:
    """Start Thread from Message; Delete Channel (a thread, or a guild channel)."""

    def __init__(self, emulator: Emulator) -> None:
        self._emulator = emulator

    def register(self, router: Router) -> None:
        router.add(
            "POST", "/channels/{channel_id}/messages/{message_id}/threads", self.start_thread
        )
        router.add("DELETE", "/channels/{channel_id}", self.delete_channel)

    async def delete_channel(self, call: Call) -> web.StreamResponse:
        emulator = self._emulator
        channel = emulator.channels.get(call.id("channel_id"))
        if channel is None:
            raise APIError(404, UNKNOWN_CHANNEL, "Unknown Channel")
        if channel.deleted:
            raise APIError(404, UNKNOWN_CHANNEL, "Unknown Channel", violation=False)
        guild = channel.guild
        if guild is None:
            raise APIError(400, INVALID_CHANNEL_TYPE, "the emulator does not close DMs")
        needed = MANAGE_THREADS if isinstance(channel, Thread) else MANAGE_CHANNELS
        if not guild.permissions_in(channel, emulator.bot.id) & needed:
            raise APIError(403, MISSING_PERMISSIONS, "Missing Permissions", violation=False)
        payload = channel.payload()
        emulator.delete_channel(channel, by="bot")
        return json_response(payload)

    async def start_thread(self, call: Call) -> web.StreamResponse:
        emulator = self._emulator
        parent = emulator.channels.get(call.id("channel_id"))
        if parent is None or parent.deleted:
            raise APIError(404, UNKNOWN_CHANNEL, "Unknown Channel", violation=parent is None)
        guild = parent.guild
        if guild is None or isinstance(parent, Thread):
            raise APIError(400, INVALID_CHANNEL_TYPE, "Cannot execute action on this channel type")
        message = emulator.store.by_id.get(call.id("message_id"))
        if message is None or message.channel is not parent or message.ephemeral:
            raise APIError(404, UNKNOWN_MESSAGE, "Unknown Message")
        if message.deleted:
            raise APIError(404, UNKNOWN_MESSAGE, "Unknown Message", violation=False)
        bits = guild.permissions_in(parent, emulator.bot.id)
        if not bits & CREATE_PUBLIC_THREADS:
            raise APIError(403, MISSING_PERMISSIONS, "Missing Permissions", violation=False)
        if message.id in emulator.channels:  # a thread has the id of its message
            raise APIError(
                400, THREAD_ALREADY_CREATED, "A thread has already been created for this message"
            )
        body, _ = await read_body(call.request)
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise APIError(
                400, INVALID_FORM_BODY, "Invalid Form Body: name: must be 1 to 100 characters"
            )
        duration = body.get("auto_archive_duration") or 1440
        if duration not in ARCHIVE_DURATIONS:
            raise APIError(
                400,
                INVALID_FORM_BODY,
                f"Invalid Form Body: auto_archive_duration: must be one of {ARCHIVE_DURATIONS}",
            )
        slowmode = body.get("rate_limit_per_user") or 0
        if not isinstance(slowmode, int) or not 0 <= slowmode <= 21600:
            raise APIError(
                400, INVALID_FORM_BODY, "Invalid Form Body: rate_limit_per_user: 0 to 21600"
            )
        thread = Thread(
            message.id,
            name,
            parent=parent,
            owner=emulator.bot,
            auto_archive_duration=duration,
            rate_limit_per_user=slowmode,
        )
        emulator.register_channel(thread)
        guild.threads.append(thread)
        emulator.record("thread_create", thread=thread, message=message)
        event = {**thread.payload(), "newly_created": True}
        emulator.model_event("THREAD_CREATE", event, guild=guild)
        return json_response(thread.payload())

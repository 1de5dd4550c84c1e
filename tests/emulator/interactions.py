"""Interaction handles: dispatch time, acknowledgement window, responses and follow-ups."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from .errors import EmulatorFailure
from .message_model import Message
from .model import Channel, Guild, UserAccount

if TYPE_CHECKING:
    from .emulator import Emulator

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Interaction callback types.
PONG = 1
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

CALLBACK_NAMES = {
    PONG: "PONG",
    CHANNEL_MESSAGE: "CHANNEL_MESSAGE_WITH_SOURCE",
    DEFERRED_CHANNEL_MESSAGE: "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
    DEFERRED_UPDATE_MESSAGE: "DEFERRED_UPDATE_MESSAGE",
    UPDATE_MESSAGE: "UPDATE_MESSAGE",
    AUTOCOMPLETE_RESULT: "APPLICATION_COMMAND_AUTOCOMPLETE_RESULT",
    MODAL: "MODAL",
}


class InteractionHandle:
    """One interaction a simulated user made, and everything the bot answered to it."""

    def __init__(
        self,
        emulator: Emulator,
        *,
        id: int,
        token: str,
        type: int,
        user: UserAccount,
        channel: Channel,
        guild: Guild | None,
        data: dict[str, Any],
        description: str,
        component_message: Message | None = None,
    ) -> None:
        self._emulator = emulator
        self.id = id
        self.token = token
        self.type = type
        self.user = user
        self.channel = channel
        self.guild = guild
        self.data = data
        self.description = description
        self.component_message = component_message
        self.dispatched_at: float | None = None
        self.acked_at: float | None = None
        self.response_type: int | None = None
        self.original: Message | None = None
        self.messages: list[Message] = []
        self.modal: dict[str, Any] | None = None
        self.choices: list[dict[str, Any]] | None = None
        self.expiry_reported = False
        self.shards: list[tuple[int, int]] = []
        """``(shard_id, shard_count)`` of the sessions it was dispatched to."""

    def __repr__(self) -> str:
        state = CALLBACK_NAMES.get(self.response_type or 0, "pending")
        return f"<Interaction {self.description} by {self.user.name}: {state}>"

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def ack_latency(self) -> float | None:
        """Seconds from dispatch to the bot's initial callback, or None if not acknowledged."""
        if self.acked_at is None or self.dispatched_at is None:
            return None
        return self.acked_at - self.dispatched_at

    def expired(self, now: float | None = None) -> bool:
        """True once the acknowledgement window has passed without an acknowledgement."""
        if self.acknowledged or self.dispatched_at is None:
            return False
        now = asyncio.get_running_loop().time() if now is None else now
        return now - self.dispatched_at > self._emulator.ack_window

    def acknowledge(self, response_type: int, at: float) -> None:
        self.response_type = response_type
        self.acked_at = at

    @property
    def deferred(self) -> bool:
        return self.response_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)

    def shown(self) -> list[Message]:
        """Messages this interaction produced or edited, oldest first."""
        result: list[Message] = []
        if (
            self.response_type in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE)
            and self.component_message
        ):
            result.append(self.component_message)
        result.extend(m for m in self.messages if m not in result)
        return result

    async def wait_ack(self, timeout: float | None = None) -> None:
        """Wait for the initial acknowledgement; fails if the window passes without one."""
        emulator = self._emulator
        limit = emulator.ack_window + 1.0 if timeout is None else timeout
        await emulator.wait_for(
            lambda: self.acknowledged or self.expired(),
            timeout=limit,
            description=f"acknowledgement of {self!r}",
        )
        if not self.acknowledged:
            emulator.report_expired()
            raise EmulatorFailure(
                f"{self.description} by {self.user.name} was never acknowledged within "
                f"{emulator.ack_window}s (the user sees 'This interaction failed')"
            )

    async def wait_response(self, timeout: float = 5.0) -> list[Message]:
        """Wait until the bot answered (deferred answers completed, follow-ups settled).

        Returns the messages shown in answer: the initial response or deferred message with
        its follow-ups, or the component message that an update (types 6/7) edited. A modal
        opened in answer is in ``.modal``; autocomplete choices in ``.choices``.
        """
        await self.wait_ack()
        emulator = self._emulator
        await emulator.wait_for(
            lambda: self.original is None or not self.original.loading,
            timeout=timeout,
            description=f"the deferred response of {self!r}",
        )
        await emulator.idle(timeout=timeout)
        return self.shown()

    def metadata(self) -> dict[str, Any]:
        """``interaction_metadata`` for messages created in answer to this interaction."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.payload(),
            "authorizing_integration_owners": self._emulator.integration_owners(self.guild),
        }
        if self.type == APPLICATION_COMMAND:
            data["name"] = self.data.get("name", "")
            data["command_type"] = self.data.get("type", 1)
        if self.original is not None:
            data["original_response_message_id"] = str(self.original.id)
        if self.component_message is not None:
            data["interacted_message_id"] = str(self.component_message.id)
        return data

"""Interaction callbacks and the interaction webhook routes (follow-ups, @original edits)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import interactions as ix
from . import limits
from .errors import (
    ALREADY_ACKNOWLEDGED,
    INVALID_FORM_BODY,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    APIError,
    json_response,
    no_content,
)
from .message_model import FLAG_EPHEMERAL, Message
from .messages import Upload, read_body

if TYPE_CHECKING:
    from .emulator import Emulator
    from .rest import Call, Router

COMMAND_RESPONSE = 20


class InteractionRoutes:
    """Handlers for ``/interactions/...`` and ``/webhooks/{app}/{token}...``."""

    def __init__(self, emulator: Emulator) -> None:
        self._emulator = emulator

    def register(self, router: Router) -> None:
        router.add(
            "POST", "/interactions/{interaction_id}/{token}/callback", self.callback, auth=False
        )
        router.add("POST", "/webhooks/{application_id}/{token}", self.followup, auth=False)
        for method, handler in (("GET", self.get), ("PATCH", self.edit), ("DELETE", self.delete)):
            router.add(
                method,
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                handler,
                auth=False,
            )

    # -- initial response -----------------------------------------------------------------

    async def callback(self, call: Call) -> web.StreamResponse:
        emulator = self._emulator
        now = asyncio.get_running_loop().time()
        handle = emulator.interactions_by_id.get(call.id("interaction_id"))
        if handle is None or handle.token != call.params["token"]:
            raise APIError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        body, uploads = await read_body(call.request)
        if handle.acknowledged:
            raise APIError(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
        if handle.dispatched_at is None or now - handle.dispatched_at > emulator.ack_window:
            late = now - (handle.dispatched_at or now)
            raise APIError(
                404,
                UNKNOWN_INTERACTION,
                f"Unknown interaction (acknowledged after {late:.3f}s, window "
                f"{emulator.ack_window}s)",
            )
        kind = body.get("type")
        if not isinstance(kind, int):
            raise APIError(
                400, INVALID_FORM_BODY, f"type: not an interaction callback type: {kind!r}"
            )
        data = body.get("data") or {}
        resource = self._respond(handle, kind, data, uploads, call.route)
        handle.acknowledge(kind, now)
        emulator.record("ack", interaction=handle, response_type=kind, latency=handle.ack_latency)
        if call.request.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        original = handle.original if kind in (4, 5) else handle.component_message
        info: dict[str, Any] = {"id": str(handle.id), "type": handle.type}
        if (
            kind in (ix.CHANNEL_MESSAGE, ix.DEFERRED_CHANNEL_MESSAGE, ix.UPDATE_MESSAGE)
            and original
        ):
            info.update(
                response_message_id=str(original.id),
                response_message_loading=original.loading,
                response_message_ephemeral=original.ephemeral,
            )
        result: dict[str, Any] = {"interaction": info}
        if resource is not None:
            result["resource"] = resource
        return json_response(result)

    def _respond(
        self,
        handle: ix.InteractionHandle,
        kind: int,
        data: dict[str, Any],
        uploads: list[Upload],
        route: str,
    ) -> dict[str, Any] | None:
        emulator = self._emulator
        from_message = handle.component_message is not None
        if kind == ix.PONG:
            raise APIError(400, INVALID_FORM_BODY, "type: PONG is only valid for PING interactions")
        if kind in (ix.CHANNEL_MESSAGE, ix.DEFERRED_CHANNEL_MESSAGE):
            if handle.type == ix.AUTOCOMPLETE:
                raise APIError(400, INVALID_FORM_BODY, "type: autocomplete expects type 8")
            ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
            message = emulator.store.create(
                handle.channel,
                data if kind == ix.CHANNEL_MESSAGE else {"flags": data.get("flags", 0)},
                uploads,
                source=f"{route} type {kind}",
                ephemeral_for=handle.user.id if ephemeral else None,
                loading=kind == ix.DEFERRED_CHANNEL_MESSAGE,
                type=COMMAND_RESPONSE if handle.type == ix.APPLICATION_COMMAND else 0,
                webhook_id=emulator.application_id,
                interaction_metadata=handle.metadata(),
            )
            handle.original = message
            handle.messages.append(message)
            return {"type": kind, "message": message.payload()}
        if kind in (ix.DEFERRED_UPDATE_MESSAGE, ix.UPDATE_MESSAGE):
            if not from_message or handle.component_message is None:
                raise APIError(
                    400, INVALID_FORM_BODY, f"type: {kind} is only valid for component interactions"
                )
            if handle.component_message.deleted:
                raise APIError(404, UNKNOWN_MESSAGE, "Unknown Message", violation=False)
            handle.original = handle.component_message
            if kind == ix.DEFERRED_UPDATE_MESSAGE:
                return None
            emulator.store.edit(handle.component_message, data, uploads, source=f"{route} type 7")
            return {"type": kind, "message": handle.component_message.payload()}
        if kind == ix.AUTOCOMPLETE_RESULT:
            if handle.type != ix.AUTOCOMPLETE:
                raise APIError(400, INVALID_FORM_BODY, "type: 8 is only valid for autocomplete")
            choices = data.get("choices") or []
            problems = limits.choice_problems(choices)
            if problems:
                raise APIError(400, INVALID_FORM_BODY, "Invalid Form Body: " + "; ".join(problems))
            handle.choices = choices
            return None
        if kind == ix.MODAL:
            if handle.type not in (ix.APPLICATION_COMMAND, ix.MESSAGE_COMPONENT):
                raise APIError(
                    400, INVALID_FORM_BODY, "type: a modal cannot answer this interaction"
                )
            problems = limits.modal_problems(data)
            if problems:
                raise APIError(400, INVALID_FORM_BODY, "Invalid Form Body: " + "; ".join(problems))
            handle.modal = data
            emulator.open_modal(handle)
            return None
        raise APIError(400, INVALID_FORM_BODY, f"type: unknown interaction callback type {kind!r}")

    # -- webhook follow-ups and message routes --------------------------------------------

    def _handle(self, call: Call) -> ix.InteractionHandle:
        emulator = self._emulator
        handle = emulator.interactions_by_token.get(call.params["token"])
        if call.id("application_id") != emulator.application_id or handle is None:
            raise APIError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        assert handle.dispatched_at is not None
        if asyncio.get_running_loop().time() - handle.dispatched_at > emulator.token_lifetime:
            raise APIError(401, 50027, "Invalid Webhook Token (interaction token expired)")
        if not handle.acknowledged:
            raise APIError(
                404,
                UNKNOWN_WEBHOOK,
                "Unknown Webhook (the interaction has not been acknowledged yet)",
            )
        return handle

    def _target(self, call: Call, handle: ix.InteractionHandle) -> Message:
        raw = call.params["message_id"]
        if raw == "@original":
            message = handle.original
            if message is None:
                raise APIError(
                    404,
                    UNKNOWN_MESSAGE,
                    "Unknown Message (this interaction has no original response)",
                )
        else:
            message = self._emulator.store.by_id.get(call.id("message_id"))
            allowed = message is not None and (
                message in handle.messages
                or message is handle.component_message
                or (not message.ephemeral and message.webhook_id == self._emulator.application_id)
            )
            if message is None or not allowed:
                raise APIError(404, UNKNOWN_MESSAGE, "Unknown Message")
        if message.deleted or message.channel.deleted:  # a deleted channel takes its messages
            raise APIError(404, UNKNOWN_MESSAGE, "Unknown Message", violation=False)
        return message

    async def followup(self, call: Call) -> web.StreamResponse:
        emulator = self._emulator
        handle = self._handle(call)
        body, uploads = await read_body(call.request)
        original = handle.original
        if original is not None and original.loading and handle.response_type == 5:
            body = {k: v for k, v in body.items() if k != "flags"}
            message = emulator.store.edit(
                original, body, uploads, source=f"{call.route} (deferred)"
            )
        else:
            ephemeral = bool(int(body.get("flags") or 0) & FLAG_EPHEMERAL)
            message = emulator.store.create(
                handle.channel,
                body,
                uploads,
                source=call.route,
                ephemeral_for=handle.user.id if ephemeral else None,
                type=COMMAND_RESPONSE if handle.type == ix.APPLICATION_COMMAND else 0,
                webhook_id=emulator.application_id,
                interaction_metadata=handle.metadata(),
            )
            handle.messages.append(message)
        if call.request.query.get("wait") in ("1", "true", "True"):
            return json_response(message.payload())
        return no_content()

    async def get(self, call: Call) -> web.StreamResponse:
        handle = self._handle(call)
        return json_response(self._target(call, handle).payload())

    async def edit(self, call: Call) -> web.StreamResponse:
        handle = self._handle(call)
        message = self._target(call, handle)
        body, uploads = await read_body(call.request)
        self._emulator.store.edit(message, body, uploads, source=call.route)
        return json_response(message.payload())

    async def delete(self, call: Call) -> web.StreamResponse:
        handle = self._handle(call)
        message = self._target(call, handle)
        self._emulator.store.delete(message, source=call.route)
        return no_content()

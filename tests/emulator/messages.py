"""Creating, editing and deleting messages: body parsing, attachments, limits, versions, events."""

from __future__ import annotations

import asyncio
import copy
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, MultipartReader, StreamReader, web
from aiohttp.multipart import content_disposition_filename, parse_content_disposition

from . import components as comp
from . import limits
from .errors import EMPTY_MESSAGE, INVALID_FORM_BODY, APIError
from .mentions import check_allowed_mentions, pings
from .message_model import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    Attachment,
    Message,
    MessageVersion,
)
from .model import Channel, UserAccount, now_iso
from .payloads import ATTACHMENT_SIZE_LIMIT

if TYPE_CHECKING:
    from .emulator import Emulator


@dataclass(frozen=True)
class Upload:
    """A file part of a multipart body (``files[n]``)."""

    index: int
    filename: str
    data: bytes
    content_type: str | None


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[Upload]]:
    """A JSON body, or a multipart body with ``payload_json`` and ``files[n]`` parts."""
    # The media type read directly: aiohttp's ``content_type`` (and ``part.text()``) parse the
    # header with the email package, a large share of the emulator's CPU under load.
    media_type = request.headers.get("Content-Type", "").split(";", 1)[0].strip().lower()
    if media_type == "multipart/form-data":
        boundary = _boundary(request.headers.get("Content-Type", ""))
        length = request.content_length
        if boundary is None or length is None or length > WHOLE_BODY_LIMIT:
            return await _read_parts(await request.multipart())
        body = await request.read()
        parts = _split_multipart(body, boundary)
        if parts is not None:
            return _form(parts)
        # Not the plain form: aiohttp's reader over the bytes read.
        stream = StreamReader(request.protocol, 2**16, loop=asyncio.get_running_loop())
        stream.feed_data(body)
        stream.feed_eof()
        return await _read_parts(MultipartReader(request.headers, stream))
    if not request.can_read_body:
        return {}, []
    try:
        body = json.loads(await request.read())
    except ValueError as exc:
        raise APIError(400, INVALID_FORM_BODY, f"body is not JSON: {exc}") from None
    return (body if isinstance(body, dict) else {"__list__": body}), []


async def _read_parts(reader: MultipartReader) -> tuple[dict[str, Any], list[Upload]]:
    """``payload_json`` and ``files[n]`` read with aiohttp's streaming multipart reader."""
    payload: dict[str, Any] = {}
    uploads: list[Upload] = []
    async for part in reader:
        if not isinstance(part, BodyPartReader):
            raise APIError(400, INVALID_FORM_BODY, "nested multipart bodies are not supported")
        name = part.name or ""
        if name == "payload_json":
            payload = json.loads(await part.read(decode=False))
        elif name.startswith("files[") and name.endswith("]"):
            data = await part.read(decode=False)
            uploads.append(
                Upload(
                    index=int(name[6:-1]),
                    filename=part.filename or f"file{len(uploads)}",
                    data=bytes(data),
                    content_type=part.headers.get("Content-Type"),
                )
            )
        else:
            raise APIError(400, INVALID_FORM_BODY, f"unexpected multipart field {name!r}")
    return payload, uploads


WHOLE_BODY_LIMIT = 16 * 1024 * 1024
"""Multipart bodies up to this size are read at once and split here; larger ones (and any
this parser does not know) are left to aiohttp's streaming reader, which does the same at a
far higher cost per part (its header parsing was a large share of the emulator's CPU)."""

_BOUNDARY = re.compile(r';\s*boundary=(?:"([^"]+)"|([^\s;]+))', re.IGNORECASE)
_DISPOSITION = re.compile(r'form-data; name="([^"\\%]*)"(?:; filename="([^"\\%]*)")?')
"""A part's Content-Disposition as aiohttp.FormData (discord.py's) writes a plain one; any
other (quoted characters, ``filename*``) goes to aiohttp's own parser."""


def _boundary(content_type: str) -> bytes | None:
    match = _BOUNDARY.search(content_type)
    if match is None:
        return None
    return (match.group(1) or match.group(2)).encode("latin-1")


def _split_multipart(body: bytes, boundary: bytes) -> list[tuple[dict[str, str], bytes]] | None:
    """The parts of a multipart body: each one's headers (names in lower case) and bytes;
    None if the body is not the plain form this reads (the streaming reader then tries)."""
    delimiter = b"--" + boundary
    if not body.startswith(delimiter):
        return None
    parts: list[tuple[dict[str, str], bytes]] = []
    at = len(delimiter)
    while not body.startswith(b"--", at):
        if not body.startswith(b"\r\n", at):
            return None
        head_end = body.find(b"\r\n\r\n", at)
        end = body.find(b"\r\n" + delimiter, head_end + 4)
        if head_end < 0 or end < 0:
            return None
        headers: dict[str, str] = {}
        for line in body[at + 2 : head_end].decode("utf-8").split("\r\n"):
            name, colon, value = line.partition(":")
            if not colon:
                return None
            headers[name.strip().lower()] = value.strip()
        parts.append((headers, body[head_end + 4 : end]))
        at = end + 2 + len(delimiter)
    return parts


def _form(parts: list[tuple[dict[str, str], bytes]]) -> tuple[dict[str, Any], list[Upload]]:
    """``payload_json`` and ``files[n]`` of a split multipart body, as the streaming reader
    reads them."""
    payload: dict[str, Any] = {}
    uploads: list[Upload] = []
    for headers, data in parts:
        if headers.get("content-type", "").lower().startswith("multipart/"):
            raise APIError(400, INVALID_FORM_BODY, "nested multipart bodies are not supported")
        disposition = headers.get("content-disposition", "")
        match = _DISPOSITION.fullmatch(disposition)
        if match is not None:
            name, filename = match.group(1), match.group(2)
        else:
            _, params = parse_content_disposition(disposition)
            name = params.get("name", "")
            filename = content_disposition_filename(params, "filename")
        if name == "payload_json":
            payload = json.loads(data)
        elif name.startswith("files[") and name.endswith("]"):
            uploads.append(
                Upload(
                    index=int(name[6:-1]),
                    filename=filename or f"file{len(uploads)}",
                    data=data,
                    content_type=headers.get("content-type"),
                )
            )
        else:
            raise APIError(400, INVALID_FORM_BODY, f"unexpected multipart field {name!r}")
    return payload, uploads


class MessageStore:
    """All messages; every change is validated, versioned, recorded and dispatched."""

    def __init__(self, emulator: Emulator) -> None:
        self._emulator = emulator
        self.by_id: dict[int, Message] = {}
        self.ephemerals: dict[int, list[Message]] = {}

    def _attachments(
        self,
        body: dict[str, Any],
        uploads: list[Upload],
        existing: tuple[Attachment, ...],
        channel: Channel,
    ) -> tuple[Attachment, ...]:
        spec = body.get("attachments")
        by_index = {u.index: u for u in uploads}
        used: set[int] = set()
        result: list[Attachment] = []
        kept = {a.id: a for a in existing}
        for i, item in enumerate(spec if isinstance(spec, list) else []):
            raw_id = int(item.get("id", -1))
            if raw_id in kept:
                result.append(kept[raw_id])
            elif raw_id in by_index:
                used.add(raw_id)
                upload = by_index[raw_id]
                result.append(
                    self._new_attachment(
                        upload, channel, item.get("filename"), item.get("description")
                    )
                )
            else:
                raise APIError(400, INVALID_FORM_BODY, f"attachments.{i}.id: unknown attachment")
        if spec is None:
            result.extend(existing)
        for upload in uploads:
            if upload.index not in used:
                result.append(self._new_attachment(upload, channel, None, None))
        return tuple(result)

    def _new_attachment(
        self, upload: Upload, channel: Channel, filename: str | None, description: str | None
    ) -> Attachment:
        attachment_id = self._emulator.next_id()
        name = filename or upload.filename
        return Attachment(
            id=attachment_id,
            filename=name,
            data=upload.data,
            url=f"{self._emulator.url}/attachments/{channel.id}/{attachment_id}/{name}",
            content_type=upload.content_type,
            description=description,
        )

    def _version(
        self,
        message_id: int,
        channel: Channel,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        base: MessageVersion | None,
        source: str,
        flags: int,
    ) -> MessageVersion:
        """Merge a create/edit body onto ``base`` and validate the result."""
        for key, kind in (("content", str), ("embeds", list), ("components", list)):
            if body.get(key) is not None and not isinstance(body[key], kind):
                raise APIError(400, INVALID_FORM_BODY, f"{key}: must be a {kind.__name__}")
        content = body.get("content", base.content if base else "")
        content = "" if content is None else content
        embeds = body.get("embeds", base.embeds if base else [])
        embeds = copy.deepcopy(embeds or [])
        components = body.get("components", base.components if base else [])
        components = copy.deepcopy(components or [])
        attachments = self._attachments(body, uploads, base.attachments if base else (), channel)
        poll = body.get("poll", base.poll if base else None)
        problems = limits.message_problems(
            content=content,
            embeds=embeds,
            components=components,
            flags=flags,
            attachment_sizes=[u.size for u in attachments],
            size_limit=ATTACHMENT_SIZE_LIMIT,
        )
        problems += self._emulator.app_emojis.component_problems(components)
        problems += limits.attachment_reference_problems(embeds, [a.filename for a in attachments])
        problems += limits.attachment_description_problems([a.description for a in attachments])
        if problems:
            raise APIError(400, INVALID_FORM_BODY, "Invalid Form Body: " + "; ".join(problems))
        empty = limits.is_empty(
            content=content,
            embeds=embeds,
            components=components,
            attachments=len(attachments),
            extra=bool(poll or body.get("sticker_ids")),
        )
        if empty and not flags & FLAG_LOADING:
            raise APIError(400, EMPTY_MESSAGE, "Cannot send an empty message")
        comp.assign_ids(components)
        return MessageVersion(
            message_id=message_id,
            channel_id=channel.id,
            content=content,
            embeds=embeds,
            components=components,
            flags=flags,
            attachments=attachments,
            edited_timestamp=None if base is None or base.loading else now_iso(),
            source=source,
            poll=copy.deepcopy(poll),
        )

    def create(
        self,
        channel: Channel,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        source: str,
        author: UserAccount | None = None,
        ephemeral_for: int | None = None,
        loading: bool = False,
        type: int = 0,
        webhook_id: int | None = None,
        interaction_metadata: dict[str, Any] | None = None,
    ) -> Message:
        """Create a message (validated); ephemeral ones are visible only to ``ephemeral_for``."""
        emulator = self._emulator
        flags = int(body.get("flags") or 0) & ~FLAG_EPHEMERAL
        flags |= FLAG_EPHEMERAL if ephemeral_for is not None else 0
        flags |= FLAG_LOADING if loading else 0
        message_id = emulator.next_id()
        check_allowed_mentions(body.get("allowed_mentions"))
        version = self._version(
            message_id, channel, body, uploads, base=None, source=source, flags=flags
        )
        reference = body.get("message_reference")
        message = Message(
            message_id,
            channel,
            author or emulator.bot,
            version,
            type=19 if reference and type == 0 else type,
            ephemeral_for=ephemeral_for,
            webhook_id=webhook_id,
            application_id=emulator.application_id if webhook_id else None,
            interaction_metadata=interaction_metadata,
            message_reference=reference if isinstance(reference, dict) else None,
        )
        # a Components V2 message pings whom its text displays mention
        said = version.content
        if flags & FLAG_COMPONENTS_V2:
            texts = comp.walk(version.components)
            said = "\n".join(
                str(c.get("content") or "") for c in texts if c.get("type") == comp.TEXT_DISPLAY
            )
        message.pinged_users, message.pinged_roles, message.pinged_everyone = pings(
            said, body.get("allowed_mentions"), channel.guild, message.author
        )
        self.by_id[message.id] = message
        if ephemeral_for is None:
            channel.messages.append(message)
        else:
            self.ephemerals.setdefault(ephemeral_for, []).append(message)
        emulator.record("message_create", message=message)
        if ephemeral_for is None:
            emulator.dispatch_message("MESSAGE_CREATE", message)
        return message

    def edit(
        self,
        message: Message,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        source: str,
        finish_loading: bool = True,
    ) -> Message:
        """Apply an edit (validated against the merged result) as a new version."""
        base = message.current
        flags = base.flags
        if "flags" in body and body["flags"] is not None:
            wanted = int(body["flags"])
            flags = (flags & ~FLAG_SUPPRESS_EMBEDS) | (wanted & FLAG_SUPPRESS_EMBEDS)
            flags |= wanted & FLAG_COMPONENTS_V2
        if finish_loading:
            flags &= ~FLAG_LOADING
        check_allowed_mentions(body.get("allowed_mentions"))
        version = self._version(
            message.id, message.channel, body, uploads, base=base, source=source, flags=flags
        )
        message.versions.append(version)
        self._emulator.record("message_update", message=message)
        if not message.ephemeral:
            self._emulator.dispatch_message("MESSAGE_UPDATE", message)
        return message

    def delete(self, message: Message, *, source: str) -> None:
        message.deleted = True
        self._emulator.record("message_delete", message=message, source=source)
        if not message.ephemeral:
            guild = message.channel.guild
            data = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if guild is not None:
                data["guild_id"] = str(guild.id)
            self._emulator.dispatch_message("MESSAGE_DELETE", message, data=data)

"""Messages as the emulator keeps them: every version, attachments with their bytes."""

from __future__ import annotations

import copy
import itertools
import time
from dataclasses import dataclass, field
from typing import Any

from . import components as comp
from .model import Channel, UserAccount, now_iso

# Message flags.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15


@dataclass(frozen=True, eq=False)
class Attachment:
    """A file attached to a message, with its bytes so a test can read them."""

    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        return data


@dataclass(frozen=True, eq=False)
class MessageVersion:
    """One version of a message as it was shown; also usable as a stale snapshot for clicks."""

    message_id: int
    channel_id: int
    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    flags: int
    attachments: tuple[Attachment, ...]
    edited_timestamp: str | None
    source: str
    poll: dict[str, Any] | None = None
    at: float = field(default_factory=time.monotonic)

    @property
    def id(self) -> int:
        return self.message_id

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    @property
    def headline(self) -> str:
        """The content, or in a Components V2 message its first text display (where a bot
        puts what the content would say)."""
        if self.content or not self.flags & FLAG_COMPONENTS_V2:
            return self.content
        texts = [c for c in comp.walk(self.components) if c.get("type") == comp.TEXT_DISPLAY]
        return str(texts[0].get("content") or "") if texts else ""

    def pictures(self) -> list[str]:
        """The URLs of the images shown: embed images and media gallery items."""
        urls = [str((embed.get("image") or {}).get("url")) for embed in self.embeds]
        for component in comp.walk(self.components):
            if component.get("type") == comp.MEDIA_GALLERY:
                urls += [str(item["media"]["url"]) for item in component.get("items") or []]
        return [url for url in urls if url != "None"]

    @property
    def text(self) -> str:
        """Content, embed texts and component texts joined: what a reader sees."""
        parts = [self.content]
        for embed in self.embeds:
            parts.extend(_embed_texts(embed))
        parts.append(comp.text_of(self.components))
        return "\n".join(p for p in parts if p)

    def buttons(self) -> list[dict[str, Any]]:
        return comp.buttons(self.components)

    def find(self, key: str) -> dict[str, Any]:
        """An interactive component by custom_id or label."""
        return comp.find(self.components, key)


def _embed_texts(embed: dict[str, Any]) -> list[str]:
    texts = [embed.get("title") or "", embed.get("description") or ""]
    for item in embed.get("fields") or []:
        texts += [item.get("name") or "", item.get("value") or ""]
    texts.append((embed.get("footer") or {}).get("text") or "")
    texts.append((embed.get("author") or {}).get("name") or "")
    return [t for t in texts if t]


_version_counter = itertools.count()


class Message:
    """A message with every version it ever had (``versions[-1]`` is the current one)."""

    def __init__(
        self,
        id: int,
        channel: Channel,
        author: UserAccount,
        first: MessageVersion,
        *,
        type: int = 0,
        ephemeral_for: int | None = None,
        webhook_id: int | None = None,
        application_id: int | None = None,
        interaction_metadata: dict[str, Any] | None = None,
        message_reference: dict[str, Any] | None = None,
    ) -> None:
        self.id = id
        self.channel = channel
        self.author = author
        self.type = type
        self.timestamp = now_iso()
        self.versions: list[MessageVersion] = [first]
        self.ephemeral_for = ephemeral_for
        self.webhook_id = webhook_id
        self.application_id = application_id
        self.interaction_metadata = interaction_metadata
        self.message_reference = message_reference
        self.deleted = False
        self.order = next(_version_counter)
        self.pinged_users: frozenset[int] = frozenset()
        """Who its creation pinged (see mentions.py); edits ping nobody."""
        self.pinged_roles: frozenset[int] = frozenset()
        self.pinged_everyone = False

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        return f"<Message id={self.id}{flags} {self.content[:40]!r}>"

    @property
    def current(self) -> MessageVersion:
        return self.versions[-1]

    @property
    def content(self) -> str:
        return self.current.content

    @property
    def headline(self) -> str:
        return self.current.headline

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.current.embeds

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.current.components

    @property
    def flags(self) -> int:
        return self.current.flags

    @property
    def attachments(self) -> tuple[Attachment, ...]:
        return self.current.attachments

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_for is not None

    @property
    def loading(self) -> bool:
        return self.current.loading

    @property
    def text(self) -> str:
        return self.current.text

    @property
    def edited(self) -> bool:
        return len(self.versions) > 1

    def buttons(self) -> list[dict[str, Any]]:
        return self.current.buttons()

    def find(self, key: str) -> dict[str, Any]:
        return self.current.find(key)

    def snapshot(self) -> MessageVersion:
        """The current version, frozen: pass it to ``click`` later to simulate a stale client."""
        return self.current

    def payload(self) -> dict[str, Any]:
        version = self.current
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": version.content,
            "timestamp": self.timestamp,
            "edited_timestamp": version.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in version.attachments],
            "embeds": copy.deepcopy(version.embeds),
            "components": copy.deepcopy(version.components),
            "pinned": False,
            "type": self.type,
            "flags": version.flags,
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = copy.deepcopy(self.interaction_metadata)
        if self.message_reference is not None:
            data["message_reference"] = copy.deepcopy(self.message_reference)
        if version.poll is not None:
            data["poll"] = copy.deepcopy(version.poll)
        return data

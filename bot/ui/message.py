"""A rendered message: content, embeds and components, comparable so unchanged edits are skipped."""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import discord


@dataclass(frozen=True, eq=False)
class Picture:
    """An image attached to a message: its file name, PNG bytes (or how to draw them) and alt
    text.

    With a ``recipe`` (what the picture shows, in words stable across processes: its cards,
    style and marks) the message's key uses the recipe instead of the bytes, and a picture
    given as a function is drawn only when its bytes are needed: a message found unchanged
    by its key draws nothing (a table's render looks at every hand, most of them unchanged).
    """

    filename: str
    source: bytes | Callable[[], bytes]
    description: str
    recipe: str | None = None

    @cached_property
    def data(self) -> bytes:
        """The PNG bytes (drawn on first use)."""
        source = self.source
        return source if isinstance(source, bytes) else source()

    def digest(self) -> str:
        """What the message key holds of the picture."""
        if self.recipe is not None:
            return "recipe:" + self.recipe
        return hashlib.blake2b(self.data).hexdigest()

    def shows(self) -> str:
        """What the attached file is: its name, alt text and picture (``Rendered.kept``)."""
        return f"{self.filename}\n{self.description}\n{self.digest()}"

    def file(self) -> discord.File:
        """A fresh ``discord.File`` (a file is read once per request)."""
        return discord.File(io.BytesIO(self.data), self.filename, description=self.description)

    @property
    def url(self) -> str:
        """The URL an embed uses to show it (``embed.set_image(url=...)``)."""
        return f"attachment://{self.filename}"


@dataclass
class Rendered:
    """What one message should show; ``view`` None means no components."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    view: discord.ui.View | None = None
    pictures: list[Picture] = field(default_factory=list)

    def key(self) -> str:
        """A stable digest of everything shown, to tell whether an edit would change anything
        (short enough to be stored: a restart knows what a message shows)."""
        data: dict[str, Any] = {
            "content": self.content,
            "embeds": [embed.to_dict() for embed in self.embeds],
            "components": self.view.to_components() if self.view is not None else [],
        }
        if self.pictures:  # a message without pictures keeps the key it had before them
            data["pictures"] = [
                [picture.filename, picture.description, picture.digest()]
                for picture in self.pictures
            ]
        text = json.dumps(data, sort_keys=True, default=str)
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()

    def send_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``send`` / ``send_message``."""
        kwargs: dict[str, Any] = {"content": self.content, "embeds": self.embeds}
        if self.view is not None:
            kwargs["view"] = self.view
        if self.pictures:
            kwargs["files"] = [picture.file() for picture in self.pictures]
        return kwargs

    def edit_kwargs(self, kept: Mapping[str, discord.Attachment] | None = None) -> dict[str, Any]:
        """Keyword arguments for ``edit``: also clears content and components no longer shown.
        ``kept``: the message's attachments by what they show (see ``kept``); a picture it
        carries already stays as it is, by its id, instead of being drawn and uploaded again."""
        attachments: list[discord.Attachment | discord.File] = []
        for picture in self.pictures:
            attachment = kept.get(picture.shows()) if kept else None
            attachments.append(attachment if attachment is not None else picture.file())
        return {
            "content": self.content,
            "embeds": self.embeds,
            "view": self.view,
            "attachments": attachments,
        }

    def kept(self, message: object) -> dict[str, discord.Attachment]:
        """The attachments of ``message``, just edited or sent to show this, by what they show:
        for ``edit_kwargs`` at its next edit."""
        attachments = getattr(message, "attachments", None) or ()
        by_name = {attachment.filename: attachment for attachment in attachments}
        return {
            picture.shows(): by_name[picture.filename]
            for picture in self.pictures
            if picture.filename in by_name
        }

    def text(self) -> str:
        """Everything a reader sees as plain text (used by tests and logs)."""
        parts = [self.content or ""]
        for embed in self.embeds:
            parts += [embed.title or "", embed.description or ""]
            for item in embed.fields:
                parts += [item.name or "", item.value or ""]
            parts.append(embed.footer.text or "")
        if self.view is not None:
            for child in self.view.children:
                inner = getattr(child, "item", child)
                label = getattr(inner, "label", None) or getattr(inner, "placeholder", None)
                parts.append(label or "")
        return "\n".join(part for part in parts if part)

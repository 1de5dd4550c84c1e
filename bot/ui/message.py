"""A rendered message: content, embeds and components, comparable so unchanged edits are skipped."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

import discord


@dataclass
class Rendered:
    """What one message should show; ``view`` None means no components."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    view: discord.ui.View | None = None

    def key(self) -> str:
        """A stable digest of everything shown, to tell whether an edit would change anything
        (short enough to be stored: a restart knows what a message shows)."""
        data: dict[str, Any] = {
            "content": self.content,
            "embeds": [embed.to_dict() for embed in self.embeds],
            "components": self.view.to_components() if self.view is not None else [],
        }
        text = json.dumps(data, sort_keys=True, default=str)
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()

    def send_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``send`` / ``send_message``."""
        kwargs: dict[str, Any] = {"content": self.content, "embeds": self.embeds}
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``edit``: also clears content and components no longer shown."""
        return {"content": self.content, "embeds": self.embeds, "view": self.view}

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

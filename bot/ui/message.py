"""A rendered message: content, embeds and components, comparable so unchanged edits are skipped."""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import discord
from discord.http import MultipartParameters, handle_message_parameters


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


CONTAINER, TEXT_DISPLAY, MEDIA_GALLERY = 17, 10, 12
"""Components V2 types."""
V2_FLAGS = discord.MessageFlags(components_v2=True).value
"""The flags of a Components V2 message."""
V2_TEXT_MAX = 4000
"""Characters of all text displays of a Components V2 message together."""


@dataclass
class Rendered:
    """What one message should show; ``view`` None means no components.

    With ``layout`` the message is sent in Discord's Components V2 (``layout_view``): what
    the content, the embed, its picture and the controls say, in one container, the controls
    beside the text (the table and hand messages, which a player reads on a phone). A message
    once sent so stays so: every render that can edit it must be a layout too."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    view: discord.ui.View | None = None
    pictures: list[Picture] = field(default_factory=list)
    layout: bool = False
    _rows: list[dict[str, Any]] | None = field(default=None, init=False, repr=False, compare=False)
    _body: tuple[list[dict[str, Any]], str] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    _body_of: tuple[object, ...] = field(default=(), init=False, repr=False, compare=False)

    def key(self) -> str:
        """A stable digest of everything shown, to tell whether an edit would change anything
        (short enough to be stored: a restart knows what a message shows).

        A layout's key is the digest of its edit's body (``layout_body``) and its pictures:
        the body is built and encoded once, for the key and, if it changed, the edit."""
        if self.layout:
            pictures = [
                [picture.filename, picture.description, picture.digest()]
                for picture in self.pictures
            ]
            text = self.layout_body()[1] + json.dumps(pictures)
            return "v2:" + hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
        data: dict[str, Any] = {
            "content": self.content,
            "embeds": [embed.to_dict() for embed in self.embeds],
            "components": self.rows(),
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
        kwargs: dict[str, Any]
        if self.layout:
            kwargs = {"view": self.layout_view()}
        else:
            kwargs = {"content": self.content, "embeds": self.embeds}
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
        if self.layout:  # a message shown before as content and embeds loses them
            return {
                "content": None,
                "embeds": [],
                "view": self.layout_view(),
                "attachments": attachments,
            }
        return {
            "content": self.content,
            "embeds": self.embeds,
            "view": self.view,
            "attachments": attachments,
        }

    def layout_body(self) -> tuple[list[dict[str, Any]], str]:
        """A layout's components and its edit's JSON body up to its attachments (what follows
        them depends on what the message carries): the JSON discord.py writes for
        ``edit_kwargs``, as it writes it, but for the closing brace. Built once per render
        (again if the content, the view or the number of embeds or pictures was changed
        since: a render is not changed inside once keyed)."""
        made_of = (self.content, len(self.embeds), id(self.view), len(self.pictures))
        if self._body is None or self._body_of != made_of:
            self._body_of = made_of
            components = self.layout_view().to_components()
            payload = {
                "embeds": [],
                "content": None,
                "components": components,
                "tts": False,
                "flags": V2_FLAGS,
            }
            self._body = components, discord.utils._to_json(payload)[:-1]
        return self._body

    def edit_params(
        self, kept: Mapping[str, discord.Attachment] | None = None
    ) -> MultipartParameters:
        """The edit's request body as ``discord.http.handle_message_parameters`` makes it of
        ``edit_kwargs`` (a layout's: of its JSON encoded once, ``layout_body``). ``kept``: as
        for ``edit_kwargs``."""
        if not self.layout:
            return handle_message_parameters(**self.edit_kwargs(kept))
        components, body = self.layout_body()
        entries: list[Any] = []  # attachments as discord.py writes them
        files: list[discord.File] = []
        for picture in self.pictures:
            attachment = kept.get(picture.shows()) if kept else None
            if attachment is not None:
                entries.append(attachment.to_dict())
                continue
            file = picture.file()
            entries.append(file.to_dict(len(files)))
            files.append(file)
        if not files:  # a JSON body, which discord.py encodes
            payload = {
                "embeds": [],
                "content": None,
                "components": components,
                "tts": False,
                "flags": V2_FLAGS,
                "attachments": entries,
            }
            return MultipartParameters(payload=payload, multipart=[], files=[])
        text = f'{body},"attachments":{discord.utils._to_json(entries)}}}'
        multipart: list[dict[str, Any]] = [{"name": "payload_json", "value": text}]
        multipart += [
            {
                "name": f"files[{index}]",
                "value": file.fp,
                "filename": file.filename,
                "content_type": "application/octet-stream",
            }
            for index, file in enumerate(files)
        ]
        return MultipartParameters(payload=None, multipart=multipart, files=files)

    def rows(self) -> list[dict[str, Any]]:
        """The controls' action rows as Discord receives them (built once per render: the
        key and the layout both read them)."""
        if self._rows is None:
            self._rows = self.view.to_components() if self.view is not None else []
        return self._rows

    def layout_view(self) -> Laid:
        """The message in Components V2: one container in the embed's colour with the content
        (the turn's mention), the title and description, the picture, each field, the footer
        in small print, then the controls in their rows. Given to discord.py as the JSON it
        sends (``Laid``): the controls are dynamic items, which need no view to dispatch."""
        embed = self.embeds[0] if self.embeds else None
        texts = list(_texts(self.content, embed))
        _fit(texts)
        image = embed.image.url if embed is not None else None
        picture = next((p for p in self.pictures if p.url == image), None)
        inside: list[dict[str, Any]] = []
        for index, text in enumerate(texts):
            if text:
                inside.append({"type": TEXT_DISPLAY, "content": text})
            if index == _PICTURE_AFTER and picture is not None:
                item = {"media": {"url": picture.url}, "description": picture.description}
                inside.append({"type": MEDIA_GALLERY, "items": [item]})
        inside += self.rows()
        box: dict[str, Any] = {"type": CONTAINER, "components": inside}
        if embed is not None and embed.colour is not None:
            box["accent_color"] = embed.colour.value
        return Laid([box])

    def text_only(self) -> Rendered:
        """The same message without its pictures (and without the embed's image that showed
        one): what is shown when Discord refuses or fails to take an upload."""
        embeds = []
        for embed in self.embeds:
            data = embed.to_dict()
            data.pop("image", None)
            embeds.append(discord.Embed.from_dict(data))
        return Rendered(content=self.content, embeds=embeds, view=self.view, layout=self.layout)

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


class Laid(discord.ui.LayoutView):
    """A Components V2 message given as the components' JSON: discord.py sends it as it is
    and sets the V2 flag. It holds no items, so discord.py keeps no view for it; the bot's
    controls are dynamic items, dispatched by their custom_id."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self.components = components

    def to_components(self) -> list[dict[str, Any]]:
        return self.components

    def has_components_v2(self) -> bool:
        return True


class Controls(discord.ui.View):
    """The controls of a table or hand message, as a render lays them out: filled as a
    ``discord.ui.View`` fills its rows, without its bookkeeping for views it dispatches
    (every item is a dynamic item, routed by its custom_id, and the message goes out as a
    layout). A render builds one for every hand it edits, two or three a click, and
    discord.py's ``add_item`` took most of a hand's controls' time."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self._weights = [0, 0, 0, 0, 0]

    def add_item(self, item: discord.ui.Item[Any]) -> Controls:
        """Add ``item`` in its row, or the first with room, as discord.py does (and refuse
        what it refuses: a 26th item, a row over its width)."""
        weights = self._weights
        width = item.width
        row = item.row
        if len(self._children) >= 25:
            raise ValueError("maximum number of children exceeded")
        if row is None:
            row = next((index for index, weight in enumerate(weights) if weight + width <= 5), None)
            if row is None:
                raise ValueError("could not find open space for item")
        elif weights[row] + width > 5:
            raise ValueError(f"item would not fit at row {row} ({weights[row] + width} > 5 width)")
        weights[row] += width
        item._rendered_row = row
        item._view = self
        self._children.append(item)
        return self


_PICTURE_AFTER = 1
"""The picture goes after the title and description (``_texts``' second part)."""


def _texts(content: str | None, embed: discord.Embed | None) -> Iterator[str]:
    """The text displays of a layout: the content, the title with the description, each
    field (inline fields with a one-line value on one line each, together), the footer."""
    yield content or ""
    if embed is None:
        return
    head = f"### {embed.title}" if embed.title else ""
    yield "\n".join(part for part in (head, embed.description or "") if part)
    short: list[str] = []
    for item in embed.fields:
        value = item.value or ""
        if item.inline and "\n" not in value:
            short.append(f"**{item.name}:** {value}")
            continue
        if short:
            yield "\n".join(short)
            short = []
        yield f"**{item.name}**\n{value}"
    if short:
        yield "\n".join(short)
    if embed.footer.text:
        yield "-# " + embed.footer.text.replace("\n", "\n-# ")


def _fit(texts: list[str]) -> None:
    """Cut the longest texts, whole lines from their end, until all fit in Discord's
    ``V2_TEXT_MAX`` (an embed holds more)."""
    while sum(len(text) for text in texts) > V2_TEXT_MAX:
        longest = max(range(len(texts)), key=lambda index: len(texts[index]))
        text = texts[longest]
        over = sum(len(t) for t in texts) - V2_TEXT_MAX
        cut = text[: max(0, len(text) - over - 8)].rpartition("\n")[0]
        fence = "\n```" if cut.count("```") % 2 else ""
        short = text[: max(0, len(text) - over - 1)] + "…"
        texts[longest] = (cut + fence + "\n…") if cut else short


MISSING_PERMISSIONS = 50013
"""Discord's code for a permission the bot lacks (Attach Files, for an upload)."""
PICTURES_BACK_AFTER = 300.0
"""Seconds a table's messages are shown without pictures after Discord refused or failed to
take one; then the next change tries with its picture again."""


def upload_refused(shown: Rendered, error: discord.HTTPException) -> bool:
    """Whether a message with pictures failed for its upload: refused (no Attach Files in the
    channel) or Discord's servers failing (what discord.py did not ride out itself)."""
    refused = error.status == 403 and error.code == MISSING_PERMISSIONS
    return bool(shown.pictures) and (refused or error.status >= 500)


@dataclass(frozen=True)
class Edited:
    """What an edit answered that the bot reads back: the message's attachments (``kept``)."""

    attachments: list[discord.Attachment]


async def edit_message(
    client: discord.Client,
    channel_id: int,
    message_id: int,
    shown: Rendered,
    kept: Mapping[str, discord.Attachment] | None = None,
) -> Edited:
    """Edit a channel or DM message to show ``shown`` (its pictures in ``kept`` kept, see
    ``edit_kwargs``), as ``Message.edit`` would, without making a ``discord.Message`` of the
    answer: a table's renders edit two or three messages a click, and discord.py would parse
    each answer with its components, and register the view again, only for the bot to read
    its attachments. A layout's body is the JSON its key was made of (``edit_params``).
    Raises what ``Message.edit`` raises."""
    state = client._connection
    if shown.layout:
        params = shown.edit_params(kept)
    else:
        kwargs = shown.edit_kwargs(kept)
        previous = state.allowed_mentions if kwargs.get("content") is not None else None
        params = handle_message_parameters(**kwargs, previous_allowed_mentions=previous)
    with params:
        data = await state.http.edit_message(channel_id, message_id, params=params)
    found = data.get("attachments") or []
    return Edited([discord.Attachment(data=item, state=state) for item in found])

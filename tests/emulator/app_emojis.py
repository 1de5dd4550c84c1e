"""Application emojis, as Discord has them: up to 2,000 per application, owned by the bot and
usable in every guild and DM, e.g. on a button (a component's ``emoji: {id, name}``).

Routes: ``GET``/``POST /applications/{application_id}/emojis`` (the list is ``{"items": [...]}``)
and ``GET``/``PATCH``/``DELETE /applications/{application_id}/emojis/{emoji_id}``. An upload is
checked as Discord checks it: a name of 2 to 32 letters, digits or underscores, not taken (else
400 / 50035), an image as a ``data:image/...;base64,`` URI of at most 256 KiB, and room under
the limit (else 400 / 30008). A message whose component names a custom emoji the application
does not own is refused (400 / 50035, "Invalid emoji").

To refuse uploads, add a fault: ``emulator.faults.add("POST", UPLOAD_ROUTE, status=400,
code=30008, message="Maximum number of emojis reached", times=None)``.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import components as comp
from .errors import INVALID_FORM_BODY, APIError, json_response, no_content

if TYPE_CHECKING:
    from .emulator import Emulator
    from .rest import Call, Router

UPLOAD_ROUTE = "/applications/{application_id}/emojis"
EMOJI_ROUTE = "/applications/{application_id}/emojis/{emoji_id}"
APPLICATION_EMOJIS_MAX = 2000
IMAGE_MAX = 256 * 1024
"""Bytes of an emoji's image."""
NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")
DATA_URI = re.compile(r"^data:image/(png|jpeg|gif|webp);base64,(.*)$", re.DOTALL)
SIGNATURES = {
    "png": (b"\x89PNG\r\n\x1a\n",),
    "jpeg": (b"\xff\xd8\xff",),
    "gif": (b"GIF87a", b"GIF89a"),
    "webp": (b"RIFF",),
}
UNKNOWN_APPLICATION = 10002
UNKNOWN_EMOJI = 10014
MAXIMUM_EMOJIS = 30008


@dataclass
class AppEmoji:
    """One emoji the application owns."""

    id: int
    name: str
    image: bytes
    animated: bool

    def payload(self, bot: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "roles": [],
            "user": bot,
            "require_colons": True,
            "managed": False,
            "animated": self.animated,
            "available": True,
        }


class AppEmojis:
    """The application's emojis and their routes."""

    def __init__(self, emulator: Emulator) -> None:
        self._emulator = emulator
        self.by_id: dict[int, AppEmoji] = {}
        self.uploads = 0
        """Emojis created by a request (not those added by a test)."""

    def register(self, router: Router) -> None:
        router.add("GET", UPLOAD_ROUTE, self.list_emojis)
        router.add("POST", UPLOAD_ROUTE, self.create_emoji)
        router.add("GET", EMOJI_ROUTE, self.get_emoji)
        router.add("PATCH", EMOJI_ROUTE, self.edit_emoji)
        router.add("DELETE", EMOJI_ROUTE, self.delete_emoji)

    def add(
        self, name: str, image: bytes = b"\x89PNG\r\n\x1a\n", animated: bool = False
    ) -> AppEmoji:
        """An emoji the application owns already (uploaded before the test)."""
        emoji = AppEmoji(self._emulator.next_id(), name, image, animated)
        self.by_id[emoji.id] = emoji
        return emoji

    def named(self, name: str) -> AppEmoji | None:
        return next((emoji for emoji in self.by_id.values() if emoji.name == name), None)

    def component_problems(self, components: list[dict[str, Any]]) -> list[str]:
        """Custom emojis on buttons and select options that the application does not own."""
        problems: list[str] = []
        for n, component in enumerate(comp.walk(components)):
            emojis = [(f"components[{n}].emoji", component.get("emoji"))]
            for k, option in enumerate(component.get("options") or []):
                emojis.append((f"components[{n}].options.{k}.emoji", option.get("emoji")))
            for where, emoji in emojis:
                if (
                    isinstance(emoji, dict)
                    and emoji.get("id") is not None
                    and not self._owned(emoji)
                ):
                    problems.append(f"{where}: Invalid emoji")
        return problems

    def _owned(self, emoji: dict[str, Any]) -> bool:
        try:
            owned = self.by_id.get(int(emoji["id"]))
        except (TypeError, ValueError):
            return False
        return owned is not None and bool(emoji.get("animated")) == owned.animated

    # -- routes -----------------------------------------------------------------------------

    def _check_application(self, call: Call) -> None:
        if call.id("application_id") != self._emulator.application_id:
            raise APIError(404, UNKNOWN_APPLICATION, "Unknown Application")

    def _emoji(self, call: Call) -> AppEmoji:
        self._check_application(call)
        emoji = self.by_id.get(call.id("emoji_id"))
        if emoji is None:
            raise APIError(404, UNKNOWN_EMOJI, "Unknown Emoji", violation=False)
        return emoji

    def _payload(self, emoji: AppEmoji) -> dict[str, Any]:
        return emoji.payload(self._emulator.bot.payload())

    async def list_emojis(self, call: Call) -> web.StreamResponse:
        self._check_application(call)
        return json_response({"items": [self._payload(e) for e in self.by_id.values()]})

    async def get_emoji(self, call: Call) -> web.StreamResponse:
        return json_response(self._payload(self._emoji(call)))

    def _check_name(self, name: Any, *, but: AppEmoji | None = None) -> str:
        if not isinstance(name, str) or not NAME.match(name):
            raise APIError(
                400,
                INVALID_FORM_BODY,
                "Invalid Form Body: name: must be 2 to 32 letters, digits or underscores",
            )
        taken = self.named(name)
        if taken is not None and taken is not but:
            raise APIError(
                400,
                INVALID_FORM_BODY,
                "Invalid Form Body: name: APPLICATION_EMOJI_NAME_ALREADY_TAKEN",
                violation=False,
            )
        return name

    async def create_emoji(self, call: Call) -> web.StreamResponse:
        self._check_application(call)
        body = await call.request.json()
        if not isinstance(body, dict):
            raise APIError(400, INVALID_FORM_BODY, "Invalid Form Body: expected an object")
        image, kind = _image(body.get("image"))
        name = self._check_name(body.get("name"))
        if len(self.by_id) >= APPLICATION_EMOJIS_MAX:
            raise APIError(
                400, MAXIMUM_EMOJIS, "Maximum number of emojis reached (2000)", violation=False
            )
        emoji = self.add(name, image, animated=kind == "gif")
        self.uploads += 1
        self._emulator.record("emoji_create", emoji=emoji)
        return json_response(self._payload(emoji), 201)

    async def edit_emoji(self, call: Call) -> web.StreamResponse:
        emoji = self._emoji(call)
        body = await call.request.json()
        if not isinstance(body, dict) or "name" not in body:
            raise APIError(400, INVALID_FORM_BODY, "Invalid Form Body: name: required")
        emoji.name = self._check_name(body["name"], but=emoji)
        return json_response(self._payload(emoji))

    async def delete_emoji(self, call: Call) -> web.StreamResponse:
        emoji = self._emoji(call)
        del self.by_id[emoji.id]
        self._emulator.record("emoji_delete", emoji=emoji)
        return no_content()


def _image(value: Any) -> tuple[bytes, str]:
    """The bytes and kind of an image data URI; 400 / 50035 if it is not one Discord takes."""
    found = DATA_URI.match(value) if isinstance(value, str) else None
    if found is None:
        raise APIError(
            400, INVALID_FORM_BODY, "Invalid Form Body: image: must be a data:image/...;base64 URI"
        )
    kind = found[1]
    try:
        data = base64.b64decode(found[2], validate=True)
    except binascii.Error:
        raise APIError(400, INVALID_FORM_BODY, "Invalid Form Body: image: bad base64") from None
    if len(data) > IMAGE_MAX:
        raise APIError(
            400,
            INVALID_FORM_BODY,
            f"Invalid Form Body: image: {len(data)} bytes exceeds the {IMAGE_MAX} byte limit",
        )
    if not data.startswith(SIGNATURES[kind]):
        raise APIError(400, INVALID_FORM_BODY, f"Invalid Form Body: image: not a {kind} image")
    return data, kind

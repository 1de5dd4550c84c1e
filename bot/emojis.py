"""The card faces the bot owns as application emojis: synced at start, looked up per button.

At start the bot draws every face (bot/emoji_faces.py), lists the application's emojis and keeps
those whose name matches a face; it deletes its outdated ones (same card and style, another
picture hash) and uploads the missing ones, so a restart uploads nothing. Several processes
may start at once: a name another one uploaded first is listed again and taken. A card whose
emoji cannot be had is shown as its text label alone; whatever went wrong is logged once.

Rendering calls :func:`card_emoji`, a dict lookup; nothing is drawn or fetched per click.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Sequence
from typing import Protocol

import aiohttp
import discord

from bot import i18n
from bot.emoji_faces import EmojiFace, all_faces
from bot.pictures import style_lang
from bot.ui import faces
from ramsch_core import Card

log = logging.getLogger(__name__)

OURS = re.compile(r"^(?P<prefix>c_[a-z0-9]+_[A-Z0-9]{2})_[0-9a-f]+$")
"""The names of the card emojis (``c_fr2en_CJ_1a2b3c``); others the application owns stay."""
UNAVAILABLE = (discord.DiscordException, aiohttp.ClientError, OSError, TimeoutError)
"""What a request to Discord raises when it fails: the cards then show as text."""
INVALID_FORM_BODY = 50035
"""Discord's answer to an upload whose name is taken (another process was first)."""

_known: dict[tuple[str, Card], discord.PartialEmoji] = {}


class EmojiClient(Protocol):
    """What the sync needs of the client (a ``discord.Client``)."""

    async def fetch_application_emojis(self) -> list[discord.Emoji]: ...

    async def create_application_emoji(self, *, name: str, image: bytes) -> discord.Emoji: ...


def style_key(look: faces.Look, lang: str) -> str:
    """The style of the faces a reader sees: ``fr2en``, ``fr4de``, ``fr2pl``, ``ger``."""
    if look.pack == "german":
        return "ger"
    return f"fr{4 if look.four_colour else 2}{style_lang(lang)}"


def card_emoji(card: Card) -> discord.PartialEmoji | None:
    """The emoji of ``card`` as the current reader sees it; None: show the text label alone."""
    return _known.get((style_key(faces.current(), i18n.current()), card))


def known() -> int:
    """How many card emojis the buttons can show: a hand rendered with fewer is out of date."""
    return len(_known)


def forget() -> None:
    """No card emojis (the client closed, or they are turned off)."""
    _known.clear()


def _partial(emoji: discord.Emoji) -> discord.PartialEmoji:
    return discord.PartialEmoji(name=emoji.name, id=emoji.id)


def _take(emoji: discord.Emoji) -> None:
    """Show ``emoji`` on the buttons of every card and style it was drawn for."""
    partial = _partial(emoji)
    for face in all_faces():
        if face.name == emoji.name:
            _known[face.style, face.card] = partial


async def prepare(client: EmojiClient) -> tuple[list[EmojiFace], list[discord.Emoji]]:
    """Draw the faces, list the application's emojis and take those that match: from here on
    buttons show them. Returns the faces still missing and the outdated emojis (for
    :func:`complete`). A failed listing leaves text cards and is logged."""
    forget()
    drawn = await asyncio.to_thread(all_faces)
    try:
        present = await client.fetch_application_emojis()
    except UNAVAILABLE as error:
        log.warning("Card emojis unavailable (%s): the cards show as text", _reason(error))
        return [], []
    by_name = {emoji.name: emoji for emoji in present}
    prefixes = {face.prefix for face in drawn}
    missing: dict[str, EmojiFace] = {}
    for face in drawn:
        emoji = by_name.get(face.name)
        if emoji is None:
            missing.setdefault(face.name, face)
        else:
            _known[face.style, face.card] = _partial(emoji)
    wanted = {face.name for face in drawn}
    outdated = [
        emoji
        for emoji in present
        if emoji.name not in wanted
        and (ours := OURS.match(emoji.name)) is not None
        and ours["prefix"] in prefixes
    ]
    return list(missing.values()), outdated


async def complete(
    client: EmojiClient, missing: Sequence[EmojiFace], outdated: Sequence[discord.Emoji]
) -> None:
    """Delete the outdated emojis (making room), then upload the missing faces one by one,
    each usable as soon as it is up. The first failure ends the uploads: the faces not up
    show as text, and one warning says so."""
    done = 0
    try:
        for old in outdated:
            with contextlib.suppress(discord.NotFound):  # another process deleted it first
                await old.delete()
        for done, face in enumerate(missing):
            emoji = await _upload(client, face)
            if emoji is None:
                _warn(len(missing) - done, "its name is taken but not listed")
                return
            _take(emoji)
    except UNAVAILABLE as error:
        left = len(missing) - done
        _warn(left, _reason(error))
        return
    if missing:
        log.info("Uploaded %d card emojis", len(missing))


async def _upload(client: EmojiClient, face: EmojiFace) -> discord.Emoji | None:
    """Upload one face; if another process uploaded it first, the one it made."""
    try:
        return await client.create_application_emoji(name=face.name, image=face.png)
    except discord.HTTPException as error:
        if error.code != INVALID_FORM_BODY:
            raise
    present = await client.fetch_application_emojis()
    return next((emoji for emoji in present if emoji.name == face.name), None)


def _reason(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"{error.status} {error.text}".strip()
    return str(error) or type(error).__name__


def _warn(left: int, reason: str) -> None:
    log.warning("%d card emojis could not be uploaded (%s): those cards show as text", left, reason)


async def sync(client: EmojiClient) -> asyncio.Task[None] | None:
    """:func:`prepare`, then :func:`complete` in the background (the task, if there is work)."""
    missing, outdated = await prepare(client)
    if not missing and not outdated:
        return None
    return asyncio.create_task(complete(client, missing, outdated), name="card emojis")

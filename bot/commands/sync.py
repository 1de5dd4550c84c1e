"""Syncing the slash commands to Discord: only when they changed, without stale copies, and
never fatal.

What a sync would send (each command's payload, translations included, as
``CommandTree.sync`` builds it) is hashed per scope — the global commands, or one guild's —
together with the application id, and the hash is kept in the database (``command_sync``). A
start whose commands are unchanged sends nothing: Discord limits how many commands may be
created a day, and a bulk overwrite is the one call that counts.

A switch between guild sync (``RAMSCH_GUILD_IDS``) and global sync removes the other kind's
copies, or every member would see each command twice: with guilds listed, any global commands
(known from the database, or asked of Discord once when the database does not know) and the
commands of guilds synced earlier but no longer listed are overwritten with nothing; with no
guild listed, the guild copies the database knows of are.

A guild Discord refuses (403 Missing Access: the bot is not in it, or was invited without the
``applications.commands`` scope) is skipped with one warning; the others are synced. A server
error, a dropped connection or an attempt that takes longer than ``ATTEMPT_TIMEOUT`` (discord.py
retries 500, 502 and 504 itself for up to 25 s) is tried again after 2, 5 and 15 s; if it
still fails, a warning says so: the hash was not stored, so the next start tries again. The
bot runs the sync in the background (``RamschBot.command_sync``): it is on the gateway,
serving the commands Discord has from before, while the sync runs.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import aiohttp
import discord
from discord import app_commands

if TYPE_CHECKING:
    from bot.storage.commands import CommandSyncRepository

log = logging.getLogger(__name__)

T = TypeVar("T")

GLOBAL = 0
"""The scope of the global commands (a guild's scope is its id)."""
RETRY_DELAYS: tuple[float, ...] = (2.0, 5.0, 15.0)
"""Seconds to wait before each further attempt after a server error or a dropped connection."""
ATTEMPT_TIMEOUT = 8.0
"""Seconds one attempt may take, discord.py's own retries of a 500 included (it would wait
1, 3, 5, 7 and 9 s between them)."""
TRANSIENT = (discord.DiscordServerError, aiohttp.ClientError, OSError, asyncio.TimeoutError)
"""Failures worth another attempt: Discord's 5xx, a connection reset or a timeout."""


def digest(application_id: int, payload: Sequence[dict[str, Any]]) -> str:
    """The hash of a scope's commands as synced by ``application_id``."""
    text = json.dumps(
        {"application": application_id, "commands": list(payload)},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=str,
    )
    return hashlib.sha256(text.encode()).hexdigest()


async def tree_payload(
    tree: app_commands.CommandTree[Any],
    guild: discord.abc.Snowflake | None,
    built: dict[tuple[int, ...], list[dict[str, Any]]] | None = None,
) -> list[dict[str, Any]]:
    """What ``tree.sync(guild=guild)`` would send.

    ``built``: the payloads built so far by the ids of their commands, for a caller that
    builds several while the tree is unchanged. A command's payload does not depend on the
    guild, and every listed guild holds the same copied commands: with 40 guilds the start
    translated the same commands' ~5,500 texts 40 times (0.2-0.4 s)."""
    commands = tree._get_all_commands(guild=guild)
    key = tuple(map(id, commands))
    if built is not None and key in built:
        return built[key]
    translator = tree.translator
    if translator is None:
        payload = [command.to_dict(tree) for command in commands]
    else:
        payload = [await command.get_translated_payload(tree, translator) for command in commands]
    if built is not None:
        built[key] = payload
    return payload


def reason(error: BaseException) -> str:
    """An HTTP failure in a few words for a log line (never a traceback)."""
    if isinstance(error, TimeoutError):
        return f"no answer within {ATTEMPT_TIMEOUT:g} s"
    if isinstance(error, discord.HTTPException):
        text = " ".join(str(error.text or error.response.reason or "").split())
        status = str(error.status)
        return text if text.startswith(status) else f"{status} {text}".strip()
    return " ".join((str(error) or type(error).__name__).split())


class GaveUp(Exception):
    """Every attempt failed with a transient error (a warning said so already)."""


class CommandSync:
    """One start-up's sync of ``client``'s command tree, remembered in ``saved``
    (``store.commands``; None: nothing remembered, everything synced)."""

    def __init__(
        self,
        client: discord.Client,
        tree: app_commands.CommandTree[Any],
        saved: CommandSyncRepository | None,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.client = client
        self.tree = tree
        self.saved = saved
        self.clock = clock
        self._digests: dict[int, tuple[list[dict[str, Any]], str]] = {}
        """The digests of the payloads hashed so far (by ``id``, the payload kept with its
        digest): the guilds share one payload (see ``tree_payload``)."""

    @property
    def application_id(self) -> int:
        application_id = self.client.application_id
        if application_id is None:
            raise app_commands.MissingApplicationID
        return application_id

    async def run(self, guild_ids: Sequence[int]) -> None:
        """Sync to ``guild_ids`` (instant for their members), or globally when there are none
        (may take a while to show); then remove the copies of the other kind."""
        known = await self.saved.command_hashes() if self.saved is not None else {}
        empty = digest(self.application_id, [])
        if guild_ids:
            built: dict[tuple[int, ...], list[dict[str, Any]]] = {}
            for guild_id in guild_ids:
                guild = discord.Object(id=guild_id)
                self.tree.copy_global_to(guild=guild)
                payload = await tree_payload(self.tree, guild, built)
                await self._sync(guild_id, payload, known)
            await self._clear_global(known, empty)
        else:
            await self._sync(GLOBAL, await tree_payload(self.tree, None), known)
        for scope, hashed in known.items():
            if scope != GLOBAL and scope not in guild_ids:
                await self._clear_guild(scope, hashed == empty)
        log.info("Command sync finished")

    # -- one scope ----------------------------------------------------------------------------

    def _digest(self, payload: list[dict[str, Any]]) -> str:
        """``digest`` of the payload, worked out once per payload."""
        found = self._digests.get(id(payload))
        if found is None or found[0] is not payload:
            found = self._digests[id(payload)] = (payload, digest(self.application_id, payload))
        return found[1]

    async def _sync(self, scope: int, payload: list[dict[str, Any]], known: dict[int, str]) -> None:
        hashed = self._digest(payload)
        where = "global" if scope == GLOBAL else f"guild {scope}"
        if known.get(scope) == hashed:
            log.info("Commands (%s) unchanged since the last sync: not synced again", where)
            return
        try:
            await self._attempt(f"sync the commands ({where})", self._put(scope, payload))
        except GaveUp:
            return
        except (discord.Forbidden, discord.NotFound) as error:
            if scope == GLOBAL:
                log.error("Discord refused the global commands: %s", reason(error))
                return
            log.warning(
                "Skipped guild %d of RAMSCH_GUILD_IDS: Discord refused its commands (%s); is "
                "the bot in that server, invited with the applications.commands scope?",
                scope,
                reason(error),
            )
            return
        except discord.HTTPException as error:
            log.error("Discord refused the commands (%s): %s", where, reason(error))
            return
        await self._remember(scope, hashed)
        if scope == GLOBAL:
            log.info("Synced %d global command(s) (may take a while to show)", len(payload))
        else:
            log.info("Synced %d command(s) to guild %d", len(payload), scope)

    async def _clear_global(self, known: dict[int, str], empty: str) -> None:
        """Guild sync: global commands would show every command twice in the listed guilds."""
        if known.get(GLOBAL) == empty:
            return
        if GLOBAL not in known:
            # Not synced by this database (a new one, or one older than this table): ask.
            try:
                found = await self._attempt(
                    "look for global commands",
                    lambda: self.client.http.get_global_commands(self.application_id),
                )
            except GaveUp:
                return
            except discord.HTTPException as error:
                log.warning("Could not look for global commands: %s", reason(error))
                return
            if not found:
                await self._remember(GLOBAL, empty)
                return
        try:
            await self._attempt("remove the global commands", self._put(GLOBAL, []))
        except GaveUp:
            return
        except discord.HTTPException as error:
            log.warning("Could not remove the global commands: %s", reason(error))
            return
        await self._remember(GLOBAL, empty)
        log.info("Removed the global commands: they are synced per guild (RAMSCH_GUILD_IDS)")

    async def _clear_guild(self, guild_id: int, is_empty: bool) -> None:
        """A guild synced earlier but no longer listed (or global sync now): its copies go."""
        if is_empty:
            await self._forget(guild_id)
            return
        try:
            await self._attempt(f"remove the commands of guild {guild_id}", self._put(guild_id, []))
        except GaveUp:
            return
        except (discord.Forbidden, discord.NotFound) as error:
            # The bot left that server: its commands there went with it.
            log.info("Forgot the commands of guild %d: out of reach (%s)", guild_id, reason(error))
            await self._forget(guild_id)
            return
        except discord.HTTPException as error:
            log.warning("Could not remove the commands of guild %d: %s", guild_id, reason(error))
            return
        await self._forget(guild_id)
        log.info("Removed the commands of guild %d: it is no longer synced to", guild_id)

    # -- calls --------------------------------------------------------------------------------

    def _put(self, scope: int, payload: list[dict[str, Any]]) -> Callable[[], Awaitable[Any]]:
        http = self.client.http
        if scope == GLOBAL:
            return lambda: http.bulk_upsert_global_commands(self.application_id, payload=payload)
        return lambda: http.bulk_upsert_guild_commands(self.application_id, scope, payload=payload)

    async def _attempt(self, what: str, call: Callable[[], Awaitable[T]]) -> T:
        """``call()``, tried again after a transient failure; :class:`GaveUp` (after a
        warning) if every attempt failed. Other errors are raised."""
        attempts = len(RETRY_DELAYS) + 1
        for attempt in range(attempts):
            try:
                return await asyncio.wait_for(call(), ATTEMPT_TIMEOUT)
            except TRANSIENT as error:
                if attempt + 1 == attempts:
                    log.warning(
                        "Could not %s: %s (after %d attempts); trying again at the next start",
                        what,
                        reason(error),
                        attempts,
                    )
                    raise GaveUp(what) from None
                delay = RETRY_DELAYS[attempt]
                log.info("Could not %s: %s; trying again in %g s", what, reason(error), delay)
                await asyncio.sleep(delay)
        raise AssertionError("unreachable")

    async def _remember(self, scope: int, hashed: str) -> None:
        if self.saved is not None:
            await self.saved.save_command_hash(scope, hashed, self.clock())

    async def _forget(self, scope: int) -> None:
        if self.saved is not None:
            await self.saved.forget_command_hash(scope)

"""How one message's updates fare: one try at a time, a failed try retried later with a
growing delay (``Delivery``), and the nonce that keeps a repeated post from posting twice."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord

log = logging.getLogger(__name__)

RETRY_FIRST = 1.0
"""Seconds before the first retry of a failed message; each further one waits twice as long."""
RETRY_CAP = 60.0
"""The longest wait before a failed message is tried again (seconds)."""
TRANSIENT: tuple[type[BaseException], ...] = (
    discord.HTTPException,
    OSError,
    TimeoutError,
    aiohttp.ClientError,
)
"""What a try may fail with when Discord or the network has a bad moment (5xx, 429 left over
after discord.py's own retries, a lost connection, a timeout): the message is tried again."""

Done = Callable[["Delivery"], None]
"""Told when a message's try ends (the publisher wakes the table for a retry or a catch-up)."""


def backoff(failures: int) -> float:
    """Seconds before the next try of a message that failed ``failures`` times: 1, 2, 4 ..."""
    return min(RETRY_FIRST * 2.0 ** (failures - 1), RETRY_CAP)


def nonce(*parts: object) -> str:
    """The nonce of one post: the same for every try of it, so that Discord answers a repeat
    with the message an earlier try made (``enforce_nonce``); different for anything else. 24
    characters (Discord takes at most 25)."""
    text = ":".join(str(part) for part in parts)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def gone(error: BaseException) -> bool:
    """The message (or the interaction's token) is no more: retrying cannot help."""
    return isinstance(error, discord.NotFound) or (
        isinstance(error, discord.HTTPException) and error.status == 401
    )


@dataclass
class Delivery:
    """How one message's updates fare: the try in flight, its failures and the next retry."""

    task: asyncio.Task[None] | None = None
    running: bool = False
    failures: int = 0
    retry_at: float = 0.0
    behind: bool = False
    """A render passed it by while a try was in flight: render it again afterwards."""
    again: bool = False
    """The try asks for another render (a message to post anew, a check after a repeat)."""

    @property
    def busy(self) -> bool:
        return self.running

    @property
    def waiting(self) -> bool:
        """A failed try is to be retried."""
        return self.failures > 0

    def start(self, work: Coroutine[Any, Any, None], done: Done, what: str) -> None:
        self.behind = self.again = False
        self.running = True
        self.task = asyncio.create_task(self._run(work, done, what), name=what)

    async def _run(self, work: Coroutine[Any, Any, None], done: Done, what: str) -> None:
        try:
            await work
        except TRANSIENT as error:
            self._failed(what, error)
        except Exception:
            log.exception("Could not update %s", what)
            self._failed(what, None)
        else:
            self.failures, self.retry_at = 0, 0.0
        finally:
            self.running = False
            done(self)

    def _failed(self, what: str, error: BaseException | None) -> None:
        self.failures += 1
        delay = backoff(self.failures)
        self.retry_at = time.monotonic() + delay
        if error is not None:
            log.warning("Could not update %s (try again in %.0f s): %s", what, delay, error)

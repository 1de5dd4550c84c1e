"""Faults on demand: the emulator answers a route as Discord does when something goes wrong.

A test adds a :class:`Fault` for a method and route template (the router's, e.g.
``/channels/{channel_id}/messages/{message_id}``), optionally narrowed to some path parameters,
and the next matching requests are answered with it:

- an error status and JSON code instead of doing the work (``status=503``, ``status=403,
  code=50001``); 429 answers carry ``retry_after`` and the headers discord.py reads, so the client
  sleeps and retries as with Discord's rate limits;
- the work done and then the answer lost (``after=True``): the message is created or edited, yet
  the client reads an error, as when a gateway times out behind Discord's edge (502);
- a delay before the request is handled (``delay=2.0``), alone or with an error;
- only requests that upload files (``uploads=True``: a multipart body), as when a channel
  refuses attachments (403, code 50013) or the upload service fails;
- only requests to a thread (``threads=True``: the route's ``channel_id`` is a thread), e.g. a
  thread the bot may open but not post into (403, code 50013) — its id is not known before.

discord.py retries 500, 502, 504 and 524 itself (sleeping 1, 3, 5, 7 s) and raises
``DiscordServerError`` for 503 at once: use 503 for a failure the bot must handle, 500 or 502 for
one the client should ride out.

Faults are not protocol violations: nothing is recorded in ``Emulator.errors``.
"""

from __future__ import annotations

import asyncio
import json
import math
from dataclasses import dataclass, field

from aiohttp import web

REASONS = {
    403: "Missing Access",
    404: "Unknown Channel",
    429: "You are being rate limited.",
    500: "500: Internal Server Error",
    502: "502: Bad Gateway",
    503: "503: Service Unavailable",
    504: "504: Gateway Timeout",
}


@dataclass
class Fault:
    """One kind of failure for the requests that match it."""

    method: str
    route: str
    status: int = 500
    code: int = 0
    message: str | None = None
    times: int | None = 1
    """How many matching requests fail; None: every one until removed."""
    match: dict[str, str] = field(default_factory=dict)
    """Path parameters the request must have, e.g. ``{"channel_id": "123"}``."""
    after: bool = False
    """Do the work, then answer with the error (the answer is lost)."""
    delay: float = 0.0
    retry_after: float = 0.05
    uploads: bool = False
    """Only requests that upload files."""
    threads: bool = False
    """Only requests to a thread (the route's ``channel_id``)."""
    hits: int = 0

    @property
    def key(self) -> str:
        return f"{self.method} {self.route}"

    def matches(
        self, route: str, params: dict[str, str], uploading: bool = False, in_thread: bool = False
    ) -> bool:
        if route != self.key or (self.times is not None and self.hits >= self.times):
            return False
        if (self.uploads and not uploading) or (self.threads and not in_thread):
            return False
        return all(params.get(name) == str(value) for name, value in self.match.items())

    def response(self) -> web.Response:
        """The error answer, with Discord's body and, for 429, its rate-limit headers."""
        text = self.message or REASONS.get(self.status, f"{self.status}: Error")
        body: dict[str, object] = {"message": text, "code": self.code}
        headers = {"Content-Type": "application/json"}
        if self.status == 429:
            body.update(retry_after=self.retry_after, **{"global": False})
            headers.update(
                {
                    "Via": "1.1 google",
                    "Retry-After": str(max(1, round(self.retry_after))),
                    "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset-After": str(self.retry_after),
                    "X-RateLimit-Scope": "user",
                }
            )
        return web.Response(body=json.dumps(body).encode(), status=self.status, headers=headers)


class Faults:
    """The faults a test has added; consulted by the REST router for every request."""

    def __init__(self) -> None:
        self._faults: list[Fault] = []

    def add(
        self,
        method: str,
        route: str,
        *,
        status: int = 500,
        code: int = 0,
        message: str | None = None,
        times: int | None = 1,
        match: dict[str, str] | None = None,
        after: bool = False,
        delay: float = 0.0,
        retry_after: float = 0.05,
        uploads: bool = False,
        threads: bool = False,
    ) -> Fault:
        """Fail the next ``times`` requests to ``method route`` (see the module docstring)."""
        fault = Fault(
            method.upper(),
            route,
            status=status,
            code=code,
            message=message,
            times=times,
            match={name: str(value) for name, value in (match or {}).items()},
            after=after,
            delay=delay,
            retry_after=retry_after,
            uploads=uploads,
            threads=threads,
        )
        self._faults.append(fault)
        return fault

    def delay_all(self, seconds: float) -> Fault:
        """Every request waits ``seconds`` before it is handled (a slow Discord)."""
        fault = Fault("*", "*", status=200, times=None, delay=seconds)
        self._faults.append(fault)
        return fault

    def remove(self, fault: Fault) -> None:
        if fault in self._faults:
            self._faults.remove(fault)

    def clear(self) -> None:
        self._faults.clear()

    def take(
        self, route: str, params: dict[str, str], uploading: bool = False, in_thread: bool = False
    ) -> tuple[float, Fault | None]:
        """The delay before a request to ``route`` and the fault that answers it, if any."""
        delay = sum(f.delay for f in self._faults if f.method == "*")
        for fault in self._faults:
            if fault.method != "*" and fault.matches(route, params, uploading, in_thread):
                fault.hits += 1
                return delay + fault.delay, fault
        return delay, None

    async def apply(
        self, route: str, params: dict[str, str], uploading: bool = False, in_thread: bool = False
    ) -> tuple[Fault | None, Fault | None]:
        """Wait out any delay; then (fault answering before the work, fault after it)."""
        delay, fault = self.take(route, params, uploading, in_thread)
        if delay > 0:
            await asyncio.sleep(delay)
        if fault is None or fault.status < 300:
            return None, None
        return (None, fault) if fault.after else (fault, None)


@dataclass
class RequestSpan:
    """One REST request from its arrival to its answer (loop time): which calls overlapped."""

    route: str
    params: dict[str, str]
    start: float
    end: float | None = None
    status: int | None = None

    def overlaps(self, other: RequestSpan) -> bool:
        """Both were in flight at one moment."""
        mine, theirs = self.end or math.inf, other.end or math.inf
        return self.start < theirs and other.start < mine

"""A heartbeat file for container health checks, and `python -m bot.health` that reads it.

While the bot runs it rewrites the file every ``interval`` seconds: whether it is connected to
Discord and ready, how many servers it serves, when. ``python -m bot.health`` (the Docker
HEALTHCHECK) exits 0 when the file says *ready* and is fresh, else 1 with one line saying why.
The file holds no secret; it is replaced atomically so a reader never sees half of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol

DEFAULT_INTERVAL = 30.0
STALE_AFTER = 3 * DEFAULT_INTERVAL


class Watched(Protocol):
    """What the heartbeat reads of the bot (a discord.py Client has all of it)."""

    def is_ready(self) -> bool: ...

    def is_closed(self) -> bool: ...

    @property
    def guilds(self) -> Any: ...


def beat(path: Path, client: Watched, now: float | None = None) -> dict[str, Any]:
    """Write one heartbeat for ``client`` to ``path`` (atomically); return what was written."""
    ready = client.is_ready() and not client.is_closed()
    state = {
        "ready": ready,
        "guilds": len(client.guilds) if ready else 0,
        "pid": os.getpid(),
        "at": time.time() if now is None else now,
    }
    scratch = path.with_name(f".{path.name}.{os.getpid()}")
    scratch.write_text(json.dumps(state), encoding="utf-8")
    os.replace(scratch, path)
    return state


def check(path: Path, now: float | None = None, stale_after: float = STALE_AFTER) -> str | None:
    """None when the heartbeat at ``path`` is fresh and ready; else why not, in one line."""
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return f"no heartbeat at {path}: the bot has not started (or RAMSCH_HEALTH_FILE differs)"
    except (OSError, ValueError) as error:
        return f"unreadable heartbeat at {path}: {error}"
    if not isinstance(state, dict) or not isinstance(state.get("at"), int | float):
        return f"unreadable heartbeat at {path}"
    age = (time.time() if now is None else now) - float(state["at"])
    if age > stale_after:
        return f"the last heartbeat is {age:.0f} s old: the bot is stuck or stopped"
    if state.get("ready") is not True:
        return "the bot is not connected to Discord"
    return None


class Heartbeat:
    """Beats while the bot runs (``async with Heartbeat(client, path):``); a no-op without a
    path. The file is removed when the bot stops, so a stopped bot is never reported healthy."""

    def __init__(
        self, client: Watched, path: Path | None, interval: float = DEFAULT_INTERVAL
    ) -> None:
        self.client = client
        self.path = path
        self.interval = interval
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Heartbeat:
        if self.path is not None:
            self._task = asyncio.create_task(self._run(self.path), name="heartbeat")
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self.path is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()

    async def _run(self, path: Path) -> None:
        while True:
            ready = False
            with contextlib.suppress(OSError):  # a full disk must not stop the bot
                ready = beat(path, self.client)["ready"]
            # Until the bot is ready, look every second: the first healthy beat comes soon.
            await asyncio.sleep(self.interval if ready else min(1.0, self.interval))


def main() -> None:
    """`python -m bot.health [path]`: exit 0 if healthy, 1 with the reason on stderr."""
    default = os.environ.get("RAMSCH_HEALTH_FILE", "")
    path = sys.argv[1] if len(sys.argv) > 1 else default
    if not path:
        print("RAMSCH_HEALTH_FILE is not set: the bot writes no heartbeat", file=sys.stderr)
        raise SystemExit(1)
    problem = check(Path(path))
    if problem is not None:
        print(problem, file=sys.stderr)
        raise SystemExit(1)


if __name__ == "__main__":
    main()

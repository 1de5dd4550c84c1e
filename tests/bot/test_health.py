"""The heartbeat file and `python -m bot.health` (the container's HEALTHCHECK)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from bot.health import STALE_AFTER, Heartbeat, beat, check


@dataclass
class FakeClient:
    ready: bool = True
    closed: bool = False
    guilds: list[object] = field(default_factory=lambda: [object(), object()])

    def is_ready(self) -> bool:
        return self.ready

    def is_closed(self) -> bool:
        return self.closed


def test_a_fresh_ready_beat_is_healthy(tmp_path: Path) -> None:
    path = tmp_path / "health"
    state = beat(path, FakeClient(), now=1000.0)
    assert state["ready"] is True and state["guilds"] == 2
    assert check(path, now=1000.0 + STALE_AFTER - 1) is None
    assert [p.name for p in tmp_path.iterdir()] == ["health"]  # no scratch file left


def test_unhealthy_states_say_why(tmp_path: Path) -> None:
    path = tmp_path / "health"
    assert "no heartbeat" in (check(path) or "")
    beat(path, FakeClient(), now=1000.0)
    assert "old" in (check(path, now=1000.0 + STALE_AFTER + 1) or "")
    beat(path, FakeClient(ready=False), now=1000.0)
    assert "not connected" in (check(path, now=1000.0) or "")
    beat(path, FakeClient(closed=True), now=1000.0)
    assert "not connected" in (check(path, now=1000.0) or "")
    path.write_text("{not json", encoding="utf-8")
    assert "unreadable" in (check(path) or "")
    path.write_text('{"ready": true}', encoding="utf-8")
    assert "unreadable" in (check(path) or "")


async def test_the_heartbeat_beats_while_running_and_is_removed_after(tmp_path: Path) -> None:
    path = tmp_path / "health"
    client = FakeClient(ready=False)
    async with Heartbeat(client, path, interval=0.01):
        await asyncio.sleep(0.05)
        assert "not connected" in (check(path) or "")
        client.ready = True
        for _ in range(200):  # until the next beat has seen the bot ready
            if check(path) is None:
                break
            await asyncio.sleep(0.01)
        assert check(path) is None
    assert not path.exists()


async def test_no_path_no_heartbeat(tmp_path: Path) -> None:
    async with Heartbeat(FakeClient(), None, interval=0.01):
        await asyncio.sleep(0.03)
    assert list(tmp_path.iterdir()) == []  # noqa: ASYNC240


def test_the_command_exits_by_health(tmp_path: Path) -> None:
    path = tmp_path / "health"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "bot.health", *args]
        return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)

    missing = run(str(path))
    assert missing.returncode == 1 and len(missing.stderr.strip().splitlines()) == 1
    beat(path, FakeClient())
    assert run(str(path)).returncode == 0

"""The heartbeat of a running `python -m bot` and `python -m bot.health` (Docker HEALTHCHECK)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.health import check
from tests.e2e.durability_helpers import BotProcess, bot_env
from tests.emulator import Emulator


async def health(path: Path) -> int:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.health", env=bot_env(RAMSCH_HEALTH_FILE=str(path)),
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    return await asyncio.wait_for(process.wait(), 60)


async def test_a_connected_bot_is_healthy_and_a_stopped_one_is_not(
    emulator: Emulator, tmp_path: Path
) -> None:
    guild = emulator.add_guild("Health Club", channels=("general",))
    beat = tmp_path / "health.json"
    running = await BotProcess.start(
        emulator, guild, tmp_path / "ramsch.sqlite3", tmp_path,
        extra={"RAMSCH_HEALTH_FILE": str(beat)},
    )  # fmt: skip
    try:
        await emulator.wait_for(
            lambda: beat.exists() and check(beat) is None,
            timeout=15,
            description="a healthy heartbeat",
        )
        assert await health(beat) == 0
    finally:
        assert await running.stop() == 0
    assert not beat.exists()  # a stopped bot is never reported healthy
    assert await health(beat) == 1
    assert not running.errors(), "\n".join(running.lines)

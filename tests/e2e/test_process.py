"""`python -m bot` as a separate process, pointed at the emulator by its settings."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest_asyncio

from bot.storage import Store
from bot.ui.text import score_text
from tests.e2e.driver import Game, answer
from tests.emulator import Channel, Emulator, Guild

ROOT = Path(__file__).resolve().parents[2]


def bot_env(**settings: str) -> dict[str, str]:
    """A clean environment: no DISCORD_*/RAMSCH_* from the caller, the repository importable."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "RAMSCH_"))}
    env["PYTHONPATH"] = str(ROOT)
    env.update(settings)
    return env


@dataclass
class BotProcess:
    """The bot running as `python -m bot`, with what it wrote to stderr."""

    emulator: Emulator
    guild: Guild
    channel: Channel
    db: Path
    process: asyncio.subprocess.Process
    lines: list[str] = field(default_factory=list)
    seeds: list[int] = field(default_factory=list)

    async def settle(self) -> None:
        await self.emulator.idle(quiet=0.05)

    async def read_seed(self, table_id: int) -> int:
        """The session seed the bot drew, from its database (the core replays from it)."""
        async with Store(self.db) as store:
            table = next(t for t in await store.load_open_tables() if t.id == table_id)
        assert table.seed is not None
        return table.seed

    def errors(self) -> list[str]:
        return [line for line in self.lines if " ERROR " in line or "Traceback" in line]


async def _collect(stream: asyncio.StreamReader, lines: list[str]) -> None:
    while line := await stream.readline():
        lines.append(line.decode(errors="replace").rstrip())


@pytest_asyncio.fixture
async def bot_process(emulator: Emulator, tmp_path: Path) -> AsyncIterator[BotProcess]:
    guild = emulator.add_guild("Process Club", channels=("general",))
    db = tmp_path / "ramsch.sqlite3"
    env = bot_env(
        DISCORD_TOKEN=emulator.token,
        DISCORD_API_BASE=emulator.api_base,
        DISCORD_GATEWAY_URL=emulator.gateway_url,
        RAMSCH_DB=str(db),
        RAMSCH_GUILD_IDS=str(guild.id),
        RAMSCH_RENDER_INTERVAL="0",
        RAMSCH_GUILD_READY_TIMEOUT="0.05",
        RAMSCH_LOG_LEVEL="INFO",
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert process.stderr is not None
    running = BotProcess(emulator, guild, guild.channels[0], db, process)
    reader = asyncio.create_task(_collect(process.stderr, running.lines))
    try:
        await emulator.wait_for(
            lambda: any("Logged in as" in line for line in running.lines) or reader.done(),
            timeout=20,
            description="the bot process to log in",
        )
        assert not reader.done(), "\n".join(running.lines)
        yield running
    finally:
        if process.returncode is None:
            process.terminate()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), 10)
        if process.returncode is None:
            process.kill()
            await process.wait()
        await reader


async def test_the_bot_as_a_process_plays_a_whole_session(bot_process: BotProcess) -> None:
    """`python -m bot` alone, driven by slash commands and buttons, plays a round to the end."""
    emulator = bot_process.emulator
    assert "DISCORD_TOKEN" not in "\n".join(bot_process.lines)
    assert emulator.token not in "\n".join(bot_process.lines)
    players = [emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    (help_text,) = await answer(players[1], bot_process.channel, "ramsch help")
    assert help_text.ephemeral and "My hand" in help_text.text
    game = Game(bot_process, players, "skat")
    await game.open(rounds=1)
    await game.start()
    bot_process.seeds.append(await bot_process.read_seed(game.table_id))
    for _ in range(3):
        await game.play_deal()
    session = game.replay()
    assert session.finished
    channel = bot_process.channel.current_messages()
    results = [m for m in channel if ": result" in m.text]
    assert len(results) == 3
    standings = channel[-1]
    assert "final standings" in standings.text
    expected = [
        f"**{players[seat].name}** {score_text(total)}" for seat, total in session.standings()
    ]
    positions = [standings.text.index(line) for line in expected]
    assert positions == sorted(positions), (expected, standings.text)
    (done,) = await answer(players[0], bot_process.channel, "ramsch abort")
    assert done.ephemeral and "no open table" in done.text, done.text
    await bot_process.settle()
    bot_process.process.terminate()
    assert await asyncio.wait_for(bot_process.process.wait(), 10) == 0
    assert not bot_process.errors(), "\n".join(bot_process.lines)
    assert emulator.token not in "\n".join(bot_process.lines)


async def test_a_missing_token_is_one_clear_line(tmp_path: Path) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=bot_env(),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 2
    lines = err.decode().strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN is not set" in lines[0], lines
    assert out == b""


async def test_a_refused_token_ends_the_process(emulator: Emulator, tmp_path: Path) -> None:
    env = bot_env(
        DISCORD_TOKEN="not-the-token",
        DISCORD_API_BASE=emulator.api_base,
        DISCORD_GATEWAY_URL=emulator.gateway_url,
        RAMSCH_DB=str(tmp_path / "ramsch.sqlite3"),
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 1
    text = err.decode()
    assert "Discord refused the token" in text and "not-the-token" not in text
    assert "Traceback" not in text

"""`python -m bot` as a separate process, pointed at the emulator by its settings."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.ui.text import score_text
from tests.e2e.driver import Game, answer
from tests.e2e.durability_helpers import BotProcess, ProcessHost, bot_env, session_seed
from tests.emulator import Emulator


@pytest_asyncio.fixture
async def bot_process(
    emulator: Emulator, tmp_path: Path
) -> AsyncIterator[tuple[ProcessHost, BotProcess]]:
    guild = emulator.add_guild("Process Club", channels=("general",))
    host = ProcessHost(emulator, guild, guild.channels[0], tmp_path / "ramsch.sqlite3")
    running = await BotProcess.start(emulator, guild, host.db, tmp_path)
    try:
        yield host, running
    finally:
        await running.stop()


async def test_the_bot_as_a_process_plays_a_whole_session(
    bot_process: tuple[ProcessHost, BotProcess],
) -> None:
    """`python -m bot` alone, driven by slash commands and buttons, plays a round to the end."""
    host, running = bot_process
    emulator = host.emulator
    assert "DISCORD_TOKEN" not in "\n".join(running.lines)
    assert emulator.token not in "\n".join(running.lines)
    players = [emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    (help_text,) = await answer(players[1], host.channel, "ramsch help")
    assert help_text.ephemeral and "My hand" in help_text.text
    game = Game(host, players, "skat")
    await game.open(rounds=1)
    await game.start()
    host.seeds.append(session_seed(host.db, game.table_id))
    for _ in range(3):
        await game.play_deal()
    match = game.replay()
    assert match.finished
    channel = host.channel.current_messages()
    results = [m for m in channel if ": result" in m.text]
    assert len(results) == 3
    standings = channel[-1]
    assert "final standings" in standings.text
    expected = [
        f"**{players[seat].name}** {score_text(total)}" for seat, total in match.standings()
    ]
    positions = [standings.text.index(line) for line in expected]
    assert positions == sorted(positions), (expected, standings.text)
    (done,) = await answer(players[0], host.channel, "ramsch abort")
    assert done.ephemeral and "no open table" in done.text, done.text
    await host.settle()
    assert await running.stop() == 0
    assert not running.errors(), "\n".join(running.lines)
    assert emulator.token not in "\n".join(running.lines)


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

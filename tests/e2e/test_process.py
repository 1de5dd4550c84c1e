"""`python -m bot` as a separate process, pointed at the emulator by its settings."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.ui.text import score_text
from tests.e2e.driver import Game, answer
from tests.e2e.durability_helpers import (
    BotProcess,
    ProcessHost,
    _collect,
    bot_env,
    error_lines,
    read_only,
    run_bot,
    session_seed,
)
from tests.emulator import Emulator, Guild


@pytest_asyncio.fixture
async def bot_process(
    emulator: Emulator, tmp_path: Path, database: Path
) -> AsyncIterator[tuple[ProcessHost, BotProcess]]:
    guild = emulator.add_guild("Process Club", channels=("general",))
    host = ProcessHost(emulator, guild, guild.channels[0], database)
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
    code, out, err = await run_bot(bot_env(), tmp_path)
    assert code == 2
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
    code, _, err = await run_bot(env, tmp_path)
    assert code == 1
    text = err.decode()
    assert "Discord refused the token" in text and "not-the-token" not in text
    assert "Traceback" not in text


# -- one process per database (the process lease) ---------------------------------------------


def process_env(emulator: Emulator, guild: Guild, db: Path, **settings: str) -> dict[str, str]:
    return bot_env(
        DISCORD_TOKEN=emulator.token,
        DISCORD_API_BASE=emulator.api_base,
        DISCORD_GATEWAY_URL=emulator.gateway_url,
        RAMSCH_DB=str(db),
        RAMSCH_GUILD_IDS=str(guild.id),
        RAMSCH_RENDER_INTERVAL="0",
        RAMSCH_GUILD_READY_TIMEOUT="0.05",
        **settings,
    )


async def spawn(env: dict[str, str], cwd: Path) -> BotProcess:
    """``python -m bot`` without waiting for anything; its stderr collected."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=cwd, env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert process.stderr is not None
    running = BotProcess(process)
    running.reader = asyncio.create_task(_collect(process.stderr, running.lines))
    return running


def lease_pid(db: Path) -> int | None:
    with contextlib.closing(read_only(db)) as conn:
        row = conn.execute("SELECT pid FROM process_lease WHERE scope = 'all'").fetchone()
    return None if row is None else int(row[0])


async def test_a_second_process_on_the_same_database_refuses_to_start(
    bot_process: tuple[ProcessHost, BotProcess], tmp_path: Path
) -> None:
    """A deploy overlap must not run two bots: the second waits for the first (here briefly),
    then ends with one line and status 5, before it connects to Discord."""
    host, first = bot_process
    emulator = host.emulator
    identified = emulator.gateway.op_counts["op 2"]
    assert identified >= 1  # the first process identified
    second = await spawn(
        process_env(emulator, host.guild, host.db, RAMSCH_LEASE_WAIT="0.5"), tmp_path
    )
    assert await asyncio.wait_for(second.process.wait(), 30) == 5
    await second.stop()
    errors = error_lines(second.lines)
    assert len(errors) == 1 and "Traceback" not in "\n".join(second.lines), second.lines
    assert f"Another bot process (pid {first.process.pid} on host" in errors[0]
    assert "running on this database" in errors[0]
    assert any("waiting up to 0.5 s" in line for line in second.lines), second.lines
    assert not second.logged_in and emulator.gateway.op_counts["op 2"] == identified
    assert lease_pid(host.db) == first.process.pid
    (help_text,) = await answer(emulator.add_user("Dora"), host.channel, "ramsch help")
    assert "My hand" in help_text.text  # the first one still serves
    assert not first.errors(), "\n".join(first.lines)


async def test_after_a_sigkill_the_waiting_process_takes_over_at_once(
    bot_process: tuple[ProcessHost, BotProcess], tmp_path: Path
) -> None:
    """The holder killed (no clean-up, its lease not expired): a process on the same host sees
    its pid gone and starts without waiting for the expiry; it releases at a clean stop."""
    host, first = bot_process
    emulator = host.emulator
    env = process_env(emulator, host.guild, host.db, RAMSCH_LEASE_WAIT="25")
    second = await spawn(env, tmp_path)
    try:
        await emulator.wait_for(
            lambda: (
                any("waiting up to 25 s" in line for line in second.lines)
                or second.process.returncode is not None
            ),
            timeout=20,
            description="the second process to wait for the lease",
        )
        await asyncio.sleep(0.5)
        assert second.process.returncode is None and not second.logged_in
        await first.kill()
        await emulator.wait_for(
            lambda: second.logged_in or second.process.returncode is not None,
            timeout=15,  # well before the 25 s wait or the 30 s lease ran out
            description="the second process to take over",
        )
        assert second.logged_in, second.lines
        assert any("Took over the database" in line for line in second.lines)
        assert lease_pid(host.db) == second.process.pid
        (help_text,) = await answer(emulator.add_user("Dora"), host.channel, "ramsch help")
        assert "My hand" in help_text.text
    finally:
        code = await second.stop()
    assert code == 0 and not second.errors(), "\n".join(second.lines)
    assert lease_pid(host.db) is None


async def test_a_hanging_command_sync_keeps_neither_the_gateway_nor_sigterm_waiting(
    emulator: Emulator, tmp_path: Path, database: Path
) -> None:
    """Issue 30: Discord does not answer the command sync. The bot logs in at once all the
    same (the sync runs in the background), and SIGTERM then ends it cleanly: status 0, no
    traceback, one line that it stopped."""
    guild = emulator.add_guild("Process Club", channels=("general",))
    route = "/applications/{application_id}/guilds/{guild_id}/commands"
    hanging = emulator.faults.add("PUT", route, status=500, delay=60, times=None)
    running = await spawn(process_env(emulator, guild, database, RAMSCH_LOG_LEVEL="INFO"), tmp_path)
    try:
        await emulator.wait_for(
            lambda: (
                (running.logged_in and hanging.hits > 0) or running.process.returncode is not None
            ),
            timeout=20,
            description="the bot to log in while its command sync hangs",
        )
        assert running.logged_in and not running.serving, running.lines
    finally:
        code = await running.stop()
    text = "\n".join(running.lines)
    assert code == 0 and "Traceback" not in text and not running.errors(), text
    assert running.lines[-1].endswith("Stopped"), text


async def test_sigterm_while_waiting_for_the_lease_exits_0_with_one_line(
    bot_process: tuple[ProcessHost, BotProcess], tmp_path: Path
) -> None:
    """Issue 30: SIGTERM at any moment, here before the bot exists (a second process waiting
    for the first's lease): status 0, no traceback, one line, the first untouched."""
    host, first = bot_process
    env = process_env(host.emulator, host.guild, host.db, RAMSCH_LEASE_WAIT="25")
    second = await spawn({**env, "RAMSCH_LOG_LEVEL": "INFO"}, tmp_path)
    try:
        await host.emulator.wait_for(
            lambda: (
                any("waiting up to 25 s" in line for line in second.lines)
                or second.process.returncode is not None
            ),
            timeout=20,
            description="the second process to wait for the lease",
        )
    finally:
        code = await second.stop()
    text = "\n".join(second.lines)
    assert code == 0 and "Traceback" not in text and not second.errors(), text
    assert second.lines[-1].endswith("Stopped before the bot was up"), text
    assert lease_pid(host.db) == first.process.pid


# -- bad settings and databases: one line, no traceback ---------------------------------------


def one_error(err: bytes) -> str:
    lines = err.decode().strip().splitlines()
    assert "Traceback" not in err.decode(), err.decode()
    errors = [line for line in lines if "ERROR" in line or "Invalid" in line]
    assert len(errors) == 1, lines
    return errors[0]


async def test_an_unbounded_setting_is_one_line(tmp_path: Path) -> None:
    env = bot_env(DISCORD_TOKEN="secret-token", RAMSCH_AI_DELAY="inf")
    code, _, err = await run_bot(env, tmp_path)
    assert code == 2
    assert (
        one_error(err) == "Invalid configuration: RAMSCH_AI_DELAY: Input should be a finite number"
    )


def _garbage(db: Path) -> None:
    db.write_bytes(b"not a database" * 100)


def _newer(db: Path) -> None:
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT,"
                     " applied_at REAL)")  # fmt: skip
        conn.execute("INSERT INTO schema_version VALUES (999, 'future', 0)")


@pytest.mark.parametrize(
    ("name", "prepare", "says"),
    [
        ("missing/ramsch.sqlite3", None, "does not exist"),
        ("ramsch.sqlite3", _garbage, "is not a SQLite database"),
        ("ramsch.sqlite3", _newer, "written by a newer version of the bot"),
    ],
)
async def test_an_unusable_database_is_one_line(
    tmp_path: Path, name: str, prepare: object, says: str
) -> None:
    """Checked before Discord is contacted: no emulator needed."""
    db = tmp_path / name
    if callable(prepare):
        prepare(db)
    env = bot_env(DISCORD_TOKEN="secret-token", RAMSCH_DB=str(db))
    code, _, err = await run_bot(env, tmp_path)
    assert code == 4
    line = one_error(err)
    assert says in line and str(db) in line, line
    assert "secret-token" not in err.decode()


async def test_a_locked_database_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "ramsch.sqlite3"
    with contextlib.closing(sqlite3.connect(db, isolation_level=None)) as other:
        other.execute("CREATE TABLE t (x)")
        other.execute("BEGIN EXCLUSIVE")
        code, _, err = await run_bot(bot_env(DISCORD_TOKEN="token", RAMSCH_DB=str(db)), tmp_path)
        other.execute("ROLLBACK")
    assert code == 4
    assert "locked by another program" in one_error(err)

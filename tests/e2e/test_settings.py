"""Start-up configuration: settings from the environment and `.env`, and where discord.py points."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path

import discord.gateway
import discord.http
import pytest

from bot.__main__ import point_discord_at
from bot.settings import Settings
from tests.e2e.durability_helpers import bot_env

ROOT = Path(__file__).resolve().parents[2]

ENV_NAMES = ("DISCORD_TOKEN", "RAMSCH_DB", "RAMSCH_GUILD_IDS", "RAMSCH_LOG_LEVEL",
             "DISCORD_API_BASE", "DISCORD_GATEWAY_URL")  # fmt: skip


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def test_defaults_and_a_secret_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "s3cr3t")
    settings = Settings()
    assert settings.discord_token.get_secret_value() == "s3cr3t"
    assert "s3cr3t" not in repr(settings) and "s3cr3t" not in str(settings.model_dump())
    assert settings.ramsch_db == Path("ramsch.sqlite3")
    assert settings.ramsch_guild_ids == ()
    assert settings.ramsch_log_level == "INFO"
    assert settings.discord_api_base is None and settings.discord_gateway_url is None


def test_dotenv_file_and_comma_separated_guilds(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=from-file\nRAMSCH_GUILD_IDS=12, 34\nRAMSCH_LOG_LEVEL=debug\n"
        "RAMSCH_DB=/data/ramsch.sqlite3\n"
    )
    settings = Settings()
    assert settings.discord_token.get_secret_value() == "from-file"
    assert settings.ramsch_guild_ids == (12, 34)
    assert settings.ramsch_log_level == "DEBUG"
    assert settings.ramsch_db == Path("/data/ramsch.sqlite3")


def test_bad_values_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("RAMSCH_LOG_LEVEL", "LOUD")
    with pytest.raises(ValueError, match="unknown log level"):
        Settings()


def test_api_base_and_gateway_point_discord_py_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket,
        "DEFAULT_GATEWAY",
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
    )
    settings = Settings(
        discord_token="x",
        discord_api_base="http://127.0.0.1:9/api/v10/",
        discord_gateway_url="ws://127.0.0.1:9/gateway",
    )
    point_discord_at(settings)
    assert discord.http.Route.BASE == "http://127.0.0.1:9/api/v10"
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:9/gateway"


def test_env_example_lists_every_setting() -> None:
    """Every field of Settings has a `NAME=` or `# NAME=` line in .env.example."""
    text = (ROOT / ".env.example").read_text(encoding="utf-8")
    listed = set(re.findall(r"^(?:#\s*)?([A-Z][A-Z0-9_]*)=", text, flags=re.MULTILINE))
    missing = [name.upper() for name in Settings.model_fields if name.upper() not in listed]
    assert not missing, f".env.example lacks {missing}"


def closed_port() -> int:
    """A local port nothing listens on (bound for a moment, then closed)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.parametrize("level", ["WARNING", "INFO"])
def test_discord_unreachable_is_one_line_and_exit_3(tmp_path: Path, level: str) -> None:
    """Connection refused at login: one error line, no traceback, no token, exit status 3."""
    token = "unreachable-t0ken-value"
    port = closed_port()
    env = bot_env(
        DISCORD_TOKEN=token,
        DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10",
        DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}/gateway",
        RAMSCH_DB=str(tmp_path / "ramsch.sqlite3"),
        RAMSCH_LOG_LEVEL=level,
    )
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, timeout=60
    )
    out, err = done.stdout.decode(), done.stderr.decode()
    assert done.returncode == 3, err
    assert "Traceback" not in err and token not in err + out, err
    lines = [line for line in err.splitlines() if line.strip()]
    if level == "INFO":  # the start-up INFO lines come first; nothing else may
        lines = [line for line in lines if " INFO " not in line]
    assert len(lines) == 1, err
    assert "ERROR" in lines[0] and "Could not reach Discord" in lines[0], lines
    assert "check the network connection" in lines[0] and "DISCORD_API_BASE=" in lines[0]
    assert out == ""

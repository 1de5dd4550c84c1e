"""Start-up configuration: settings from the environment and `.env`, and where discord.py points."""

from __future__ import annotations

from pathlib import Path

import discord.gateway
import discord.http
import pytest

from bot.__main__ import point_discord_at
from bot.settings import Settings

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

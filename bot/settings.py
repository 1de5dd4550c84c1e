"""The bot's configuration, read from the environment and an optional `.env` file."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class Settings(BaseSettings):
    """Every setting by its environment variable name; only DISCORD_TOKEN is required."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", case_sensitive=False
    )

    discord_token: SecretStr = Field(description="the bot token from the developer portal")
    ramsch_db: Path = Field(Path("ramsch.sqlite3"), description="the SQLite database file")
    ramsch_guild_ids: Annotated[tuple[int, ...], NoDecode] = Field(
        (), description="guilds to sync commands to at start (comma-separated); else global"
    )
    discord_api_base: str | None = Field(
        None, description="REST base URL, e.g. http://127.0.0.1:8080/api/v10 (proxy or emulator)"
    )
    discord_gateway_url: str | None = Field(
        None, description="gateway websocket URL, e.g. ws://127.0.0.1:8080/ (proxy or emulator)"
    )
    ramsch_log_level: str = Field("INFO", description="DEBUG, INFO, WARNING or ERROR")
    ramsch_render_interval: float = Field(
        0.5, ge=0, le=60, allow_inf_nan=False,
        description="seconds between two edits of one table's messages (0 to 60)",
    )  # fmt: skip
    ramsch_tick_interval: float = Field(
        5.0, ge=0, le=3600, allow_inf_nan=False,
        description="seconds between checks of turn timers and expiries (0 to 3600); 0: off",
    )  # fmt: skip
    ramsch_ai_delay: float = Field(
        1.0, ge=0, le=60, allow_inf_nan=False,
        description="seconds an AI player (or the AI for an away player) waits to play (0 to 60)",
    )  # fmt: skip
    ramsch_guild_ready_timeout: float = Field(
        2.0, ge=0, le=300, allow_inf_nan=False,
        description="seconds to wait for guilds at login (0 to 300)",
    )  # fmt: skip
    ramsch_lease_wait: float = Field(
        60.0, ge=0, le=3600, allow_inf_nan=False,
        description="seconds a starting bot waits for another process on the same database to "
        "stop (a deploy overlap) before it gives up (0 to 3600)",
    )  # fmt: skip
    ramsch_health_file: Path | None = Field(
        None,
        description="a heartbeat file rewritten every 30 s while connected to Discord, read by "
        "`python -m bot.health` (the Docker HEALTHCHECK); unset: none",
    )

    @field_validator("ramsch_guild_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [part for part in value.replace(" ", "").split(",") if part]
            if not all(part.isdigit() for part in parts):
                raise ValueError("expected server ids (numbers) separated by commas")
            return tuple(int(part) for part in parts)
        if isinstance(value, int):
            return (value,)
        return value

    @field_validator("ramsch_guild_ids")
    @classmethod
    def _snowflakes(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 0 < guild_id < 2**64 for guild_id in value):
            raise ValueError("a server id is a positive number below 2^64")
        return value

    @field_validator("ramsch_log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if not isinstance(logging.getLevelName(level), int):
            raise ValueError(f"unknown log level {value!r}")
        return level


def settings_error(error: ValidationError) -> str:
    """One line that says which setting is wrong, never echoing a value."""
    parts = []
    for item in error.errors():
        name = ".".join(str(loc) for loc in item["loc"]).upper()
        if item["type"] == "missing":
            parts.append(f"{name} is not set")
        else:
            parts.append(f"{name}: {item['msg']}")
    return "Invalid configuration: " + "; ".join(parts)

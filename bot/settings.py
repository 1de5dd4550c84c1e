"""The bot's configuration, read from the environment and an optional `.env` file."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, ValidationError, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

MAX_SHARDS = 65_536
"""More shards than any bot needs (Discord asks for one per 2,500 servers or fewer)."""


class Settings(BaseSettings):
    """Every setting by its environment variable name; only DISCORD_TOKEN is required."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", case_sensitive=False
    )

    discord_token: SecretStr = Field(description="the bot token from the developer portal")
    ramsch_db: Path | str = Field(
        Path("ramsch.sqlite3"),
        description="the SQLite database file, or a postgresql:// URL (docs/storage.md)",
    )
    ramsch_guild_ids: Annotated[tuple[int, ...], NoDecode] = Field(
        (), description="guilds to sync commands to at start (comma-separated); else global"
    )
    ramsch_extra_games: Annotated[tuple[str, ...], NoDecode] = Field(
        (),
        description="modules of games to register besides the built-in ones, each with an "
        "install() (comma-separated); for tests only, e.g. tests.example_game",
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
    ramsch_ai_budget: float = Field(
        1.0, ge=0.05, le=10, allow_inf_nan=False,
        description="seconds a hard AI player may think about one decision (0.05 to 10)",
    )  # fmt: skip
    ramsch_ai_processes: int | None = Field(
        None, ge=0, le=64,
        description="worker processes the hard AI thinks in (0: threads of the bot's process); "
        "unset: the cores, at most 4",
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
    ramsch_card_emojis: bool = Field(
        True,
        description="card buttons show a picture of the card: the bot uploads its card faces "
        "as application emojis at start (once; a restart uploads nothing); false: text cards",
    )
    ramsch_shard_count: int | None = Field(
        None, ge=1, le=MAX_SHARDS,
        description="the number of gateway shards of the whole bot, over all its processes "
        "(with RAMSCH_SHARD_IDS); unset: one unsharded connection",
    )  # fmt: skip
    ramsch_shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        None, validate_default=True,
        description="the shards this process runs, e.g. 0-3 or 0,2 (with RAMSCH_SHARD_COUNT)",
    )  # fmt: skip

    @field_validator("ramsch_db", mode="before")
    @classmethod
    def _database(cls, value: object) -> object:
        """A ``postgresql://`` (or ``postgres://``) URL stays text; anything else is a path."""
        if isinstance(value, str) and not value.lower().startswith(
            ("postgresql://", "postgres://")
        ):
            return Path(value)
        return value

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

    @field_validator("ramsch_extra_games", mode="before")
    @classmethod
    def _split_modules(cls, value: object) -> object:
        if isinstance(value, str):
            parts = tuple(part for part in value.replace(" ", "").split(",") if part)
            if not all(all(piece.isidentifier() for piece in part.split(".")) for part in parts):
                raise ValueError("expected module names separated by commas")
            return parts
        return value

    @field_validator("ramsch_guild_ids")
    @classmethod
    def _snowflakes(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 0 < guild_id < 2**64 for guild_id in value):
            raise ValueError("a server id is a positive number below 2^64")
        return value

    @field_validator("ramsch_shard_ids", mode="before")
    @classmethod
    def _split_shards(cls, value: object) -> object:
        """``0-3``, ``0,2`` or ``0-1,4`` (ranges inclusive); empty: unset."""
        if not isinstance(value, str):
            return value
        if not value.strip():
            return None
        ids: list[int] = []
        for part in value.replace(" ", "").split(","):
            first, dash, last = part.partition("-")
            if not first.isdigit() or (dash and not last.isdigit()):
                raise ValueError("expected shard ids such as 0-3 or 0,2")
            low, high = int(first), int(last) if dash else int(first)
            if high < low or high >= MAX_SHARDS:
                raise ValueError(f"{part} is not a range of shard ids")
            ids.extend(range(low, high + 1))
        return tuple(ids)

    @field_validator("ramsch_shard_ids")
    @classmethod
    def _shards_within_count(
        cls, value: tuple[int, ...] | None, info: ValidationInfo
    ) -> tuple[int, ...] | None:
        if "ramsch_shard_count" not in info.data:
            return value  # the count itself is wrong: that error says so
        count = info.data["ramsch_shard_count"]
        if value is None:
            if count is not None:
                raise ValueError("is not set but RAMSCH_SHARD_COUNT is: set both or neither")
            return None
        if count is None:
            raise ValueError("needs RAMSCH_SHARD_COUNT, the number of shards of the whole bot")
        if not value:
            raise ValueError("names no shard")
        if len(set(value)) != len(value):
            raise ValueError("names a shard twice")
        if max(value) >= count:
            raise ValueError(f"shard {max(value)} is not below RAMSCH_SHARD_COUNT ({count})")
        return tuple(sorted(value))

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

"""deploy/compose.yaml, the two-process example of docs/scaling.md: every bot process on the
one PostgreSQL service, the same shard count, and the shard ranges covering every shard once
(a gap leaves servers unanswered, an overlap makes a process refuse to start)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from bot.settings import Settings

COMPOSE = Path(__file__).resolve().parents[1] / "deploy" / "compose.yaml"


def bot_services() -> dict[str, dict[str, Any]]:
    services = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["services"]
    return {name: service for name, service in services.items() if name.startswith("bot")}


def test_the_bot_processes_split_the_shards_of_one_postgresql_database() -> None:
    bots = bot_services()
    assert len(bots) >= 2
    counts, ranges, databases = set(), [], set()
    for service in bots.values():
        environment = {key: str(value) for key, value in service["environment"].items()}
        environment["DISCORD_TOKEN"] = "x"  # compose fills it in from .env
        settings = Settings(**{key.lower(): value for key, value in environment.items()})
        counts.add(settings.ramsch_shard_count)
        ranges.append(settings.ramsch_shard_ids)
        databases.add(str(settings.ramsch_db))
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
    (count,) = counts
    assert count is not None
    shards = [shard for ids in ranges for shard in ids or ()]
    assert sorted(shards) == list(range(count))
    (database,) = databases
    assert database.startswith("postgresql://") and "@postgres:5432/" in database

"""Shard settings and helpers: RAMSCH_SHARD_COUNT / RAMSCH_SHARD_IDS both or neither, ranges
parsed, ids below the count; ``shard_of`` as Discord computes it; the bot class they pick."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import pytest
from discord.ext import commands
from pydantic import ValidationError

from bot.client import RamschBot
from bot.settings import Settings, settings_error
from bot.shards import (
    DM_SHARD,
    ShardedRamschBot,
    build_bot,
    coverage_warning,
    describe,
    needs_shared_database,
    shard_of,
)


def settings(**values: Any) -> Settings:
    return Settings(_env_file=None, discord_token="token", **values)


@pytest.mark.parametrize(
    ("ids", "expected"),
    [
        ("0-3", (0, 1, 2, 3)),
        ("0,2", (0, 2)),
        ("2, 0", (0, 2)),
        ("0-1,4", (0, 1, 4)),
        ("5", (5,)),
        ("6-6", (6,)),
    ],
)
def test_shard_ids_take_ranges_and_lists(ids: str, expected: tuple[int, ...]) -> None:
    read = settings(ramsch_shard_count="8", ramsch_shard_ids=ids)
    assert read.ramsch_shard_count == 8 and read.ramsch_shard_ids == expected
    assert describe(expected) == describe(read.ramsch_shard_ids)


def test_without_shard_settings_nothing_is_sharded() -> None:
    read = settings()
    assert read.ramsch_shard_count is None and read.ramsch_shard_ids is None
    assert settings(ramsch_shard_ids="").ramsch_shard_ids is None


@pytest.mark.parametrize(
    ("values", "says"),
    [
        ({"ramsch_shard_count": "4"}, "RAMSCH_SHARD_IDS: Value error, is not set but"),
        ({"ramsch_shard_ids": "0-1"}, "RAMSCH_SHARD_IDS: Value error, needs RAMSCH_SHARD_COUNT"),
        ({"ramsch_shard_count": "2", "ramsch_shard_ids": "0-2"}, "shard 2 is not below"),
        ({"ramsch_shard_count": "4", "ramsch_shard_ids": "1,1"}, "names a shard twice"),
        ({"ramsch_shard_count": "4", "ramsch_shard_ids": "3-1"}, "3-1 is not a range"),
        ({"ramsch_shard_count": "4", "ramsch_shard_ids": "a"}, "shard ids such as 0-3"),
        ({"ramsch_shard_count": "4", "ramsch_shard_ids": "0-"}, "shard ids such as 0-3"),
        ({"ramsch_shard_count": "4", "ramsch_shard_ids": "-1"}, "shard ids such as 0-3"),
        ({"ramsch_shard_count": "0", "ramsch_shard_ids": "0"}, "RAMSCH_SHARD_COUNT: Input"),
        ({"ramsch_shard_count": "x", "ramsch_shard_ids": "0"}, "RAMSCH_SHARD_COUNT: Input"),
    ],
)
def test_bad_shard_settings_are_named_in_one_line(values: dict[str, str], says: str) -> None:
    with pytest.raises(ValidationError) as caught:
        settings(**values)
    line = settings_error(caught.value)
    assert line.startswith("Invalid configuration: RAMSCH_SHARD_"), line
    assert says in line and "\n" not in line
    assert len(caught.value.errors()) == 1, line  # a bad count is not also a missing count


def test_shard_of_is_discords_formula() -> None:
    assert shard_of(0, 1) == 0
    assert shard_of(1 << 22, 2) == 1 and shard_of(2 << 22, 2) == 0
    assert shard_of((7 << 22) | 0x3FFFFF, 4) == 3  # the low 22 bits never matter
    guild = 81384788765712384  # the Discord API server's id
    assert shard_of(guild, 1) == 0 and shard_of(guild, 16) == (guild >> 22) % 16
    assert DM_SHARD == 0
    with pytest.raises(ValueError, match="at least 1"):
        shard_of(guild, 0)


@pytest.mark.parametrize(
    ("ids", "text"),
    [([0, 1, 2, 3], "0-3"), ([0, 2], "0,2"), ([4, 0, 1], "0-1,4"), ([5], "5"), ([], "")],
)
def test_describe_writes_ranges(ids: list[int], text: str) -> None:
    assert describe(ids) == text


def test_the_settings_pick_the_bot_class() -> None:
    service = SimpleNamespace(clock=time.time)
    plain = build_bot(settings(), service)  # type: ignore[arg-type]
    assert type(plain) is RamschBot and not isinstance(plain, commands.AutoShardedBot)
    sharded = build_bot(
        settings(ramsch_shard_count="4", ramsch_shard_ids="2-3"),
        service,  # type: ignore[arg-type]
    )
    assert isinstance(sharded, ShardedRamschBot) and isinstance(sharded, commands.AutoShardedBot)
    assert sharded.shard_count == 4 and sharded.shard_ids == [2, 3]


def test_a_process_without_every_shard_is_told_who_serves_the_rest() -> None:
    assert coverage_warning([0, 1], 2) is None and coverage_warning([0], 1) is None
    some = coverage_warning([0, 1], 4)
    assert some is not None and "shard(s) 0-1 of 4" in some and "shard(s) 2-3 are served" in some
    assert "relayed" not in some
    no_dms = coverage_warning([1], 2)
    assert no_dms is not None and "relayed from shard 0" in no_dms


def test_a_range_of_shards_needs_postgresql() -> None:
    assert needs_shared_database([0, 1], 2, postgres=False) is None
    assert needs_shared_database([1], 2, postgres=True) is None
    refusal = needs_shared_database([1], 2, postgres=False)
    assert refusal is not None and "RAMSCH_SHARD_IDS=0-1" in refusal and "\n" not in refusal

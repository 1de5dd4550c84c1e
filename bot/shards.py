"""Gateway shards: which shard a guild is on, and the bot that runs a range of shards.

Without ``RAMSCH_SHARD_COUNT`` / ``RAMSCH_SHARD_IDS`` the bot is a plain ``commands.Bot`` with
one gateway connection, as always. With them it is a ``commands.AutoShardedBot`` that opens
one connection per shard id it runs. Discord sends a guild's events and interactions to the
shard ``shard_of(guild_id, shard_count)``; direct messages and the interactions from them (the
hand messages' buttons) always to shard 0, whatever guild their table is in. See
docs/scaling.md."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from discord.ext import commands

from bot.client import RamschBot

if TYPE_CHECKING:
    from bot.settings import Settings
    from bot.storage import Store
    from bot.tables import TableService

DM_SHARD = 0
"""The shard Discord sends direct messages and DM interactions to."""


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard a guild's events and interactions go to, as Discord computes it."""
    if shard_count < 1:
        raise ValueError("shard_count must be at least 1")
    return (guild_id >> 22) % shard_count


def describe(shard_ids: Iterable[int]) -> str:
    """Shard ids as ranges, the way RAMSCH_SHARD_IDS takes them: ``0-3``, ``0,2``, ``0-1,4``."""
    ordered = sorted(set(shard_ids))
    parts: list[str] = []
    start = previous = None
    for shard in [*ordered, None]:
        if start is not None and previous is not None and shard != previous + 1:
            parts.append(str(start) if start == previous else f"{start}-{previous}")
            start = None
        if start is None:
            start = shard
        previous = shard
    return ",".join(parts)


def coverage_warning(shard_ids: Iterable[int], shard_count: int) -> str | None:
    """A note when this process runs only some of the shards: the servers of the others are
    served by the processes that run them (on one PostgreSQL database, docs/scaling.md), and
    without shard 0 no DM button (the players' hands) reaches this process at all — the
    process of shard 0 relays those clicks here."""
    running = set(shard_ids)
    missing = set(range(shard_count)) - running
    if not missing:
        return None
    text = (
        f"This process runs shard(s) {describe(running)} of {shard_count}: servers on shard(s) "
        f"{describe(missing)} are served by the processes that run them"
    )
    if DM_SHARD not in running:
        text += "; the hand buttons (DMs) of this process's tables come relayed from shard 0"
    return text


def needs_shared_database(shard_ids: Iterable[int], shard_count: int, postgres: bool) -> str | None:
    """One line refusing a range of shards on SQLite: the other shards would need another
    process, and processes share a database only on PostgreSQL."""
    if postgres or set(range(shard_count)) <= set(shard_ids):
        return None
    return (
        f"RAMSCH_SHARD_IDS={describe(shard_ids)} runs only some of the {shard_count} shards:"
        " the others need another bot process, and several processes need a PostgreSQL"
        " database (RAMSCH_DB=postgresql://…). With SQLite run every shard in one process"
        f" (RAMSCH_SHARD_IDS=0-{shard_count - 1})"
    )


class ShardedRamschBot(RamschBot, commands.AutoShardedBot):
    """The Ramsch bot on a range of gateway shards (discord.py's AutoShardedBot): the same
    commands, cogs and service; one connection per shard id."""


def build_bot(
    settings: Settings, service: TableService, store: Store | None = None, **options: Any
) -> RamschBot:
    """The bot the settings ask for: sharded with RAMSCH_SHARD_COUNT and RAMSCH_SHARD_IDS (both
    or neither, checked by Settings), else the plain one."""
    count, ids = settings.ramsch_shard_count, settings.ramsch_shard_ids
    if count is None or ids is None:
        return RamschBot(settings, service, store, **options)
    return ShardedRamschBot(
        settings, service, store, shard_count=count, shard_ids=list(ids), **options
    )

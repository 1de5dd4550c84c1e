"""How long a restart takes with many live tables: a fresh service's recover(), then the bot
starting on that database and re-rendering every table.

`python -m benchmarks.restart --tables 1000`"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.world import World, ms
from bot.tables import TableService
from ramsch_core import preset
from tests.emulator import Channel, Message, SimUser

OPTIONS = {"seats": 3, "rounds": 1}


async def create_tables(world: World, count: int, rng: random.Random) -> dict[int, Message]:
    """``count`` tables in the middle of their first deal, made through the service (commits
    without fsync: this is set-up, not what is measured). Returns each table's message."""
    store, service = await world.open_store()
    await store.db.execute("PRAGMA synchronous=OFF")
    messages: dict[int, Message] = {}
    try:
        for channel in world.add_channels(count):
            players = world.add_players(channel, [f"{channel.id}-{n}" for n in range(3)])
            table_id = await open_table(service, channel, players, rng)
            message = world.emulator.store.create(
                channel, {"content": f"Ramsch #{table_id}"}, [], source="benchmark set-up"
            )
            await service.set_message(table_id, message.id)
            messages[table_id] = message
    finally:
        await service.close()
        await store.close()
    return messages


async def open_table(
    service: TableService, channel: Channel, players: list[SimUser], rng: random.Random
) -> int:
    assert channel.guild is not None
    host = players[0]
    update = await service.open(
        guild_id=channel.guild.id, channel_id=channel.id, host_id=host.id,
        host_name=host.name, rules=preset("skat"), options=OPTIONS,
    )  # fmt: skip
    table_id = update.table.id
    for user in players[1:]:
        await service.join(table_id, user.id, user.name)
    await service.start(table_id, host.id)
    for _ in range(rng.randint(1, 29)):  # somewhere in the first deal (30 cards)
        table = service.get(table_id)
        seat = table.to_act
        assert seat is not None and table.session is not None
        action = rng.choice(table.session.deal.legal_actions())
        user_id = table.seats[seat].user_id
        assert user_id is not None
        await service.act(table_id, user_id, action, deal_number=table.deal_number)
    return table_id


async def time_recover(world: World, expected: int) -> tuple[float, float]:
    """Seconds to open the store and to recover(), for a fresh service."""
    started = time.perf_counter()
    store, service = await world.open_store()
    opened = time.perf_counter()
    tables = await service.recover()
    recovered = time.perf_counter()
    assert len(tables) == expected, (len(tables), expected)
    assert all(table.status == "playing" for table in tables)
    await service.close()
    await store.close()
    return opened - started, recovered - opened


async def time_bot_start(world: World, messages: dict[int, Message]) -> dict[str, float]:
    """Seconds from starting the bot until it is connected, until every table message is
    re-rendered, and until every player has their hand in a DM again."""
    shown = {table_id: len(message.versions) for table_id, message in messages.items()}
    players = len(messages) * 3
    dms_before = sum(len(channel.messages) for channel in world.emulator.dm_channels.values())
    marks: dict[str, float] = {}
    started = time.perf_counter()

    def check() -> bool:
        now = time.perf_counter() - started
        if "tables" not in marks and all(
            len(message.versions) > shown[table_id] for table_id, message in messages.items()
        ):
            marks["tables"] = now
        dms = sum(len(channel.messages) for channel in world.emulator.dm_channels.values())
        if "dms" not in marks and dms - dms_before >= players:
            marks["dms"] = now
        return "tables" in marks and "dms" in marks

    await world.start_bot()
    marks["ready"] = time.perf_counter() - started
    await world.emulator.wait_for(check, timeout=600.0, description="every table re-rendered")
    return marks


async def main(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        world = World(Path(tmp) / "bench.sqlite3", render_interval=0.5, process=args.bot_process)
        await world.start_emulator()
        try:
            return await bench(world, args)
        finally:
            await world.stop()


async def bench(world: World, args: argparse.Namespace) -> int:
    started = time.perf_counter()
    messages = await create_tables(world, args.tables, random.Random(args.seed))
    size = world.db.stat().st_size
    print(f"set-up: {args.tables} live tables (mid-deal) in {time.perf_counter() - started:.1f}s; "
          f"database {size / 1e6:.1f} MB")  # fmt: skip
    for attempt in range(args.repeat):
        opened, recovered = await time_recover(world, args.tables)
        print(f"recover() #{attempt + 1}: open store {ms(opened)}, recover {ms(recovered)} "
              f"({recovered / args.tables * 1e6:.0f} µs per table)")  # fmt: skip
    where = "`python -m bot`" if args.bot_process else "the bot in this process"
    marks = await time_bot_start(world, messages)
    print(f"start of {where}: connected after {marks['ready']:.2f}s, every table message "
          f"re-rendered after {marks['tables']:.2f}s, every hand DM'd again after "
          f"{marks['dms']:.2f}s")  # fmt: skip
    requests = world.emulator.request_counts
    for route, count in requests.most_common(4):
        print(f"  {count:7d}  {route}")
    problems = world.problems()
    print(f"errors logged / protocol violations: {len(problems)}")
    for problem in problems[:10]:
        print("  " + problem)
    return 1 if problems else 0


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.restart", description=__doc__)
    parser.add_argument("--tables", type=int, default=1000, help="live tables in the database")
    parser.add_argument("--repeat", type=int, default=3, help="times recover() is measured")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--bot-process", action="store_true", help="start the bot as `python -m bot`"
    )
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse())))

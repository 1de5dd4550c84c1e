"""How long a restart takes with many live tables: a fresh service's recover(); the bot's first
start on that database, which renders every table (nothing is recorded as shown yet: what a
start after a crash costs for tables whose render was cut off); then, after a clean stop, a
second start, which finds every message up to date.

`python -m benchmarks.restart --tables 1000`"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from benchmarks.world import World, ms
from bot.tables import TableService
from ramsch_core import preset
from tests.emulator import Channel, Message, SimUser

OPTIONS = {"seats": 3, "rounds": 1}


Tables = dict[int, tuple[Message, list[SimUser]]]
"""Each table's channel message and its players."""


async def create_tables(world: World, count: int, rng: random.Random) -> Tables:
    """``count`` tables in the middle of their first deal, made through the service (commits
    without fsync: this is set-up, not what is measured), each with a channel message."""
    store, service = await world.open_store()
    await store.db.execute("PRAGMA synchronous=OFF")
    tables: Tables = {}
    try:
        for channel in world.add_channels(count):
            players = world.add_players(channel, [f"{channel.id}-{n}" for n in range(3)])
            table_id = await open_table(service, channel, players, rng)
            message = world.emulator.store.create(
                channel, {"content": f"Ramsch #{table_id}"}, [], source="benchmark set-up"
            )
            await service.lobby.set_message(table_id, message.id, 0)
            tables[table_id] = (message, players)
    finally:
        await service.close()
        await store.close()
    return tables


async def open_table(
    service: TableService, channel: Channel, players: list[SimUser], rng: random.Random
) -> int:
    assert channel.guild is not None
    host = players[0]
    update = await service.lobby.open(
        guild_id=channel.guild.id, channel_id=channel.id, host_id=host.id,
        host_name=host.name, rules=preset("skat"), options=OPTIONS,
    )  # fmt: skip
    table_id = update.table.id
    for user in players[1:]:
        await service.lobby.join(table_id, user.id, user.name)
    await service.lobby.start(table_id, host.id)
    for _ in range(rng.randint(1, 29)):  # somewhere in the first deal (30 cards)
        table = service.tables.get(table_id)
        seat = table.to_act
        assert seat is not None and table.match is not None
        action = rng.choice(table.match.deal.legal_actions())
        user_id = table.seats[seat].user_id
        assert user_id is not None
        await service.play.act(table_id, user_id, action, deal_number=table.deal_number)
    return table_id


async def time_recover(world: World, expected: int) -> tuple[float, float]:
    """Seconds to open the store and to recover(), for a fresh service."""
    started = time.perf_counter()
    store, service = await world.open_store()
    opened = time.perf_counter()
    tables = await service.recovery.recover()
    recovered = time.perf_counter()
    assert len(tables) == expected, (len(tables), expected)
    assert all(table.status == "playing" for table in tables)
    await service.close()
    await store.close()
    return opened - started, recovered - opened


RENDERS = ("message_create", "message_update")
"""Emulator events of a render: a message posted or edited (channel or DM)."""


async def time_bot_start(world: World, tables: Tables, *, cold: bool) -> dict[str, float]:
    """Seconds from starting the bot until it is connected (it recovers before connecting, so
    from then on it takes clicks), until a click is acknowledged, and until every message is
    up to date: the bot has been quiet for a second, and its last render is the mark. At the
    ``cold`` start every table message must have been re-rendered and every player DM'd."""
    emulator = world.emulator
    shown = {table_id: len(message.versions) for table_id, (message, _) in tables.items()}
    players = len(tables) * 3
    dms_before = sum(len(channel.messages) for channel in emulator.dm_channels.values())
    events = len(emulator.events)
    marks: dict[str, float] = {}
    started = time.monotonic()

    def rendered() -> bool:
        if all(len(m.versions) > shown[table_id] for table_id, (m, _) in tables.items()):
            dms = sum(len(channel.messages) for channel in emulator.dm_channels.values())
            return dms - dms_before >= players
        return False

    await world.start_bot()
    marks["ready"] = time.monotonic() - started
    if not cold:
        message, users = next(iter(tables.values()))
        handle = await users[0].click(message, "My hand")
        await world.hooks.acked(handle)
        marks["click"] = time.monotonic() - started
    else:
        await emulator.wait_for(rendered, timeout=600.0, description="every table re-rendered")
    await emulator.idle(quiet=1.0, timeout=600.0)
    last = [e.at for e in emulator.events[events:] if e.kind in RENDERS]
    if not cold:  # the answer to the click is ephemeral, not a render of a table
        last = [
            e.at
            for e in emulator.events[events:]
            if e.kind in RENDERS and not e.data["message"].ephemeral
        ]
    marks["up to date"] = max(last, default=started + marks["ready"]) - started
    return marks


def requests_since(world: World, before: Counter[str]) -> Counter[str]:
    return world.emulator.request_counts - before


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
    tables = await create_tables(world, args.tables, random.Random(args.seed))
    size = world.db.stat().st_size
    print(f"set-up: {args.tables} live tables (mid-deal) in {time.perf_counter() - started:.1f}s; "
          f"database {size / 1e6:.1f} MB")  # fmt: skip
    for attempt in range(args.repeat):
        opened, recovered = await time_recover(world, args.tables)
        print(f"recover() #{attempt + 1}: open store {ms(opened)}, recover {ms(recovered)} "
              f"({recovered / args.tables * 1e6:.0f} µs per table)")  # fmt: skip
    where = "`python -m bot`" if args.bot_process else "the bot in this process"
    for cold in (True, False):
        before = Counter(world.emulator.request_counts)
        marks = await time_bot_start(world, tables, cold=cold)
        if cold:
            print(f"first start of {where} (nothing recorded as shown: every table rendered): "
                  f"connected after {marks['ready']:.2f}s, every message up to date after "
                  f"{marks['up to date']:.2f}s")  # fmt: skip
        else:
            print(f"restart of {where} after a clean stop: connected after "
                  f"{marks['ready']:.2f}s, a click acknowledged after {marks['click']:.2f}s, "
                  f"every message up to date after {marks['up to date']:.2f}s")  # fmt: skip
        requests = requests_since(world, before)
        print(f"  requests: {requests.total()}")
        for route, count in requests.most_common(6):
            print(f"  {count:7d}  {route}")
        await world.stop_bot()
    return world.report_problems()


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

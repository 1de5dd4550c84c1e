"""N tables played at once by simulated players through the emulator: clicks per second and
click-to-acknowledgement latency. `python -m benchmarks.tables --tables 200`

``--ai-tables M`` adds M tables of one player and two AI seats of ``--ai-level`` (hard by
default) played at the same time, so the figures of the N all-human tables show what AI
seats thinking elsewhere cost them; their own clicks are reported apart."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.world import World, ms, percentile, table_id_of
from bot.tables.thinking import default_processes
from bot.ui import ids
from ramsch_core import Card, Match, Play, TableOptions, preset
from tests.emulator import Channel, InteractionHandle, Message, SimUser


@dataclass
class Table:
    """One table and the core's replay of the clicks its players made (the driver's oracle)."""

    channel: Channel
    players: list[SimUser]
    rng: random.Random
    table_id: int = 0
    match: Match | None = None
    dms: dict[tuple[int, int], Message] = field(default_factory=dict)


@dataclass
class AITable:
    """A table of one player (the host) and two AI seats."""

    channel: Channel
    host: SimUser
    rng: random.Random
    table_id: int = 0


@dataclass
class Run:
    world: World
    rounds: int
    think: float
    deadline: float = 0.0
    played: list[InteractionHandle] = field(default_factory=list)
    setups: list[InteractionHandle] = field(default_factory=list)
    ai_played: list[InteractionHandle] = field(default_factory=list)
    """The clicks of the players at AI tables."""

    async def click(self, user: SimUser, message: Message, key: str, *, setup: bool) -> None:
        handle = await user.click(message, key)
        (self.setups if setup else self.played).append(handle)
        await self.world.hooks.acked(handle)

    async def open(self, table: Table) -> None:
        """The host opens the table, the others join, the host starts."""
        host = table.players[0]
        handle = await host.slash(table.channel, "ramsch new", preset="skat", rounds=self.rounds)
        self.setups.append(handle)
        await self.world.hooks.acked(handle)
        lobby = handle.original
        assert lobby is not None
        table.table_id = table_id_of(lobby)
        for user in table.players[1:]:
            await self.click(user, lobby, "Join", setup=True)
        while not enabled(lobby, "Start"):  # until the lobby shows every seat taken
            await self.world.hooks.changed(table.channel)
        await self.click(host, lobby, "Start", setup=True)
        seed = self.world.seed(table.table_id)  # what the players cannot know
        table.match = Match(preset("skat"), TableOptions(seats=3, rounds=self.rounds), seed)

    def dm(self, table: Table, user: SimUser, deal: int) -> Message | None:
        """The user's DM with the hand of ``deal`` at this table (the bot posts one per deal)."""
        key = (user.id, deal)
        if key not in table.dms:
            mark = ids.action_id(table.table_id, deal, "play") + ":"
            for message in reversed(user.dms()):
                if any(b.get("custom_id", "").startswith(mark) for b in message.buttons()):
                    table.dms[key] = message
                    break
        return table.dms.get(key)

    async def play(self, table: Table) -> int:
        """Click the cards of the player to act until the deadline; returns the clicks made."""
        match = table.match
        assert match is not None
        clicks = 0
        while not match.finished and time.monotonic() < self.deadline:
            seat = match.to_act
            assert seat is not None
            user = table.players[seat]
            legal = [a for a in match.deal.legal_actions() if isinstance(a, Play)]
            card: Card = table.rng.choice(legal).card
            key = ids.action_id(table.table_id, match.number, "play", card.name)
            # The player sees their turn when the bot's render reaches their DM.
            while True:
                message = self.dm(table, user, match.number)
                if message is not None and enabled(message, key):
                    break
                await self.world.hooks.changed(user.dm_channel)
            if self.think:
                await asyncio.sleep(self.think * table.rng.uniform(0.5, 1.5))
            await self.click(user, message, key, setup=False)
            match.apply(Play(card), seat)
            clicks += 1
        return clicks

    async def open_ai(self, table: AITable, level: str) -> None:
        """The host opens a table, adds two AI seats, sets their level and starts."""
        host = table.host
        handle = await host.slash(table.channel, "ramsch new", preset="skat", rounds=self.rounds)
        self.setups.append(handle)
        await self.world.hooks.acked(handle)
        lobby = handle.original
        assert lobby is not None
        table.table_id = table_id_of(lobby)
        for _ in range(2):
            await self.click(host, lobby, "Add AI", setup=True)
        levels = f"{ids.PREFIX}:t:{table.table_id}:ailevel"
        for seat in (1, 2):
            while not any(
                option.get("value") == f"{seat}:{level}"
                for row in lobby.components
                for item in row.get("components", [])
                if item.get("custom_id") == levels
                for option in item.get("options", [])
            ):
                await self.world.hooks.changed(table.channel)
            chosen = await host.select(lobby, levels, [f"{seat}:{level}"])
            self.setups.append(chosen)
            await self.world.hooks.acked(chosen)
        while not enabled(lobby, "Start"):
            await self.world.hooks.changed(table.channel)
        await self.click(host, lobby, "Start", setup=True)

    async def play_ai(self, table: AITable) -> int:
        """The host plays a random enabled card whenever his hand offers one, until the
        deadline; returns the clicks made."""
        host, clicks = table.host, 0
        mark = f"{ids.PREFIX}:a:{table.table_id}:"
        while time.monotonic() < self.deadline:
            choice = None
            for message in reversed(host.dms()):
                keys = [
                    b["custom_id"]
                    for b in message.buttons()
                    if b.get("custom_id", "").startswith(mark)
                    and ":play:" in b["custom_id"]
                    and not b.get("disabled")
                ]
                if keys:
                    choice = (message, table.rng.choice(keys))
                    break
            if choice is None:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(max(0.01, self.deadline - time.monotonic())):
                        await self.world.hooks.changed(host.dm_channel)
                continue
            if self.think:
                await asyncio.sleep(self.think * table.rng.uniform(0.5, 1.5))
            message, key = choice
            if not enabled(message, key):
                continue  # the hand changed while he thought
            handle = await host.click(message, key)
            self.ai_played.append(handle)
            await self.world.hooks.acked(handle)
            clicks += 1
        return clicks


def enabled(message: Message, key: str) -> bool:
    """Whether the message shows the button (custom_id or label) enabled now."""
    return any(
        key in (b.get("custom_id"), b.get("label")) and not b.get("disabled")
        for b in message.buttons()
    )


async def main(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        world = World(
            Path(tmp) / "bench.sqlite3",
            render_interval=args.render_interval,
            process=args.bot_process,
            profile=args.profile_bot,
            ai_delay=args.ai_delay,
            ai_processes=args.ai_processes,
        )
        await world.start_emulator()
        try:
            return await bench(world, args)
        finally:
            await world.stop()


async def bench(world: World, args: argparse.Namespace) -> int:
    channels = world.add_channels(args.tables)
    tables = [
        Table(channel, world.add_players(channel, (f"p{n}a", f"p{n}b", f"p{n}c")),
              random.Random(args.seed + n))
        for n, channel in enumerate(channels)
    ]  # fmt: skip
    ai_tables = [
        AITable(channel, world.add_players(channel, (f"ai{n}h",))[0],
                random.Random(args.seed + 10_000 + n))
        for n, channel in enumerate(world.add_channels(args.tables + args.ai_tables)[args.tables :])
    ]  # fmt: skip
    await world.start_bot()
    run = Run(world, rounds=args.rounds, think=args.think)
    started = time.perf_counter()
    gate = asyncio.Semaphore(args.setup_concurrency)

    async def open_one(table: Table) -> None:
        async with gate:
            await run.open(table)

    async def open_ai(table: AITable) -> None:
        async with gate:
            await run.open_ai(table, args.ai_level)

    await asyncio.gather(*(open_one(table) for table in tables))
    await asyncio.gather(*(open_ai(table) for table in ai_tables))
    setup = time.perf_counter() - started
    requests_before = sum(world.emulator.request_counts.values())
    routes_before = Counter(world.emulator.request_counts)
    cpu_before = time.process_time()
    bot_cpu_before = world.bot_cpu()
    started = time.perf_counter()
    run.deadline = time.monotonic() + args.seconds
    ai_play = asyncio.gather(*(run.play_ai(table) for table in ai_tables))
    clicks = sum(await asyncio.gather(*(run.play(table) for table in tables)))
    ai_clicks = sum(await ai_play)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_before
    bot_cpu = world.bot_cpu() - bot_cpu_before
    requests = sum(world.emulator.request_counts.values()) - requests_before
    routes = Counter(world.emulator.request_counts)
    routes.subtract(routes_before)

    latencies = [h.ack_latency for h in run.played if h.ack_latency is not None]
    setup_latencies = [h.ack_latency for h in run.setups if h.ack_latency is not None]
    where = "`python -m bot` in its own process" if world.process else "bot in this process"
    print(f"tables: {args.tables} (3 players each), think {args.think}s ±50%, "
          f"render interval {args.render_interval}s, {args.seconds}s of play, {where}")  # fmt: skip
    print(f"setup: {len(run.setups)} interactions (open, join, start) in {setup:.2f}s; "
          f"ack p50 {ms(percentile(setup_latencies, 50))}, "
          f"p99 {ms(percentile(setup_latencies, 99))}")  # fmt: skip
    print(f"clicks: {clicks} in {elapsed:.2f}s = {clicks / elapsed:.1f} clicks/s")
    print(f"click to ack: p50 {ms(percentile(latencies, 50))}, "
          f"p90 {ms(percentile(latencies, 90))}, p99 {ms(percentile(latencies, 99))}, "
          f"max {ms(max(latencies))}")  # fmt: skip
    if ai_tables:
        ai_latencies = [h.ack_latency for h in run.ai_played if h.ack_latency is not None]
        ai_actions = await world.ai_moves()
        print(f"AI tables: {args.ai_tables} (one player, two {args.ai_level} AI seats, AI delay "
              f"{args.ai_delay}s, {args.ai_processes} AI processes): {ai_actions} AI moves, "
              f"{ai_clicks} player clicks, click to ack p50 "
              f"{ms(percentile(ai_latencies, 50)) if ai_latencies else '-'}, p99 "
              f"{ms(percentile(ai_latencies, 99)) if ai_latencies else '-'}")  # fmt: skip
    print(f"bot requests: {requests} = {requests / elapsed:.0f}/s")
    if world.process:
        print(f"CPU: bot {bot_cpu / elapsed:.0%} of a core, emulator and players "
              f"{cpu / elapsed:.0%}")  # fmt: skip
    else:
        print(f"CPU: bot, emulator and players together {cpu / elapsed:.0%} of a core")
    for route, count in routes.most_common(5):
        print(f"  {count:7d}  {route}")
    return world.report_problems()


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tables", description=__doc__)
    parser.add_argument("--tables", type=int, default=200, help="tables played at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play measured")
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean seconds a player takes to click (±50%%)"
    )
    parser.add_argument(
        "--render-interval", type=float, default=0.5, help="the bot's RAMSCH_RENDER_INTERVAL"
    )
    parser.add_argument("--rounds", type=int, default=10, help="rounds per session")
    parser.add_argument("--setup-concurrency", type=int, default=20, help="tables opened at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--ai-tables", type=int, default=0, help="tables of one player and two AI seats besides"
    )
    parser.add_argument(
        "--ai-level", default="hard", choices=("easy", "normal", "hard"), help="their AI level"
    )
    parser.add_argument(
        "--ai-delay", type=float, default=1.0, help="the bot's RAMSCH_AI_DELAY (AI tables)"
    )
    parser.add_argument(
        "--ai-processes", type=int, default=default_processes(),
        help="the bot's RAMSCH_AI_PROCESSES (default: the cores, at most 4)",
    )  # fmt: skip
    parser.add_argument(
        "--bot-process",
        action="store_true",
        help="run the bot as `python -m bot` (its own process and core) instead of in-process",
    )
    parser.add_argument(
        "--profile-bot", type=Path, metavar="FILE", help="--bot-process under cProfile, to FILE"
    )
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse())))

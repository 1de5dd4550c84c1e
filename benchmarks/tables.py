"""N tables played at once by simulated players through the emulator: clicks per second and
click-to-acknowledgement latency. `python -m benchmarks.tables --tables 200`

``--ai-tables M`` adds M tables of one player and two AI seats of ``--ai-level`` (hard by
default) played at the same time, so the figures of the N all-human tables show what AI
seats thinking elsewhere cost them; their own clicks are reported apart.

``--backend postgresql`` keeps the store on a PostgreSQL server started for the run;
``--processes N`` runs N sharded `python -m bot` processes on it (the guilds spread evenly over
the N shards): every hand click is a DM click, arrives at shard 0's process and is relayed to
the process that owns the table. ``--compare`` runs the same load three times, as one
`python -m bot` on SQLite, as one on PostgreSQL (what the store costs) and as N processes on
PostgreSQL (what the relay and the other processes bring), and prints them in one table.

``--floor`` plays the same load against the floor (benchmarks/floor.py: a minimal discord.py
bot that acknowledges each click and sends the same message edits, no game, no database) in
place of the bot; ``--vs-floor`` runs the bot (as its own process) and then the floor, and
prints the CPU per click of each and their ratio."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.world import WAIT, World, database, ms, percentile, table_id_of
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
    shard: int = 0
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
    floor: bool = False
    """Against the floor: it knows no rules, so the players click what their DM enables."""
    deadline: float = 0.0
    stalled: int = 0
    """Tables that stopped: a click not acknowledged, or a turn not shown, within WAIT."""
    played: list[InteractionHandle] = field(default_factory=list)
    by_shard: dict[int, list[InteractionHandle]] = field(default_factory=dict)
    """The card clicks by the shard of their table's guild."""
    setups: list[InteractionHandle] = field(default_factory=list)
    ai_played: list[InteractionHandle] = field(default_factory=list)
    """The clicks of the players at AI tables."""

    async def click(
        self, user: SimUser, message: Message, key: str, *, setup: bool, shard: int = 0
    ) -> None:
        handle = await user.click(message, key)
        (self.setups if setup else self.played).append(handle)
        if not setup:
            self.by_shard.setdefault(shard, []).append(handle)
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
        if self.floor:
            return
        seed = await self.world.seed(table.table_id)  # what the players cannot know
        table.match = Match(preset("skat"), TableOptions(seats=3, rounds=self.rounds), seed)

    async def dealt(self, table: Table) -> None:
        """Until every player of the table has his first hand DM: the start's messages are
        set-up, not play (discord.py opens the DM channels one at a time: one rate-limit
        bucket, whose limit the emulator never raises)."""
        for user in table.players:
            while newest_hand(user, (0, 0))[0] is None:
                await self.world.hooks.changed(user.dm_channel)

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
            try:
                # The player sees their turn when the bot's render reaches their DM.
                while True:
                    message = self.dm(table, user, match.number)
                    if message is not None and enabled(message, key):
                        break
                    await self.world.hooks.changed(user.dm_channel)
                if self.think:
                    await asyncio.sleep(self.think * table.rng.uniform(0.5, 1.5))
                await self.click(user, message, key, setup=False, shard=table.shard)
            except TimeoutError:
                # No acknowledgement or render within WAIT: an overloaded bot. The table
                # stops here (counted), the others play on.
                self.stalled += 1
                return clicks
            match.apply(Play(card), seat)
            clicks += 1
        return clicks

    async def play_floor(self, table: Table) -> int:
        """Against the floor: each player clicks a random card his DM enables, once per
        version of it, until the deadline; returns the clicks made."""
        played = await asyncio.gather(*(self.play_seat(table, user) for user in table.players))
        if any(stalled for _clicks, stalled in played):
            self.stalled += 1
        return sum(clicks for clicks, _stalled in played)

    async def play_seat(self, table: Table, user: SimUser) -> tuple[int, bool]:
        """One player at the floor: clicks made, and whether the table stopped (a click not
        acknowledged, or nothing shown to him, within WAIT)."""
        clicks, clicked = 0, (0, 0)
        while time.monotonic() < self.deadline:
            message, keys = newest_hand(user, clicked)
            try:
                if message is None or not keys:
                    async with asyncio.timeout(max(0.0, self.deadline - time.monotonic())):
                        await self.world.hooks.changed(user.dm_channel)
                    continue
                if self.think:
                    await asyncio.sleep(self.think * table.rng.uniform(0.5, 1.5))
                clicked = (message.id, len(message.versions))
                await self.click(user, message, table.rng.choice(keys), setup=False)
            except TimeoutError:
                if time.monotonic() < self.deadline:
                    return clicks, True  # WAIT passed before the deadline: an overloaded floor
                continue
            clicks += 1
        return clicks, False

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


def newest_hand(user: SimUser, clicked: tuple[int, int]) -> tuple[Message | None, list[str]]:
    """The user's newest DM with card buttons and the cards it enables, none if he clicked
    on this version of it already ((message id, versions) in ``clicked``)."""
    for message in reversed(user.dms()):
        cards = [b for b in message.buttons() if ":play:" in b.get("custom_id", "")]
        if not cards:
            continue
        if (message.id, len(message.versions)) == clicked:
            return message, []
        return message, [b["custom_id"] for b in cards if not b.get("disabled")]
    return None, []


@dataclass
class Figures:
    """What one run measured (for the comparison table)."""

    label: str
    clicks: int
    seconds: float
    latencies: list[float]
    process_cpu: list[float]
    """CPU seconds of each bot process during the play (empty: the bot in this process)."""
    own_cpu: float
    """CPU seconds of this process (emulator and players; and the bot if it runs here)."""
    problems: int
    stalled: int
    floor: bool = False
    ai_clicks: int = 0
    """The clicks of the players at AI tables (not in ``clicks``)."""

    @property
    def rate(self) -> float:
        return self.clicks / self.seconds

    @property
    def cpu_per_click(self) -> float | None:
        """CPU seconds per click (every table's) of the bot's processes (summed; of the
        floor's), None when the bot runs in this process (its CPU is not apart from the
        players')."""
        if not self.process_cpu or not self.clicks + self.ai_clicks:
            return None
        return sum(self.process_cpu) / (self.clicks + self.ai_clicks)


@dataclass(frozen=True)
class Config:
    """One run's bot: its store, its processes, in its own process or not; or the floor."""

    backend: str
    processes: int
    own_process: bool
    floor: bool = False
    root: Path | None = None
    """Another checkout whose bot runs instead of this one's (``--against``)."""

    def label(self) -> str:
        if self.floor:
            return "floor: `python -m benchmarks.floor`"
        if self.root is not None:
            return f"1 × `python -m bot` of {self.root}"
        store = "SQLite" if self.backend == "sqlite" else "PostgreSQL"
        if self.processes > 1:
            return f"{self.processes} × `python -m bot` (one shard each), {store}"
        if self.own_process:
            return f"1 × `python -m bot`, {store}"
        return f"bot in this process, {store}"


async def main(args: argparse.Namespace) -> int:
    results: list[Figures | str] = []
    runs = configs(args)
    for config in runs:
        if len(runs) == 1:
            results.append(await run_once(args, config))
            break
        print(f"== {config.label()}", flush=True)
        try:
            results.append(await run_once(args, config))
        except Exception as error:  # the other run is still worth its row
            traceback.print_exc()
            results.append(f"| {config.label()} | failed: {type(error).__name__} {error} |")
        print(flush=True)
    if len(results) > 1:
        compare(args, results)
    return 1 if any(isinstance(r, str) or r.problems for r in results) else 0


def configs(args: argparse.Namespace) -> list[Config]:
    """The runs the options ask for, in order: the bot's (or the floor alone), then the
    floor for ``--vs-floor``."""
    if args.floor:
        return [Config("sqlite", 1, True, floor=True)]
    if args.compare:
        runs = [
            Config("sqlite", 1, True),
            Config("postgresql", 1, True),
            Config("postgresql", args.processes, True),
        ]
    else:
        own = args.bot_process or args.vs_floor or args.against is not None
        runs = [Config(args.backend, args.processes, own)]
    if args.against is not None:
        runs.insert(0, Config(args.backend, args.processes, True, root=args.against))
    if args.vs_floor:
        runs.append(Config("sqlite", 1, True, floor=True))
    return runs


async def run_once(args: argparse.Namespace, config: Config) -> Figures:
    durable = args.pg_sync == "on"
    backend = "sqlite" if config.floor else config.backend  # the floor has no database
    with tempfile.TemporaryDirectory() as tmp, database(backend, Path(tmp), durable=durable) as db:
        world = World(
            db,
            render_interval=args.render_interval,
            process=config.own_process,
            processes=config.processes,
            spread=1 if config.floor else max(args.processes, 1),
            workdir=Path(tmp),
            profile=None if config.floor else args.profile_bot,
            ai_delay=args.ai_delay,
            ai_processes=args.ai_processes,
            floor=config.floor,
            root=config.root,
        )
        await world.start_emulator()
        try:
            figures = await bench(world, args)
            figures.label = config.label()
            return figures
        except BaseException:
            print("the run failed; what the bot logged last:", file=sys.stderr)
            for line in world.bot_lines[-40:]:
                print("  " + line, file=sys.stderr)
            for problem in world.problems()[:20]:
                print("  problem: " + problem, file=sys.stderr)
            raise
        finally:
            await world.stop()
            if args.bot_log is not None:
                with args.bot_log.open("a") as log:
                    log.write(f"== {config.label()}\n")
                    log.writelines(line + "\n" for line in world.bot_lines)


async def bench(world: World, args: argparse.Namespace) -> Figures:
    channels = world.add_channels(args.tables + args.ai_tables)
    tables = [
        Table(channel, world.add_players(channel, (f"p{n}a", f"p{n}b", f"p{n}c")),
              random.Random(args.seed + n), shard=world.shard_of(channel))
        for n, channel in enumerate(channels[: args.tables])
    ]  # fmt: skip
    ai_tables = [
        AITable(channel, world.add_players(channel, (f"ai{n}h",))[0],
                random.Random(args.seed + 10_000 + n))
        for n, channel in enumerate(channels[args.tables :])
    ]  # fmt: skip
    await world.start_bot()
    run = Run(world, rounds=args.rounds, think=args.think, floor=world.floor)
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
    await asyncio.gather(*(run.dealt(table) for table in tables))
    setup = time.perf_counter() - started
    # The emulator and the players time the clicks: their own full collections (the tables,
    # players and messages set up) would stop the clock's process, not the bot, for tens of ms.
    gc.collect()
    gc.freeze()
    print(f"setup done in {setup:.1f}s, playing", file=sys.stderr, flush=True)
    requests_before = sum(world.emulator.request_counts.values())
    routes_before = Counter(world.emulator.request_counts)
    cpu_before = time.process_time()
    bot_cpu_before = world.bot_cpu()
    process_cpu_before = world.process_cpu()
    world.profile_play(True)
    started = time.perf_counter()
    run.deadline = time.monotonic() + args.seconds
    ai_play = asyncio.gather(*(run.play_ai(table) for table in ai_tables))
    play = run.play_floor if world.floor else run.play
    clicks = sum(await asyncio.gather(*(play(table) for table in tables)))
    ai_clicks = sum(await ai_play)
    elapsed = time.perf_counter() - started
    world.profile_play(False)
    cpu = time.process_time() - cpu_before
    bot_cpu = world.bot_cpu() - bot_cpu_before
    process_cpu = [b - a for a, b in zip(process_cpu_before, world.process_cpu(), strict=True)]
    requests = sum(world.emulator.request_counts.values()) - requests_before
    routes = Counter(world.emulator.request_counts)
    routes.subtract(routes_before)

    latencies = [h.ack_latency for h in run.played if h.ack_latency is not None]
    setup_latencies = [h.ack_latency for h in run.setups if h.ack_latency is not None]
    if world.floor:
        where = "the floor `python -m benchmarks.floor` in its own process, no database"
    elif world.processes > 1:
        where = f"{world.processes} `python -m bot` processes, one shard each"
    elif world.process:
        where = "`python -m bot` in its own process"
    else:
        where = "bot in this process"
    store = "" if world.floor else ", SQLite"
    if isinstance(world.location, str):
        store = ", PostgreSQL" if args.pg_sync == "on" else ", PostgreSQL (fsync off)"
    render = "" if world.floor else f"render interval {args.render_interval}s, "
    print(f"tables: {args.tables} (3 players each), think {args.think}s ±50%, {render}"
          f"{args.seconds}s of play, {where}{store}")  # fmt: skip
    print(f"setup: {len(run.setups)} interactions (open, join, start) in {setup:.2f}s; "
          f"ack p50 {ms(percentile(setup_latencies, 50))}, "
          f"p99 {ms(percentile(setup_latencies, 99))}")  # fmt: skip
    print(f"clicks: {clicks} in {elapsed:.2f}s = {clicks / elapsed:.1f} clicks/s")
    print(f"click to ack: {spread(latencies)}, max {ms(max(latencies))}")
    unanswered = sum(1 for h in run.played if h.ack_latency is None)
    if run.stalled or unanswered:
        print(
            f"OVERLOADED: {run.stalled} table(s) stopped (a click not acknowledged or a "
            f"turn not shown within {WAIT:.0f}s); {unanswered} click(s) never acknowledged"
        )
    if world.spread > 1:
        for shard, handles in sorted(run.by_shard.items()):
            part = [h.ack_latency for h in handles if h.ack_latency is not None]
            how = "direct: shard 0 gets the DMs" if shard == 0 else "relayed by shard 0"
            if world.processes == 1:
                how = "one process runs all"
            print(f"  tables on shard {shard} ({how}): {len(part)} clicks, {spread(part)}")
    if world.processes > 1:
        relayed, claimed, p50, p99 = await world.relayed()
        delay = ""
        if p50 is not None and p99 is not None:
            delay = f", relay to claim p50 {ms(p50)}, p99 {ms(p99)}"
        print(f"relayed clicks the database keeps (about a minute): {relayed}, "
              f"{claimed} claimed{delay}")  # fmt: skip
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
        each = ", ".join(
            f"shard {n}: {seconds:.1f} s ({seconds / elapsed:.0%})"
            for n, seconds in enumerate(process_cpu)
        )
        if world.processes == 1:
            each = f"{process_cpu[0]:.1f} s ({process_cpu[0] / elapsed:.0%})"
        who = "floor" if world.floor else "bot"
        print(f"CPU seconds: {who} {bot_cpu:.1f} s = {bot_cpu / elapsed:.0%} of a core "
              f"[{each}]; emulator and players {cpu:.1f} s ({cpu / elapsed:.0%})")  # fmt: skip
        if clicks + ai_clicks:
            summed = f", summed over {world.processes} processes" if world.processes > 1 else ""
            if ai_tables:
                summed += " (the AI tables' clicks counted too, not the AI's moves)"
            print(f"CPU per click: {who} {bot_cpu / (clicks + ai_clicks) * 1000:.2f} ms{summed}")
    else:
        print(f"CPU: bot, emulator and players together {cpu:.1f} s = "
              f"{cpu / elapsed:.0%} of a core")  # fmt: skip
        if clicks + ai_clicks:
            print(f"CPU per click: bot, emulator and players together "
                  f"{cpu / (clicks + ai_clicks) * 1000:.2f} ms")  # fmt: skip
    for route, count in routes.most_common(5):
        print(f"  {count:7d}  {route}")
    problems = len(world.problems())
    world.report_problems()
    return Figures(
        "", clicks, elapsed, latencies, process_cpu, cpu, problems, run.stalled, world.floor,
        ai_clicks,
    )  # fmt: skip


def spread(latencies: list[float]) -> str:
    """p50, p95, p99 (and p90) of latencies in seconds."""
    if not latencies:
        return "-"
    return ", ".join(f"p{p} {ms(percentile(latencies, p))}" for p in (50, 90, 95, 99))


def compare(args: argparse.Namespace, results: list[Figures | str]) -> None:
    """The runs in one table (Markdown), with the throughput relative to the first that
    completed and the CPU per click; a run that failed (an overloaded bot missing its set-up)
    is a row saying so. Then the ratios of CPU per click: N processes to one (``--compare``),
    the bot to the floor (``--vs-floor``)."""
    done = [r for r in results if isinstance(r, Figures)]
    base = done[0] if done else None
    floor = next((r for r in done if r.floor), None)
    print(f"comparison: {args.tables} tables, think {args.think}s, {args.seconds}s of play")
    print("| bot | clicks/s | ratio | p50 | p95 | p99 | max | bot CPU s (per process) "
          "| CPU ms/click | emulator + players CPU s | tables stopped | errors |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for result in results:
        if isinstance(result, str) or base is None:
            print(result)
            continue
        lat = result.latencies
        per = " + ".join(f"{seconds:.1f}" for seconds in result.process_cpu) or "-"
        print(f"| {result.label} | {result.rate:.1f} | {result.rate / base.rate:.2f} "
              f"| {ms(percentile(lat, 50))} | {ms(percentile(lat, 95))} "
              f"| {ms(percentile(lat, 99))} | {ms(max(lat))} | {per} "
              f"| {per_click(result.cpu_per_click)} "
              f"| {result.own_cpu:.1f} | {result.stalled} | {result.problems} |")  # fmt: skip
    if args.compare and len(results) >= 3:
        one, many = results[1], results[2]
        if isinstance(one, Figures) and isinstance(many, Figures):
            print(f"CPU per click, {args.processes} processes / 1 process on PostgreSQL: "
                  f"{ratio(many.cpu_per_click, one.cpu_per_click)} (goal ≤ 1.15)")  # fmt: skip
    if floor is not None:
        for result in done:
            if result is not floor:
                print(f"CPU per click: {result.label} {per_click(result.cpu_per_click)}, floor "
                      f"{per_click(floor.cpu_per_click)}, bot / floor "
                      f"{ratio(result.cpu_per_click, floor.cpu_per_click)}")  # fmt: skip


def per_click(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1000:.2f} ms"


def ratio(part: float | None, whole: float | None) -> str:
    return "-" if part is None or not whole else f"{part / whole:.2f}"


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
        "--profile-bot", type=Path, metavar="FILE",
        help="--bot-process under cProfile while the tables play, to FILE",
    )  # fmt: skip
    parser.add_argument(
        "--bot-log", type=Path, metavar="FILE",
        help="append what the bot processes logged (stderr, INFO) to FILE",
    )  # fmt: skip
    parser.add_argument(
        "--backend", choices=("sqlite", "postgresql"), default="sqlite",
        help="the store: a SQLite file, or a PostgreSQL server started for the run",
    )  # fmt: skip
    parser.add_argument(
        "--pg-sync", choices=("on", "off"), default="on",
        help="PostgreSQL's fsync and synchronous_commit (off: as the tests' server)",
    )  # fmt: skip
    parser.add_argument(
        "--processes", type=int, default=1,
        help="sharded `python -m bot` processes on one PostgreSQL database (N > 1 needs "
        "--backend postgresql); the guilds are spread evenly over N shards",
    )  # fmt: skip
    parser.add_argument(
        "--compare", action="store_true",
        help="run the load three times, as one `python -m bot` on SQLite, as one on "
        "PostgreSQL and as --processes processes on PostgreSQL, and print them in one table",
    )  # fmt: skip
    parser.add_argument(
        "--floor", action="store_true",
        help="play the load against the floor (benchmarks/floor.py) instead of the bot",
    )  # fmt: skip
    parser.add_argument(
        "--against", type=Path, metavar="DIR",
        help="first run, at the same load, the bot of another checkout of the project in DIR "
        "(e.g. a `git worktree` of an older commit), to compare two commits in one run",
    )  # fmt: skip
    parser.add_argument(
        "--vs-floor", action="store_true",
        help="run the bot (its own process) and then the floor at the same load, and print "
        "the CPU per click of each and their ratio",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.against is not None and (args.compare or args.floor or args.processes > 1):
        parser.error("--against runs one bot process: not with --compare, --floor or --processes")
    if args.floor and (args.vs_floor or args.compare):
        parser.error("--floor runs the floor alone: not with --vs-floor or --compare")
    if (args.floor or args.vs_floor) and args.ai_tables:
        parser.error("the floor plays no AI: --ai-tables not with --floor or --vs-floor")
    if args.processes < 1:
        parser.error("--processes must be at least 1")
    if args.compare and args.processes < 2:
        parser.error("--compare needs --processes 2 or more")
    if args.processes > 1 and not args.compare and args.backend != "postgresql":
        parser.error("--processes N > 1 needs --backend postgresql (processes share a database)")
    if args.processes > 1 and args.profile_bot:
        parser.error("--profile-bot profiles one bot process: not with --processes")
    return args


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse())))

"""How many actions a second the store commits: the limit the database puts on clicks.

`python -m benchmarks.commits --backend postgresql` starts a throw-away PostgreSQL server with
its durable defaults (as `benchmarks.tables --backend postgresql`), opens the bot's `Store` on
it and lets ``--tables`` tables append card plays as fast as the store takes them, each table
waiting for its own commit before the next (as a click waits for its action to be durable).
The group commit (`Store.append_action`) writes every action waiting with one statement; the
script prints actions committed per second, commits per second, the mean group, and the CPU
of this process per action. ``--backend sqlite`` measures the same on a SQLite file (WAL,
``synchronous=FULL``); ``both`` runs one after the other.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from benchmarks.world import database
from bot.storage import Store
from ramsch_core import Card, Play


async def measure(db: Path | str, tables: int, seconds: float) -> dict[str, float]:
    store = await Store.open(db)
    try:
        ids = []
        for n in range(tables):
            table_id = await store.create_table(
                guild_id=1, channel_id=n + 1, host_id=1, rules={"variant": "skat"},
                options={}, turn_timeout=None, seats=[(1, "Host", None, False)], at=0.0,
            )  # fmt: skip
            await store.start_match(
                table_id, guild_id=1, rules={"variant": "skat"}, options={}, seed=n,
                humans=1, at=0.0,
            )  # fmt: skip
            ids.append(table_id)
        commits = 0
        insert = store._insert_actions  # count the statements the group commit makes

        async def counted(rows: list[object]) -> None:
            nonlocal commits
            commits += 1
            await insert(rows)  # type: ignore[arg-type]

        store._insert_actions = counted  # type: ignore[method-assign]
        done = 0
        stop = time.monotonic() + seconds

        async def table(table_id: int) -> None:
            nonlocal done
            seq = 0
            while time.monotonic() < stop:
                await store.append_action(
                    table_id, seq=seq, seat=0, user_id=1, source="human",
                    action=Play(Card.CA), at=time.time(),
                )  # fmt: skip
                seq += 1
                done += 1

        cpu, start = time.process_time(), time.monotonic()
        await asyncio.gather(*(table(table_id) for table_id in ids))
        wall, cpu = time.monotonic() - start, time.process_time() - cpu
    finally:
        await store.close()
    return {
        "actions/s": done / wall,
        "commits/s": commits / wall,
        "group": done / max(commits, 1),
        "cpu ms/action": cpu * 1000 / max(done, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--tables", type=int, default=200, help="tables appending at once")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    backends = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    print(f"{args.tables} tables, each appending its next action once the last is committed")
    print("| store | actions/s | commits/s | actions per commit | CPU ms/action (this process) |")
    print("|---|---|---|---|---|")
    for backend in backends:
        with tempfile.TemporaryDirectory() as tmp, database(backend, Path(tmp)) as db:
            got = asyncio.run(measure(db, args.tables, args.seconds))
        print(
            f"| {backend} | {got['actions/s']:.0f} | {got['commits/s']:.0f} | "
            f"{got['group']:.1f} | {got['cpu ms/action']:.3f} |"
        )


if __name__ == "__main__":
    main()

"""Writes tests/data/legacy/v2.sqlite3 and v2.expected.json with the bot of schema version 2.

This script ran once, against commit 5ca1bef (the last version whose newest migration is 002),
to keep a database as that version left it: finished sessions of every variant, a cancelled
table, tables in the middle of a deal (one mid-push, one with an away player, one whose last
deal's results never reached the store), a lobby, guild settings and what the messages showed.
Later versions must open it, migrate it and play its live tables on (tests/bot/test_upgrade.py).
It imports that version's modules and does not run against later ones.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import sys
from pathlib import Path
from typing import Any

from bot.storage import ShownHand, ShownTable, Store
from bot.tables import TableService
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    HOST,
    FakeClock,
    make_service,
    play_human_turn,
    start_table,
)

HERE = Path(__file__).resolve().parent
USERS = (HOST, ALICE, BOB, CAROL)


async def play(service: TableService, table: Any, rng: random.Random, turns: int) -> None:
    for _ in range(turns):
        if table.status != "playing":
            return
        await play_human_turn(service, table, rng)


async def finish(service: TableService, table: Any, rng: random.Random) -> None:
    while table.status == "playing":
        await play_human_turn(service, table, rng)


async def build(path: Path) -> dict[str, Any]:
    clock = FakeClock(1_760_000_000.0)
    counter = itertools.count(7000)
    rng = random.Random(2)
    expected: dict[str, Any] = {"live": {}, "finished": [], "cancelled": []}
    async with Store(path) as store:
        service = make_service(store, clock, lambda: next(counter))
        await service.set_guild_settings(
            1, {"preset": "altenburg", "rules": {"tens_low": True}, "turn_timeout": 90}
        )
        # Finished sessions of every variant.
        for channel, preset_name, players, ai, seats, rounds in (
            (11, "skat", (ALICE, BOB), 0, None, 1),
            (12, "altenburg-penalty", (ALICE, BOB), 0, None, 2),
            (13, "schafkopf", (ALICE, BOB, CAROL), 0, None, 1),
            (14, "skat-fixed", (ALICE, BOB), 1, 4, 1),
            (15, "bauernramsch", (ALICE, BOB), 1, None, 1),
            (16, "skat-schieberamsch", (ALICE, BOB), 0, None, 1),
        ):
            table = await start_table(
                service, preset_name, players=players, ai=ai, seats=seats, rounds=rounds,
                channel=channel,
            )  # fmt: skip
            clock.advance(60)
            await finish(service, table, rng)
            expected["finished"].append(table.id)
        # Cancelled after one deal: that deal keeps its result.
        table = await start_table(service, "skat", channel=17, rounds=2)
        while table.session is not None and not table.session.finished_deals:
            await play_human_turn(service, table, rng)
        await service.cancel(table.id, HOST)
        expected["cancelled"].append(table.id)
        # Live tables.
        live = []
        table = await start_table(service, "skat-schieberamsch", channel=20)
        while table.session is not None and len(table.session.finished_deals) < 1:
            await play_human_turn(service, table, rng)
        await play(service, table, rng, 1)  # forehand of deal 2 picks up or passes on
        live.append(table)
        table = await start_table(service, "schafkopf", players=(ALICE, BOB, CAROL), channel=21)
        await play(service, table, rng, 11)
        live.append(table)
        table = await start_table(service, "skat", ai=1, seats=4, channel=22, players=(ALICE, BOB))
        while table.session is not None and len(table.session.finished_deals) < 1:
            await play_human_turn(service, table, rng)
        await play(service, table, rng, 4)
        seat = table.seat_of(BOB)
        assert seat is not None
        await store.set_away(table.id, seat, True)
        table.seats[seat].away = True
        live.append(table)
        table = await start_table(service, "altenburg-schieberamsch", channel=23)
        await play(service, table, rng, 9)
        live.append(table)
        # A deal finished, its results lost in a crash between the two commits.
        table = await start_table(service, "altenburg", channel=25, rounds=1)
        session = table.session
        assert session is not None
        original = store.record_deals

        async def crash(*args: object, **kwargs: object) -> None:
            raise OSError("disk full")

        store.record_deals = crash  # type: ignore[method-assign]
        while not session.finished_deals:
            await play_human_turn(service, table, rng)
        await play(service, table, rng, 2)
        store.record_deals = original  # type: ignore[method-assign]
        live.append(table)
        opened = await service.open(guild_id=1, channel_id=24, host_id=HOST, host_name="Host")
        lobby = opened.table
        await service.join(lobby.id, ALICE, "Alice")
        await service.add_ai(lobby.id, HOST, "random")
        await service.wait_idle()
        # What the messages of two live tables showed.
        shown = []
        for number, table in enumerate(live[:2]):
            await service.set_message(table.id, 900 + number)
            hands = tuple(
                ShownHand(user, 5000 + user, 7000 + user, table.deal_number, table.log_length, None)
                for user in USERS
                if table.seat_of(user) is not None
            )
            shown.append(
                ShownTable(
                    table.id, 900 + number, table.log_length, table.deal_number,
                    len(table.session.finished_deals), "0" * len(table.seats), None, hands,
                )
            )  # fmt: skip
        await store.save_shown(shown, at=clock())
        for table in live:
            session = table.session
            assert session is not None
            expected["live"][str(table.id)] = {
                "preset_rules": table.rules.model_dump(),
                "actions": table.log_length,
                "deal": session.number,
                "to_act": session.to_act,
                "finished_deals": len(session.finished_deals),
                "totals": [str(total) for total in session.totals],
                "away": [seat.away for seat in table.seats],
            }
        expected["lobby"] = lobby.id
        expected["boards"] = {}
        for variant in ("skat", "schafkopf", "altenburg"):
            page = await service.leaderboard(1, variant, limit=100)
            expected["boards"][variant] = [
                [row.user_id, row.sessions, row.deals, row.total] for row in page.rows
            ]
        expected["stats"] = {}
        for user in USERS:
            stats = await service.user_stats(1, user)
            expected["stats"][str(user)] = [
                stats.sessions, stats.deals, stats.total, stats.losses, stats.jungfrau,
                stats.durchmarsch, stats.best_session, stats.best_session_total,
            ]  # fmt: skip
        expected["history"] = {
            str(user): [
                [s.table_id, s.variant, s.status, s.deals, [p.total for p in s.players]]
                for s in await service.history(user, guild_id=1, limit=100)
            ]
            for user in USERS
        }
        expected["records"] = {
            f"{table_id}:0": await service.deal_record(table_id, 0)
            for table_id in expected["finished"]
        }
        expected["schema_version"] = await store.schema_version()
        await service.close()
    return expected


def main() -> int:
    path = HERE / "v2.sqlite3"
    for stale in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        stale.unlink(missing_ok=True)
    expected = asyncio.run(build(path))
    (HERE / "v2.expected.json").write_text(json.dumps(expected, indent=1) + "\n")
    print(f"wrote {path} ({path.stat().st_size} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

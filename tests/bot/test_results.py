"""Leaderboards, stats, history and game records, checked against a replay of the log."""

from __future__ import annotations

import asyncio
import io
import itertools
import json
import shutil
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import pytest

from bot.storage import Period, Store, period_start
from bot.tables import TableError, TableService
from ramsch_core import Match, Play, deal_seed, parse_rules, parse_table_options, replay_record
from ramsch_core.cli import main as cli_main
from ramsch_core.record import deal_record
from tests.bot.helpers import FakeClock, make_service, play_out, start_table
from tests.bot.people import ALICE, BOB, CAROL, CHANNEL, GUILD, HOST

DAY = 86400.0


@dataclass
class Tally:
    sessions: set[int] = field(default_factory=set)
    deals: int = 0
    total: Fraction = Fraction(0)
    losses: int = 0
    jungfrau: int = 0
    durchmarsch: int = 0
    per_session: dict[int, Fraction] = field(default_factory=lambda: defaultdict(Fraction))


async def recompute(
    store: Store, guild: int, variant: str | None, since: float = float("-inf")
) -> dict[int, Tally]:
    """Every player's record rebuilt from the action log alone, with Session.replay."""
    sessions = await store.db.execute_fetchall(
        "SELECT table_id, guild_id, variant, rules, options, seed FROM matches"
    )
    tallies: dict[int, Tally] = defaultdict(Tally)
    for table_id, guild_id, session_variant, rules, options, seed in sessions:
        if guild_id != guild or variant not in (None, session_variant):
            continue
        seats = await store.db.execute_fetchall(
            "SELECT user_id FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        )
        users = [row[0] for row in seats]
        if sum(user is not None for user in users) < 2:
            continue
        log = await store.tables.load_actions(table_id)
        match = Match.replay(
            parse_rules(json.loads(rules)), parse_table_options(json.loads(options)), seed,
            [(logged.seat, logged.action) for logged in log],
        )  # fmt: skip
        # a deal finishes with the card that completes its last trick
        cards = match.rules.hand_size * match.rules.players
        plays = [logged.at for logged in log if isinstance(logged.action, Play)]
        ends = plays[cards - 1 :: cards]
        for entry, finished_at in zip(match.finished_deals, ends, strict=True):
            if finished_at < since:
                continue
            for deal_seat, table_seat in enumerate(entry.seats):
                user = users[table_seat]
                if user is None:
                    continue
                tally = tallies[user]
                tally.sessions.add(table_id)
                tally.deals += 1
                tally.total += entry.table_scores[table_seat]
                tally.per_session[table_id] += entry.table_scores[table_seat]
                tally.losses += deal_seat in entry.result.losers
                tally.jungfrau += deal_seat in entry.result.detail.jungfrau
                tally.durchmarsch += entry.result.detail.durchmarsch == deal_seat
    return tallies


async def play_sessions(service: TableService, clock: FakeClock) -> list[int]:
    """A month of play in one guild, plus a session in another guild."""
    tables = []
    table = await start_table(service, players=(ALICE, BOB))
    await play_out(service, table, seed=1)
    tables.append(table.id)
    clock.advance(40 * DAY)
    table = await start_table(service, players=(ALICE,), ai=1)  # two humans: counts
    await play_out(service, table, seed=2)
    tables.append(table.id)
    table = await start_table(service, players=(), ai=2)  # one human: never ranks
    await play_out(service, table, seed=3)
    tables.append(table.id)
    table = await start_table(service, "altenburg-penalty", players=(ALICE, CAROL), rounds=2)
    await play_out(service, table, seed=4)
    tables.append(table.id)
    table = await start_table(service, players=(BOB, CAROL))
    await play_out(service, table, seed=5, max_actions=40)  # aborted after its first deal
    await service.lobby.cancel(table.id, HOST)
    tables.append(table.id)
    table = await start_table(service, players=(ALICE, BOB), guild=GUILD + 1)
    await play_out(service, table, seed=6)
    tables.append(table.id)
    return tables


@dataclass(frozen=True)
class Played:
    path: Path
    tables: list[int]
    now: float


@pytest.fixture(scope="module")
def month_of_play(tmp_path_factory: pytest.TempPathFactory) -> Played:
    """play_sessions once per module; each test gets a copy of the database."""
    path = tmp_path_factory.mktemp("played") / "ramsch.db"
    clock = FakeClock()

    async def build() -> list[int]:
        async with Store(path) as store:
            service = make_service(store, clock, itertools.count(1000).__next__)
            try:
                return await play_sessions(service, clock)
            finally:
                await service.close()

    return Played(path, asyncio.run(build()), clock.now)


@pytest.fixture
async def played(
    month_of_play: Played, tmp_path: Path, clock: FakeClock
) -> AsyncIterator[tuple[TableService, Store, list[int]]]:
    copy = tmp_path / "played.db"
    shutil.copy(month_of_play.path, copy)
    clock.now = month_of_play.now
    async with Store(copy) as store:
        service = make_service(store, clock, itertools.count(5000).__next__)
        yield service, store, month_of_play.tables
        await service.close()


async def test_boards_and_stats_equal_a_recomputation_from_the_log(
    played: tuple[TableService, Store, list[int]], clock: FakeClock
) -> None:
    service, store, _ = played
    for variant in ("skat", "altenburg"):
        periods: tuple[Period, ...] = ("all", "month", "week")
        for period in periods:
            since = period_start(period, clock.now)
            expected = await recompute(store, GUILD, variant, since)
            assert expected  # every board has players to compare
            page = await service.boards.leaderboard(
                GUILD, "ramsch", variant, period=period, limit=100
            )
            board = {row.user_id: row for row in page.rows}
            assert set(board) == set(expected) and page.total_players == len(expected)
            for user, tally in expected.items():
                row = board[user]
                assert (row.sessions, row.deals) == (len(tally.sessions), tally.deals)
                assert Fraction(row.total) == tally.total
                assert row.average == pytest.approx(float(tally.total) / tally.deals)
            totals = [row.total for row in page.rows]
            assert totals == sorted(totals, reverse=True)
    assert await recompute(store, GUILD, "skat") != await recompute(
        store, GUILD, "skat", period_start("week", clock.now)
    )
    for variant_or_all in ("skat", None):
        expected = await recompute(store, GUILD, variant_or_all)
        for user in (HOST, ALICE, BOB, CAROL):
            stats = await service.boards.user_stats(
                GUILD, user, game="ramsch", variant=variant_or_all
            )
            tally = expected[user]
            assert stats.sessions == len(tally.sessions) and stats.deals == tally.deals
            assert Fraction(stats.total) == tally.total
            assert (stats.losses, stats.jungfrau, stats.durchmarsch) == (
                tally.losses, tally.jungfrau, tally.durchmarsch,
            )  # fmt: skip
            best = max(tally.per_session.values())
            assert stats.best_session_total == float(best)
            assert tally.per_session[stats.best_session or 0] == best


async def test_ai_seats_and_lone_humans_never_rank(
    played: tuple[TableService, Store, list[int]],
) -> None:
    service, store, tables = played
    page = await service.boards.leaderboard(GUILD, "ramsch", "skat", limit=100)
    assert {row.user_id for row in page.rows} == {HOST, ALICE, BOB, CAROL}
    rows = await store.db.execute_fetchall(
        "SELECT COUNT(*) FROM deal_scores WHERE table_id = ? AND user_id = ?", (tables[2], HOST)
    )
    assert list(rows) == [(3,)]  # stored, but a one-human session does not count
    stats = await service.boards.user_stats(GUILD, HOST, game="ramsch", variant="skat")
    assert stats.sessions == 3  # tables[0], [1] and the aborted [4]; not the one-human [2]
    other = await service.boards.leaderboard(GUILD + 1, "ramsch", "skat")
    assert {row.user_id for row in other.rows} == {HOST, ALICE, BOB}


async def test_leaderboard_pages(played: tuple[TableService, Store, list[int]]) -> None:
    service, _, _ = played
    full = await service.boards.leaderboard(GUILD, "ramsch", "skat", limit=100)
    pages = [
        await service.boards.leaderboard(GUILD, "ramsch", "skat", offset=o, limit=2)
        for o in (0, 2, 4)
    ]
    assert [row for page in pages for row in page.rows] == full.rows
    assert full.rows[0].rank == 1 and pages[2].rows == []
    assert all(page.total_players == 4 for page in pages)
    with pytest.raises(TableError, match="Pages"):
        await service.boards.leaderboard(GUILD, "ramsch", "skat", limit=0)
    with pytest.raises(TableError, match="Unknown period"):
        await service.boards.leaderboard(GUILD, "ramsch", "skat", period="year")  # type: ignore[arg-type]


async def test_a_finished_deals_record_replays_to_the_same_result(
    service: TableService, store: Store, tmp_path: Path
) -> None:
    table = await start_table(service, "skat-schieberamsch")
    await play_out(service, table, seed=8)
    match = table.match
    assert match is not None
    for entry in match.finished_deals:
        record = await service.boards.deal_record(table.id, entry.number)
        assert record["seed"] == deal_seed(match.seed, entry.number)
        deal = replay_record(record)
        assert deal.result == entry.result
        assert deal_record(deal, seed=record["seed"]) == record
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(await service.boards.deal_record(table.id, 1)))
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli_main(["replay", str(path)]) == 0
    summary = json.loads(out.getvalue())
    assert summary["finished"] is True
    assert summary["card_points"] == list(match.finished_deals[1].result.card_points)
    with pytest.raises(TableError, match="no finished deal 4"):
        await service.boards.deal_record(table.id, 3)


async def test_history_lists_a_users_sessions_newest_first(
    played: tuple[TableService, Store, list[int]],
) -> None:
    service, _, tables = played
    history = await service.boards.history(CAROL)
    assert [summary.table_id for summary in history] == [tables[4], tables[3]]
    aborted, altenburg = history
    assert aborted.status == "cancelled" and aborted.deals == 1
    assert altenburg.status == "finished" and altenburg.deals == 6
    assert altenburg.variant == "altenburg" and altenburg.finished_at is not None
    assert [p.name for p in altenburg.players] == ["Host", "Alice", "Carol"]
    assert sum(Fraction(p.total) for p in altenburg.players) <= 0
    assert [s.table_id for s in await service.boards.history(ALICE, guild_id=GUILD + 1)] == [
        tables[5]
    ]
    assert len(await service.boards.history(HOST, limit=2)) == 2


async def test_integrity_check_after_play(service: TableService, store: Store) -> None:
    table = await start_table(service)
    await play_out(service, table, seed=9)
    await service.lobby.cancel((await start_table(service, channel=CHANNEL + 1)).id, HOST)
    assert await store.integrity_check() == ["ok"]

"""Issue 13: skill ratings from finished matches (openskill Plackett–Luce, AI anchors), the
rating and average boards, a player's ratings, and the back-fill of older matches."""

from __future__ import annotations

import json
import shutil
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from bot import ratings
from bot.ratings import NEWCOMER, RatedSeat, Skill, anchor, display, ranks, rate
from bot.storage import Store
from bot.tables import TableError, TableService
from tests.bot.helpers import ALICE, BOB, CAROL, GUILD, HOST, FakeClock, play_out, start_table

DAY = 86400.0
LEGACY = Path(__file__).resolve().parents[1] / "data" / "legacy" / "v2.sqlite3"


# -- the model --------------------------------------------------------------------------------


def test_ranks_follow_the_totals_and_equal_totals_tie() -> None:
    assert ranks([Fraction(-10), Fraction(0), Fraction(-10)]) == [2, 1, 2]
    assert ranks([5, 5, 5]) == [1, 1, 1]
    assert ranks([-3, -1, -2, -7]) == [3, 1, 2, 4]


def test_the_winner_gains_the_loser_loses_and_a_tie_moves_both_alike() -> None:
    seats = [RatedSeat(1, None, 10, NEWCOMER), RatedSeat(2, None, 0, NEWCOMER),
             RatedSeat(3, None, -10, NEWCOMER)]  # fmt: skip
    first, second, third = rate(seats)
    assert first.mu > second.mu > third.mu and all(s.sigma < NEWCOMER.sigma for s in (first, third))
    tied = rate([RatedSeat(1, None, 0, NEWCOMER), RatedSeat(2, None, 0, NEWCOMER),
                 RatedSeat(3, None, -5, NEWCOMER)])  # fmt: skip
    assert tied[0] == tied[1] and tied[0].mu > NEWCOMER.mu > tied[2].mu
    assert rate(seats) == rate(seats)  # deterministic: a back-fill gives the same numbers


def test_ai_seats_are_fixed_anchors_and_solo_wins_cannot_be_farmed() -> None:
    me = NEWCOMER
    for _ in range(300):  # a lone human beats two AIs again and again
        table = [RatedSeat(7, None, 0, me), RatedSeat(None, "heuristic", -30, anchor("heuristic")),
                 RatedSeat(None, "random", -60, anchor("random"))]  # fmt: skip
        after = rate(table)
        assert after[1] == anchor("heuristic") and after[2] == anchor("random")
        me = after[0]
    assert me.mu == pytest.approx(anchor("heuristic").mu + ratings.AI_MARGIN)
    assert me.display < 1800  # bounded: a strong, sure human rating is above this
    lost = rate([RatedSeat(7, None, -90, me), RatedSeat(None, "heuristic", 0, anchor("heuristic")),
                 RatedSeat(None, "heuristic", 0, anchor("heuristic"))])[0]  # fmt: skip
    assert lost.mu < me.mu  # a solo loss counts in full
    # with two humans there is no ceiling
    strong = Skill(40.0, 2.0)
    duo = rate([RatedSeat(7, None, 0, strong), RatedSeat(8, None, -5, NEWCOMER),
                RatedSeat(None, "random", -60, anchor("random"))])  # fmt: skip
    alone = [RatedSeat(7, None, 0, strong), RatedSeat(None, "random", -60, anchor("random"))]
    ceiling = ratings.solo_ceiling(alone)
    assert ceiling is not None and strong.mu > ceiling
    assert rate(alone)[0].mu == strong.mu  # above the ceiling a solo win gains nothing
    assert duo[0].mu > strong.mu  # ... but beating a human does
    assert anchor("unknown kind") == anchor("heuristic")


def test_display_starts_at_1000_and_rounds_like_sqlite() -> None:
    assert display(NEWCOMER.mu, NEWCOMER.sigma) == 1000 == NEWCOMER.display
    assert display(25.02, 0) == 1626  # 1625.5 rounds away from zero, as ROUND in SQLite
    assert display(-20.0, 0.0) == 500 and display(-40.02, 0) == -1
    db = sqlite3.connect(":memory:")
    for mu, sigma in ((25.02, 0.0), (-40.02, 0.0), (31.7, 2.31), (3.3, 8.1)):
        (value,) = db.execute(f"SELECT {ratings.display_sql(str(mu), str(sigma))}").fetchone()
        assert value == display(mu, sigma)


# -- finished matches are rated once, in order ----------------------------------------------------


async def rated_rows(store: Store, table_id: int) -> list[tuple[int, int | None, str | None, int]]:
    rows = await store.db.execute_fetchall(
        "SELECT seat, user_id, ai, rank FROM rating_changes WHERE table_id = ? ORDER BY seat",
        (table_id,),
    )
    return [(seat, user, ai, rank) for seat, user, ai, rank in rows]


async def test_a_finished_match_is_rated_when_it_ends(service: TableService, store: Store) -> None:
    table = await start_table(service, players=(ALICE,), ai=1)
    await play_out(service, table, seed=1)
    assert table.status == "finished" and table.match is not None
    rows = await rated_rows(store, table.id)
    totals = list(table.match.totals)
    assert [(seat, user) for seat, user, _, _ in rows] == [(0, HOST), (1, ALICE), (2, None)]
    assert [rank for *_, rank in rows] == ranks(totals)
    assert rows[2][2] == "heuristic"
    board = await service.boards.rating_board(GUILD, "ramsch", "skat", min_deals=0)
    assert {row.user_id for row in board.rows} == {HOST, ALICE}
    assert all(row.matches == 1 and row.deals == 3 for row in board.rows)
    # rated once: later reads, a restart, another finished match do not rate it again
    assert await store.ratings.rate_finished_matches() == []
    assert len(await rated_rows(store, table.id)) == 3


async def test_cancelled_and_lobby_tables_are_not_rated(
    service: TableService, store: Store
) -> None:
    table = await start_table(service, players=(ALICE, BOB))
    await play_out(service, table, seed=2, max_actions=40)  # a deal or so, then aborted
    await service.lobby.cancel(table.id, HOST)
    assert await store.ratings.rate_finished_matches() == []
    assert await rated_rows(store, table.id) == []
    assert (await service.boards.rating_board(GUILD, "ramsch", "skat", min_deals=0)).rows == []


async def test_matches_finished_before_ratings_are_rated_in_order_of_finish(
    service: TableService, store: Store, clock: FakeClock, db_path: Path
) -> None:
    """A database from before this version: its finished matches have no rating; the first
    read rates them in the order they finished, the same as if rated as they ended."""
    ends = []
    for seed, players in ((3, (ALICE, BOB)), (4, (ALICE, CAROL)), (5, (BOB, CAROL))):
        table = await start_table(service, players=players)
        await play_out(service, table, seed=seed)
        ends.append(table.id)
        clock.advance(DAY)
    live = await service.boards.rating_board(GUILD, "ramsch", "skat", min_deals=0)
    # forget every rating, as an old database has none, and shuffle the table order of finish
    await store.db.execute("DELETE FROM rating_changes")
    await store.db.execute("DELETE FROM ratings")
    await store.db.execute("UPDATE matches SET rated_at = NULL, rated = NULL")
    assert await store.ratings.rate_finished_matches() == ends
    again = await service.boards.rating_board(GUILD, "ramsch", "skat", min_deals=0)
    assert again == live


async def test_a_malformed_match_is_skipped_not_raised(service: TableService, store: Store) -> None:
    table = await start_table(service, players=(ALICE, BOB))
    await play_out(service, table, seed=6)
    await store.db.execute("DELETE FROM rating_changes")
    await store.db.execute("DELETE FROM ratings")
    await store.db.execute(
        "UPDATE matches SET rated_at = NULL, totals = ? WHERE table_id = ?",
        (json.dumps(["x", 1]), table.id),
    )
    assert await store.ratings.rate_finished_matches() == [table.id]
    rows = await store.db.execute_fetchall(
        "SELECT rated FROM matches WHERE table_id = ?", (table.id,)
    )
    assert list(rows) == [(0,)] and await rated_rows(store, table.id) == []


# -- the boards -----------------------------------------------------------------------------------


async def a_month(service: TableService, clock: FakeClock) -> None:
    """Alice wins a lot long ago; this week Bob and Carol play, Alice once."""
    for seed in range(4):
        table = await start_table(service, players=(ALICE, BOB))
        await play_out(service, table, seed=10 + seed)
    clock.advance(40 * DAY)
    for seed in range(2):
        table = await start_table(service, players=(BOB, CAROL))
        await play_out(service, table, seed=20 + seed)
    table = await start_table(service, players=(ALICE, CAROL))
    await play_out(service, table, seed=30)


async def test_the_rating_board_ranks_by_rating_with_a_minimum_of_deals(
    service: TableService, store: Store, clock: FakeClock
) -> None:
    await a_month(service, clock)
    every = await service.boards.rating_board(GUILD, "ramsch", "skat", min_deals=0, viewer=ALICE)
    shown = [row.rating or 0 for row in every.rows]
    assert shown == sorted(shown, reverse=True) and every.total_players == 4
    stored = await store.db.execute_fetchall(
        "SELECT user_id, mu, sigma, matches, deals FROM ratings WHERE guild_id = ?", (GUILD,)
    )
    by_user = {user: (display(mu, sigma), matches, deals) for user, mu, sigma, matches, deals
               in stored}  # fmt: skip
    for row in every.rows:
        assert (row.rating, row.matches, row.deals) == by_user[row.user_id]
        assert row.change is None
    assert by_user[HOST][1:] == (7, 21) and by_user[CAROL][1:] == (3, 9)
    assert every.viewer is not None and every.viewer.user_id == ALICE
    # the minimum: Carol (9 deals) is left out but sees where she stands
    ten = await service.boards.rating_board(GUILD, "ramsch", "skat", viewer=CAROL)
    assert ten.min_deals == 10 and CAROL not in {row.user_id for row in ten.rows}
    assert ten.total_players == 3 and ten.viewer is not None and ten.viewer.rank is None
    assert ten.viewer.deals == 9
    # a week: who played this week, ranked by rating, with the change this week
    week = await service.boards.rating_board(GUILD, "ramsch", "skat", period="week",
                                             min_deals=0, viewer=ALICE)  # fmt: skip
    assert {row.user_id for row in week.rows} == {HOST, ALICE, BOB, CAROL}
    alice = next(row for row in week.rows if row.user_id == ALICE)
    changes = await store.db.execute_fetchall(
        "SELECT mu_before, sigma_before, mu_after, sigma_after FROM rating_changes"
        " WHERE user_id = ? ORDER BY finished_at DESC LIMIT 1",
        (ALICE,),
    )
    (before_mu, before_sigma, after_mu, after_sigma), = changes  # fmt: skip
    assert alice.matches == 1 and alice.deals == 3
    assert alice.change == display(after_mu, after_sigma) - display(before_mu, before_sigma)
    # pages
    pages = [await service.boards.rating_board(GUILD, "ramsch", "skat", min_deals=0,
                                               offset=o, limit=2) for o in (0, 2)]  # fmt: skip
    assert [row for page in pages for row in page.rows] == every.rows


async def test_the_average_board_ranks_by_score_per_deal(
    service: TableService, clock: FakeClock
) -> None:
    await a_month(service, clock)
    board = await service.boards.rating_board(GUILD, "ramsch", "skat", rank="average",
                                              min_deals=0)  # fmt: skip
    averages = [row.average for row in board.rows]
    assert None not in averages and averages == sorted(averages, reverse=True)  # type: ignore[type-var]
    totals = await service.boards.leaderboard(GUILD, "ramsch", "skat", limit=100)
    expected = {row.user_id: row.average for row in totals.rows}
    assert {row.user_id: row.average for row in board.rows} == pytest.approx(expected)
    assert all(row.rating is not None for row in board.rows)
    strict = await service.boards.rating_board(GUILD, "ramsch", "skat", rank="average",
                                               min_deals=12)  # fmt: skip
    assert all(row.deals >= 12 for row in strict.rows) and len(strict.rows) < len(board.rows)


async def test_bad_board_requests_are_refused(service: TableService) -> None:
    with pytest.raises(TableError, match="Rank by rating or by average"):
        await service.boards.rating_board(GUILD, "ramsch", "skat", rank="sum")  # type: ignore[arg-type]
    with pytest.raises(TableError, match="minimum of deals"):
        await service.boards.rating_board(GUILD, "ramsch", "skat", min_deals=-1)
    with pytest.raises(TableError, match="Unknown period"):
        await service.boards.rating_board(GUILD, "ramsch", "skat", period="year")  # type: ignore[arg-type]
    with pytest.raises(TableError, match="Pages"):
        await service.boards.rating_board(GUILD, "ramsch", "skat", limit=1000)


async def test_a_players_ratings_with_history(service: TableService, clock: FakeClock) -> None:
    await a_month(service, clock)
    (mine,) = await service.boards.user_ratings(GUILD, ALICE, game="ramsch", period="week")
    assert (mine.game, mine.variant, mine.matches, mine.deals) == ("ramsch", "skat", 5, 15)
    assert len(mine.history) == 6 and mine.history[0][1] == 1000
    assert mine.history[-1][1] == mine.rating and mine.rank is not None
    assert mine.change == mine.rating - mine.history[-2][1]
    assert await service.boards.user_ratings(GUILD, ALICE, game="skat") == []
    assert await service.boards.user_ratings(GUILD + 1, ALICE) == []


async def test_a_database_from_before_ratings_is_rated_on_first_use(tmp_path: Path) -> None:
    """The version 2 database of tests/data/legacy: after the upgrade its finished matches
    with a human are rated on the first board read, in order of finish; nothing else changes."""
    path = tmp_path / "v2.sqlite3"
    shutil.copy(LEGACY, path)
    async with Store(path) as store:
        finished = [
            row[0]
            for row in await store.db.execute_fetchall(
                "SELECT s.table_id FROM matches s JOIN tables t ON t.id = s.table_id"
                " WHERE t.status = 'finished' AND s.finished_at IS NOT NULL"
                " ORDER BY s.finished_at, s.table_id"
            )
        ]
        assert finished  # the legacy database has finished matches to rate
        (guild, variant) = next(iter(await store.db.execute_fetchall(
            "SELECT guild_id, variant FROM matches WHERE table_id = ?", (finished[0],)
        )))  # fmt: skip
        assert await store.ratings.rate_finished_matches() == finished  # oldest finish first
        board = await store.ratings.rating_board(guild, "ramsch", variant, min_deals=0)
        assert board.rows and board.played == board.total_players
        assert await store.ratings.rate_finished_matches() == []
        assert await store.integrity_check() == ["ok"]

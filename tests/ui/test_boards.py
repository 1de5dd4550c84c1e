"""Leaderboard pages, stats, history, score sheet, Bock and away: pure renders within limits."""

from __future__ import annotations

import random

import pytest

from bot.storage import (
    LeaderboardPage,
    LeaderboardRow,
    MatchPlayer,
    MatchSummary,
    UserStats,
)
from bot.ui.boards import (
    board_key,
    parse_board,
    render_history,
    render_leaderboard,
    render_stats,
)
from bot.ui.hand import render_hand
from bot.ui.results import render_standings
from bot.ui.table import render_table
from tests.ui.helpers import USER_IDS, act_randomly, custom_ids, items, make_table, problems


def page(offset: int, total: int, limit: int = 10) -> LeaderboardPage:
    rows = [
        LeaderboardRow(offset + i + 1, 1000 + offset + i, "*Name*" * 10, 3, 30, -12.5, -0.41)
        for i in range(min(limit, total - offset))
    ]
    return LeaderboardPage(rows, total, offset, limit)


def test_one_page_has_no_buttons() -> None:
    shown = render_leaderboard(page(0, 4), 7, "skat", "all", viewer=1001)
    assert shown.view is None and not problems(shown)
    assert "Page 1 of 1 · 4 players" in shown.text() and "← you" in shown.text()
    assert "**1.** <@1000> **−12½** · 30 deals · 3 sessions · Ø −0.4" in shown.text()


def test_pages_carry_guild_variant_period_and_offset() -> None:
    first = render_leaderboard(page(0, 25), 7, "altenburg", "week", viewer=1)
    assert not problems(first)
    assert custom_ids(first) == ["ramsch:lb:7:altenburg:week:0:prev",
                                 "ramsch:lb:7:altenburg:week:10:next"]  # fmt: skip
    prev, following = items(first)
    assert prev.disabled and not following.disabled
    last = render_leaderboard(page(20, 25), 7, "altenburg", "week", viewer=1)
    prev, following = items(last)
    assert not prev.disabled and following.disabled
    assert "Page 3 of 3 · 25 players" in last.text()
    assert custom_ids(last)[0] == "ramsch:lb:7:altenburg:week:10:prev"


def test_board_keys_keep_the_form_of_posted_buttons() -> None:
    assert parse_board("skat") == parse_board("ramsch/skat") == ("ramsch", "skat")
    assert board_key("ramsch", "skat") == "skat"
    with pytest.raises(ValueError, match="No leaderboard"):
        parse_board("ramsch/nope")
    with pytest.raises(ValueError, match="No leaderboard"):
        parse_board("nogame/skat")
    assert custom_ids(render_leaderboard(page(0, 25), 7, "ramsch/altenburg", "week", 1)) == (
        custom_ids(render_leaderboard(page(0, 25), 7, "altenburg", "week", 1))
    )


def test_stats_show_the_best_session() -> None:
    record = UserStats(5, 2, 12, 33.5, 2.79, 4, 1, 1, 17, 40.0)
    shown = render_stats(record, "Alice", "skat", "month")
    text = shown.text()
    assert "Skat Ramsch, this month" in text and "Best session\nTable #17: +40" in text
    assert "Total\n+33½" in text and "Jungfrau\n1" in text and not problems(shown)


def test_ramsen_stats_show_games_won_and_extra_crosses_not_jungfrau() -> None:
    """RA-5, RA-7: a Ramsen record counts games won, deals passed and extra crosses; Ramsch's
    Jungfrau and Durchmarsch mean nothing there."""
    tags = {"winner": 2, "passed": 5, "extra_cross": 3}
    record = UserStats(5, 3, 14, 9.0, 0.64, 0, 0, 0, 17, 8.0, tags)
    text = render_stats(record, "Alice", "ramsen/ramsen", "all").text()
    assert "Ramsen, all time" in text and "Bars drawn\n+9" in text
    assert "Games won\n2" in text and "Deals passed\n5" in text and "Extra crosses\n3" in text
    assert "Jungfrau" not in text and "Durchmarsch" not in text
    every = render_stats(record, "Alice", None, "all").text()
    assert "Games won\n2" in every and "Jungfrau\n0" in every
    ramsch = render_stats(UserStats(5, 2, 12, 33.5, 2.79, 4, 1, 1, 17, 40.0), "A", "skat", "all")
    assert "Games won" not in ramsch.text()


def test_history_offers_at_most_25_records() -> None:
    players = [MatchPlayer(0, 1, "Alice", 10.0), MatchPlayer(1, None, "AI 1", -10.0),
               MatchPlayer(2, 2, "B_o_b", 0.0)]  # fmt: skip
    sessions = [
        MatchSummary(n, 7, "ramsch", "skat", "finished", 1_750_000_000.0 + n, None, 9, players)
        for n in range(10)
    ]
    shown = render_history(sessions, 1, "Alice")
    assert not problems(shown)
    (select,) = items(shown)
    assert len(select.options) == 25 and select.options[0].value == "0:0"
    assert "65 older deals" in shown.text() and "🤖 AI 1 −10" in shown.text()
    assert "**Alice +10**" in shown.text() and "B\\_o\\_b" in shown.text()


def test_bock_deals_on_the_score_sheet_and_in_the_standings() -> None:
    table = make_table("skat", rounds=2)
    match = table.match
    assert match is not None
    rng = random.Random(3)
    while len(match.finished_deals) < 2:
        act_randomly(table, rng)
    match.bock_rounds.queue = ["bock"] * 3  # as after a Durchmarsch at a three-seat table
    shown = render_table(table)
    assert "· Bock" in shown.text() and "Score sheet\n```\n#  " in shown.text()
    assert "**Bock:** this deal counts double, and 2 more after it" in shown.text()
    while not match.finished:
        act_randomly(table, rng)
    standings = render_standings(table)
    assert "3 of them Bock (counted double)" in standings.text() and not problems(standings)


def test_an_away_player_gets_im_back_on_the_table_and_the_hand() -> None:
    table = make_table("skat")
    assert "ramsch:t:42:back" not in custom_ids(render_table(table))
    table.seats[2].away = True
    shown = render_table(table)
    assert custom_ids(shown) == ["ramsch:t:42:hand", "ramsch:t:42:back"]
    assert "**Carol** — away: the AI plays" in shown.text()
    hand = render_hand(table, USER_IDS[2])
    assert "ramsch:t:42:back" in custom_ids(hand) and "You are away" in hand.text()
    assert not problems(hand)
    assert "ramsch:t:42:back" not in custom_ids(render_hand(table, USER_IDS[1]))

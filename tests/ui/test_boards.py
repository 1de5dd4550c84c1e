"""Leaderboard pages, stats, history, score sheet, Bock and away: pure renders within limits."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from bot.ratings import BoardRating, Rank, RankedPage, RankedRow
from bot.storage import MatchPlayer, MatchSummary, UserStats
from bot.ui import ids
from bot.ui.boards import (
    board_key,
    parse_board,
    render_history,
    render_leaderboard,
    render_stats,
)
from bot.ui.hand import render_hand
from bot.ui.rating_chart import COLOURS
from bot.ui.results import render_standings
from bot.ui.table import render_table
from tests.ui.helpers import USER_IDS, act_randomly, custom_ids, items, make_table, problems


def page(
    offset: int,
    total: int,
    limit: int = 10,
    *,
    rank: Rank = "rating",
    viewer: RankedRow | None = None,
    change: int | None = None,
) -> RankedPage:
    rows = [
        RankedRow(offset + i + 1, 1000 + offset + i, 1234 - i, 3, 30, -0.41, change)
        for i in range(min(limit, total - offset))
    ]
    return RankedPage(rows, total, offset, limit, rank, 10, viewer, played=total)


def test_one_page_has_no_buttons() -> None:
    shown = render_leaderboard(page(0, 4), 7, "skat", "all", viewer=1001)
    assert shown.view is None and not problems(shown)
    assert "Page 1 of 1 · 4 players · from 10 deals" in shown.text() and "← you" in shown.text()
    assert "**1.** <@1000> **1,234** · 30 deals · 3 sessions" in shown.text()
    assert "By rating" in shown.text() and "also against AI players" in shown.text()


def test_a_period_shows_the_change_and_the_average_board_the_points_per_deal() -> None:
    week = render_leaderboard(page(0, 2, change=-5), 7, "skat", "week", viewer=1)
    assert "**1.** <@1000> **1,234** (−5) · 30 deals" in week.text()
    assert "in brackets: its change this week" in week.text()
    average = render_leaderboard(page(0, 2, rank="average"), 7, "skat", "all", viewer=1)
    assert "**1.** <@1000> **Ø −0.4** · rating 1,234 · 30 deals" in average.text()
    assert "By points per deal" in average.text() and "two human players" in average.text()


def test_the_viewer_sees_where_he_stands_off_the_page_or_below_the_minimum() -> None:
    below = RankedRow(None, 1, 1012, 1, 3)
    shown = render_leaderboard(page(0, 4, viewer=below), 7, "skat", "all", viewer=1).text()
    assert "You: **1,012** · 3 deals — 7 more deals for a place" in shown
    placed = RankedRow(14, 1, 1100, 4, 12)
    shown = render_leaderboard(page(0, 4, viewer=placed), 7, "skat", "all", viewer=1).text()
    assert "You: place 14, **1,100**" in shown
    nobody = RankedPage([], 0, 0, 10, "rating", 10, below, played=3)
    text = render_leaderboard(nobody, 7, "skat", "all", viewer=1).text()
    assert "Nobody has played 10 deals yet (all time)." in text and "You: **1,012**" in text
    empty = RankedPage([], 0, 0, 10, "rating", 10)
    assert (
        "No finished games yet (all time)." in render_leaderboard(empty, 7, "skat", "all", 1).text()
    )


def test_pages_carry_guild_variant_period_offset_rank_and_minimum() -> None:
    first = render_leaderboard(page(0, 25), 7, "altenburg", "week", viewer=1)
    assert not problems(first)
    assert custom_ids(first) == ["ramsch:lb:7:altenburg:week:0:prev:r10",
                                 "ramsch:lb:7:altenburg:week:10:next:r10"]  # fmt: skip
    prev, following = items(first)
    assert prev.disabled and not following.disabled
    last = render_leaderboard(page(20, 25), 7, "altenburg", "week", viewer=1)
    prev, following = items(last)
    assert not prev.disabled and following.disabled
    assert "Page 3 of 3 · 25 players" in last.text()
    assert custom_ids(last)[0] == "ramsch:lb:7:altenburg:week:10:prev:r10"
    average = RankedPage(page(0, 25).rows, 25, 0, 10, "average", 0)
    assert custom_ids(render_leaderboard(average, 7, "skat", "all", 1))[1] == (
        "ramsch:lb:7:skat:all:10:next:a0"
    )


def test_buttons_posted_before_ratings_still_parse() -> None:
    """A page button of issue 4 (no rank, no minimum) opens the rating board."""
    pattern = re.compile(ids.PAGE_TEMPLATE)
    old = pattern.fullmatch("ramsch:lb:7:altenburg:week:10:next")
    assert old is not None and old["rank"] is None and old["min"] is None
    new = pattern.fullmatch("ramsch:lb:7:ramsch/skat:all:0:prev:a25")
    assert new is not None and (new["rank"], new["min"]) == ("a", "25")
    assert pattern.fullmatch("ramsch:lb:7:skat:all:0:prev:x5") is None


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


def rated(
    game: str = "ramsch", variant: str = "skat", change: int | None = None, step: int = 0
) -> BoardRating:
    history = [(1.0 + step, 1000), (2.0 + step, 1040 + 50 * step), (3.0 + step, 1066),
               (4.0 + step, 1030 - 40 * step)]  # fmt: skip
    return BoardRating(game, variant, history[-1][1], 3, 9, None, change, history)


def test_stats_show_the_best_session_and_the_rating_chart() -> None:
    record = UserStats(5, 2, 12, 33.5, 2.79, 4, 1, 1, 17, 40.0)
    shown = render_stats(record, "Alice", "skat", "month", [rated(change=-10)])
    text = shown.text()
    assert "Skat Ramsch, this month" in text and "Best session\nTable #17: +40" in text
    assert "Total\n+33½" in text and "Jungfrau\n1" in text and not problems(shown)
    assert "🟦 Rating · Skat Ramsch\n**1,030** (−10 this month) · 3 sessions · 9 deals" in text
    (picture,) = shown.pictures
    assert picture.filename == "rating.png" and picture.data.startswith(b"\x89PNG")
    assert shown.embeds[0].image.url == "attachment://rating.png"
    assert picture.description == (
        "Rating history of Alice: Skat Ramsch (🟦): from 1,000 to 1,030, best 1,066."
    )


def test_a_chart_line_per_board_in_the_colours_of_the_fields() -> None:
    boards = [rated(), rated("skat", "skat", step=1), rated("ramsen", "ramsen", step=2)]
    shown = render_stats(UserStats(5, 0, 0, 0, 0, 0, 0, 0, None, None), "Bob", None, "all", boards)
    text = shown.text()
    assert "🟦 Rating · Skat Ramsch" in text and "🟧 Rating · Skat" in text
    assert "🟩 Rating · Ramsen" in text and "no finished games yet" in text
    (picture,) = shown.pictures
    image = Image.open(io.BytesIO(picture.data))
    colours = {colour for _, colour in image.convert("RGB").getcolors(1 << 16) or []}
    assert {colour for _, colour in COLOURS[:3]} <= colours
    none = render_stats(UserStats(5, 0, 0, 0, 0, 0, 0, 0, None, None), "Bob", None, "all")
    assert none.pictures == [] and not problems(none)


def test_skat_stats_count_games_won_as_declarer_apart_from_partner_wins() -> None:
    tags = {"declarer": 3, "declarer_won": 2, "declarer_lost": 1, "defender": 6, "won": 4,
            "partner": 2, "partner_won": 2}  # fmt: skip
    record = UserStats(5, 2, 11, 40.0, 3.6, 0, 0, 0, 17, 40.0, tags)
    text = render_stats(record, "Alice", "schafkopf/schafkopf", "all").text()
    assert "Games as Alleinspieler\n2 won, 1 lost" in text
    assert "Games as partner\n2 won, 0 lost" in text and "As Gegenspieler\n6" in text
    assert "Jungfrau" not in text


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
    select, replay = items(shown)  # the records, and the same deals to replay (issue 13)
    assert len(select.options) == 25 and select.options[0].value == "0:0"
    assert [o.value for o in replay.options] == [o.value for o in select.options]
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
    assert custom_ids(render_table(table)) == ["ramsch:t:42:hand"]  # no seat to take over
    table.seats[2].away = True
    shown = render_table(table)
    assert custom_ids(shown) == ["ramsch:t:42:hand", "ramsch:t:42:back", "ramsch:t:42:sit"]
    assert "**Carol** — away: the AI plays" in shown.text()
    hand = render_hand(table, USER_IDS[2])
    assert "ramsch:t:42:back" in custom_ids(hand) and "You are away" in hand.text()
    assert not problems(hand)
    assert "ramsch:t:42:back" not in custom_ids(render_hand(table, USER_IDS[1]))

"""Issues 4 and 13: `/ramsch leaderboard` by rating or points per deal, with a minimum of
deals, periods and pages (Prev/Next, also after a restart, and on a board posted for
everyone); `/ramsch stats` with the rating history as a picture."""

from __future__ import annotations

import copy
import random
import re
import time
from typing import Any

from bot.ratings import display
from bot.tables import TableService
from bot.ui.boards import rating_text, total_text
from ramsch_core import preset
from tests.bot.helpers import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.driver import answer
from tests.e2e.helpers import played_session
from tests.emulator import Message, SimUser
from tests.emulator.interactions import APPLICATION_COMMAND
from tests.emulator.options import build_options

DAY = 86400.0


async def finished_match(harness: Harness, players: list[SimUser], at: float, seed: int) -> int:
    """Three humans play a one-round match (three deals) to its end at ``at``.

    Played through a second service on the bot's store: only the results matter here."""
    service = TableService(harness.store, seed_source=lambda: seed, clock=FakeClock(at))
    host = players[0]
    update = await service.lobby.open(guild_id=harness.guild.id, channel_id=seed, host_id=host.id,
                                      host_name=host.name, rules=preset("skat"),
                                      options={"rounds": 1})  # fmt: skip
    table = update.table
    for user in players[1:]:
        await service.lobby.join(table.id, user.id, user.name)
    await service.lobby.start(table.id, host.id)
    rng = random.Random(seed)
    while table.status == "playing":
        user = players[table.to_act or 0]
        view = table.view_for(user.id)
        assert view is not None
        await service.play.act(table.id, user.id, rng.choice(view.legal))
    assert table.status == "finished"
    return table.id


async def twelve_players(harness: Harness) -> list[SimUser]:
    """Four matches of three: the first a month and more ago, the others today."""
    players = [harness.emulator.add_user(f"Player {n:02}") for n in range(12)]
    now = time.time()
    for index in range(4):
        at = now - 40 * DAY if index == 0 else now - 60
        await finished_match(harness, players[3 * index : 3 * index + 3], at, seed=index + 1)
    return players


def rows(message: Message) -> list[str]:
    """The players listed on a board (not the viewer's own line under it)."""
    listed = message.embeds[0]["description"].split("\n\n")[1]
    return re.findall(r"^\*\*\d+\.\*\* <@(\d+)>", listed, re.MULTILINE)


def labels(message: Message) -> dict[str, bool]:
    return {b["label"]: bool(b.get("disabled")) for b in message.buttons()}


async def test_the_board_ranks_by_rating_with_pages_also_after_a_restart(
    harness: Harness,
) -> None:
    players = await twelve_players(harness)
    viewer = players[0]
    guild = harness.guild.id
    # the default minimum is 10 deals: nobody has that many, and the viewer sees where he is
    (first,) = await answer(viewer, harness.channel, "ramsch leaderboard")
    assert first.ephemeral and "Leaderboard — Skat Ramsch · all time" in first.text
    assert "Nobody has played 10 deals yet (all time)." in first.text
    assert "You: **" in first.text and " · 3 deals — 7 more deals for a place" in first.text
    assert "from 10 deals" in first.text and "also against AI players" in first.text
    board = await harness.store.ratings.rating_board(guild, "ramsch", "skat", min_deals=3, limit=20)
    order = [str(row.user_id) for row in board.rows]
    ratings = [row.rating or 0 for row in board.rows]
    assert ratings == sorted(ratings, reverse=True)
    (shown,) = await answer(viewer, harness.channel, "ramsch leaderboard", min_deals=3)
    assert rows(shown) == order[:10] and "Page 1 of 2 · 12 players · from 3 deals" in shown.text
    assert labels(shown) == {"◀ Prev": True, "Next ▶": False}
    top = board.rows[0]
    assert top.rating is not None
    line = f"**{top.rank}.** <@{top.user_id}> **{rating_text(top.rating)}** · 3 deals · 1 session"
    assert line in shown.text and "By rating" in shown.text
    mine = next(row for row in board.rows if row.user_id == viewer.id)
    assert ("← you" in shown.text) == (order.index(str(viewer.id)) < 10)
    await (await viewer.click(shown, "Next ▶")).wait_response()
    assert rows(shown) == order[10:] and "Page 2 of 2" in shown.text
    assert labels(shown) == {"◀ Prev": False, "Next ▶": True}
    assert all(len(b["custom_id"]) <= 100 for b in shown.buttons())
    if order.index(str(viewer.id)) < 10:
        assert f"You: place {mine.rank}, **{rating_text(mine.rating or 0)}**" in shown.text
    await harness.restart()
    await (await viewer.click(shown, "◀ Prev")).wait_response()
    assert rows(shown) == order[:10] and "Page 1 of 2" in shown.text
    assert "from 3 deals" in shown.text  # the button kept the board's minimum
    # this month: who played this month, with the change of his rating in brackets
    (month,) = await answer(viewer, harness.channel, "ramsch leaderboard", period="month",
                            min_deals=3)  # fmt: skip
    assert len(rows(month)) == 9 and "Page 1 of 1 · 9 players" in month.text
    assert not month.buttons() and str(viewer.id) not in rows(month)
    assert "in brackets: its change this month" in month.text
    someone = players[4]
    change = await harness.store.db.execute_fetchall(
        "SELECT mu_before, sigma_before, mu_after, sigma_after FROM rating_changes"
        " WHERE user_id = ?",
        (someone.id,),
    )
    ((mu0, sigma0, mu1, sigma1),) = change
    delta = display(mu1, sigma1) - display(mu0, sigma0)
    sign = "+" if delta > 0 else "−" if delta < 0 else "±"
    assert f"<@{someone.id}> **{rating_text(display(mu1, sigma1))}** ({sign}{abs(delta)})" in (
        month.text
    )
    (other,) = await answer(viewer, harness.channel, "ramsch leaderboard", variant="altenburg")
    assert "No finished games yet (all time)." in other.text and not other.buttons()
    assert harness.emulator.errors == []


async def test_the_board_by_points_per_deal(harness: Harness) -> None:
    players = await twelve_players(harness)
    viewer = players[0]
    board = await harness.store.ratings.rating_board(
        harness.guild.id, "ramsch", "skat", rank="average", min_deals=0, limit=20
    )
    (shown,) = await answer(viewer, harness.channel, "ramsch leaderboard", rank="average",
                            min_deals=0)  # fmt: skip
    assert rows(shown) == [str(row.user_id) for row in board.rows][:10]
    assert "By points per deal" in shown.text and "at least two human players" in shown.text
    averages = [row.average or 0.0 for row in board.rows]
    assert averages == sorted(averages, reverse=True)
    await (await viewer.click(shown, "Next ▶")).wait_response()
    assert rows(shown) == [str(row.user_id) for row in board.rows][10:]
    assert "By points per deal" in shown.text
    assert harness.emulator.errors == []


async def test_a_board_posted_for_everyone_pages_privately(harness: Harness) -> None:
    players = await twelve_players(harness)
    poster, other = players[0], players[5]
    (posted,) = await answer(poster, harness.channel, "ramsch leaderboard", min_deals=0,
                             public=True)  # fmt: skip
    assert not posted.ephemeral and posted in harness.channel.current_messages()
    before = posted.text
    (private,) = await (await other.click(posted, "Next ▶")).wait_response()
    assert private.ephemeral and "Page 2 of 2" in private.text
    assert posted.text == before  # the public board stays as it was posted
    assert harness.emulator.errors == []


async def test_stats_show_the_rating_history_as_a_picture(harness: Harness) -> None:
    players = await twelve_players(harness)
    them = players[4]
    record = await harness.store.results.user_stats(harness.guild.id, them.id)
    (rated,) = await harness.store.ratings.user_ratings(harness.guild.id, them.id)
    (shown,) = await answer(players[0], harness.channel, "ramsch stats", user=them)
    assert shown.ephemeral and f"Ramsch record — {them.name}" in shown.text
    assert f"🟦 Rating · Skat Ramsch\n**{rating_text(rated.rating)}**" in shown.text
    (picture,) = shown.attachments
    assert picture.filename == "rating.png" and picture.data.startswith(b"\x89PNG")
    assert picture.description and f"Rating history of {them.name}" in picture.description
    assert shown.embeds[0]["image"]["url"].endswith("rating.png")
    for label, value in (("Sessions", "1"), ("Deals", "3"), ("Total", total_text(record.total)),
                         ("Lost deals", str(record.losses)), ("Jungfrau", str(record.jungfrau)),
                         ("Durchmarsch", str(record.durchmarsch))):  # fmt: skip
        assert f"{label}\n{value}\n" in shown.text, label
    (old,) = await answer(players[0], harness.channel, "ramsch stats", period="week")
    assert "All variants, this week: no finished games yet." in old.text
    (mine,) = await answer(players[0], harness.channel, "ramsch stats", variant="skat",
                           public=True)  # fmt: skip
    assert not mine.ephemeral and "Skat Ramsch, all time" in mine.text
    assert "Deals\n3" in mine.text and mine.attachments
    assert harness.emulator.errors == []


async def test_a_solo_session_against_ais_is_rated_but_not_averaged(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    await played_session(harness, alice)
    (board,) = await answer(alice, harness.channel, "ramsch leaderboard", min_deals=0)
    assert rows(board) == [str(alice.id)] and "3 deals · 1 session ← you" in board.text
    (average,) = await answer(alice, harness.channel, "ramsch leaderboard", rank="average",
                              min_deals=0)  # fmt: skip
    assert "No finished games yet" in average.text
    (shown,) = await answer(alice, harness.channel, "ramsch stats")
    assert "Rating · Skat Ramsch" in shown.text and shown.attachments
    assert "no finished games yet" in shown.text and "at least two human players" in shown.text
    assert harness.emulator.errors == []


async def stale_slash(user: SimUser, channel: Any, command: str, **options: Any) -> list[Message]:
    """Run a command as a client whose copy of it is stale: its options have no choices (as
    after an upgrade that dropped one), so any string reaches the bot."""
    guild, registered, path = user._command(channel, command)
    stale = copy.deepcopy(registered)
    for option in stale.get("options", []):
        for inner in option.get("options", []):
            inner.pop("choices", None)
    data_options, _ = build_options(stale, path, options, guild)
    data: dict[str, Any] = {"id": registered["id"], "name": registered["name"], "type": 1,
                            "options": data_options}  # fmt: skip
    if "guild_id" in registered:
        data["guild_id"] = registered["guild_id"]
    handle = user._handle(APPLICATION_COMMAND, channel, data, f"/{command} (stale)")
    await user._emulator.dispatch_interaction(handle)
    return await handle.wait_response()


async def test_bogus_boards_are_refused_clearly(harness: Harness) -> None:
    """Values no choice offers (a stale command, a forged request) get a clear refusal."""
    alice = harness.emulator.add_user("Alice")
    for command, options, refusal in (
        ("ramsch leaderboard", {"variant": "nonsense"}, "There is no leaderboard called"),
        ("ramsch leaderboard", {"variant": "ramsch/nope"}, "There is no leaderboard called"),
        ("ramsch stats", {"variant": "x" * 5000}, "There is no leaderboard called"),
        ("ramsch stats", {"variant": "nogame/skat"}, "There is no leaderboard called"),
        ("ramsch leaderboard", {"period": "year"}, "Unknown period"),
        ("ramsch stats", {"period": "decade"}, "Unknown period"),
        ("ramsch leaderboard", {"rank": "sum"}, "Rank by rating or by average"),
    ):
        (shown,) = await stale_slash(alice, harness.channel, command, **options)
        assert shown.ephemeral and refusal in shown.text, (options, shown.text)
        assert "went wrong" not in shown.text and len(shown.text) < 300
    assert harness.emulator.errors == []

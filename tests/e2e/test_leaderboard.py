"""Issue 4: `/ramsch leaderboard` pages (Prev/Next, also after a restart) and `/ramsch stats`."""

from __future__ import annotations

import random
import re
import time

from bot.tables import TableService
from bot.ui.boards import total_text
from ramsch_core import preset
from tests.bot.helpers import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.driver import answer
from tests.e2e.helpers import played_session
from tests.emulator import Message, SimUser

DAY = 86400.0


async def scored_deal(harness: Harness, players: list[SimUser], at: float, seed: int) -> int:
    """Three humans play one deal at a table (opened at ``at``) that is then aborted.

    Played through a second service on the bot's store: only the results matter here."""
    service = TableService(harness.store, seed_source=lambda: seed, clock=FakeClock(at))
    host = players[0]
    update = await service.lobby.open(guild_id=harness.guild.id, channel_id=seed, host_id=host.id,
                                host_name=host.name, rules=preset("skat"))  # fmt: skip
    table = update.table
    for user in players[1:]:
        await service.lobby.join(table.id, user.id, user.name)
    await service.lobby.start(table.id, host.id)
    rng = random.Random(seed)
    while table.last_finished is None:
        user = players[table.to_act or 0]
        view = table.view_for(user.id)
        assert view is not None
        await service.play.act(table.id, user.id, rng.choice(view.legal))
    await service.lobby.cancel(table.id, host.id)
    return table.id


async def twelve_players(harness: Harness) -> list[SimUser]:
    """Four tables of three: the first a month and more ago, the others today."""
    players = [harness.emulator.add_user(f"Player {n:02}") for n in range(12)]
    now = time.time()
    for index in range(4):
        at = now - 40 * DAY if index == 0 else now - 60
        await scored_deal(harness, players[3 * index : 3 * index + 3], at, seed=index + 1)
    return players


def rows(message: Message) -> list[str]:
    return re.findall(r"<@(\d+)>", message.embeds[0]["description"])


def labels(message: Message) -> dict[str, bool]:
    return {b["label"]: bool(b.get("disabled")) for b in message.buttons()}


async def test_leaderboard_pages_by_buttons_also_after_a_restart(harness: Harness) -> None:
    players = await twelve_players(harness)
    viewer = players[0]
    board = await harness.store.leaderboard(harness.guild.id, "ramsch", "skat", offset=0, limit=20)
    order = [str(row.user_id) for row in board.rows]
    (shown,) = await answer(viewer, harness.channel, "ramsch leaderboard")
    assert shown.ephemeral and "Leaderboard — Skat Ramsch · all time" in shown.text
    assert rows(shown) == order[:10] and "Page 1 of 2 · 12 players" in shown.text
    assert labels(shown) == {"◀ Prev": True, "Next ▶": False}
    first = board.rows[0]
    assert f"**{first.rank}.** <@{first.user_id}> **{total_text(first.total)}**" in shown.text
    assert "← you" in shown.text
    await (await viewer.click(shown, "Next ▶")).wait_response()
    assert rows(shown) == order[10:] and "Page 2 of 2" in shown.text
    assert labels(shown) == {"◀ Prev": False, "Next ▶": True}
    assert all(len(b["custom_id"]) <= 100 for b in shown.buttons())
    await harness.restart()
    await (await viewer.click(shown, "◀ Prev")).wait_response()
    assert rows(shown) == order[:10] and "Page 1 of 2" in shown.text
    (month,) = await answer(viewer, harness.channel, "ramsch leaderboard", period="month")
    assert len(rows(month)) == 9 and "Page 1 of 1 · 9 players" in month.text
    assert not month.buttons() and str(viewer.id) not in rows(month)
    (other,) = await answer(viewer, harness.channel, "ramsch leaderboard", variant="altenburg")
    assert "No finished games yet (all time)." in other.text and not other.buttons()
    assert harness.emulator.errors == []


async def test_stats_of_a_player(harness: Harness) -> None:
    players = await twelve_players(harness)
    them = players[4]
    record = await harness.store.user_stats(harness.guild.id, them.id)
    (shown,) = await answer(players[0], harness.channel, "ramsch stats", user=them)
    assert shown.ephemeral and f"Ramsch record — {them.name}" in shown.text
    for label, value in (("Sessions", "1"), ("Deals", "1"), ("Total", total_text(record.total)),
                         ("Lost deals", str(record.losses)), ("Jungfrau", str(record.jungfrau)),
                         ("Durchmarsch", str(record.durchmarsch))):  # fmt: skip
        assert f"{label}\n{value}\n" in shown.text, label
    assert f"Best session\nTable #2: {total_text(record.total)}" in shown.text
    (old,) = await answer(players[0], harness.channel, "ramsch stats", period="week")
    assert "All variants, this week: no finished games yet." in old.text
    (mine,) = await answer(players[0], harness.channel, "ramsch stats", variant="skat")
    assert "Skat Ramsch, all time" in mine.text and "Deals\n1" in mine.text


async def test_sessions_with_ais_only_do_not_rank(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    await played_session(harness, alice)
    (shown,) = await answer(alice, harness.channel, "ramsch stats")
    assert "no finished games yet" in shown.text and "at least two human players" in shown.text
    (board,) = await answer(alice, harness.channel, "ramsch leaderboard")
    assert "No finished games yet" in board.text

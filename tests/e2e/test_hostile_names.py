"""Issue 30, item 3: players whose display names are markdown, mentions and @everyone play
whole sessions of every game; every message the bot sent (lobby, invites, refusals, hands,
table, results, standings, play again, history, stats, leaderboard, replay, record) shows
their names as typed, pings nobody and renders none of their markup (tests/e2e/hostile.py)."""

from __future__ import annotations

import json
import time
from typing import Any

from bot.ui import ids
from bot.ui.text import name_text
from tests.bot.helpers import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, answer
from tests.e2e.hostile import (
    check_names_inert,
    hostile_names,
    markup_problems,
    plain_problems,
    showing,
)
from tests.e2e.ramsen_driver import RamsenGame
from tests.e2e.schafkopf_driver import SchafkopfGame
from tests.e2e.skat_driver import SkatGame
from tests.e2e.test_history import download
from tests.emulator import Channel, Message, SimUser
from tests.emulator.threads import Thread

TIMEOUT = 120  # the guild's default turn timer


def players(harness: Harness) -> tuple[SimUser, list[str], list[SimUser]]:
    """The member the names mention, the names, and one user with each name (display names:
    what the bot reads as ``display_name``)."""
    victim = harness.emulator.add_user("victim")
    names = hostile_names(victim.id)
    users = [
        harness.emulator.add_user(f"user{number}", global_name=name)
        for number, name in enumerate(names)
    ]
    return victim, names, users


async def refused(user: SimUser, message: Message | Any, key: str) -> list[str]:
    """The private answers to ``user`` clicking ``key`` (it must be refused)."""
    handle = await user.click(message, key)
    shown = await handle.wait_response()
    texts = [m.text for m in shown if m.ephemeral]
    assert texts, [m.text for m in shown]
    return texts


async def lobby_comings_and_goings(game: Game, stranger: SimUser, ais: int, **options: Any) -> None:
    """The lobby with an invite; the second player joins,
    leaves and joins again; AIs fill the other seats; the stranger's refused Start; the host
    starts."""
    host, guest = game.players[0], game.players[1]
    lobby = await game.open(invite1=guest, **(options or {"rounds": 1}))
    assert lobby.pinged_users == {guest.id}
    table = game.table_id
    await game.click(guest, lobby, ids.lobby_id(table, "join"))
    await game.click(guest, lobby, ids.lobby_id(table, "leave"))
    await game.click(guest, lobby, ids.lobby_id(table, "join"))
    assert await refused(guest, lobby, ids.lobby_id(table, "join"))
    for _ in range(ais):
        handle = await game.click(host, lobby, "Add AI")
        assert not game.refusals(handle), game.refusals(handle)
    assert await refused(stranger, lobby, ids.lobby_id(table, "start"))
    handle = await game.click(host, lobby, ids.lobby_id(table, "start"))
    assert not game.refusals(handle), game.refusals(handle)


async def play_out(game: Game, stranger: SimUser, *, auto: bool) -> list[str]:
    """Play the session to its end; on the way, the stranger asks for a hand and each human
    clicks an old hand when it is another's turn. The refusals seen."""
    refusals: list[str] = []
    old: dict[int, tuple[SimUser, Any]] = {}
    steps = 0
    while not game.replay().finished:
        user, message, _ = game.on_turn()
        for other, (who, snapshot) in list(old.items()):
            if other != user.id and len(refusals) < 12:
                now = game.hand_message(who)
                held = {b.get("custom_id") for b in now.buttons()} if now else set()
                stale = [
                    b["custom_id"]
                    for b in snapshot.buttons()
                    if not b.get("disabled") and b.get("custom_id") in held
                ]
                if stale:
                    refusals += game.refusals(await game.click(who, snapshot, stale[0]))
                del old[other]
        old[user.id] = (user, message.snapshot())
        if steps % 15 == 0:
            refusals += await refused(stranger, game.table_message(), "My hand")
        if auto:
            await game.auto_step()  # type: ignore[attr-defined]
        else:
            await game.step()
        await game.read_log()
        steps += 1
        assert steps < 2000
    await game.h.settle()
    return refusals


async def everything_after(harness: Harness, game: Game, stranger: SimUser, variant: str) -> None:
    """Standings and play again, history, stats, the leaderboard, a replay stepped through,
    a record file; each by a player with a hostile name, and a stranger's refusals."""
    host, guest = game.players[0], game.players[1]
    again = ids.again_id(game.table_id, "again")
    (standings,) = [
        m
        for m in harness.channel.current_messages()
        if again in {b.get("custom_id") for b in m.buttons()}
    ]
    assert await refused(stranger, standings, again)
    handle = await host.click(standings, again)
    await handle.wait_response()
    await harness.settle()
    assert not standings.pinged_users
    for user in (host, guest):
        (history,) = await answer(user, harness.channel, "ramsch history")
        assert f"#{game.table_id}" in history.text
    await answer(host, harness.channel, "ramsch stats", user=guest, variant=variant)
    (board,) = await answer(
        guest, harness.channel, "ramsch leaderboard", variant=variant, min_deals=0, public=True
    )
    assert not board.ephemeral and not board.pinged_users
    assert board.text
    (replay,) = await answer(host, harness.channel, "ramsch replay")
    for _ in range(60):
        forward = [b for b in replay.buttons() if b.get("label") == "▶" and not b.get("disabled")]
        if not forward:
            break
        handle = await host.click(replay, "▶")
        await handle.wait_response()
    handle = await guest.slash(harness.channel, "ramsch record", table=game.table_id, deal=1)
    (record,) = await handle.wait_response()
    (attachment,) = record.attachments
    data = json.loads(await download(attachment.url))
    assert data  # a JSON file: names in it are data, not markdown (no CSV is ever sent)
    await harness.settle()
    for user in (host, guest):  # the names were shown, and so checked, all along
        places = showing(harness.emulator, str(user.account.global_name))
        assert len(places["markdown"]) > 10 and places["plain"], places


async def test_ramsch_with_hostile_names(harness: Harness) -> None:
    victim, names, (host, guest, stranger, *_) = players(harness)
    game = Game(harness, [host, guest], "skat", from_log=True)
    await lobby_comings_and_goings(game, stranger, ais=1)
    refusals = await play_out(game, stranger, auto=False)
    assert any("waiting for" in text for text in refusals), refusals
    await everything_after(harness, game, stranger, "skat")
    check_names_inert(harness.emulator, names, protected=[victim.id])
    assert harness.emulator.errors == []


class InThread:
    """The harness, with a table's thread as its channel (for the drivers)."""

    channel: Channel

    def __init__(self, harness: Harness, thread: Thread) -> None:
        self.harness = harness
        self.channel = thread

    def __getattr__(self, name: str) -> Any:
        return getattr(self.harness, name)


async def test_a_table_in_its_thread_with_hostile_names(harness: Harness) -> None:
    """The announcement with its invite and Join, the lobby and a whole session in the
    thread, and the thread's name."""
    victim, names, (stranger, _, _, _, host, guest) = players(harness)
    mod = harness.emulator.add_user("Mod")
    harness.guild.grant(mod, manage_guild=True)
    await answer(mod, harness.channel, "ramsch-config announce", threads=True)
    handle = await host.slash(harness.channel, "ramsch new", preset="skat", invite1=guest)
    (announcement,) = await handle.wait_response()
    await harness.settle()
    assert announcement.pinged_users == {guest.id}
    thread = harness.emulator.channels[announcement.id]
    assert isinstance(thread, Thread)
    (lobby,) = thread.current_messages()
    assert await refused(stranger, lobby, "Add AI")
    handle = await guest.click(announcement, "Join")
    await handle.wait_ack()
    here = InThread(harness, thread)
    game = Game(here, [host, guest], "skat", from_log=True, table_id=1, lobby=lobby)
    await game.click(host, lobby, "Add AI")
    await game.click(host, lobby, "Start")
    await play_out(game, stranger, auto=False)
    await everything_after(here, game, stranger, "skat")  # type: ignore[arg-type]
    assert [t.name for t in harness.guild.threads] == ["Ramsch #1"]
    check_names_inert(harness.emulator, names, protected=[victim.id])
    assert harness.emulator.errors == []


async def test_skat_with_hostile_names(harness: Harness) -> None:
    victim, names, (_, stranger, _, host, guest, _) = players(harness)
    game = SkatGame(harness, [host, guest], from_log=True)
    await lobby_comings_and_goings(game, stranger, ais=1)
    await play_out(game, stranger, auto=True)
    await everything_after(harness, game, stranger, "skat/skat")
    check_names_inert(harness.emulator, names, protected=[victim.id])
    assert harness.emulator.errors == []


async def test_schafkopf_with_hostile_names(harness: Harness) -> None:
    victim, names, (guest, stranger, host, *_) = players(harness)
    game = SchafkopfGame(harness, [host, guest], "schafkopf-klopfen", from_log=True)
    await lobby_comings_and_goings(game, stranger, ais=2)
    await play_out(game, stranger, auto=True)
    await everything_after(harness, game, stranger, "schafkopf/schafkopf")
    check_names_inert(harness.emulator, names, protected=[victim.id])
    assert harness.emulator.errors == []


async def test_ramsen_with_hostile_names(harness: Harness) -> None:
    victim, names, (stranger, host, _, guest, *_) = players(harness)
    game = RamsenGame(harness, [host, guest], from_log=True)
    await lobby_comings_and_goings(game, stranger, ais=1, seats=3, options="crosses=1")
    await play_out(game, stranger, auto=True)
    await everything_after(harness, game, stranger, "ramsen/ramsen")
    check_names_inert(harness.emulator, names, protected=[victim.id])
    assert harness.emulator.errors == []


def test_the_check_tells_active_markup_from_escaped_names() -> None:
    """The checks themselves: every raw name is caught in markdown and passes as plain text;
    as ``name_text`` escapes it, the other way round; a name cut mid-word is caught."""
    names = hostile_names(1579591987047170048)
    for name in names[:-1]:
        line = f"**{name}**: 12 card points\n{name} leads"
        assert markup_problems(line, names), name
        assert not markup_problems(line.replace(name, name_text(name)), names), name
        assert not markup_problems(f"```\n{name}\n```", names), name
        assert not plain_problems(f"Trick 1: {name}: Herz-Sau", names), name
        assert plain_problems(f"Trick 1: {name_text(name)}: Herz-Sau", names), name
    assert not plain_problems("Sehr langer Name…", names)
    assert plain_problems("Sehr langer Na…", names)
    assert plain_problems("Sehr langer Na", names)


async def test_timer_notes_and_away_with_hostile_names(harness: Harness) -> None:
    """The reminder, the AI's takeover note, the away note and I'm back, for a player with
    a hostile name."""
    clock = FakeClock(time.time())
    harness.use_clock(clock)
    victim, names, users = players(harness)
    game = Game(harness, users[:3], "skat", from_log=True)
    await game.open()
    await game.start()
    late, _, _ = game.on_turn()
    for _ in range(2):  # two expiries in a row: away
        while game.on_turn()[0] is not late:
            await game.step()
        clock.advance(TIMEOUT + 1)
        await harness.service.timers.tick()
        await harness.settle()
        await game.read_log()
    table = game.table_message()
    assert "I'm back" in {b.get("label") for b in table.buttons()}
    await game.click(late, table, "I'm back")
    await play_out(game, users[3], auto=False)
    check_names_inert(harness.emulator, names, protected=[victim.id])
    shown = name_text(str(late.account.global_name))
    texts = [v.text for m in harness.emulator.all_messages() for v in m.versions]
    assert any(f"{shown} ran out of time" in text for text in texts)
    assert any(f"{shown}** — away" in text or f"{shown} is away" in text for text in texts)
    assert harness.emulator.errors == []

"""Issue 30 (finding 4): a table's thread that refuses the lobby, and a table's thread that is
deleted, as players, moderators and the bot's permissions make them happen."""

from __future__ import annotations

import logging

import pytest

from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, answer
from tests.e2e.test_hostile_names import InThread
from tests.emulator import Message, SimUser
from tests.emulator import components as comp
from tests.emulator.model import MANAGE_THREADS
from tests.emulator.threads import Thread

LOBBY_ROUTE = "/channels/{channel_id}/messages"


async def threads_on(harness: Harness) -> None:
    mod = harness.emulator.add_user("Mod")
    harness.guild.grant(mod, manage_guild=True)
    await answer(mod, harness.channel, "ramsch-config announce", threads=True)


def thread_of(harness: Harness, message: Message) -> Thread:
    thread = harness.emulator.channels.get(message.id)
    assert isinstance(thread, Thread) and thread.parent is harness.channel
    return thread


async def open_refused(harness: Harness, alice: SimUser) -> tuple[Message, Thread]:
    """Alice opens a table; its thread opens, then refuses the lobby (403 Missing Permissions).
    The announcement (now the lobby) and the thread."""
    fault = harness.emulator.faults.add(
        "POST", LOBBY_ROUTE, status=403, code=50013, message="Missing Permissions", threads=True
    )
    handle = await alice.slash(harness.channel, "ramsch new", preset="skat")
    shown = await handle.wait_response()
    await harness.settle()
    assert fault.hits == 1, "the lobby was posted into the thread"
    assert len(shown) == 2, [m.text for m in shown]
    announcement, note = shown
    assert not announcement.ephemeral
    assert (
        note.ephemeral and note.text == "I could not open a thread for this table: it plays here."
    )
    return announcement, thread_of(harness, announcement)


async def plays_in_the_channel(harness: Harness, alice: SimUser, announcement: Message) -> None:
    """The announcement became the lobby; the table plays in the channel, as without a thread."""
    table = harness.service.tables.get(1)
    assert table.channel_id == harness.channel.id and table.message_id == announcement.id
    assert "Players 1/3" in announcement.text and "Add AI" in announcement.text
    assert await harness.service.threads.of(1) is None, "the thread is forgotten"
    bob = harness.emulator.add_user("Bob")
    game = Game(harness, [alice, bob], "skat", from_log=True, table_id=1, lobby=announcement)
    await game.click(bob, announcement, "Join")
    await game.click(alice, announcement, "Add AI")
    await game.click(alice, announcement, "Start")
    assert "My hand" in announcement.text, "the table plays in the channel"
    assert [m.id for m in harness.channel.current_messages()] == [announcement.id]


async def test_a_thread_that_refuses_the_lobby_is_deleted_and_the_table_plays_in_the_channel(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 30, finding 4: the thread is opened, then posting the lobby into it answers 403.
    Before: a CommandInvokeError traceback, the table cancelled, "Sorry, something went wrong"
    and an empty thread left behind. Now the documented fallback holds (the announcement
    becomes the lobby, the host is told) and the empty thread is deleted."""
    await threads_on(harness)
    harness.guild.set_permissions(harness.channel, harness.emulator.bot, allow=MANAGE_THREADS)
    await harness.emulator.idle()
    alice = harness.emulator.add_user("Alice")
    caplog.set_level(logging.INFO, logger="bot")
    announcement, thread = await open_refused(harness, alice)
    assert thread.deleted and not thread.current_messages()
    assert [e for e in harness.emulator.events if e.kind == "channel_deleted"][-1].data == {
        "channel": thread.id,
        "by": "bot",
    }
    assert not [r for r in caplog.records if r.exc_info], "no traceback"
    assert not [m for m in alice.ephemerals() if "something went wrong" in m.text]
    await plays_in_the_channel(harness, alice, announcement)


async def test_a_thread_the_bot_may_not_delete_stays_and_the_table_plays_in_the_channel(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 30, finding 4: as above, but the bot lacks Manage Threads, so the empty thread
    can't be deleted either: one line in the log, and the table plays in the channel."""
    await threads_on(harness)
    alice = harness.emulator.add_user("Alice")
    caplog.set_level(logging.INFO, logger="bot")
    announcement, thread = await open_refused(harness, alice)
    assert not thread.deleted and not thread.current_messages()
    lines = [r for r in caplog.records if "could not delete" in r.getMessage()]
    assert len(lines) == 1 and lines[0].levelno == logging.INFO
    assert not [r for r in caplog.records if r.exc_info], "no traceback"
    await plays_in_the_channel(harness, alice, announcement)


async def opened_in_thread(harness: Harness, alice: SimUser) -> tuple[Message, Thread, Message]:
    handle = await alice.slash(harness.channel, "ramsch new", preset="skat")
    (announcement,) = await handle.wait_response()
    await harness.settle()
    thread = thread_of(harness, announcement)
    (lobby,) = thread.current_messages()
    return announcement, thread, lobby


async def test_a_deleted_thread_of_a_running_table_is_said_to_be_gone(harness: Harness) -> None:
    """Issue 30, finding 4: a moderator deletes the thread a table plays in. The table closes
    as in a deleted channel (finished deals keep their results), and the announcement in the
    channel, which said "The table plays in <#…>", says so instead of linking a thread that
    is gone."""
    await threads_on(harness)
    alice, bob = (harness.emulator.add_user(n) for n in ("Alice", "Bob"))
    announcement, thread, lobby = await opened_in_thread(harness, alice)
    game = Game(harness, [alice, bob], "skat", from_log=True, table_id=1, lobby=lobby)
    await game.click(bob, lobby, "Join")
    await game.click(alice, lobby, "Add AI")
    await game.click(alice, lobby, "Start")
    assert f"The table plays in <#{thread.id}>" in announcement.text

    harness.emulator.delete_channel(thread)
    await harness.emulator.wait_for(lambda: 1 not in harness.service.tables)
    await harness.settle()
    await harness.publisher.settled(retries=True)
    assert "<#" not in announcement.text
    assert (
        "This table's thread was deleted: the table was closed, and finished deals keep their "
        "results." in announcement.text
    )
    assert not announcement.buttons()
    for user in (alice, bob):
        assert [m for m in user.dms() if "its channel was deleted" in m.text]
    assert await harness.service.threads.of(1) is None


async def test_a_deleted_thread_of_a_lobby_is_said_to_be_gone(harness: Harness) -> None:
    """Issue 30, finding 4: the thread of a table still waiting for players is deleted: the
    table is cancelled and the announcement loses its Join button and says why."""
    await threads_on(harness)
    alice = harness.emulator.add_user("Alice")
    announcement, thread, _ = await opened_in_thread(harness, alice)
    assert announcement.buttons()

    harness.emulator.delete_channel(thread)
    await harness.emulator.wait_for(lambda: 1 not in harness.service.tables)
    await harness.settle()
    assert "This table's thread was deleted: the table was cancelled." in announcement.text
    assert "<#" not in announcement.text and not announcement.buttons()
    assert await harness.service.threads.of(1) is None


async def test_a_thread_deleted_while_the_bot_was_down_is_said_to_be_gone(
    harness: Harness,
) -> None:
    """Issue 30, finding 4: the bot missed the thread's deletion (it was down): its first call
    to the thread answers 404 Unknown Channel, the table closes, and the announcement says the
    thread is gone."""
    await threads_on(harness)
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    announcement, thread, lobby = await opened_in_thread(harness, players[0])
    game = Game(harness, players, "skat", from_log=True, table_id=1, lobby=lobby)
    for player in players[1:]:
        await game.click(player, lobby, "Join")
    await game.click(players[0], lobby, "Start")
    await harness.shutdown()
    harness.emulator.delete_channel(thread)
    await harness.launch()
    await harness.settle()
    seat = game.replay().to_act
    assert seat is not None
    user = players[seat]
    [dm] = [m for m in user.dms() if " #1**" in m.text][-1:]
    [choice, *_] = [
        c["custom_id"]
        for c in comp.interactive(dm.components)
        if not c.get("disabled") and not c["custom_id"].endswith(":back")
    ]
    handle = await user.click(dm, choice)  # his choice is taken; showing it answers 404
    await handle.wait_ack()
    await harness.settle()
    await harness.publisher.settled(retries=True)
    assert 1 not in harness.service.tables
    assert "This table's thread was deleted: the table was closed" in announcement.text
    assert await harness.service.threads.of(1) is None


async def test_a_deleted_thread_is_said_to_be_gone_in_the_servers_language(
    harness: Harness,
) -> None:
    """Issue 30, finding 4: the announcement speaks the server's language (German here)."""
    mod = harness.emulator.add_user("Mod")
    harness.guild.grant(mod, manage_guild=True)
    await answer(mod, harness.channel, "ramsch-config table", language="de")
    await answer(mod, harness.channel, "ramsch-config announce", threads=True)
    alice = harness.emulator.add_user("Alice")
    announcement, thread, _ = await opened_in_thread(harness, alice)
    harness.emulator.delete_channel(thread)
    await harness.emulator.wait_for(lambda: 1 not in harness.service.tables)
    await harness.settle()
    assert (
        "Der Thread dieses Tisches wurde gelöscht: der Tisch wurde abgebrochen."
        in announcement.text
    )


async def test_a_deleted_thread_of_a_table_that_was_over_is_said_to_be_gone(
    harness: Harness,
) -> None:
    """Issue 30, finding 4: the table had played to its end when a moderator deleted its
    thread. Its announcement linked the thread ("The table plays in <#…>"); it now says the
    thread is gone and the table's results are kept."""
    await threads_on(harness)
    alice, bob = (harness.emulator.add_user(n) for n in ("Alice", "Bob"))
    announcement, thread, lobby = await opened_in_thread(harness, alice)
    game = Game(InThread(harness, thread), [alice, bob], "skat", from_log=True, table_id=1)
    game.lobby = lobby
    await game.click(bob, lobby, "Join")
    await game.click(alice, lobby, "Add AI")
    await game.click(alice, lobby, "Start")
    while not game.replay().finished:
        await game.step()
    await harness.settle()
    await harness.publisher.settled(retries=True)
    assert f"The table plays in <#{thread.id}>" in announcement.text
    assert await harness.service.threads.of(1) is not None

    harness.emulator.delete_channel(thread)
    await harness.emulator.wait_for(
        lambda: "was deleted" in announcement.text, timeout=5, description="the announcement"
    )
    await harness.settle()
    assert announcement.text == (
        "This table's thread was deleted. The table was over; its results are kept."
    )
    assert not announcement.buttons()
    assert await harness.service.threads.of(1) is None

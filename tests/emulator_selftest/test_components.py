"""Self-tests: Views with buttons (types 6/7, both edit routes), DynamicItems, stale clicks."""

from __future__ import annotations

import pytest

from tests.emulator import SimulationError
from tests.emulator.errors import UNKNOWN_INTERACTION
from tests.emulator.fixtures import start_client, stop_client

from .conftest import World
from .tinybot import TinyBot


async def test_board_buttons_edit_the_message(world: World) -> None:
    emulator, alice, bob = world.emulator, world.alice, world.bob
    [board] = await (await alice.slash(world.channel, "ramsch board")).wait_response()
    assert board.content == "Players: nobody"
    assert [b["label"] for b in board.buttons()] == ["Join", "Leave", "Note", "Close"]

    await (await alice.click(board, "Join")).wait_response()
    await (await bob.click(board, "board:join")).wait_response()
    assert board.content == "Players: alice, bob"
    await (await alice.click(board, "Leave")).wait_response()
    assert bob.channel_messages(world.channel)[0].content == "Players: bob"

    stale = board.snapshot()
    await (await bob.click(board, "Close")).wait_response()
    assert board.content == "Players: bob (closed)"
    assert all(b.get("disabled") for b in board.buttons())
    with pytest.raises(SimulationError, match="disabled"):
        await alice.click(board, "Join")

    routes = emulator.request_counts
    assert routes["PATCH /channels/{channel_id}/messages/{message_id}"] == 1
    assert routes["PATCH /webhooks/{application_id}/{token}/messages/{message_id}"] == 1
    contents = [v.content for v in board.versions]
    assert contents == [
        "Players: nobody",
        "Players: alice",
        "Players: alice, bob",
        "Players: bob",
        "Players: bob (closed)",
    ]

    # A stale client still shows the old, enabled Join button: the stopped view ignores it.
    emulator.ack_window = 0.1
    with emulator.expect_violations(UNKNOWN_INTERACTION, contains="never acknowledged"):
        handle = await alice.click(stale, "Join")
        await emulator.idle()
    assert not handle.acknowledged


async def test_modal_opened_by_a_button_updates_the_message(world: World) -> None:
    alice = world.alice
    [board] = await (await alice.slash(world.channel, "ramsch board")).wait_response()
    opened = await alice.click(board, "Note")
    assert await opened.wait_response() == [] and opened.modal is not None
    with pytest.raises(SimulationError, match="characters"):
        await alice.submit_modal({"note": "x" * 21})
    [shown] = await (await alice.submit_modal({"note": "Bock"})).wait_response()
    assert shown is board and board.content == "Players: nobody note=Bock"


async def test_dynamic_item_survives_a_bot_restart(world: World) -> None:
    emulator, alice = world.emulator, world.alice
    [message] = await (await alice.slash(world.channel, "ramsch counter")).wait_response()
    await (await alice.click(message, "Count 0")).wait_response()
    assert message.content == "count=1"
    await stop_client(world.bot, emulator)
    await start_client(TinyBot(world.guild.id), emulator)
    await (await alice.click(message, "counter:1")).wait_response()
    assert message.content == "count=2"
    assert message.buttons()[0]["custom_id"] == "counter:2"
    with pytest.raises(SimulationError, match="no component"):
        await alice.click(message, "counter:7")


async def test_select_on_an_ephemeral_message(world: World) -> None:
    alice, bob = world.alice, world.bob
    [menu] = await (await alice.slash(world.channel, "ramsch pick")).wait_response()
    assert menu.ephemeral
    with pytest.raises(SimulationError, match="cannot see"):
        await bob.select(menu, "pick", ["skat"])
    with pytest.raises(SimulationError, match="no option"):
        await alice.select(menu, "pick", ["poker"])
    [reply] = await (await alice.select(menu, "Variant", ["schafkopf"])).wait_response()
    assert reply.content == "picked schafkopf" and reply.ephemeral

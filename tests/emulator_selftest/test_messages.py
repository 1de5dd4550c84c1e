"""Self-tests: DMs (open and closed), refused over-long messages, attachments, log failures."""

from __future__ import annotations

import logging

import pytest

from tests.emulator import EmulatorFailure
from tests.emulator.errors import INVALID_FORM_BODY

from .conftest import World


async def test_dm_to_an_open_user(world: World) -> None:
    handle = await world.alice.slash(world.channel, "ramsch dm", user=world.bob)
    [reply] = await handle.wait_response()
    assert reply.content == "sent to bob" and reply.ephemeral
    [dm] = world.bob.dms()
    assert dm.content == "hello from the bot"
    assert world.alice.dms() == [] and dm not in world.alice.visible_messages()


async def test_dm_to_a_user_with_closed_dms(world: World) -> None:
    handle = await world.alice.slash(world.channel, "ramsch dm", user=world.carol)
    [reply] = await handle.wait_response()
    assert reply.content == "cannot DM carol (50007)"
    assert world.carol.dms() == []
    assert any(e.kind == "dm_refused" for e in world.emulator.events)


async def test_over_long_message_is_refused(world: World) -> None:
    emulator = world.emulator
    with emulator.expect_violations(INVALID_FORM_BODY, contains="2000 or fewer") as found:
        handle = await world.alice.slash(world.channel, "ramsch long")
        [reply] = await handle.wait_response()
    assert reply.content == f"refused {INVALID_FORM_BODY}"
    assert "content" in found[0].message
    assert all(len(m.content) <= 2000 for m in emulator.all_messages())


async def test_attachment_bytes_are_recorded(world: World) -> None:
    [reply] = await (await world.alice.slash(world.channel, "ramsch upload")).wait_response()
    [attachment] = reply.attachments
    assert (attachment.filename, attachment.data) == ("score.csv", b"score,1\n")
    assert reply.payload()["attachments"][0]["size"] == 8


async def test_logged_errors_fail_waits(world: World) -> None:
    logging.getLogger("bot.selftest").error("something broke")
    with pytest.raises(EmulatorFailure, match="something broke"):
        await world.emulator.idle()

"""Self-tests: slash commands, options, permissions, deferrals, ack window, modals, autocomplete."""

from __future__ import annotations

import aiohttp
import pytest

from tests.emulator import SimulationError
from tests.emulator.errors import ALREADY_ACKNOWLEDGED, UNKNOWN_INTERACTION

from .conftest import World


async def test_ephemeral_reply_is_seen_only_by_its_user(world: World) -> None:
    emulator, alice, bob = world.emulator, world.alice, world.bob
    handle = await alice.slash(world.channel, "ramsch ping")
    [reply] = await handle.wait_response()
    assert reply.content == "pong" and reply.ephemeral
    assert alice.ephemerals() == [reply] and bob.ephemerals() == []
    assert reply not in bob.visible_messages() and reply in alice.visible_messages()
    assert world.channel.messages == []
    assert emulator.gateway.op_counts["dispatch MESSAGE_CREATE"] == 0
    assert handle.ack_latency is not None and 0 <= handle.ack_latency < 1
    assert emulator.stats()["ack_latency_p99"] == handle.ack_latency


async def test_typed_options_and_subcommand_group(world: World) -> None:
    alice, bob = world.alice, world.bob
    handle = await alice.slash(
        world.channel, "ramsch new", variant="skat", rounds=3, public=True, partner=bob
    )
    [reply] = await handle.wait_response()
    assert reply.content == "variant=skat rounds=3 public=True partner=bob"
    assert not reply.ephemeral and bob.channel_messages(world.channel) == [reply]
    [reset] = await (await alice.slash(world.channel, "ramsch admin reset")).wait_response()
    assert reset.content == "reset done"
    with pytest.raises(SimulationError, match="one of"):
        await alice.slash(world.channel, "ramsch new", variant="poker")
    with pytest.raises(SimulationError, match="required"):
        await alice.slash(world.channel, "ramsch new")
    with pytest.raises(SimulationError, match="integer"):
        await alice.slash(world.channel, "ramsch new", variant="skat", rounds="3")
    with pytest.raises(SimulationError, match="subcommand"):
        await alice.slash(world.channel, "ramsch")


async def test_default_member_permissions_hide_commands(world: World) -> None:
    alice = world.alice
    with pytest.raises(SimulationError, match="permissions"):
        await alice.slash(world.channel, "settings")
    world.guild.grant(alice, manage_guild=True)
    [reply] = await (await alice.slash(world.channel, "settings")).wait_response()
    assert reply.content == "settings"


async def test_global_command_in_dms(world: World) -> None:
    handle = await world.bob.slash(world.bob.dm_channel, "hello")
    [reply] = await handle.wait_response()
    assert reply.content == "hello bob (dm)"
    assert world.bob.dms() == [reply]
    with pytest.raises(SimulationError, match="not registered"):
        await world.bob.slash(world.bob.dm_channel, "ramsch ping")


async def test_deferred_response_then_followups(world: World) -> None:
    handle = await world.alice.slash(world.channel, "ramsch slow")
    original, extra = await handle.wait_response()
    assert original.content == "done" and not original.loading
    assert [v.loading for v in original.versions] == [True, False]
    assert world.alice.channel_messages(world.channel) == [original]
    # The ephemeral follow-up was edited, then deleted: gone for alice, but nothing is lost.
    assert extra.ephemeral and extra.deleted and world.alice.ephemerals() == []
    assert [v.content for v in extra.versions] == ["and one more", "original said done"]


async def test_late_acknowledgement_is_refused(world: World) -> None:
    emulator = world.emulator
    emulator.ack_window = 0.1
    with emulator.expect_violations(UNKNOWN_INTERACTION) as found:
        handle = await world.alice.slash(world.channel, "ramsch late", delay=0.2)
        await emulator.wait_for(lambda: world.bot.late_codes, timeout=2)
        await emulator.idle()
    assert world.bot.late_codes == [UNKNOWN_INTERACTION]
    assert not handle.acknowledged and handle.messages == []
    assert any("never acknowledged" in v.message for v in found)


async def test_second_initial_response_is_refused(world: World) -> None:
    emulator = world.emulator
    handle = await world.alice.slash(world.channel, "ramsch ping")
    await handle.wait_response()
    url = f"{emulator.api_base}/interactions/{handle.id}/{handle.token}/callback"
    with emulator.expect_violations(ALREADY_ACKNOWLEDGED):
        async with aiohttp.ClientSession() as session:
            body = {"type": 4, "data": {"content": "again"}}
            async with session.post(url, json=body) as response:
                assert response.status == 400
                assert (await response.json())["code"] == ALREADY_ACKNOWLEDGED


async def test_modal_submit(world: World) -> None:
    alice = world.alice
    handle = await alice.slash(world.channel, "ramsch form")
    assert await handle.wait_response() == []
    assert handle.modal is not None and handle.modal["title"] == "Tell me"
    with pytest.raises(SimulationError, match="required"):
        await alice.submit_modal({})
    submit = await alice.submit_modal({"answer": "Grand Hand"})
    [reply] = await submit.wait_response()
    assert reply.content == "you said Grand Hand" and reply.ephemeral
    with pytest.raises(SimulationError, match="no modal"):
        await alice.submit_modal({"answer": "again"})


async def test_autocomplete(world: World) -> None:
    choices = await world.alice.autocomplete(world.channel, "ramsch join", "table", "skat")
    assert [c["value"] for c in choices] == ["skat-1", "skat-2"]
    [reply] = await (
        await world.alice.slash(world.channel, "ramsch join", table="skat-2")
    ).wait_response()
    assert reply.content == "joined skat-2"

"""Issue 5: `/ramsch-config` — server defaults stored, shown, and used by the next table."""

from __future__ import annotations

import time

from tests.bot.helpers import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, answer
from tests.e2e.helpers import ai_table
from tests.emulator import Message, SimUser


async def manager(harness: Harness, name: str = "Mod") -> SimUser:
    user = harness.emulator.add_user(name)
    harness.guild.grant(user, manage_guild=True)
    return user


async def test_config_is_stored_and_applied_to_the_next_table(harness: Harness) -> None:
    mod = await manager(harness)
    (shown,) = await answer(mod, harness.channel, "ramsch-config show")
    assert shown.ephemeral and "Ramsch settings — Ramsch Club" in shown.text
    assert "Turn timer\n2 min" in shown.text and "every channel" in shown.text
    (shown,) = await answer(
        mod, harness.channel, "ramsch-config rules", preset="altenburg-penalty", rounds=2
    )
    assert shown.ephemeral and "Saved: preset altenburg-penalty, rounds" in shown.text
    (shown,) = await answer(mod, harness.channel, "ramsch-config table", timer=30, dms=False)
    assert shown.ephemeral and "Saved: turn timer, hands by DM" in shown.text
    assert "Turn timer\n30 s" in shown.text and "Hands by DM\noff" in shown.text
    settings = await harness.service.guilds.get(harness.guild.id)
    assert (settings.preset, settings.turn_timeout, settings.dms) == (
        "altenburg-penalty",
        30,
        False,
    )
    assert settings.options.rounds == 2
    alice = harness.emulator.add_user("Alice")
    game = Game(harness, [alice], "altenburg-penalty")
    handle = await alice.slash(harness.channel, "ramsch new")  # no options: the defaults
    (lobby,) = await handle.wait_response()
    assert "Altenburg Ramsch" in lobby.text and "15 with one Jungfer" in lobby.text
    assert "2 rounds (6 deals)" in lobby.text and "turn timer 30 s" in lobby.text
    game.lobby = lobby
    game.table_id = 1
    for _ in range(2):
        await game.click(alice, lobby, "Add AI")
    await game.click(alice, lobby, "Start")
    assert alice.dms() == [], "hands by DM are off"
    assert "Press My hand" in game.table_message().text
    assert harness.service.tables.get(1).turn_timeout == 30


async def test_the_editor_changes_the_server_defaults(harness: Harness) -> None:
    mod = await manager(harness)
    (shown,) = await answer(mod, harness.channel, "ramsch-config show")
    await select(mod, shown, "ramsch:r:g", "skat_to", ["loser"])
    await select(mod, shown, "ramsch:r:g", "toggles", ["schieben", "dms", "bock_on_tie"])
    settings = await harness.service.guilds.get(harness.guild.id)
    assert settings.preset == "skat"
    assert settings.rules == {"skat_to": "loser", "durchmarsch": False, "schieben": True,
                              "schieben_doubles": False}  # fmt: skip
    assert settings.options.bock_on_tie and settings.dms
    assert "go to the player with the most points" in shown.text
    handle = await mod.click(shown, f"ramsch:rn:g{harness.guild.id}")
    await handle.wait_response()
    assert handle.modal is not None
    submit = await mod.submit_modal({"stake": "20", "rounds": "3", "turn_timeout": "5"})
    (refusal,) = await submit.wait_response()
    assert refusal.ephemeral and refusal.text == (
        "The turn timer is 0 (off) or 10 to 86400 seconds"
    )
    await (await mod.click(shown, f"ramsch:rn:g{harness.guild.id}")).wait_response()
    submit = await mod.submit_modal({"stake": "20", "rounds": "3", "turn_timeout": "0"})
    await submit.wait_response()
    settings = await harness.service.guilds.get(harness.guild.id)
    assert settings.turn_timeout is None and settings.options.rounds == 3
    assert settings.rules["stake"] == 20
    assert "Turn timer\noff" in shown.text and "3 rounds (9 deals)" in shown.text


async def test_no_timer_means_no_reminders(harness: Harness) -> None:
    clock = FakeClock(time.time())
    harness.use_clock(clock)
    mod = await manager(harness)
    await answer(mod, harness.channel, "ramsch-config table", timer=0)
    alice = harness.emulator.add_user("Alice")
    game = await ai_table(harness, alice)
    await game.start()
    clock.advance(3600)
    assert await harness.service.timers.tick() == []
    assert "turn timer off" in (game.lobby.versions[0].text if game.lobby else "")


async def test_a_four_player_default_does_not_seat_four_at_skat(harness: Harness) -> None:
    mod = await manager(harness)
    (shown,) = await answer(mod, harness.channel, "ramsch-config rules", preset="schafkopf")
    assert "4 seats" in shown.text
    (lobby,) = await answer(mod, harness.channel, "ramsch new", preset="skat")
    assert "Players 1/3" in lobby.text and "Skat Ramsch" in lobby.text
    await answer(mod, harness.channel, "ramsch abort")
    (lobby,) = await answer(mod, harness.channel, "ramsch new")
    assert "Players 1/4" in lobby.text and "Schafkopf Ramsch" in lobby.text


async def test_tables_open_only_in_the_allowed_channels(harness: Harness) -> None:
    mod = await manager(harness)
    other = harness.guild.add_channel("ramsch")
    await harness.emulator.idle()
    general = harness.channel
    (shown,) = await answer(mod, general, "ramsch-config channels", action="add", channel=other)
    assert f"<#{other.id}>" in shown.text
    (refused,) = await answer(mod, general, "ramsch new")
    assert refused.ephemeral
    assert refused.text == f"Tables can't be opened in this channel: use <#{other.id}>"
    (refused,) = await answer(
        mod, general, "ramsch-config channels", action="remove", channel=other
    )
    assert "only channel for tables" in refused.text
    (refused,) = await answer(mod, general, "ramsch-config channels", action="remove")
    assert "is not one of the channels" in refused.text
    (lobby,) = await answer(mod, other, "ramsch new")
    assert not lobby.ephemeral and "open table" in lobby.text
    await answer(mod, general, "ramsch-config channels", action="add")  # this channel too
    await answer(mod, general, "ramsch-config channels", action="remove", channel=other)
    settings = await harness.service.guilds.get(harness.guild.id)
    assert settings.channels == (general.id,)
    await answer(mod, general, "ramsch-config channels", action="everywhere")
    settings = await harness.service.guilds.get(harness.guild.id)
    assert settings.channels == ()


async def select(
    user: SimUser, message: Message, prefix: str, name: str, values: list[str]
) -> None:
    """Pick ``values`` in the editor select ``name`` of ``message`` (any target)."""
    key = next(
        c["custom_id"]
        for row in message.components
        for c in row.get("components", [])
        if c.get("custom_id", "").startswith(prefix) and c["custom_id"].endswith(f":{name}")
    )
    handle = await user.select(message, key, values)
    shown = await handle.wait_response()
    assert not [m.text for m in shown if m.ephemeral and m is not message], shown

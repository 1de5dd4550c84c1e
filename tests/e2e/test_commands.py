"""Commands besides play: help, rules, scores, abort by a moderator, and a restart mid-deal."""

from __future__ import annotations

import json
import re

import pytest

from bot import i18n
from ramsch_core import get_game
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, answer, last_action, logged


async def test_help_and_rules_answer_privately(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    (shown,) = await answer(alice, harness.channel, "ramsch help")
    assert shown.ephemeral and "/ramsch new" in shown.text and "My hand" in shown.text
    (shown,) = await answer(alice, harness.channel, "ramsch rules")
    assert shown.ephemeral and "altenburg-schieberamsch" in shown.text
    (shown,) = await answer(alice, harness.channel, "ramsch rules", variant="bauernramsch")
    assert shown.ephemeral and "Trumps, high to low: 🌰O 🍀O ❤️O 🔔O 🌰U 🍀U ❤️U 🔔U" in shown.text
    game = Game(harness, [alice], "altenburg-penalty")
    await game.open()
    (shown,) = await answer(alice, harness.channel, "ramsch rules")
    assert f"Ramsch #{game.table_id}" in shown.text and "15 with one Jungfer" in shown.text


async def test_scores_before_any_game(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    (shown,) = await answer(alice, harness.channel, "ramsch leaderboard")
    assert shown.ephemeral and "No finished games yet" in shown.text
    (shown,) = await answer(alice, harness.channel, "ramsch stats")
    assert shown.ephemeral and "no finished games yet" in shown.text


async def test_a_moderator_may_abort_a_running_table(harness: Harness) -> None:
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    moderator = harness.emulator.add_user("Mod")
    harness.guild.grant(moderator, manage_guild=True)
    game = Game(harness, players, "skat")
    await game.open()
    await game.start()
    (refused,) = await answer(players[1], harness.channel, "ramsch abort")
    assert refused.ephemeral and "Only the host or a member with Manage Server" in refused.text
    table = game.table_message()
    (done,) = await answer(moderator, harness.channel, "ramsch abort")
    assert done.ephemeral and f"Table #{game.table_id} is cancelled" in done.text
    await harness.settle()
    assert "cancelled" in table.text and not table.buttons()
    (none,) = await answer(moderator, harness.channel, "ramsch abort")
    assert "no open table" in none.text


async def test_buttons_survive_a_restart(harness: Harness) -> None:
    """custom_ids carry the table: a DM from before a restart still plays its cards."""
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open()
    await game.start()
    for _ in range(4):
        await game.step()
    user, old_dm, enabled = game.on_turn()
    await harness.restart()
    await harness.settle()
    count = logged(game)
    handle = await game.click(user, old_dm, enabled[0]["custom_id"])
    assert not game.refusals(handle)
    assert logged(game) == count + 1
    game.actions.append(last_action(game))
    await game.play_deal()
    assert any(": result" in m.text for m in harness.channel.current_messages())


async def test_a_deleted_table_message_is_posted_again(harness: Harness) -> None:
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open()
    await game.start()
    deleted = game.table_message()
    harness.emulator.delete_message(deleted)
    await game.step()
    table = game.table_message()
    assert table is not deleted and "Trick 1" in table.text
    await game.play_deal()


async def test_command_help_shows_no_rule_id(harness: Harness) -> None:
    """Descriptions, option help and choices of every registered command read as plain text."""
    commands = [command for scope in harness.emulator.commands.values() for command in scope]
    assert commands
    text = json.dumps(commands)
    assert not re.search(r"\b(?:C|SR|SK|AR|FS|SF|RA)-\d+\b", text)


async def test_new_offers_the_presets_and_options_of_the_chosen_game(harness: Harness) -> None:
    """Autocomplete: presets of the chosen game; options of the chosen preset, none it lacks."""
    alice = harness.emulator.add_user("Alice")
    channel = harness.channel
    presets = await alice.autocomplete(channel, "ramsch new", "preset", "", game="ramsch")
    assert [choice["value"] for choice in presets] == list(get_game("ramsch").presets)
    found = await alice.autocomplete(channel, "ramsch new", "preset", "bauern")
    assert [choice["value"] for choice in found] == ["bauernramsch"]
    names = await alice.autocomplete(channel, "ramsch new", "options", "", preset="skat")
    assert "skat_to=" in [choice["value"] for choice in names]
    names = await alice.autocomplete(channel, "ramsch new", "options", "", preset="altenburg")
    assert "skat_to=" not in [choice["value"] for choice in names]
    assert "scoring=" in [choice["value"] for choice in names]
    typed = "stake=20, skat_to="
    skat_to = await alice.autocomplete(channel, "ramsch new", "options", typed, preset="skat")
    assert [choice["value"] for choice in skat_to] == [
        f"stake=20, skat_to={value}" for value in ("last_trick", "loser", "nobody")
    ]
    typed = "scoring=p"
    scoring = await alice.autocomplete(channel, "ramsch new", "options", typed, preset="altenburg")
    assert [choice["value"] for choice in scoring] == ["scoring=pips", "scoring=penalty"]
    seats = await alice.autocomplete(channel, "ramsch new", "seats", "", preset="schafkopf")
    assert [choice["value"] for choice in seats] == [4]
    seats = await alice.autocomplete(channel, "ramsch new", "seats", "", preset="skat")
    assert [choice["value"] for choice in seats] == [3, 4]


async def test_commands_are_synced_again_when_a_translation_changed(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13: a restart syncs nothing unless the commands changed — their German names
    and descriptions included."""
    emulator = harness.emulator
    put = "PUT /applications/{application_id}/guilds/{guild_id}/commands"
    assert emulator.request_counts[put] == 1
    await harness.restart()
    assert emulator.request_counts[put] == 1
    monkeypatch.setitem(i18n.CATALOGUES["de"].singular, "command name: new", "neuer-tisch")
    await harness.restart()
    assert emulator.request_counts[put] == 2
    (ramsch,) = [c for c in emulator.commands[harness.guild.id] if c["name"] == "ramsch"]
    (new,) = [option for option in ramsch["options"] if option["name"] == "new"]
    assert new["name_localizations"]["de"] == "neuer-tisch"
    anna = emulator.add_user("Anna", locale="de")
    (shown,) = await answer(anna, harness.channel, "ramsch help")
    assert shown.ephemeral

"""Issue 5: the host's Rules editor — every option of the variant, seats and rounds, presets."""

from __future__ import annotations

from ramsch_core import Match
from ramsch_core.games.ramsch.match_options import RamschMatchOptions
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game
from tests.e2e.helpers import ai_table, all_texts
from tests.e2e.test_config import select
from tests.emulator import Message, SimUser


async def open_editor(game: Game, host: SimUser) -> Message:
    assert game.lobby is not None
    handle = await game.click(host, game.lobby, "Rules")
    (editor,) = handle.messages
    assert editor.ephemeral and editor.ephemeral_for == host.id
    return editor


async def test_the_host_sets_the_rules_before_the_start(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    game = await ai_table(harness, alice, ais=0)
    lobby = game.lobby
    assert lobby is not None
    editor = await open_editor(game, alice)
    assert "House rules — Ramsch #1" in editor.text
    placeholders = {c.get("placeholder") for row in editor.components for c in row["components"]}
    assert {"Preset", "Skat", "Scoring", "Options: none on"} <= placeholders
    prefix = "ramsch:r:t1"
    await select(alice, editor, prefix, "skat_to", ["nobody"])
    assert "The skat's points count for nobody." in lobby.text
    await select(alice, editor, prefix, "scoring", ["fixed"])
    await select(alice, editor, prefix, "toggles",
                 ["schieben", "schieben_jacks", "four_seats", "bock_on_durchmarsch"])  # fmt: skip
    assert "Most card points loses a fixed 10." in lobby.text
    assert "jacks may be laid" in lobby.text and "Durchmarsch: whoever" not in lobby.text
    assert "4 seats (the dealer sits out each deal)" in lobby.text
    assert "Bock round after a Durchmarsch" in lobby.text and "Players 1/4" in lobby.text
    assert "Preset: custom rules" in editor.text
    handle = await alice.click(editor, "ramsch:rn:t1")
    await handle.wait_response()
    assert handle.modal is not None and handle.modal["title"] == "Numbers — Ramsch #1"
    submit = await alice.submit_modal({"stake": "lots", "rounds": "2"})
    (refusal,) = await submit.wait_response()
    assert refusal.ephemeral and "Stake: enter a whole number, not 'lots'" in refusal.text
    await (await alice.click(editor, "ramsch:rn:t1")).wait_response()
    await (await alice.submit_modal({"stake": "25", "rounds": "2"})).wait_response()
    assert "a fixed 25" in lobby.text and "2 rounds (8 deals)" in lobby.text
    table = harness.service.tables.get(game.table_id)
    assert table.rules.model_dump() == {
        "game": "ramsch", "variant": "skat", "skat_to": "nobody", "scoring": "fixed",
        "stake": 25, "durchmarsch": False, "durchmarsch_value": 120, "schieben": True,
        "schieben_jacks": True, "schieben_doubles": False,
    }  # fmt: skip
    assert (table.options.seats, table.options.rounds) == (4, 2)
    assert table.options.of_game(table.rules) == RamschMatchOptions(bock_on_durchmarsch=True)
    for _ in range(3):
        await game.click(alice, lobby, "Add AI")
    await game.click(alice, lobby, "Start")
    match = Match(table.rules, table.options, harness.seeds[-1])
    assert match.sitting_out == 0  # Alice deals first and sits out: the AIs play deal 1
    shown = all_texts(harness.channel.current_messages())
    assert "**Alice** — deals, sits out" in shown
    [result] = [m for m in harness.channel.current_messages() if "deal 1 of 8: result" in m.text]
    assert "**Alice**" not in result.text and "**AI 3**" in result.text
    assert "Schieberamsch" in game.table_message().text
    assert game.table_message().headline == f"{alice.mention}, your turn to push."
    refused = await alice.select(editor, f"{prefix}:skat_to", ["loser"])
    (refusal,) = [m for m in await refused.wait_response() if m is not editor]
    assert refusal.text == "The game has already started"


async def test_presets_switch_the_variant_and_its_options(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    game = await ai_table(harness, alice, ais=1)
    lobby = game.lobby
    assert lobby is not None
    editor = await open_editor(game, alice)
    await select(alice, editor, "ramsch:r:t1", "preset", ["schafkopf"])
    assert "Schafkopf Ramsch" in lobby.text and "Players 2/4" in lobby.text
    placeholders = {c.get("placeholder") for row in editor.components for c in row["components"]}
    assert "Trumps" in placeholders and "Skat" not in placeholders
    toggles = [c for row in editor.components for c in row["components"]
               if c["custom_id"].endswith(":toggles")]  # fmt: skip
    values = {o["value"] for o in toggles[0]["options"]}
    assert values == {
        "jungfrau_doubles_all", "durchmarsch", "bock_on_durchmarsch", "bock_on_tie", "tournament"
    }  # fmt: skip
    await (await alice.click(editor, "ramsch:rn:t1")).wait_response()
    await (await alice.submit_modal({"base_stake": "5", "rounds": "1"})).wait_response()
    assert "The loser pays 10¢ to each player" in lobby.text
    await select(alice, editor, "ramsch:r:t1", "preset", ["altenburg-schieberamsch"])
    assert "Altenburg Ramsch · Schieberamsch" in lobby.text and "Players 2/3" in lobby.text
    await select(alice, editor, "ramsch:r:t1", "scoring", ["penalty"])
    await select(alice, editor, "ramsch:r:t1", "toggles", ["tens_low", "four_seats"])
    assert "Most points gets 10 penalty points" in lobby.text and "4 seats" in lobby.text
    await game.click(alice, lobby, "Add AI")
    await game.click(alice, lobby, "Add AI")
    refused = await alice.select(editor, "ramsch:r:t1:toggles", ["tens_low"])  # back to 3 seats
    (refusal,) = [m for m in await refused.wait_response() if m is not editor]
    assert refusal.text == "4 players are seated: that table has only 3 seats"


async def test_the_editor_and_its_modal_survive_a_restart(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    game = await ai_table(harness, alice, ais=0)
    lobby = game.lobby
    assert lobby is not None
    editor = await open_editor(game, alice)
    await (await alice.click(editor, "ramsch:rn:t1")).wait_response()
    await harness.restart()
    await (await alice.submit_modal({"stake": "15", "rounds": "3"})).wait_response()
    await harness.settle()
    assert "3 rounds (9 deals)" in lobby.text and "3 rounds (9 deals)" in editor.text
    await select(alice, editor, "ramsch:r:t1", "preset", ["skat-fixed"])
    assert "a fixed 10" in lobby.text and harness.service.tables.get(1).options.rounds == 3

"""Skat where forehand must play (FS-16) through Discord: the preset and the option offered by
/ramsch new, both others pass, forehand has no Passe and declares, his forged pass is refused
with one sentence and changes nothing, and the game is played and scored."""

from __future__ import annotations

from bot.ui import ids
from tests.e2e.conftest import Harness
from tests.e2e.driver import logged
from tests.e2e.skat_driver import SkatGame, buttons_by_kind, result_text
from tests.emulator import SimUser


def players(harness: Harness, *names: str) -> list[SimUser]:
    return [harness.emulator.add_user(name) for name in names or ("Alice", "Bob", "Carol")]


async def test_fs16_new_offers_the_preset_and_the_option(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    channel = harness.channel
    found = await alice.autocomplete(channel, "ramsch new", "preset", "standard", game="skat")
    assert [choice["value"] for choice in found] == ["skat-standard"]
    typed = "all_pass="
    values = await alice.autocomplete(channel, "ramsch new", "options", typed, game="skat")
    assert "all_pass=forehand" in [choice["value"] for choice in values]


async def test_fs16_both_others_pass_and_forehand_must_declare(harness: Harness) -> None:
    """Mittelhand and Hinterhand pass; Vorhand is offered the skat and the Hand games but no
    Passe; a pass forged on his hand is refused in one sentence and logs nothing; he takes
    the skat, lays two away, declares and the game is scored at a bid of 18."""
    game = SkatGame(harness, players(harness), "skat-standard")
    lobby = await game.open(rounds=1)
    assert "Vorhand must play a game" in lobby.text
    await game.start()
    vor, mittel, hinter = game.at(0), game.at(1), game.at(2)
    await game.press("pass", user=mittel)
    rear_hand = game.hand_text(hinter)
    assert f"then {vor.name} (Vorhand) must play a game" in rear_hand
    await game.press("pass", user=hinter)

    user, message, enabled = game.on_turn()
    assert user is vor
    kinds = set(buttons_by_kind(enabled))
    assert {"pickup", "declare"} <= kinds and not kinds & {"pass", "bid", "hold"}
    text = game.hand_text(vor)
    assert "you must play a game, as if you had bid **18**: you may not pass" in text
    assert f"Both others passed: {vor.name} must play" in game.table_message().text
    assert f"Both others passed: **{vor.name}** (Vorhand) must play" in game.hand_text(mittel)

    count = logged(game)
    forged = ids.action_id(game.table_id, 0, "pass")
    handle = await vor.click_custom_id(message, forged)
    await handle.wait_ack()
    await harness.settle()
    assert game.refusals(handle) == [
        "Both others passed: as forehand you must play a game and may not pass"
    ]
    assert logged(game) == count
    assert game.contest().declarer == 0 and game.contest().bid == 18

    await game.press("pickup", user=vor)
    await game.lay_away()
    await game.press("declare", "diamonds", user=vor)
    result = await game.play_out()
    details = result.details
    assert details is not None
    assert (details["declarer"], details["bid"], details["overbid"]) == (0, 18, False)
    text = result_text(game, 0)
    assert f"**{vor.name}** (Alleinspieler" in text and "bid 18" in text
    assert harness.emulator.errors == []

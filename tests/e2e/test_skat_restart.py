"""Full Skat survives restarts in every step: mid-bidding, after the skat is taken (with a card
already marked to lay away), after a Kontra and mid-play. The new bot rebuilds the table from
its action log, and the buttons players saw before go on working."""

from __future__ import annotations

from ramsch_core import Card
from tests.e2e.conftest import Harness
from tests.e2e.driver import game_controls, logged
from tests.e2e.durability_helpers import assert_standings_match, logged_actions, replay_log
from tests.e2e.skat_driver import SkatGame, kind_of, result_text
from tests.emulator import Message


async def restart(game: SkatGame, harness: Harness) -> dict[int, Message]:
    """Restart the bot; check it rebuilt the table exactly and sent nothing for it. Returns each
    player's hand DM (the same messages as before)."""
    dms = {user.id: game.hand_message(user) for user in game.players}
    table_message = game.table_message()
    shown = table_message.text
    count = logged(game)
    await harness.restart()
    await harness.settle()
    table = harness.service.tables.get(game.table_id)
    assert table.log_length == count == len(game.actions)
    assert table.match is not None
    assert table.match.deal.history == game.replay().deal.history
    assert logged_actions(harness.db, game.table_id) == game.actions
    assert game.table_message() is table_message and table_message.text == shown
    for user in game.players:
        assert game.hand_message(user) is dms[user.id]
    return {user_id: dm for user_id, dm in dms.items() if dm is not None}


async def test_restarts_in_every_step_of_a_skat_deal_lose_nothing(harness: Harness) -> None:
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = SkatGame(harness, players)
    await game.open(rounds=1)
    await game.start()
    vor, mittel, hinter = game.at(0), game.at(1), game.at(2)

    # mid-bidding: 18 and ja said; the bidder's DM from before bids on
    await game.press("bid", "18", user=mittel)
    await game.press("hold", user=vor)
    dms = await restart(game, harness)
    assert "20" in {b.get("label") for b in game_controls(dms[mittel.id])}
    await game.press("bid", "20", user=mittel)
    assert f"Mittelhand {mittel.name}: 20" in game.table_message().text
    await game.press("pass", user=vor)
    await game.press("pass", user=hinter)

    # after the pickup, one card marked: the mark is read back from the hand after the restart
    await game.press("pickup", user=mittel)
    _, _, enabled = game.on_turn()
    first, second = [Card[str(kind_of(c)[1])] for c in enabled if kind_of(c)[0] == "mark"][-2:]
    await game.press("mark", first.name, user=mittel)
    dms = await restart(game, harness)
    assert f"✓ {first.pretty}" in {b.get("label") for b in dms[mittel.id].buttons()}
    await game.press("mark", second.name, user=mittel)
    labels = {b.get("label") for b in dms[mittel.id].buttons()}
    assert {f"✓ {first.pretty}", f"✓ {second.pretty}"} <= labels
    await game.press("discard", user=mittel)
    assert set(game.replay().deal.laid[1]) == {first, second}
    await game.press("declare", "grand", user=mittel)

    # after a Kontra, before the card that follows it; Re after a restart mid-trick
    await game.press("kontra", user=vor)
    dms = await restart(game, harness)
    assert f"Kontra ({vor.name})" in game.table_message().text
    user, message, enabled = game.on_turn()
    assert user is vor and message is dms[vor.id]
    cards = [c for c in enabled if kind_of(c)[0] == "play"]
    await game._click(user, message, cards[0])
    await restart(game, harness)
    await game.press("re", user=mittel)
    assert f"Re ({mittel.name})" in game.table_message().text
    for _ in range(7):  # into the third trick
        user, message, enabled = game.on_turn()
        await game._click(user, message, next(c for c in enabled if kind_of(c)[0] == "play"))
    await restart(game, harness)
    result = await game.play_out()
    details = result.details
    assert details is not None and details["kontra"] == 2
    assert "Kontra and Re" in result_text(game, 0)

    # the rest of the session, then everything the log says is what was shown
    while not game.replay().finished:
        await game.auto_deal()
    match = game.replay()
    assert_standings_match(game, match)
    assert replay_log(game, harness.db).totals == match.totals
    assert not any(game_controls(m) for m in harness.channel.current_messages())
    assert harness.emulator.errors == []

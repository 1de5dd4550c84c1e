"""Whole games through Discord: a round of Skat, a Schafkopf deal, an Altenburg push deal."""

from __future__ import annotations

import re

from bot.ui.games import renderer_for
from bot.ui.text import score_text
from ramsch_core import PickUp, Push, preset
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, answer, cards_in, game_controls
from tests.emulator import Message


def result_messages(game: Game) -> list[Message]:
    return [m for m in game.h.channel.current_messages() if ": result" in m.text]


def check_result(game: Game, number: int) -> None:
    """The posted result of deal ``number`` says what the core's replay says."""
    match = game.replay()
    entry = match.finished_deals[number]
    text = result_messages(game)[number].text
    rules = preset(game.preset_name)
    sign = renderer_for(rules).unit(rules)
    for deal_seat, table_seat in enumerate(entry.seats):
        name = game.players[table_seat].name
        points = entry.result.card_points[deal_seat]
        score = score_text(entry.table_scores[table_seat])
        pattern = (
            rf"\*\*{name}\*\*[^:\n]*: {points} card points, .* → \*\*{re.escape(score + sign)}\*\*"
        )
        assert re.search(pattern, text), (pattern, text)
        tags = re.search(rf"\*\*{name}\*\*( \(([^)]*)\))?:", text)
        assert tags is not None
        assert ("loses" in (tags[2] or "")) == (deal_seat in entry.result.losers)


async def test_a_round_of_skat_ramsch_by_buttons(harness: Harness) -> None:
    """Three players play a round (three deals) by DM buttons; standings match the replay."""
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    lobby = await game.open(rounds=1)
    assert "Players 1/3" in lobby.text and players[0].mention in lobby.text
    await game.start()
    match = game.replay()
    for seat, user in enumerate(players):
        (dm,) = user.dms()
        assert f"**Ramsch #{game.table_id}** in <#{harness.channel.id}>" in dm.text
        deal_seat = match.deal_seat(seat)
        assert deal_seat is not None
        assert cards_in(dm.text) == set(match.deal.view(deal_seat).hand)
    for number in range(3):
        await game.play_deal()
        check_result(game, number)
    assert game.replay().finished
    channel = harness.channel.current_messages()
    standings = channel[-1]
    assert "final standings" in standings.text
    expected = [
        f"**{players[seat].name}** {score_text(total)}" for seat, total in game.replay().standings()
    ]
    positions = [standings.text.index(line) for line in expected]
    assert positions == sorted(positions), (expected, standings.text)
    assert not any(game_controls(m) for m in channel), "buttons left after the session"
    assert all(not m.buttons() for user in players for m in user.dms())
    assert game.checks > 100
    (board,) = await answer(players[0], harness.channel, "ramsch leaderboard", min_deals=0)
    assert board.ephemeral and all(user.mention in board.text for user in players)
    (record,) = await answer(players[1], harness.channel, "ramsch stats")
    assert record.ephemeral and "Deals\n3" in record.text
    emulator = harness.emulator
    assert emulator.errors == [], "a Discord limit or rule was broken"
    assert emulator.stats()["requests"].get("PATCH /channels/{channel_id}/messages/{message_id}")


async def test_a_schafkopf_deal_by_four(harness: Harness) -> None:
    """SK-1: four players, eight cards each; the deal's result matches the replay."""
    players = [harness.emulator.add_user(name) for name in ("Anna", "Bernd", "Clara", "Dieter")]
    game = Game(harness, players, "schafkopf")
    lobby = await game.open()
    assert "Players 1/4" in lobby.text
    await game.start()
    assert all(len(cards_in(user.dms()[0].text)) == 8 for user in players)
    await game.play_deal()
    check_result(game, 0)
    assert "¢" in result_messages(game)[0].text
    table = game.table_message()
    handle = await players[0].slash(harness.channel, "ramsch abort")
    (answer,) = await handle.wait_response()
    assert answer.ephemeral and "cancelled" in answer.text
    assert "This table was cancelled" in table.text and not table.buttons()
    assert all(not m.buttons() for user in players for m in user.dms())


async def test_an_altenburg_schieberamsch_deal(harness: Harness) -> None:
    """AR-6: everyone picks up and lays two (no passing on); then the deal is played out."""
    players = [harness.emulator.add_user(name) for name in ("Ute", "Veit", "Wilma")]
    game = Game(harness, players, "altenburg-schieberamsch")
    await game.open()
    await game.start()
    table = game.table_message()
    assert "Schieberamsch" in table.text and "to push" in table.text
    for _ in range(6):
        _, _, enabled = game.on_turn()
        labels = {c.get("label") for c in enabled}
        assert "Pass on" not in labels
        await game.step()
    assert [type(action) for _, action in game.actions] == [PickUp, Push] * 3
    assert "Trick 1" in game.table_message().text
    await game.play_deal()
    check_result(game, 0)

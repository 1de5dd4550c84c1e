"""Issue 5: a lone player fills a table with AIs (Add AI / Remove AI) and plays a session."""

from __future__ import annotations

import pytest

from bot.ui.table import last_trick_text
from tests.e2e.conftest import Harness
from tests.e2e.driver import game_controls
from tests.e2e.helpers import ai_table, all_texts, played_session, standings_lines
from tests.emulator import SimulationError


async def test_a_lone_player_adds_ais_and_plays_a_whole_session(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    game = await ai_table(harness, alice, ais=2, rounds=1)
    lobby = game.lobby
    assert lobby is not None
    assert "Players 3/3" in lobby.text and "🤖 AI 1" in lobby.text and "🤖 AI 2" in lobby.text
    with pytest.raises(SimulationError, match="disabled"):
        await alice.click(lobby, "Add AI")  # the table is full
    await game.click(alice, lobby, "Remove AI")
    assert "Players 2/3" in lobby.text and "AI 2" not in lobby.text
    await game.click(alice, lobby, "Add AI")
    assert "🤖 AI 2" in lobby.text
    await game.start()
    while not game.replay().finished:
        await game.step()
    await harness.settle()
    match = game.replay()
    assert {source for source in await sources(harness, game.table_id)} == {"human", "ai"}
    names = ["Alice", "AI 1", "AI 2"]
    channel = harness.channel.current_messages()
    results = [m for m in channel if ": result" in m.text]
    assert len(results) == 3
    # Every trick was shown: as the table's last trick, or in its deal's result.
    shown = all_texts(channel)
    for entry in match.finished_deals:
        deal_names = [names[seat] for seat in entry.seats]
        for number, trick in enumerate(entry.result.tricks, start=1):
            assert last_trick_text(deal_names, trick, number) in shown, (entry.number, number)
    standings = channel[-1].text
    assert "final standings" in standings
    positions = [standings.index(line) for line in standings_lines(names, match)]
    assert positions == sorted(positions), standings
    assert not any(game_controls(m) for m in channel), "buttons left after the session"
    assert all(not m.buttons() for m in alice.dms())
    assert harness.emulator.errors == []


async def test_the_ai_moves_are_shown_while_they_happen(harness: Harness) -> None:
    """With an AI delay the table message shows the AI to act (not only the end state)."""
    harness.service.autoplay.delay = 0.05
    alice = harness.emulator.add_user("Alice")
    game = await ai_table(harness, alice)
    await game.start()
    for _ in range(3):
        await game.step()
    table = game.table_message()
    contents = [version.headline for version in table.versions]
    assert any(text.startswith("🤖 AI") and "is to play" in text for text in contents)
    assert any(alice.mention in text and "your turn" in text for text in contents)


async def test_a_session_against_ais_is_stored_for_the_history(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    game = await played_session(harness, alice)
    [summary] = await harness.service.boards.history(alice.id)
    assert summary.table_id == game.table_id and summary.status == "finished"
    assert summary.deals == 3 and [p.name for p in summary.players] == ["Alice", "AI 1", "AI 2"]


async def sources(harness: Harness, table_id: int) -> list[str]:
    return [action.source for action in await harness.store.tables.load_actions(table_id)]


async def test_the_host_picks_each_ais_level_and_the_table_plays(harness: Harness) -> None:
    """Issue 14: after Add AI the lobby offers each AI seat's level (easy, normal); only the
    host may choose; an easy and a normal AI then play a deal."""
    alice = harness.emulator.add_user("Alice")
    bob = harness.emulator.add_user("Bob")
    game = await ai_table(harness, alice, ais=2, rounds=1)
    lobby = game.lobby
    assert lobby is not None
    assert "🤖 AI 1 (normal)" in lobby.text and "🤖 AI 2 (normal)" in lobby.text
    levels = f"ramsch:t:{game.table_id}:ailevel"
    refused = await bob.select(lobby, levels, ["1:easy"])
    await refused.wait_ack()
    await harness.settle()
    assert any("Only the host" in text for text in game.refusals(refused))
    assert "🤖 AI 1 (normal)" in lobby.text
    chosen = await alice.select(lobby, levels, ["1:easy"])
    await chosen.wait_ack()
    await harness.settle()
    assert not game.refusals(chosen), game.refusals(chosen)
    assert "🤖 AI 1 (easy)" in lobby.text and "🤖 AI 2 (normal)" in lobby.text
    await game.start()
    while not game.replay().finished_deals:
        await game.step()
    await harness.settle()
    seats = harness.service.tables.get(game.table_id).seats
    assert [seat.ai for seat in seats] == [None, "easy", "heuristic"]
    assert harness.emulator.errors == []

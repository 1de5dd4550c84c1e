"""Bad input through Discord: strangers, wrong turns, stale buttons, racing clicks, closed DMs."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import pytest

from bot.client import APOLOGY
from ramsch_core import Card, Play
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, last_action, logged
from tests.e2e.durability_helpers import enabled_cards
from tests.emulator import components as comp
from tests.emulator.fixtures import LogGuard


async def three_player_game(harness: Harness, *, start: bool = True) -> Game:
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open()
    if start:
        await game.start()
    return game


async def test_strangers_and_guests_are_refused_in_the_lobby(harness: Harness) -> None:
    game = await three_player_game(harness, start=False)
    stranger = harness.emulator.add_user("Mallory")
    lobby = game.lobby
    assert lobby is not None
    before = len(lobby.versions)
    refused = game.refusals(await game.click(stranger, lobby, "Leave"))
    assert refused == ["You are not in this lobby"]
    refused = game.refusals(await game.click(stranger, lobby, "Cancel"))
    assert refused == ["Only the host or a member with Manage Server can abort this table"]
    assert len(lobby.versions) == before, "a refused click changed the lobby"
    await game.click(game.players[1], lobby, "Join")
    refused = game.refusals(await game.click(game.players[1], lobby, "Join"))
    assert refused == ["You already sit at this table"]
    await game.click(game.players[2], lobby, "Join")
    assert "Players 3/3" in lobby.text
    refused = game.refusals(await game.click(game.players[1], lobby, "Start"))
    assert refused == ["Only the host can start the game"]
    await game.click(game.players[1], lobby, "Leave")
    assert "Players 2/3" in lobby.text and game.players[1].mention not in lobby.text


async def test_host_leaving_closes_the_lobby_and_one_table_per_channel(harness: Harness) -> None:
    game = await three_player_game(harness, start=False)
    (again,) = await (await game.host.slash(harness.channel, "ramsch new")).wait_response()
    assert again.ephemeral and "already has a table" in again.text
    await game.click(game.host, game.lobby, "Leave")
    assert game.lobby is not None and "The host left" in game.lobby.text
    assert not game.lobby.buttons()


async def test_bad_options_are_explained(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    handle = await alice.slash(harness.channel, "ramsch new", preset="schafkopf", seats=3)
    (shown,) = await handle.wait_response()
    assert shown.ephemeral and "four" in shown.text
    handle = await alice.slash(
        harness.channel, "ramsch new", preset="altenburg", options="skat_to=loser"
    )
    (shown,) = await handle.wait_response()
    assert shown.ephemeral and "skat_to" in shown.text and "scoring" in shown.text
    handle = await alice.slash(harness.channel, "ramsch new", preset="skat", options="stake=lots")
    (shown,) = await handle.wait_response()
    assert shown.text == "The option stake is a whole number from 1 to 1000"
    handle = await alice.slash(harness.channel, "ramsch new", preset="skat", options="stake 20")
    (shown,) = await handle.wait_response()
    assert shown.ephemeral and "name=value" in shown.text
    assert harness.service.tables.open_tables() == []


async def test_stranger_and_out_of_turn_clicks_change_nothing(harness: Harness) -> None:
    game = await three_player_game(harness)
    stranger = harness.emulator.add_user("Mallory")
    refused = game.refusals(await game.click(stranger, game.table_message(), "My hand"))
    assert refused == ["You are not playing at this table"]
    user, message, _ = game.on_turn()
    early = message.snapshot()
    await game.step()
    count = logged(game)
    card = enabled_cards(early)[0]
    handle = await game.click(user, early, card["custom_id"])
    (refusal,) = game.refusals(handle)
    assert refusal.startswith(("It's not your turn: waiting for", "You already played"))
    assert logged(game) == count


async def test_stale_buttons_are_refused(harness: Harness) -> None:
    game = await three_player_game(harness)
    user, message, _ = game.on_turn()
    snapshot = message.snapshot()
    handle = await game.step()
    played = game.actions[-1][1]
    key = handle.data["custom_id"]
    refusal = game.refusals(await game.click(user, snapshot, key))
    assert isinstance(played, Play)
    assert refusal == [f"You already played {played.card.pretty}"]
    await game.play_deal()
    count = logged(game)
    other = enabled_cards(snapshot)[-1]["custom_id"]
    refusal = game.refusals(await game.click(user, snapshot, other))
    assert refusal == ["That button is from an earlier deal"]
    assert logged(game) == count


async def test_racing_clicks_play_exactly_one_card(harness: Harness) -> None:
    game = await three_player_game(harness)
    for _ in range(2):
        user, message, _ = game.on_turn()
        cards = enabled_cards(message)
        count = logged(game)
        keys = [cards[0]["custom_id"], cards[-1]["custom_id"]]
        handles = await asyncio.gather(*(user.click(message, key) for key in keys))
        await asyncio.gather(*(handle.wait_ack() for handle in handles))
        await harness.settle()
        refusals = [text for handle in handles for text in game.refusals(handle)]
        assert logged(game) == count + 1
        assert len(refusals) == 1, refusals
        won = next(h for h in handles if not game.refusals(h))
        seat, action = last_action(game)
        assert seat == game.players.index(user)
        assert action == Play(Card[won.data["custom_id"].split(":")[-1]])
        game.actions.append((seat, action))
    user, message, _ = game.on_turn()
    key = enabled_cards(message)[0]["custom_id"]
    count = logged(game)
    twins = await asyncio.gather(user.click(message, key), user.click(message, key))
    await asyncio.gather(*(handle.wait_ack() for handle in twins))
    await harness.settle()
    assert logged(game) == count + 1
    assert sorted(len(game.refusals(h)) for h in twins) == [0, 1]


async def test_closed_dms_are_told_once_and_my_hand_plays_on(harness: Harness) -> None:
    emulator = harness.emulator
    players = [emulator.add_user("Alice"), emulator.add_user("Bob"),
               emulator.add_user("Carol", dms_open=False)]  # fmt: skip
    game = Game(harness, players, "skat")
    await game.open()
    await game.start()
    carol = players[2]
    assert carol.dms() == []
    notices = [m for m in harness.channel.current_messages() if "direct messages" in m.text]
    assert len(notices) == 1 and carol.mention in notices[0].text
    handle = await game.click(carol, game.table_message(), "My hand")
    (hand,) = handle.messages
    assert hand.ephemeral and "Your cards" in hand.text
    for _ in range(2):
        await game.play_deal()
    notices = [m for m in harness.channel.current_messages() if "direct messages" in m.text]
    assert len(notices) == 1
    assert any(comp.buttons(m.components) for m in carol.ephemerals())
    assert emulator.errors == []


async def test_a_bug_is_logged_and_apologised_for(
    harness: Harness, log_guard: LogGuard, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await three_player_game(harness)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug in the service")

    monkeypatch.setattr(harness.service.play, "act", broken)
    log_guard.allow("Error while handling a click", logger="bot.client")
    user, message, enabled = game.on_turn()
    handle = await game.click(user, message, enabled[0]["custom_id"])
    assert game.refusals(handle) == [APOLOGY]
    (record,) = [r for r in log_guard.records if r.name == "bot.client"]
    assert record.exc_info is not None and "a bug in the service" in str(record.exc_info[1])


async def test_a_slow_click_is_deferred_in_time(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await three_player_game(harness)
    monkeypatch.setattr(sys.modules["bot.cogs.tables.clicks"], "ACK_AFTER", 0.05)
    act = harness.service.play.act

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.3)
        return await act(*args, **kwargs)

    monkeypatch.setattr(harness.service.play, "act", slow)
    count = logged(game)
    user, message, enabled = game.on_turn()
    handle = await user.click(message, enabled[0]["custom_id"])
    await handle.wait_ack()
    assert handle.ack_latency is not None and handle.ack_latency < 0.3
    await harness.settle()
    assert logged(game) == count + 1 and not game.refusals(handle)

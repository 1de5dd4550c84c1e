"""Issue 4, nothing is lost: a new bot on the same database takes over a deal in progress and
the buttons players saw before the restart finish it. A restart after a clean stop sends
nothing for a table its messages already show, and edits the same hand DMs afterwards."""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import sqlite3
from collections.abc import Callable
from typing import Any

import pytest

from bot.tables import Table
from bot.tables.recovery import Recovery
from ramsch_core import Card, Play
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, action_of, game_controls, last_action, logged
from tests.e2e.durability_helpers import (
    assert_standings_match,
    card_of,
    enabled_cards,
    integrity,
    logged_actions,
    replay_log,
    stored_session,
)
from tests.emulator import Message, MessageVersion, SimUser
from tests.emulator import components as comp

CARDS_BEFORE_RESTART = 10
"""Three tricks and one card of the fourth: the restart comes in the middle of a trick."""
RENDER_ROUTES = (
    "GET /channels/{channel_id}/messages",
    "GET /channels/{channel_id}/messages/{message_id}",
    "POST /channels/{channel_id}/messages",
    "PATCH /channels/{channel_id}/messages/{message_id}",
    "POST /users/@me/channels",
)
"""What rendering a table can send: read the channel back, post, edit, open a DM channel."""


def render_requests(harness: Harness) -> dict[str, int]:
    return {route: harness.emulator.request_counts[route] for route in RENDER_ROUTES}


def old_button(
    live: Message, versions: list[MessageVersion], legal: set[Card]
) -> tuple[Message | MessageVersion, dict[str, Any]] | None:
    """A legal card's button as a player saw it before the restart: on the message as it is
    now if it is enabled there, else on the newest earlier version (a stale client)."""
    candidates: list[Message | MessageVersion] = [live, *reversed(versions)]
    for shown in candidates:
        for button in enabled_cards(shown):
            if card_of(str(button["custom_id"])) in legal:
                return shown, button
    return None


async def play_by_old_buttons(
    game: Game, dms: dict[int, Message], seen: dict[int, list[MessageVersion]]
) -> tuple[int, int]:
    """Finish the current deal by clicking the DM buttons of before the restart; where no
    earlier message offers a legal card, by My hand on the (pre-restart) table message.
    Returns how many clicks were made on each."""
    old = fallback = 0
    deal = len(game.replay().finished_deals)
    while len(game.replay().finished_deals) == deal:
        match = game.replay()
        seat = match.to_act
        assert seat is not None
        user: SimUser = game.players[seat]
        legal = {a.card for a in match.deal.legal_actions() if isinstance(a, Play)}
        found = old_button(dms[user.id], seen[user.id], legal)
        if found is None:
            fallback += 1
            hand = await game.click(user, game.table_message(), "My hand")
            (shown,) = hand.messages
            buttons = [b for b in enabled_cards(shown) if card_of(b["custom_id"]) in legal]
            source: Message | MessageVersion = shown
            button = buttons[0]
        else:
            old += 1
            source, button = found
        count = logged(game)
        handle = await game.click(user, source, str(button["custom_id"]))
        assert not game.refusals(handle), game.refusals(handle)
        before = len(game.actions)
        game.record(seat, Play(card_of(str(button["custom_id"]))))
        # the card, and the last trick if it left one that plays itself
        assert logged(game) == count + len(game.actions) - before
        game.check_no_leak()
    return old, fallback


async def test_a_restart_mid_deal_loses_nothing_and_old_buttons_finish_it(
    harness: Harness,
) -> None:
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open(rounds=1)
    await game.start()
    dms = {user.id: user.dms()[0] for user in players}
    for _ in range(CARDS_BEFORE_RESTART):
        await game.step()
    table_message = game.table_message()
    shown = table_message.text
    versions = len(table_message.versions)
    seen = {user_id: list(dm.versions) for user_id, dm in dms.items()}
    count = logged(game)
    before = render_requests(harness)

    await harness.restart()
    await harness.settle()

    # The new service rebuilt the table from the log: every card, in order, where it was.
    table = harness.service.tables.get(game.table_id)
    assert table.log_length == count == len(game.actions)
    assert table.match is not None
    assert table.match.deal.history == game.replay().deal.history
    assert logged_actions(harness.db, game.table_id) == game.actions
    # ... whose messages already show it: nothing was sent for it, no edit, no new DM.
    assert render_requests(harness) == before
    assert game.table_message() is table_message
    assert len(table_message.versions) == versions
    assert table_message.text == shown
    assert {user.id: user.dms() for user in players} == {u: [dm] for u, dm in dms.items()}
    assert all(len(dm.versions) == len(seen[user_id]) for user_id, dm in dms.items())

    # The next card is shown by editing the same table message and the same hand DMs.
    user, dm, _ = game.on_turn()
    assert dm is dms[user.id]
    await game.step()
    assert game.table_message() is table_message
    assert len(table_message.versions) == versions + 1
    assert {user.id: user.dms() for user in players} == {u: [dm] for u, dm in dms.items()}
    assert len(dms[user.id].versions) > len(seen[user.id])
    requests = render_requests(harness)
    assert requests["POST /users/@me/channels"] == before["POST /users/@me/channels"]
    assert (
        requests["POST /channels/{channel_id}/messages"]
        == (before["POST /channels/{channel_id}/messages"])
    )

    old, fallback = await play_by_old_buttons(game, dms, seen)
    assert old > 0 and fallback <= old // 4, (old, fallback)
    assert len(game.replay().finished_deals) == 1

    # A card of the first deal, clicked on a client that still shows it, is refused clearly.
    user = players[game.replay().active_seats[0]]
    early = next(v for v in seen[user.id] if enabled_cards(v))
    count = logged(game)
    handle = await game.click(user, early, enabled_cards(early)[0]["custom_id"])
    assert game.refusals(handle) == ["That button is from an earlier deal"]
    assert logged(game) == count

    while not game.replay().finished:
        await game.play_deal()

    match = game.replay()
    assert_standings_match(game, match)
    assert replay_log(game, harness.db).totals == match.totals
    status, totals, finished = stored_session(harness.db, game.table_id)
    assert status == "finished" and finished
    assert [float(t) for t in totals] == [float(t) for t in match.totals]
    assert not any(game_controls(m) for m in harness.channel.current_messages())
    await harness.settle()
    assert await harness.store.integrity_check() == ["ok"]
    await harness.shutdown()
    assert await integrity(harness.db) == ["ok"]
    await harness.launch()


async def test_a_hand_dm_deleted_while_the_bot_was_down_is_posted_again(
    harness: Harness,
) -> None:
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open(rounds=1)
    await game.start()
    for _ in range(4):
        await game.step()
    dms = {user.id: user.dms()[0] for user in players}
    await harness.shutdown()
    gone = players[0]
    harness.emulator.delete_message(dms[gone.id])
    await harness.launch()
    await harness.settle()
    assert gone.dms() == []

    await game.step()  # the edit of the deleted DM fails (404): the hand is posted anew
    (posted,) = gone.dms()
    assert posted is not dms[gone.id] and f"**Ramsch #{game.table_id}** in" in posted.text
    for user in players[1:]:
        assert user.dms() == [dms[user.id]]
    await game.play_deal()
    game.check_no_leak()


def with_first_version_ids(version: MessageVersion, deal: int | None = None) -> MessageVersion:
    """A hand message as the first versions of the bot wrote it: card buttons with ids
    ``ramsch:c:<table>:<deal>:<card>`` instead of the generic action id (of ``deal`` if given)."""
    components = copy.deepcopy(version.components)
    for item in comp.walk(components):
        parts = str(item.get("custom_id", "")).split(":")
        if parts[:2] == ["ramsch", "a"] and parts[4] == "play":
            number = parts[3] if deal is None else str(deal)
            item["custom_id"] = f"ramsch:c:{parts[2]}:{number}:{parts[5]}"
    return dataclasses.replace(version, components=components)


async def test_hand_buttons_of_the_first_versions_still_play(harness: Harness) -> None:
    """A DM posted before the upgrade keeps its old card ids: a click plays the card, and an
    old id of an earlier deal is refused as such."""
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open()
    await game.start()
    user, message, _ = game.on_turn()
    message.versions.append(with_first_version_ids(message.current))
    legacy = [b for b in message.buttons() if not b.get("disabled")]
    assert legacy and all(b["custom_id"].startswith("ramsch:c:") for b in legacy)
    count = logged(game)
    handle = await user.click(message, legacy[0]["custom_id"])
    await handle.wait_ack()
    await harness.settle()
    assert game.refusals(handle) == []
    assert logged(game) == count + 1
    card = Card[legacy[0]["custom_id"][-2:]]
    assert last_action(game) == (players.index(user), Play(card))
    game.actions.append(last_action(game))
    await game.play_deal()
    user, message, _ = game.on_turn()
    message.versions.append(with_first_version_ids(message.current, deal=0))
    button = next(b for b in message.buttons() if not b.get("disabled"))
    count = logged(game)
    handle = await user.click(message, button["custom_id"])
    await handle.wait_ack()
    assert game.refusals(handle) == ["That button is from an earlier deal"]
    assert logged(game) == count


async def test_a_click_while_the_tables_are_recovered_is_answered_after_them(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new bot connects to the gateway while it recovers its tables, but handles no event
    before they are recovered (bot.client.HeldEvents): a card clicked meanwhile waits, unseen,
    and is played once the table is back; the bot is ready only then."""
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open(rounds=1)
    await game.start()
    for _ in range(CARDS_BEFORE_RESTART):
        await game.step()
    await harness.shutdown()

    recovering, go_on = asyncio.Event(), asyncio.Event()
    recover = Recovery.recover

    async def held_up(self: Recovery, guilds: Callable[[int], bool] | None = None) -> list[Table]:
        recovering.set()
        await go_on.wait()
        return await recover(self, guilds)

    monkeypatch.setattr(Recovery, "recover", held_up)
    emulator = harness.emulator
    identified = len([event for event in emulator.events if event.kind == "identify"])
    launch = asyncio.create_task(harness.launch())
    await emulator.wait_for(
        lambda: (
            recovering.is_set()
            and len([event for event in emulator.events if event.kind == "identify"]) > identified
        ),
        timeout=10.0,
        description="the new bot to connect while it recovers",
    )
    user, message, enabled = game.on_turn()
    card = next(c for c in enabled if ":play:" in c["custom_id"])
    handle = await user.click(message, card["custom_id"])
    await asyncio.sleep(0.2)  # time enough for an answer, if the click were not held
    assert not handle.acknowledged
    assert not harness.bot.is_ready()
    assert game.table_id not in harness.service.tables

    go_on.set()
    await launch
    await handle.wait_ack()
    await harness.settle()
    assert not game.refusals(handle), game.refusals(handle)
    game.record(players.index(user), action_of(card))
    assert logged_actions(harness.db, game.table_id) == game.actions
    while not game.replay().finished:
        await game.step()
    assert_standings_match(game, game.replay())


async def test_a_recovery_that_fails_stops_the_start(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A recovery that fails (the database failing while the log is read) closes the new bot,
    whose start raises why: it never takes a click without its tables."""
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open(rounds=1)
    await game.start()
    await harness.shutdown()

    async def failing(self: Recovery, guilds: Callable[[int], bool] | None = None) -> list[Table]:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(Recovery, "recover", failing)
    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        await harness.launch()
    assert harness.bot.is_closed()
    assert not harness.bot.is_ready()

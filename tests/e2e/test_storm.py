"""Issue 4: a storm of 200 concurrent clicks on one table plays exactly one card, and every
click gets an answer that says what happened; a storm of appends on 200 tables commits each
one once, together (the store's group commit)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Store
from ramsch_core import Card, Play
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, cards_in, last_action, logged
from tests.e2e.durability_helpers import card_of, integrity, storm_clicks
from tests.emulator import InteractionHandle, MessageVersion, SimUser

DEFERRED_UPDATE = 6


async def test_200_concurrent_clicks_play_exactly_one_card(harness: Harness) -> None:
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    strangers = [harness.emulator.add_user(f"Kibitz {n}") for n in range(4)]
    game = Game(harness, players, "skat")
    await game.open()
    await game.start()
    # One trick, each player's DM seen while it was their turn: stale clients keep that view.
    seen: dict[int, MessageVersion] = {}
    for _ in range(3):
        user, message, _ = game.on_turn()
        seen[user.id] = message.snapshot()
        await game.step()
    played = {game.players[seat].id: action for seat, action in game.actions}

    leader, following, table, clicks = storm_clicks(game, strangers, seen, played)
    count = logged(game)

    handles = await asyncio.gather(*(user.click(shown, key) for user, shown, key in clicks))
    await asyncio.gather(*(handle.wait_ack() for handle in handles))
    await harness.settle()

    assert logged(game) == count + 1
    seat, action = last_action(game)
    assert players[seat] is leader and isinstance(action, Play)
    game.actions.append((seat, action))
    card = action.card
    assert card in cards_in(table.text)
    assert all(handle.acknowledged for handle in handles)
    assert in_flight_at_once(handles) == len(clicks), "the clicks did not overlap"

    def expected(user: SimUser, key: str) -> set[str]:
        if key == "My hand":
            return {"hand"} if user in players else {"You are not playing at this table"}
        clicked = card_of(key)
        if user is leader:
            if clicked == card:
                return {"played", f"You already played {card.pretty}"}
            return {f"It's not your turn: waiting for {following.name}"}
        theirs = played[user.id]
        if isinstance(theirs, Play) and theirs.card == clicked:
            return {f"You already played {clicked.pretty}"}
        return {f"It's not your turn: waiting for {who.name}" for who in (leader, following)}

    # Every click was answered, and the answer says what happened to it.
    shown = [classify(handle) for handle in handles]
    assert shown.count("played") == 1
    winner = shown.index("played")
    assert clicks[winner][0] is leader and card_of(clicks[winner][2]) == card
    for (user, _, key), answer in zip(clicks, shown, strict=True):
        assert answer in expected(user, key), (user.name, key, answer)

    await game.step()  # the table plays on
    await harness.settle()
    assert await harness.store.integrity_check() == ["ok"]
    await harness.shutdown()
    assert await integrity(harness.db) == ["ok"]
    await harness.launch()


def in_flight_at_once(handles: list[InteractionHandle]) -> int:
    """The most interactions dispatched and not yet acknowledged at one moment."""
    moments: list[tuple[float, int]] = []
    for handle in handles:
        assert handle.dispatched_at is not None and handle.acked_at is not None
        moments += [(handle.dispatched_at, 1), (handle.acked_at, -1)]
    level = peak = 0
    for _, change in sorted(moments):
        level += change
        peak = max(peak, level)
    return peak


def classify(handle: InteractionHandle) -> str:
    """What the clicker was shown: the card played, their hand, or one refusal's text."""
    if handle.response_type == DEFERRED_UPDATE and not handle.messages:
        return "played"
    (answer,) = handle.messages
    assert answer.ephemeral, answer
    first = answer.versions[0].text  # a newer "My hand" reply later retires an older one
    return "hand" if "Your cards" in first else first


async def test_200_concurrent_appends_commit_once_each_and_fail_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a storm means for the store: actions of many tables arriving at once are committed
    together (far fewer statements than actions); a refused one fails alone."""
    async with Store(tmp_path / "storm.sqlite3") as store:
        tables = [await started_table(store, n) for n in range(200)]
        await append(store, tables[7], 0)
        inserts: list[str] = []
        execute = store.db.execute

        def counting(sql: str, *args: Any) -> Any:
            if sql.startswith("INSERT INTO actions"):
                inserts.append(sql)
            return execute(sql, *args)

        monkeypatch.setattr(store.db, "execute", counting)
        # Table 7 has its action 0 already: that one is refused, and only that one.
        first = await asyncio.gather(
            *(append(store, table, 0) for table in tables), return_exceptions=True
        )
        refused = [n for n, result in enumerate(first) if result is not None]
        assert refused == [7] and isinstance(first[7], sqlite3.IntegrityError)
        inserts.clear()
        second = await asyncio.gather(*(append(store, table, 1) for table in tables))
        assert second == [None] * 200
        assert len(inserts) < 20, len(inserts)
        monkeypatch.undo()

        rows = await store.db.execute_fetchall(
            "SELECT COUNT(*), COUNT(DISTINCT table_id) FROM actions"
        )
        assert list(rows) == [(400, 200)]
        touched = await store.db.execute_fetchall(
            "SELECT COUNT(*) FROM tables WHERE updated_at = 2.0"
        )
        assert list(touched) == [(200,)]
        assert not store.db.in_transaction
        assert await store.integrity_check() == ["ok"]


async def started_table(store: Store, n: int) -> int:
    table_id = await store.tables.create_table(
        guild_id=1, channel_id=n, host_id=3, rules={"variant": "skat"}, options={},
        turn_timeout=None, seats=[(3, "Host", None, False)], at=0.0,
    )  # fmt: skip
    await store.tables.start_match(table_id, guild_id=1, rules={"variant": "skat"}, options={},
                                     seed=n, humans=1, at=0.0)  # fmt: skip
    return table_id


async def append(store: Store, table_id: int, seq: int) -> None:
    await store.tables.append_action(table_id, seq=seq, seat=0, user_id=3, source="human",
                                     action=Play(Card.CA), at=float(seq + 1))  # fmt: skip

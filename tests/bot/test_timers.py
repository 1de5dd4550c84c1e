"""AI seats, the turn timer, away seats, lobby expiry and idle tables (issue 5)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Store
from bot.tables import TableService, WrongState
from ramsch_core import Action, PickUp, SeatView
from tests.bot.helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    HOST,
    FakeClock,
    Recorder,
    StubPlayer,
    make_service,
    open_lobby,
    play_out,
    restart,
    start_table,
    to_act_user,
)


async def sources(store: Store, table_id: int) -> list[tuple[Any, ...]]:
    rows = await store.db.execute_fetchall(
        "SELECT a.seat, p.user_id, a.source FROM actions a LEFT JOIN people p"
        " ON p.person = a.person WHERE a.table_id = ? ORDER BY a.seq",
        (table_id,),
    )
    return [tuple(row) for row in rows]


async def test_ai_seats_move_after_the_humans(service: TableService, store: Store) -> None:
    recorder = Recorder()
    service.tables.listeners.append(recorder)
    table = await start_table(service, players=(), ai=2)
    assert table.to_act == 0  # the AIs in seats 1 and 2 led and followed
    ai_updates = [u for u in recorder.updates if u.source == "ai"]
    assert len(ai_updates) == 2 and all(u.actor is None for u in ai_updates)
    assert await sources(store, table.id) == [(1, None, "ai"), (2, None, "ai")]
    await play_out(service, table, seed=1)
    assert table.status == "finished"
    logged = await sources(store, table.id)
    assert len(logged) == 90
    assert {row[2] for row in logged if row[0] == 0} == {"human"}
    assert {row[2] for row in logged if row[0] != 0} == {"ai"}
    # 2 deal_finished + 1 match_finished; the last trick of each of the 3 deals plays itself,
    # its 3 cards told with the update of the card before them
    assert recorder.kinds.count("action") + 3 + 3 * 3 == len(logged)


async def test_ai_delay_holds_the_ai_back(store: Store, clock: FakeClock) -> None:
    service = make_service(store, clock, lambda: 7)
    service.autoplay.delay = 3600.0
    table = await open_lobby(service)
    await service.lobby.add_ai(table.id, HOST)
    await service.lobby.add_ai(table.id, HOST)
    await service.lobby.start(table.id, HOST)
    assert table.to_act == 1 and table.log_length == 0
    await service.close()  # cancels the waiting AI cleanly
    assert table.log_length == 0


async def test_reminder_then_timeout_then_away_then_back(
    service: TableService, store: Store, clock: FakeClock
) -> None:
    """Default timer 120 s: reminder at 60 s, the AI plays at 120 s, away after two in a row."""
    recorder = Recorder()
    service.tables.listeners.append(recorder)
    table = await start_table(service)
    assert table.turn_timeout == 120
    clock.advance(59)
    assert await service.timers.tick() == []
    clock.advance(1)
    [reminder] = await service.timers.tick()
    assert reminder.kind == "reminder" and reminder.seat == 1
    assert await service.timers.tick() == []  # reminded once per turn
    clock.advance(60)
    [timeout] = await service.timers.tick()
    assert timeout.kind == "action" and timeout.source == "timeout" and timeout.seat == 1
    assert "ran out of time" in timeout.note and table.strikes[1] == 1
    assert await sources(store, table.id) == [(1, ALICE, "timeout")]
    # Bob plays for himself; every other turn runs out until Alice has two expiries in a row
    kinds: list[str] = []
    while not table.seats[1].away:
        if to_act_user(table) == BOB:
            await service.play.act(table.id, BOB, table.view_for(BOB).legal[0])  # type: ignore[union-attr]
            continue
        clock.advance(120)
        kinds += [update.kind for update in await service.timers.tick()]
        await service.autoplay.wait_idle()
    assert kinds.count("reminder") == 0 and "away" in kinds
    away = next(u for u in recorder.updates if u.kind == "away" and u.seat == 1)
    assert "Alice is away" in away.note_text()
    rows = await store.db.execute_fetchall("SELECT away FROM seats WHERE seat = 1")
    assert list(rows) == [(1,)]
    update = await service.play.back(table.id, ALICE)
    assert update.kind == "back" and not table.seats[1].away and table.strikes[1] == 0
    rows = await store.db.execute_fetchall("SELECT away FROM seats WHERE seat = 1")
    assert list(rows) == [(0,)]
    with pytest.raises(WrongState, match="not marked away"):
        await service.play.back(table.id, ALICE)


async def test_a_timed_out_schieberamsch_turn_is_one_expiry(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    """SR-10: the AI picks up and pushes for the player; that is one turn, one strike."""
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    table = await start_table(service, "skat-schieberamsch")
    service.autoplay.factory = lambda kind, seed: PickUpFirst()
    clock.advance(120)
    updates = await service.timers.tick()
    assert [u.source for u in updates] == ["timeout", "timeout"] and table.strikes[1] == 1
    assert [row[2] for row in await sources(store, table.id)] == ["timeout", "timeout"]
    assert table.to_act == 2
    service, store = await restart(service, store, db_path, clock, seeds)
    try:
        [again] = await service.recovery.recover()
        assert again.strikes[1] == 1
    finally:
        await service.close()
        await store.close()


class PickUpFirst:
    """Picks up when it may, then lays the first pair offered."""

    def choose(self, view: SeatView) -> Action:
        return PickUp() if PickUp() in view.legal else view.legal[-1]


async def test_the_away_seat_is_played_by_the_ai(
    service: TableService, store: Store, clock: FakeClock
) -> None:
    table = await start_table(service)
    for _ in range(2):  # Alice times out twice in a row: forehand, then ...
        while table.to_act != 1:
            user = to_act_user(table)
            await service.play.act(table.id, user, table.view_for(user).legal[0])  # type: ignore[union-attr]
        clock.advance(120)
        await service.timers.tick()
        await service.autoplay.wait_idle()
    assert table.seats[1].away
    while table.to_act != 1 and table.status == "playing":
        user = to_act_user(table)
        await service.play.act(table.id, user, table.view_for(user).legal[0])  # type: ignore[union-attr]
        await service.autoplay.wait_idle()
    assert table.to_act != 1
    assert "away" in {row[2] for row in await sources(store, table.id)}


async def test_a_human_move_resets_the_strikes(service: TableService, clock: FakeClock) -> None:
    table = await start_table(service)
    clock.advance(120)
    await service.timers.tick()
    assert table.strikes[1] == 1
    while table.to_act != 1:
        user = to_act_user(table)
        await service.play.act(table.id, user, table.view_for(user).legal[0])  # type: ignore[union-attr]
    await service.play.act(table.id, ALICE, table.view_for(ALICE).legal[0])  # type: ignore[union-attr]
    assert table.strikes[1] == 0 and not table.seats[1].away


async def test_a_click_brings_an_away_player_back(
    service: TableService, store: Store, clock: FakeClock
) -> None:
    table = await start_table(service)
    await store.tables.set_away(table.id, 2, True)
    table.seats[2].away = True
    service.autoplay.delay = 3600.0  # the AI has not moved for Bob yet when he clicks
    await service.play.act(table.id, ALICE, table.view_for(ALICE).legal[0])  # type: ignore[union-attr]
    await service.play.act(table.id, BOB, table.view_for(BOB).legal[0])  # type: ignore[union-attr]
    assert not table.seats[2].away
    assert [row[2] for row in await sources(store, table.id)] == ["human", "human"]


async def test_no_timer_when_switched_off(service: TableService, clock: FakeClock) -> None:
    await service.guilds.set(GUILD, {"turn_timeout": None})
    table = await start_table(service)
    clock.advance(3600)
    assert await service.timers.tick() == [] and table.log_length == 0


async def test_a_lobby_expires_after_15_minutes(
    service: TableService, store: Store, clock: FakeClock
) -> None:
    table = await open_lobby(service)
    clock.advance(14 * 60)
    assert await service.timers.tick() == []
    clock.advance(60)
    [update] = await service.timers.tick()
    assert update.kind == "cancelled" and "expired" in update.note and table.status == "cancelled"
    assert service.tables.open_tables() == []
    rows = await store.db.execute_fetchall("SELECT status FROM tables")
    assert list(rows) == [("cancelled",)]


async def test_a_table_without_humans_for_24_hours_closes_and_keeps_results(
    service: TableService, store: Store, clock: FakeClock
) -> None:
    await service.guilds.set(GUILD, {"turn_timeout": None})
    table = await start_table(service, players=(ALICE,), ai=1)
    await play_out(service, table, seed=3, max_actions=25)  # past the first deal
    assert table.deal_number >= 1
    clock.advance(23 * 3600)
    assert await service.timers.tick() == []
    clock.advance(3600)
    [update] = await service.timers.tick()
    assert update.kind == "closed" and "24 hours" in update.note_text()
    rows = await store.db.execute_fetchall("SELECT status FROM tables")
    assert list(rows) == [("cancelled",)]
    stats = await service.boards.user_stats(GUILD, ALICE)
    assert stats.deals == table.deal_number


async def test_timer_state_survives_a_restart(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    table = await start_table(service, channel=CHANNEL)
    clock.advance(120)
    await service.timers.tick()
    await store.tables.set_away(table.id, 2, True)
    before = {**table.snapshot(), "seats": None}
    service, store = await restart(service, store, db_path, clock, seeds)
    try:
        [again] = await service.recovery.recover()
        assert {**again.snapshot(), "seats": None} == before and again.strikes[1] == 1
        assert again.seats[2].away and again.turn_started_at == clock.now
        await service.autoplay.wait_idle()
        assert again.log_length == 2  # the AI played for away Bob right after recovery
    finally:
        await service.close()
        await store.close()


async def test_real_core_ai_players_fill_seats(store: Store, clock: FakeClock) -> None:
    """The service with ramsch_core.ai.make_player (no stub): a heuristic and a random AI."""
    pytest.importorskip("ramsch_core.ai")
    service = TableService(store, seed_source=lambda: 42, clock=clock)
    try:
        table = await open_lobby(service)
        await service.lobby.add_ai(table.id, HOST, "heuristic")
        await service.lobby.add_ai(table.id, HOST, "random")
        await service.lobby.start(table.id, HOST)
        await service.autoplay.wait_idle()
        await play_out(service, table, seed=11)
        assert table.status == "finished"
        assert [seat.ai for seat in table.seats] == [None, "heuristic", "random"]
    finally:
        await service.close()


async def test_a_failed_ai_move_is_tried_again_by_tick(service: TableService) -> None:
    failures: list[Exception] = []

    def flaky(kind: str, seed: int) -> StubPlayer:
        if failures:
            raise failures.pop()
        return StubPlayer(kind, seed)

    service.autoplay.factory = flaky
    table = await open_lobby(service)
    await service.lobby.add_ai(table.id, HOST)
    await service.lobby.add_ai(table.id, HOST)
    failures.append(RuntimeError("the AI crashed"))
    await service.lobby.start(table.id, HOST)
    await service.autoplay.wait_idle()
    assert table.to_act == 1 and table.log_length == 0  # stalled, logged
    await service.timers.tick()
    await service.autoplay.wait_idle()
    assert table.to_act == 0 and table.log_length == 2


@pytest.mark.parametrize(
    ("reminder", "pinged_after"), [(0.0, 0.0), (30.0, 30.0), (None, 60.0), (500.0, None)]
)
async def test_the_server_sets_when_the_player_to_act_is_pinged(
    service: TableService,
    store: Store,
    clock: FakeClock,
    reminder: float | None,
    pinged_after: float | None,
) -> None:
    """The server's reminder: at once (0), after so many seconds, at half the turn timer by
    default, never when the turn runs out first; kept by the table across a restart."""
    await service.guilds.set(GUILD, {"reminder": reminder})
    table = await start_table(service)
    assert table.reminder == reminder
    [stored] = [row for row in await store.tables.load_open_tables() if row.id == table.id]
    assert stored.reminder == reminder
    if pinged_after is None:
        clock.advance(119)
        assert await service.timers.tick() == []
        return
    if pinged_after:
        clock.advance(pinged_after - 1)
        assert await service.timers.tick() == []
        clock.advance(1)
    [update] = await service.timers.tick()
    assert update.kind == "reminder" and update.seat == table.to_act
    assert await service.timers.tick() == []  # once per turn

"""Restart recovery: every lobby and unfinished table is rebuilt from the store (issue 4)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.storage import ShownTable, Store
from bot.tables import NotFound, TableService
from ramsch_core import PickUp
from tests.bot.helpers import (
    ALICE,
    BOB,
    CHANNEL,
    HOST,
    FakeClock,
    make_service,
    open_lobby,
    play_human_turn,
    play_out,
    restart,
    start_table,
)


async def test_a_table_mid_session_is_rebuilt_and_finishes(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    table = await start_table(service, players=(ALICE,), ai=1)
    rng = random.Random(1)
    while table.deal_number == 0 or table.log_length < 37:  # well into the second deal
        await play_human_turn(service, table, rng)
    assert table.deal_number == 1
    before = table.snapshot()
    service, store = await restart(service, store, db_path, clock, seeds)
    try:
        recovered = await service.recovery.recover()
        assert [t.id for t in recovered] == [table.id]
        again = service.tables.get(table.id)
        assert again.snapshot() == before
        assert again.view_for(ALICE) == table.view_for(ALICE)
        await service.autoplay.wait_idle()
        await play_out(service, again, seed=2)
        assert again.status == "finished"
        rows = await store.db.execute_fetchall(
            "SELECT deal_number FROM deal_results WHERE table_id = ?", (table.id,)
        )
        assert [row[0] for row in rows] == [0, 1, 2]
        assert await service.recovery.recover() == []
    finally:
        await service.close()
        await store.close()


async def test_recover_twice_is_harmless(service: TableService, store: Store) -> None:
    table = await start_table(service)
    assert await service.recovery.recover() == []
    assert service.tables.get(table.id) is table


async def test_lobbies_and_schieberamsch_pushes_survive_a_restart(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    lobby = await open_lobby(service, channel=CHANNEL)
    await service.lobby.join(lobby.id, ALICE, "Alice")
    await service.lobby.add_ai(lobby.id, HOST, "random")
    await service.lobby.set_message(lobby.id, 77)
    pushing = await start_table(service, "skat-schieberamsch", channel=CHANNEL + 1)
    await service.play.act(pushing.id, ALICE, PickUp())
    snapshots = {lobby.id: lobby.snapshot(), pushing.id: pushing.snapshot()}
    service, store = await restart(service, store, db_path, clock, seeds)
    try:
        recovered = await service.recovery.recover()
        assert {t.id: t.snapshot() for t in recovered} == snapshots
        again = service.tables.get(lobby.id)
        assert again.message_id == 77 and again.can_start()
        await service.lobby.start(again.id, HOST)
        view = service.tables.get(pushing.id).view_for(ALICE)
        assert view is not None and len(view.skat) == 2
    finally:
        await service.close()
        await store.close()


async def test_results_lost_in_a_crash_are_stored_at_recovery(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The action is committed first; results are derived and rebuilt from the log."""
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    table = await start_table(service)

    async def crash(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(store.results, "store_results", crash)
    rng = random.Random(5)
    while table.deal_number == 0:
        await play_human_turn(service, table, rng)
    assert len(table.unstored) == 1  # kept for a retry
    service, store = await restart(service, store, db_path, clock, seeds)
    try:
        again = (await service.recovery.recover())[0]
        assert again.unstored == []
        record = await service.boards.deal_record(table.id, 0)
        assert record["seed"] is not None and len(record["actions"]) == 30
    finally:
        await service.close()
        await store.close()


async def test_a_session_whose_results_never_landed_is_finished_at_recovery(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    table = await start_table(service)
    # 81 human actions play the 3 deals (each last trick plays itself): all but the last
    await play_out(service, table, seed=4, max_actions=80)

    async def crash(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(store.results, "store_results", crash)
    await play_out(service, table, seed=4)
    assert table.status == "finished"
    service, store = await restart(service, store, db_path, clock, seeds)
    try:
        # Returned for the adapter to show its end (it reads back what the channel shows).
        [again] = await service.recovery.recover()
        assert again.id == table.id and again.status == "finished"
        rows = await store.db.execute_fetchall("SELECT status FROM tables")
        assert list(rows) == [("finished",)]
        rows = await store.db.execute_fetchall("SELECT COUNT(*) FROM deal_results")
        assert list(rows) == [(3,)]
    finally:
        await service.close()
        await store.close()


async def test_recovered_ai_to_act_moves_on_its_own(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    table = await start_table(service, players=(BOB,), ai=1)
    # Stop the AI before it moves: the restart finds an AI seat to act.
    service.autoplay.delay = 3600
    rng = random.Random(0)
    while table.to_act is None or table.seats[table.to_act].ai is None:
        user = table.seats[table.to_act or 0].user_id
        view = table.view_for(user or 0)
        assert view is not None and user is not None
        await service.play.act(table.id, user, rng.choice(view.legal))
    length = table.log_length
    service, store = await restart(service, store, db_path, clock, seeds)
    try:
        await service.recovery.recover()
        await service.autoplay.wait_idle()
        again = service.tables.get(table.id)
        assert again.log_length > length
        rows = await store.db.execute_fetchall(
            "SELECT source FROM actions WHERE table_id = ? AND seq = ?", (table.id, length)
        )
        assert list(rows) == [("ai",)]
    finally:
        await service.close()
        await store.close()


async def test_a_finished_table_not_yet_shown_as_finished_is_recovered(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    """The last action was committed (the table is finished in the store) but the adapter's
    record says its messages show an earlier state: it is returned, finished, until the
    record is forgotten (its end was shown)."""
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    table = await start_table(service, players=(ALICE,), ai=1)
    await service.autoplay.wait_idle()
    await play_out(service, table, seed=3)
    assert table.status == "finished"
    last = table.match.finished_deals[-1].number if table.match is not None else 0
    await store.shown.save_shown(
        [ShownTable(table.id, 5, table.log_length - 1, last, last, "000", "key")], at=1.0
    )
    service, store = await restart(service, store, db_path, clock, seeds)
    try:
        [again] = await service.recovery.recover()
        assert again.id == table.id and again.status == "finished"
        assert again.snapshot() == table.snapshot()
        with pytest.raises(NotFound):
            service.tables.get(table.id)  # not kept: it takes no action
        assert set((await store.shown.load_shown()).keys()) == {table.id}
        await store.shown.save_shown([], forget=[table.id], at=2.0)
        service, store = await restart(service, store, db_path, clock, seeds)
        assert await service.recovery.recover() == []
        assert await store.shown.load_shown() == {}
        rows = await store.db.execute_fetchall(
            "SELECT status FROM tables WHERE id = ?", (table.id,)
        )
        assert [row[0] for row in rows] == ["finished"]
    finally:
        await service.close()
        await store.close()

"""Ramsen tables and the cutter's choice (RA-2, RA-8): a choice by another seat is refused and
changes nothing; a table stored with schlecken as a switch (earlier versions) is rebuilt at a
restart and plays on as it would have."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.storage import Store
from bot.tables import NotSeated, Table, TableError, TableService
from ramsch_core.games.ramsen import RamsenRules
from ramsch_core.games.ramsen.schlecken import NoSchleck, Schleck
from tests.bot.helpers import FakeClock, make_service, play_human_turn, play_out
from tests.bot.people import ALICE, BOB, CAROL, CHANNEL, GUILD, HOST, NAMES


async def ramsen_table(service: TableService, rules: RamsenRules) -> Table:
    """Four humans at a Ramsen table of ``rules``, started."""
    update = await service.lobby.open(
        guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Host",
        rules=rules, options={"seats": 4, "rounds": 1},
    )  # fmt: skip
    table = update.table
    for user in (ALICE, BOB, CAROL):
        await service.lobby.join(table.id, user, NAMES[user])
    await service.lobby.start(table.id, HOST)
    await service.autoplay.wait_idle()
    return table


def user_of(table: Table, table_seat: int) -> int:
    user = table.seats[table_seat].user_id
    assert isinstance(user, int)
    return user


async def test_ra8_the_cutters_choice_by_another_player_is_refused_and_changes_nothing(
    service: TableService,
) -> None:
    """RA-8: only the cutter keeps or leaves the bottom card; a click by another seat or by
    someone not at the table gets one sentence and the table is as it was."""
    table = await ramsen_table(service, RamsenRules())
    match = table.match
    assert match is not None and match.deal.phase == "schlecken"
    cutter = match.active_seats[2]
    other = user_of(table, match.active_seats[0])
    before = table.snapshot()
    with pytest.raises(TableError) as refused:
        await service.play.act(table.id, other, Schleck(), deal_number=0)
    assert str(refused.value).count(".") <= 1 and "turn" in str(refused.value)
    with pytest.raises(NotSeated):
        await service.play.act(table.id, 999, NoSchleck(), deal_number=0)
    assert table.snapshot() == before
    await service.play.act(table.id, user_of(table, cutter), Schleck(), deal_number=0)
    assert match.deal.phase == "exchange" and match.deal.state.schleck_seat == 2


@pytest.mark.parametrize("old", [True, False])
async def test_ra2_a_table_stored_with_schlecken_as_a_switch_plays_on_after_a_restart(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int], old: bool
) -> None:
    """RA-2: a table an earlier version stored with ``"schlecken": true`` (or false) is
    rebuilt with ``always`` (``never``): the same deal, the same hands, and no choice to make;
    it plays to its end."""
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    try:
        table = await ramsen_table(service, RamsenRules(schlecken="always" if old else "never"))
        rng = random.Random(3)
        for _ in range(6):
            await play_human_turn(service, table, rng)
        before = table.snapshot()
        views = {user: table.view_for(user) for user in (HOST, ALICE, BOB, CAROL)}
        async with store.transaction() as db:
            [(text,)] = await db.execute_fetchall(
                "SELECT rules FROM tables WHERE id = ?",
                (table.id,),
            )
            stored = json.loads(text)
            assert stored["schlecken"] == ("always" if old else "never")
            stored["schlecken"] = old  # as the earlier version wrote it
            await db.execute(
                "UPDATE tables SET rules = ? WHERE id = ?",
                (json.dumps(stored), table.id),
            )
    finally:
        await service.close()
        await store.close()
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    try:
        recovered = await service.recovery.recover()
        assert [each.id for each in recovered] == [table.id]
        again = service.tables.get(table.id)
        assert again.snapshot() == before
        assert {user: again.view_for(user) for user in views} == views
        assert again.rules == RamsenRules(schlecken="always" if old else "never")
        await play_out(service, again, seed=4)
        assert again.status == "finished"
    finally:
        await service.close()
        await store.close()

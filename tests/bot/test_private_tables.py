"""Private tables (issue 31): only the host and his invited players sit down, the host invites
more from the lobby, and both survive a restart; every refusal changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.storage import Store
from bot.tables import NotHost, TableError, TableService, WrongState
from bot.tables.invites import MAX_INVITED, NotInvited
from ramsch_core import preset
from tests.bot.helpers import FakeClock, Recorder, make_service, open_lobby, restart
from tests.bot.people import ALICE, BOB, CAROL, CHANNEL, GUILD, HOST, STRANGER


async def private_lobby(service: TableService, invited: tuple[int, ...] = (ALICE,)) -> int:
    update = await service.lobby.open(
        guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Host",
        rules=preset("skat"), options={"seats": 3}, private=True, invited=invited,
    )  # fmt: skip
    return update.table.id


async def stored_invites(store: Store, table_id: int) -> list[int]:
    rows = await store.db.execute_fetchall(
        "SELECT user_id FROM table_invites WHERE table_id = ? ORDER BY user_id", (table_id,)
    )
    return [int(row[0]) for row in rows]


async def test_a_stranger_is_refused_at_a_private_table_and_nothing_changes(
    service: TableService, store: Store
) -> None:
    table_id = await private_lobby(service)
    table = service.tables.get(table_id)
    before, version = table.snapshot(), table.version
    with pytest.raises(NotInvited, match="private: only the players the host invited"):
        await service.lobby.join(table_id, STRANGER, "Stranger")
    assert table.snapshot() == before and table.version == version
    await service.lobby.join(table_id, ALICE, "Alice")
    assert [seat.user_id for seat in table.seats] == [HOST, ALICE]
    assert table.private and table.invited == {ALICE}
    assert await stored_invites(store, table_id) == [ALICE]


async def test_an_open_table_lets_anyone_join(service: TableService) -> None:
    table = await open_lobby(service)
    assert not table.private and table.may_join(STRANGER)
    await service.lobby.join(table.id, STRANGER, "Stranger")
    assert table.seat_of(STRANGER) == 1


async def test_the_host_invites_from_the_lobby_and_that_player_joins(
    service: TableService, store: Store
) -> None:
    recorder = Recorder()
    service.tables.listeners.append(recorder)
    table_id = await private_lobby(service)
    with pytest.raises(NotInvited):
        await service.lobby.join(table_id, BOB, "Bob")
    invitation = await service.invites.invite(table_id, HOST, [BOB, CAROL, BOB])
    assert invitation.users == (BOB, CAROL) and invitation.update is not None
    table = service.tables.get(table_id)
    assert table.invited == {ALICE, BOB, CAROL}
    assert await stored_invites(store, table_id) == [ALICE, BOB, CAROL]
    await service.lobby.join(table_id, BOB, "Bob")
    assert table.seat_of(BOB) == 1
    # Inviting an invited player again reminds him: nothing new is stored or shown.
    again = await service.invites.invite(table_id, HOST, [CAROL])
    assert again.users == (CAROL,) and again.update is None
    assert recorder.kinds == ["opened", "invited", "joined"]


async def test_invitation_refusals_change_nothing(service: TableService, store: Store) -> None:
    table_id = await private_lobby(service)
    await service.lobby.join(table_id, ALICE, "Alice")
    table = service.tables.get(table_id)
    before, version = table.snapshot(), table.version
    with pytest.raises(NotHost, match="Only the host can invite"):
        await service.invites.invite(table_id, ALICE, [BOB])
    with pytest.raises(TableError, match="sits at this table already"):
        await service.invites.invite(table_id, HOST, [BOB, ALICE])
    with pytest.raises(TableError, match="You sit at your table already"):
        await service.invites.invite(table_id, HOST, [HOST])
    with pytest.raises(TableError, match="Choose the players"):
        await service.invites.invite(table_id, HOST, [])
    with pytest.raises(WrongState, match="at most 50"):
        await service.invites.invite(table_id, HOST, range(1_000, 1_000 + MAX_INVITED))
    assert table.snapshot() == before and table.version == version
    assert await stored_invites(store, table_id) == [ALICE]
    public = await open_lobby(service, channel=CHANNEL + 1)
    with pytest.raises(WrongState, match="Anyone can join this table"):
        await service.invites.invite(public.id, HOST, [BOB])
    await service.lobby.add_ai(table_id, HOST)
    await service.lobby.start(table_id, HOST)
    with pytest.raises(WrongState, match="already started"):
        await service.invites.invite(table_id, HOST, [CAROL])
    assert await stored_invites(store, table_id) == [ALICE]


async def test_the_host_adds_ai_seats_to_a_private_table(service: TableService) -> None:
    table_id = await private_lobby(service, invited=())
    await service.lobby.add_ai(table_id, HOST)
    await service.lobby.add_ai(table_id, HOST)
    update = await service.lobby.start(table_id, HOST)
    assert update.table.status == "playing" and update.table.humans == 1


async def test_private_flag_and_invitations_survive_a_restart(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    table_id = await private_lobby(service)
    await service.invites.invite(table_id, HOST, [BOB])
    public = await open_lobby(service, channel=CHANNEL + 1)
    snapshots = {table_id: service.tables.get(table_id).snapshot(), public.id: public.snapshot()}
    service, store = await restart(service, store, db_path, clock, seeds)
    try:
        recovered = await service.recovery.recover()
        assert {table.id: table.snapshot() for table in recovered} == snapshots
        again = service.tables.get(table_id)
        assert again.private and again.invited == {ALICE, BOB}
        assert not service.tables.get(public.id).private
        with pytest.raises(NotInvited):
            await service.lobby.join(table_id, CAROL, "Carol")
        await service.lobby.join(table_id, BOB, "Bob")
        assert again.seat_of(BOB) == 1
    finally:
        await service.close()
        await store.close()


async def test_forgetting_a_player_deletes_his_invitations(
    service: TableService, store: Store
) -> None:
    table_id = await private_lobby(service, invited=(ALICE, BOB))
    forgotten = await store.privacy.forget_user(BOB)
    assert forgotten.changed.get("table_invites") == 1
    assert await stored_invites(store, table_id) == [ALICE]

"""Playing: every click becomes an act; each bad input is refused and changes nothing (issue 3)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from bot.storage import Store
from bot.tables import (
    IllegalAction,
    NotSeated,
    NotYourTurn,
    StaleAction,
    Table,
    TableError,
    TableService,
    WrongState,
)
from ramsch_core import Card, PassOn, PickUp, Play, Push
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    HOST,
    STRANGER,
    Recorder,
    open_lobby,
    start_table,
    to_act_user,
)


async def log_rows(store: Store, table_id: int) -> list[Any]:
    rows = await store.db.execute_fetchall(
        "SELECT a.seq, a.seat, p.user_id, a.source, a.kind, a.payload FROM actions a"
        " LEFT JOIN people p ON p.person = a.person WHERE a.table_id = ? ORDER BY a.seq",
        (table_id,),
    )
    return list(rows)


def state(table: Table) -> tuple[Any, ...]:
    """Everything a refused action must leave as it was."""
    return (table.version, table.log_length, json.dumps(table.snapshot(), default=str))


async def test_act_happy_path_logs_then_applies(service: TableService, store: Store) -> None:
    recorder = Recorder()
    service.tables.listeners.append(recorder)
    table = await start_table(service)
    user = to_act_user(table)
    assert user == ALICE
    view = table.view_for(ALICE)
    assert view is not None and len(view.hand) == 10
    card = view.legal[0]
    update = await service.play.act(table.id, ALICE, card, deal_number=0)
    assert update.kind == "action" and update.actor == ALICE and update.source == "human"
    assert update.seat == 1 and update.events[0].card == card.card  # type: ignore[union-attr]
    assert recorder.updates[-1] is update
    assert table.to_act == 2 and table.log_length == 1
    payload = json.dumps(card.to_json())
    assert await log_rows(store, table.id) == [(0, 1, ALICE, "human", "play", payload)]
    view = table.view_for(ALICE)
    assert view is not None and len(view.hand) == 9


async def test_a_strangers_click_is_refused(service: TableService) -> None:
    table = await start_table(service)
    before = state(table)
    view = table.view_for(ALICE)
    assert view is not None
    with pytest.raises(NotSeated, match="not playing at this table"):
        await service.play.act(table.id, STRANGER, view.legal[0])
    assert state(table) == before


async def test_out_of_turn_names_the_player_to_wait_for(service: TableService) -> None:
    table = await start_table(service)
    before = state(table)
    view = table.view_for(BOB)
    assert view is not None and view.legal == ()
    with pytest.raises(NotYourTurn, match="It's not your turn: waiting for Alice"):
        await service.play.act(table.id, BOB, Play(view.hand[0]))
    assert state(table) == before


async def test_a_card_already_played_is_stale(service: TableService, store: Store) -> None:
    table = await start_table(service)
    view = table.view_for(ALICE)
    assert view is not None
    action = view.legal[0]
    await service.play.act(table.id, ALICE, action)
    before = state(table)
    assert isinstance(action, Play)
    with pytest.raises(StaleAction, match=f"You already played {action.card.pretty}"):
        await service.play.act(table.id, ALICE, action)
    assert state(table) == before and len(await log_rows(store, table.id)) == 1


async def test_a_card_not_held_and_suit_not_followed(service: TableService) -> None:
    """SR-3: a player must follow suit; the core's message reaches the player."""
    table = await start_table(service)
    alice = table.view_for(ALICE)
    assert alice is not None
    foreign = next(card for card in Card if card not in alice.hand)
    before = state(table)
    with pytest.raises(IllegalAction, match=f"You don't hold {foreign.pretty}"):
        await service.play.act(table.id, ALICE, Play(foreign))
    with pytest.raises(IllegalAction, match="play a card"):
        await service.play.act(table.id, ALICE, PickUp())
    assert state(table) == before
    # find a lead after which Bob cannot play everything he holds
    bob = table.view_for(BOB)
    assert bob is not None
    for lead in alice.legal:
        await service.play.act(table.id, ALICE, lead)
        legal = table.view_for(BOB).legal  # type: ignore[union-attr]
        if len(legal) < len(bob.hand):
            wrong = next(card for card in bob.hand if Play(card) not in legal)
            before = state(table)
            with pytest.raises(IllegalAction, match="You must follow"):
                await service.play.act(table.id, BOB, Play(wrong))
            assert state(table) == before
            return
        pytest.skip("the seeded deal has no lead that binds Bob")  # pragma: no cover


async def test_a_button_from_an_earlier_deal_is_stale(service: TableService) -> None:
    table = await start_table(service)
    view = table.view_for(ALICE)
    assert view is not None
    before = state(table)
    with pytest.raises(StaleAction, match="earlier deal"):
        await service.play.act(table.id, ALICE, view.legal[0], deal_number=3)
    assert state(table) == before
    await service.play.act(table.id, ALICE, view.legal[0], deal_number=0)


async def test_the_dealer_sitting_out_is_told_so(service: TableService) -> None:
    """C-4: at a four-seat Skat table the dealer sits the deal out."""
    table = await start_table(service, players=(ALICE, BOB, CAROL), seats=4)
    assert table.view_for(HOST) is None
    view = table.view_for(ALICE)
    assert view is not None
    with pytest.raises(NotYourTurn, match="sit this deal out"):
        await service.play.act(table.id, HOST, view.legal[0])


async def test_acting_in_a_lobby_is_refused(service: TableService) -> None:
    table = await open_lobby(service)
    with pytest.raises(WrongState, match="not started"):
        await service.play.act(table.id, HOST, Play(Card.CA))


async def test_storm_of_200_concurrent_acts_plays_exactly_one_card(
    service: TableService, store: Store
) -> None:
    """Two racing clicks (here 200): exactly one card is played, every other click is refused."""
    table = await start_table(service)
    alice = table.view_for(ALICE)
    host = table.view_for(HOST)
    assert alice is not None and host is not None
    clicks = []
    for index in range(200):
        if index % 10 == 9:  # the host (to act after Bob) and a stranger click along
            clicks.append(
                service.play.act(table.id, HOST, Play(host.hand[index % 10]), deal_number=0)
            )
            continue
        if index % 10 == 8:
            clicks.append(service.play.act(table.id, STRANGER, alice.legal[0], deal_number=0))
            continue
        card = alice.legal[index % len(alice.legal)]
        clicks.append(service.play.act(table.id, ALICE, card, deal_number=0))
    results = await asyncio.gather(*clicks, return_exceptions=True)
    played = [result for result in results if not isinstance(result, BaseException)]
    refused = [result for result in results if isinstance(result, BaseException)]
    assert len(played) == 1
    assert all(isinstance(error, TableError) for error in refused)
    assert {type(error) for error in refused} == {StaleAction, NotYourTurn, NotSeated}
    assert len(await log_rows(store, table.id)) == 1 and table.log_length == 1
    assert table.match is not None and len(table.match.deal.history) == 1


async def test_schieberamsch_pick_up_push_and_pass_on(service: TableService, store: Store) -> None:
    """SR-10: forehand picks up and pushes two, middlehand passes on, rearhand pushes."""
    table = await start_table(service, "skat-schieberamsch")
    view = table.view_for(ALICE)
    assert view is not None and view.phase == "push"
    assert set(view.legal) == {PickUp(), PassOn()}
    await service.play.act(table.id, ALICE, PickUp())
    view = table.view_for(ALICE)
    assert view is not None and len(view.skat) == 2
    with pytest.raises(IllegalAction, match="already picked up"):
        await service.play.act(table.id, ALICE, PickUp())
    push = next(action for action in view.legal if isinstance(action, Push))
    await service.play.act(table.id, ALICE, push)
    await service.play.act(table.id, BOB, PassOn())
    view = table.view_for(HOST)
    assert view is not None
    await service.play.act(table.id, HOST, PickUp())
    push = next(action for action in table.view_for(HOST).legal if isinstance(action, Push))  # type: ignore[union-attr]
    await service.play.act(table.id, HOST, push)
    assert table.view_for(ALICE).phase == "play"  # type: ignore[union-attr]
    kinds = [row[4] for row in await log_rows(store, table.id)]
    assert kinds == ["pick_up", "push", "pass_on", "pick_up", "push"]


async def test_a_failing_listener_does_not_undo_the_action(service: TableService) -> None:
    async def broken(update: object) -> None:
        raise RuntimeError("discord is down")

    recorder = Recorder()
    service.tables.listeners += [broken, recorder]
    table = await start_table(service)
    view = table.view_for(ALICE)
    assert view is not None
    await service.play.act(table.id, ALICE, view.legal[0])
    assert table.log_length == 1 and recorder.kinds[-1] == "action"


async def test_deal_and_session_finish(service: TableService, store: Store) -> None:
    """A finished deal is reported with its result; the last one finishes the session."""
    recorder = Recorder()
    service.tables.listeners.append(recorder)
    table = await start_table(service)
    from tests.bot.helpers import play_out

    await play_out(service, table, seed=3)
    kinds = recorder.kinds
    assert kinds.count("deal_finished") == 2 and kinds[-1] == "match_finished"
    last = recorder.updates[-1]
    assert len(last.finished) == 1 and last.finished[0].number == 2
    assert table.status == "finished" and table.last_finished is last.finished[0]
    with pytest.raises(TableError, match="no longer exists"):
        await service.play.act(table.id, ALICE, Play(Card.CA))
    rows = await store.db.execute_fetchall("SELECT status FROM tables")
    assert list(rows) == [("finished",)]
    rows = await store.db.execute_fetchall("SELECT COUNT(*) FROM deal_results")
    assert list(rows) == [(3,)]


async def test_a_caller_cancelled_mid_commit_still_applies_what_it_logged(
    service: TableService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Log and state change together: a commit that went through reaches the session."""
    table = await start_table(service)
    started, release = asyncio.Event(), asyncio.Event()
    append = store.tables.append_action

    async def slow_append(*args: Any, **kwargs: Any) -> None:
        started.set()
        await release.wait()
        await append(*args, **kwargs)

    monkeypatch.setattr(store.tables, "append_action", slow_append)
    view = table.view_for(ALICE)
    assert view is not None
    click = asyncio.create_task(service.play.act(table.id, ALICE, view.legal[0]))
    await started.wait()
    click.cancel()
    await asyncio.sleep(0)
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await click
    assert len(await log_rows(store, table.id)) == 1
    assert table.log_length == 1 and table.match is not None
    assert len(table.match.deal.history) == 1 and table.to_act == 2

"""Claims of the rest at the table service: a claim that holds plays the rest at once as
ordinary logged card plays and ends the deal as playing it out would (and replays the same
after a restart); a claim that does not hold, out of turn or from another deal is refused and
changes nothing; a card clicked after a claim ended the deal is stale; the last trick plays
itself."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.storage import Store
from bot.tables import IllegalAction, NotYourTurn, StaleAction, Table, TableService
from ramsch_core import Play
from ramsch_core.claims import claim_holds, claim_line, claims_refused
from tests.bot.helpers import (
    ALICE,
    BOB,
    HOST,
    FakeClock,
    Recorder,
    make_service,
    restart,
    start_table,
)
from tests.core.builders import declaring_choice as choose


def user_to_act(table: Table) -> int:
    seat = table.to_act
    assert seat is not None
    user = table.seats[seat].user_id
    assert user is not None
    return user


async def to_claim(service: TableService, table: Table, holds: bool, seed: int = 0) -> int:
    """Play the table on until its player to act may claim and the claim holds (or not, as
    ``holds`` says); that player's user id."""
    rng = random.Random(seed)
    while table.status == "playing":
        match = table.match
        assert match is not None
        deal = match.deal
        seat = match.deal_seat(table.to_act or 0)
        assert seat is not None
        may = deal.phase == "play" and claims_refused(deal.public_view()) is None
        if may and claim_holds(deal, seat) == holds:
            return user_to_act(table)
        user = user_to_act(table)
        view = table.view_for(user)
        assert view is not None
        await service.play.act(table.id, user, choose(view, rng), deal_number=table.deal_number)
    raise AssertionError("the session ended before such a claim")


async def skat_table(service: TableService) -> Table:
    return await start_table(service, "skat", game="skat", players=(ALICE, BOB), rounds=4)


async def logged(store: Store, table_id: int) -> list[tuple[object, ...]]:
    rows = await store.db.execute_fetchall(
        "SELECT a.seq, a.seat, a.source, a.kind FROM actions a WHERE a.table_id = ? ORDER BY a.seq",
        (table_id,),
    )
    return [tuple(row) for row in rows]


async def test_a_claim_that_holds_plays_the_rest_at_once_as_ordinary_plays(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    """The claimant's side takes every trick left: the cards are logged one by one as card
    plays, the deal ends with the result of playing them out, one update tells of it with a
    note for the channel, and a restart rebuilds the same table from the log."""
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    recorder = Recorder()
    service.tables.listeners.append(recorder)
    try:
        table = await skat_table(service)
        user = await to_claim(service, table, holds=True)
        match = table.match
        assert match is not None
        number, seat = match.number, table.to_act
        expected = match.deal.copy()
        line = claim_line(expected)
        for action in line:
            expected.apply(action)
        assert expected.result is not None
        before = len(await logged(store, table.id))
        recorder.updates.clear()
        update = await service.play.claim(table.id, user, deal_number=number)
        assert [u.kind for u in recorder.updates] == ["deal_finished"] and update.seat == seat
        assert update.note and update.note_params == {"name": table.seats[seat or 0].name}
        assert match.number == number + 1
        entry = match.finished_deals[-1]
        assert entry.result == expected.result
        rows = (await logged(store, table.id))[before:]
        assert len(rows) == len(line) and {row[3] for row in rows} == {"play"}
        assert {row[2] for row in rows if row[1] == seat} == {"human"}
        record = await service.boards.deal_record(table.id, number)
        assert record["actions"][-len(line) :] == [
            {"seat": s, **a.to_json()} for s, a in expected.history[-len(line) :]
        ]
        snapshot = table.snapshot()
        service, store = await restart(service, store, db_path, clock, seeds)
        [again] = await service.recovery.recover()
        assert again.snapshot() == snapshot
        assert again.match is not None and again.match.finished_deals[-1].result == entry.result
    finally:
        await service.close()
        await store.close()


async def test_a_claim_that_does_not_hold_is_refused_and_changes_nothing(
    service: TableService, store: Store
) -> None:
    """Not every line gives the claimant's side the rest: one sentence says so, nothing is
    logged or shown anew."""
    table = await skat_table(service)
    user = await to_claim(service, table, holds=False)
    snapshot, version = table.snapshot(), table.version
    rows = await logged(store, table.id)
    with pytest.raises(IllegalAction, match="Not every line of play gives your side the rest"):
        await service.play.claim(table.id, user, deal_number=table.deal_number)
    assert table.snapshot() == snapshot and table.version == version
    assert await logged(store, table.id) == rows


async def test_claims_out_of_turn_or_from_another_deal_are_refused(
    service: TableService,
) -> None:
    table = await skat_table(service)
    user = await to_claim(service, table, holds=True)
    snapshot = table.snapshot()
    other = next(u for u in (HOST, ALICE, BOB) if u != user)
    with pytest.raises(NotYourTurn):
        await service.play.claim(table.id, other, deal_number=table.deal_number)
    with pytest.raises(StaleAction, match="earlier deal"):
        await service.play.claim(table.id, user, deal_number=table.deal_number + 1)
    assert table.snapshot() == snapshot


async def test_a_card_clicked_after_a_claim_ended_the_deal_is_stale(
    service: TableService,
) -> None:
    """Another player's card button of the claimed deal (clicked while the claim was played
    under the table's lock) is refused with one sentence: its deal is over."""
    table = await skat_table(service)
    user = await to_claim(service, table, holds=True)
    number = table.deal_number
    other, card = next(
        (u, view.hand[0])
        for u in (HOST, ALICE, BOB)
        if u != user and (view := table.view_for(u)) is not None and view.hand
    )
    await service.play.claim(table.id, user, deal_number=number)
    with pytest.raises(StaleAction, match="earlier deal"):
        await service.play.act(table.id, other, Play(card), deal_number=number)


async def test_the_last_trick_plays_itself(service: TableService, store: Store) -> None:
    """Once each seat holds one card, the card that ends the ninth trick also plays the
    tenth: its three cards are logged as plays, and the next deal begins."""
    table = await start_table(service, players=(ALICE, BOB))
    match = table.match
    assert match is not None
    rng = random.Random(1)
    while match.number == 0:
        user = user_to_act(table)
        view = table.view_for(user)
        assert view is not None
        tricks, trick = len(match.deal.tricks), len(match.deal.trick)
        await service.play.act(table.id, user, rng.choice(view.legal))
    assert (tricks, trick) == (8, 2)  # the last card a player chose ended the ninth trick
    assert (
        match.finished_deals[0].result.trick_counts
        and len(match.finished_deals[0].result.tricks) == 10
    )
    rows = await logged(store, table.id)
    assert [row[3] for row in rows[-3:]] == ["play"] * 3

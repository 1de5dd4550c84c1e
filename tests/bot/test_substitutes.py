"""Substitutes (issue 31): a member who is not seated takes over an AI seat or an away
player's seat between deals with the host's OK; the rating credits whoever played most of a
seat's deals."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.ratings import credited
from bot.storage import Store, replays
from bot.tables import TableService
from bot.tables.errors import NotFound, NotHost, StaleAction, WrongState
from bot.tables.model import Table
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    GUILD,
    HOST,
    STRANGER,
    FakeClock,
    Recorder,
    make_service,
    play_human_turn,
    play_out,
    restart,
    start_table,
)


def test_a_seat_is_credited_to_whoever_played_most_of_its_deals() -> None:
    assert credited([ALICE, ALICE, CAROL]) == ALICE
    assert credited([None, CAROL, CAROL]) == CAROL
    assert credited([None, None, CAROL]) is None


def test_a_tie_is_credited_to_whoever_played_the_later_deals() -> None:
    assert credited([None, CAROL]) == CAROL
    assert credited([ALICE, CAROL, CAROL, ALICE]) == ALICE
    with pytest.raises(ValueError):
        credited([])


async def play_to_next_deal(service: TableService, table: Table, rng: random.Random) -> None:
    number = table.deal_number
    while table.status == "playing" and table.deal_number == number:
        await play_human_turn(service, table, rng)


async def test_bad_requests_get_one_sentence_and_change_nothing(
    service: TableService, store: Store
) -> None:
    table = await start_table(service, players=(ALICE,), ai=1)
    with pytest.raises(WrongState, match="already have a seat"):
        await service.substitutes.ask(table.id, ALICE, "Alice", 2)
    with pytest.raises(WrongState, match="Alice is playing that seat"):
        await service.substitutes.ask(table.id, CAROL, "Carol", 1)
    with pytest.raises(WrongState, match="no seat 9"):
        await service.substitutes.ask(table.id, CAROL, "Carol", 8)
    request = await service.substitutes.ask(table.id, CAROL, "Carol", 2)
    with pytest.raises(WrongState, match="asked for a seat already"):
        await service.substitutes.ask(table.id, CAROL, "Carol", 2)
    with pytest.raises(WrongState, match="Someone else has asked"):
        await service.substitutes.ask(table.id, STRANGER, "Eve", 2)
    with pytest.raises(NotHost, match="Only the host"):
        await service.substitutes.answer(table.id, request.number, CAROL, True)
    with pytest.raises(NotHost):
        await service.substitutes.answer(table.id, request.number, ALICE, True)
    assert await service.substitutes.answer(table.id, request.number, HOST, False) is None
    with pytest.raises(StaleAction, match="answered already"):
        await service.substitutes.answer(table.id, request.number, HOST, True)
    assert table.seats[2].ai is not None
    rows = await store.db.execute_fetchall("SELECT user_id, ai FROM seats WHERE seat = 2")
    assert rows[0][0] is None and rows[0][1] is not None
    assert [r.status for r in await store.seat_requests.requests(table.id)] == ["refused"]


async def test_a_request_to_a_finished_table_is_refused(service: TableService) -> None:
    table = await start_table(service, players=(ALICE,), ai=1)
    await play_out(service, table)
    with pytest.raises(NotFound):
        await service.substitutes.ask(table.id, CAROL, "Carol", 2)


async def test_a_substitute_takes_an_ai_seat_at_the_deal_end_and_is_rated_for_it(
    service: TableService, store: Store
) -> None:
    recorder = Recorder()
    service.tables.listeners.append(recorder)
    table = await start_table(service, players=(ALICE,), ai=1)
    rng = random.Random(3)
    await play_human_turn(service, table, rng)  # the deal is on
    request = await service.substitutes.ask(table.id, CAROL, "Carol", 2)
    assert await service.substitutes.answer(table.id, request.number, HOST, True) is None
    assert table.seats[2].ai is not None  # not in the middle of a deal
    assert table.view_for(CAROL) is None
    await play_to_next_deal(service, table, rng)
    assert table.seats[2].user_id == CAROL and table.seats[2].name == "Carol"
    assert table.view_for(CAROL) is not None and not table.match.deal.history  # type: ignore[union-attr]
    note = next(u for u in recorder.updates if u.note.startswith("{name} takes over"))
    assert note.kind == "deal_finished"
    assert note.note_text() == "Carol takes over the seat of AI 1"
    rows = await store.db.execute_fetchall("SELECT user_id, name, ai FROM seats WHERE seat = 2")
    assert tuple(rows[0]) == (CAROL, "Carol", None)
    (seated,) = await store.seat_requests.requests(table.id)
    assert (seated.status, seated.from_deal, seated.released_ai) == ("seated", 1, "heuristic")
    await play_out(service, table, seed=4)
    assert table.status == "finished"
    deals = await store.db.execute_fetchall(
        "SELECT COUNT(*) FROM deal_results WHERE table_id = ?", (table.id,)
    )
    assert deals[0][0] >= 3  # Carol played most of the seat's deals
    rated = await store.db.execute_fetchall(
        "SELECT seat, user_id, ai FROM rating_changes WHERE table_id = ? ORDER BY seat",
        (table.id,),
    )
    assert [tuple(row) for row in rated] == [(0, HOST, None), (1, ALICE, None), (2, CAROL, None)]


async def test_the_ai_keeps_the_rating_when_it_played_most_deals(
    service: TableService, store: Store
) -> None:
    table = await start_table(service, players=(ALICE,), ai=1)
    rng = random.Random(5)
    assert table.match is not None
    while table.deal_number < table.match.total_deals - 1:  # the last deal is on
        await play_to_next_deal(service, table, rng)
    await play_human_turn(service, table, rng)
    request = await service.substitutes.ask(table.id, CAROL, "Carol", 2)
    await service.substitutes.answer(table.id, request.number, HOST, True)
    await play_out(service, table, seed=6)
    rated = await store.db.execute_fetchall(
        "SELECT user_id, ai FROM rating_changes WHERE table_id = ? AND seat = 2", (table.id,)
    )
    assert tuple(rated[0]) == (None, "heuristic")


async def test_a_request_survives_a_restart_and_the_seat_changes_after_it(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    table = await start_table(service, players=(ALICE,), ai=1)
    rng = random.Random(7)
    await play_human_turn(service, table, rng)
    request = await service.substitutes.ask(table.id, CAROL, "Carol", 2)
    service, store = await restart(service, store, db_path, clock, seeds)
    try:
        await service.recovery.recover()
        table = service.tables.get(table.id)
        await service.substitutes.answer(table.id, request.number, HOST, True)
        await service.autoplay.wait_idle()
        await play_to_next_deal(service, table, rng)
        assert table.seats[2].user_id == CAROL
        service, store = await restart(service, store, db_path, clock, seeds)
        await service.recovery.recover()
        again = service.tables.get(table.id)
        assert again.seats[2].user_id == CAROL and again.seats[2].ai is None
    finally:
        await service.close()
        await store.close()


async def test_an_away_players_seat_can_be_taken_and_he_is_released(
    service: TableService, store: Store
) -> None:
    table = await start_table(service, players=(ALICE,), ai=1)
    await store.tables.set_away(table.id, 1, True)
    table.seats[1].away = True
    await service.autoplay.wait_idle()
    request = await service.substitutes.ask(table.id, CAROL, "Carol", 1)
    await service.substitutes.answer(table.id, request.number, HOST, True)
    if table.seats[1].user_id != CAROL:
        await play_to_next_deal(service, table, random.Random(8))
    assert table.seats[1].user_id == CAROL and not table.seats[1].away
    assert table.seat_of(ALICE) is None
    with pytest.raises(WrongState, match="Carol is playing that seat"):
        await service.substitutes.ask(table.id, ALICE, "Alice", 1)


async def test_before_the_first_action_of_a_deal_the_seat_changes_hands_at_once(
    service: TableService, store: Store
) -> None:
    recorder = Recorder()
    service.tables.listeners.append(recorder)
    table = await start_table(service, players=(ALICE, BOB))
    assert table.match is not None and not table.match.deal.history
    await store.tables.set_away(table.id, 2, True)
    table.seats[2].away = True  # nobody has acted yet: the AI waits for the next change
    request = await service.substitutes.ask(table.id, CAROL, "Carol", 2)
    update = await service.substitutes.answer(table.id, request.number, HOST, True)
    assert update is not None and update.seat == 2
    assert update.note_text() == "Carol takes over the seat of Bob"
    assert table.seats[2].user_id == CAROL and table.seat_of(BOB) is None
    assert table.view_for(CAROL) is not None and table.view_for(BOB) is None
    assert recorder.updates[-1] is update


async def test_a_seat_not_stored_at_the_deal_end_is_taken_after_a_restart(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    table = await start_table(service, players=(ALICE,), ai=1)
    rng = random.Random(9)
    await play_human_turn(service, table, rng)
    request = await service.substitutes.ask(table.id, CAROL, "Carol", 2)
    await service.substitutes.answer(table.id, request.number, HOST, True)

    async def fails(*_args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(store.seat_requests, "seat", fails)
    await play_to_next_deal(service, table, rng)
    assert table.seats[2].ai is not None and table.status == "playing"  # the deal went on
    service, store = await restart(service, store, db_path, clock, seeds)
    try:
        await service.recovery.recover()
        again = service.tables.get(table.id)
        await service.autoplay.wait_idle()
        if again.seats[2].user_id != CAROL:  # the AI had begun the deal: at its end then
            await play_to_next_deal(service, again, rng)
        assert again.seats[2].user_id == CAROL
        (seated,) = await store.seat_requests.requests(table.id)
        assert seated.status == "seated"
    finally:
        await service.close()
        await store.close()


async def test_stats_count_each_deal_for_whoever_played_it_the_rating_the_seat(
    service: TableService, store: Store
) -> None:
    """Item 7 and docs/ratings.md: the host alone with two AIs, whose second AI seat Carol
    takes over after the first deal. The stats count each deal for whoever played it, from
    the deal on which two humans sat at the table (before: an AI game, not counted); the
    rating credits the seat, with all its deals, to Carol, who played most of them."""
    table = await start_table(service, players=(), ai=2)
    rng = random.Random(11)
    await play_human_turn(service, table, rng)
    request = await service.substitutes.ask(table.id, CAROL, "Carol", 2)
    await service.substitutes.answer(table.id, request.number, HOST, True)
    await play_to_next_deal(service, table, rng)
    assert table.seats[2].user_id == CAROL
    await play_out(service, table, seed=12)
    assert table.status == "finished" and table.match is not None
    deals = table.match.total_deals
    played = await store.db.execute_fetchall(
        "SELECT COUNT(*) FROM deal_scores WHERE table_id = ? AND user_id = ?", (table.id, CAROL)
    )
    carols = played[0][0]
    assert 0 < carols < deals and carols > deals - carols  # she played most of the seat's
    carol = await store.results.user_stats(GUILD, CAROL)
    host = await store.results.user_stats(GUILD, HOST)
    assert (carol.sessions, carol.deals) == (1, carols)
    assert (host.sessions, host.deals) == (1, carols)  # the first deal was the host and AIs
    rated = await store.db.execute_fetchall(
        "SELECT user_id, ai, deals FROM rating_changes WHERE table_id = ? AND seat = 2",
        (table.id,),
    )
    assert tuple(rated[0]) == (CAROL, None, deals)


async def test_each_deal_names_whoever_held_the_seat_in_it(
    service: TableService, store: Store
) -> None:
    """Nothing a player was shown is lost when a seat changes hands: AI 1 plays the first
    deal, Carol takes its seat and plays the second; Alice goes away and Bob takes hers for
    the third. A replay of each deal names whoever played it, and the history lists the
    match for Alice (released) as for Carol and Bob."""
    table = await start_table(service, players=(ALICE,), ai=1)
    assert table.match is not None and table.match.total_deals >= 3
    rng = random.Random(3)
    await play_human_turn(service, table, rng)
    request = await service.substitutes.ask(table.id, CAROL, "Carol", 2)
    await service.substitutes.answer(table.id, request.number, HOST, True)
    await play_to_next_deal(service, table, rng)
    assert table.deal_number == 1 and table.seats[2].user_id == CAROL
    await play_to_next_deal(service, table, rng)
    assert table.deal_number == 2 and not table.match.deal.history
    await store.tables.set_away(table.id, 1, True)
    table.seats[1].away = True
    request = await service.substitutes.ask(table.id, BOB, "Bob", 1)
    await service.substitutes.answer(table.id, request.number, HOST, True)
    assert table.seats[1].user_id == BOB  # the third deal had not begun
    await play_out(service, table, seed=4)
    assert table.status == "finished"

    def shown(deal: object) -> dict[str, bool]:
        assert isinstance(deal, replays.StoredDeal)
        return dict(zip(deal.names, deal.robots, strict=True))

    first = await store.results.replay_deal(table.id, 0, guild_id=GUILD)
    second = await store.results.replay_deal(table.id, 1, guild_id=GUILD)
    third = await store.results.replay_deal(table.id, 2, guild_id=GUILD)
    assert shown(first) == {"Host": False, "Alice": False, "AI 1": True}
    assert shown(second) == {"Host": False, "Alice": False, "Carol": False}
    assert shown(third) == {"Host": False, "Bob": False, "Carol": False}
    for user in (ALICE, BOB, CAROL, HOST):
        (match,) = await store.results.history(user, guild_id=GUILD)
        assert match.table_id == table.id
        assert await store.results.latest_replay_table(user, GUILD) == table.id
    assert await store.results.history(STRANGER, guild_id=GUILD) == []
    board = await store.results.leaderboard(GUILD, "ramsch", "skat")
    assert ("Alice", ALICE) in [(row.name, row.user_id) for row in board.rows]
    held = await store.db.execute_fetchall(
        "SELECT seat, from_deal, to_deal, user_id, name, ai FROM seat_holders"
        " WHERE table_id = ? ORDER BY seat",
        (table.id,),
    )
    assert [tuple(row) for row in held] == [
        (1, 0, 2, ALICE, "Alice", None),
        (2, 0, 1, None, "AI 1", "heuristic"),
    ]


async def test_a_seat_taken_twice_keeps_each_holders_deals(
    service: TableService, store: Store
) -> None:
    """Carol takes AI 1's seat for the second deal, goes away before she acts in it, and Bob
    takes it at once: Carol held the seat for no deal, so only AI 1's deal is kept for her
    seat's earlier holders, and the next deals name Bob."""
    table = await start_table(service, players=(ALICE,), ai=1)
    rng = random.Random(3)
    await play_human_turn(service, table, rng)
    request = await service.substitutes.ask(table.id, CAROL, "Carol", 2)
    await service.substitutes.answer(table.id, request.number, HOST, True)
    await play_to_next_deal(service, table, rng)
    assert table.deal_number == 1 and table.match is not None and not table.match.deal.history
    await store.tables.set_away(table.id, 2, True)
    table.seats[2].away = True
    request = await service.substitutes.ask(table.id, BOB, "Bob", 2)
    await service.substitutes.answer(table.id, request.number, HOST, True)
    assert table.seats[2].user_id == BOB
    await play_out(service, table, seed=5)
    held = await store.db.execute_fetchall(
        "SELECT seat, from_deal, to_deal, name FROM seat_holders WHERE table_id = ?",
        (table.id,),
    )
    assert [tuple(row) for row in held] == [(2, 0, 1, "AI 1")]
    second = await store.results.replay_deal(table.id, 1, guild_id=GUILD)
    assert second is not None and "Bob" in second.names and "Carol" not in second.names
    assert await store.results.history(CAROL, guild_id=GUILD) == []  # she played no deal there

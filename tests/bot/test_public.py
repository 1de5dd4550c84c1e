"""Public play (issue 32) in the application layer: a server's opt-in, public tables joined
from another server, the quick-match queue, leaving mid-session, blocks, reports, rate limits,
the public board, and a restart; every refusal changes nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.storage import Store
from bot.storage.public import PUBLIC_BOARD, Waiting
from bot.tables import TableError, TableService, WrongState
from bot.tables.public import OPENS_PER_HOUR, Blocked, NotPublic, TooMany
from bot.tables.quick import AI_WAIT, BAND, WIDEN, WIDEN_EVERY, band, plan
from ramsch_core import preset
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    HOST,
    STRANGER,
    FakeClock,
    make_service,
    open_lobby,
    play_out,
)
from tests.bot.test_recovery import restart

OTHER_GUILD = 2
OTHER_CHANNEL = 20
CLOSED_GUILD = 3


async def opt_in(service: TableService, *guilds: int, mirror: int | None = None) -> None:
    for guild in guilds:
        await service.guilds.set(guild, {"public": True, "mirror": mirror})


async def public_lobby(service: TableService, guild: int = GUILD, host: int = HOST) -> int:
    update = await service.public.open(
        guild_id=guild, channel_id=CHANNEL, host_id=host, host_name="Host", language="de",
        rules=preset("skat"), options={"seats": 3},
    )  # fmt: skip
    return update.table.id


async def queue(service: TableService, user: int, guild: int = GUILD, game: str = "skat") -> None:
    await service.quick.join(
        guild_id=guild, channel_id=CHANNEL, user_id=user, name=f"P{user}", game=game,
        preset=None, language="de",
    )  # fmt: skip


async def count(store: Store, sql: str) -> int:
    return int((await store.fetch(sql))[0][0])


async def test_a_server_that_did_not_opt_in_can_neither_open_nor_queue(
    service: TableService, store: Store
) -> None:
    with pytest.raises(NotPublic, match="does not take part in public games"):
        await public_lobby(service)
    with pytest.raises(NotPublic, match="does not take part in public games"):
        await queue(service, ALICE)
    assert service.tables.open_tables() == []
    assert await count(store, "SELECT COUNT(*) FROM public_queue") == 0
    assert await count(store, "SELECT COUNT(*) FROM tables") == 0


async def test_a_public_table_is_listed_and_joined_from_another_server_and_starts_when_full(
    service: TableService, store: Store
) -> None:
    await opt_in(service, GUILD, OTHER_GUILD)
    table_id = await public_lobby(service)
    table = service.tables.get(table_id)
    assert table.public and table.guild_id == GUILD
    # a public table does not take its channel: a table of the server still opens there
    await open_lobby(service, channel=CHANNEL)
    (listed,) = await service.public.listing(ALICE)
    assert (listed.table.id, listed.language, listed.free, listed.host_rating) == (
        table_id, "de", 2, 1000,
    )  # fmt: skip
    await service.public.join(table_id, guild_id=OTHER_GUILD, user_id=ALICE, name="Alice")
    update = await service.public.join(table_id, guild_id=OTHER_GUILD, user_id=BOB, name="Bob")
    assert update.kind == "started" and table.status == "playing"
    assert [seat.user_id for seat in table.seats] == [HOST, ALICE, BOB]
    assert await service.public.listing(CAROL) == []


async def test_refusals_at_public_tables_change_nothing(
    service: TableService, store: Store
) -> None:
    await opt_in(service, GUILD, OTHER_GUILD)
    table_id = await public_lobby(service)
    private = (await open_lobby(service, channel=CHANNEL + 1)).id
    table = service.tables.get(table_id)
    before, version = table.snapshot(), table.version
    with pytest.raises(TableError, match="belongs to another server"):  # a forged table id
        await service.public.join(private, guild_id=OTHER_GUILD, user_id=ALICE, name="Alice")
    with pytest.raises(NotPublic, match="does not take part"):
        await service.public.join(table_id, guild_id=CLOSED_GUILD, user_id=ALICE, name="Alice")
    await service.public.block(HOST, BOB)
    with pytest.raises(Blocked, match="blocked the other"):
        await service.public.join(table_id, guild_id=OTHER_GUILD, user_id=BOB, name="Bob")
    assert [listed.table.id for listed in await service.public.listing(BOB)] == []
    assert table.snapshot() == before and table.version == version
    with pytest.raises(WrongState, match="from /ramsch tables"):  # its server's lobby click
        await service.lobby.join(table_id, BOB, "Bob")
    assert table.snapshot() == before and table.version == version
    await service.public.join(table_id, guild_id=OTHER_GUILD, user_id=ALICE, name="Alice")
    await service.public.join(table_id, guild_id=OTHER_GUILD, user_id=CAROL, name="Carol")
    started = table.snapshot()
    with pytest.raises(WrongState, match="already started"):
        await service.public.join(table_id, guild_id=OTHER_GUILD, user_id=STRANGER, name="S")
    assert table.snapshot() == started


async def test_a_full_public_lobby_refuses_another_player(service: TableService) -> None:
    await opt_in(service, GUILD, OTHER_GUILD)
    update = await service.public.open(
        guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Host", language="de",
        rules=preset("skat"), options={"seats": 4},
    )  # fmt: skip
    table = update.table
    await service.public.join(table.id, guild_id=OTHER_GUILD, user_id=ALICE, name="Alice")
    await service.public.join(table.id, guild_id=OTHER_GUILD, user_id=BOB, name="Bob")
    # the fourth seat: taken by the host's own lobby controls, as at any lobby
    await service.lobby.add_ai(table.id, HOST)
    before = table.snapshot()
    with pytest.raises(WrongState, match="The table is full"):
        await service.public.join(table.id, guild_id=OTHER_GUILD, user_id=CAROL, name="Carol")
    assert table.snapshot() == before


def waiting(user: int, rating: int, joined: float, game: str = "skat") -> Waiting:
    return Waiting(user, f"P{user}", GUILD, CHANNEL, game, "skat", "de", rating, joined)


def test_the_rating_band_widens_while_a_player_waits() -> None:
    now = 1000.0
    assert band(waiting(1, 1000, now), now) == BAND
    assert band(waiting(1, 1000, now - 2 * WIDEN_EVERY), now) == BAND + 2 * WIDEN
    far = [waiting(1, 1000, now), waiting(2, 1000 + BAND + WIDEN, now),
           waiting(3, 1000 - BAND - WIDEN, now)]  # fmt: skip
    assert plan(far, set(), now, lambda game, preset: 3) == []
    assert plan(far, set(), now + WIDEN_EVERY, lambda game, preset: 3) == [far]


def test_players_of_another_game_or_who_blocked_each_other_are_not_matched() -> None:
    now = 1000.0
    players = [waiting(1, 1000, now), waiting(2, 1000, now), waiting(3, 1000, now, "ramsch"),
               waiting(4, 1000, now), waiting(5, 1000, now)]  # fmt: skip
    tables = plan(players, {frozenset((1, 2))}, now, lambda game, preset: 3)
    assert [[entry.user_id for entry in group] for group in tables] == [[1, 4, 5]]


async def test_quick_match_seats_players_of_two_servers_once_and_empties_their_queue(
    service: TableService, store: Store, clock: FakeClock
) -> None:
    await opt_in(service, GUILD, OTHER_GUILD)
    await queue(service, HOST)
    with pytest.raises(WrongState, match="wait in a queue already"):
        await queue(service, HOST, game="ramsch")
    await queue(service, ALICE, OTHER_GUILD)
    assert (await service.quick.status(ALICE)).waiting == 2
    assert await service.quick.match() == []
    await queue(service, BOB, OTHER_GUILD)
    (update,) = await service.quick.match()
    table = update.table
    assert update.kind == "started" and table.public and table.status == "playing"
    assert sorted(seat.user_id or 0 for seat in table.seats) == [HOST, ALICE, BOB]
    assert await count(store, "SELECT COUNT(*) FROM public_queue") == 0
    assert await service.quick.match() == []
    with pytest.raises(WrongState, match="sit at a public table already"):
        await queue(service, ALICE, OTHER_GUILD)


async def test_a_player_may_start_with_ai_seats_after_waiting(
    service: TableService, clock: FakeClock
) -> None:
    await opt_in(service, GUILD)
    await queue(service, ALICE)
    with pytest.raises(WrongState, match="after 60 seconds"):
        await service.quick.start_with_ai(ALICE)
    assert (await service.quick.status(ALICE)).waiting == 1
    clock.advance(AI_WAIT)
    update = await service.quick.start_with_ai(ALICE)
    assert [seat.ai for seat in update.table.seats] == [None, "heuristic", "heuristic"]
    with pytest.raises(TableError, match="not waiting in a queue"):
        await service.quick.leave(ALICE)


async def test_leaving_mid_session_gives_the_seat_to_the_ai_and_rates_a_last_place(
    service: TableService, store: Store
) -> None:
    await opt_in(service, GUILD, OTHER_GUILD)
    table_id = await public_lobby(service)
    await service.public.join(table_id, guild_id=OTHER_GUILD, user_id=ALICE, name="Alice")
    await service.public.join(table_id, guild_id=OTHER_GUILD, user_id=BOB, name="Bob")
    table = service.tables.get(table_id)
    update = await service.public.leave(table_id, BOB)
    assert update.kind == "left" and "left the table" in update.note_text()
    assert table.seats[2].ai == "heuristic" and table.seat_of(BOB) is None
    await service.autoplay.wait_idle()
    await play_out(service, table)
    assert table.status == "finished"
    await store.ratings.rate_finished_matches()
    rows = await store.fetch(
        "SELECT guild_id, user_id, rank FROM rating_changes WHERE table_id = ? ORDER BY seat",
        (table_id,),
    )
    assert {int(row[0]) for row in rows} == {PUBLIC_BOARD}
    assert int(rows[2][1]) == BOB and int(rows[2][2]) == 3
    assert await count(store, f"SELECT COUNT(*) FROM ratings WHERE guild_id = {GUILD}") == 0
    board = await store.ratings.rating_board(PUBLIC_BOARD, "ramsch", "skat", min_deals=0)
    assert {row.user_id for row in board.rows} == {HOST, ALICE, BOB}


async def test_a_report_is_stored_only_for_a_public_table_one_sat_at(
    service: TableService, store: Store
) -> None:
    await opt_in(service, GUILD, OTHER_GUILD)
    table_id = await public_lobby(service)
    private = (await open_lobby(service, channel=CHANNEL + 1)).id
    with pytest.raises(TableError, match="only report a public table you sat at"):
        await service.public.report(ALICE, table_id, "rude")
    with pytest.raises(TableError, match="only report a public table you sat at"):
        await service.public.report(HOST, private, "rude")
    assert await store.public.reports() == []
    number = await service.public.report(HOST, table_id, "  rude  ")
    (report,) = await store.public.reports()
    assert (report.id, report.user_id, report.table_id, report.deal, report.reason) == (
        number, HOST, table_id, 0, "rude",
    )  # fmt: skip


async def test_opening_public_tables_is_rate_limited(service: TableService) -> None:
    await opt_in(service, GUILD)
    for index in range(OPENS_PER_HOUR):
        table_id = await public_lobby(service, host=1000 + index)
        await service.lobby.cancel(table_id, 1000 + index)
    for _ in range(OPENS_PER_HOUR):
        await service.lobby.cancel(await public_lobby(service), HOST)
    opened = len(service.tables.open_tables())
    with pytest.raises(TooMany, match="too many public games"):
        await public_lobby(service)
    assert len(service.tables.open_tables()) == opened


async def test_a_waiting_queue_and_a_live_public_table_survive_a_restart(
    service: TableService, store: Store, db_path: Path, clock: FakeClock,
    seeds: Callable[[], int],
) -> None:  # fmt: skip
    await opt_in(service, GUILD, OTHER_GUILD)
    table_id = await public_lobby(service)
    await service.public.join(table_id, guild_id=OTHER_GUILD, user_id=ALICE, name="Alice")
    await queue(service, CAROL, OTHER_GUILD)
    service, store = await restart(service, store, db_path, clock, seeds)
    try:
        await service.recovery.recover()
        table = service.tables.get(table_id)
        assert table.public and [seat.user_id for seat in table.seats] == [HOST, ALICE]
        assert [listed.table.id for listed in await service.public.listing(BOB)] == [table_id]
        assert (await service.quick.status(CAROL)).entry.guild_id == OTHER_GUILD
    finally:
        await service.close()
        await store.close()


async def test_a_restart_starts_a_matched_table_its_process_did_not_start(
    store: Store, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    service = make_service(store, clock, seeds)
    await opt_in(service, GUILD)
    update = await service.public.open(
        guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Host", language="de",
        rules=preset("skat"), options={"seats": 3},
    )  # fmt: skip
    table = update.table
    await service.lobby.join(table.id, ALICE, "Alice", public=True)
    await service.lobby.join(table.id, BOB, "Bob", public=True)
    assert table.status == "lobby"
    (started,) = await service.quick.start_full()
    assert started.kind == "started" and table.status == "playing"
    await service.close()


async def test_two_services_on_one_database_share_the_queue_and_seat_each_player_once(
    store: Store, db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    """Two processes' services (each its own store on the same database) match at once: the
    queue's lock lets one take the players, the other finds them gone."""
    first = make_service(store, clock, seeds)
    other_store = await Store.open(db_path)
    second = make_service(other_store, clock, seeds)
    try:
        await opt_in(first, GUILD, OTHER_GUILD)
        players = [ALICE, BOB, CAROL, HOST, STRANGER, 1000]
        for index, user in enumerate(players):
            await queue(first if index % 2 else second, user, GUILD if index < 3 else OTHER_GUILD)
        results = await asyncio.gather(first.quick.match(), second.quick.match())
        seated = [
            seat.user_id for updates in results for update in updates for seat in update.table.seats
        ]
        assert sorted(user for user in seated if user is not None) == sorted(players)
        assert await count(store, "SELECT COUNT(*) FROM public_queue") == 0
        assert await count(store, "SELECT COUNT(*) FROM public_tables") == 2
    finally:
        await second.close()
        await other_store.close()
        await first.close()


async def test_a_public_table_takes_no_substitutes(service: TableService) -> None:
    await opt_in(service, GUILD, OTHER_GUILD)
    table_id = await public_lobby(service)
    await service.public.join(table_id, guild_id=OTHER_GUILD, user_id=ALICE, name="Alice")
    await service.public.join(table_id, guild_id=OTHER_GUILD, user_id=BOB, name="Bob")
    await service.public.leave(table_id, BOB)
    with pytest.raises(WrongState, match="no substitutes"):
        await service.substitutes.ask(table_id, CAROL, "Carol", 2)
    assert await service.substitutes.requests(table_id) == []


async def test_a_public_table_opens_where_tables_are_allowed_and_shows_in_the_mirror(
    service: TableService,
) -> None:
    mirror = 77
    await service.guilds.set(GUILD, {"public": True, "mirror": mirror, "channels": [CHANNEL]})
    table = (await service.public.open(
        guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Host", language="de",
    )).table  # fmt: skip
    assert table.public and table.channel_id == mirror
    with pytest.raises(TableError, match="can't be opened in this channel"):
        await service.public.open(
            guild_id=GUILD, channel_id=CHANNEL + 5, host_id=ALICE, host_name="A", language="de"
        )
    assert [open_table.id for open_table in service.tables.open_tables()] == [table.id]

"""Issue 13: forget-me removes a user's identity from every table of the database; the action
log keeps its order and seats, the others' records stay, and a live table refuses it."""

from __future__ import annotations

import json
import random
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bot.preferences import Preferences
from bot.storage import FORGOTTEN, FORMER_PLAYER, ShownHand, ShownTable, Store, UserPreferenceRow
from bot.tables import Table, TableService
from bot.tables.privacy import Privacy, StillPlaying
from bot.ui.privacy_items import FORMER_PLAYER_LABEL
from ramsch_core import preset
from tests.bot.helpers import GUILD, FakeClock, play_human_turn, play_out
from tests.pg import dump_postgres

DORA = 731_000_000_000_000_001
"""The player who asks to be forgotten: an id no score, seed or time can be mistaken for."""
ERIN = 731_000_000_000_000_002
SAM = 731_000_000_000_000_003
"""A substitute."""


async def open_table(service: TableService, host: int, name: str, *, channel: int = 10) -> Table:
    update = await service.lobby.open(
        guild_id=GUILD, channel_id=channel, host_id=host, host_name=name,
        rules=preset("skat"), options={"seats": 3, "rounds": 1},
    )  # fmt: skip
    return update.table


async def played_table(service: TableService, *, seed: int = 1, channel: int = 10) -> Table:
    """Dora hosts, Erin joins, one AI: a whole session played to its end."""
    table = await open_table(service, DORA, "Dora", channel=channel)
    await service.lobby.join(table.id, ERIN, "Erin")
    await service.lobby.add_ai(table.id, DORA)
    await service.lobby.start(table.id, DORA)
    await service.autoplay.wait_idle()
    await play_out(service, table, seed=seed)
    assert table.status == "finished"
    return table


def dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table (a second connection: what is on disk)."""
    if isinstance(path, str):  # a PostgreSQL database (RAMSCH_TEST_BACKEND)
        return dump_postgres(path)
    with closing(sqlite3.connect(path)) as db:
        names = [row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
        )]  # fmt: skip
        return {name: sorted(db.execute(f'SELECT * FROM "{name}"'), key=repr) for name in names}


def mentions(path: Path, user_id: int, name: str) -> list[str]:
    """Where the database still names the user: his id in any column (also inside JSON or
    text) or his name in any text."""
    found = []
    for table, rows in dump(path).items():
        for row in rows:
            for value in row:
                if value == user_id or (
                    isinstance(value, str) and (str(user_id) in value or name in value)
                ):
                    found.append(f"{table}: {row}")
    return found


async def test_forget_me_leaves_no_trace_of_the_user(
    service: TableService, store: Store, db_path: Path, clock: FakeClock
) -> None:
    table = await played_table(service)
    cancelled = await open_table(service, DORA, "Dora", channel=11)
    await service.lobby.cancel(cancelled.id, DORA)
    await store.preferences.save_user_preference(UserPreferenceRow(DORA, "de", "german"), clock())
    await store.shown.save_shown(
        [ShownTable(table.id, 5, table.log_length, 2, 3, "000", None,
                    (ShownHand(DORA, 6, 7, 2, table.log_length, None),))],
        at=clock(),
    )  # fmt: skip
    await store.shown.save_shown([], forget=[table.id], at=clock())  # the end was shown
    await store.shown.save_shown(
        [ShownTable(cancelled.id, 5, 0, 0, 0, "0", None, (ShownHand(DORA, 6, 8, 0, 0, None),))],
        at=clock(),
    )  # a record left behind by a cancelled lobby
    await store.shown.save_shown([], forget=[cancelled.id], at=clock())
    assert mentions(db_path, DORA, "Dora")
    before = await store.tables.load_actions(table.id)
    erin_board = await store.results.leaderboard(GUILD, "ramsch", "skat")
    erin_stats = await store.results.user_stats(GUILD, ERIN)

    result = await Privacy(store).forget_user(DORA)

    assert result.done and result.changed["people"] == 1
    assert result.changed["seats"] == 2 and result.changed["tables"] == 2
    assert mentions(db_path, DORA, "Dora") == []
    assert await store.integrity_check() == ["ok"]
    # The log keeps its order, seats, sources and actions; Dora's are nobody's now.
    after = await store.tables.load_actions(table.id)
    dora_seat = 0
    assert [(a.seq, a.seat, a.source, a.action, a.at) for a in after] == [
        (a.seq, a.seat, a.source, a.action, a.at) for a in before
    ]
    assert {a.user_id for a in after if a.seat == dora_seat} == {None}
    assert {a.user_id for a in before if a.seat == dora_seat} == {DORA}
    assert {a.user_id for a in after if a.seat == 1} == {ERIN}
    # Erin's records are as they were; Dora is on no board and has no history or stats.
    board = await store.results.leaderboard(GUILD, "ramsch", "skat")
    assert [(r.user_id, r.deals, r.total) for r in board.rows] == [
        (r.user_id, r.deals, r.total) for r in erin_board.rows if r.user_id == ERIN
    ]
    assert await store.results.user_stats(GUILD, ERIN) == erin_stats
    assert (await store.results.user_stats(GUILD, DORA)).deals == 0
    assert await store.results.history(DORA) == []
    [summary] = await store.results.history(ERIN)
    assert [(p.user_id, p.name) for p in summary.players] == [
        (FORGOTTEN, FORMER_PLAYER), (ERIN, "Erin"), (None, "AI 1"),
    ]  # fmt: skip
    assert FORMER_PLAYER == FORMER_PLAYER_LABEL
    [results] = await store.db.execute_fetchall(
        "SELECT DISTINCT user_ids FROM deal_results WHERE table_id = ?", (table.id,)
    )
    assert json.loads(results[0]) == [FORGOTTEN, ERIN, None]
    # Forgetting twice finds nothing more to do.
    assert (await Privacy(store).forget_user(DORA)).changed == {}


async def test_a_forgotten_user_who_plays_again_is_a_new_person(
    service: TableService, store: Store
) -> None:
    first = await played_table(service, seed=1)
    await Privacy(store).forget_user(DORA)
    second = await played_table(service, seed=2)
    people = await store.db.execute_fetchall("SELECT person, user_id FROM people ORDER BY person")
    numbers = {user: person for person, user in people}
    assert set(numbers) == {None, ERIN, DORA} and len(people) == 3
    assert numbers[DORA] == 3  # a new number; the old one names nobody
    assert {a.user_id for a in await store.tables.load_actions(first.id) if a.seat == 0} == {None}
    assert {a.user_id for a in await store.tables.load_actions(second.id) if a.seat == 0} == {DORA}


@pytest.mark.parametrize("state", ["lobby", "seated", "playing"])
async def test_forget_me_is_refused_at_a_live_table(
    service: TableService, store: Store, db_path: Path, clock: FakeClock, state: str
) -> None:
    """While Dora hosts or sits at a lobby or plays, nothing is forgotten and the refusal
    names the table."""
    if state == "seated":
        table = await open_table(service, ERIN, "Erin")
        await service.lobby.join(table.id, DORA, "Dora")
    else:
        table = await open_table(service, DORA, "Dora")
        if state == "playing":
            await service.lobby.join(table.id, ERIN, "Erin")
            await service.lobby.add_ai(table.id, DORA)
            await service.lobby.start(table.id, DORA)
            await service.autoplay.wait_idle()
            await play_out(service, table, seed=3, max_actions=4)
    before = dump(db_path)
    with pytest.raises(StillPlaying) as refused:
        await Privacy(store).check_not_playing(DORA)
    assert refused.value.message == (
        f"You are at table #{table.id}: leave or finish your table first."
    )
    with pytest.raises(StillPlaying):
        await Privacy(store).forget_user(DORA)
    assert dump(db_path) == before
    if state == "lobby":  # Erin is at no table: she could
        await Privacy(store).check_not_playing(ERIN)


async def test_leaving_the_lobby_lets_forget_me_through(
    service: TableService, store: Store, db_path: Path
) -> None:
    table = await open_table(service, ERIN, "Erin")
    await service.lobby.join(table.id, DORA, "Dora")
    with pytest.raises(StillPlaying):
        await Privacy(store).forget_user(DORA)
    await service.lobby.leave(table.id, DORA)
    assert (await Privacy(store).forget_user(DORA)).done
    assert mentions(db_path, DORA, "Dora") == []
    assert [s.user_id for s in service.tables.get(table.id).seats] == [ERIN]


async def test_preferences_are_not_written_back(store: Store, clock: FakeClock) -> None:
    """A language seen on the confirming click is written before the erasure, not after; the
    memory forgets the user too."""
    preferences = Preferences(store.preferences, clock)
    await preferences.choose(DORA, pack="german", pictures=False)
    preferences.seen(DORA, "de")  # the click: a write under way
    await preferences.flush()
    await Privacy(store).forget_user(DORA)
    preferences.forget(DORA)
    await preferences.flush()
    assert await store.preferences.load_user_preferences() == []
    assert preferences.language(DORA, "en") == "en"
    assert preferences.cards(DORA).pack is None
    reloaded = Preferences(store.preferences, clock)
    await reloaded.load()
    assert reloaded.rows == {}


async def test_a_finished_table_is_over_while_its_end_is_shown(
    service: TableService, store: Store, db_path: Path, clock: FakeClock
) -> None:
    """The publisher records a finished table's end a moment later: forget-me need not wait."""
    table = await played_table(service)
    await store.shown.save_shown(
        [ShownTable(table.id, 5, table.log_length, 2, 2, "000", None,
                    (ShownHand(DORA, 6, 7, 2, table.log_length, None),))],
        at=clock(),
    )  # fmt: skip
    assert (await Privacy(store).forget_user(DORA)).done
    assert mentions(db_path, DORA, "Dora") == []
    await store.shown.save_shown([], forget=[table.id], at=clock())  # the publisher, afterwards
    assert mentions(db_path, DORA, "Dora") == []


async def test_a_seat_left_to_a_substitute_names_a_former_player(
    service: TableService, store: Store, db_path: Path
) -> None:
    """Erin plays the first deal, goes away, and a substitute holds her seat from the second
    on: forgetting her leaves no trace of her; the deal she played names a former player, as
    her seats do, and the substitute's deals name him."""
    table = await open_table(service, DORA, "Dora")
    await service.lobby.join(table.id, ERIN, "Erin")
    await service.lobby.add_ai(table.id, DORA)
    await service.lobby.start(table.id, DORA)
    await service.autoplay.wait_idle()
    rng = random.Random(2)
    await play_human_turn(service, table, rng)  # the first deal is on
    request = await service.substitutes.ask(table.id, SAM, "Sam", 2)
    await service.substitutes.answer(table.id, request.number, DORA, True)
    while table.deal_number == 0:
        await play_human_turn(service, table, rng)
    await store.tables.set_away(table.id, 1, True)
    table.seats[1].away = True
    request = await service.substitutes.ask(table.id, 731_000_000_000_000_004, "Tom", 1)
    await service.substitutes.answer(table.id, request.number, DORA, True)
    while table.deal_number == 1:
        await play_human_turn(service, table, rng)
    assert table.seats[1].user_id != ERIN and table.seats[2].user_id == SAM
    await play_out(service, table, seed=3)
    assert mentions(db_path, ERIN, "Erin")
    assert [m.table_id for m in await store.results.history(ERIN)] == [table.id]

    result = await Privacy(store).forget_user(ERIN)

    assert result.done and result.changed["seat_holders"] == 1
    assert mentions(db_path, ERIN, "Erin") == []
    assert await store.results.history(ERIN) == []
    first = await store.results.replay_deal(table.id, 0, guild_id=GUILD)
    third = await store.results.replay_deal(table.id, 2, guild_id=GUILD)
    assert first is not None and third is not None
    assert sorted(first.names) == sorted(["Dora", FORMER_PLAYER, "AI 1"])
    assert sorted(third.names) == sorted(["Dora", "Tom", "Sam"])

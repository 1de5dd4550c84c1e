"""Tournaments in the service (issue 33): registration, the series drawn and played at normal
tables, a player leaving mid-series, a restart between two games, and every bad input refused
with one sentence and nothing changed."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import pytest

from bot.storage import Store
from bot.tables import NotHost, TableError, TableService, WrongState
from bot.tables.tournaments.service import TournamentService
from bot.tables.tournaments.state import Tournament
from bot.tables.tournaments.tables import TournamentChange
from ramsch_core.tournament import TournamentConfig
from tests.bot.helpers import FakeClock, make_service, play_human_turn

GUILD = 1
OTHER_GUILD = 2
CHANNEL = 10
ORGANISER = 500
PLAYERS = list(range(1001, 1011))


def names(user: int) -> str:
    return f"Player {user - 1000}"


async def opened(
    tournaments: TournamentService, config: TournamentConfig, players: list[int]
) -> Tournament:
    tournament = await tournaments.new(
        guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER, config=config,
        start_at=None, may_organise=True,
    )  # fmt: skip
    for user in players:
        await tournaments.join(tournament.id, GUILD, user, names(user))
    return tournament


async def begin(tournaments: TournamentService, tournament_id: int) -> Tournament:
    change = await tournaments.begin_series(tournament_id, GUILD, ORGANISER, True)
    series = change.tournament.series_begun - 1
    for drawn in change.tournament.series_tables(series):
        await tournaments.open_table(
            tournament_id, series, drawn.number, CHANNEL + 1 + drawn.number
        )
    await tournaments.service.autoplay.wait_idle()
    return await tournaments.load(tournament_id)


async def play_series(
    service: TableService, tournament: Tournament, rng: random.Random, turns: int | None = None
) -> None:
    """Random legal moves at every table of the current series (``turns`` human turns each,
    or to the end)."""
    for drawn in tournament.series_tables(tournament.series_begun - 1):
        assert drawn.table_id is not None
        played = 0
        while drawn.table_id in service.tables and (turns is None or played < turns):
            table = service.tables.get(drawn.table_id)
            if table.to_act is None:
                break
            await play_human_turn(service, table, rng)
            played += 1


def expected_standings(tournament: Tournament) -> dict[int, Fraction]:
    """The totals worked out again from the tables' games: a seat's scores count for the
    player drawn to it until an AI takes it over; a game an AI declared counts for nobody."""
    totals = dict.fromkeys(PLAYERS, Fraction(0))
    for drawn in tournament.tables:
        seated = drawn.seated
        for game in seated.games:
            declarer = game.declarer
            ai_declared = declarer is not None and (
                seated.seats[declarer] is None
                or game.number >= seated.replaced.get(declarer, 10**6)
            )
            if ai_declared:
                continue
            for seat, player in enumerate(seated.seats):
                if player is not None and game.number < seated.replaced.get(seat, 10**6):
                    totals[player] += game.scores[seat]
    return totals


@pytest.fixture
async def tournaments(service: TableService, store: Store) -> TournamentService:
    return TournamentService(service, seed_source=lambda: 77)


async def test_ten_players_over_two_series_with_a_leaver_and_a_restart(
    store: Store, clock: FakeClock, seeds: Callable[[], int], tournaments: TournamentService
) -> None:
    changes: list[TournamentChange] = []

    async def keep(change: TournamentChange) -> None:
        changes.append(change)

    tournaments.listeners.append(keep)
    config = TournamentConfig(game="skat", series=2, rounds=1)
    tournament = await opened(tournaments, config, PLAYERS)
    tournament = await begin(tournaments, tournament.id)
    assert [len(t.seated.seats) for t in tournament.series_tables(0)] == [4, 3, 3]
    rng = random.Random(1)
    await play_series(tournaments.service, tournament, rng, turns=3)
    first_table = tournaments.service.tables.get(tournament.tables[0].table_id or 0)
    while first_table.deal_number < 1:
        await play_human_turn(tournaments.service, first_table, rng)
    leaver = tournament.series_tables(0)[0].seated.seats[1]
    assert leaver is not None
    await tournaments.leave(tournament.id, GUILD, leaver)
    assert (await tournaments.load(tournament.id)).tables[0].seated.replaced == {1: 1}

    # A restart between two games of the first table (and in the middle of the others'): a
    # new service rebuilds the tables from the store and goes on.
    await tournaments.service.close()
    service = make_service(store, clock, seeds)
    tournaments = TournamentService(service, seed_source=lambda: 77)
    tournaments.listeners.append(keep)
    recovered = await service.recovery.recover()
    await tournaments.recover(recovered)
    tournament = await tournaments.load(tournament.id)
    await play_series(service, tournament, rng)
    await service.autoplay.wait_idle()
    tournament = await tournaments.load(tournament.id)
    assert not tournament.series_playing
    assert "series_finished" in [change.kind for change in changes]

    tournament = await begin(tournaments, tournament.id)
    drawn = [p for t in tournament.series_tables(1) for p in t.seated.seats if p is not None]
    assert leaver not in drawn and len(drawn) == 9
    await play_series(service, tournament, rng)
    await service.autoplay.wait_idle()
    tournament = await tournaments.load(tournament.id)
    assert tournament.status == "finished"
    assert changes[-1].kind == "finished"
    rows = tournament.standings()
    expected = expected_standings(tournament)
    assert {row.player: row.total for row in rows} == expected
    assert [row.total for row in rows] == sorted(expected.values(), reverse=True)
    first = tournament.series_tables(0)[0]
    assert len(first.seated.games) == 4 and first.seated.replaced == {1: 1}
    left = next(row for row in rows if row.player == leaver)
    assert left.series[1] == 0 and left.games == 1
    await service.close()


async def test_a_schafkopf_tournament_of_eight_plays_two_tables(
    tournaments: TournamentService,
) -> None:
    config = TournamentConfig(game="schafkopf", series=1, rounds=1)
    tournament = await opened(tournaments, config, PLAYERS[:8])
    tournament = await begin(tournaments, tournament.id)
    assert [len(t.seated.seats) for t in tournament.series_tables(0)] == [4, 4]
    await play_series(tournaments.service, tournament, random.Random(2))
    await tournaments.service.autoplay.wait_idle()
    tournament = await tournaments.load(tournament.id)
    assert tournament.status == "finished"
    assert [len(t.seated.games) for t in tournament.tables] == [4, 4]
    rows = tournament.standings()
    assert {row.player: row.total for row in rows} == {
        p: v for p, v in expected_standings(tournament).items() if p in PLAYERS[:8]
    }


# Bad input: one sentence, nothing changes


async def test_a_start_with_fewer_than_three_players_is_refused(
    tournaments: TournamentService,
) -> None:
    tournament = await opened(tournaments, TournamentConfig(game="skat"), PLAYERS[:2])
    with pytest.raises(WrongState, match="at least 3 players"):
        await tournaments.begin_series(tournament.id, GUILD, ORGANISER, True)
    assert (await tournaments.load(tournament.id)).series_begun == 0


async def test_a_member_who_may_not_organise_can_neither_open_start_nor_pause(
    tournaments: TournamentService,
) -> None:
    with pytest.raises(NotHost, match="Only the organiser"):
        await tournaments.new(
            guild_id=GUILD, channel_id=CHANNEL, organiser_id=PLAYERS[0],
            config=TournamentConfig(game="skat"), start_at=None, may_organise=False,
        )  # fmt: skip
    tournament = await opened(tournaments, TournamentConfig(game="skat"), PLAYERS[:3])
    with pytest.raises(NotHost):
        await tournaments.begin_series(tournament.id, GUILD, PLAYERS[0], False)
    with pytest.raises(NotHost):
        await tournaments.pause(tournament.id, GUILD, PLAYERS[0], False)
    after = await tournaments.load(tournament.id)
    assert (after.status, after.series_begun) == ("registration", 0)


async def test_a_tournament_id_of_another_server_is_refused(
    tournaments: TournamentService,
) -> None:
    tournament = await opened(tournaments, TournamentConfig(game="skat"), PLAYERS[:3])
    with pytest.raises(TableError, match="belongs to another server"):
        await tournaments.join(tournament.id, OTHER_GUILD, 2001, "Eve")
    with pytest.raises(TableError, match="belongs to another server"):
        await tournaments.begin_series(tournament.id, OTHER_GUILD, ORGANISER, True)
    assert len((await tournaments.load(tournament.id)).entrants) == 3


async def test_joining_after_the_last_series_began_is_refused_late_joining_before_is_not(
    tournaments: TournamentService,
) -> None:
    config = TournamentConfig(game="skat", series=2, rounds=1)
    tournament = await opened(tournaments, config, PLAYERS[:3])
    tournament = await begin(tournaments, tournament.id)
    with pytest.raises(WrongState, match="Series 1 is being played"):
        await tournaments.join(tournament.id, GUILD, PLAYERS[3], "Late")
    await play_series(tournaments.service, tournament, random.Random(3))
    await tournaments.service.autoplay.wait_idle()
    await tournaments.join(tournament.id, GUILD, PLAYERS[3], "Late")
    tournament = await begin(tournaments, tournament.id)
    assert len(tournament.series_tables(1)[0].seated.seats) == 4
    with pytest.raises(WrongState, match="last series has begun"):
        await tournaments.join(tournament.id, GUILD, PLAYERS[4], "Too late")
    assert len((await tournaments.load(tournament.id)).entrants) == 4


async def test_pause_holds_the_next_series_and_disqualified_players_are_not_ranked(
    tournaments: TournamentService,
) -> None:
    tournament = await opened(tournaments, TournamentConfig(game="skat", rounds=1), PLAYERS[:4])
    await tournaments.pause(tournament.id, GUILD, ORGANISER, False)
    with pytest.raises(WrongState, match="paused"):
        await tournaments.begin_series(tournament.id, GUILD, ORGANISER, True)
    await tournaments.resume(tournament.id, GUILD, ORGANISER, False)
    tournament = await begin(tournaments, tournament.id)
    await tournaments.disqualify(tournament.id, GUILD, ORGANISER, False, PLAYERS[0])
    await play_series(tournaments.service, tournament, random.Random(4))
    await tournaments.service.autoplay.wait_idle()
    tournament = await tournaments.load(tournament.id)
    assert PLAYERS[0] not in [row.player for row in tournament.standings()]
    assert tournament.status == "running" and not tournament.series_playing


async def test_games_a_crash_left_uncounted_are_counted_at_the_restart(
    tournaments: TournamentService,
) -> None:
    """The table logs its last actions and finishes, but the bot stops before the
    tournament counts them: at the next start they are counted from the table's log."""
    config = TournamentConfig(game="skat", series=1, rounds=1)
    tournament = await opened(tournaments, config, PLAYERS[:3])
    tournament = await begin(tournaments, tournament.id)
    service = tournaments.service
    service.tables.listeners.remove(tournaments.on_update)  # the crash: nothing is counted
    await play_series(service, tournament, random.Random(5))
    await service.autoplay.wait_idle()
    assert (await tournaments.load(tournament.id)).tables[0].seated.games == []

    restarted = TournamentService(service)
    tables = [service.tables.get(table_id) for table_id in service.tables.ids()]
    await restarted.recover(tables)
    after = await restarted.load(tournament.id)
    assert len(after.tables[0].seated.games) == 3
    assert after.status == "finished"


async def test_a_tournament_begins_at_its_start_time(
    tournaments: TournamentService, clock: FakeClock
) -> None:
    """The first series begins by itself once the start time has come; a tournament with too
    few players then waits for its organiser."""
    with pytest.raises(TableError, match="start time has passed"):
        await tournaments.new(
            guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER,
            config=TournamentConfig(game="skat", rounds=1), start_at=clock.now - 1,
            may_organise=True,
        )  # fmt: skip
    ready = await tournaments.new(
        guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER,
        config=TournamentConfig(game="skat", rounds=1), start_at=clock.now + 600, may_organise=True,
    )  # fmt: skip
    for user in PLAYERS[:3]:
        await tournaments.join(ready.id, GUILD, user, names(user))
    few = await opened(tournaments, TournamentConfig(game="skat", rounds=1), PLAYERS[:2])
    await tournaments.repo.update(few.id, clock.now, start_at=clock.now + 600)
    assert await tournaments.due(clock.now) == []
    clock.advance(600)
    begun = await tournaments.due(clock.now)
    assert [change.tournament.id for change in begun] == [ready.id]
    assert begun[0].kind == "series_begun" and begun[0].tournament.series_begun == 1
    waiting = await tournaments.load(few.id)
    assert (waiting.series_begun, waiting.stored.start_at) == (0, None)


async def test_a_paused_tournament_holds_its_tables_until_it_is_resumed(
    tournaments: TournamentService, clock: FakeClock
) -> None:
    """Paused: the player to act is refused with one sentence, no timer runs out, no AI
    moves; resumed: the table goes on from where it held, its turn timer started afresh."""
    config = TournamentConfig(game="skat", series=1, rounds=1, ai_allowed=True)
    tournament = await opened(tournaments, config, PLAYERS[:5])  # 3 + 2 and an AI
    tournament = await begin(tournaments, tournament.id)
    service = tournaments.service
    await tournaments.pause(tournament.id, GUILD, ORGANISER, True)
    table = service.tables.get(tournament.tables[0].table_id or 0)
    logged = table.log_length
    user = table.seats[table.to_act or 0].user_id
    assert table.held and user is not None
    view = table.view_for(user)
    assert view is not None
    with pytest.raises(WrongState, match="The tournament is paused"):
        await service.play.act(table.id, user, view.legal[0], deal_number=table.deal_number)
    clock.advance(10_000)
    assert await service.timers.tick() == []
    await service.autoplay.wait_idle()
    assert table.log_length == logged
    with pytest.raises(WrongState, match="paused already"):
        await tournaments.pause(tournament.id, GUILD, ORGANISER, True)

    await tournaments.resume(tournament.id, GUILD, ORGANISER, True)
    assert not table.held and table.turn_started_at == clock.now
    await service.play.act(table.id, user, view.legal[0], deal_number=table.deal_number)
    await play_series(service, await tournaments.load(tournament.id), random.Random(6))
    await service.autoplay.wait_idle()
    assert (await tournaments.load(tournament.id)).status == "finished"


async def test_a_table_closed_before_its_last_game_does_not_hold_up_the_series(
    tournaments: TournamentService,
) -> None:
    """The organiser aborts a table (or it is closed: idle, its channel gone): the games it
    played count, and the series ends when the other tables are done."""
    config = TournamentConfig(game="skat", series=1, rounds=1)
    tournament = await opened(tournaments, config, PLAYERS[:6])
    tournament = await begin(tournaments, tournament.id)
    first, _ = tournament.series_tables(0)
    service = tournaments.service
    table = service.tables.get(first.table_id or 0)
    rng = random.Random(8)
    while table.deal_number < 1:
        await play_human_turn(service, table, rng)
    await service.lobby.cancel(table.id, ORGANISER)
    after = await tournaments.load(tournament.id)
    assert after.tables[0].ended and len(after.tables[0].seated.games) == 1
    assert after.series_playing and after.status == "running"
    await play_series(service, after, rng)
    await service.autoplay.wait_idle()
    done = await tournaments.load(tournament.id)
    assert done.status == "finished"
    assert sum(row.games for row in done.standings()) == 3 * 1 + 3 * 3

"""Tournaments (issue 33): the seat draw, Seeger-Fabian points per player (FS-14), the
standings and their tie-breaks, the tables' lists and the CSV, worked out by hand."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from ramsch_core import Match, TableOptions, preset
from ramsch_core.tournament import (
    GameRecord,
    SeatedTable,
    TournamentConfig,
    TournamentError,
    draw_series,
    game_record,
    standings,
    standings_csv,
    table_list,
    table_list_csv,
    table_sizes,
    tournament_games,
)

SKAT = TournamentConfig(game="skat", rounds=1)
SKAT_AI = TournamentConfig(game="skat", rounds=1, ai_allowed=True)
SCHAFKOPF = TournamentConfig(game="schafkopf", rounds=1)
SCHAFKOPF_AI = TournamentConfig(game="schafkopf", rounds=1, ai_allowed=True)


def game(
    number: int,
    scores: tuple[int, ...],
    declarer: int | None = None,
    won: bool | None = None,
    value: int | None = None,
    name: str = "clubs",
) -> GameRecord:
    side = () if declarer is None else (declarer,)
    return GameRecord(number, name, declarer, side, value, won, tuple(F(s) for s in scores))


# The draw


def test_games_per_series_default_to_36_at_three_and_48_at_four() -> None:
    config = TournamentConfig.with_games("skat", None)
    assert (config.games_at(3), config.games_at(4)) == (36, 48)
    assert TournamentConfig.with_games("schafkopf", 32).games_at(4) == 32


@pytest.mark.parametrize(("game_id", "games"), [("skat", 35), ("schafkopf", 30), ("skat", 0)])
def test_a_number_of_games_a_series_cannot_have_is_refused(game_id: str, games: int) -> None:
    with pytest.raises(TournamentError, match="multiple of"):
        TournamentConfig.with_games(game_id, games)


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(3, [3]), (4, [4]), (6, [3, 3]), (7, [4, 3]), (9, [3, 3, 3]), (10, [4, 3, 3]),
     (11, [4, 4, 3]), (12, [4, 4, 4]), (13, [4, 3, 3, 3])],
)  # fmt: skip
def test_skat_tables_are_of_four_and_three_as_many_of_four_as_fit(
    players: int, sizes: list[int]
) -> None:
    assert table_sizes(players, SKAT) == (sizes, 0)


def test_ten_players_are_drawn_to_4_3_3_each_exactly_once() -> None:
    players = list(range(100, 110))
    draw = draw_series(players, SKAT, seed=5, series=0)
    assert [len(table) for table in draw.tables] == [4, 3, 3]
    seated = [seat for table in draw.tables for seat in table]
    assert sorted(seated) == players  # type: ignore[type-var]
    assert draw.table_of(104) is not None and draw.table_of(999) is None


def test_the_draw_is_replayed_from_its_seed_and_differs_between_series() -> None:
    players = list(range(10))
    first = draw_series(players, SKAT, seed=11, series=0)
    assert draw_series(list(reversed(players)), SKAT, seed=11, series=0) == first
    assert draw_series(players, SKAT, seed=11, series=1).tables != first.tables


def test_fewer_than_three_players_cannot_start() -> None:
    with pytest.raises(TournamentError, match="at least 3 players"):
        table_sizes(2, SKAT_AI)


def test_five_skat_players_need_an_ai_seat_which_completes_one_table() -> None:
    with pytest.raises(TournamentError, match="without AI seats"):
        table_sizes(5, SKAT)
    draw = draw_series([1, 2, 3, 4, 5], SKAT_AI, seed=1, series=0)
    assert [len(table) for table in draw.tables] == [3, 3]
    assert draw.tables[0].count(None) == 0 and draw.tables[1][-1] is None


def test_schafkopf_tables_are_of_four_completed_by_ai_only_when_allowed() -> None:
    assert table_sizes(8, SCHAFKOPF) == ([4, 4], 0)
    with pytest.raises(TournamentError):
        table_sizes(9, SCHAFKOPF)
    draw = draw_series(list(range(9)), SCHAFKOPF_AI, seed=3, series=0)
    assert [table.count(None) for table in draw.tables] == [1, 1, 1]


# Scoring and standings


def test_fs14_a_tournament_table_scores_each_player_seeger_fabian() -> None:
    """FS-14 through a whole match: the points each player is counted are the table's own
    Seeger-Fabian totals, games won and lost those the player declared."""
    rules = preset("skat-tournament", game="skat")
    match = Match(rules, TableOptions(seats=4, rounds=2, tournament=True), seed=9)
    chooser = random.Random(4)
    while not match.finished:
        match.apply(chooser.choice(match.deal.legal_actions()), match.to_act)
    table = SeatedTable(0, 0, (10, 11, 12, 13))
    table.games = [game_record(entry) for entry in match.finished_deals]
    rows = {row.player: row for row in standings([10, 11, 12, 13], [table], series=1)}
    assert [rows[p].total for p in (10, 11, 12, 13)] == match.totals
    declared = [g for g in table.games if g.declarer is not None]
    assert sum(row.won + row.lost for row in rows.values()) == len(declared)
    for record in declared:
        assert record.value is not None
        points = record.value + 50 if record.won else -2 * record.value - 50
        assert record.scores[record.declarer] == points  # type: ignore[index]
        if not record.won:
            assert all(s == 30 for i, s in enumerate(record.scores) if i != record.declarer)


def evening() -> list[SeatedTable]:
    """Two series of six players (p1..p6 = 1..6), worked out by hand in the docstrings."""
    a = SeatedTable(0, 0, (1, 2, 3))
    a.games = [
        game(0, (74, 0, 0), declarer=0, won=True, value=24),  # clubs 24 won: +74
        game(1, (40, -194, 40), declarer=1, won=False, value=72),  # grand 72 lost
        game(2, (0, 0, -30), name="ramsch"),  # a Ramsch keeps its scores (SR-12)
    ]
    b = SeatedTable(0, 1, (4, 5, 6, None))
    b.games = [
        game(0, (80, 0, 0, 0), declarer=0, won=True, value=30),
        game(1, (30, 30, 30, -90), declarer=3, won=False, value=20),  # the AI's: for nobody
        game(2, (30, -86, 30, 30), declarer=1, won=False, value=18),  # AI's 30: nobody's
    ]
    c = SeatedTable(1, 0, (1, 4, 5))
    c.games = [
        game(0, (0, 74, 0), declarer=1, won=True, value=24),
        game(1, (74, 0, 0), declarer=0, won=True, value=24),
    ]
    d = SeatedTable(1, 1, (2, 3, 6), replaced={0: 1})  # p2 left before game 1
    d.games = [
        game(0, (72, 0, 0), declarer=0, won=True, value=22),
        game(1, (100, 0, 0), declarer=0, won=True, value=50),  # the AI's: for nobody
        game(2, (40, -98, 40), declarer=1, won=False, value=24),  # seat 0 is the AI's now
    ]
    return [a, b, c, d]


def test_standings_of_a_hand_worked_evening() -> None:
    """Series 1: p1 74+40 = 114, p2 −194, p3 40−30 = 10, p4 80+30 = 110, p5 −86, p6 30
    (the AI's lost game gives nobody its 30). Series 2: p1 74, p2 72 (frozen after leaving),
    p3 −98, p4 74, p5 0, p6 40."""
    rows = standings([1, 2, 3, 4, 5, 6], evening(), series=2)
    assert [(r.player, r.rank, r.total) for r in rows] == [
        (1, 1, 188), (4, 2, 184), (6, 3, 70), (5, 4, -86), (3, 5, -88), (2, 6, -122),
    ]  # fmt: skip
    p1, _, _, p5, p3, p2 = rows
    assert (p1.won, p1.lost, p1.series) == (2, 0, (114, 74))
    assert (p2.won, p2.lost, p2.series, p2.games) == (1, 1, (-194, 72), 4)
    assert (p5.won, p5.lost) == (0, 1)
    assert (p3.won, p3.lost) == (0, 1)


def test_a_disqualified_player_is_left_out_of_the_standings() -> None:
    rows = standings([1, 2, 3, 4, 5, 6], evening(), series=2, excluded=[4])
    assert [r.player for r in rows] == [1, 6, 5, 3, 2]
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5]


def tied(*tables: tuple[tuple[int, ...], list[GameRecord], int]) -> list[tuple[int, int]]:
    seated = []
    for seats, games, series in tables:
        table = SeatedTable(series, len(seated), seats)
        table.games = games
        seated.append(table)
    rows = standings([1, 2, 3], seated, series=2)
    return [(row.player, row.rank) for row in rows]


def test_a_tie_goes_to_more_games_won() -> None:
    games = [
        game(0, (74, 0, 0), declarer=0, won=True, value=24),
        game(1, (0, 37, 37), name="passed"),  # not a game, so no win for 2 or 3
        game(2, (0, 0, 0), name="passed"),
    ]
    assert tied(((1, 2, 3), games, 0)) == [(1, 1), (2, 2), (3, 2)]
    games[1] = game(1, (0, 74, 0), declarer=1, won=True, value=24)
    games[2] = game(2, (0, 0, 74), declarer=2, won=True, value=24)
    games.append(game(3, (0, 0, 0), name="passed"))
    assert tied(((1, 2, 3), games, 0)) == [(1, 1), (2, 1), (3, 1)]


def test_a_tie_in_points_and_games_won_goes_to_fewer_games_lost() -> None:
    games = [
        game(0, (120, 0, 20), declarer=0, won=True, value=70),
        game(1, (-50, 90, 0), declarer=0, won=False, value=0),
        game(2, (0, -20, 50), declarer=2, won=True, value=0),
    ]
    # p1 70, 1 won 1 lost; p2 70, no games; p3 70, 1 won
    assert tied(((1, 2, 3), games, 0)) == [(3, 1), (1, 2), (2, 3)]


def test_then_the_better_last_series_wins_the_tie() -> None:
    first = [game(0, (60, 10, 0), name="passed")]
    second = [game(0, (0, 50, 10), name="passed")]
    assert tied(((1, 2, 3), first, 0), ((1, 2, 3), second, 1)) == [(2, 1), (1, 2), (3, 3)]


# Lists


def test_a_table_list_runs_the_totals_of_every_seat() -> None:
    rows = table_list(evening()[1])
    assert [row.number for row in rows] == [1, 2, 3]
    assert [row.totals for row in rows] == [(80, 0, 0, 0), (110, 30, 30, -90), (140, -56, 60, -60)]
    assert rows[2].declarer == 1 and rows[2].value == 18 and rows[2].won is False


def test_the_list_and_the_standings_as_csv() -> None:
    names = ["Anna", "Bernd", "Carla", "AI"]
    text = table_list_csv(evening()[1], names, words=str.upper)
    assert text.splitlines() == [
        "NO.,GAME,DECLARER,VALUE,RESULT,Anna,Bernd,Carla,AI",
        "1,CLUBS,Anna,30,WON,80,0,0,0",
        "2,CLUBS,AI,20,LOST,110,30,30,-90",
        "3,CLUBS,Bernd,18,LOST,140,-56,60,-60",
    ]
    rows = standings([1, 2, 3, 4, 5, 6], evening(), series=2)
    csv = standings_csv(rows[:2], {1: 'Anna "A", B', 4: "Dora"}, series=2)
    assert csv.splitlines() == [
        "Rank,Player,Total,Won,Lost,Series 1,Series 2",
        '1,"Anna ""A"", B",188,2,0,114,74',
        "2,Dora,184,2,0,110,74",
    ]


def test_a_game_record_survives_json() -> None:
    record = game(4, (40, -194, 40), declarer=1, won=False, value=72, name="grand")
    assert GameRecord.from_json(record.to_json()) == record


def test_the_games_with_a_tournament_are_those_whose_package_defines_one() -> None:
    assert set(tournament_games()) == {"skat", "schafkopf"}
    with pytest.raises(TournamentError, match="Tournaments are played in"):
        TournamentConfig.with_games("ramsch", None)
    with pytest.raises(ValueError, match="no tournament"):
        TournamentConfig(game="ramsen")
    assert TournamentConfig(game="skat").table_options == {"tournament": True}
    assert TournamentConfig(game="schafkopf").table_sizes == (4,)

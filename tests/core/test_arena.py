"""The duplicate arena: its arrangements, determinism across workers, resuming, its
statistics, and a tiny run of every registered game (no timing is asserted)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from ramsch_core import arena
from ramsch_core.arena import (
    Config,
    DealRecord,
    arrangements,
    confidence,
    main,
    percentile,
    play_deal,
    run,
    summary,
)
from ramsch_core.games import GAMES


@pytest.mark.parametrize(("seats", "plays"), [(3, 6), (4, 2), (5, 10)])
def test_arrangements_give_each_type_every_seat_equally(seats: int, plays: int) -> None:
    found = arrangements(seats)
    assert len(found) == plays == len(set(found))
    for seat in range(seats):
        assert sum(arrangement[seat] for arrangement in found) == plays // 2
    for arrangement in found:  # each comes with its complement, and mixes both types
        assert tuple(not a for a in arrangement) in found
        assert 0 < sum(arrangement) < seats
    assert found[0] == tuple(seat % 2 == 0 for seat in range(seats))


def _figures(records: list[DealRecord]) -> list[tuple[object, ...]]:
    """What a record holds apart from its timings."""
    return [
        (r.deal, r.diff, r.plays, r.seats, r.best, r.lost, len(r.times_a), len(r.times_b))
        for r in sorted(records, key=lambda record: record.deal)
    ]


def test_results_do_not_depend_on_the_workers() -> None:
    config = Config("ramsch", "skat", "heuristic", "random", seed=3)
    deals = [0, 1]
    alone = [record for part in run(config, deals, workers=1, chunk_size=2) for record in part]
    pooled = [record for part in run(config, deals, workers=2, chunk_size=1) for record in part]
    assert _figures(alone) == _figures(pooled)
    assert [record.deal for record in alone] == deals
    assert _figures(alone) != _figures(
        [play_deal(Config("ramsch", "skat", "heuristic", "random"), 0)]
    )


def test_a_deal_is_its_seeded_deal_played_in_every_arrangement() -> None:
    record = play_deal(Config("ramsch", "skat", "random", "random", seed=2), 5)
    assert record.plays == 6 and record.seats == [9, 9]
    assert record.best[0] + record.best[1] >= 6  # every play has at least one best seat
    again = play_deal(Config("ramsch", "skat", "random", "random", seed=2), 5)
    assert _figures([again]) == _figures([record])
    assert Config("ramsch", "skat", "x", "y", seed=2).deal_seed(5) == 2 * arena.SEED_STRIDE + 5


def test_resume_skips_finished_deals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "arena.jsonl"
    base = ["--game", "ramsch", "--preset", "skat", "--a", "random", "--b", "random"]
    base += ["--workers", "1", "--out", str(out)]
    assert main([*base, "--deals", "3"]) == 0
    first = capsys.readouterr().out
    assert "deals played: 3 (6 plays each; 0 from the file)" in first
    with out.open("a", encoding="utf-8") as file:
        file.write('{"deal": 9, "di')  # a torn line from an interrupted run
    with pytest.raises(SystemExit):  # not without --resume
        main([*base, "--deals", "5"])
    played: list[int] = []
    real = arena.play_deal

    def spy(config: Config, deal: int) -> DealRecord:
        played.append(deal)
        return real(config, deal)

    monkeypatch.setattr(arena, "play_deal", spy)
    capsys.readouterr()
    assert main([*base, "--deals", "5", "--resume"]) == 0
    assert played == [3, 4]
    second = capsys.readouterr().out
    assert "deals played: 5 (6 plays each; 3 from the file)" in second
    lines = [json.loads(line) for line in out.read_text().splitlines() if line.endswith("}")]
    assert lines[0] == {
        "config": {
            "game": "ramsch",
            "preset": "skat",
            "a": "random",
            "b": "random",
            "seed": 0,
            "timed": False,
        }
    }
    assert sorted(line["deal"] for line in lines[1:]) == [0, 1, 2, 3, 4]
    with pytest.raises(SystemExit):  # the file belongs to another match
        main([*base[:5], "heuristic", *base[6:], "--deals", "5", "--resume"])


def test_confidence_interval_and_percentiles_on_known_numbers() -> None:
    interval = confidence([1.0, 2.0, 3.0, 4.0, 5.0])
    assert interval is not None
    assert interval.mean == 3.0
    assert math.isclose(interval.sd, math.sqrt(2.5))
    half = 1.96 * math.sqrt(2.5) / math.sqrt(5)
    assert math.isclose(interval.low, 3.0 - half) and math.isclose(interval.high, 3.0 + half)
    assert confidence([4.0]) is None
    ordered = [float(value) for value in range(1, 101)]
    assert percentile(ordered, 50) == 50.0
    assert percentile(ordered, 95) == 95.0
    assert percentile(ordered, 99) == 99.0
    assert percentile([7.0], 99) == 7.0 and percentile([], 50) == 0.0


def test_summary_names_its_figures() -> None:
    config = Config("ramsch", "skat", "heuristic", "random")
    records = [
        DealRecord(1, 3.0, 6, [9, 9], [9, 3], [0, 6], [1.0, 3.0], [0.5]),
        DealRecord(0, 1.0, 6, [9, 9], [6, 6], [3, 3], [2.0], [0.25]),
    ]
    lines = summary(config, records, resumed=1).splitlines()
    assert lines[1] == "deals played: 2 (6 plays each; 1 from the file)"
    half = 1.96 * math.sqrt(2) / math.sqrt(2)
    assert lines[2] == (
        f"score difference A − B per deal: +2.000 (95 % CI {2 - half:+.3f} … {2 + half:+.3f}; "
        "sd 1.414)"
    )
    assert lines[4].split() == [
        "A",
        "heuristic",
        "18",
        "83.3%",
        "16.7%",
        "3",
        "2.00",
        "3.00",
        "3.00",
        "3.00",
    ]
    assert lines[5].split() == [
        "B",
        "random",
        "18",
        "50.0%",
        "50.0%",
        "2",
        "0.25",
        "0.50",
        "0.50",
        "0.50",
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_tiny_run_of_every_game(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", game, "--a", "heuristic", "--b", "random", "--deals", "1", "--workers", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"arena {game}/{GAMES[game].default_preset}: A = heuristic")
    assert out[1].startswith("deals played: 1 (")
    assert out[2].startswith("score difference A − B per deal: ")


def test_five_seats_play_ten_arrangements() -> None:
    record = play_deal(Config("ramsen", "ramsen-5", "random", "random"), 0)
    assert record.plays == 10 and record.seats == [25, 25]


def test_unknown_kind_and_preset_are_refused() -> None:
    with pytest.raises(SystemExit):
        main(["--game", "ramsch", "--a", "genius", "--b", "random", "--deals", "1"])
    with pytest.raises(SystemExit):
        main(
            [
                "--game",
                "ramsch",
                "--preset",
                "nope",
                "--a",
                "random",
                "--b",
                "random",
                "--deals",
                "1",
            ]
        )

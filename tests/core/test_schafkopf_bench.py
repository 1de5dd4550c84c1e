"""The bench for full Schafkopf: its kernel deal
plays a random call out, and its speed and AI tables name their figures, small counts only (no
timing is asserted)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ramsch_core.bench import main
from ramsch_core.deal import deal_from_seed
from ramsch_core.games import GAMES
from ramsch_core.games.schafkopf import SCHAFKOPF
from ramsch_core.games.schafkopf.bench import schafkopf_kernel_deal


@pytest.fixture
def registered() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, SCHAFKOPF.id, SCHAFKOPF)
        yield


def test_kernel_deals_of_schafkopf_score_a_called_game() -> None:
    """A random call played out by the kernel: all 120 card points in eight tricks, and a
    payment (a Sauspiel two against two, a Wenz or Solo one against three) that sums to 0."""
    bench = SCHAFKOPF.bench
    assert bench is not None and bench.kernel_deal is schafkopf_kernel_deal
    rules = SCHAFKOPF.preset("schafkopf")
    rng = random.Random(3)
    shapes: set[int] = set()
    for seed in range(200):
        dealt = deal_from_seed(rules, seed) if seed % 2 else None
        outcome = schafkopf_kernel_deal(rules, rng, dealt)
        assert sum(outcome.card_points) == 120
        assert sum(outcome.trick_counts) == 8
        assert sum(outcome.scores) == 0
        shapes.add(sorted(outcome.scores).count(min(outcome.scores)))
    assert shapes == {1, 2, 3}  # a Solo lost, a Sauspiel, a Solo won


def test_schafkopf_speed_table_names_its_figures(
    registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--game", "schafkopf", "--kernel-deals", "40", "--deals", "4", "--repeat", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Schafkopf (schafkopf)" in out and "Skat (skat)" not in out
    for name in SCHAFKOPF.presets:
        line = next(line for line in out.splitlines() if line.startswith(name + " "))
        assert all(float(figure.replace(",", "")) > 0 for figure in line.split()[1:])


def test_schafkopf_ai_tables_name_their_figures(
    registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """Against random seats with the declarer columns; then heuristic seats only."""
    args = ["--game", "schafkopf", "--preset", "schafkopf", "--ai", "--deals", "5"]
    assert main([*args, "--playouts", "20"]) == 0
    out = capsys.readouterr().out.splitlines()
    headers = [line.split() for line in out if line.startswith("preset")]
    assert headers[0][:9] == [
        "preset", "heur/deal", "rand/deal", "heur", "lost", "rand", "lost", "heur", "decl",
    ]  # fmt: skip
    assert "heuristic vs heuristic, 1 seeded deals per preset" in out
    assert sum(line.startswith("schafkopf ") for line in out) == 2

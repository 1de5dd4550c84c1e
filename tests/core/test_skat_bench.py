"""The bench for full Skat: its speed and AI tables name their figures, small counts only (no
timing is asserted); Ramsch keeps its own tables."""

from __future__ import annotations

import random

import pytest

from ramsch_core.bench import main
from ramsch_core.cards import DECK
from ramsch_core.deal import deal_from_seed
from ramsch_core.games import SKAT
from ramsch_core.games.skat.bench import _matadors, _skat_kernel, skat_kernel_deal
from ramsch_core.games.skat.contract import GAMES, matadors

RAMSCH_AI_HEADER = (
    f"{'preset':<25} {'heur/deal':>9} {'rand/deal':>9} {'heur lost':>9} "
    f"{'rand lost':>9} {'ms mean':>7} {'ms p99':>6} {'ms max':>6}"
)


def test_skat_speed_table_names_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "skat", "--kernel-deals", "40", "--deals", "4", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "random deals per second, one core (40 kernel / 4 API deals, best of 1)" in out
    assert "Skat (skat)" in out and "Ramsch (ramsch)" not in out
    header = next(line for line in out.splitlines() if line.startswith("preset"))
    assert header.split() == ["preset", "kernel", "kernel+seed", "public", "API"]
    for name in SKAT.presets:
        line = next(line for line in out.splitlines() if line.startswith(name + " "))
        assert all(float(figure.replace(",", "")) > 0 for figure in line.split()[1:])


def test_skat_ai_tables_name_their_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """Against random seats: scores, losses, how often the heuristic declared and won; then
    heuristic seats only: games declared, won, their value and the declarer's score."""
    args = ["--game", "skat", "--preset", "skat", "--ai", "--deals", "5", "--playouts", "20"]
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "heuristic (playouts=20) vs random, 5 seeded deals per preset"
    headers = [line.split() for line in out if line.startswith("preset")]
    assert headers[0] == [
        "preset", "heur/deal", "rand/deal", "heur", "lost", "rand", "lost", "heur", "decl",
        "decl", "won", "ms", "mean", "ms", "p99", "ms", "max",
    ]  # fmt: skip
    assert "heuristic vs heuristic, 1 seeded deals per preset" in out
    assert headers[1] == [
        "preset", "declared", "decl", "won", "value", "score/game", "kontra", "ms", "mean",
        "ms", "p99",
    ]  # fmt: skip
    assert sum(line.startswith("skat ") for line in out) == 2


def test_ramsch_ai_table_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    """Ramsch has no declarer: no declarer columns and no self-play table."""
    args = ["--game", "ramsch", "--preset", "skat", "--ai", "--deals", "2", "--playouts", "10"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert RAMSCH_AI_HEADER in out.splitlines()
    assert "heuristic vs heuristic" not in out and "decl" not in out


def test_kernel_deals_of_skat_score_every_game() -> None:
    """The kernel's Skat deal counts all 120 card points for the seats (the skat for the
    declarer); its matadors are FS-9's, counted on layout masks."""
    rules = SKAT.preset("skat")
    rng = random.Random(4)
    for seed in range(60):
        outcome = skat_kernel_deal(rules, rng, deal_from_seed(rules, seed) if seed % 2 else None)
        assert sum(outcome.card_points) == 120
        assert sum(outcome.trick_counts) == 10
        assert sum(1 for score in outcome.scores if score) <= 1
    for game in GAMES[:5]:
        kernel = _skat_kernel(rules, game)
        for _ in range(300):
            cards = rng.sample(DECK, 12)
            assert _matadors(kernel, kernel.mask(cards)) == matadors(game, frozenset(cards))

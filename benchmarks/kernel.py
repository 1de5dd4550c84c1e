"""The Skat-Ramsch row of `python -m ramsch_core.bench` of this checkout and of another one,
alternating in one run: `python -m benchmarks.kernel --against ../base`

Each round runs the row's three columns (kernel: the kernel's own shuffle; kernel+seed: the
public ``deal_from_seed`` deals; public API: ``Deal.from_seed``, ``legal_actions``, ``apply``)
for each checkout, each in a `python` of its own started with that checkout as its working
directory and first on its PYTHONPATH, and prints the best of ``--repeat`` timing runs of both
and the ratio this / other; at the end the median ratio of each column. The timing runs
alternate one by one (this, other, this, other; the other first in every second round), so a
machine that gets busier or quieter during the run weighs on both alike. Figures only:
nothing is asserted."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
COLUMNS = ("kernel", "kernel+seed", "public API")

WORKER = """
import json, sys, time
import ramsch_core
from ramsch_core import bench
name, kernel_deals, deals, cpu = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
try:
    from ramsch_core.games import get_game
except ImportError:  # before the game registry: the Ramsch presets in ramsch_core.rules
    from ramsch_core.rules import preset
    rules = preset(name)
else:
    rules = get_game("ramsch").preset(name)
timings = {
    "kernel": (bench.kernel_rate, kernel_deals),
    "kernel+seed": (bench.kernel_seeded_rate, kernel_deals),
    "public API": (bench.api_rate, deals),
}
print(json.dumps(ramsch_core.__file__), flush=True)
for line in sys.stdin:
    rate, count = timings[line.strip()]
    start = time.process_time()
    wall = rate(rules, count)
    print(json.dumps(count / (time.process_time() - start) if cpu == "cpu" else wall), flush=True)
"""
"""Run by the checkout's interpreter, for the whole run: finds the Ramsch preset in the old API
(``ramsch_core.rules.preset``) or through the game registry, then times one column of its own
bench (``kernel_rate``, ``kernel_seeded_rate``, ``api_rate``) for each name read on stdin: the
rate the bench measures (wall clock), or with ``cpu`` the deals over the process's CPU seconds
during the call (the bench's set-up, a kernel built, included)."""


class Worker:
    """One checkout's worker process."""

    def __init__(self, root: Path, args: argparse.Namespace) -> None:
        env = dict(os.environ)
        paths = [str(root), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
        env["PYTHONPATH"] = os.pathsep.join(paths)
        settings = [args.preset, str(args.kernel_deals), str(args.deals), args.clock]
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER, *settings], cwd=root, env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        )  # fmt: skip
        self.module: str = self.answer()
        """The ``ramsch_core`` it imported."""

    def answer(self) -> Any:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker stopped (exit status {self.process.wait()})")
        return json.loads(line)

    def rate(self, column: str) -> float:
        """Deals per second of one timing run of ``column``."""
        assert self.process.stdin is not None
        self.process.stdin.write(column + "\n")
        self.process.stdin.flush()
        return float(self.answer())

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    this, other = Worker(ROOT, args), Worker(args.against.resolve(), args)
    print(f"Ramsch preset {args.preset!r}: random deals per {args.clock} second, best of "
          f"{args.repeat} per round, {args.kernel_deals} kernel / {args.deals} API deals per run; "
          f"{args.rounds} rounds; load average {load()}")  # fmt: skip
    print(f"this: {this.module}\nother: {other.module}")
    print(f"| round | {' | '.join(f'{c}: this | other | ratio' for c in COLUMNS)} |")
    print("|---" * (1 + 3 * len(COLUMNS)) + "|")
    ratios: list[list[float]] = [[] for _ in COLUMNS]
    try:
        for number in range(1, args.rounds + 1):
            cells = []
            for column, name in enumerate(COLUMNS):
                mine, theirs = best_of(this, other, name, args.repeat, first=number % 2 == 1)
                ratios[column].append(mine / theirs)
                cells.append(f"{mine:,.0f} | {theirs:,.0f} | {mine / theirs:.2f}")
            print(f"| {number} | {' | '.join(cells)} |", flush=True)
    finally:
        this.close()
        other.close()
    medians = ", ".join(
        f"{name} {statistics.median(values):.2f}"
        for name, values in zip(COLUMNS, ratios, strict=True)
    )
    print(f"median ratio this / other: {medians}; load average {load()}")
    return 0


def best_of(
    this: Worker, other: Worker, column: str, repeat: int, first: bool
) -> tuple[float, float]:
    """The best of ``repeat`` timing runs of ``column`` for each, the runs alternating (this
    one first when ``first``, else the other)."""
    mine: list[float] = []
    theirs: list[float] = []
    for turn in range(2 * repeat):
        if (turn % 2 == 0) == first:
            mine.append(this.rate(column))
        else:
            theirs.append(other.rate(column))
    return max(mine), max(theirs)


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.kernel", description=__doc__)
    parser.add_argument(
        "--against", type=Path, metavar="DIR", required=True,
        help="another checkout of the project (e.g. a `git worktree` of an older commit)",
    )  # fmt: skip
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds")
    parser.add_argument("--preset", default="skat", help="the Ramsch preset")
    parser.add_argument("--kernel-deals", type=int, default=20000, help="kernel deals per run")
    parser.add_argument("--deals", type=int, default=2000, help="public API deals per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per column; the best counts")
    parser.add_argument(
        "--clock", choices=("wall", "cpu"), default="wall",
        help="rates by the wall clock, as the bench measures them, or by the CPU seconds of each "
        "worker (less moved by other processes on a busy machine)",
    )  # fmt: skip
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())

"""A row of `python -m ramsch_core.bench` of this checkout and of another one, alternating in
one run: `python -m benchmarks.kernel --against ../base` (default: the Skat-Ramsch row); with
``--instructions``, every row of both by instructions per deal under callgrind.

Each round runs the row's three columns (kernel: the kernel's own shuffle; kernel+seed: the
public ``deal_from_seed`` deals; public API: ``Deal.from_seed``, ``legal_actions``, ``apply``)
for each checkout, each in a `python` of its own started with that checkout as its working
directory and first on its PYTHONPATH, and prints the best of ``--repeat`` timing runs of both
and the ratio this / other; at the end the median ratio of each column. The timing runs
alternate one by one (this, other, this, other; the other first in every second round), so a
machine that gets busier or quieter during the run weighs on both alike.

With ``--instructions`` each row (every preset of every game, or those chosen) runs once per
checkout under valgrind's callgrind, which counts the instructions the process executes and so
does not depend on the machine's load: for each column a warm-up run of N deals (what a bench
case builds once, e.g. a kernel per contract, is built there), a run of one deal and a run of N
deals, each closed by a dump of the counts (``os.getppid()``, which nothing
else in the run calls, is the dump point); a column's figure is (N-run - one-deal run) / (N - 1)
instructions per deal, so the set-up each run of the bench pays (a kernel built) drops out.
Figures only: nothing is asserted."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
COLUMNS = ("kernel", "kernel+seed", "public API")

WORKER = """
import json, sys, time
import ramsch_core
from ramsch_core import bench
game, name, cpu = sys.argv[1], sys.argv[2], sys.argv[5]
kernel_deals, deals = int(sys.argv[3]), int(sys.argv[4])
try:
    from ramsch_core.games import get_game
except ImportError:  # before the game registry: the Ramsch presets in ramsch_core.rules
    from ramsch_core.rules import preset
    rules = preset(name)
else:
    rules = get_game(game).preset(name)
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
"""Run by the checkout's interpreter, for the whole run: finds the preset in the old API
(``ramsch_core.rules.preset``, Ramsch only) or through the game registry, then times one column
of its own bench (``kernel_rate``, ``kernel_seeded_rate``, ``api_rate``) for each name read on
stdin: the rate the bench measures (wall clock), or with ``cpu`` the deals over the process's CPU
seconds during the call (the bench's set-up, a kernel built, included)."""


class Worker:
    """One checkout's worker process."""

    def __init__(self, root: Path, args: argparse.Namespace) -> None:
        env = dict(os.environ)
        paths = [str(root), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
        env["PYTHONPATH"] = os.pathsep.join(paths)
        settings = [
            args.game[0],
            args.preset[0],
            str(args.kernel_deals),
            str(args.deals),
            args.clock,
        ]
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
    if args.instructions:
        return instructions(args)
    this, other = Worker(ROOT, args), Worker(args.against.resolve(), args)
    print(f"{args.game[0]} preset {args.preset[0]!r}: random deals per {args.clock} second, "
          f"best of {args.repeat} per round, {args.kernel_deals} kernel / {args.deals} API deals "
          f"per run; {args.rounds} rounds; load average {load()}")  # fmt: skip
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
    parser.add_argument(
        "--game", action="append",
        help="the game (default ramsch); with --instructions repeatable, default every game",
    )  # fmt: skip
    parser.add_argument(
        "--preset", action="append",
        help="the game's preset (default skat); with --instructions repeatable, default every "
        "preset",
    )  # fmt: skip
    parser.add_argument(
        "--kernel-deals", type=int,
        help="kernel deals per run (default 20000; with --instructions 400)",
    )  # fmt: skip
    parser.add_argument(
        "--deals", type=int, help="public API deals per run (default 2000; with --instructions 50)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per column; the best counts")
    parser.add_argument(
        "--clock", choices=("wall", "cpu"), default="wall",
        help="rates by the wall clock, as the bench measures them, or by the CPU seconds of each "
        "worker (less moved by other processes on a busy machine)",
    )  # fmt: skip
    parser.add_argument(
        "--instructions", action="store_true",
        help="instructions per deal under callgrind (valgrind) instead of rates: every row of "
        "both checkouts, or those chosen with --game and --preset",
    )  # fmt: skip
    args = parser.parse_args(argv)
    counting = args.instructions
    if args.kernel_deals is None:
        args.kernel_deals = 400 if counting else 20000
    if args.deals is None:
        args.deals = 50 if counting else 2000
    if min(args.kernel_deals, args.deals) < 2:
        parser.error("at least 2 deals per run")
    if not counting:
        if len(args.game or ()) > 1 or len(args.preset or ()) > 1:
            parser.error("one --game and one --preset without --instructions")
        args.game = args.game or ["ramsch"]
        args.preset = args.preset or ["skat"]
    elif shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind on the PATH")
    return args


COUNTER = """
import json, os, sys
from ramsch_core import bench
kernel_deals, deals, wanted = int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
try:
    from ramsch_core.games import GAMES, get_game
except ImportError:  # before the game registry: the Ramsch presets in ramsch_core.rules
    from ramsch_core.rules import PRESETS, preset
    rows = [(game, name, preset(name)) for game, name in wanted
            if game == "ramsch" and name in PRESETS]
else:
    rows = [(game, name, get_game(game).preset(name)) for game, name in wanted
            if game in GAMES and name in get_game(game).presets]
print(json.dumps([[game, name] for game, name, _ in rows]), flush=True)
os.getppid()
for _, _, rules in rows:
    for rate, count in (
        (bench.kernel_rate, kernel_deals),
        (bench.kernel_seeded_rate, kernel_deals),
        (bench.api_rate, deals),
    ):
        rate(rules, count)
        os.getppid()
        rate(rules, 1)
        os.getppid()
        rate(rules, count)
        os.getppid()
"""
"""Run under callgrind by the checkout's interpreter: prints the rows of those wanted that the
checkout has, then dumps the counts after the set-up and after each of the three runs (a warm-up
of ``count`` deals, one deal, ``count`` deals) of each column of each row."""

Counts = dict[tuple[str, str], list[int]]
"""Instructions per deal of the three columns, by (game, preset)."""


def rows(args: argparse.Namespace) -> list[tuple[str, str]]:
    """Every (game, preset) of this checkout, narrowed to ``--game`` and ``--preset``."""
    from ramsch_core.games import GAMES, get_game

    chosen = [
        (game, name)
        for game in args.game or list(GAMES)
        for name in get_game(game).presets
        if not args.preset or name in args.preset
    ]
    if not chosen:
        raise SystemExit("no such row in this checkout")
    return chosen


def count(root: Path, wanted: list[tuple[str, str]], args: argparse.Namespace) -> Counts:
    """Instructions per deal of the three columns of each row of ``wanted`` that the checkout at
    ``root`` has, from one process under callgrind."""
    env = dict(os.environ)
    paths = [str(root), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env["PYTHONHASHSEED"] = "0"  # the same set and dict orders in every run
    with tempfile.TemporaryDirectory(prefix="kernel-callgrind-") as folder:
        out = Path(folder) / "counts"
        command = [
            "valgrind", "--tool=callgrind", "--dump-before=getppid",
            f"--callgrind-out-file={out}", sys.executable, "-c", COUNTER,
            str(args.kernel_deals), str(args.deals), json.dumps(wanted),
        ]  # fmt: skip
        done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{root}: exit status {done.returncode}\n{done.stderr[-2000:]}")
        present = [(game, name) for game, name in json.loads(done.stdout.splitlines()[0])]
        dumps = 1 + 9 * len(present)
        parts = [totals(Path(f"{out}.{number}")) for number in range(1, dumps + 1)]
        if Path(f"{out}.{dumps + 1}").exists():
            raise RuntimeError(f"{root}: something else called getppid")
    counts: Counts = {}
    for index, row in enumerate(present):
        per_deal = []
        for column, deals in enumerate((args.kernel_deals, args.kernel_deals, args.deals)):
            first = 1 + 9 * index + 3 * column  # the warm-up's dump, then one deal's, N deals'
            per_deal.append(round((parts[first + 2] - parts[first + 1]) / (deals - 1)))
        counts[row] = per_deal
    return counts


def totals(path: Path) -> int:
    """The instructions a callgrind dump counted."""
    for line in path.read_text().splitlines():
        if line.startswith("totals:"):
            return int(line.split()[1])
    raise RuntimeError(f"{path}: no totals")


def instructions(args: argparse.Namespace) -> int:
    """Every chosen row of both checkouts by instructions per deal, and the ratio this / other;
    the two checkouts count at once, each in one process."""
    other = args.against.resolve()
    chosen = rows(args)
    print(f"instructions per deal under callgrind, {args.kernel_deals} kernel / {args.deals} API "
          f"deals per run less a run of one; this: {ROOT}; other: {other}", flush=True)  # fmt: skip
    with ThreadPoolExecutor(2) as pool:
        mine_job = pool.submit(count, ROOT, chosen, args)
        theirs_job = pool.submit(count, other, chosen, args)
        mine, theirs = mine_job.result(), theirs_job.result()
    print(f"| game | preset | {' | '.join(f'{c}: this | other | ratio' for c in COLUMNS)} |")
    print("|---" * (2 + 3 * len(COLUMNS)) + "|")
    for game, name in chosen:
        row = (game, name)
        print(f"| {game} | {name} | {' | '.join(cells(mine.get(row), theirs.get(row)))} |")
    return 0


def cells(mine: Sequence[int] | None, theirs: Sequence[int] | None) -> list[str]:
    """A row's cells: this, other and their ratio per column ("-" where a checkout lacks it)."""
    out = []
    for column in range(len(COLUMNS)):
        a = mine[column] if mine else None
        b = theirs[column] if theirs else None
        ratio = f"{a / b:.2f}" if a and b else "-"
        out.append(f"{figure(a)} | {figure(b)} | {ratio}")
    return out


def figure(value: int | None) -> str:
    if value is None:
        return "-"
    return f"{value / 1e6:.2f}M" if value >= 1e6 else f"{value / 1e3:.1f}k"


if __name__ == "__main__":
    sys.exit(main())

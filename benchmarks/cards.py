"""Card pictures (bot.pictures): time to render hands and tricks, cold, with warm tiles and
cached, and the size of the PNGs. `python -m benchmarks.cards`"""

from __future__ import annotations

import argparse
import io
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial

from PIL import Image

from bot.pictures import CardStyle, clear_caches, hand_picture, trick_picture
from ramsch_core.cards import DECK

NAMES = ("Alice", "Bob", "Carol", "KI 1")
STYLES = {
    "french two-colour en": CardStyle(),
    "french four-colour de": CardStyle(four_colour=True, lang="de"),
    "german": CardStyle(pack="german"),
}


def percentile(values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile (as benchmarks.world)."""
    ordered = sorted(values)
    rank = math.ceil(pct / 100 * len(ordered))
    return ordered[max(0, min(len(ordered), rank) - 1)]


def timed(render: Callable[[], bytes], before: Callable[[], None], runs: int) -> list[float]:
    """Seconds of each of ``runs`` calls of ``render``, with ``before`` run (untimed) first."""
    times = []
    for _ in range(runs):
        before()
        started = time.perf_counter()
        render()
        times.append(time.perf_counter() - started)
    return times


def figures(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:7.3f} / {percentile(times, 95) * 1000:7.3f}"


def bench(runs: int, seed: int) -> None:
    rng = random.Random(seed)
    print(f"{runs} runs each; ms median / p95; cold = all caches cleared (tiles drawn), "
          "tile-warm = only the picture cache cleared, cached = nothing cleared")  # fmt: skip
    print(f"{'style':24} {'picture':8} {'cold':>17} {'tile-warm':>17} {'cached':>17} "
          f"{'bytes':>7} {'pixels':>9}")  # fmt: skip
    for name, style in STYLES.items():
        deal = list(DECK)
        rng.shuffle(deal)
        cases: list[tuple[str, Callable[[], bytes]]] = []
        for n in (10, 12):
            hand = sorted(deal[:n])
            dimmed = frozenset({0, 2})
            cases.append((f"hand {n}", partial(hand_picture, hand, style, dimmed=dimmed)))
        for n in (3, 4):
            trick = deal[20 : 20 + n]
            names = NAMES[:n]  # under the slots, as the table message draws them
            render = partial(trick_picture, trick, style, highlight=1, names=names, to_act=1)
            cases.append((f"trick {n}", render))
        for label, render in cases:
            cold = timed(render, clear_caches, runs)
            render()
            warm = timed(render, lambda: clear_caches(tiles=False), runs)
            render()
            cached = timed(render, lambda: None, runs)
            png = render()
            with Image.open(io.BytesIO(png)) as image:
                pixels = f"{image.width}×{image.height}"
            print(f"{name:24} {label:8} {figures(cold)} {figures(warm)} {figures(cached)} "
                  f"{len(png):7d} {pixels:>9}")  # fmt: skip


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.cards", description=__doc__)
    parser.add_argument("--runs", type=int, default=50, help="renders timed per figure")
    parser.add_argument("--seed", type=int, default=1, help="the cards drawn")
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse()
    bench(args.runs, args.seed)
    sys.exit(0)

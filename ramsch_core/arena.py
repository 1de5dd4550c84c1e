"""``python -m ramsch_core.arena``: duplicate matches between two kinds of AI player.

Every deal (seeded by ``--seed`` and its number) is played once per *arrangement*: the
alternating pattern A B A … and its complement B A B …, each under every distinct rotation,
so over one deal's plays each type holds each seat, hence each hand, equally often. A deal's
score difference is the mean over its plays of (mean score of the A seats − mean score of the
B seats), in the game's own deal scores (``DealResult.scores``; positive is good). A Ramsen
"deal" is one deal at the start of a game (every seat owing its crosses), scored by the bars
each seat drew (an extra cross −5), not a whole game to a winner.

The players' time limits (a ``time_limit`` or ``budget`` attribute, seconds, of a player or
of a player it holds) are lifted unless ``--timed``: each decision then does its full seeded
work, so a run depends only on its arguments. Parallel over processes (``--workers``), with
the same results whatever their number, resumable (``--out`` keeps one JSON line per finished
deal, ``--resume`` skips them).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from functools import cache
from multiprocessing import get_context
from pathlib import Path
from typing import Any, TextIO, cast

import ramsch_core.ai as ai_package
import ramsch_core.ai.players as ai_players
from ramsch_core.ai import Player, make_player
from ramsch_core.deal import Deal
from ramsch_core.games import GAMES, get_game
from ramsch_core.rules import RuleSet

Arrangement = tuple[bool, ...]
"""Per deal seat: True for a player of type A, False for type B."""

SEED_STRIDE = 1_000_000_000
"""Deal ``n`` of ``--seed s`` is ``Deal.from_seed(rules, s * SEED_STRIDE + n)``."""


def player_kinds() -> tuple[str, ...]:
    """The kinds ``make_player`` builds (``PLAYER_KINDS`` of ``ramsch_core.ai`` if exported)."""
    for namespace in (vars(ai_package), vars(ai_players)):
        kinds = namespace.get("PLAYER_KINDS")
        if kinds is not None:
            return tuple(str(kind) for kind in kinds)
    return ("random", "heuristic")


def arrangements(seats: int) -> list[Arrangement]:
    """The alternating pattern A B A … and its complement, each under every distinct rotation,
    in a fixed order; every seat is A in exactly half of them."""
    pattern = tuple(seat % 2 == 0 for seat in range(seats))
    found: list[Arrangement] = []
    for base in (pattern, tuple(not a for a in pattern)):
        for shift in range(seats):
            rotated = base[shift:] + base[:shift]
            if rotated not in found:
                found.append(rotated)
    return found


@dataclass(frozen=True)
class Config:
    """What a run plays: the same config and deal number always play the same plays."""

    game: str
    preset: str
    a: str
    b: str
    seed: int = 0
    timed: bool = False
    """Keep the players' time limits (as at a table): the results then depend on the load."""

    def deal_seed(self, deal: int) -> int:
        return self.seed * SEED_STRIDE + deal

    def player_seed(self, deal: int, play: int, seat: int) -> int:
        return (self.deal_seed(deal) * 64 + play) * 8 + seat


@dataclass
class DealRecord:
    """One finished deal over all its plays (a line of the ``--out`` file)."""

    deal: int
    diff: float
    """Mean over the plays of (mean A seat score − mean B seat score)."""
    plays: int
    seats: list[int]
    """Seat-plays per type, [A, B]."""
    best: list[int]
    """Seat-plays per type whose score was the play's highest (shared highs count)."""
    lost: list[int]
    """Seat-plays per type among the play's losers (``DealResult.losers``)."""
    times_a: list[float] = field(default_factory=list)
    """Milliseconds per decision of an A seat (with two or more legal actions)."""
    times_b: list[float] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealRecord:
        return cls(
            deal=int(data["deal"]),
            diff=float(data["diff"]),
            plays=int(data["plays"]),
            seats=[int(x) for x in data["seats"]],
            best=[int(x) for x in data["best"]],
            lost=[int(x) for x in data["lost"]],
            times_a=[float(x) for x in data["times_a"]],
            times_b=[float(x) for x in data["times_b"]],
        )


@cache
def _rules(game: str, preset: str) -> RuleSet:
    return get_game(game).preset(preset)


TIME_LIMITS = ("time_limit", "budget")
"""A player's attributes that stop its thinking after so many seconds (None: never)."""


def _make(kind: str, seed: int, timed: bool = True) -> Player:
    player = make_player(cast(Any, kind), seed)
    if not timed:
        untimed(player)
    return player


def untimed(player: object) -> None:
    """Lift the time limits of ``player`` and of the players it holds (``TIME_LIMITS``)."""
    state = vars(player) if hasattr(player, "__dict__") else {}
    for name in TIME_LIMITS:
        if state.get(name) is not None:
            setattr(player, name, None)
    for value in state.values():
        if value is not player and callable(getattr(value, "choose", None)):
            untimed(value)


def play_deal(config: Config, deal: int) -> DealRecord:
    """Every arrangement of one deal, played out."""
    rules = _rules(config.game, config.preset)
    diff = Fraction(0)
    seats, best, lost = [0, 0], [0, 0], [0, 0]
    times: tuple[list[float], list[float]] = ([], [])
    plays = arrangements(rules.players)
    for play, arrangement in enumerate(plays):
        game = Deal.from_seed(rules, config.deal_seed(deal))
        players = [
            _make(
                config.a if is_a else config.b, config.player_seed(deal, play, seat), config.timed
            )
            for seat, is_a in enumerate(arrangement)
        ]
        while game.to_act is not None:
            seat = game.to_act
            view = game.view(seat)
            start = time.perf_counter()
            action = players[seat].choose(view)
            elapsed = time.perf_counter() - start
            if len(view.legal) > 1:  # a forced move is no decision
                times[0 if arrangement[seat] else 1].append(round(elapsed * 1000, 4))
            game.apply(action)
        result = game.result
        assert result is not None
        scores = [Fraction(score) for score in result.scores]
        top = max(scores)
        total = [Fraction(0), Fraction(0)]
        for seat, is_a in enumerate(arrangement):
            side = 0 if is_a else 1
            seats[side] += 1
            total[side] += scores[seat]
            best[side] += scores[seat] == top
            lost[side] += seat in result.losers
        count_a = sum(arrangement)
        diff += total[0] / count_a - total[1] / (len(arrangement) - count_a)
    return DealRecord(
        deal=deal,
        diff=float(diff / len(plays)),
        plays=len(plays),
        seats=seats,
        best=best,
        lost=lost,
        times_a=times[0],
        times_b=times[1],
    )


def play_chunk(config: Config, deals: Sequence[int]) -> list[DealRecord]:
    return [play_deal(config, deal) for deal in deals]


def chunks(deals: Sequence[int], size: int) -> list[list[int]]:
    return [list(deals[start : start + size]) for start in range(0, len(deals), size)]


def run(
    config: Config,
    deals: Sequence[int],
    workers: int,
    chunk_size: int | None = None,
) -> Iterator[list[DealRecord]]:
    """Play ``deals``, yielding each chunk's records as it finishes (in any order with more
    than one worker; every record depends only on the config and its deal number)."""
    if chunk_size is None:
        chunk_size = max(1, min(20, len(deals) // max(1, 4 * workers)))
    parts = chunks(deals, chunk_size)
    if workers <= 1:
        for part in parts:
            yield play_chunk(config, part)
        return
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        futures = [pool.submit(play_chunk, config, part) for part in parts]
        for future in as_completed(futures):
            yield future.result()


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float
    high: float
    sd: float


def confidence(values: Sequence[float], z: float = 1.96) -> Interval | None:
    """Mean ± z·sd/√n (normal approximation, sample sd); None for fewer than two values."""
    n = len(values)
    if n < 2:
        return None
    mean = math.fsum(values) / n
    sd = math.sqrt(math.fsum((value - mean) ** 2 for value in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, sd)


def percentile(ordered: Sequence[float], p: float) -> float:
    """Nearest-rank percentile of sorted values (the smallest value with at least p % of the
    values at or below it)."""
    if not ordered:
        return 0.0
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def summary(config: Config, records: Iterable[DealRecord], resumed: int = 0) -> str:
    """The report of a run over ``records`` (any order: they are sorted by deal)."""
    done = sorted(records, key=lambda record: record.deal)
    diffs = [record.diff for record in done]
    lines = [
        f"arena {config.game}/{config.preset}: A = {config.a}, B = {config.b}, "
        f"seed {config.seed}, {'timed' if config.timed else 'untimed'}",
        f"deals played: {len(done)}"
        + (f" ({done[0].plays} plays each" if done else " (")
        + f"; {resumed} from the file)",
    ]
    interval = confidence(diffs)
    if interval is None:
        mean = diffs[0] if diffs else 0.0
        lines.append(f"score difference A − B per deal: {mean:+.3f} (95 % CI n/a)")
    else:
        lines.append(
            f"score difference A − B per deal: {interval.mean:+.3f} "
            f"(95 % CI {interval.low:+.3f} … {interval.high:+.3f}; sd {interval.sd:.3f})"
        )
    lines.append(
        f"{'type':<14} {'seat-plays':>10} {'best':>7} {'lost':>7} {'decisions':>9} "
        f"{'ms p50':>8} {'ms p95':>8} {'ms p99':>8} {'ms max':>8}"
    )
    for side, (label, kind) in enumerate((("A", config.a), ("B", config.b))):
        seats = sum(record.seats[side] for record in done)
        best = sum(record.best[side] for record in done)
        lost = sum(record.lost[side] for record in done)
        ordered = sorted(t for r in done for t in (r.times_a if side == 0 else r.times_b))
        lines.append(
            f"{label + ' ' + kind:<14} {seats:>10} {_share(best, seats)} {_share(lost, seats)} "
            f"{len(ordered):>9} {percentile(ordered, 50):>8.2f} {percentile(ordered, 95):>8.2f} "
            f"{percentile(ordered, 99):>8.2f} {(ordered[-1] if ordered else 0.0):>8.2f}"
        )
    lines.append(
        "best: the seat's score was the play's highest (shared highs count); lost: the seat was "
        "among the play's losers"
    )
    return "\n".join(lines)


def _share(count: int, total: int) -> str:
    return f"{count / total:>7.1%}" if total else f"{'-':>7}"


def read_records(path: Path, config: Config) -> list[DealRecord]:
    """The deals an ``--out`` file holds (a torn last line is ignored). Raises ValueError if
    the file was written for another config."""
    records: list[DealRecord] = []
    with path.open(encoding="utf-8") as file:
        for line in file:
            try:
                data = json.loads(line)
            except json.JSONDecodeError:
                continue
            if "config" in data:
                if data["config"] != asdict(config):
                    raise ValueError(f"{path} was written for {data['config']}, not {config}")
                continue
            records.append(DealRecord.from_json(data))
    return records


class Progress:
    """A text bar on a stream, redrawn per finished chunk."""

    def __init__(self, stream: TextIO, total: int, done: int, enabled: bool) -> None:
        self.stream, self.total, self.done, self.enabled = stream, total, done, enabled
        self.start = time.monotonic()
        self.draw()

    def advance(self, count: int) -> None:
        self.done += count
        self.draw()

    def draw(self) -> None:
        if not self.enabled or not self.total:
            return
        width = 30
        filled = width * self.done // self.total
        elapsed = time.monotonic() - self.start
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} deals {elapsed:6.0f} s")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.total:
            self.stream.write("\n")
            self.stream.flush()


def main(argv: Sequence[str] | None = None) -> int:
    kinds = player_kinds()
    parser = argparse.ArgumentParser(
        prog="python -m ramsch_core.arena",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--preset", help="a preset of the game (default: its default preset)")
    parser.add_argument("--a", required=True, metavar="KIND", help=f"one of {', '.join(kinds)}")
    parser.add_argument("--b", required=True, metavar="KIND", help=f"one of {', '.join(kinds)}")
    parser.add_argument("--deals", type=int, required=True, help="deals 0 … N-1 are played")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)"
    )
    parser.add_argument("--seed", type=int, default=0, help="which deals (default 0)")
    parser.add_argument("--out", type=Path, help="append one JSON line per finished deal")
    parser.add_argument("--resume", action="store_true", help="skip the deals --out holds")
    parser.add_argument("--progress", action="store_true", help="a bar even when not a TTY")
    parser.add_argument(
        "--timed",
        action="store_true",
        help="keep the players' time limits, as at a table (results then depend on the load)",
    )
    args = parser.parse_args(argv)
    game = get_game(args.game)
    preset = args.preset or game.default_preset
    if preset not in game.presets:
        parser.error(f"{game.id} has no preset {preset!r}: choose one of {', '.join(game.presets)}")
    for kind in (args.a, args.b):
        try:
            _make(kind, 0)
        except ValueError:
            parser.error(f"unknown player kind {kind!r}: choose one of {', '.join(kinds)}")
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers must be at least 1")
    if args.resume and args.out is None:
        parser.error("--resume needs --out")
    config = Config(game.id, preset, args.a, args.b, args.seed, args.timed)
    wanted = range(args.deals)
    records: dict[int, DealRecord] = {}
    out: TextIO | None = None
    if args.out is not None:
        exists = args.out.exists() and args.out.stat().st_size > 0
        if exists and not args.resume:
            parser.error(f"{args.out} exists: pass --resume to continue it, or another --out")
        if exists:
            try:
                old = read_records(args.out, config)
            except ValueError as error:
                parser.error(str(error))
            records = {record.deal: record for record in old if record.deal in wanted}
        out = args.out.open("a", encoding="utf-8")
        if exists and not args.out.read_bytes().endswith(b"\n"):
            out.write("\n")  # end a line torn by an interrupted run
        if not exists:
            out.write(json.dumps({"config": asdict(config)}) + "\n")
            out.flush()
    resumed = len(records)
    todo = [deal for deal in wanted if deal not in records]
    progress = Progress(sys.stderr, args.deals, resumed, args.progress or sys.stderr.isatty())
    try:
        for part in run(config, todo, args.workers):
            for record in part:
                records[record.deal] = record
                if out is not None:
                    out.write(record.to_json() + "\n")
            if out is not None:
                out.flush()
            progress.advance(len(part))
    finally:
        progress.close()
        if out is not None:
            out.close()
    print(summary(config, records.values(), resumed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""``python -m ramsch_core.bench``: random deals per second; with ``--ai``, heuristic vs random."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ramsch_core.ai import DEFAULT_PLAYOUTS, HeuristicPlayer, Player, RandomPlayer
from ramsch_core.deal import Deal, deal_from_seed
from ramsch_core.games import GAMES, get_game
from ramsch_core.kernel import Kernel
from ramsch_core.rules import RuleSet


def kernel_rate(rules: RuleSet, deals: int, seed: int = 0) -> float:
    """Random deals per second through the kernel, dealing with its own seeded shuffle."""
    kernel = Kernel(rules)
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(deals):
        hands, skat = kernel.random_deal(rng)
        kernel.random_game(hands, skat, rng)
    return deals / (time.perf_counter() - start)


def kernel_seeded_rate(rules: RuleSet, deals: int) -> float:
    """Random deals per second through the kernel on the public ``deal_from_seed`` deals."""
    kernel = Kernel(rules)
    start = time.perf_counter()
    for seed in range(deals):
        hands, skat = deal_from_seed(rules, seed)
        masks = [kernel.mask(hand) for hand in hands]
        kernel.random_game(masks, kernel.mask(skat), random.Random(seed))
    return deals / (time.perf_counter() - start)


def api_rate(rules: RuleSet, deals: int, seed: int = 0) -> float:
    """Random deals per second through ``Deal.from_seed``, ``legal_actions`` and ``apply``."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for number in range(deals):
        deal = Deal.from_seed(rules, number)
        while not deal.finished:
            legal = deal.legal_actions()
            deal.apply(legal[int(rng.random() * len(legal))])
    return deals / (time.perf_counter() - start)


@dataclass
class Match:
    """Heuristic against random seats: totals over the deals played."""

    deals: int = 0
    heuristic_score: Fraction = Fraction(0)
    random_score: Fraction = Fraction(0)
    heuristic_losses: int = 0
    random_losses: Fraction = Fraction(0)
    times: list[float] = field(default_factory=list)
    """Seconds per heuristic decision."""


def ai_match(rules: RuleSet, deals: int, playouts: int) -> Match:
    """One heuristic seat (rotating over the seats) against random seats on seeded deals."""
    match = Match()
    others = rules.players - 1
    for seed in range(deals):
        deal = Deal.from_seed(rules, seed)
        smart = seed % rules.players
        players: list[Player] = [
            HeuristicPlayer(seed, playouts=playouts) if seat == smart else RandomPlayer(seed + seat)
            for seat in range(rules.players)
        ]
        while deal.to_act is not None:
            seat = deal.to_act
            view = deal.view(seat)
            start = time.perf_counter()
            action = players[seat].choose(view)
            if seat == smart:
                match.times.append(time.perf_counter() - start)
            deal.apply(action)
        result = deal.result
        assert result is not None
        match.deals += 1
        match.heuristic_score += result.scores[smart]
        match.random_score += (sum(result.scores) - result.scores[smart]) / others
        match.heuristic_losses += smart in result.losers
        match.random_losses += Fraction(len(set(result.losers) - {smart}), others)
    return match


def _speed(
    games: Sequence[tuple[str, Sequence[str]]], deals: int, kernel_deals: int, repeat: int
) -> None:
    print(
        f"random deals per second, one core ({kernel_deals} kernel / {deals} API deals, "
        f"best of {repeat})"
    )
    for game_id, names in games:
        game = get_game(game_id)
        print(f"\n{game.title} ({game.id})")
        print(f"{'preset':<25} {'kernel':>9} {'kernel+seed':>12} {'public API':>11}")
        for name in names:
            _speed_line(game.preset(name), name, deals, kernel_deals, repeat)


def _speed_line(rules: RuleSet, name: str, deals: int, kernel_deals: int, repeat: int) -> None:
    fast = max(kernel_rate(rules, kernel_deals) for _ in range(repeat))
    seeded = max(kernel_seeded_rate(rules, kernel_deals) for _ in range(repeat))
    api = max(api_rate(rules, deals) for _ in range(repeat))
    print(f"{name:<25} {fast:>9,.0f} {seeded:>12,.0f} {api:>11,.0f}", flush=True)


def _ai(games: Sequence[tuple[str, Sequence[str]]], deals: int, playouts: int) -> None:
    print(f"heuristic (playouts={playouts}) vs random, {deals} seeded deals per preset")
    for game_id, names in games:
        game = get_game(game_id)
        print(f"\n{game.title} ({game.id})")
        print(
            f"{'preset':<25} {'heur/deal':>9} {'rand/deal':>9} {'heur lost':>9} "
            f"{'rand lost':>9} {'ms mean':>7} {'ms p99':>6} {'ms max':>6}"
        )
        for name in names:
            _ai_line(game.preset(name), name, deals, playouts)


def _ai_line(rules: RuleSet, name: str, deals: int, playouts: int) -> None:
    match = ai_match(rules, deals, playouts)
    per_deal = match.deals or 1
    times = sorted(match.times) or [0.0]
    mean_ms = 1000 * sum(times) / len(times)
    p99_ms = 1000 * times[int(0.99 * (len(times) - 1))]
    print(
        f"{name:<25} {float(match.heuristic_score) / per_deal:>9.2f} "
        f"{float(match.random_score) / per_deal:>9.2f} "
        f"{match.heuristic_losses / per_deal:>9.1%} "
        f"{float(match.random_losses) / per_deal:>9.1%} "
        f"{mean_ms:>7.1f} {p99_ms:>6.1f} {1000 * times[-1]:>6.1f}",
        flush=True,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ramsch_core.bench", description=__doc__)
    parser.add_argument("--ai", action="store_true", help="heuristic vs random instead of speed")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="repeatable")
    parser.add_argument(
        "--preset", action="append", help="a preset (of the games that have it); repeatable"
    )
    parser.add_argument("--deals", type=int, default=2000, help="API deals / AI deals per preset")
    parser.add_argument("--kernel-deals", type=int, default=20000, help="kernel deals per preset")
    parser.add_argument("--repeat", type=int, default=3, help="timing runs; the best counts")
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS, help="heuristic playouts")
    args = parser.parse_args(argv)
    games = []
    for game_id in args.game or list(GAMES):
        known = get_game(game_id).presets
        names = [name for name in args.preset or known if name in known]
        if names:
            games.append((game_id, names))
    unknown = set(args.preset or ()) - {name for _, names in games for name in names}
    if unknown:  # stop before any timing
        parser.error(f"no game chosen has the preset(s) {', '.join(sorted(unknown))}")
    if args.ai:
        _ai(games, args.deals, args.playouts)
    else:
        _speed(games, args.deals, args.kernel_deals, args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""``python -m ramsch_core.bench``: random deals per second; with ``--ai``, heuristic vs random."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial

from ramsch_core.ai import DEFAULT_PLAYOUTS, HeuristicPlayer, Player, RandomPlayer
from ramsch_core.bench_case import Dealt
from ramsch_core.deal import Deal, deal_from_seed
from ramsch_core.games import GAMES, game_of, get_game
from ramsch_core.kernel import Kernel, Outcome
from ramsch_core.match import Match as TableMatch
from ramsch_core.match import TableOptions
from ramsch_core.rules import RuleSet


def own_contract_deal(kernel: Kernel, rng: random.Random, dealt: Dealt | None) -> Outcome:
    """The rules' own contract on their kernel: random pushing, random play, its scorer."""
    if dealt is None:
        hands, skat = kernel.random_deal(rng)
    else:
        hands, skat = [kernel.mask(hand) for hand in dealt[0]], kernel.mask(dealt[1])
    return kernel.random_game(hands, skat, rng)


def deal_player(rules: RuleSet) -> Callable[[random.Random, Dealt | None], Outcome]:
    """How the bench plays one deal of ``rules`` through the kernel: the game's bench case
    (``Game.bench``), else the rules' own contract on a kernel built here, once, so the timed
    loop looks nothing up per deal."""
    case = game_of(rules).bench
    if case is not None:
        return partial(case.kernel_deal, rules)
    return partial(own_contract_deal, Kernel(rules))


def kernel_rate(rules: RuleSet, deals: int, seed: int = 0) -> float:
    """Random deals per second through the kernel, dealing with its own seeded shuffle."""
    play = deal_player(rules)
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(deals):
        play(rng, None)
    return deals / (time.perf_counter() - start)


def kernel_seeded_rate(rules: RuleSet, deals: int) -> float:
    """Random deals per second through the kernel on the public ``deal_from_seed`` deals."""
    play = deal_player(rules)
    case = game_of(rules).bench
    dealt = (case.seeded_deal if case is not None else None) or deal_from_seed
    start = time.perf_counter()
    for seed in range(deals):
        play(random.Random(seed), dealt(rules, seed))
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
    declarers: int = 0
    """Deals with a declarer (its result tags one seat ``declarer``)."""
    declared: int = 0
    """Deals the heuristic seat declared."""
    declared_won: int = 0
    """Deals the heuristic seat declared and won."""


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
        tags = result.tags[smart] if result.tags else ()
        match.declarers += any("declarer" in seat_tags for seat_tags in result.tags)
        match.declared += "declarer" in tags
        match.declared_won += "declarer" in tags and "won" in tags
    return match


@dataclass
class WinnerMatches:
    """A game that plays to a winner (Ramsen): one heuristic seat against random seats over
    whole matches."""

    matches: int = 0
    won: int = 0
    """Matches the heuristic seat won."""
    deals: int = 0
    heuristic_drawn: int = 0
    """Bars the heuristic seat drew over all deals (an extra cross counts -5)."""
    random_drawn: Fraction = Fraction(0)
    """Bars a random seat drew over all deals, on average over the random seats."""
    times: list[float] = field(default_factory=list)


def winner_matches(rules: RuleSet, matches: int, playouts: int) -> WinnerMatches:
    """Whole matches to a winner, the heuristic at a table seat rotating with the match."""
    seats = rules.players
    figures = WinnerMatches()
    for number in range(matches):
        match = TableMatch(rules, TableOptions(seats=seats), number)
        smart = number % seats
        players: list[Player] = [
            HeuristicPlayer(number, playouts=playouts)
            if seat == smart
            else RandomPlayer(number * seats + seat)
            for seat in range(seats)
        ]
        while not match.finished:
            table_seat = match.to_act
            assert table_seat is not None
            seat = match.deal_seat(table_seat)
            assert seat is not None
            view = match.deal.view(seat)
            start = time.perf_counter()
            action = players[table_seat].choose(view)
            if table_seat == smart:
                figures.times.append(time.perf_counter() - start)
            match.apply(action, table_seat)
        for entry in match.finished_deals:
            drawn = entry.table_scores
            figures.deals += 1
            figures.heuristic_drawn += int(drawn[smart])
            figures.random_drawn += (sum(drawn) - drawn[smart]) / (seats - 1)
        last = match.finished_deals[-1]
        winner = (last.result.details or {}).get("winner")
        figures.matches += 1
        figures.won += winner is not None and last.seats[winner] == smart
    return figures


def _winner_matches(game_id: str, names: Sequence[str], matches: int, playouts: int) -> None:
    game = get_game(game_id)
    print(f"whole games to a winner, one heuristic seat vs random seats, {matches} per preset")
    print(
        f"{'preset':<25} {'heur won':>8} {'fair':>6} {'deals':>6} {'heur bars':>9} "
        f"{'rand bars':>9} {'ms mean':>7} {'ms p99':>6} {'ms max':>6}"
    )
    for name in names:
        rules = game.preset(name)
        figures = winner_matches(rules, matches, playouts)
        times = sorted(figures.times) or [0.0]
        deals = figures.deals or 1
        print(
            f"{name:<25} {figures.won / figures.matches:>8.1%} {1 / rules.players:>6.1%} "
            f"{figures.deals / figures.matches:>6.1f} {figures.heuristic_drawn / deals:>9.2f} "
            f"{float(figures.random_drawn) / deals:>9.2f} "
            f"{1000 * sum(times) / len(times):>7.1f} "
            f"{1000 * times[int(0.99 * (len(times) - 1))]:>6.1f} {1000 * times[-1]:>6.1f}",
            flush=True,
        )


@dataclass
class SelfPlay:
    """Heuristic seats only, in a game with declarers: how the bidding and the games went."""

    deals: int = 0
    declared: int = 0
    won: int = 0
    value: int = 0
    """Sum of the declared games' values (before the loss doubles them; Schafkopf: what each
    seat paid or was paid, in cents)."""
    kontra: int = 0
    score: Fraction = Fraction(0)
    """Sum of the declarers' scores."""
    times: list[float] = field(default_factory=list)


def self_play(rules: RuleSet, deals: int, playouts: int) -> SelfPlay:
    """Heuristic seats against each other on seeded deals: declared games and their results."""
    play = SelfPlay()
    for seed in range(deals):
        deal = Deal.from_seed(rules, seed)
        players = [
            HeuristicPlayer(seed * rules.players + seat, playouts=playouts)
            for seat in range(rules.players)
        ]
        while deal.to_act is not None:
            view = deal.view(deal.to_act)
            start = time.perf_counter()
            action = players[deal.to_act].choose(view)
            play.times.append(time.perf_counter() - start)
            deal.apply(action)
        result = deal.result
        assert result is not None
        play.deals += 1
        details = result.details or {}
        if "declarer" in details:
            play.declared += 1
            play.won += bool(details["won"])
            play.value += int(details["value"] if "value" in details else details["amount"])
            play.kontra += details.get("kontra", 0) > 0
            play.score += result.scores[details["declarer"]]
    return play


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
        if game.preset(names[0]).plays_to_a_winner():
            _winner_matches(game_id, names, max(1, deals // 10), playouts)
            continue
        declarer_columns: bool | None = None
        for name in names:
            match = ai_match(game.preset(name), deals, playouts)
            if declarer_columns is None:  # a game with declarers gets their columns
                declarer_columns = match.declarers > 0
                _ai_header(declarer_columns)
            _ai_line(match, name, declarer_columns)
        if declarer_columns:
            _self_play(game.id, names, max(1, deals // 5), playouts)


def _self_play(game_id: str, names: Sequence[str], deals: int, playouts: int) -> None:
    """Against random seats the heuristic seldom wins a bidding; here every seat is one."""
    game = get_game(game_id)
    print(f"\nheuristic vs heuristic, {deals} seeded deals per preset")
    print(
        f"{'preset':<25} {'declared':>9} {'decl won':>8} {'value':>6} {'score/game':>10} "
        f"{'kontra':>6} {'ms mean':>7} {'ms p99':>6}"
    )
    for name in names:
        play = self_play(game.preset(name), deals, playouts)
        times = sorted(play.times) or [0.0]
        declared = play.declared or 1
        won = f"{play.won / play.declared:>8.1%}" if play.declared else f"{'-':>8}"
        print(
            f"{name:<25} {play.declared / play.deals:>9.1%} {won} "
            f"{play.value / declared:>6.1f} {float(play.score) / declared:>10.2f} "
            f"{play.kontra / declared:>6.1%} {1000 * sum(times) / len(times):>7.1f} "
            f"{1000 * times[int(0.99 * (len(times) - 1))]:>6.1f}",
            flush=True,
        )


def _ai_header(declarer_columns: bool) -> None:
    extra = f" {'heur decl':>9} {'decl won':>8}" if declarer_columns else ""
    print(
        f"{'preset':<25} {'heur/deal':>9} {'rand/deal':>9} {'heur lost':>9} "
        f"{'rand lost':>9}{extra} {'ms mean':>7} {'ms p99':>6} {'ms max':>6}"
    )


def _ai_line(match: Match, name: str, declarer_columns: bool) -> None:
    per_deal = match.deals or 1
    times = sorted(match.times) or [0.0]
    mean_ms = 1000 * sum(times) / len(times)
    p99_ms = 1000 * times[int(0.99 * (len(times) - 1))]
    extra = ""
    if declarer_columns:
        won = f"{match.declared_won / match.declared:>8.1%}" if match.declared else f"{'-':>8}"
        extra = f" {match.declared / per_deal:>9.1%} {won}"
    print(
        f"{name:<25} {float(match.heuristic_score) / per_deal:>9.2f} "
        f"{float(match.random_score) / per_deal:>9.2f} "
        f"{match.heuristic_losses / per_deal:>9.1%} "
        f"{float(match.random_losses) / per_deal:>9.1%}{extra} "
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
    parser.add_argument(
        "--deals",
        type=int,
        default=2000,
        help="API deals / AI deals per preset (a game played to a winner: a tenth as many "
        "whole games)",
    )
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

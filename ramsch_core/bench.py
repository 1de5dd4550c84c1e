"""``python -m ramsch_core.bench``: random deals per second; with ``--ai``, heuristic vs random."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, partial

from ramsch_core.ai import DEFAULT_PLAYOUTS, HeuristicPlayer, Player, RandomPlayer
from ramsch_core.cards import DECK, Card, Suit
from ramsch_core.contracts import Contract
from ramsch_core.contracts.ramsen import RamsenScorer, ramsen_contract
from ramsch_core.contracts.schafkopf import GameName as SchafkopfGame
from ramsch_core.contracts.skat import GAMES as GAMES_OF_SKAT
from ramsch_core.contracts.skat import Declaration, GameName, SkatScorer, skat_order
from ramsch_core.deal import Deal, deal_from_seed
from ramsch_core.games import GAMES, get_game
from ramsch_core.games.ramsen import RamsenRules
from ramsch_core.kernel import Kernel, Outcome, tally
from ramsch_core.match import Match as TableMatch
from ramsch_core.match import TableOptions
from ramsch_core.rules import RuleSet
from ramsch_core.tricks.constraints import FOLLOW_SUIT

Dealt = tuple[list[list[Card]], list[Card]]
"""Hands and skat of a public deal (``deal_from_seed``)."""
KernelDeal = Callable[[RuleSet, random.Random, Dealt | None], Outcome]
"""One random deal through the kernel: dealt by its own shuffle (None) or the given cards."""


def ramsch_kernel_deal(kernel: Kernel, rng: random.Random, dealt: Dealt | None) -> Outcome:
    """The rules' own contract (Ramsch) on their kernel: random pushing, random play, its
    scorer."""
    if dealt is None:
        hands, skat = kernel.random_deal(rng)
    else:
        hands, skat = [kernel.mask(hand) for hand in dealt[0]], kernel.mask(dealt[1])
    return kernel.random_game(hands, skat, rng)


def skat_kernel_deal(rules: RuleSet, rng: random.Random, dealt: Dealt | None) -> Outcome:
    """Full Skat: a random declarer declares a random game (Hand, or with two random cards
    laid away after taking the skat); the kernel plays it out at random under that game's
    trick order and the deal's own scorer (matadors, Hand, bid 18). The bidding is not
    simulated, and a Null is played to the last trick (its result is the same)."""
    game = GAMES_OF_SKAT[int(rng.random() * len(GAMES_OF_SKAT))]
    declarer = int(rng.random() * rules.players)
    kernel = _skat_kernel(rules, game)
    if dealt is None:
        hands, skat = kernel.random_deal(rng)
    else:
        hands, skat = [kernel.mask(hand) for hand in dealt[0]], kernel.mask(dealt[1])
    hand = rng.random() < 0.5
    twelve = hands[declarer] | skat
    if not hand:
        first = _random_card(twelve, rng.random)
        pair = first | _random_card(twelve ^ first, rng.random)
        hands[declarer], skat = twelve ^ pair, pair
    declaration = Declaration(game, hand)
    count = 0 if declaration.null else _matadors(kernel, twelve)
    scorer = SkatScorer(declaration, declarer, 18, count)
    players = rules.players
    won, counts, last = [0] * players, [0] * players, [-1] * players
    winners = kernel.run(hands, 0, [], won, counts, last, 0, rng.random, None)
    score = scorer(tally(kernel.layout, won, counts, last, skat, 0))
    return Outcome(tuple(winners), score.points, tuple(counts), score.scores)


@cache
def _skat_kernel(rules: RuleSet, game: GameName) -> Kernel:
    """The kernel of one game's trick order (its scorer is replaced deal by deal)."""
    scorer = SkatScorer(Declaration(game, False), 0, 18, 1)
    return Kernel(rules, Contract(game, skat_order(game), FOLLOW_SUIT, scorer))


def _matadors(kernel: Kernel, twelve: int) -> int:
    """FS-9 on layout masks: trumps take the top bits, ♣J the highest."""
    trumps = kernel.trump_mask.bit_count()
    holding = twelve >> 31 & 1
    count = 0
    for position in range(31, 31 - trumps, -1):
        if twelve >> position & 1 != holding:
            break
        count += 1
    return count if holding else -count


def _random_card(mask: int, rand: Callable[[], float]) -> int:
    """A uniformly random set bit of a non-empty mask."""
    skip = int(rand() * mask.bit_count())
    while skip:
        mask &= mask - 1
        skip -= 1
    return mask & -mask


def ramsen_kernel_deal(rules: RuleSet, rng: random.Random, dealt: Dealt | None) -> Outcome:
    """Ramsen at the start of a game (every seat owes ``crosses`` × 5 bars): the dealt hands,
    the upcard and the talon (``dealt``: hands, then upcard and talon top first); a random
    exchange (each card laid away with probability 1/2, the dealer taking the upcard for one
    of them half the time, a cutter who schleckte skipped), a random in or pass (one who
    exchanged says in, and with ``dealer_forced`` the dealer when all before passed), then the
    kernel's random play among the seats in under the deal's contract. A lone player in takes
    the five tricks without play; with nobody in the deal is void."""
    assert isinstance(rules, RamsenRules)
    players, size = rules.players, rules.hand_size
    rand = rng.random
    if dealt is None:
        deck = list(DECK)
        for index in range(31, 0, -1):
            other = int(rand() * (index + 1))
            deck[index], deck[other] = deck[other], deck[index]
        hands = [deck[seat * size : (seat + 1) * size] for seat in range(players)]
        upcard, talon = deck[players * size], deck[players * size + 1 :]
    else:
        hands = [list(hand) for hand in dealt[0]]
        upcard, talon = dealt[1][0], list(dealt[1][1:])
    schleck = players - 2 if rules.schlecken else None
    dealer = players - 1
    exchanged = [False] * players
    for seat in range(players):
        if seat == schleck:
            continue
        hand = hands[seat]
        laid = [card for card in hand if rand() < 0.5][: len(talon) + (seat == dealer)]
        take = seat == dealer and bool(laid) and rand() < 0.5
        draw = len(laid) - take
        if draw > len(talon):
            laid, draw = laid[: len(talon)], len(talon)
        hands[seat] = [card for card in hand if card not in laid] + talon[:draw]
        if take:
            hands[seat].append(upcard)
        del talon[:draw]
        exchanged[seat] = bool(laid)
    active: list[int] = []
    for seat in range(players):
        forced = rules.dealer_forced and seat == dealer and not active
        if exchanged[seat] or forced or rand() < 0.5:
            active.append(seat)
    owed = rules.initial_owed()
    kernel = _ramsen_kernel(rules, upcard.suit, tuple(active))
    won, counts, last = [0] * players, [0] * players, [-1] * players
    winners: list[int] = []
    if len(active) >= 2:
        masks = [kernel.mask(hand) for hand in hands]
        winners = kernel.run(masks, active[0], [], won, counts, last, 0, rand, None)
    elif active:
        counts[active[0]], last[active[0]] = size, size - 1
    else:
        last[0] = 0
    score = RamsenScorer(owed, active)(tally(kernel.layout, won, counts, last, 0, 0))
    return Outcome(tuple(winners), score.points, tuple(counts), score.scores)


@cache
def _ramsen_kernel(rules: RamsenRules, trump: Suit, active: tuple[int, ...]) -> Kernel:
    """The kernel of a Ramsen deal with ``trump`` and the seats ``active`` in, at the start
    of a game."""
    return Kernel(rules, ramsen_contract(trump, rules.initial_owed(), active))


def ramsen_dealt(rules: RuleSet, seed: int) -> Dealt:
    """The hands of a Ramsen deal of ``seed`` (the cutter's kept card included), then its
    upcard and talon, top first."""
    schedule = rules.schedule(seed)
    return schedule.hands(rules.players), [
        *schedule.cards_to("upcard"),
        *schedule.cards_to("talon"),
    ]


def schafkopf_kernel_deal(rules: RuleSet, rng: random.Random, dealt: Dealt | None) -> Outcome:
    """Full Schafkopf: a random seat calls a random game — a Sauspiel on an Ace it may call
    (SF-3), a Wenz or a Solo in a random suit — and the kernel plays it out at random under
    that game's order (a Sauspiel with the called Ace's duties) and scorer (the partner and
    the Laufende as dealt). The calls, Klopfen and Kontra are not simulated."""
    from ramsch_core.ai.schafkopf import mask_laufende
    from ramsch_core.contracts.schafkopf import CALLABLE_ACES, SchafkopfScorer, called_ace
    from ramsch_core.games.schafkopf import FullSchafkopfRules

    assert isinstance(rules, FullSchafkopfRules)
    rand = rng.random
    declarer = int(rand() * rules.players)
    kernel = _schafkopf_kernel(rules, "sauspiel", None)
    if dealt is None:
        hands, _ = kernel.random_deal(rng)
        held = [kernel.layout.to_card_mask(hand) for hand in hands]  # bit = card value
    else:
        held = [sum(1 << card for card in hand) for hand in dealt[0]]
    mine = held[declarer]
    plain = kernel.order.class_masks
    aces = [
        suit for suit in CALLABLE_ACES if not mine >> called_ace(suit) & 1 and mine & plain[suit]
    ]
    pick = int(rand() * (len(aces) + 2))
    suit: Suit | None = None
    ace: Suit | None = None
    if pick < len(aces):
        game: SchafkopfGame = "sauspiel"
        ace = aces[pick]
    elif pick == len(aces) or not rules.wenz:
        game, suit = "solo", Suit(int(rand() * 4))
    else:
        game = "wenz"
    kernel = _schafkopf_kernel(rules, game, ace if game == "sauspiel" else suit)
    masks = [kernel.layout.from_card_mask(hand) for hand in held]
    partner = None
    if ace is not None:
        partner = next(seat for seat in range(rules.players) if held[seat] >> called_ace(ace) & 1)
    side = masks[declarer] | (masks[partner] if partner is not None else 0)
    count = mask_laufende(side, kernel.trump_mask.bit_count(), 2 if game == "wenz" else 3)
    scorer = SchafkopfScorer(game, declarer, partner, suit, ace, count, rules.tariff, 0)
    players = rules.players
    won, counts, last = [0] * players, [0] * players, [-1] * players
    winners = kernel.run(masks, 0, [], won, counts, last, 0, rand, None)
    score = scorer(tally(kernel.layout, won, counts, last, 0, 0))
    return Outcome(tuple(winners), score.points, tuple(counts), score.scores)


@cache
def _schafkopf_kernel(rules: RuleSet, game: SchafkopfGame, suit: Suit | None) -> Kernel:
    """The kernel of one Schafkopf game (``suit``: a Solo's trumps, a Sauspiel's called Ace;
    the scorer is replaced deal by deal)."""
    from ramsch_core.contracts.schafkopf import Tariff, schafkopf_contract

    ace = suit if game == "sauspiel" else None
    trump = suit if game == "solo" else None
    contract = schafkopf_contract(game, 0, None, trump, ace, (), Tariff(), 0)
    return Kernel(rules, contract)


KERNEL_DEALS: dict[str, KernelDeal] = {
    "skat": skat_kernel_deal,
    "ramsen": ramsen_kernel_deal,
    "schafkopf": schafkopf_kernel_deal,
}
"""A game whose contract is chosen in the deal: how the bench plays one deal through the
kernel. Any other game plays its rules' own contract (``ramsch_kernel_deal``)."""
SEEDED_DEALS: dict[str, Callable[[RuleSet, int], Dealt]] = {"ramsen": ramsen_dealt}
"""A game whose deal holds more than hands and a skat: the cards of its seeded deal as its
``KERNEL_DEALS`` entry takes them (others: ``deal_from_seed``)."""


def deal_player(rules: RuleSet) -> Callable[[random.Random, Dealt | None], Outcome]:
    """How the bench plays one deal of ``rules`` through the kernel: the game's
    ``KERNEL_DEALS`` entry, else the rules' own contract on a kernel built here, once, so the
    timed loop looks nothing up per deal."""
    play = KERNEL_DEALS.get(rules.game)
    if play is not None:
        return partial(play, rules)
    return partial(ramsch_kernel_deal, Kernel(rules))


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
    dealt = SEEDED_DEALS.get(rules.game, deal_from_seed)
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

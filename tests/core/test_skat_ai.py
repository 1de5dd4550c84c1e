"""AI players in full Skat (FS-4..12): always legal in every step, deciding from their own view
only, and the heuristic clearly stronger than random play."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from ramsch_core.actions import Play
from ramsch_core.ai import HeuristicPlayer, Player, RandomPlayer
from ramsch_core.ai.knowledge import read_view, sampler
from ramsch_core.cards import Card, parse_cards
from ramsch_core.deal import Deal
from ramsch_core.errors import RulesError
from ramsch_core.games import SKAT
from ramsch_core.games.skat import ai as skat_ai
from ramsch_core.games.skat.bidding import Bid, Hold
from ramsch_core.games.skat.contract import SkatContest
from ramsch_core.games.skat.declaring import Discard, TakeSkat
from ramsch_core.phases.doubling import Kontra, Re
from ramsch_core.phases.say import Pass


def _play(deal: Deal, players: list[Player], seen: Counter[str] | None = None) -> None:
    """Play a deal to its end; every action must be one the seat's view offers."""
    while deal.to_act is not None:
        view = deal.view(deal.to_act)
        action = players[deal.to_act].choose(view)
        assert action in view.legal, (view.phase, action, view.legal)
        if seen is not None:
            seen[action.kind] += 1
        deal.apply(action)
    assert deal.result is not None


def _contest(deal: Deal) -> SkatContest:
    assert isinstance(deal.state, SkatContest)
    return deal.state


@pytest.mark.parametrize("name", list(SKAT.presets))
def test_ais_only_take_legal_actions_in_every_step(name: str) -> None:
    """FS-4..12: heuristic and random seats bid, take the skat or play Hand, lay away,
    declare, say Kontra and Re and play cards; every choice is one of ``view.legal``."""
    rules = SKAT.preset(name)
    seen: Counter[str] = Counter()
    for seed in range(16):
        deal = Deal.from_seed(rules, seed)
        randoms = {seed % 3} if seed % 4 else set()  # every fourth deal: heuristics only
        players: list[Player] = [
            RandomPlayer(seed * 3 + seat)
            if seat in randoms
            else HeuristicPlayer(seed * 3 + seat, playouts=24, time_limit=None)
            for seat in range(3)
        ]
        _play(deal, players, seen)
    assert {"bid", "pass", "play"} <= set(seen)
    assert seen["pickup"] + seen["declare"] > 0


def test_random_players_cope_with_every_step() -> None:
    """Random seats pick among everything offered: bids up the ladder, 66 pairs to lay away,
    every declaration, Kontra and Re."""
    rules = SKAT.preset("skat")
    seen: Counter[str] = Counter()
    for seed in range(40):
        _play(Deal.from_seed(rules, seed), [RandomPlayer(seed * 3 + s) for s in range(3)], seen)
    assert {"bid", "hold", "pass", "pickup", "discard", "declare", "kontra", "play"} <= set(seen)


def _cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def _deal(hands: list[str], skat: str) -> Deal:
    return Deal(SKAT.preset("skat"), [_cards(hand) for hand in hands], _cards(skat))


CLUBS = "SJ CA CT C9 C8 C7 SA H7 D8 D9"
"""Middlehand: ♠J and five clubs with ace and ten, a side ace: Clubs without 1, game 2: 24."""
WEAK = "S7 S8 S9 SQ H8 H9 HQ DQ DK D7"
REAR = "CJ HJ DJ ST SK HA HT HK DA DT"
SKAT_CARDS = "CK CQ"


def test_heuristic_bids_up_to_its_game_and_passes_a_weak_hand() -> None:
    """FS-4/9: the heuristic bids and holds up to what its best game is worth (Clubs without
    1: 24) and passes beyond it; a weak hand passes at once."""
    assert skat_ai.bid_limit(_cards(CLUBS), False) == 24
    assert skat_ai.bid_limit(_cards(WEAK), True) == 0
    deal = _deal([WEAK, CLUBS, REAR], SKAT_CARDS)
    player = HeuristicPlayer(1, time_limit=None)
    assert player.choose(deal.view(1)) == Bid(18)  # middlehand bids to forehand
    deal.apply(Bid(18))
    assert HeuristicPlayer(0).choose(deal.view(0)) == Pass()
    deal.apply(Pass())
    deal.apply(Bid(24))  # rearhand bids to the survivor
    assert player.choose(deal.view(1)) == Hold()
    deal.apply(Hold())
    deal.apply(Bid(27))
    assert player.choose(deal.view(1)) == Pass()


def test_heuristic_takes_the_skat_lays_away_and_declares_its_game() -> None:
    """FS-6/11: it takes the skat, lays two cards away (never a jack nor a trump) and
    declares the game it bid for, worth at least the bid."""
    deal = _deal([WEAK, CLUBS, REAR], SKAT_CARDS)
    for action in (Bid(18), Hold(), Bid(20), Pass(), Pass()):
        deal.apply(action)
    player = HeuristicPlayer(2, time_limit=None)
    choice = player.choose(deal.view(1))
    assert choice == TakeSkat()
    deal.apply(choice)
    discard = player.choose(deal.view(1))
    assert isinstance(discard, Discard)
    assert not {card for card in discard.cards if card.suit == 0 or card.rank.letter == "J"}
    deal.apply(discard)
    declare = player.choose(deal.view(1))
    assert declare == skat_ai.declare("clubs")
    deal.apply(declare)
    assert deal.phase == "play"
    assert skat_ai.game_value("clubs", [*deal.hand(1), *discard.cards], False) >= 20


def test_heuristic_plays_hand_only_with_a_very_strong_hand() -> None:
    """FS-6: three jacks, six clubs and two aces play a Grand Hand; the Clubs hand takes the
    skat."""
    monster = _cards("CJ SJ HJ CA CT CK CQ C9 SA HA")
    assert skat_ai.best_option(monster, (), False, True, 18).chance >= skat_ai.HAND_CHANCE
    clubs = _cards(CLUBS)
    assert skat_ai.best_option(clubs, (), False, True, 18).chance < skat_ai.HAND_CHANCE


def test_heuristic_declares_null_only_with_a_fitting_hand() -> None:
    """FS-10: a hand of low cards in every suit plays Null; a hand with a suit game does not."""
    safe = _cards("C7 C9 S7 S8 H7 H9 D7 D8 DT HJ")
    assert skat_ai.null_risk(safe) == 0
    best = skat_ai.best_option(safe, parse_cards(["CA", "SA"]), False, False, 18)
    assert best.declare.game == "null"
    clubs = _cards("CJ SJ CA CT C9 C8 C7 SA S7 H7")
    assert skat_ai.null_risk(clubs) >= 2
    best = skat_ai.best_option(clubs, parse_cards(["D7", "D8"]), False, False, 18)
    assert best.declare.game in ("clubs", "grand")


def test_no_null_below_the_bid() -> None:
    """FS-11: a Null worth less than the bid is never chosen (the rules refuse it)."""
    safe = _cards("C7 C9 S7 S8 H7 H9 D7 D8 DT HJ")
    for option in skat_ai.options(safe, parse_cards(["CA", "SA"]), False, False, 30):
        assert option.declare.game != "null" or option.declare.ouvert


def _match(rules_name: str, seeds: range) -> tuple[Fraction, Fraction, int, int]:
    """Heuristic seat (rotating) against random seats: its score, the random seats' mean score,
    the deals it declared and those it won."""
    rules = SKAT.preset(rules_name)
    mine = others = Fraction(0)
    declared = won = 0
    for seed in seeds:
        smart_seat = seed % 3
        deal = Deal.from_seed(rules, seed)
        players: list[Player] = [
            HeuristicPlayer(seed, playouts=60, time_limit=None)
            if seat == smart_seat
            else RandomPlayer(seed * 3 + seat)
            for seat in range(3)
        ]
        _play(deal, players)
        result = deal.result
        assert result is not None
        mine += result.scores[smart_seat]
        others += (sum(result.scores) - result.scores[smart_seat]) / 2
        details = result.details or {}
        if details.get("declarer") == smart_seat:
            declared += 1
            won += bool(details["won"])
    return mine / len(seeds), others / len(seeds), declared, won


def test_heuristic_beats_random_players() -> None:
    """Over 45 seeded deals the heuristic seat scores far more per deal than a random one:
    random seats overbid and lose their games, the heuristic bids what it can win."""
    mine, others, declared, won = _match("skat", range(45))
    assert mine > others + 40, (mine, others)
    assert mine > -5
    assert won <= declared


def test_heuristic_declarers_win_most_games_against_each_other() -> None:
    """Heuristic seats only: the bidding gives the game to a hand that wins it more often
    than not."""
    rules = SKAT.preset("skat")
    declared = won = 0
    for seed in range(24):
        deal = Deal.from_seed(rules, seed)
        _play(deal, [HeuristicPlayer(seed * 3 + s, playouts=60, time_limit=None) for s in range(3)])
        details = deal.result.details if deal.result is not None else None
        if details and "declarer" in details:
            declared += 1
            won += bool(details["won"])
    assert declared >= 6
    assert won * 3 >= declared * 2, (won, declared)


# -- decides from its own view only ------------------------------------------------------------


def _twin(deal: Deal, seat: int, rng: random.Random) -> Deal | None:
    """The same deal with the cards ``seat`` has not seen dealt differently among the other
    hands and the skat: played and laid cards stay where they were. None if the recorded
    actions are not legal in the twin (a seat that showed a void got a card of the suit)."""
    contest = _contest(deal)
    hands = [list(deal.initial_hand(other)) for other in range(deal.players)]
    skat = list(deal.initial_skat)
    fixed = {card for trick in deal.tricks for card in trick.cards} | set(deal.trick)
    fixed |= {card for laid in deal.laid for card in laid}
    knows_skat = contest.declarer == seat and contest.picked_up
    holders = [other for other in range(deal.players) if other != seat]
    pool = [card for other in holders for card in hands[other] if card not in fixed]
    if not knows_skat:
        pool += [card for card in skat if card not in fixed]
    rng.shuffle(pool)
    for other in holders:
        hands[other] = [card if card in fixed else pool.pop() for card in hands[other]]
    if not knows_skat:
        skat = [card if card in fixed else pool.pop() for card in skat]
    twin = Deal(deal.rules, hands, skat)
    try:
        for acting, action in deal.history:
            twin.apply(action, acting)
    except RulesError:
        return None
    return twin


def _decisions(rules_name: str, seeds: range) -> list[tuple[Deal, int]]:
    """Positions of heuristic play: every decision of a few deals (a deal copy each)."""
    positions = []
    rules = SKAT.preset(rules_name)
    for seed in seeds:
        deal = Deal.from_seed(rules, seed)
        players = [HeuristicPlayer(seed + s, playouts=16, time_limit=None) for s in range(3)]
        while deal.to_act is not None:
            positions.append((deal.copy(), deal.to_act))
            deal.apply(players[deal.to_act].choose(deal.view(deal.to_act)))
    return positions


def test_heuristic_decides_from_its_own_view_only() -> None:
    """The same view gives the same choice however the unseen cards lie: bidding, taking the
    skat, laying away, declaring, Kontra and the card play (seeded, no time limit)."""
    rng = random.Random(5)
    tested: Counter[str] = Counter()
    for deal, seat in _decisions("skat", range(6)):
        if len(deal.legal_actions()) == 1:
            continue
        twin = _twin(deal, seat, rng)
        if twin is None:
            continue
        view = deal.view(seat)
        assert twin.view(seat) == view  # nothing the seat can see differs
        if all(twin.hand(other) == deal.hand(other) for other in range(3)):
            continue  # nothing hidden was left to deal differently
        first = HeuristicPlayer(9, playouts=40, time_limit=None).choose(view)
        again = HeuristicPlayer(9, playouts=40, time_limit=None).choose(twin.view(seat))
        assert first == again, (view.phase, first, again)
        tested[view.phase] += 1
    assert tested["bidding"] >= 6 and tested["play"] >= 40
    assert tested["declaring"] >= 1


def test_a_defender_samples_the_declarer_and_skat_from_what_it_saw() -> None:
    """The simulated deals of a defender give the declarer and the skat only unseen cards,
    never the cards the defender holds; the declarer knows the two cards he laid away."""
    deal = _deal([WEAK, CLUBS, REAR], SKAT_CARDS)
    for action in (Bid(18), Pass(), Pass()):
        deal.apply(action)
    deal.apply(TakeSkat())
    deal.apply(Discard((Card.D8, Card.D9)))
    deal.apply(skat_ai.declare("clubs"))
    view = deal.view(0)
    kernel, declarer = skat_ai.play_kernel(view), skat_ai.declarer_of(view)
    assert declarer == 1
    knowledge = read_view(kernel, view, declarer)
    assert knowledge.position.skat == 0 and knowledge.sizes[-1] == 2
    draw = sampler(knowledge, random.Random(3).random)
    mine = kernel.mask(view.hand)
    for _ in range(50):
        world = draw()
        assert world.hands[0] == mine
        assert not (world.hands[1] | world.hands[2] | world.skat) & mine
        assert world.skat.bit_count() == 2
    declarer_view = deal.view(1)
    knowledge = read_view(skat_ai.play_kernel(declarer_view), declarer_view, 1)
    assert knowledge.position.skat == kernel.mask([Card.D8, Card.D9])


def test_kontra_and_re_are_rare_and_sensible() -> None:
    """FS-12: a defender holding two jacks and six hearts says Kontra against Hearts; a weak
    defender does not; a declarer who is not clearly winning answers with no Re."""
    strong = "HJ DJ HA HT HK HQ H9 H8 SA CA"
    declarer = "CJ SJ H7 C7 C8 C9 S7 S8 D7 D8"
    rest = "CT CK CQ ST SK SQ S9 DA DT DK"
    deal = _deal([strong, declarer, rest], "DQ D9")
    for action in (Bid(18), Pass(), Pass(), TakeSkat()):
        deal.apply(action)
    deal.apply(Discard((Card.D7, Card.D8)))
    deal.apply(skat_ai.declare("hearts"))
    view = deal.view(0)
    assert Kontra() in view.legal
    assert skat_ai.say_kontra(view)
    assert HeuristicPlayer(4).choose(view) == Kontra()
    deal.apply(Kontra())
    deal.apply(HeuristicPlayer(4, playouts=30, time_limit=None).choose(deal.view(0)))
    assert not skat_ai.say_re(deal.view(1))
    assert Re() in deal.view(1).legal
    assert isinstance(HeuristicPlayer(5).choose(deal.view(1)), Play)
    deal.apply(HeuristicPlayer(5, playouts=30, time_limit=None).choose(deal.view(1)))
    assert not skat_ai.say_kontra(deal.view(2))


def test_passed_out_deals_play_ramsch_with_the_ramsch_heuristic() -> None:
    """FS-1: when everyone passes, the heuristic plays the Ramsch by its rules of thumb."""
    rules = SKAT.preset("skat-schieberamsch")
    kinds: Counter[str] = Counter()
    for seed in range(30):
        deal = Deal.from_seed(rules, seed)
        players: list[Player] = [
            HeuristicPlayer(seed + s, playouts=12, time_limit=None) for s in range(3)
        ]
        _play(deal, players)
        assert deal.result is not None
        kinds[deal.result.contract] += 1
    assert kinds["ramsch"] > 0 and sum(kinds.values()) - kinds["ramsch"] > 0


def test_fs6_defenders_know_an_ouvert_declarers_hand_in_every_sample() -> None:
    """FS-6: an Ouvert declarer's cards are public, so a defender's simulated deals always
    give the declarer exactly those cards; only rearhand's hand and the skat are unknown."""
    from ramsch_core.games.skat.declaring import Declare

    hands = [
        parse_cards(["CJ", "SJ", "HJ", "DJ", "CA", "CT", "SA", "ST", "HA", "HT"]),
        parse_cards(["CK", "CQ", "C9", "SK", "SQ", "S9", "HK", "HQ", "DK", "DQ"]),
        parse_cards(["C8", "C7", "S8", "S7", "H9", "H8", "H7", "DA", "DT", "D9"]),
    ]
    deal = Deal(SKAT.preset("skat"), hands, parse_cards(["D8", "D7"]))
    for seat, action in ((1, Bid(18)), (0, Hold()), (1, Pass()), (2, Pass())):
        deal.apply(action, seat)
    deal.apply(Declare("grand", False, False, True, None), 0)
    deal.apply(Play(Card.CJ), 0)
    view = deal.view(1)
    assert view.open_hands == ((0, tuple(deal.hand(0))),)
    kernel = skat_ai.play_kernel(view)
    draw = sampler(read_view(kernel, view, declarer=0), random.Random(3).random)
    for _ in range(50):
        position = draw()
        assert position.hands[0] == kernel.mask(deal.hand(0))
        rest = kernel.mask(deal.hand(2)) | kernel.mask(deal.skat)  # what seat 1 cannot tell
        assert position.hands[2] | position.skat == rest

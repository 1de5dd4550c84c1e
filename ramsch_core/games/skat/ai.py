"""Full Skat for the heuristic: hand evaluation for the bidding and the declaration, laying two
cards away, Kontra and Re, and the card rules of thumb of the declared games (kernel masks).

Everything here reads one seat's view only: its hand, the cards it laid away, and the public
contest the view carries (``view.public.state``: the bidding, the declarer, the declaration,
Kontra and Re).

The hand evaluation is a linear model of the declarer's trick points, fitted on games the
heuristic played against itself (see ``POINT_MODELS``); a game's chance is read from the
expected points with the model's spread, and its value from the matadors the seat can count.
Rules of thumb (``fits``: enough trumps, jacks and aces) decide which games the model is
trusted for. The card play is the heuristic's playouts under the declared contract; the
defenders deal the declarer's hand and the skat from the cards they have not seen (an Ouvert
declarer's cards are in the view: they stay his in every sample).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ramsch_core.actions import Action, Play
from ramsch_core.ai.knowledge import Knowledge, kernel_for
from ramsch_core.ai.policy import GamePolicy
from ramsch_core.ai.ramsch import bits_of, decide_push, highest, rule_card
from ramsch_core.ai.trumps import still_to_play, trump_card
from ramsch_core.cards import Card, Rank, Suit
from ramsch_core.contracts import Contract
from ramsch_core.games.skat.bidding import Bid, Hold
from ramsch_core.games.skat.contract import (
    BASE,
    SUIT_GAMES,
    Declaration,
    GameName,
    SkatContest,
    SkatScorer,
    matadors,
    null_value,
    skat_order,
)
from ramsch_core.games.skat.declaring import Declare, Discard, TakeSkat
from ramsch_core.kernel import Kernel
from ramsch_core.phases.say import Pass
from ramsch_core.rules import RuleSet
from ramsch_core.tricks.constraints import FOLLOW_SUIT
from ramsch_core.tricks.order import JACKS
from ramsch_core.view import SeatView

TRUMP_GAMES: tuple[GameName, ...] = ("clubs", "spades", "hearts", "diamonds", "grand")
NULL_PLACE = (7, 3, 6, 5, 4, 2, 1, 0)
"""By rank (A T K Q J 9 8 7), a card's place in its suit in a Null game, the seven lowest."""

SKAT_POINTS = 120 * 2 / 32
"""Expected card points of two unseen cards (a Hand game's skat)."""

BID_CHANCE = 0.66
"""Bid a game only up to a value it wins this often (a lost game costs twice its value)."""
HAND_CHANCE = 0.85
"""Play Hand only when the ten cards win this often without the skat."""
RE_CHANCE = 0.9
"""Answer Kontra with Re only when this sure of winning."""
KONTRA_POINTS = 40.0
"""A defender says Kontra when, as declarer of the same game, it would expect this many trick
points: about one defender hand in 25; in 970 games of the heuristic against itself the
declarer lost 55% of the games against such a defender, 23% overall."""

NULL_CHANCE = (0.9, 0.65, 0.4, 0.15)
"""Chance of a Null by the number of risky cards (0, 1, 2, 3 or more). Measured against the
heuristic's own defence (400 Nulls: 0.94, 0.77, 0.6, 0.35 after taking the skat), then
lowered: that defence is weaker than a good player's."""


@dataclass(frozen=True, slots=True)
class PointModel:
    """Declarer trick points as a linear function of a hand's features, and their spread."""

    weights: tuple[float, ...]
    spread: float


POINT_MODELS: dict[str, PointModel] = {
    # Least squares (a little ridge) over 3,200 suit games and Grands the heuristic declared
    # and played against itself, 200 playouts a card: 2,400 with the declarer the seat with
    # the most trumps (a Grand for half the hands with three jacks, or two and two aces),
    # 800 declared by the heuristic's own bidding and declaring. "suit" and "grand": the ten
    # cards played -> trick points; "-bid": the ten cards dealt -> card points once the skat
    # is taken and two laid away. Each weight is a card's worth over a low plain card. A
    # blank ten is never played (it is laid away), so its play weight is set, not fitted.
    # The spread is the residuals' standard deviation.
    #   1, CJ, SJ, HJ, DJ, trump A, trump T, other trumps, aces, tens with ace, blank tens,
    #   guarded tens, kings with A T, voids, forehand
    "suit": PointModel(
        (-32.5, 18.0, 16.2, 13.9, 11.9, 15.2, 13.2, 10.4, 13.3, 6.7, -3.0, 2.6, 4.8, 5.7, -2.6),
        11.8,
    ),
    "suit-bid": PointModel(
        (11.7, 12.9, 12.8, 10.6, 8.9, 11.3, 9.5, 7.3, 9.6, 3.6, 3.5, 3.6, 6.2, 2.5, -2.8),
        14.9,
    ),
    #   1, CJ, SJ, HJ, DJ, aces, tens with ace, blank tens, guarded tens, kings with A T,
    #   long cards (past three in a suit with its ace), voids, forehand
    "grand": PointModel(
        (-24.2, 20.2, 15.4, 16.6, 15.4, 15.4, 8.7, -3.0, -0.6, 0.1, 3.5, 5.1, -0.5), 13.4
    ),
    "grand-bid": PointModel(
        (18.3, 13.7, 9.3, 9.9, 10.2, 11.7, 5.4, 6.2, 4.4, 0.3, 2.3, 4.0, -0.3), 16.2
    ),
}  # fmt: skip


def contest_of(view: SeatView) -> SkatContest | None:
    """The public contest of a deal of full Skat, as the seat's view shows it."""
    state = view.public.state
    return state if isinstance(state, SkatContest) else None


# -- hand evaluation -------------------------------------------------------------------------


ACE, TEN, KING, JACK = int(Rank.ACE), int(Rank.TEN), int(Rank.KING), int(Rank.JACK)
"""Ranks as plain ints (``card & 7``; the suit is ``card >> 3``): hand evaluation runs
thousands of times a decision and builds no enum members."""


def _by_suit(cards: Iterable[Card], trump: int) -> list[list[int]]:
    """The ranks of the plain cards per suit (jacks and the trump suit left out)."""
    suits: list[list[int]] = [[], [], [], []]
    for card in cards:
        rank, suit = card & 7, card >> 3
        if rank != JACK and suit != trump:
            suits[suit].append(rank)
    return suits


def _side_features(suits: list[list[int]]) -> tuple[int, int, int, int, int, int]:
    """Aces, tens with their ace, blank tens, guarded tens (no ace), kings with ace and ten,
    voids — over the plain suits. Every other plain card is a low card, the model's reference:
    the ten cards add up, so a feature's weight is its worth over a low card."""
    aces = tens = blank = guarded = kings = voids = 0
    for ranks in suits:
        if not ranks:
            voids += 1
            continue
        ace, ten = ACE in ranks, TEN in ranks
        aces += ace
        if ten:
            tens += ace
            blank += not ace and len(ranks) == 1
            guarded += not ace and len(ranks) > 1
            kings += ace and KING in ranks
    return aces, tens, blank, guarded, kings, voids


def _jacks(cards: Collection[Card]) -> tuple[float, float, float, float]:
    return (
        float(Card.CJ in cards),
        float(Card.SJ in cards),
        float(Card.HJ in cards),
        float(Card.DJ in cards),
    )


def suit_features(trump: Suit, cards: Collection[Card], forehand: bool) -> tuple[float, ...]:
    """Features of ten cards for a suit game of ``trump``."""
    suits = _by_suit(cards, trump)
    aces, tens, blank, guarded, kings, voids = _side_features(suits)
    ranks = [card & 7 for card in cards if card >> 3 == trump and card & 7 != JACK]
    return (
        1.0,
        *_jacks(cards),
        float(ACE in ranks),
        float(TEN in ranks),
        float(len(ranks) - (ACE in ranks) - (TEN in ranks)),
        float(aces),
        float(tens),
        float(blank),
        float(guarded),
        float(kings),
        float(voids - 1),  # the trump suit is no void
        float(forehand),
    )


def grand_features(cards: Collection[Card], forehand: bool) -> tuple[float, ...]:
    """Features of ten cards for a Grand: jacks, then the plain suits' tricks and length."""
    suits = _by_suit(cards, -1)
    aces, tens, blank, guarded, kings, voids = _side_features(suits)
    long_cards = sum(max(0, len(ranks) - 3) for ranks in suits if ACE in ranks)
    return (
        1.0,
        *_jacks(cards),
        float(aces),
        float(tens),
        float(blank),
        float(guarded),
        float(kings),
        float(long_cards),
        float(voids),
        float(forehand),
    )


def features(game: GameName, cards: Collection[Card], forehand: bool) -> tuple[float, ...]:
    if game == "grand":
        return grand_features(cards, forehand)
    return suit_features(SUIT_GAMES[game], cards, forehand)


def _model(game: GameName, bidding: bool) -> PointModel:
    return POINT_MODELS[("grand" if game == "grand" else "suit") + ("-bid" if bidding else "")]


def expected_points(
    game: GameName, cards: Collection[Card], forehand: bool, *, bidding: bool = False
) -> float:
    """The declarer's expected trick points with these ten cards in play (the skat not
    included); ``bidding``: his card points with the ten cards dealt, once he has taken the
    skat and laid two away."""
    weights = _model(game, bidding).weights
    return sum(w * x for w, x in zip(weights, features(game, cards, forehand), strict=True))


def chance(game: GameName, points: float, *, bidding: bool = False) -> float:
    """The chance of reaching 61 card points when ``points`` are expected."""
    spread = _model(game, bidding).spread
    return 0.5 * (1 + math.erf((points - 60.5) / (spread * math.sqrt(2))))


def null_risk(cards: Iterable[Card]) -> int:
    """Cards of a Null hand that opponents can force to take a trick: in each suit the i-th
    lowest card (from 0) is risky when more than 2i places above the seven."""
    suits: list[list[int]] = [[], [], [], []]
    for card in cards:
        suits[card >> 3].append(NULL_PLACE[card & 7])
    risky = 0
    for places in suits:
        for index, place in enumerate(sorted(places)):
            risky += place > 2 * index
    return risky


def null_chance(cards: Iterable[Card]) -> float:
    return NULL_CHANCE[min(null_risk(cards), len(NULL_CHANCE) - 1)]


@dataclass(frozen=True, slots=True)
class Option:
    """A game the seat could declare: its chance, its value and its expected score."""

    declare: Declare
    chance: float
    value: int

    @property
    def expected(self) -> float:
        return self.chance * self.value - (1 - self.chance) * 2 * self.value


def declare(game: GameName, *, ouvert: bool = False) -> Declare:
    """A declaration as the declaring phase offers it (Hand as the skat was taken or not)."""
    return Declare(game, False, False, ouvert, None)


def game_value(game: GameName, twelve: Iterable[Card], hand: bool) -> int:
    """The value of a declared game without Schneider: base × (matadors + 1 [+ Hand])."""
    if game == "null":
        return null_value(hand, False)
    return BASE[game] * (abs(matadors(game, frozenset(twelve))) + 1 + hand)


def fits(game: GameName, cards: Collection[Card], *, dealt: bool) -> bool:
    """The rules of thumb a game must meet before the model's chance is believed (the model
    was fitted on hands that meet them): a suit game wants five trumps (four with two jacks
    and a side ace); a Grand three jacks and an ace, or two jacks, one of them black, and two
    aces. ``dealt``: the ten cards dealt; after taking the skat the bar is a little higher."""
    jacks = [card for card in cards if card in JACKS]
    aces = sum(card & 7 == ACE for card in cards)
    if game == "grand":
        black = Card.CJ in jacks or Card.SJ in jacks
        return (len(jacks) >= 3 and aces >= 1) or (len(jacks) == 2 and black and aces >= 2)
    suit = SUIT_GAMES[game]
    trumps = len(jacks) + sum(card >> 3 == suit for card in cards if card & 7 != JACK)
    side_aces = aces - (suit * 8 + ACE in cards)
    if dealt:
        return trumps >= 5 or (trumps >= 4 and len(jacks) >= 2 and side_aces >= 1)
    return trumps >= 6 or (trumps >= 5 and side_aces >= 1)


def options(
    cards: Collection[Card], laid: Collection[Card], forehand: bool, hand: bool, bid: int
) -> list[Option]:
    """Every game worth declaring with ten cards (and the two laid away, if known). A game
    the rules of thumb advise against keeps half the model's chance: it is still the best
    choice when nothing fits the bid."""
    known = [*cards, *laid]
    skat_points = sum(card.points for card in laid) if laid else SKAT_POINTS
    result = []
    for game in TRUMP_GAMES:
        value = game_value(game, known, hand)
        win = chance(game, expected_points(game, cards, forehand) + skat_points)
        if not fits(game, cards, dealt=hand):
            win /= 2
        if value < bid:  # an overbid game is lost whatever happens (FS-11)
            base = BASE[game]
            value, win = -(-bid // base) * base, 0.0
        result.append(Option(declare(game), win, value))
    for ouvert in (False, True):
        value = null_value(hand, ouvert)
        if value < bid:
            continue
        win = null_chance(cards)
        if ouvert and null_risk(cards):
            continue  # open only a Null nobody can force
        result.append(Option(declare("null", ouvert=ouvert), win, value))
    return result


def best_option(
    cards: Collection[Card], laid: Collection[Card], forehand: bool, hand: bool, bid: int
) -> Option:
    return max(options(cards, laid, forehand, hand, bid), key=lambda o: (o.expected, o.chance))


def bid_limit(cards: Collection[Card], forehand: bool) -> int:
    """The highest value the seat bids or holds: the best game it wins often enough, with the
    skat taken (or Hand, when the ten cards alone are that strong)."""
    limit = 0
    for game in TRUMP_GAMES:
        if not fits(game, cards, dealt=True):
            continue
        taken = expected_points(game, cards, forehand, bidding=True)
        if chance(game, taken, bidding=True) >= BID_CHANCE:
            limit = max(limit, game_value(game, cards, False))
        hand = expected_points(game, cards, forehand) + SKAT_POINTS
        if chance(game, hand) >= HAND_CHANCE:
            limit = max(limit, game_value(game, cards, True))
    risk = null_risk(cards)
    if risk <= 1 and NULL_CHANCE[risk] + (0.25 if risk else 0.0) >= BID_CHANCE:
        limit = max(limit, null_value(False, False) if risk else null_value(True, False))
    return limit


def discard_for(game: GameName, twelve: Collection[Card], forehand: bool) -> tuple[Card, Card]:
    """The two cards to lay away for ``game``: keep the trumps (never a jack), lay away points
    from short suits or make a suit void; in a Null, the cards most likely to take a trick."""
    cards = sorted(twelve)
    if game == "null":

        def null_key(pair: tuple[Card, Card]) -> tuple[int, int]:
            rest = [card for card in cards if card not in pair]
            return (null_risk(rest), -sum(NULL_PLACE[card & 7] for card in pair))

        return min(combinations(cards, 2), key=null_key)
    trumps = set(skat_order(game).trumps)
    side = [card for card in cards if card not in trumps]
    pool = side if len(side) >= 2 else [card for card in cards if card not in JACKS]

    def key(pair: tuple[Card, Card]) -> float:
        rest = [card for card in cards if card not in pair]
        return expected_points(game, rest, forehand) + pair[0].points + pair[1].points

    return max(combinations(pool, 2), key=key)


def best_game_with_skat(twelve: Collection[Card], forehand: bool, bid: int) -> Option:
    """The game to play after taking the skat, each game with its own best two laid away."""
    best: Option | None = None
    for game in (*TRUMP_GAMES, "null"):
        pair = discard_for(game, twelve, forehand)
        rest = [card for card in twelve if card not in pair]
        for option in options(rest, pair, forehand, False, bid):
            if option.declare.game == game and (
                best is None or (option.expected, option.chance) > (best.expected, best.chance)
            ):
                best = option
    assert best is not None
    return best


# -- steps before the card play ---------------------------------------------------------------


def decide_bid(kernel: Kernel, view: SeatView) -> Action:
    """Bid or hold up to the value of the best game the hand wins often enough; else pass."""
    contest = contest_of(view)
    bid = contest.bid if contest is not None else 0
    limit = bid_limit(view.hand, view.seat == 0)
    if Hold() in view.legal:
        return Hold() if bid <= limit else Pass()
    bids = [action.value for action in view.legal if isinstance(action, Bid)]
    if bids and min(bids) <= limit:
        return Bid(min(bids))
    return Pass()


def decide_declaring(kernel: Kernel, view: SeatView) -> Action:
    """Take the skat (or play Hand with a very strong hand), lay two away, declare the best
    game; never a game the rules refuse (every choice is one of ``view.legal``)."""
    contest = contest_of(view)
    bid = contest.bid if contest is not None else 0
    forehand = view.seat == 0
    legal = view.legal
    if TakeSkat() in legal:
        best = best_option(view.hand, (), forehand, True, bid)
        if best.chance >= HAND_CHANCE and best.declare in legal:
            return best.declare
        return TakeSkat()
    discards = [action for action in legal if isinstance(action, Discard)]
    if discards:
        twelve = view.hand
        plan = best_game_with_skat(twelve, forehand, bid)
        pair = discard_for(plan.declare.game, twelve, forehand)
        action = Discard(pair)
        return action if action in legal else discards[0]
    best = best_option(view.hand, view.laid, forehand, False, bid)
    if best.declare in legal:
        return best.declare
    declares = [action for action in legal if isinstance(action, Declare)]
    return declares[0] if declares else legal[0]


def say_kontra(view: SeatView) -> bool:
    """A defender doubles when its own hand would make the declared game a good one."""
    contest = contest_of(view)
    if contest is None or contest.declaration is None or contest.declaration.null:
        return False
    game = contest.declaration.game
    forehand = view.seat == 0
    return expected_points(game, view.hand, forehand) >= KONTRA_POINTS


def say_re(view: SeatView) -> bool:
    """The declarer redoubles only when clearly winning."""
    contest = contest_of(view)
    if contest is None or contest.declaration is None:
        return False
    declaration = contest.declaration
    laid = view.laid
    if declaration.null:
        return not null_risk(view.hand) and len(view.hand) == 10
    played = [
        card
        for trick in view.tricks
        for index, card in enumerate(trick.cards)
        if (trick.leader + index) % view.players == view.seat
    ]
    if played:
        return False
    points = expected_points(declaration.game, view.hand, view.seat == 0)
    skat = sum(card.points for card in laid) if laid else SKAT_POINTS
    return chance(declaration.game, points + skat) >= RE_CHANCE


# -- the card play ----------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _game_kernel(rules: RuleSet, declaration: Declaration, declarer: int, count: int) -> Kernel:
    scorer = SkatScorer(declaration, declarer, 0, count)
    contract = Contract(declaration.game, skat_order(declaration.game), FOLLOW_SUIT, scorer)
    return Kernel(rules, contract)


def play_kernel(view: SeatView) -> Kernel:
    """The kernel the seat simulates the declared game with: the contract's order and scorer
    (matadors as the seat can count them, no bid: an overbid would make every card equal).
    After an all-pass, the Ramsch of the table."""
    contest = contest_of(view)
    rules = view.rules
    if contest is None or contest.declaration is None or contest.declarer is None:
        return kernel_for(rules.compulsory_ramsch() or rules)
    declaration, declarer = contest.declaration, contest.declarer
    count = 1
    if declarer == view.seat and not declaration.null:
        mine = [*view.hand, *view.laid]
        mine += [
            card
            for trick in view.tricks
            for index, card in enumerate(trick.cards)
            if (trick.leader + index) % view.players == view.seat
        ]
        mine += [
            card
            for index, card in enumerate(view.trick)
            if view.trick_leader is not None
            and (view.trick_leader + index) % view.players == view.seat
        ]
        count = abs(matadors(declaration.game, frozenset(mine))) or 1
    return _game_kernel(rules, declaration, declarer, count)


def declarer_of(view: SeatView) -> int | None:
    contest = contest_of(view)
    return None if contest is None else contest.declarer


def null_card(kernel: Kernel, knowledge: Knowledge, legal: int) -> int:
    """Rules of thumb for a Null: the declarer ducks as high as he can and sheds his most
    dangerous card when void; a defender plays under the declarer's card or low."""
    if not legal & (legal - 1):
        return legal
    position, unseen = knowledge.position, knowledge.unseen
    me, declarer = knowledge.seat, knowledge.declarer
    trick = position.trick
    below = {bit: (unseen & kernel.follow[bit] & (bit - 1)).bit_count() for bit in bits_of(legal)}
    if not trick:
        if me == declarer:  # lead the card others are likeliest to beat
            return max(bits_of(legal), key=lambda bit: (-below[bit], -bit))
        return legal & -legal
    relevant = kernel.relevant[trick[0]]
    best = max(bit for bit in trick if bit & relevant)
    best_seat = (position.leader + trick.index(best)) % kernel.players
    led = kernel.follow[trick[0]]
    ducking = legal & led & (best - 1)
    if me == declarer:
        if ducking:
            return highest(ducking)
        if not legal & led:  # void: shed the card likeliest to take a trick later
            return max(bits_of(legal), key=lambda bit: (below[bit], bit))
        return highest(legal) if not still_to_play(kernel, knowledge) else legal & -legal
    if best_seat == declarer and ducking:
        return highest(ducking)  # keep the declarer on the trick
    if not legal & led:
        return max(bits_of(legal), key=lambda bit: (kernel.points[bit], bit))
    return legal & -legal


def legal_cards(view: SeatView) -> list[Card]:
    return [action.card for action in view.legal if isinstance(action, Play)]


def play_setup(view: SeatView) -> tuple[Kernel, int | None]:
    """The kernel of the declared game (or of the Ramsch when all passed) and its declarer."""
    return play_kernel(view), declarer_of(view)


POLICY = GamePolicy(
    steps={"push": decide_push, "bidding": decide_bid, "declaring": decide_declaring},
    calls={"kontra": say_kontra, "re": say_re},
    play_setup=play_setup,
    card_priors={
        "ramsch": rule_card,
        **dict.fromkeys(TRUMP_GAMES, trump_card),
        "null": null_card,
    },
)
"""Full Skat's AI: bidding, declaring and Kontra/Re by the hand evaluation above; the Ramsch of
an all-pass by the shared Ramsch rules."""

"""Full Schafkopf for the heuristic (SF-1..12): Klopfen on the first four cards, the call by
hand strength (Sauspiel on a short suit's Ace, Wenz, Solo; a Tout only on a hand that cannot
lose a trick; a Sie whenever it is dealt), Kontra and Re, and what one seat knows in the card
play for the playouts (a Tout's defenders play for one trick: its scorer says so).

Everything reads one seat's view only. A Sauspiel's partner is hidden until the called Ace is
played: a seat that does not hold the Ace deals it in its samples to any other seat that may
hold it (never the declarer, who called an Ace he does not hold; the seat that led the called
suit without the Ace falling once it ran away). The playouts score each sampled world with its
own partner and Laufende (``Kernel.scorer_for``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import lru_cache
from typing import cast

from ramsch_core.actions import Action
from ramsch_core.ai.knowledge import Knowledge, read_view
from ramsch_core.ai.policy import GamePolicy
from ramsch_core.ai.ramsch import decide_push, rule_card
from ramsch_core.ai.trumps import trump_card
from ramsch_core.cards import Card, Rank, Suit
from ramsch_core.contracts import Contract, Scorer
from ramsch_core.games.schafkopf.calling import Call, Knock, NoKnock
from ramsch_core.games.schafkopf.contract import (
    LAUFENDE_FROM,
    PLAYED_GAMES,
    TOUT_GAMES,
    GameName,
    SchafkopfContest,
    SchafkopfScorer,
    call_rank,
    called_ace,
    schafkopf_contract,
    schafkopf_game_order,
)
from ramsch_core.games.schafkopf.hochzeit import Accept, Give
from ramsch_core.games.schafkopf.rules import FullSchafkopfRules
from ramsch_core.kernel import Kernel, Position
from ramsch_core.phases.say import Pass
from ramsch_core.view import SeatView

OBERS = frozenset({Card.CQ, Card.SQ, Card.HQ, Card.DQ})
UNTERS = frozenset({Card.CJ, Card.SJ, Card.HJ, Card.DJ})
KNOCK_AT = 6.0
"""Knock when the first four cards are worth this much (``knock_strength``): e.g. two Obers
and an Unter, or three Obers."""
ACE, TEN = int(Rank.ACE), int(Rank.TEN)
SEVEN, EIGHT = int(Rank.SEVEN), int(Rank.EIGHT)


def contest_of(view: SeatView) -> SchafkopfContest | None:
    state = view.public.state
    return state if isinstance(state, SchafkopfContest) else None


# -- hand strength ----------------------------------------------------------------------------


def knock_strength(cards: Collection[Card]) -> float:
    """The first four cards for Klopfen: Obers 2 (♣ 2.5), Unters 1.5, Hearts and Aces 1."""
    value = 0.0
    for card in cards:
        if card in OBERS:
            value += 2.5 if card == Card.CQ else 2.0
        elif card in UNTERS:
            value += 1.5
        elif card.suit == Suit.HEARTS or card & 7 == ACE:
            value += 1.0
    return value


def trumps_of(game: GameName, suit: Suit | None, cards: Collection[Card]) -> list[Card]:
    trumps = set(schafkopf_game_order(game, suit).trumps)
    return [card for card in cards if card in trumps]


def solo_strength(suit: Suit, cards: Collection[Card]) -> float:
    """A Solo in ``suit``: its trumps (Obers and Unters higher), side Aces, voids."""
    trumps = trumps_of("solo", suit, cards)
    high = sum(card in OBERS or card in UNTERS for card in trumps)
    value = len(trumps) + 0.5 * high + sum(card in OBERS for card in trumps) * 0.5
    side = [card for card in cards if card not in trumps]
    value += sum(card & 7 == ACE for card in side)
    value += 0.5 * sum(
        1 for other in Suit if other != suit and not any(c.suit == other for c in side)
    )
    return value


def wenz_strength(cards: Collection[Card]) -> float:
    """A Wenz: Unters (♣ first), Aces, and Tens guarded by their Ace."""
    unters = [card for card in cards if card in UNTERS]
    value = 2.0 * len(unters) + (Card.CJ in unters)
    for suit in Suit:
        ranks = [card & 7 for card in cards if card.suit == suit and card not in UNTERS]
        if ACE in ranks:
            value += 1.5 + (TEN in ranks) + 0.5 * max(0, len(ranks) - 2)
    return value


def geier_strength(cards: Collection[Card]) -> float:
    """A Geier (SF-13): the Wenz's count with the Obers as its trumps."""
    obers = [card for card in cards if card in OBERS]
    value = 2.0 * len(obers) + (Card.CQ in obers)
    for suit in Suit:
        ranks = [card & 7 for card in cards if card.suit == suit and card not in OBERS]
        if ACE in ranks:
            value += 1.5 + (TEN in ranks) + 0.5 * max(0, len(ranks) - 2)
    return value


def farbwenz_strength(suit: Suit, cards: Collection[Card]) -> float:
    """A Farbwenz (SF-14) in ``suit``: its trumps (the Unters higher), side Aces, voids."""
    trumps = trumps_of("farbwenz", suit, cards)
    value: float = len(trumps) + sum(card in UNTERS for card in trumps)
    side = [card for card in cards if card not in trumps]
    value += sum(card & 7 == ACE for card in side)
    value += 0.5 * sum(
        1 for other in Suit if other != suit and not any(c.suit == other for c in side)
    )
    return value


def sauspiel_strength(cards: Collection[Card]) -> float:
    """A Sauspiel: trumps (Obers and Unters higher), side Aces."""
    trumps = trumps_of("sauspiel", None, cards)
    value = (
        len(trumps)
        + sum(card in OBERS for card in trumps)
        + 0.5 * sum(card in UNTERS for card in trumps)
    )
    return value + sum(card & 7 == ACE and card not in trumps for card in cards)


SOLO_AT = 11.0
"""A Solo wants about six trumps with four Obers or Unters and a side Ace (about 2 hands in
100 reach it)."""
WENZ_AT = 8.5
"""A Wenz: two Unters, one of them ♣, and two Aces, one with its Ten (about 3 in 100)."""
FARBWENZ_AT = 10.0
"""A Farbwenz: about six trumps with three Unters and a side Ace."""
SAUSPIEL_AT = 7.0
"""A Sauspiel: four trumps with an Ober and an Unter and an Ace, or five with an Ober (about
one hand in four)."""


def choose_ace(cards: Collection[Card], calls: list[Call]) -> Call | None:
    """Among the Sauspiel calls the rules allow (an Ace the seat does not hold, of a plain
    suit it holds a card of, not Hearts), the shortest suit, the one without its Ten first."""
    sauspiels = [call for call in calls if call.game == "sauspiel" and call.ace is not None]
    if not sauspiels:
        return None

    def key(call: Call) -> tuple[int, int, int]:
        assert call.ace is not None
        plain = [c for c in cards if c.suit == call.ace and c not in OBERS and c not in UNTERS]
        return (len(plain), any(c & 7 == TEN for c in plain), int(call.ace))

    return min(sauspiels, key=key)


def _top_run(ranked: tuple[Card, ...], cards: Collection[Card]) -> int:
    """How many of ``ranked``, from its first, the hand holds without a gap."""
    count = 0
    for card in ranked:
        if card not in cards:
            break
        count += 1
    return count


def sure_tout(game: GameName, suit: Suit | None, cards: Collection[Card], leads: bool) -> bool:
    """SF-11: whether the hand takes every trick however the others hold the rest: its top
    trumps run long enough to draw every other trump (one more when another seat leads the
    first trick and it may have to trump it), and its other cards are the top of their
    suits, led once the trumps are drawn."""
    order = schafkopf_game_order(game, suit)
    trumps = [card for card in cards if card in order.trumps]
    outside = len(order.trumps) - len(trumps)
    if _top_run(order.trumps, cards) < outside + (0 if leads else 1):
        return False
    for ranked in order.plain:
        held = sum(card in cards for card in ranked)
        if _top_run(ranked, cards) != held:
            return False
    return True


def best_call(cards: Collection[Card], legal: Collection[Action], leads: bool = False) -> Action:
    """A Sie whenever dealt; a Tout the hand cannot lose (``leads``: it leads the first
    trick); a Solo, a Wenz or a Sauspiel as the hand is strong enough, the highest first;
    else pass (weiter)."""
    calls = [action for action in legal if isinstance(action, Call)]
    sie = Call("sie", None, None, False)
    if sie in calls:
        return sie
    touts = [call for call in calls if call.tout and call.game in TOUT_GAMES]
    for call in sorted(touts, key=lambda call: -call_rank(call.game, True)):  # the highest
        if sure_tout(cast(GameName, call.game), call.suit, cards, leads):
            return call
    calls = [call for call in calls if not call.tout]
    solos = [
        (solo_strength(call.suit, cards), call)
        for call in calls
        if call.game == "solo" and call.suit is not None
    ]
    if solos:
        strength, best = max(solos, key=lambda item: item[0])
        if strength >= SOLO_AT:
            return best
    wenz = Call("wenz", None, None, False)
    if wenz in calls and wenz_strength(cards) >= WENZ_AT:
        return wenz
    geier = Call("geier", None, None, False)
    if geier in calls and geier_strength(cards) >= WENZ_AT:
        return geier
    farbwenzen = [
        (farbwenz_strength(call.suit, cards), call)
        for call in calls
        if call.game == "farbwenz" and call.suit is not None
    ]
    if farbwenzen:
        strength, best = max(farbwenzen, key=lambda item: item[0])
        if strength >= FARBWENZ_AT:
            return best
    ace = choose_ace(cards, calls)
    if ace is not None and sauspiel_strength(cards) >= SAUSPIEL_AT:
        return ace
    hochzeit = Call("hochzeit", None, None, False)
    if hochzeit in calls:  # SF-16: one trump and no game of its own: look for a partner
        return hochzeit
    return Pass()


def decide_hochzeit(kernel: Kernel, view: SeatView) -> Action:
    """SF-16: accept a Hochzeit with a hand strong enough for a Sauspiel of its own; having
    accepted, give the lowest card of the shortest plain suit, keeping Aces where possible."""
    gives = [action for action in view.legal if isinstance(action, Give)]
    if gives:
        plain = [action.card for action in gives]

        def key(card: Card) -> tuple[bool, int, int]:
            length = sum(other.suit == card.suit for other in plain)
            return (card & 7 == ACE, length, -(card & 7))

        return Give(min(plain, key=key))
    if Accept() in view.legal and sauspiel_strength(view.hand) >= SAUSPIEL_AT:
        return Accept()
    return Pass()


def decide_knocking(kernel: Kernel, view: SeatView) -> Action:
    """Klopfen: knock with a strong first four."""
    if Knock() in view.legal and knock_strength(view.hand) >= KNOCK_AT * len(view.hand) / 4:
        return Knock()
    return NoKnock()


def decide_calling(kernel: Kernel, view: SeatView) -> Action:
    """The call by hand strength; on a Stock table the fourth seat after three passes plays
    Ramsch with few trumps, else lets the Stock stand."""
    action = best_call(view.hand, view.legal, leads=view.seat == 0)
    ramsch = Call("ramsch", None, None, False)
    if isinstance(action, Pass) and ramsch in view.legal:
        high = sum(card in OBERS or card in UNTERS for card in view.hand)
        return ramsch if high <= 2 else Pass()
    return action


def say_kontra(view: SeatView) -> bool:
    """A defender doubles with a hand that would nearly carry the called game itself."""
    contest = contest_of(view)
    if contest is None or contest.game not in PLAYED_GAMES:
        return False
    cards = view.hand
    if contest.game in ("sauspiel", "hochzeit"):
        trumps = trumps_of("sauspiel", None, cards)
        return len(trumps) >= 5 and sum(card in OBERS for card in trumps) >= 2
    if contest.game in ("wenz", "geier"):
        tops = UNTERS if contest.game == "wenz" else OBERS
        return (
            sum(card in tops for card in cards) >= 2 and sum(card & 7 == ACE for card in cards) >= 2
        )
    trumps = trumps_of(contest.game, contest.suit, cards)
    return len(trumps) >= 4 and sum(card in OBERS for card in trumps) >= 2


def say_re(view: SeatView) -> bool:
    """The declarer answers Kontra only with an overwhelming hand."""
    contest = contest_of(view)
    if contest is None or contest.declarer != view.seat or len(view.hand) < 8:
        return False
    if contest.game in ("sauspiel", "hochzeit"):
        return sauspiel_strength(view.hand) >= 13
    if contest.game == "wenz":
        return wenz_strength(view.hand) >= 15
    if contest.game == "geier":
        return geier_strength(view.hand) >= 15
    if contest.game == "solo" and contest.suit is not None:
        return solo_strength(contest.suit, view.hand) >= 14
    if contest.game == "farbwenz" and contest.suit is not None:
        return farbwenz_strength(contest.suit, view.hand) >= 13
    return False


# -- the card play ----------------------------------------------------------------------------


def _runner(view: SeatView, contest: SchafkopfContest) -> int | None:
    """The seat that led the called suit while its Ace stayed out: the Ace's holder, run away."""
    if contest.game != "sauspiel" or contest.ace is None or contest.partner is not None:
        return None
    order = schafkopf_game_order("sauspiel")
    for trick in view.tricks:
        if order.follow_class[trick.cards[0]] == contest.ace:
            return trick.leader
    return None


def _played(view: SeatView, kernel: Kernel) -> list[int]:
    """Per seat, the layout mask of its cards in the completed tricks."""
    played = [0] * view.players
    for trick in view.tricks:
        for index, card in enumerate(trick.cards):
            played[(trick.leader + index) % view.players] |= kernel.bit_of[card]
    return played


def _rules(view: SeatView) -> FullSchafkopfRules:
    rules = view.rules
    assert isinstance(rules, FullSchafkopfRules)
    return rules


@lru_cache(maxsize=64)
def _game_contract(
    rules: FullSchafkopfRules,
    game: GameName,
    declarer: int,
    suit: Suit | None,
    ace: Suit | None,
    tout: bool,
) -> Contract:
    """The called game's contract, its partner and Laufende left to each world's scorer."""
    return schafkopf_contract(game, declarer, None, suit, ace, (), rules.tariff, 0, tout)


@lru_cache(maxsize=16)
def _ramsch_kernel(rules: FullSchafkopfRules, knocks: int) -> Kernel:
    return Kernel(rules, rules.ramsch_contract(knocks))


def play_kernel(view: SeatView) -> tuple[Kernel, int | None]:
    """The kernel of the game being played, with the world's scorer: a Sauspiel's partner is
    the holder of the called Ace in each sampled world (or the public one), the Laufende are
    counted over the side's cards as that world dealt them. After an all-pass, the Ramsch."""
    contest = contest_of(view)
    rules = _rules(view)
    if contest is None or contest.game not in PLAYED_GAMES:
        return _ramsch_kernel(rules, len(contest.knocks) if contest else 0), None
    game = contest.game
    declarer = contest.declarer
    assert declarer is not None
    contract = _game_contract(rules, game, declarer, contest.suit, contest.ace, contest.tout)
    runner = _runner(view, contest)
    kernel = Kernel(rules, contract, ace_duties=runner is None)
    kernel.scorer_for = world_scorer(kernel, view, contest, runner)
    return kernel, declarer


def world_scorer(
    kernel: Kernel, view: SeatView, contest: SchafkopfContest, runner: int | None
) -> Callable[[Position], Scorer]:
    """The scorer of a sampled world: its partner (the public one, the runner, or the holder
    of the called Ace in the world) and its Laufende."""
    game = cast(GameName, contest.game)
    declarer = contest.declarer
    assert declarer is not None
    tariff = _rules(view).tariff
    knocks, kontra = len(contest.knocks), contest.kontra
    played = _played(view, kernel)
    trumps, minimum = kernel.trump_mask.bit_count(), LAUFENDE_FROM[game]
    ace = kernel.bit_of[called_ace(contest.ace)] if contest.ace is not None else 0
    known = contest.partner if contest.partner is not None else runner
    players = kernel.players
    cache: dict[tuple[int | None, int], Scorer] = {}

    def scorer(position: Position) -> Scorer:
        hands = position.hands
        partner = known
        if game == "sauspiel" and partner is None:
            for seat in range(players):
                if hands[seat] & ace:
                    partner = seat
            for index, bit in enumerate(position.trick):
                if bit == ace:
                    partner = kernel.turns[position.leader][index]
        side = {declarer} if partner is None else {declarer, partner}
        dealt = 0
        for seat in side:
            dealt |= hands[seat] | played[seat]
        for index, bit in enumerate(position.trick):
            if kernel.turns[position.leader][index] in side:
                dealt |= bit
        count = mask_laufende(dealt, trumps, minimum)
        key = (partner, count)
        found = cache.get(key)
        if found is None:
            found = cache[key] = SchafkopfScorer(
                game,
                declarer,
                partner,
                contest.suit,
                contest.ace,
                count,
                tariff,
                knocks,
                kontra,
                contest.tout,
            )
        return found

    return scorer


def mask_laufende(side: int, trumps: int, minimum: int) -> int:
    """SF-7 on layout masks (the trumps on the top bits, the highest first): the run of top
    trumps one side holds, or lacks, as dealt; 0 below ``minimum``."""
    holding = side >> 31 & 1
    count = 0
    for place in range(31, 31 - trumps, -1):
        if side >> place & 1 != holding:
            break
        count += 1
    return count if count >= minimum else 0


def read_schafkopf(kernel: Kernel, view: SeatView, declarer: int | None = None) -> Knowledge:
    """``read_view``, and what the rules say of a Sauspiel's called Ace while it is unseen:
    the declarer does not hold it; once its suit was led without it falling, the leader does."""
    knowledge = read_view(kernel, view, declarer)
    if _rules(view).pack == "short":  # SF-15: the 7s and 8s are not in the game
        absent = kernel.mask([card for card in Card if card & 7 in (SEVEN, EIGHT)])
        knowledge = Knowledge(
            knowledge.seat,
            knowledge.position,
            knowledge.unseen & ~absent,
            knowledge.sizes,
            tuple(allowed & ~absent for allowed in knowledge.allowed),
            knowledge.declarer,
        )
    contest = contest_of(view)
    if contest is None or contest.game != "sauspiel" or contest.ace is None:
        return knowledge
    ace = kernel.bit_of[called_ace(contest.ace)]
    if not knowledge.unseen & ace:
        return knowledge
    allowed = list(knowledge.allowed)
    runner = _runner(view, contest)
    for holder in range(len(allowed)):
        if holder == contest.declarer or (runner is not None and holder != runner):
            allowed[holder] &= ~ace
    return Knowledge(
        knowledge.seat,
        knowledge.position,
        knowledge.unseen,
        knowledge.sizes,
        tuple(allowed),
        knowledge.declarer,
    )


POLICY = GamePolicy(
    steps={
        "push": decide_push,
        "knocking": decide_knocking,
        "calling": decide_calling,
        "hochzeit": decide_hochzeit,
    },
    calls={"kontra": say_kontra, "re": say_re},
    play_setup=play_kernel,
    card_priors={
        "ramsch": rule_card,
        "wenz": trump_card,
        "solo": trump_card,
        "geier": trump_card,
        "farbwenz": trump_card,
    },
    reader=read_schafkopf,
)
"""Full Schafkopf's AI: Klopfen, the calls and Kontra/Re by the hand strengths above; a Wenz or
Solo by the shared trump rules, a Sauspiel by playouts alone, the Ramsch of an all-pass by the
shared Ramsch rules."""

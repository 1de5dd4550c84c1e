"""Reference readings of the rules, written straight from docs/rules without masks: the tests
check the compiled layouts and the scorers the core shares between its API and its kernel
against them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ramsch_core import AltenburgRules, Card, RuleSet, SchafkopfRules, SkatRules, Trick, TrickOrder
from ramsch_core.cards import points_of
from ramsch_core.games.schafkopf import FullSchafkopfRules
from ramsch_core.games.skat import FullSkatRules
from ramsch_core.tricks.constraints import PlayRule

TRUMP = 4


def beat_key(order: TrickOrder, led: Card, card: Card) -> tuple[int, int]:
    """C-5: how strongly a card stands in a trick led by ``led``: any trump above any card of
    the suit led, above any other card (which never wins)."""
    cls = order.follow_class[card]
    if cls == TRUMP:
        return (2, order.strength[card])
    if cls == order.follow_class[led]:
        return (1, order.strength[card])
    return (0, 0)


def legal_cards(
    order: TrickOrder, rule: PlayRule, hand: Sequence[Card], trick: Sequence[Card]
) -> tuple[str, set[Card]]:
    """The duty that binds a hand about to play to ``trick`` and the cards it may play, read
    straight from the rule: must follow suit (Farbzwang); unable to follow, must trump
    (Trumpfzwang); in doing either must beat the trick if possible (Stechzwang); otherwise any
    card. SR-3, SK-4 and AR-3 are the first duty alone (``FOLLOW_SUIT``). The duty returned is
    the one that binds: ``any``, ``follow``, ``trump`` or ``beat``."""
    if not trick or not rule.follow:
        return "any", set(hand)
    led = trick[0]
    allowed = {card for card in hand if order.follow_class[card] == order.follow_class[led]}
    duty = "follow"
    if not allowed:
        trumps = {card for card in hand if order.is_trump(card)}
        if not rule.must_trump or not trumps:
            return "any", set(hand)
        allowed, duty = trumps, "trump"
    if rule.must_beat:
        best = max(beat_key(order, led, card) for card in trick)
        beating = {card for card in allowed if beat_key(order, led, card) > best}
        if beating:
            return "beat", beating
    return duty, allowed


def winner_index(order: TrickOrder, cards: Sequence[Card]) -> int:
    """C-5: the highest trump, else the highest card of the suit led."""
    led_class = order.follow_class[cards[0]]
    best, best_key = 0, -1
    for index, card in enumerate(cards):
        cls = order.follow_class[card]
        key = order.strength[card] if cls in (TRUMP, led_class) else 0
        if key > best_key:
            best, best_key = index, key
    return best


@dataclass(frozen=True)
class Expected:
    card_points: tuple[int, ...]
    scores: tuple[Fraction, ...]
    losers: tuple[int, ...]
    winners: tuple[int, ...]
    durchmarsch: int | None
    skat_to: int | None
    multiplier: int


def _top(values: Sequence[int | Fraction]) -> tuple[int, ...]:
    best = max(values)
    return tuple(seat for seat, value in enumerate(values) if value == best)


def _bottom(values: Sequence[int | Fraction]) -> tuple[int, ...]:
    least = min(values)
    return tuple(seat for seat, value in enumerate(values) if value == least)


def _trick_facts(tricks: Sequence[Trick], players: int) -> tuple[list[int], list[int]]:
    points = [0] * players
    counts = [0] * players
    for trick in tricks:
        points[trick.winner] += trick.points
        counts[trick.winner] += 1
    return points, counts


def score(rules: RuleSet, tricks: Sequence[Trick], skat: Sequence[Card], pushes: int) -> Expected:
    """The score of a finished deal by the variant's rules."""
    if isinstance(rules, SkatRules):
        return _score_skat(rules, tricks, skat, pushes)
    if isinstance(rules, SchafkopfRules):
        return _score_schafkopf(rules, rules.trick_order(), tricks)
    if isinstance(rules, AltenburgRules):
        return _score_altenburg(rules, tricks, skat)
    if isinstance(rules, FullSkatRules):
        # The contract the rules fix is the Ramsch of an all-pass (FS-1); declared games are
        # checked against skat_value below.
        return score(rules.ramsch, tricks, skat, pushes)
    if isinstance(rules, FullSchafkopfRules):
        # The contract the rules give before a call sorts hands as SK-2 does: a Schafkopf
        # Ramsch with the default options; called games are checked by the golden records
        # and the property tests, the all-pass Ramsch by its own options there too.
        return score(SchafkopfRules(), tricks, skat, pushes)
    raise NotImplementedError(
        f"no reference scoring for {type(rules).__name__} ({rules.game}): add one to "
        "tests/core/oracle.py"
    )


def _score_skat(
    rules: SkatRules, tricks: Sequence[Trick], skat: Sequence[Card], pushes: int
) -> Expected:
    players = 3
    points, counts = _trick_facts(tricks, players)
    skat_to: int | None = None
    if rules.skat_to == "last_trick":
        skat_to = tricks[-1].winner  # SR-4 default
    elif rules.skat_to == "loser":
        top = _top(points)
        skat_to = top[0] if len(top) == 1 else None  # SR-4: a tie at the top gets nothing
    if skat_to is not None:
        points[skat_to] += points_of(skat)
    jungfrau = [seat for seat in range(players) if counts[seat] == 0]
    push_factor = 2**pushes if rules.schieben_doubles else 1  # SR-10
    all_tricks = [seat for seat in range(players) if counts[seat] == len(tricks)]
    if rules.durchmarsch and all_tricks:  # SR-7
        maker = all_tricks[0]
        scores = [Fraction(0)] * players
        scores[maker] = Fraction(rules.durchmarsch_value * push_factor)
        return Expected(tuple(points), tuple(scores), (), (maker,), maker, skat_to, push_factor)
    losers = _top(points)  # SR-5: all tied at the top lose
    multiplier = 2 ** len(jungfrau) * push_factor  # SR-6
    scores = [Fraction(0)] * players
    for seat in losers:
        loss = points[seat] if rules.scoring == "points" else rules.stake  # SR-5 / SR-9
        scores[seat] = Fraction(-loss * multiplier)
    return Expected(
        tuple(points), tuple(scores), losers, _bottom(points), None, skat_to, multiplier
    )


def _schafkopf_loser(order: TrickOrder, tricks: Sequence[Trick], points: list[int]) -> int:
    """SK-5: most points; then more tricks; more trumps; the highest trump; the later trick."""
    taken: dict[int, list[Card]] = {seat: [] for seat in range(4)}
    last_trick = dict.fromkeys(range(4), -1)
    for number, trick in enumerate(tricks):
        taken[trick.winner].extend(trick.cards)
        last_trick[trick.winner] = number

    def key(seat: int) -> tuple[int, int, int, int, int]:
        trumps = [order.strength[card] for card in taken[seat] if order.is_trump(card)]
        count = sum(1 for trick in tricks if trick.winner == seat)
        return (points[seat], count, len(trumps), max(trumps, default=0), last_trick[seat])

    return max(range(4), key=key)


def _score_schafkopf(rules: SchafkopfRules, order: TrickOrder, tricks: Sequence[Trick]) -> Expected:
    players = 4
    points, counts = _trick_facts(tricks, players)
    jungfrau = tuple(seat for seat in range(players) if counts[seat] == 0)
    base = rules.base_stake
    scores = [Fraction(0)] * players
    maker = next((seat for seat in range(players) if counts[seat] == len(tricks)), None)
    if maker is not None and rules.durchmarsch:  # SK-7 / SK-8: paid as a Solo schwarz
        for seat in range(players):
            scores[seat] = Fraction(21 * base if seat == maker else -7 * base)
        return Expected(tuple(points), tuple(scores), (), (maker,), maker, None, 7)
    loser = _schafkopf_loser(order, tricks, points)
    doubles_all = rules.jungfrau_doubles_all and bool(jungfrau)
    for seat in range(players):
        if seat == loser:
            continue
        pay = 4 * base if doubles_all or seat in jungfrau else 2 * base  # SK-8
        scores[seat] += pay
        scores[loser] -= pay
    winners = tuple(seat for seat in range(players) if seat != loser)
    multiplier = 4 if doubles_all else 2
    return Expected(tuple(points), tuple(scores), (loser,), winners, None, None, multiplier)


def _score_altenburg(
    rules: AltenburgRules, tricks: Sequence[Trick], laid_away: Sequence[Card]
) -> Expected:
    players = 3
    points, counts = _trick_facts(tricks, players)
    skat_to: int | None = None
    if rules.schieben:  # AR-6: the cards laid away count with the last trick
        skat_to = tricks[-1].winner
        points[skat_to] += points_of(laid_away)
    jungfrau = tuple(seat for seat in range(players) if counts[seat] == 0)
    all_tricks = next((seat for seat in range(players) if counts[seat] == len(tricks)), None)
    penalty: list[Fraction]
    durchmarsch: int | None = None
    if rules.effective_scoring == "pips":  # AR-5
        if all_tricks is not None:
            durchmarsch = all_tricks
            penalty = [Fraction(0 if seat == all_tricks else 60) for seat in range(players)]
        else:
            penalty = [Fraction(value) for value in points]
        losers = _top(penalty)
        multiplier = 1
    else:  # AR-4
        top = _top(points)
        multiplier = {0: 10, 1: 15}.get(len(jungfrau), 20)
        penalty = [Fraction(0)] * players
        if len(top) == players:
            losers = ()
        else:
            losers = top
            for seat in top:
                penalty[seat] = Fraction(multiplier, len(top))
    scores = tuple(-value for value in penalty)
    winners = (durchmarsch,) if durchmarsch is not None else _bottom(penalty) if losers else ()
    return Expected(tuple(points), scores, losers, winners, durchmarsch, skat_to, multiplier)


def ramsen_owed(
    owed_before: Sequence[int], active: Sequence[int], winners: Sequence[int]
) -> tuple[list[int], int | None]:
    """RA-7 read straight: the bars each seat owes after tricks won by ``winners`` (in order),
    and the winner of the game. Each trick draws one bar of its winner; the first seat to draw
    its last bar wins at once and the tricks after it do not count; otherwise an active seat
    without a trick owes five bars more."""
    owed = list(owed_before)
    taken = [0] * len(owed)
    for seat in winners:
        owed[seat] -= 1
        taken[seat] += 1
        if owed[seat] == 0:
            return owed, seat
    for seat in active:
        if taken[seat] == 0:
            owed[seat] += 5
    return owed, None

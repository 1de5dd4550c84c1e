"""The full Schafkopf heuristic (SF-1..10): legal in every phase, knocks and calls by hand
strength (a Sauspiel only on an Ace it may call), passes a weak hand, decides without knowing
a Sauspiel's hidden partner, and beats random seats. Rules are built
from its presets."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ramsch_core.actions import Action, Play
from ramsch_core.ai import HeuristicPlayer
from ramsch_core.bench import ai_match
from ramsch_core.cards import DECK, Card, Suit
from ramsch_core.deal import Deal
from ramsch_core.errors import IllegalActionError
from ramsch_core.games.schafkopf import SCHAFKOPF, FullSchafkopfRules
from ramsch_core.games.schafkopf.ai import OBERS, UNTERS, best_call, choose_ace
from ramsch_core.games.schafkopf.calling import Call, Knock, NoKnock
from ramsch_core.games.schafkopf.contract import called_ace
from ramsch_core.phases.say import Pass

PLAYOUTS = 80


def cards(text: str) -> list[Card]:
    return [Card.parse(item) for item in text.split()]


def deal_of(hands: list[str], **options: Any) -> Deal:
    return Deal(FullSchafkopfRules(**options), [cards(hand) for hand in hands])


@pytest.mark.parametrize(
    "preset", ["schafkopf", "schafkopf-klopfen", "schafkopf-stock", "schafkopf-throw-in"]
)
def test_the_heuristic_acts_by_the_rules_in_every_phase(preset: str) -> None:
    """Every action the heuristic takes, in every phase of seeded deals, is one the deal
    offers (``Deal.apply`` refuses anything else)."""
    rules = SCHAFKOPF.preset(preset)
    phases: set[str] = set()
    games: set[str | None] = set()
    for seed in range(10):
        deal = Deal.from_seed(rules, seed)
        players = [HeuristicPlayer(seed * 4 + seat, playouts=PLAYOUTS) for seat in range(4)]
        while deal.to_act is not None:
            view = deal.view(deal.to_act)
            action = players[deal.to_act].choose(view)
            assert action in view.legal
            phases.add(deal.phase)
            deal.apply(action)
        assert deal.finished
        games.add(deal.state.game)
    expected = {"calling", "play"} | ({"knocking"} if preset == "schafkopf-klopfen" else set())
    assert expected <= phases
    assert "sauspiel" in games


STRONG_SOLO = "CQ SQ HQ DQ CJ SJ HA HT"
SAUSPIEL = "CQ SQ HJ HA H9 C7 S8 DA"
WENZ = "CJ SJ CA CT CK SA ST D7"
WEAK = "C7 C8 S7 S9 D7 D8 H7 SK"


def table(given: dict[int, str], **options: Any) -> Deal:
    """A deal with the hands ``given`` (by seat, the first four dealt first); the other seats
    get the remaining cards in deck order."""
    used = {card for hand in given.values() for card in cards(hand)}
    rest = iter([card for card in DECK if card not in used])
    hands = [
        cards(given[seat]) if seat in given else [next(rest) for _ in range(8)] for seat in range(4)
    ]
    return Deal(FullSchafkopfRules(**options), hands)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (STRONG_SOLO, Call("solo", None, Suit.HEARTS, False)),
        (SAUSPIEL, Call("sauspiel", Suit.CLUBS, None, False)),
        (WENZ, Call("wenz", None, None, False)),
        (WEAK, Pass()),
    ],
)
@pytest.mark.parametrize("seat", [0, 2])
def test_the_heuristic_calls_by_hand_strength(hand: str, expected: Action, seat: int) -> None:
    """SF-2..5: a Solo with eight trumps, four Obers among them; a Sauspiel with five trumps
    and two Obers, on the Ace of a short suit (not ♦: it holds ♦A); a Wenz with both black
    Unters and two suits of Ace and Ten; weiter with nothing (a table without Tout)."""
    deal = table({seat: hand}, tout=False)
    for _ in range(seat):
        deal.apply(Pass())
    assert HeuristicPlayer(3, playouts=PLAYOUTS).choose(deal.view(seat)) == expected


def test_the_heuristic_does_not_call_under_a_higher_call() -> None:
    """SF-2: after a Solo only a pass is left for a Sauspiel hand."""
    sauspiel = "HJ DJ HK H8 H7 C7 S8 DA"
    alone = table({0: sauspiel}).legal_actions()
    assert best_call(cards(sauspiel), alone) == Call("sauspiel", Suit.CLUBS, None, False)
    deal = table({0: STRONG_SOLO, 1: sauspiel})
    deal.apply(Call("solo", None, Suit.HEARTS, False))
    assert HeuristicPlayer(3, playouts=PLAYOUTS).choose(deal.view(1)) == Pass()


def test_the_heuristic_knocks_on_a_strong_first_four() -> None:
    """SF-9: the four Obers first: knock; four low cards: no. It sees the first four only."""
    deal = table({0: STRONG_SOLO, 1: WEAK}, klopfen=True)
    assert deal.phase == "knocking"
    view = deal.view(0)
    assert sorted(view.hand) == sorted(cards("CQ SQ HQ DQ"))
    assert HeuristicPlayer(3).choose(view) == Knock()
    deal.apply(Knock())
    assert HeuristicPlayer(3).choose(deal.view(1)) == NoKnock()


def test_the_heuristic_never_calls_an_ace_it_may_not() -> None:
    """SF-3: over random hands, a Sauspiel it calls names a ♣, ♠ or ♦ Ace it does not hold, of
    a suit it holds a plain card of; the Ace chosen is of its shortest such suit."""
    rng = random.Random(7)
    called = 0
    for _ in range(1500):
        hand = rng.sample(DECK, 8)
        calls = [Call("sauspiel", suit, None, False) for suit in Suit] + [Pass()]
        legal = [
            call
            for call in calls
            if isinstance(call, Pass)
            or (
                call.ace != Suit.HEARTS
                and called_ace(call.ace) not in hand  # type: ignore[arg-type]
                and any(c.suit == call.ace and c not in OBERS and c not in UNTERS for c in hand)
            )
        ]
        choice = best_call(hand, legal)
        if isinstance(choice, Call):
            called += 1
            assert choice in legal and choice.ace != Suit.HEARTS
        ace = choose_ace(hand, [call for call in legal if isinstance(call, Call)])
        if ace is not None:
            assert ace in legal
    assert called > 100


def _swapped(deal: Deal, ace: Card, frm: int, to: int, rng: random.Random) -> Deal:
    """The same deal with the called Ace moved from seat ``frm`` to ``to`` in exchange for one
    of ``to``'s cards (each at the other's place in the dealing order)."""
    hands = [list(deal.dealt_hands[seat]) for seat in range(4)]
    other = rng.choice(hands[to])
    hands[frm][hands[frm].index(ace)] = other
    hands[to][hands[to].index(other)] = ace
    return Deal(deal.rules, hands)


def _same_decisions(start: Deal, watcher: int, swap_to: int, seed: int) -> int:
    """Plays ``start`` on (the watcher's heuristic; the others' from seeded players) beside a
    copy whose called Ace lies with ``swap_to`` instead of its holder, until the Ace falls or
    the copy refuses a card; asserts the watcher's views and choices agree; returns how many
    were compared."""
    contest = start.state
    holder = start.rules.partner(start)  # type: ignore[attr-defined]
    ace = called_ace(contest.ace)
    deal = start.copy()
    other = _swapped(deal, ace, holder, swap_to, random.Random(seed))
    try:
        for _, action in deal.history:
            other.apply(action)
    except IllegalActionError:
        return 0
    players = [HeuristicPlayer(seed * 4 + seat, playouts=PLAYOUTS) for seat in range(4)]
    compared = 0
    while not deal.finished and deal.state.partner is None:
        seat = deal.to_act
        assert seat is not None
        if seat == watcher:
            mine, theirs = deal.view(seat), other.view(seat)
            assert mine == theirs
            first = HeuristicPlayer(seed, playouts=PLAYOUTS, time_limit=None).choose(mine)
            second = HeuristicPlayer(seed, playouts=PLAYOUTS, time_limit=None).choose(theirs)
            assert first == second
            compared += 1
            action: Action = first
        else:
            action = players[seat].choose(deal.view(seat))
        deal.apply(action)
        try:
            other.apply(action)
        except IllegalActionError:
            break  # the Ace's other holder may not play so: the deals part here
    return compared


def test_a_seat_decides_without_knowing_the_hidden_partner() -> None:
    """SF-3: before the called Ace is played a seat that does not hold it cannot tell which
    other seat does. Two deals that differ only by the Ace changing hands between two seats
    that might hold it give a defender, and the declarer, the same view and the same
    decisions, card for card, until the Ace falls."""
    rules = FullSchafkopfRules()
    compared = {"defender": 0, "declarer": 0}
    for seed in range(60):
        deal = Deal.from_seed(rules, seed)
        players = [HeuristicPlayer(seed * 4 + seat, playouts=PLAYOUTS) for seat in range(4)]
        while deal.phase == "calling":
            deal.apply(players[deal.to_act or 0].choose(deal.view(deal.to_act or 0)))
        contest = deal.state
        if contest.game != "sauspiel":
            continue
        holder = rules.partner(deal)
        others = [seat for seat in range(4) if seat not in (contest.declarer, holder)]
        compared["defender"] += _same_decisions(deal, others[0], others[1], seed)
        compared["declarer"] += _same_decisions(deal, contest.declarer, others[0], seed)
    assert compared["defender"] > 40 and compared["declarer"] > 40


def test_the_heuristic_beats_random_seats() -> None:
    """Over seeded deals, one heuristic seat (rotating) against three random seats scores
    clearly more per deal than a random seat (in cents)."""
    match = ai_match(FullSchafkopfRules(), 48, PLAYOUTS)
    heuristic = float(match.heuristic_score) / match.deals
    randoms = float(match.random_score) / match.deals
    assert heuristic - randoms > 60


def test_samples_deal_the_called_ace_to_any_seat_that_may_hold_it() -> None:
    """SF-3: a seat that does not hold the called Ace deals it, in its samples, to either of
    the two seats that may hold it — never to the declarer, who called an Ace he does not
    hold — whichever of them holds it in truth."""
    from ramsch_core.ai.knowledge import sampler
    from ramsch_core.games.schafkopf.ai import play_kernel, read_schafkopf

    deal = table({0: "HJ DJ HK H8 H7 C7 S8 DA"})
    deal.apply(Call("sauspiel", Suit.CLUBS, None, False))
    for _ in range(3):
        deal.apply(Pass())
    holder = deal.rules.partner(deal)  # type: ignore[attr-defined]
    watcher = next(seat for seat in (1, 2, 3) if seat != holder)
    deal.apply(Play(Card.HJ))  # a trump led: the Ace stays out
    for _ in range(1, watcher):
        deal.apply(next(a for a in deal.legal_actions() if isinstance(a, Play)))
    view = deal.view(watcher)
    assert view.public.state.partner is None
    kernel, declarer = play_kernel(view)
    knowledge = read_schafkopf(kernel, view, declarer)
    draw = sampler(knowledge, random.Random(1).random)
    ace = kernel.bit_of[Card.CA]
    holders = set()
    for _ in range(200):
        hands = draw().hands
        holders.add(next(seat for seat in range(4) if hands[seat] & ace))
    assert holders == {1, 2, 3} - {watcher}


def test_the_caller_is_offered_re_whoever_holds_the_called_ace() -> None:
    """SF-9, the Re window: a seat of the declaring side may answer a Kontra with Re before
    its own next card, whatever the other seats play meanwhile. The caller of a Sauspiel is
    offered the same actions in two deals that differ only by which other seat holds the
    called Ace (so the partner's card after a Kontra gives nothing away): Kontra said by the
    defender who is one in both deals, whenever he may."""
    rules = FullSchafkopfRules()
    compared = re_offered = 0
    for seed in range(80):
        deal = Deal.from_seed(rules, seed)
        rng = random.Random(seed)
        while deal.phase == "calling":
            deal.apply(HeuristicPlayer(seed, playouts=8).choose(deal.view(deal.to_act or 0)))
        contest = deal.state
        if contest.game != "sauspiel" or not rules.kontra:
            continue
        holder = rules.partner(deal)
        others = [seat for seat in range(4) if seat not in (contest.declarer, holder)]
        other = _swapped(deal, called_ace(contest.ace), holder, others[0], rng)
        for _, action in deal.history:
            other.apply(action)
        while not deal.finished and deal.state.partner is None:
            seat = deal.to_act
            assert seat is not None
            legal = deal.legal_actions()
            if seat == contest.declarer:
                assert legal == other.legal_actions(), (seed, legal)
                compared += 1
                re_offered += any(action.kind == "re" for action in legal)
            sayer = seat == others[1] or seat == contest.declarer
            doubling = [action for action in legal if action.kind in ("kontra", "re") and sayer]
            plays = [action for action in legal if isinstance(action, Play)]
            action = doubling[0] if doubling else rng.choice(plays)
            deal.apply(action)
            try:
                other.apply(action)
            except IllegalActionError:
                break  # the Ace's other holder may not play so: the deals part here
    assert compared > 100 and re_offered > 10, (compared, re_offered)

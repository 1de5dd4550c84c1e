"""The Ramsen heuristic (RA-4..7): it acts by the rules in every phase, exchanges and says in or
pass by the tricks its hand may take, keeps the trump Ace and the permanent trumps, takes a good
upcard as the dealer, and wins clearly more whole games against random seats than its share."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from ramsch_core.ai import HeuristicPlayer, Player, RandomPlayer
from ramsch_core.cards import DECK, Card
from ramsch_core.deal import Deal
from ramsch_core.games.ramsen import RamsenRules, ramsen_deal
from ramsch_core.games.ramsen.exchange import Exchange, RamsenState
from ramsch_core.games.ramsen.in_or_pass import In
from ramsch_core.games.ramsen.schlecken import NoSchleck, Schleck
from ramsch_core.match import Match, TableOptions
from ramsch_core.phases.say import Pass

PLAYOUTS = 150


def cards(text: str) -> list[Card]:
    return [Card.parse(item) for item in text.split()]


def dealt(hands: Sequence[str], upcard: str, owed: Sequence[int] | None = None) -> Deal:
    """A deal of the hands given (nobody schleckte); the talon is the rest in deck order."""
    held = [cards(hand) for hand in hands]
    up = Card.parse(upcard)
    used = {card for hand in held for card in hand} | {up}
    talon = [card for card in DECK if card not in used]
    rules = RamsenRules(players=len(hands), schlecken=False)
    return ramsen_deal(rules, hands=held, upcard=up, talon=talon, owed_before=owed)


WEAK = "S7 S8 C8 C9 H7"
OTHERS = ("SA SK SQ ST S9", "HA HK HQ HJ HT", "CA CK CT H9 H8")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_heuristic_acts_by_the_rules_in_every_phase(players: int) -> None:
    """RA-4..8: in seeded deals (bars owed drawn small, so deals also end early) every action
    the heuristic takes is legal, the cutter's choice too: ``Deal.apply`` refuses anything
    else."""
    rules = RamsenRules(players=players)
    phases: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        owed = [rng.randint(1, 10) for _ in range(players)]
        deal = ramsen_deal(rules, seed, owed_before=owed)
        smart = HeuristicPlayer(seed, playouts=PLAYOUTS)
        while not deal.finished:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            action = smart.choose(view)
            assert action in view.legal
            phases.add(deal.phase)
            deal.apply(action)
    assert phases == {"schlecken", "exchange", "in_or_pass", "play"}


def test_the_heuristic_passes_a_hopeless_hand_and_plays_a_strong_one() -> None:
    """RA-5, RA-7: low plain cards take no trick and would cost a cross: pass; the trump Ace
    with the permanent trumps takes tricks: in."""
    hopeless = dealt([WEAK, *OTHERS], "DK")
    strong = dealt(["DA D9 D7 CQ CJ", *OTHERS], "DK")
    for deal, expected in ((hopeless, Pass()), (strong, In())):
        for _ in range(4):
            deal.apply(Exchange((), False))
        assert deal.phase == "in_or_pass" and deal.to_act == 0
        view = deal.view(0)
        assert view.legal == (In(), Pass())
        assert HeuristicPlayer(1, playouts=PLAYOUTS).choose(view) == expected


def test_the_heuristic_keeps_the_trump_ace_and_the_permanent_trumps() -> None:
    """RA-3, RA-4: with Herz trump it keeps ♥A, ♦9 and ♣Q and lays away the low plain cards."""
    deal = dealt(["HA D9 CQ S7 S8", "SA SK SQ ST S9", "DA DK DQ DJ DT", "CA CK CT H9 H8"], "HK")
    action = HeuristicPlayer(2, playouts=PLAYOUTS).choose(deal.view(0))
    assert isinstance(action, Exchange)
    assert not set(action.cards) & {Card.HA, Card.D9, Card.CQ}
    assert set(action.cards) <= {Card.S7, Card.S8}


def test_the_dealer_takes_a_good_upcard() -> None:
    """RA-4: the dealer takes the trump Ace turned up for his weakest card."""
    deal = dealt([*OTHERS, WEAK], "DA")
    for _ in range(3):
        deal.apply(Exchange((), False))
    assert deal.to_act == 3
    action = HeuristicPlayer(3, playouts=PLAYOUTS).choose(deal.view(3))
    assert isinstance(action, Exchange) and action.upcard
    state = deal.state
    assert isinstance(state, RamsenState)
    deal.apply(action)
    assert Card.DA in deal.hand(3)


def test_the_dealer_says_in_alone_when_everyone_passed() -> None:
    """RA-5: with ``dealer_forced`` off a dealer whom all before passed may still say in, and
    does: the five tricks are his without play."""
    held = [cards(hand) for hand in (*OTHERS, WEAK)]
    up = Card.DK
    used = {card for hand in held for card in hand} | {up}
    rules = RamsenRules(players=4, schlecken=False, dealer_forced=False)
    talon = [card for card in DECK if card not in used]
    deal = ramsen_deal(rules, hands=held, upcard=up, talon=talon)
    for _ in range(4):
        deal.apply(Exchange((), False))
    for _ in range(3):
        deal.apply(Pass())
    view = deal.view(3)
    assert view.legal == (In(), Pass())
    assert HeuristicPlayer(4, playouts=PLAYOUTS).choose(view) == In()


def test_the_heuristic_beats_random_seats_over_whole_games() -> None:
    """RA-7: over seeded games to a winner (one heuristic seat, rotating, against random seats
    at tables of three to five) the heuristic wins at least twice its fair share."""
    won = 0
    fair = 0.0
    for number in range(15):
        players = 3 + number % 3
        rules = RamsenRules(players=players)
        match = Match(rules, TableOptions(seats=players), number)
        smart = number % players
        seats: list[Player] = [
            HeuristicPlayer(number, playouts=PLAYOUTS) if seat == smart else RandomPlayer(seat)
            for seat in range(players)
        ]
        while not match.finished:
            table_seat = match.to_act
            assert table_seat is not None
            seat = match.deal_seat(table_seat)
            assert seat is not None
            match.apply(seats[table_seat].choose(match.deal.view(seat)), table_seat)
        last = match.finished_deals[-1]
        winner = (last.result.details or {}).get("winner")
        assert winner is not None
        won += last.seats[winner] == smart
        fair += 1 / players
    assert won >= 2 * fair


@pytest.mark.parametrize(
    ("bottom", "kept"),
    [("D9", True), ("CJ", True), ("HA", True), ("SK", False), ("H7", False), ("CT", False)],
)
def test_ra8_the_cutter_keeps_a_bottom_card_likely_to_take_a_trick(bottom: str, kept: bool) -> None:
    """RA-8: the heuristic cutter keeps a permanent trump or an Ace, which take tricks whatever
    suit is turned up, and leaves a lesser card to keep his exchange."""
    rules = RamsenRules(players=4)
    for seed in range(400):
        deal = ramsen_deal(rules, seed)
        view = deal.view(2)
        if view.skat == (Card.parse(bottom),):
            break
    else:
        pytest.fail(f"no seed cuts {bottom} to the bottom")
    action = HeuristicPlayer(0).choose(view)
    assert action == (Schleck() if kept else NoSchleck())
    deal.apply(action)
    assert deal.state.schleck_seat == (2 if kept else None)

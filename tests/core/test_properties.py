"""Property tests: random rule sets (every registered game and variant, every option value, see
tests/core/strategies.py), seeds and legal play.

At every step of a randomly played deal: the 32 cards are conserved, exactly the legal actions
apply, a sample of other actions is refused with a RulesError that leaves the deal unchanged,
and no seat's view shows a card it has not seen. At the end: card points, trick counts and
scores add up as the variant says, and the record replays to the same result.
"""

from __future__ import annotations

import dataclasses
import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from ramsch_core import (
    DECK,
    Action,
    AltenburgRules,
    Card,
    Deal,
    Match,
    NotYourTurnError,
    PassOn,
    PickUp,
    Play,
    Push,
    RulesError,
    RuleSet,
    SchafkopfRules,
    SheetEntry,
    SkatRules,
    TableOptions,
    TrickOrder,
    deal_record,
    replay_record,
    replay_summary,
)
from ramsch_core.cards import points_of
from ramsch_core.games import GAMES, game_of
from ramsch_core.games.ramsen import RamsenRules
from ramsch_core.games.ramsen.exchange import Exchange, RamsenState
from ramsch_core.games.ramsen.schlecken import NoSchleck, Schleck
from ramsch_core.games.skat import FullSkatRules
from ramsch_core.games.skat.bidding import Bid, Hold
from ramsch_core.games.skat.declaring import Declare, Discard, TakeSkat
from ramsch_core.phases.doubling import Kontra, Re
from ramsch_core.phases.say import Pass
from tests.core.builders import snapshot
from tests.core.oracle import ramsen_owed
from tests.core.strategies import any_rules, rules_of_game

PROPERTY_SETTINGS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

seeds = st.integers(0, 2**64)


PUBLIC_FIELDS = {"tricks", "trick", "order"}
"""View fields compared whole to the public state (``order`` ranks all 32 cards)."""


def cards_in(value: object) -> set[Card]:
    """Every card an object shows, looking through tuples, actions, tricks and results."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, TrickOrder):
        return set()  # the public ranking of all 32 cards
    if isinstance(value, BaseModel):
        return cards_in(tuple(value.model_dump().values()))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return cards_in(tuple(getattr(value, f.name) for f in dataclasses.fields(value)))
    if isinstance(value, tuple | list | set | frozenset):
        return set().union(*(cards_in(item) for item in value))
    return set()


def face_down(deal: Deal) -> set[Card]:
    """The cards in no hand and not played: the skat or the packet lying in the push round;
    Ramsen's talon and discards (its upcard lies face up)."""
    in_hands = {card for seat in range(deal.players) for card in deal.hand(seat)}
    played = {card for trick in deal.tricks for card in trick.cards} | set(deal.trick)
    return in_pack(deal) - in_hands - played - upcard(deal)


def in_pack(deal: Deal) -> set[Card]:
    """The cards of the game: the 32, or the short Schafkopf pack's 24 without 7s and 8s."""
    if getattr(deal.rules, "pack", "long") == "short":
        return {card for card in DECK if str(card)[1] not in "78"}
    return set(DECK)


def upcard(deal: Deal) -> set[Card]:
    """RA-2: the card turned up after a Ramsen deal, which everyone sees (none elsewhere)."""
    state = deal.state
    if isinstance(state, RamsenState) and state.upcard is not None:
        return {state.upcard}
    return set()


def check_ramsen_conservation(deal: Deal, state: RamsenState) -> None:
    """RA-2, RA-4: the talon and every discard lie face down; the upcard lies face up until
    the dealer takes it; a player who passed keeps five cards, and those in are at most one
    card apart within the current trick."""
    if state.choosing:  # RA-8: nothing dealt or turned up yet while the cutter chooses
        assert {len(deal.hand(seat)) for seat in range(deal.players)} == {5}
        assert face_down(deal) == set(deal.skat) | {Card.parse(deal.dealt["upcard"])}
        return
    laid = [card for seat in range(deal.players) for card in deal.laid[seat]]
    assert len(laid) == len(set(laid))
    assert face_down(deal) == set(deal.skat) | set(laid)
    assert state.upcard is not None
    played = {card for trick in deal.tricks for card in trick.cards} | set(deal.trick)
    held = any(state.upcard in deal.hand(seat) for seat in range(deal.players))
    assert (held or state.upcard in played) == state.took_upcard
    sizes = [len(deal.hand(seat)) for seat in range(deal.players)]
    if deal.phase == "play":
        playing = sorted(sizes[seat] for seat in state.active)
        assert playing[-1] - playing[0] <= 1
        assert all(sizes[seat] == 5 for seat in range(deal.players) if seat not in state.active)
    else:
        assert set(sizes) == {5}


def check_conservation(deal: Deal) -> None:
    """The cards of the pack (32; the short Schafkopf pack 24): hands, played cards and the
    face-down cards are disjoint and complete."""
    rules = deal.rules
    hands = [deal.hand(seat) for seat in range(deal.players)]
    played = [card for trick in deal.tricks for card in trick.cards] + list(deal.trick)
    every = [card for hand in hands for card in hand] + played
    assert len(every) == len(set(every))
    if isinstance(deal.state, RamsenState):
        check_ramsen_conservation(deal, deal.state)
        return
    sizes = sorted(len(hand) for hand in hands)
    if deal.phase == "declaring" and not face_down(deal):
        # FS-6: the declarer holds the skat until he has laid two cards away
        assert len(every) == 32 and sizes == [10, 10, 12]
        return
    assert len(every) == rules.players * rules.hand_size
    assert len(face_down(deal)) == rules.skat_size
    assert sizes[-1] - sizes[0] <= 1  # at most one card ahead within the current trick


def check_views(deal: Deal, known: list[set[Card]]) -> None:
    """Each SeatView shows only the seat's own cards, the cards it has picked up and the public
    play; its `packet` only to the seat that picked it up; `legal` only to the seat to act."""
    played = {card for trick in deal.tricks for card in trick.cards} | set(deal.trick)
    hidden = face_down(deal)
    for seat in range(deal.players):
        view = deal.view(seat)
        assert view.seat == seat and view.phase == deal.phase and view.to_act == deal.to_act
        if deal.phase == "schlecken":  # RA-8: no hand yet; the cutter sees the bottom card
            assert view.hand == () and not cards_in(view.legal) and not cards_in(view.public)
            assert view.skat == ((deal.skat[-1],) if seat == deal.to_act else ())
            continue
        if deal.phase == "knocking":  # SF-1, SF-9: Klopfen sees the first four cards only
            seen = deal.rules.hand_size // 2  # the short pack (SF-15): three
            first = set(deal.dealt_hands[seat][:seen])
            assert set(view.hand) == first and len(view.hand) == seen
            assert not cards_in(view.legal) and not cards_in(view.public) - first
        else:
            assert list(view.hand) == deal.hand(seat)
        assert view.tricks == tuple(deal.tricks) and view.trick == tuple(deal.trick)
        assert view.result is None
        shown: set[Card] = set(deal.trick) | {c for trick in deal.tricks for c in trick.cards}
        for field in dataclasses.fields(view):
            if field.name not in PUBLIC_FIELDS:  # every other field, whatever it may be
                shown |= cards_in(getattr(view, field.name))
        assert shown <= known[seat] | played, (seat, shown - known[seat] - played)
        others = {
            card for other in range(deal.players) if other != seat for card in deal.hand(other)
        }
        opened = {card for _, cards in view.open_hands for card in cards}
        # only the two cards this seat laid itself, a hand laid open to everyone, and the
        # Ramsen upcard the dealer took
        assert shown & others <= set(view.laid) | opened | upcard(deal)
        if deal.rules.schieben_rules() is None:  # the skat, or the two the declarer laid away
            assert not (shown - set(view.laid)) & hidden
        legal_cards = {card for action in view.legal for card in _cards(action)}
        if deal.to_act != seat:
            assert view.legal == () and view.skat == ()
        elif deal.phase != "push":  # the card play, a game's bidding or declaring
            assert list(view.legal) == deal.legal_actions()
            assert legal_cards <= set(view.hand)
        elif view.skat:  # picked up: lay two of hand + packet
            assert set(view.skat) == hidden
            assert all(isinstance(action, Push) for action in view.legal)
            assert legal_cards <= set(view.hand) | hidden
        else:  # before picking up only PickUp / PassOn are offered: nothing to see
            assert set(view.legal) <= {PickUp(), PassOn()} and PickUp() in view.legal
            assert legal_cards == set()
        assert sum(view.trick_counts) == len(deal.tricks)
        assert sum(view.points_taken) == sum(trick.points for trick in deal.tricks)


def _cards(action: Action) -> tuple[Card, ...]:
    if isinstance(action, Play):
        return (action.card,)
    if isinstance(action, Push | Discard):
        return action.cards
    return ()


def other_actions(deal: Deal, rng: random.Random, legal: list[Action]) -> list[Action]:
    """A sample of actions that are not legal now."""
    candidates: list[Action] = [Play(card) for card in DECK]
    candidates += [PickUp(), PassOn()]
    candidates += [Bid(17), Bid(19), Bid(18), Bid(264), Hold(), Pass(), TakeSkat(), Kontra(), Re()]
    candidates += [
        Declare("null", True, False, False, None),
        Declare("grand", False, False, True, False),
        Declare("clubs", False, True, False, False),
    ]
    candidates += [Discard(tuple(rng.sample(DECK, 2))) for _ in range(4)]  # type: ignore[arg-type]
    candidates += [Push(tuple(rng.sample(DECK, 2))) for _ in range(6)]  # type: ignore[arg-type]
    if deal.to_act is not None:
        hand = deal.hand(deal.to_act)
        candidates += [Push((hand[0], card)) for card in rng.sample(DECK, 4) if card != hand[0]]
    illegal = [action for action in candidates if action not in legal]
    return rng.sample(illegal, min(len(illegal), 12))


def check_actions(deal: Deal, rng: random.Random) -> None:
    """The legal actions apply (on copies); a sample of others is refused without a change."""
    legal = deal.legal_actions()
    assert legal and len(set(legal)) == len(legal)
    seat = deal.to_act
    assert seat is not None
    for action in rng.sample(legal, min(len(legal), 10)):
        deal.check(action, seat)
        copy = deal.copy()
        copy.apply(action, seat)
        assert copy.history[-1] == (seat, action)
    before = snapshot(deal)
    for action in other_actions(deal, rng, legal):
        for attempt in (deal.check, deal.apply):
            try:
                attempt(action, seat)
            except RulesError:
                pass
            else:
                raise AssertionError(f"{action} was accepted but is not legal")
    wrong = (seat + 1) % deal.players
    try:
        deal.apply(legal[0], wrong)
    except NotYourTurnError:
        pass
    else:
        raise AssertionError("an action by the wrong seat was accepted")
    assert snapshot(deal) == before


def play_randomly(rules: RuleSet, seed: int, rng: random.Random, checks: bool) -> Deal:
    deal = Deal.from_seed(rules, seed)
    known = [set(deal.initial_hand(seat)) | upcard(deal) for seat in range(deal.players)]
    while not deal.finished:
        if checks:
            check_conservation(deal)
            check_views(deal, known)
            check_actions(deal, rng)
        seat = deal.to_act
        assert seat is not None
        action = rng.choice(deal.legal_actions())
        if isinstance(action, PickUp | Push | TakeSkat):
            known[seat] |= face_down(deal)
        deal.apply(action, seat)
        if isinstance(action, Schleck | NoSchleck):  # RA-8: dealt as the cutter chose
            known = [set(deal.initial_hand(seat)) | upcard(deal) for seat in range(deal.players)]
        if isinstance(action, Exchange):  # RA-4: the cards drawn from the talon
            known[seat] |= set(deal.hand(seat))
        for _, cards in deal.public_view().open_hands:  # FS-6: an Ouvert hand is public
            for other in known:
                other |= set(cards)
    assert deal.legal_actions() == []
    return deal


def check_skat_result(deal: Deal) -> None:
    """FS-8..12 on a finished declared (or thrown-in) game: only the declarer scores, +value
    won or -2 x value lost; his points are his tricks and the skat; a Null ends at his first
    trick, every other game after ten."""
    result = deal.result
    assert result is not None and result.details is not None
    details = result.details
    if result.contract == "passed":
        assert result.tricks == () and set(result.scores) == {0}
        return
    declarer = details["declarer"]
    taken = [trick for trick in result.tricks if trick.winner == declarer]
    assert details["declarer_points"] == sum(t.points for t in taken) + points_of(result.skat)
    value, won = details["value"], details["won"]
    assert result.scores == tuple(
        (value if won else -2 * value) if seat == declarer else 0 for seat in range(3)
    )
    if details["game"] == "null":
        assert won == (not taken)
        assert len(result.tricks) == (10 if won else result.tricks.index(taken[0]) + 1)
        assert value in {23 << k for k in range(3)} | {35 << k for k in range(3)} | {
            46 << k for k in range(3)} | {59 << k for k in range(3)}  # fmt: skip
    else:
        assert len(result.tricks) == 10
        if won:
            assert details["declarer_points"] >= 61 and not details["overbid"]
        assert value >= details["bid"] or not details["overbid"]


def check_schafkopf_result(deal: Deal) -> None:
    """SF-6..8 on a finished deal of full Schafkopf: eight tricks of four cards (six in the
    short pack), scores in
    cents that sum to zero; a called game pays as the scorer's details say (the declaring
    side wins with 61); a deal thrown in (or a Stock) pays nothing; an all-pass Ramsch scores
    as SK-5..8."""
    result = deal.result
    assert result is not None
    assert sum(result.scores) == 0
    if result.contract == "passed":
        assert result.tricks == () and set(result.scores) == {0}
        return
    if result.contract == "sie":  # SF-12: won unplayed
        assert result.tricks == () and result.winners == (deal.state.declarer,)
        return
    tricks = deal.rules.hand_size  # 8; the short pack (SF-15) 6
    assert len(result.tricks) == tricks and all(len(trick.cards) == 4 for trick in result.tricks)
    assert sum(trick.points for trick in result.tricks) == 120
    details = result.details or {}
    if "declarer" not in details:  # the Ramsch after an all-pass
        assert len(result.losers) == 1 or result.detail.durchmarsch is not None
        return
    declarers = {
        details["declarer"],
        *([details["partner"]] if details.get("partner") is not None else []),
    }
    points = sum(t.points for t in result.tricks if t.winner in declarers)
    assert details["declarer_points"] == points
    if details.get("tout"):  # SF-11: won only with every trick
        assert details["won"] == all(t.winner in declarers for t in result.tricks)
    else:
        assert details["won"] == (points >= 61)
    amount = details["amount"]
    for seat, score in enumerate(result.scores):
        side = seat in declarers
        sign = 1 if side == details["won"] else -1
        factor = 3 if side and len(declarers) == 1 else 1
        assert score == sign * factor * amount


def check_ramsen_result(deal: Deal) -> None:
    """RA-5..7 on a finished Ramsen deal: the tricks hold a card of each player in; a lone
    player takes five tricks unplayed; the bars owed and the winner are RA-7 read straight
    (``oracle.ramsen_owed``); the scores are the bars drawn."""
    result, state = deal.result, deal.state
    assert result is not None and isinstance(state, RamsenState) and result.details is not None
    active = state.active
    if len(active) >= 2:
        assert all(len(trick.cards) == len(active) for trick in result.tricks)
        winners = [trick.winner for trick in result.tricks]
        owed, winner = ramsen_owed(state.owed_before, active, winners)
        if winner is None:
            assert len(result.tricks) == 5
        else:  # the deal stopped at the trick that drew the winner's last bar
            assert (
                winners[-1] == winner
                and ramsen_owed(state.owed_before, active, winners[:-1])[1] is None
            )
    elif active:
        assert result.tricks == () and result.trick_counts[active[0]] == 5
        owed, winner = ramsen_owed(state.owed_before, active, [active[0]] * 5)
        owed = [max(0, value) for value in owed]
    else:
        assert not deal.rules.dealer_forced  # type: ignore[attr-defined]
        assert result.tricks == () and set(result.scores) == {0}
        owed, winner = list(state.owed_before), None
    assert result.details["owed"] == owed and result.details["winner"] == winner
    assert result.scores == tuple(
        before - after for before, after in zip(state.owed_before, owed, strict=True)
    )
    assert ("match_over" in result.events) == (winner is not None)


def check_result(deal: Deal) -> None:
    """Card points, trick counts, Jungfrauen, Durchmarsch and scores of a finished deal: what
    every game shares, then each Ramsch variant's arithmetic by its rule class."""
    rules, result = deal.rules, deal.result
    assert result is not None
    if rules.game == "schafkopf":
        check_schafkopf_result(deal)
        return
    if isinstance(rules, RamsenRules):
        check_ramsen_result(deal)
        return
    if isinstance(rules, FullSkatRules):
        if result.contract != "ramsch":
            check_skat_result(deal)
            return
        rules = rules.ramsch  # FS-1: an all-pass played as Ramsch scores as Ramsch
    played = [card for trick in result.tricks for card in trick.cards]
    assert len(result.tricks) == rules.hand_size
    assert all(len(trick.cards) == rules.players for trick in result.tricks)
    assert set(played) | set(result.skat) == set(DECK) and len(result.skat) == rules.skat_size
    assert sum(result.trick_counts) == rules.hand_size
    assert result.detail.jungfrau == tuple(s for s, n in enumerate(result.trick_counts) if n == 0)
    trick_points = sum(trick.points for trick in result.tricks)
    assert trick_points + points_of(result.skat) == 120
    scores = result.scores
    maker = next((s for s, n in enumerate(result.trick_counts) if n == rules.hand_size), None)
    if isinstance(rules, SchafkopfRules):
        assert sum(result.card_points) == 120
        assert sum(scores) == 0
        base = rules.base_stake
        if maker is not None and rules.durchmarsch:  # SK-7
            assert result.detail.durchmarsch == maker and scores[maker] == 21 * base
        else:
            (loser,) = result.losers
            assert result.card_points[loser] == max(result.card_points)
            assert scores[loser] in {-6 * base, -8 * base, -10 * base, -12 * base}
    elif isinstance(rules, SkatRules):
        skat_points = points_of(result.skat) if result.detail.skat_to is None else 0
        assert sum(result.card_points) == 120 - skat_points
        push_factor = 2**result.detail.pushes if rules.schieben_doubles else 1
        if rules.durchmarsch and maker is not None:
            assert result.detail.durchmarsch == maker
            won = rules.durchmarsch_value * push_factor
            assert scores == tuple(won if s == maker else 0 for s in range(3))
        else:
            assert result.detail.durchmarsch is None
            top = max(result.card_points)
            assert result.losers == tuple(s for s in range(3) if result.card_points[s] == top)
            factor = 2 ** len(result.detail.jungfrau) * push_factor
            loss = top if rules.scoring == "points" else rules.stake
            assert scores == tuple(-loss * factor if s in result.losers else 0 for s in range(3))
    elif isinstance(rules, AltenburgRules):
        counted = 120 if rules.schieben else 120 - points_of(result.skat)
        assert sum(result.card_points) == counted
        if rules.effective_scoring == "pips":
            if maker is not None:
                assert scores == tuple(0 if s == maker else -60 for s in range(3))
            else:
                assert scores == tuple(-Fraction(points) for points in result.card_points)
        else:
            assert -sum(scores) in {0, 10, 15, 20}
            assert all(score.denominator in (1, 2) for score in scores)


def check_replay(deal: Deal, seed: int) -> None:
    """deal_record → JSON → replay_record gives the same result; from the seed as well."""
    summary = replay_summary(deal)
    for record in (deal_record(deal), deal_record(deal, seed=seed)):
        text = json.dumps(record)
        assert replay_summary(replay_record(json.loads(text))) == summary
    assert json.loads(json.dumps(summary)) == summary


@pytest.mark.parametrize("game", list(GAMES))
@settings(PROPERTY_SETTINGS, max_examples=-(-PROPERTY_SETTINGS.max_examples // len(GAMES)))
@given(seed=seeds, choices=seeds, data=st.data())
def test_random_deals_keep_every_invariant(
    game: str, seed: int, choices: int, data: st.DataObject
) -> None:
    """C-1..C-6 and each variant's rules on random play (the actions chosen by a generator
    seeded with `choices`), every option combination. A test a game, each with its share of
    the examples: one test of all games was the suite's longest, last to end on its worker."""
    rules = data.draw(rules_of_game(GAMES[game]), label="rules")
    deal = play_randomly(rules, seed, random.Random(choices), checks=True)
    check_result(deal)
    check_replay(deal, seed)


@settings(max_examples=100, deadline=None)
@given(rules=any_rules, seed=seeds, choices=seeds, data=st.data())
def test_a_partial_record_replays_to_the_same_state(
    rules: RuleSet, seed: int, choices: int, data: st.DataObject
) -> None:
    """C-6: a record cut at any point replays to the same position and the same views."""
    full = play_randomly(rules, seed, random.Random(choices), checks=False)
    cut = data.draw(st.integers(0, len(full.history)))
    deal = Deal.from_seed(rules, seed)
    for seat, action in full.history[:cut]:
        deal.apply(action, seat)
    again = replay_record(json.loads(json.dumps(deal_record(deal))))
    assert replay_summary(again) == replay_summary(deal)
    assert [again.view(s) for s in range(deal.players)] == [
        deal.view(s) for s in range(deal.players)
    ]


def _table_options(rules: RuleSet) -> st.SearchStrategy[TableOptions]:
    seats = st.sampled_from(rules.table_sizes())
    own = game_of(rules).match_options.model_fields
    return st.builds(
        TableOptions,
        seats=seats,
        rounds=st.just(1),
        bock_on_durchmarsch=st.booleans(),
        bock_on_tie=st.booleans(),
        tournament=st.booleans() if "tournament" in own else st.just(False),
        bock_on_sixty=st.booleans(),
        bock_on_kontra=st.booleans(),
        bock_on_re=st.booleans(),
        bock_on_grand_hand=st.booleans(),
        bock_on_value=st.booleans(),
        ramsch_after_bock=st.booleans() if rules.compulsory_ramsch() else st.just(False),
    )


def stock_payments(
    rules: RuleSet, entry: SheetEntry, pot: int, seats: int
) -> tuple[list[Fraction], int]:
    """SK-9's Stock read straight (Schafkopf with ``all_pass: stock``): on a Stock each player
    antes the Sauspiel tariff into the pot; the next game its declaring side wins takes it,
    shared by caller and partner. Returns the payments by table seat and the pot after."""
    payments = [Fraction(0)] * seats
    if rules.game != "schafkopf" or getattr(rules, "all_pass", None) != "stock":
        return payments, pot
    ante = rules.tariff.sauspiel  # type: ignore[attr-defined]
    details = entry.result.details or {}
    if entry.result.contract == "passed":
        for seat in entry.seats:
            payments[seat] -= ante
        return payments, pot + ante * len(entry.seats)
    if pot and details.get("won") is True:
        side = [entry.seats[details["declarer"]]]
        if details.get("partner") is not None:
            side.append(entry.seats[details["partner"]])
        for seat in side:
            payments[seat] += Fraction(pot, len(side))
        return payments, 0
    return payments, pot


MAX_DEALS = 12
"""Deals of a random session of a game played to a winner, at most."""


@settings(max_examples=40, deadline=None)
@given(rules=any_rules, seed=seeds, choices=seeds, data=st.data())
def test_random_sessions_add_up(
    rules: RuleSet, seed: int, choices: int, data: st.DataObject
) -> None:
    """C-4, SR-11, FS-13/14: table scores are the deal's scores at the active seats (doubled
    in Bock), or tournament points for a declared game; the dealer who sits out scores 0 (or
    the tournament bonus), totals are their sums, and the match replays; a round
    has one deal per seat unless a deal ends the match."""
    options = data.draw(_table_options(rules))
    rng = random.Random(choices)
    match = Match(rules, options, seed)
    actions: list[tuple[int | None, Any]] = []
    while not match.finished and len(match.finished_deals) < MAX_DEALS:
        seat = match.to_act
        action = rng.choice(match.deal.legal_actions())
        actions.append((seat, action))
        match.apply(action, seat)
    ends = [entry.number for entry in match.finished_deals if "match_over" in entry.result.events]
    if rules.plays_to_a_winner():  # RA-7: as many deals as it takes (random play may be slow)
        assert match.finished == bool(ends) and ends in ([], [len(match.finished_deals) - 1])
        assert match.finished or len(match.finished_deals) == MAX_DEALS
    else:
        assert len(match.finished_deals) == (ends[0] + 1 if ends else options.seats)
    totals = [Fraction(0)] * options.seats
    pot = 0
    for number, entry in enumerate(match.finished_deals):
        assert entry.dealer == number % options.seats
        factor = 2 if entry.bock else 1
        details = entry.result.details or {}
        stock, pot = stock_payments(rules, entry, pot, options.seats)
        declared = options.chosen.get("tournament") and "won" in details  # FS-14: tournament points
        for seat in range(options.seats):
            if declared:
                value, won = details["value"], details["won"]
                if seat == entry.seats[details["declarer"]]:
                    expected = Fraction(value + 50 if won else -2 * value - 50)
                else:  # the defenders and a dealer sitting out
                    expected = Fraction(0 if won else 40 if options.seats == 3 else 30)
            elif seat in entry.seats:
                expected = entry.result.scores[entry.seats.index(seat)]
            else:
                assert seat == entry.dealer
                expected = Fraction(0)
            expected = expected * factor + stock[seat]
            assert entry.table_scores[seat] == expected
            totals[seat] += expected
    assert match.totals == totals
    if rules.game == "schafkopf":  # the Stock pot, kept with all_pass "stock" only
        assert match.carry == (pot if getattr(rules, "all_pass", None) == "stock" else None)
    again = Match.replay(rules, options, seed, actions)
    assert again.totals == match.totals


@settings(max_examples=100, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_a_schedule_deals_each_seat_its_packets(rules: RuleSet, seed: int) -> None:
    """C-6: the hands of a seeded deal, found in one pass over its packets, are each seat's
    own packets' cards, in deck order."""
    schedule = rules.schedule(seed)
    assert schedule.hands(rules.players) == [
        sorted(card for packet in schedule.packets if packet.to == seat for card in packet.cards)
        for seat in range(rules.players)
    ]

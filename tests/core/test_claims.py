"""Claims of the rest (issue 27): a claim holds exactly when every line of play left gives the
claimant's side every trick (checked against plain enumeration of every line, in Skat and in
Schafkopf with the called Ace's duties), its line ends the deal as any line would, a claim
that does not hold or may not be asked is refused with its reason, and the last trick plays
itself."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ramsch_core import Card, Deal, IllegalActionError, NotYourTurnError, Suit, parse_rules
from ramsch_core.actions import Action, Play, TrickTaken
from ramsch_core.claims import (
    CLAIM_CARDS,
    check_claim,
    claim_holds,
    claim_line,
    claim_side,
    claims_refused,
    forced_line,
)
from ramsch_core.games.schafkopf import SCHAFKOPF
from ramsch_core.games.schafkopf.calling import Call
from ramsch_core.games.skat.bidding import Bid, Hold
from ramsch_core.games.skat.declaring import Declare
from ramsch_core.phases.say import Pass

C = Card.parse
SKAT = parse_rules({"game": "skat"})
FULL_SCHAFKOPF = SCHAFKOPF.parse({"game": "schafkopf"})


def cards(text: str) -> list[Card]:
    return [C(name) for name in text.split()]


def play(deal: Deal, *names: str) -> Deal:
    for name in names:
        deal.apply(Play(C(name)))
    return deal


def skat_game(hands: list[str], skat: str, game: str = "clubs") -> Deal:
    """Seat 0 plays ``game`` Hand: seat 1 bids 18, seat 0 holds, the others pass."""
    deal = Deal(SKAT, [cards(hand) for hand in hands], cards(skat))
    for seat, action in (
        (1, Bid(18)), (0, Hold()), (1, Pass()), (2, Pass()),
        (0, Declare(game, False, False, False, True)),
    ):  # fmt: skip
        deal.apply(action, seat)
    return deal


# Seat 0 plays Kreuz (♣) and leads five low clubs, the defenders discarding; then he holds the
# four Jacks and ♣A, the defenders no trump: every line gives him the rest.
KREUZ = [
    "CJ SJ HJ DJ CA CT CK CQ C9 C8",
    "SA SQ HA HQ DK S9 H9 D9 H8 D8",
    "ST SK HT HK DA S8 H7 D7 DT DQ",
]
KREUZ_TRICKS = ("C8 S9 S8", "C9 H9 H7", "CQ D9 D7", "CK H8 DT", "CT D8 DQ")


def kreuz_endgame() -> Deal:
    """Five tricks left, the declarer (seat 0) to lead."""
    deal = skat_game(KREUZ, "C7 S7")
    for trick in KREUZ_TRICKS:
        play(deal, *trick.split())
    return deal


def lines(deal: Deal) -> Iterator[tuple[Deal, list[int]]]:
    """Every line of play from ``deal`` to its end, by plain enumeration of every legal card
    of every seat: the deal at the end and the winners of the tricks played on the way."""
    if deal.finished:
        yield deal, []
        return
    for action in deal.legal_actions():
        if not isinstance(action, Play):
            continue
        after = deal.copy()
        events = after.apply(action)
        won = [event.winner for event in events if isinstance(event, TrickTaken)]
        for end, winners in lines(after):
            yield end, won + winners


def every_line_wins(deal: Deal, side: frozenset[int]) -> bool:
    """Whether every line of play gives ``side`` every trick left, by plain enumeration."""
    return all(set(winners) <= side for _, winners in lines(deal))


def played_out(deal: Deal, line: list[Action]) -> Deal:
    deal = deal.copy()
    for action in line:
        deal.apply(action)
    return deal


# -- a claim that holds ----------------------------------------------------------------------


def test_c5_a_claim_every_line_proves_holds_and_its_line_scores_as_every_line() -> None:
    """C-5, FS-7: the declarer with the four Jacks and ♣A against no trump takes every trick
    whatever anyone plays; the claim holds five tricks from the end, and its cards end the
    deal with the scores every line of play gives (enumerated from three tricks left)."""
    deal = kreuz_endgame()
    assert claims_refused(deal.public_view()) is None
    assert claim_holds(deal, 0)
    check_claim(deal, 0)
    assert len(deal.history) == 5 + 15  # the check went through copies: nothing changed
    line = claim_line(deal)
    assert all(isinstance(action, Play) for action in line) and len(line) == 15
    end = played_out(deal, line)
    assert end.result is not None and end.result.trick_counts[0] == 10  # Schwarz
    later = played_out(deal, line[:6])
    assert claim_holds(later, 0)
    ends = list(lines(later))
    assert len(ends) == 3 * 2 * 3 * 2 * 3 * 2  # no card of anyone's binds: every order
    assert all(set(winners) == {0} for _, winners in ends)
    assert {other.result.scores for other, _ in ends if other.result} == {end.result.scores}


# -- claims refused ----------------------------------------------------------------------------


def test_claims_are_refused_out_of_turn_too_early_and_outside_the_card_play() -> None:
    """Only the seat to act, in the card play, in its last tricks may claim."""
    deal = kreuz_endgame()
    with pytest.raises(NotYourTurnError, match="only on your turn"):
        check_claim(deal, 1)
    early = skat_game(KREUZ, "C7 S7")
    play(early, *KREUZ_TRICKS[0].split())
    refused = claims_refused(early.public_view())
    assert refused is not None and "Too many tricks left" in str(refused)
    assert "last 5 tricks" in str(refused)
    bidding = Deal(SKAT, [cards(hand) for hand in KREUZ], cards("C7 S7"))
    with pytest.raises(IllegalActionError, match="only during the card play"):
        check_claim(bidding, 1)
    assert CLAIM_CARDS // 4 == 4  # the last four tricks of Schafkopf


def test_fs1_a_ramsch_has_no_side_to_claim_for() -> None:
    """FS-1: a Skat deal everyone passed is played as Ramsch: each plays for himself, so no
    claim is offered, even in the last trick."""
    deal = Deal(SKAT, [cards(hand) for hand in KREUZ], cards("C7 S7"))
    for seat, action in ((1, Pass()), (2, Pass()), (0, Pass())):
        deal.apply(action, seat)
    assert deal.phase == "play" and deal.contract.name == "ramsch"
    while len(deal.tricks) < 9:
        deal.apply(deal.legal_actions()[0])
    refused = claims_refused(deal.public_view())
    assert refused is not None and "each plays for himself" in str(refused)
    assert claim_side(deal, deal.to_act or 0) is None


def test_fs11a_a_null_game_can_not_be_claimed() -> None:
    """FS-11a: a Null declarer plays to take no trick; there is no rest to claim."""
    deal = skat_game(KREUZ, "C7 S7", game="null")
    refused = claims_refused(deal.public_view())
    assert refused is not None and "Null" in str(refused)


# -- against plain enumeration --------------------------------------------------------------


def declared(rules_name: str, seed: int) -> Deal:
    """A seeded deal of a declared game (a random one, never Null or Ramsch; in Schafkopf
    forehand's call, the others passing) played at random to its last tricks: Skat to nine
    or six cards left or fewer, Schafkopf to twelve or eight."""
    rng = random.Random(seed)
    if rules_name == "skat":
        deal = Deal.from_seed(SKAT, seed)
        for seat, action in ((1, Bid(18)), (0, Pass()), (2, Pass())):
            deal.apply(action, seat)
        left = 9 - 3 * (seed % 2)
    else:
        deal = Deal.from_seed(FULL_SCHAFKOPF, seed)
        calls = [a for a in deal.legal_actions() if isinstance(a, Call) and a.game != "ramsch"]
        deal.apply(rng.choice(calls))
        for seat in (1, 2, 3):
            deal.apply(Pass(), seat)
        left = 8 + 4 * (seed % 2)
    while deal.phase != "play":
        legal = deal.legal_actions()
        choices = [a for a in legal if not (isinstance(a, Declare) and a.game == "null")]
        deal.apply(rng.choice(choices or legal))
    while sum(len(deal.hand(seat)) for seat in range(deal.players)) > left or (
        rng.random() < 0.5 and deal.trick == [] and len(deal.hand(0)) > 1
    ):
        deal.apply(rng.choice([a for a in deal.legal_actions() if isinstance(a, Play)]))
    return deal


@pytest.mark.parametrize("game", ["skat", "schafkopf"])
def test_c5_sf3_claims_hold_exactly_when_every_line_gives_the_side_the_rest(game: str) -> None:
    """C-5, SF-3: over seeded endgames of declared games (Sauspiele with the called Ace's
    duties among them) the claim of the seat to act holds exactly when plain enumeration of
    every line gives its side every trick left, and then its line scores as they all do."""
    held = refused = 0
    for seed in range(60):
        deal = declared(game, seed)
        if deal.finished or claims_refused(deal.public_view()) is not None:
            continue
        seat = deal.to_act
        assert seat is not None
        side = claim_side(deal, seat)
        assert side is not None
        expected = every_line_wins(deal, side)
        assert claim_holds(deal, seat) == expected, seed
        if expected:
            held += 1
            end = played_out(deal, claim_line(deal))
            assert end.result is not None
            assert {other.result.scores for other, _ in lines(deal) if other.result} == {
                end.result.scores
            }
        else:
            refused += 1
    assert held >= 3 and refused >= 3


def test_sf3_the_called_aces_duty_binds_the_check() -> None:
    """SF-3: in a Sauspiel the holder of the called Ace must play it when its suit is led;
    the check follows the deal's own rules, so a line the duty forbids is never counted."""
    hands = [
        "CQ SQ HQ DQ CJ SJ S8 C7",
        "CA C9 C8 SA ST SK S9 DA",
        "DJ HA HT HK H9 H8 H7 CT",
        "CK HJ S7 DT DK D9 D8 D7",
    ]
    deal = Deal(FULL_SCHAFKOPF, [cards(hand) for hand in hands])
    deal.apply(Call("sauspiel", Suit.CLUBS, None, False), 0)
    for seat in (1, 2, 3):
        deal.apply(Pass(), seat)
    assert claim_side(deal, 0) == frozenset({0, 1})  # seat 1 holds ♣A: the hidden partner
    for trick in ("CQ C8 DJ HJ", "SQ C9 H7 S7", "HQ S9 H8 D7", "DQ SK H9 D8"):
        play(deal, *trick.split())
    assert deal.to_act == 0 and claims_refused(deal.public_view()) is None
    side = frozenset({0, 1})
    assert claim_holds(deal, 0) == every_line_wins(deal, side)


# -- the last trick --------------------------------------------------------------------------


def test_c5_the_last_trick_plays_itself_once_each_seat_holds_one_card() -> None:
    """C-5: with one card each nobody has a choice: ``forced_line`` plays the last trick,
    and nothing before it."""
    deal = kreuz_endgame()
    assert forced_line(deal) == []
    while len(deal.tricks) < 9:
        assert forced_line(deal) == []
        deal.apply(deal.legal_actions()[0])
    last = {card for seat in range(3) for card in deal.hand(seat)}
    line = forced_line(deal)
    assert {action.card for action in line if isinstance(action, Play)} == last
    end = played_out(deal, line)
    assert end.finished and len(end.tricks) == 10


def side_can_take_all(deal: Deal, side: frozenset[int]) -> bool:
    """Whether the side has a way to take every trick left whatever the others play (the
    weaker claim a player might mean), by plain enumeration."""
    if deal.finished:
        return True
    results = []
    for action in deal.legal_actions():
        if not isinstance(action, Play):
            continue
        after = deal.copy()
        events = after.apply(action)
        lost = any(isinstance(e, TrickTaken) and e.winner not in side for e in events)
        results.append(not lost and side_can_take_all(after, side))
    return any(results) if deal.to_act in side else all(results)


def test_c5_a_claim_one_of_the_claimants_own_lines_breaks_is_refused() -> None:
    """C-5: every line of every seat must give the side the rest, the claimant's own lines
    too: where the side could take every trick with the right line but a wrong card loses
    one, the claim is refused with its reason and the deal is unchanged."""
    found = 0
    for seed in range(80):
        deal = declared("skat", seed)
        if deal.finished or claims_refused(deal.public_view()) is not None:
            continue
        seat = deal.to_act
        assert seat is not None
        side = claim_side(deal, seat)
        assert side is not None
        if claim_holds(deal, seat) or not side_can_take_all(deal, side):
            continue
        found += 1
        history = list(deal.history)
        with pytest.raises(IllegalActionError, match="Not every line of play gives your side"):
            check_claim(deal, seat)
        assert deal.history == history and deal.to_act == seat
    assert found >= 2

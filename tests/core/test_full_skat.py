"""Full Skat (docs/rules/skat.md): the golden records worked out by hand, the reference values
of the rules, the bidding, the declaration, Kontra and Re, Null and Ouvert, and bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ramsch_core import Card, Deal, IllegalActionError, NotYourTurnError, parse_rules
from ramsch_core.actions import Play
from ramsch_core.contracts import score_values
from ramsch_core.games.skat import FullSkatRules
from ramsch_core.games.skat.bidding import Bid, Hold
from ramsch_core.games.skat.contract import LADDER, SkatScorer, matadors, skat_contract, value_steps
from ramsch_core.games.skat.contract import Declaration as D
from ramsch_core.games.skat.declaring import Declare, Discard, TakeSkat
from ramsch_core.kernel import Kernel
from ramsch_core.kernel.tally import tally
from ramsch_core.phases.doubling import Kontra, Re
from ramsch_core.phases.say import Pass
from ramsch_core.record import deal_record, replay_record, replay_summary
from tests.core.agreement import position_of
from tests.core.cli import refused_replay

DATA = Path(__file__).resolve().parents[1] / "data" / "skat"
GOLDEN = sorted(path for path in DATA.glob("*.json") if not path.name.endswith(".expected.json"))
DECLARED = [
    path
    for path in GOLDEN
    if json.loads(path.with_suffix(".expected.json").read_text(encoding="utf-8")).get("won")
    in (True, False)
]
"""The golden records of a declared game played to its end (their expected summaries say
won or lost): the checks of a declared game's scoring run on these."""
FIELDS = [
    "finished", "to_act", "phase", "game", "declarer", "bid", "hand", "schneider_announced",
    "schwarz_announced", "ouvert", "matadors", "declarer_points", "schneider", "schwarz",
    "overbid", "kontra", "won", "value", "scores", "tricks",
]  # fmt: skip
RAMSCH_FIELDS = [
    "card_points", "trick_counts", "jungfrau", "durchmarsch", "losers", "winners", "skat",
    "skat_to", "pushes", "multiplier",
]  # fmt: skip

SKAT = parse_rules({"game": "skat"})
C = Card.parse


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def cards(*names: str) -> list[Card]:
    return [C(name) for name in names]


# A deal to script: forehand strong in clubs and jacks, middlehand hearts, rearhand diamonds.
HANDS = [
    cards("CJ", "SJ", "CA", "CT", "CK", "CQ", "C9", "SA", "ST", "HA"),
    cards("HJ", "DJ", "C8", "SK", "SQ", "S9", "HT", "HK", "HQ", "H9"),
    cards("C7", "S8", "S7", "H8", "H7", "DA", "DT", "DK", "DQ", "D9"),
]
SKAT_CARDS = cards("D8", "D7")


def fresh(rules: FullSkatRules = SKAT) -> Deal:  # type: ignore[assignment]
    return Deal(rules, HANDS, SKAT_CARDS)


def run(deal: Deal, *actions: tuple[int, Any]) -> Deal:
    for seat, action in actions:
        deal.apply(action, seat)
    return deal


# -- golden records ------------------------------------------------------------------------


def test_there_are_golden_records_of_every_kind_of_deal() -> None:
    """FS-1..12: won, lost, Grand, Null, overbid, Kontra/Re, all-pass Ramsch and thrown in,
    and unfinished records in each phase."""
    assert len(GOLDEN) >= 13
    games = {load(path.with_suffix(".expected.json"))["game"] for path in GOLDEN}
    assert {"clubs", "grand", "null", "diamonds", "hearts", "ramsch", "passed", None} <= games
    phases = {load(path.with_suffix(".expected.json"))["phase"] for path in GOLDEN}
    assert {"bidding", "declaring", "playing", "finished"} <= phases


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_golden_record_replays_to_its_hand_worked_result(path: Path) -> None:
    """FS-3..12 (and SR-4..7 for an all-pass): each record, worked out by hand, replays to
    exactly its expected result, fields in the documented order."""
    expected = load(path.with_suffix(".expected.json"))
    summary = json.loads(json.dumps(replay_summary(replay_record(load(path)))))
    assert summary == expected
    extra = RAMSCH_FIELDS if expected["game"] == "ramsch" else []
    assert list(summary) == FIELDS + extra


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_golden_record_written_back_replays_the_same(path: Path) -> None:
    """A replayed record written as a record (hands and in seed-free form) replays the same."""
    deal = replay_record(load(path))
    again = replay_record(json.loads(json.dumps(deal_record(deal))))
    assert replay_summary(again) == replay_summary(deal)


@pytest.mark.parametrize("path", DECLARED, ids=lambda path: path.stem)
def test_golden_card_play_through_the_kernel_scores_the_same(path: Path) -> None:
    """The kernel, from the start of the card play under the contract played, scores a
    finished declared game as the API does (one scorer for both)."""
    record = load(path)
    deal = replay_record(record)
    assert deal.result is not None and deal.result.contract not in ("ramsch", "passed")
    start = replay_record({**record, "actions": record["actions"][: first_card(record)]})
    kernel = Kernel(start.rules, deal.contract)
    position = position_of(start, kernel)
    for _, action in deal.history[len(start.history) :]:
        if isinstance(action, Play):
            kernel.play(position, kernel.bit_of[action.card])
    assert kernel.score(position).scores == deal.result.scores


def first_card(record: dict[str, Any]) -> int:
    return next(
        index
        for index, item in enumerate(record["actions"])
        if isinstance(item, str) or item["action"] == "play"
    )


# -- values (FS-8..11): the reference values of the rules ---------------------------------


def score_of(
    declaration: D,
    twelve: list[Card],
    declarer_won: list[Card],
    skat: list[Card],
    bid: int = 18,
    declarer_tricks: int = 5,
    kontra: int = 0,
) -> dict[str, Any]:
    """A finished game's details from the cards the declarer won (the rest to seat 1)."""
    contract = skat_contract(declaration, 0, bid, frozenset(twelve), kontra)
    layout = contract.layout
    won = [layout.mask(declarer_won), layout.mask(
        [card for card in Card if card not in declarer_won and card not in skat]), 0]  # fmt: skip
    counts = [declarer_tricks, 10 - declarer_tricks, 0]
    last = [9 if declarer_tricks else -1, 8 if declarer_tricks < 10 else -1, -1]
    if declarer_tricks == 0:
        last = [-1, 9, -1]
    facts = tally(layout, won, counts, last, layout.mask(skat), 0)
    score = contract.scorer(facts)
    assert score.details is not None
    assert score_values(contract.scorer)(facts) == score.scores  # the AI's fast path agrees
    return {**score.details, "score": score.scores[0]}


def points_won(total: int) -> list[Card]:
    """Some cards worth exactly ``total`` points, never the skat's D8 D7."""
    pool = [card for card in Card if card.points and card not in (Card.D8, Card.D7)]
    reach: dict[int, list[Card]] = {0: []}
    for card in pool:
        for points, chosen in list(reach.items()):
            reach.setdefault(points + card.points, [*chosen, card])
    return reach[total]


WITH_1 = cards("CJ", "HJ", "CA", "CT", "CK", "SA", "ST", "HA", "H9", "H8", "D8", "D7")
"""Clubs "with 1": the club jack held, the spade jack not."""


def test_fs9_clubs_with_1_won_with_61_is_24_and_lost_with_60_is_minus_48() -> None:
    """FS-8..10 reference values: Clubs with 1, game 2 → 24; the same lost → −48."""
    won = score_of(D("clubs", False), WITH_1, points_won(61), cards("D8", "D7"))
    assert (won["matadors"], won["won"], won["value"], won["score"]) == (1, True, 24, 24)
    lost = score_of(D("clubs", False), WITH_1, points_won(60), cards("D8", "D7"))
    assert (lost["won"], lost["value"], lost["score"]) == (False, 24, -48)


def test_fs9_grand_with_2_is_72_and_grand_with_4_schneider_is_144() -> None:
    """FS-8/9 reference values: Grand with 2 won → 72; Grand with 4 and Schneider → 144."""
    two = cards("CJ", "SJ", "CA", "CT", "SA", "ST", "HA", "HT", "DA", "DT", "D8", "D7")
    won = score_of(D("grand", False), two, points_won(78), cards("D8", "D7"))
    assert (won["matadors"], won["value"], won["score"]) == (2, 72, 72)
    four = cards("CJ", "SJ", "HJ", "DJ", "CA", "CT", "SA", "ST", "HA", "HT", "D8", "D7")
    big = score_of(D("grand", False), four, points_won(95), cards("D8", "D7"))
    assert (big["matadors"], big["schneider"], big["value"]) == (4, True, 144)


def test_fs8_null_hand_won_is_35_and_lost_is_minus_70() -> None:
    """FS-8/10 reference values: Null Hand won → 35, lost → −70."""
    hand = cards("C7", "C8", "C9", "S7", "S8", "S9", "H7", "H8", "D9", "DT", "D8", "D7")
    won = score_of(D("null", True), hand, [], cards("D8", "D7"), declarer_tricks=0)
    assert (won["won"], won["value"], won["score"]) == (True, 35, 35)
    lost = score_of(D("null", True), hand, cards("CA", "CK", "CQ"), cards("D8", "D7"), 18, 1)
    assert (lost["won"], lost["score"]) == (False, -70)


def test_fs11_bid_22_diamonds_without_1_with_89_points_is_overbid_minus_54() -> None:
    """FS-11 reference value: Diamonds without 1 is worth 18 < 22: lost, value 27, −54."""
    hand = cards("SJ", "HJ", "DA", "DT", "DK", "CA", "CT", "SA", "ST", "HA", "D8", "D7")
    result = score_of(D("diamonds", False), hand, points_won(89), cards("D8", "D7"), bid=22)
    assert (result["matadors"], result["overbid"], result["won"]) == (-1, True, False)
    assert (result["value"], result["score"]) == (27, -54)


def test_fs9_matadors_count_over_the_twelve_cards_with_and_without() -> None:
    """FS-9: counted from the club jack down the trump sequence; the skat counts."""
    assert matadors("clubs", set(cards("CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK"))) == 7
    assert matadors("grand", set(cards("CJ", "SJ", "HJ", "DJ", "CA"))) == 4
    assert matadors("hearts", set(cards("SJ", "HA"))) == -1
    assert matadors("spades", set(cards("DJ", "SA"))) == -3
    assert matadors("diamonds", set(cards("CA"))) == -11


def test_fs9_announced_schneider_not_reached_loses_with_its_levels() -> None:
    """FS-9/10 reading: Schneider announced and not reached loses; Hand, Schneider and the
    announcement still count (Clubs with 1: 1+1+1+1+1 = 5 × 12 = 60 → −120)."""
    declaration = D("clubs", True, schneider=True)
    result = score_of(declaration, WITH_1, points_won(81), cards("D8", "D7"))
    assert (result["won"], result["schneider"], result["value"]) == (False, False, 60)
    assert result["score"] == -120


def test_fs9_the_declarers_own_schneider_and_schwarz_count() -> None:
    """FS-9 reading: a declarer with ≤ 30 points is Schneider; with no trick, Schwarz."""
    result = score_of(D("clubs", False), WITH_1, [], cards("D8", "D7"), declarer_tricks=0)
    assert (result["schneider"], result["schwarz"], result["won"]) == (True, True, False)
    assert result["value"] == 12 * (1 + 1 + 1 + 1)
    assert result["score"] == -96


def test_fs12_kontra_and_re_double_the_value() -> None:
    """FS-12: Kontra ×2, Re ×4 — on the raised value of an overbid game too."""
    for level, factor in ((0, 1), (1, 2), (2, 4)):
        won = score_of(D("clubs", False), WITH_1, points_won(61), cards("D8", "D7"), kontra=level)
        assert won["value"] == 24 * factor and won["kontra"] == level
    hand = cards("SJ", "HJ", "DA", "DT", "DK", "CA", "CT", "SA", "ST", "HA", "D8", "D7")
    over = score_of(D("diamonds", False), hand, points_won(89), [Card.D8, Card.D7], 22, kontra=1)
    assert (over["value"], over["score"]) == (54, -108)


def test_fs8_fs12_the_ais_scores_of_random_tallies_are_the_scorers() -> None:
    """FS-8..12: the scores alone (``values``, which the AI's playouts and search read) are
    those of the whole score, over random games, cards won, tricks, bids and Kontra."""
    rng = random.Random(11)
    games = ["clubs", "spades", "hearts", "diamonds", "grand", "null"]
    outcomes: set[tuple[bool, bool, bool]] = set()
    for _ in range(3000):
        cards_in = list(Card)
        rng.shuffle(cards_in)
        declaration = D(
            rng.choice(games), rng.random() < 0.3, schneider=rng.random() < 0.1,
            ouvert=rng.random() < 0.05,
        )  # fmt: skip
        contract = skat_contract(
            declaration, 1, rng.choice((18, 23, 36, 48, 72, 96)),
            frozenset(cards_in[:12]), rng.randrange(3),
        )  # fmt: skip
        layout, skat = contract.layout, cards_in[30:]
        rest = cards_in[:30]
        cut = rng.randrange(31)
        taken = 0 if cut == 0 else 10 if cut == 30 else rng.randrange(1, 10)
        won = [layout.mask(rest[cut:]), layout.mask(rest[:cut]), 0]
        counts = [10 - taken, taken, 0]
        last = [9 if taken < 10 else -1, 9 if taken == 10 else max(taken - 1, -1), -1]
        facts = tally(layout, won, counts, last, layout.mask(skat), 0)
        score = contract.scorer(facts)
        assert score_values(contract.scorer)(facts) == score.scores
        assert score.details is not None
        outcomes.add((score.details["won"], score.details["overbid"], score.details["schwarz"]))
    assert len(outcomes) >= 5  # won, lost, overbid, Schwarz all met


def test_scorer_with_kontra_keeps_everything_else() -> None:
    scorer = SkatScorer(D("grand", True), 2, 30, 3)
    doubled = scorer.with_kontra(2)
    assert (doubled.declarer, doubled.bid, doubled.matadors, doubled.kontra) == (2, 30, 3, 2)


# -- bidding (FS-4, FS-5, FS-1) -------------------------------------------------------------


def test_fs5_middlehand_bids_to_forehand_then_rearhand_to_the_survivor() -> None:
    deal = fresh()
    assert (deal.phase, deal.to_act) == ("bidding", 1)
    run(deal, (1, Bid(18)), (0, Hold()), (1, Bid(20)), (0, Hold()), (1, Pass()))
    assert deal.to_act == 2  # rearhand bids to forehand, the survivor
    run(deal, (2, Bid(22)), (0, Pass()))
    assert deal.phase == "declaring" and deal.to_act == 2
    assert (deal.state.declarer, deal.state.bid) == (2, 22)


def test_fs5_the_survivor_of_the_first_round_declares_when_rearhand_passes() -> None:
    deal = run(fresh(), (1, Bid(18)), (0, Pass()), (2, Pass()))
    assert (deal.phase, deal.to_act, deal.state.declarer, deal.state.bid) == (
        "declaring", 1, 1, 18,
    )  # fmt: skip


def test_fs1_forehand_has_the_last_word_after_two_passes() -> None:
    """FS-1/FS-5: middlehand and rearhand pass without a bid; forehand may bid 18 or more."""
    deal = run(fresh(), (1, Pass()), (2, Pass()))
    assert deal.to_act == 0 and Hold() not in deal.legal_actions()
    assert Bid(18) in deal.legal_actions() and Pass() in deal.legal_actions()
    run(deal, (0, Bid(23)))
    assert (deal.phase, deal.state.declarer, deal.state.bid) == ("declaring", 0, 23)


def test_fs1_all_pass_is_a_ramsch_or_thrown_in() -> None:
    deal = run(fresh(), (1, Pass()), (2, Pass()), (0, Pass()))
    assert deal.phase == "play" and deal.contract.name == "ramsch" and deal.to_act == 0
    thrown = run(fresh(parse_rules({"game": "skat", "all_pass": "throw_in"})), *(
        (1, Pass()), (2, Pass()), (0, Pass())))  # fmt: skip
    assert thrown.finished and thrown.result is not None
    assert thrown.result.contract == "passed" and set(thrown.result.scores) == {0}
    pushing = fresh(parse_rules({"game": "skat", "ramsch": {"schieben": True}}))
    run(pushing, (1, Pass()), (2, Pass()), (0, Pass()))
    assert pushing.phase == "push" and pushing.to_act == 0


def test_fs4_every_value_above_the_last_bid_is_offered() -> None:
    deal = run(fresh(), (1, Bid(27)))
    assert deal.legal_actions() == [Hold(), Pass()]
    run(deal, (0, Hold()))
    bids = [action.value for action in deal.legal_actions() if isinstance(action, Bid)]
    assert bids == [value for value in LADDER if value > 27]


@pytest.mark.parametrize(
    ("actions", "bad", "message"),
    [
        ([], (1, Bid(19)), "19 is not a value you can bid"),
        ([], (1, Bid(17)), "17 is not a value you can bid"),
        ([(1, Bid(20)), (0, Hold())], (1, Bid(20)), "Bid more than 20"),
        ([(1, Bid(20)), (0, Hold())], (1, Bid(18)), "Bid more than 20"),
        ([(1, Bid(20))], (0, Bid(22)), "20 has been bid to you: hold it or pass"),
        ([], (1, Hold()), "Nobody has bid to you"),
        ([], (1, TakeSkat()), "The bidding comes first"),
        ([], (1, Play(Card.HJ)), "The bidding comes first"),
    ],
)
def test_fs4_bad_bids_are_refused_and_change_nothing(
    actions: list[tuple[int, Any]], bad: tuple[int, Any], message: str
) -> None:
    deal = run(fresh(), *actions)
    before = replay_summary(deal)
    with pytest.raises(IllegalActionError, match=message):
        deal.apply(bad[1], bad[0])
    assert replay_summary(deal) == before


def test_fs5_an_action_out_of_turn_is_refused() -> None:
    with pytest.raises(NotYourTurnError):
        fresh().apply(Bid(18), 2)


# -- declaring (FS-6) -----------------------------------------------------------------------


def won_by_forehand(rules: FullSkatRules = SKAT, bid: int = 18) -> Deal:  # type: ignore[assignment]
    return run(fresh(rules), (1, Bid(bid)), (0, Hold()), (1, Pass()), (2, Pass()))


def test_fs6_the_skat_is_taken_and_two_cards_laid_away_count_for_the_declarer() -> None:
    deal = run(won_by_forehand(), (0, TakeSkat()))
    assert len(deal.hand(0)) == 12 and deal.view(0).skat == (Card.D8, Card.D7)  # taken up
    assert all(isinstance(action, Discard) for action in deal.legal_actions())
    assert len(deal.legal_actions()) == 66
    assert deal.view(1).skat == ()
    run(deal, (0, Discard((Card.SA, Card.ST))))
    assert deal.skat == (Card.SA, Card.ST) and deal.view(0).laid == (Card.SA, Card.ST)
    assert deal.view(0).skat == () and deal.state.said[-1] == (0, "discard")
    assert deal.view(1).laid == () and len(deal.hand(0)) == 10
    legal = deal.legal_actions()
    assert Declare("clubs", False, False, False, None) in legal
    assert not any(isinstance(a, Declare) and (a.schneider or a.schwarz) for a in legal)
    assert not any(isinstance(a, Declare) and a.game != "null" and a.ouvert for a in legal)


def test_fs6_a_hand_game_may_announce_schneider_schwarz_and_ouvert() -> None:
    deal = run(won_by_forehand(), (0, Declare("grand", False, False, True, None)))
    contest = deal.state
    assert contest.declaration == D("grand", True, True, True, True)
    assert deal.phase == "play"
    # FS-6: an Ouvert declarer's cards are public from the first lead
    for seat in range(3):
        assert deal.view(seat).open_hands == ((0, tuple(deal.hand(0))),)


def test_fs6_the_hand_flag_must_agree_with_the_pickup() -> None:
    deal = won_by_forehand()
    with pytest.raises(IllegalActionError, match="did not take the skat"):
        deal.apply(Declare("clubs", False, False, False, False), 0)
    run(deal, (0, Declare("clubs", False, False, False, True)))
    assert deal.state.declaration.hand


@pytest.mark.parametrize(
    ("steps", "bad", "message"),
    [
        ([TakeSkat()], Declare("clubs", False, False, False, None), "Lay two cards away"),
        ([TakeSkat()], Discard((Card.HJ, Card.DJ)), "you don't hold it"),
        ([TakeSkat()], Discard((Card.CJ, Card.CJ)), "two different cards"),
        ([], Discard((Card.CJ, Card.SJ)), "Take the skat first"),
        ([TakeSkat()], TakeSkat(), "already taken the skat"),
        (
            [TakeSkat(), Discard((Card.SA, Card.ST))],
            Declare("spades", False, False, True, None),
            "Only a Hand game can be played open",
        ),
        (
            [TakeSkat(), Discard((Card.SA, Card.ST))],
            Declare("spades", True, False, False, None),
            "Only a Hand game",
        ),
        ([], Declare("null", True, False, False, None), "can't be announced in a Null"),
        ([TakeSkat(), Discard((Card.SA, Card.ST))], Kontra(), "Take the skat or declare"),
    ],
)
def test_fs6_bad_declarations_are_refused_and_change_nothing(
    steps: list[Any], bad: Any, message: str
) -> None:
    deal = run(won_by_forehand(), *((0, step) for step in steps))
    before = (replay_summary(deal), deal.hand(0), deal.skat)
    with pytest.raises(IllegalActionError, match=message):
        deal.apply(bad, 0)
    assert (replay_summary(deal), deal.hand(0), deal.skat) == before


def test_fs11_a_null_below_the_bid_cannot_be_declared() -> None:
    deal = run(won_by_forehand(bid=36), (0, TakeSkat()), (0, Discard((Card.SA, Card.ST))))
    nulls = [a for a in deal.legal_actions() if isinstance(a, Declare) and a.game == "null"]
    assert nulls == [Declare("null", False, False, True, None)]
    with pytest.raises(IllegalActionError, match="worth 23, less than your bid of 36"):
        deal.apply(Declare("null", False, False, False, None), 0)
    run(deal, (0, Declare("null", False, False, True, None)))  # Null Ouvert: 46 ≥ 36
    assert deal.state.declaration == D("null", False, ouvert=True)


# -- the card play: Kontra and Re (FS-12), Null (FS-11a) ------------------------------------


def clubs_by_middlehand(rules: FullSkatRules = SKAT) -> Deal:  # type: ignore[assignment]
    deal = run(fresh(rules), (1, Bid(18)), (0, Pass()), (2, Pass()))
    return run(deal, (1, Declare("hearts", False, False, False, None)))


def test_fs12_kontra_keeps_the_turn_and_re_answers_it_once() -> None:
    deal = clubs_by_middlehand()
    assert deal.to_act == 0 and Kontra() in deal.legal_actions()
    run(deal, (0, Kontra()))
    assert deal.to_act == 0 and Kontra() not in deal.legal_actions()
    run(deal, (0, Play(Card.SA)))
    assert deal.to_act == 1 and Re() in deal.legal_actions()
    run(deal, (1, Re()))
    assert deal.to_act == 1 and Re() not in deal.legal_actions()
    assert deal.state.kontra == 2 and deal.contract.scorer.kontra == 2  # type: ignore[attr-defined]


def test_fs12_re_must_come_before_the_declarers_next_card() -> None:
    deal = run(clubs_by_middlehand(), (0, Kontra()), (0, Play(Card.SA)), (1, Play(Card.SK)))
    assert Re() not in deal.legal_actions()
    with pytest.raises(IllegalActionError, match="Re can only answer a Kontra"):
        deal.apply(Re(), 2)


@pytest.mark.parametrize(
    ("steps", "seat", "action", "message"),
    [
        ([], 0, Re(), "Re can only answer a Kontra"),
        ([(0, Play(Card.SA))], 1, Kontra(), "Only a defender"),
        ([(0, Play(Card.SA)), (1, Play(Card.SK))], 2, Kontra(), None),
        ([(0, Kontra())], 0, Kontra(), "Kontra has already been said"),
    ],
)
def test_fs12_kontra_by_the_declarer_or_after_the_first_card_is_refused(
    steps: list[tuple[int, Any]], seat: int, action: Any, message: str | None
) -> None:
    deal = run(clubs_by_middlehand(), *steps)
    before = replay_summary(deal)
    if message is None:  # rearhand has not played yet: he may
        deal.check(action, seat)
        return
    with pytest.raises(IllegalActionError, match=message):
        deal.apply(action, seat)
    assert replay_summary(deal) == before


def test_fs12_after_his_first_card_a_defender_may_not_say_kontra() -> None:
    deal = run(clubs_by_middlehand(), (0, Play(Card.SA)), (1, Play(Card.SK)), (2, Play(Card.S8)))
    winner = deal.to_act
    assert winner is not None and winner != 1
    with pytest.raises(IllegalActionError, match="before your first card"):
        deal.apply(Kontra(), winner)


def test_fs12_no_kontra_when_the_table_plays_without_it_nor_in_ramsch() -> None:
    off = clubs_by_middlehand(parse_rules({"game": "skat", "kontra": False}))
    assert Kontra() not in off.legal_actions()
    with pytest.raises(IllegalActionError, match="not played at this table"):
        off.apply(Kontra(), 0)
    ramsch = run(fresh(), (1, Pass()), (2, Pass()), (0, Pass()))
    assert Kontra() not in ramsch.legal_actions()
    with pytest.raises(IllegalActionError):
        ramsch.apply(Kontra(), 0)


def test_fs11a_a_null_game_ends_at_the_declarers_first_trick() -> None:
    """In Null the ten ranks below the jack: middlehand's ♠K takes forehand's ♠10 and the
    game is lost at once, the other cards unplayed (a won Null: the golden records)."""
    deal = run(fresh(), (1, Bid(18)), (0, Pass()), (2, Pass()))
    run(deal, (1, Declare("null", False, False, False, None)))
    run(deal, (0, Play(Card.ST)), (1, Play(Card.SK)))
    assert not deal.finished
    run(deal, (2, Play(Card.S8)))
    assert deal.finished and deal.result is not None and len(deal.result.tricks) == 1
    assert deal.result.tricks[0].winner == 1 and deal.legal_actions() == []
    assert deal.result.scores == (0, -70, 0)  # Null Hand (the skat stayed down): 35
    assert replay_summary(deal)["phase"] == "finished"


def test_fs11a_other_games_are_played_to_the_tenth_trick() -> None:
    deal = clubs_by_middlehand()
    while not deal.finished:
        legal = [action for action in deal.legal_actions() if isinstance(action, Play)]
        deal.apply(legal[0])
    assert deal.result is not None and len(deal.result.tricks) == 10


# -- the command line: bad input exits 2 with one line ------------------------------------


BASE_RECORD = {
    "rules": {"game": "skat"},
    "hands": [[str(c) for c in hand] for hand in HANDS],
    "skat": [str(c) for c in SKAT_CARDS],
}


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([{"action": "bid", "value": 19}], "19 is not a value"),
        ([{"action": "bid", "value": "18"}], "a bid names a value"),
        ([{"seat": 0, "action": "bid", "value": 18}], "not your turn"),
        (
            [{"action": "pass"}, {"action": "pass"}, {"action": "bid", "value": 18},
             {"action": "pickup"}, {"action": "discard", "cards": ["HJ", "DJ"]}],
            "don't hold",
        ),
        (
            [{"action": "bid", "value": 36}, {"action": "hold"}, {"action": "pass"},
             {"action": "pass"}, {"action": "declare", "game": "null", "hand": True}],
            "less than your bid",
        ),
        (
            [{"action": "bid", "value": 18}, {"action": "hold"}, {"action": "pass"},
             {"action": "pass"}, {"action": "pickup"}, {"action": "discard", "cards": ["SA", "ST"]},
             {"action": "declare", "game": "spades", "ouvert": True}],
            "Only a Hand game",
        ),
        (
            [{"action": "bid", "value": 18}, {"action": "hold"}, {"action": "pass"},
             {"action": "pass"}, {"action": "declare", "game": "clubs"}, {"action": "kontra"}],
            "only a defender",
        ),
        (
            [{"action": "bid", "value": 18}, {"action": "pass"}, {"action": "pass"},
             {"action": "declare", "game": "clubs"}, {"action": "kontra"}, {"action": "kontra"}],
            "already been said",
        ),
        ([{"action": "pass"}, {"action": "pass"}, {"action": "pass"}, {"action": "kontra"}],
         "play a card"),
        (
            [{"action": "bid", "value": 18}, {"action": "hold"}, {"action": "pass"},
             {"action": "pass"}, {"action": "declare", "game": "clubs"}, "CA", "HT"],
            "must follow",
        ),
        (
            [{"action": "bid", "value": 18}, {"action": "hold"}, {"action": "pass"},
             {"action": "pass"}, {"action": "declare", "game": "clubs"}, "DA"],
            "don't hold",
        ),
        ([{"action": "declare", "game": "skat"}], "'game' must be one of"),
    ],
)  # fmt: skip
def test_bad_input_to_the_replay_exits_2_with_one_line(
    tmp_path: Path, actions: list[Any], message: str
) -> None:
    error = refused_replay(tmp_path, {**BASE_RECORD, "actions": actions})
    assert message.lower() in error.lower()


@pytest.mark.parametrize("path", DECLARED, ids=lambda path: path.stem)
def test_fs9_the_value_steps_add_up_to_the_value_scored(path: Path) -> None:
    """FS-8..12: the written-out steps (matadors, game, Hand, Schneider ... × base, raised
    when overbid, doubled per Kontra/Re) reach exactly the value the game scored."""
    deal = replay_record(load(path))
    details = deal.result.details if deal.result is not None else None
    assert details is not None and "won" in details
    steps = value_steps(details)
    assert steps.value == details["value"]
    assert (steps.raised or steps.counted) << steps.kontra == steps.value
    if steps.game != "null":
        levels = [level for _, level in steps.steps]
        assert levels == list(range(abs(details["matadors"]), steps.level + 1))
        assert steps.counted == steps.level * steps.base
        assert (steps.raised is not None) == details["overbid"]


def test_fs13_fs14_the_table_presets_are_valid_table_options_of_their_game() -> None:
    """The tournament list and the Bock preset carry table options a match accepts; every
    Bock switch a plain "Bock rounds: on" turns on exists."""
    from ramsch_core import GAMES, TableOptions, check_table, parse_table_options
    from ramsch_core.games.skat.match_options import SkatMatchOptions

    skat = GAMES["skat"]
    assert set(skat.table_presets) == {"skat-tournament", "skat-bock"}
    for game in GAMES.values():
        assert set(game.table_presets) <= set(game.presets)
        assert set(game.match_options.BOCK_SWITCHES) <= set(game.match_options.model_fields)
        for name, table in game.table_presets.items():
            check_table(game.preset(name), parse_table_options(table))
    rules = skat.preset("skat-bock")
    bock = parse_table_options(skat.table_presets["skat-bock"]).of_game(rules)
    assert isinstance(bock, SkatMatchOptions)
    assert bock.ramsch_after_bock and bock.bock_on_sixty and bock.bock_on_value
    tournament = parse_table_options(skat.table_presets["skat-tournament"])
    assert TableOptions(seats=4).of_game(rules) == SkatMatchOptions()
    assert tournament.of_game(rules) == SkatMatchOptions(tournament=True)

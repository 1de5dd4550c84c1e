"""Full Skat where forehand must play (FS-16, ``all_pass: "forehand"``, preset skat-standard):
when middlehand and rearhand pass without a bid, forehand is the declarer at 18 and may not
pass; his game is valued and lost as any declarer's."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ramsch_core import Card, Deal, IllegalActionError, Match, parse_rules, parse_table_options
from ramsch_core.ai import HeuristicPlayer, RandomPlayer
from ramsch_core.games import SKAT
from ramsch_core.games.skat.bidding import Bid, Hold, forehand_must_play
from ramsch_core.games.skat.contract import SkatContest
from ramsch_core.games.skat.declaring import Declare, Discard, TakeSkat
from ramsch_core.phases.say import Pass
from ramsch_core.record import deal_record, replay_record, replay_summary
from ramsch_core.terminal import TerminalGame
from tests.core.cli import refused_replay

DATA = Path(__file__).resolve().parents[1] / "data" / "skat"
MUST_PLAY = parse_rules({"game": "skat", "all_pass": "forehand"})
WEAK = json.loads((DATA / "forehand_must_play_diamonds_lost.json").read_text(encoding="utf-8"))
"""A deal whose forehand holds ♣J and nothing else worth bidding on."""


def weak_deal(rules: Any = MUST_PLAY) -> Deal:
    hands = [[Card.parse(name) for name in hand] for hand in WEAK["hands"]]
    return Deal(rules, hands, [Card.parse(name) for name in WEAK["skat"]])


def contest(deal: Deal) -> SkatContest:
    assert isinstance(deal.state, SkatContest)
    return deal.state


def two_passes(deal: Deal) -> Deal:
    deal.apply(Pass(), 1)
    deal.apply(Pass(), 2)
    return deal


def test_fs16_the_preset_skat_standard_makes_forehand_play() -> None:
    rules = SKAT.preset("skat-standard")
    assert rules.all_pass == "forehand"  # type: ignore[attr-defined]
    assert "forehand must play" in SKAT.descriptions["skat-standard"]


def test_fs16_after_two_passes_forehand_is_the_declarer_at_18_and_may_not_pass() -> None:
    deal = two_passes(weak_deal())
    state = contest(deal)
    assert (deal.phase, deal.to_act, state.declarer, state.bid) == ("declaring", 0, 0, 18)
    assert not state.passed_out and forehand_must_play(state)
    legal = deal.legal_actions()
    assert Pass() not in legal and TakeSkat() in legal
    assert not any(isinstance(action, (Bid, Hold)) for action in legal)


def test_fs16_at_other_tables_forehand_keeps_his_last_word() -> None:
    """FS-1 unchanged: with Ramsch or throw-in, forehand may still bid or pass."""
    for all_pass in ("ramsch", "throw_in"):
        deal = two_passes(weak_deal(parse_rules({"game": "skat", "all_pass": all_pass})))
        assert deal.phase == "bidding" and deal.to_act == 0
        assert Pass() in deal.legal_actions() and Bid(18) in deal.legal_actions()
        assert not forehand_must_play(contest(deal))


@pytest.mark.parametrize(
    ("actions", "declarer", "bid"),
    [
        ([(1, Bid(18)), (0, Pass()), (2, Pass())], 1, 18),
        ([(1, Pass()), (2, Bid(20)), (0, Pass())], 2, 20),
        ([(1, Bid(18)), (0, Hold()), (1, Pass()), (2, Pass())], 0, 18),
    ],
)
def test_fs16_once_a_value_is_named_the_bidding_is_the_usual_one(
    actions: list[tuple[int, Any]], declarer: int, bid: int
) -> None:
    """The obligation needs both others to pass without a bid; a won bidding is FS-5's."""
    deal = weak_deal()
    for seat, action in actions:
        deal.apply(action, seat)
    state = contest(deal)
    assert (deal.phase, state.declarer, state.bid) == ("declaring", declarer, bid)
    assert not forehand_must_play(state)


@pytest.mark.parametrize(
    "before",
    [[], [(0, TakeSkat())], [(0, TakeSkat()), (0, Discard((Card.SA, Card.ST)))]],
    ids=["before the skat", "skat taken", "two laid away"],
)
def test_fs16_a_pass_where_forehand_must_play_is_refused_and_changes_nothing(
    before: list[tuple[int, Any]],
) -> None:
    deal = two_passes(weak_deal())
    for seat, action in before:
        deal.apply(action, seat)
    summary, legal = replay_summary(deal), deal.legal_actions()
    with pytest.raises(IllegalActionError, match="as forehand you must play a game") as refused:
        deal.apply(Pass(), 0)
    assert "FS-" not in str(refused.value)
    assert replay_summary(deal) == summary and deal.legal_actions() == legal


def test_fs16_a_forehand_obliged_to_play_is_never_overbid() -> None:
    """Every game is worth at least 18 (Diamonds with or without 1: 9 × 2), so a declared game
    of forehand's obligation is never overbid, however it ends (FS-11)."""
    for seed in range(60):
        deal = Deal.from_seed(MUST_PLAY, seed)
        two_passes(deal)
        players = [RandomPlayer(seed * 3 + seat) for seat in range(3)]
        while deal.to_act is not None:
            view = deal.view(deal.to_act)
            deal.apply(players[deal.to_act].choose(view))
        assert deal.result is not None and deal.result.details is not None
        assert deal.result.details["overbid"] is False
        assert deal.result.details["bid"] == 18 and deal.result.details["declarer"] == 0


def test_fs16_golden_records_play_forehands_obligation_won_and_lost() -> None:
    """Hand-worked records (docs/records.md): the obligation won (+24), and a weak forehand's
    Diamonds with 1 worth exactly the 18 of the obligation, lost without overbid (−36)."""
    won = replay_summary(
        replay_record(json.loads((DATA / "forehand_must_play_clubs_won.json").read_text()))
    )
    lost = replay_summary(replay_record(WEAK))
    assert (won["bid"], won["won"], won["scores"]) == (18, True, [24, 0, 0])
    assert (lost["bid"], lost["value"], lost["overbid"], lost["won"]) == (18, 18, False, False)
    assert lost["scores"] == [-36, 0, 0]


HOPELESS = [
    "CT CK CQ ST SK SQ HT HK HQ DK",
    "CJ SJ CA C9 C8 SA S9 S8 HA H9",
    "HJ DJ C7 S7 H8 H7 DA DT DQ D9",
]
"""Forehand without a jack, an ace or a safe Null card."""


def test_fs16_the_ai_forehand_plays_a_hand_it_would_pass_elsewhere() -> None:
    """The heuristic passes this forehand hand when it may; obliged, it takes the skat, lays
    two away and declares a game, every step one it is offered."""
    hands = [[Card.parse(name) for name in hand.split()] for hand in HOPELESS]
    skat = [Card.D8, Card.D7]
    elsewhere = two_passes(Deal(SKAT.preset("skat"), hands, skat))
    ai = HeuristicPlayer(7, playouts=16, time_limit=None)
    assert ai.choose(elsewhere.view(0)) == Pass()
    deal = two_passes(Deal(MUST_PLAY, hands, skat))
    steps = []
    while deal.phase == "declaring":
        view = deal.view(0)
        action = ai.choose(view)
        assert action in view.legal and Pass() not in view.legal
        steps.append(action)
        deal.apply(action, 0)
    assert isinstance(steps[-1], Declare) and contest(deal).declaration is not None
    assert deal.phase == "play"


RECORD = {
    "rules": {"game": "skat", "all_pass": "forehand"},
    "hands": WEAK["hands"],
    "skat": WEAK["skat"],
}


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([{"action": "pass"}, {"action": "pass"}, {"action": "pass"}], "you must play a game"),
        (
            [{"action": "pass"}, {"action": "pass"}, {"action": "bid", "value": 18}],
            "Take the skat or declare",
        ),
        (
            [{"action": "pass"}, {"action": "pass"}, {"action": "pickup"}, {"action": "pass"}],
            "you must play a game",
        ),
    ],
)
def test_fs16_a_record_with_a_pass_where_forehand_must_play_exits_2_with_one_line(
    tmp_path: Path, actions: list[Any], message: str
) -> None:
    error = refused_replay(tmp_path, {**RECORD, "actions": actions})
    assert message.lower() in error.lower()


def test_fs16_random_tables_replay_from_seed_and_actions() -> None:
    """A deal of the obligation is rebuilt exactly from its rules, seed and actions."""
    rng = random.Random(16)
    for seed in range(20):
        deal = Deal.from_seed(MUST_PLAY, seed)
        players = [RandomPlayer(rng.randrange(1 << 30)) for _ in range(3)]
        while deal.to_act is not None:
            deal.apply(players[deal.to_act].choose(deal.view(deal.to_act)))
        record = json.loads(json.dumps(deal_record(deal, seed)))
        assert record["rules"]["all_pass"] == "forehand"
        assert replay_summary(replay_record(record)) == replay_summary(deal)


def test_fs16_the_terminal_says_forehand_must_play_and_refuses_his_pass() -> None:
    """At the terminal: the second pass is followed by who must play; the human forehand is
    told he plays at 18, and a typed pass is refused with the reason and asked again."""
    lines: list[str] = []
    refused: list[str] = []

    def read(prompt: str) -> str:
        lines.append(prompt)
        if (
            prompt.startswith("Take the skat")
            and not refused
            and any(line.startswith("You must play, at 18.") for line in lines[-3:])
        ):
            refused.append(prompt)
            return "p"
        return ""

    match = Match(SKAT.preset("skat-standard"), parse_table_options({"rounds": 1}), seed=5)
    assert TerminalGame(match, "easy", 5, read, lines.append).run() == 0
    text = "\n".join(lines)
    assert "Both others passed: You must play a game, at 18." in text
    assert refused, "the human was never forehand obliged to play"
    assert "as forehand you must play a game and may not pass" in text
    assert match.finished

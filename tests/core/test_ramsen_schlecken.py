"""Ramsen's schlecken by the cutter's choice (RA-2, RA-8), tables of earlier versions with
schlecken as a switch, and the stake settled when the game is won (RA-9)."""

from __future__ import annotations

import json
import random

import pytest

from ramsch_core.errors import IllegalActionError, InvalidDealError, NotYourTurnError
from ramsch_core.games.ramsen import RamsenRules, ramsen_deal
from ramsch_core.games.ramsen.contract import settlement
from ramsch_core.games.ramsen.exchange import Exchange
from ramsch_core.games.ramsen.schlecken import NoSchleck, Schleck, SchleckChosen
from ramsch_core.match import Match, TableOptions
from ramsch_core.record import deal_record, replay_record
from tests.core.cli import ROOT, run_cli

DATA = ROOT / "tests" / "data" / "ramsen"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ra8_the_cutters_choice_deals_as_always_or_never(players: int) -> None:
    """RA-8: keeping the bottom card deals exactly what ``schlecken: "always"`` deals from the
    same seed, leaving it what ``"never"`` deals: hands, upcard and talon."""
    choice = RamsenRules(players=players)
    cutter = players - 2
    for seed in range(40):
        for action, fixed in ((Schleck(), "always"), (NoSchleck(), "never")):
            deal = ramsen_deal(choice, seed)
            expected = ramsen_deal(choice.model_copy(update={"schlecken": fixed}), seed)
            events = deal.apply(action, cutter)
            assert events[0] == SchleckChosen(cutter, isinstance(action, Schleck))
            assert [deal.initial_hand(seat) for seat in range(players)] == [
                expected.initial_hand(seat) for seat in range(players)
            ]
            assert [deal.hand(seat) for seat in range(players)] == [
                expected.hand(seat) for seat in range(players)
            ]
            assert deal.skat == expected.skat
            assert deal.state.upcard == expected.state.upcard
            assert deal.state.schleck_seat == expected.state.schleck_seat
            assert deal.phase == "exchange" and deal.to_act == 0


def test_ra8_only_the_cutter_sees_the_bottom_card_and_nobody_holds_a_card() -> None:
    """RA-8: while the cutter chooses nothing is dealt: no seat sees a hand, no upcard is
    turned, and only the cutter sees the bottom card of the cut (the talon's last card)."""
    deal = ramsen_deal(RamsenRules(players=4), 7)
    assert deal.phase == "schlecken" and deal.to_act == 2
    bottom = deal.skat[-1]
    for seat in range(4):
        view = deal.view(seat)
        assert view.hand == ()
        assert view.public.state.upcard is None and view.public.state.choosing
        assert view.skat == ((bottom,) if seat == 2 else ())
        assert view.legal == ((Schleck(), NoSchleck()) if seat == 2 else ())
    deal.apply(Schleck())
    assert bottom in deal.hand(2)
    assert all(len(deal.view(seat).hand) == 5 for seat in range(4))
    assert not deal.view(2).skat and not deal.public_view().state.choosing


def test_ra8_a_choice_by_another_seat_or_another_step_is_refused_and_changes_nothing() -> None:
    """RA-8: only the cutter chooses, and nothing else happens first."""
    deal = ramsen_deal(RamsenRules(players=4), 3)
    before = deal_record(deal)
    with pytest.raises(NotYourTurnError):
        deal.apply(Schleck(), 0)
    with pytest.raises(IllegalActionError, match="bottom card of the cut"):
        deal.apply(Exchange((), False))
    assert deal_record(deal) == before and deal.to_act == 2


def test_ra8_a_record_of_a_choice_deal_gives_no_schleck() -> None:
    """RA-8: a record of a choice deal gives the cards dealt without schlecken; a
    ``schleck`` field is refused."""
    record = json.loads((DATA / "schlecken_choice_kept.json").read_text())
    record["schleck"] = {"seat": 2, "card": "ST"}
    record["talon"] = record["talon"][:-1]
    with pytest.raises(InvalidDealError, match="as an action"):
        replay_record(record)


def test_ra8_a_record_with_a_schleck_by_the_wrong_seat_exits_2_with_one_line() -> None:
    """RA-8: a record whose schlecken choice is made by a seat other than the cutter."""
    record = json.loads((DATA / "schlecken_choice_kept.json").read_text())
    record["actions"][0]["seat"] = 1
    done = run_cli("replay", "-", stdin=json.dumps(record))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "action 1" in done.stderr and "not your turn" in done.stderr


@pytest.mark.parametrize(("old", "new"), [(True, "always"), (False, "never")])
def test_ra2_rules_written_with_schlecken_as_a_switch_keep_their_deal(old: bool, new: str) -> None:
    """RA-2: earlier versions wrote ``schlecken`` as true or false; such rules read as
    ``always`` and ``never`` and deal the same cards from a seed, with no choice to make."""
    rules = RamsenRules.model_validate({"game": "ramsen", "players": 4, "schlecken": old})
    assert rules.schlecken == new and rules == RamsenRules(players=4, schlecken=new)
    deal = ramsen_deal(rules, 12)
    assert deal.phase == "exchange"
    assert deal.state.schleck_seat == (2 if old else None)


def test_ra9_the_stake_is_paid_per_bar_still_owed_to_the_winner() -> None:
    """RA-9: each other player pays the winner the stake for every bar he still owes."""
    assert settlement([0, 3, 10, 7], 0, 20) == [400, -60, -200, -140]
    assert settlement([4, 0, 1], 1, 5) == [-20, 25, -5]


@pytest.mark.parametrize("stake", [0, 15])
def test_ra9_a_game_played_to_its_winner_settles_the_stake_once(stake: int) -> None:
    """RA-9: only the deal that ends the game carries the money (``details["paid"]``): what
    the others still owe, times the stake, to the winner; none without a stake."""
    rules = RamsenRules(players=3, crosses=1, stake=stake)
    match = Match(rules, TableOptions(seats=3), 5)
    rng = random.Random(5)
    while not match.finished:
        match.apply(rng.choice(match.deal.legal_actions()), match.to_act)
    *earlier, last = match.finished_deals
    assert all("paid" not in (entry.result.details or {}) for entry in earlier)
    details = last.result.details or {}
    winner, owed = details["winner"], details["owed"]
    assert winner is not None and owed[winner] == 0
    if not stake:
        assert "paid" not in details
        return
    paid = details["paid"]
    assert sum(paid) == 0 and paid[winner] == stake * sum(owed)
    assert all(paid[seat] == -stake * owed[seat] for seat in range(3) if seat != winner)

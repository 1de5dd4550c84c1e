"""The game's own deal from a seed (``RuleSet.deal_from_seed``) and what a match carries from
deal to deal (``initial_carry``, ``carry_over``, ``carry_for_deal``): every registered game
deals as before; a Ramsen match carries the bars each table seat owes until somebody wins."""

from __future__ import annotations

import random

import pytest

from ramsch_core.actions import Action
from ramsch_core.deal import Deal, deal_from_seed
from ramsch_core.games import GAMES
from ramsch_core.games.ramsen import RamsenRules, ramsen_deal
from ramsch_core.games.ramsen.exchange import RamsenState
from ramsch_core.match import Match, TableOptions, deal_seed


def test_every_preset_deals_from_a_seed_as_before() -> None:
    """``Deal.from_seed`` goes through the game's hook and gives the hands and skat of the
    seed's schedule, the same cards as before the hook, for every preset of every game dealt
    as hands and a skat (Ramsen, with its upcard and talon, has tests of its own); what a
    match carries (Schafkopf's Stock pot) does not change the cards."""
    for game in GAMES.values():
        for name in game.presets:
            rules = game.preset(name)
            if rules.record_fields():
                continue
            carry = rules.initial_carry(rules.players)
            for seed in (0, 1, 7, 12345, 2**63 - 1):
                hands, skat = deal_from_seed(rules, seed)
                deal = Deal.from_seed(rules, seed)
                carried = rules.deal_from_seed(seed, carry)
                assert carried.dealt_hands == deal.dealt_hands
                assert [list(deal.initial_hand(seat)) for seat in range(rules.players)] == [
                    sorted(hand) for hand in hands
                ]
                assert list(deal.initial_skat) == skat
                assert list(deal.skat) == skat


def test_a_match_of_another_game_carries_nothing() -> None:
    rules = GAMES["skat"].preset("skat")
    match = Match(rules, TableOptions(seats=3), 5)
    assert match.carry is None
    expected = Deal.from_seed(rules, deal_seed(5, 0))
    assert [match.deal.initial_hand(seat) for seat in range(3)] == [
        expected.initial_hand(seat) for seat in range(3)
    ]


def _owed_before(match: Match) -> tuple[int, ...]:
    state = match.deal.state
    assert isinstance(state, RamsenState)
    return state.owed_before


def _play_out(match: Match, rng: random.Random) -> list[tuple[int | None, Action]]:
    """Random legal actions (by table seat) until the match is over; checks the carry at the
    start of every deal and after every finished one."""
    rules = match.rules
    assert isinstance(rules, RamsenRules)
    taken: list[tuple[int | None, Action]] = []
    carried = [rules.crosses * 5] * match.seats
    assert match.carry == tuple(carried)
    while not match.finished:
        assert len(match.finished_deals) < 500, "a Ramsen match that never ends"
        number = match.number
        active = match.active_seats
        assert _owed_before(match) == tuple(carried[seat] for seat in active)
        expected = ramsen_deal(
            rules, deal_seed(match.seed, number), owed_before=_owed_before(match)
        )
        assert match.deal.state == expected.state and match.deal.skat == expected.skat
        while match.number == number and not match.finished:
            seat = match.to_act
            action = rng.choice(match.deal.legal_actions())
            match.apply(action, seat)
            taken.append((seat, action))
        entry = match.finished_deals[-1]
        details = entry.result.details or {}
        for deal_seat, table_seat in enumerate(entry.seats):
            carried[table_seat] = details["owed"][deal_seat]
        assert match.carry == tuple(carried)
    return taken


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("match_seed", [1, 2, 3])
def test_ra7_a_ramsen_match_carries_the_bars_owed_until_a_winner(
    players: int, match_seed: int
) -> None:
    """RA-7: each table seat starts owing ``crosses`` × 5 bars; every deal starts with the
    bars its seats (rotated with the dealer) still owe; the match ends with the deal in which
    somebody draws his last bar, however many rounds that takes, and replays the same."""
    rules = RamsenRules(players=players, crosses=1 + match_seed % 2)
    options = TableOptions(seats=players)
    match = Match(rules, options, match_seed)
    taken = _play_out(match, random.Random(match_seed * 10 + players))
    last = match.finished_deals[-1]
    assert "match_over" in last.result.events
    assert all("match_over" not in entry.result.events for entry in match.finished_deals[:-1])
    winner = (last.result.details or {})["winner"]
    assert match.carry[last.seats[winner]] == 0
    assert sum(1 for owed in match.carry if owed == 0) == 1
    assert [entry.dealer for entry in match.finished_deals] == [
        number % players for number in range(len(match.finished_deals))
    ]

    again = Match.replay(rules, options, match_seed, taken)
    assert again.finished and again.carry == match.carry and again.totals == match.totals
    assert [entry.result for entry in again.finished_deals] == [
        entry.result for entry in match.finished_deals
    ]


def test_ra7_a_ramsen_match_goes_on_past_its_rounds() -> None:
    """RA-7: a game is as many deals as it takes: ``rounds`` does not end a Ramsen match."""
    found = False
    for match_seed in range(40):
        rules = RamsenRules(players=3, crosses=3)
        match = Match(rules, TableOptions(seats=3, rounds=1), match_seed)
        _play_out(match, random.Random(match_seed))
        if len(match.finished_deals) > match.total_deals:
            found = True
            break
    assert found


def test_ra7_carry_over_keeps_a_seat_that_sat_out() -> None:
    """A table seat not among the deal's seats keeps what it owed (a game whose table is
    bigger than its deals)."""
    rules = RamsenRules(players=3)
    match = Match(rules, TableOptions(seats=3), 9)
    while not match.finished_deals:
        match.apply(match.deal.legal_actions()[0], match.to_act)
    entry = match.finished_deals[0]
    owed = (entry.result.details or {})["owed"]
    carried = rules.carry_over((10, 10, 10, 4), entry)
    assert carried[3] == 4
    assert [carried[seat] for seat in entry.seats] == owed
    assert rules.carry_for_deal((1, 2, 3, 4), (3, 0, 1)) == (4, 1, 2)

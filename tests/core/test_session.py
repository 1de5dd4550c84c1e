"""Sessions: seats and dealer rotation (C-4), seeded deals (C-6), Bock (SR-11), tournament
scoring (SR-12) and the Altenburg standings (AR-7)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from ramsch_core import (
    Deal,
    Match,
    NotYourTurnError,
    Play,
    RuleSet,
    RuleSetError,
    TableOptions,
    deal_from_seed,
    deal_record,
    deal_seed,
    parse_table_options,
    replay_record,
    replay_summary,
)
from ramsch_core.actions import Action
from ramsch_core.deck import shuffled_deck
from tests.core import deals
from tests.core.builders import parse_table, rules_of, table_deal

Table = tuple[list[str], str]


class ScriptedMatch(Match):
    """A match whose first deals are hand-built trick tables (the rest come from the seed),
    so that Bock and tournament rules can be checked on known results."""

    def __init__(self, rules: RuleSet, options: TableOptions, tables: list[Table]) -> None:
        self.scripted = [table_deal(rules, tricks, cards) for tricks, cards in tables]
        super().__init__(rules, options, seed=0)

    def _start_deal(self) -> Deal:
        if self.scripted:
            return self.scripted.pop(0)
        return super()._start_deal()


def play_in_match(match: Match, tricks: list[str]) -> None:
    """Play one trick table as the match's current deal, each card by its table seat."""
    seats = match.active_seats
    for leader, played in parse_table(tricks):
        for index, card in enumerate(played):
            seat = seats[(leader + index) % len(seats)]
            assert match.to_act == seat
            match.apply(Play(card), seat)


def finish_deal(match: Match) -> None:
    done = len(match.finished_deals)
    while len(match.finished_deals) == done:
        match.apply(match.deal.legal_actions()[0], match.to_act)


def play_scripted(rules: RuleSet, options: TableOptions, tables: list[Table]) -> ScriptedMatch:
    match = ScriptedMatch(rules, options, tables)
    for tricks, _ in tables:
        play_in_match(match, tricks)
    return match


# -- C-4 ----------------------------------------------------------------------------------


def test_c4_dealer_rotates_and_forehand_sits_left_of_the_dealer() -> None:
    """C-4: the dealer moves one seat clockwise every deal; forehand (left of the dealer)
    leads the first trick, then play goes clockwise: middlehand, rearhand."""
    match = Match(rules_of("skat"), TableOptions(seats=3, rounds=2), seed=1)
    for number in range(6):
        assert match.dealer == number % 3
        forehand = (number + 1) % 3
        assert match.active_seats == (forehand, (number + 2) % 3, number % 3)
        assert match.to_act == forehand
        for offset in range(3):  # the first trick, clockwise from forehand
            assert match.to_act == (forehand + offset) % 3
            match.apply(match.deal.legal_actions()[0], match.to_act)
        finish_deal(match)
    assert match.finished and match.to_act is None


def test_c4_four_seat_skat_table_the_dealer_sits_out() -> None:
    """C-4: at a four-seat Skat table the dealer sits the deal out: it never acts, its score
    for the deal is 0, and the other three play clockwise from the dealer's left."""
    match = Match(rules_of("skat"), TableOptions(seats=4, rounds=1), seed=2)
    for number in range(4):
        dealer = number % 4
        assert match.sitting_out == dealer
        assert match.active_seats == tuple((dealer + k) % 4 for k in (1, 2, 3))
        action: Action = match.deal.legal_actions()[0]
        with pytest.raises(NotYourTurnError, match="sit this deal out"):
            match.apply(action, dealer)
        finish_deal(match)
        entry = match.finished_deals[-1]
        assert entry.dealer == dealer and entry.table_scores[dealer] == 0
        assert [entry.table_scores[seat] for seat in entry.seats] == list(entry.result.scores)
    assert match.totals == [
        sum((entry.table_scores[seat] for entry in match.finished_deals), Fraction(0))
        for seat in range(4)
    ]


def test_c4_schafkopf_the_dealer_plays_fourth() -> None:
    """C-4: with four players, forehand, middlehand, rearhand, then the dealer."""
    match = Match(rules_of("schafkopf"), TableOptions(seats=4), seed=3)
    for number in range(4):
        assert match.active_seats == tuple((number + k) % 4 for k in (1, 2, 3, 4))
        assert match.sitting_out is None
        finish_deal(match)


# -- C-6 ----------------------------------------------------------------------------------


def test_c6_a_seed_deals_the_same_cards_and_forehand_receives_first() -> None:
    """C-6: the deal is a seeded permutation; forehand receives the first ten cards (C-4)."""
    rules = rules_of("skat")
    deck = shuffled_deck(42)
    assert sorted(deck) == sorted(shuffled_deck(7)) and deck != shuffled_deck(7)
    hands, cards = deal_from_seed(rules, 42)
    assert hands == deal_from_seed(rules, 42)[0] and cards == deal_from_seed(rules, 42)[1]
    assert hands[0] == sorted(deck[:10]) and hands[2] == sorted(deck[20:30])
    assert cards == sorted(deck[30:])


def test_c6_shuffle_is_uniform_enough() -> None:
    """C-6 (sanity check of uniformity): over 4000 seeds each card lands in forehand's hand
    close to 10/32 of the time, and the first card is spread over the whole deck."""
    counts: Counter[int] = Counter()
    first: Counter[int] = Counter()
    for seed in range(4000):
        deck = shuffled_deck(seed)
        counts.update(deck[:10])
        first[deck[0]] += 1
    assert all(1100 <= counts[card] <= 1400 for card in range(32))  # expected 1250
    assert len(first) == 32 and max(first.values()) < 190  # expected 125


def test_c6_a_session_replays_exactly_from_its_seed_and_actions() -> None:
    """C-6: a match rebuilt from its seed and its actions reaches the same deals, results
    and totals; another seed deals other cards."""
    rules, options = rules_of("skat", schieben=True), TableOptions(seats=4, rounds=1)
    match = Match(rules, options, seed=99)
    actions: list[tuple[int | None, Action]] = []
    while not match.finished:
        seat = match.to_act
        action = match.deal.legal_actions()[-1]
        actions.append((seat, action))
        match.apply(action, seat)
    again = Match.replay(rules, options, 99, actions)
    assert again.totals == match.totals
    assert [e.result for e in again.finished_deals] == [e.result for e in match.finished_deals]
    first = Deal.from_seed(rules, deal_seed(99, 0))
    assert Match(rules, options, seed=99).deal.initial_hand(0) == first.initial_hand(0)
    assert Match(rules, options, seed=100).deal.initial_hand(0) != first.initial_hand(0)


def test_c6_a_seeded_record_replays_exactly() -> None:
    """C-6: a record with the seed instead of the hands rebuilds the same deal."""
    rules = rules_of("altenburg", schieben=True)
    deal = Deal.from_seed(rules, 1234)
    while not deal.finished:
        deal.apply(deal.legal_actions()[len(deal.history) % len(deal.legal_actions())])
    record = deal_record(deal, seed=1234)
    assert "hands" not in record and record["seed"] == 1234
    assert replay_summary(replay_record(record)) == replay_summary(deal)


# -- SR-11 Bock ---------------------------------------------------------------------------

D0 = (deals.D0, deals.D0_SKAT)
D1 = (deals.D1, deals.D1_SKAT)
D2 = (deals.D2, deals.D2_SKAT)


def bock_flags(match: Match) -> list[bool]:
    return [entry.bock for entry in match.finished_deals]


def test_sr11_a_durchmarsch_opens_a_bock_round_that_doubles_each_deal() -> None:
    """SR-11: a Durchmarsch opens a Bock round (FS-13: one deal per seat, here 3) in which the
    Ramsch loss counts double: D1's −58 is −116 in deals 2 to 4, −58 again in deal 5."""
    options = TableOptions(seats=3, rounds=2, bock_on_durchmarsch=True)
    match = play_scripted(rules_of("skat"), options, [D0, D1, D1, D1, D1])
    assert bock_flags(match) == [False, True, True, True, False]
    first = match.finished_deals[0]
    assert first.table_scores == (0, 120, 0)  # forehand of deal 1 is table seat 1
    for entry in match.finished_deals[1:]:
        rearhand = entry.seats[2]
        loss = -116 if entry.bock else -58
        assert entry.table_scores[rearhand] == loss
        assert entry.result.scores == (0, 0, -58)  # the deal itself is scored as usual


def test_sr11_a_durchmarsch_in_bock_counts_double_and_queues_another_round() -> None:
    """SR-11 / FS-13: a Durchmarsch inside a Bock round counts double (+240) and queues a
    further Bock round after the current one: deals 2 to 7 are Bock, deal 8 is not."""
    options = TableOptions(seats=3, rounds=3, bock_on_durchmarsch=True)
    match = play_scripted(rules_of("skat"), options, [D0, D0, D1, D1, D1, D1, D1, D1])
    assert bock_flags(match) == [False, True, True, True, True, True, True, False]
    second = match.finished_deals[1]
    assert second.table_scores[second.seats[0]] == 240


def test_sr11_without_the_option_nothing_doubles() -> None:
    match = play_scripted(rules_of("skat"), TableOptions(rounds=2), [D0, D1])
    assert bock_flags(match) == [False, False]
    assert match.finished_deals[1].table_scores[match.finished_deals[1].seats[2]] == -58


def test_sr11_four_seat_bock_round_is_four_deals() -> None:
    """SR-11 / FS-13: at a four-seat table a Bock round is four deals."""
    options = TableOptions(seats=4, rounds=2, bock_on_durchmarsch=True)
    match = play_scripted(rules_of("skat"), options, [D0, D1, D1, D1, D1, D1])
    assert bock_flags(match) == [False, True, True, True, True, False]


def test_sr11_a_tie_of_all_players_opens_bock_a_tie_of_two_does_not() -> None:
    """SR-11 option `bock_on_tie`, read as "all players tie": Altenburg 40/40/40 opens a Bock
    round (A1's pips −16/−34/−66 count double after it); Skat's 44/44 tie at the top of two
    players does not."""
    rules = rules_of("altenburg")
    options = TableOptions(seats=3, rounds=2, bock_on_tie=True)
    tables = [(deals.TIE_THREE, deals.ZERO_SKAT)] + [(deals.A1, deals.A1_SKAT)] * 4
    match = play_scripted(rules, options, tables)
    assert bock_flags(match) == [False, True, True, True, False]
    second = match.finished_deals[1]
    assert [second.table_scores[seat] for seat in second.seats] == [-32, -68, -132]
    skat_session = play_scripted(
        rules_of("skat", skat_to="nobody"), TableOptions(rounds=1, bock_on_tie=True), [D2, D1]
    )
    assert bock_flags(skat_session) == [False, False]


def test_sr11_kontra_and_re_do_not_exist() -> None:
    """SR-11: there is no Kontra or Re in a Ramsch deal: no such table option or action."""
    with pytest.raises(RuleSetError, match="kontra"):
        parse_table_options({"kontra": True})
    deal = table_deal(rules_of("skat"), deals.D1, deals.D1_SKAT)
    assert all(isinstance(action, Play) for action in deal.legal_actions())


# -- SR-12 --------------------------------------------------------------------------------


def test_sr12_tournament_scoring_leaves_ramsch_scores_unchanged() -> None:
    """SR-12: with Seeger-Fabian scoring a Ramsch deal counts as in SR-5..7: only the loser
    loses (no +50 or +40 bonuses), a Jungfrau still doubles, a Durchmarsch still wins 120."""
    rules = rules_of("skat")
    tables = [D1, D0, (deals.D3, deals.D3_SKAT)]
    plain = play_scripted(rules, TableOptions(), tables)
    tournament = play_scripted(rules, TableOptions(tournament=True), tables)
    scores = [entry.table_scores for entry in tournament.finished_deals]
    assert scores == [entry.table_scores for entry in plain.finished_deals]
    assert scores == [(-58, 0, 0), (0, 0, 120), (-210, 0, 0)]
    assert tournament.totals == plain.totals == [-268, 0, 120]


# -- AR-7 ---------------------------------------------------------------------------------


def test_ar7_lowest_penalty_total_wins_the_session() -> None:
    """AR-7: after the agreed deals the lowest penalty total wins. Deals (pips, by deal seat):
    A1 −16/−34/−66, the 60/60 tie −60/−60/0, the Durchmarsch 0/−60/−60; with the dealer
    rotating, table seat 0 ends on −126, seat 1 on −76, seat 2 on −154."""
    tables = [
        (deals.A1, deals.A1_SKAT),
        (deals.TIE_TWO, deals.ZERO_SKAT),
        (deals.ALL_TRICKS, deals.ZERO_SKAT),
    ]
    match = play_scripted(rules_of("altenburg"), TableOptions(seats=3, rounds=1), tables)
    assert match.finished
    assert match.totals == [-126, -76, -154]
    assert match.standings() == [(1, -76), (0, -126), (2, -154)]

"""Matches of full Skat at a table: Bock rounds and their switches, rounds of compulsory Ramsch
after Bock (FS-13), Seeger-Fabian tournament points (FS-14), rounds and the Skat list (FS-15),
and Ramsch on all-pass under Bock and tournament points (SR-11, SR-12, FS-2).

The declared deals below were composed card by card; the points of each trick are in the
comments and every value was worked out by hand from FS-8..12 (the engine agrees: each test
first checks the deal's own result, then what the table makes of it). Seats: 0 forehand,
1 middlehand, 2 rearhand; at table seats forehand of deal ``n`` is ``(n + 1) % seats``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import pytest

from ramsch_core import (
    Action,
    Card,
    Deal,
    Match,
    Play,
    RuleSet,
    RuleSetError,
    TableOptions,
    check_table,
    deal_seed,
    parse_rules,
    parse_table_options,
)
from ramsch_core.games.skat.bidding import Bid
from ramsch_core.games.skat.contract import GameName
from ramsch_core.games.skat.declaring import Declare, Discard, TakeSkat
from ramsch_core.games.skat.match_options import SkatMatchOptions
from ramsch_core.match import SkatListRow
from ramsch_core.phases.doubling import Kontra, Re
from ramsch_core.phases.say import Pass
from tests.core import deals
from tests.core.builders import cards, hands_of_table, rules_of

SKAT = parse_rules({"game": "skat"})
THROW_IN = parse_rules({"game": "skat", "all_pass": "throw_in"})
COMPULSORY = SKAT.compulsory_ramsch()

Step = tuple[int, Action | str]
"""A deal seat and its action, or a string of cards played in turn from the seat to act."""


def declare(game: GameName) -> Declare:
    """Declare ``game`` with no announcement, Hand exactly when the skat was not taken."""
    return Declare(game=game, schneider=False, schwarz=False, ouvert=False, hand=None)


@dataclass(frozen=True)
class Script:
    """A hand-built deal and every action of it, in order."""

    hands: tuple[str, ...]
    skat: str
    steps: tuple[Step, ...]

    def deal(self, rules: RuleSet) -> Deal:
        return Deal(rules, [cards(hand) for hand in self.hands], cards(self.skat))


FOREHAND_BIDS = ((1, Pass()), (2, Pass()), (0, Bid(18)))
"""Middlehand and rearhand pass; forehand bids 18 and is the declarer."""
ALL_PASS = ((1, Pass()), (2, Pass()), (0, Pass()))

# The declarer (forehand) holds the four jacks and the aces and tens of three suits: whatever
# he leads wins, so he takes every trick. Skat ♦8 ♦7 (0).
STRONG = (
    "CJ SJ HJ DJ CA CT SA ST HA HT",
    "DA DT DK DQ D9 CK CQ C9 C8 C7",
    "SK SQ S9 S8 S7 HK HQ H9 H8 H7",
)
STRONG_TRICKS = (
    "CJ DA SK  SJ DT SQ  HJ DK HK  DJ DQ HQ  CA CK S9  "
    "CT CQ H9  SA D9 S8  ST C9 S7  HA C8 H8  HT C7 H7"
)

GRAND_HAND = Script(STRONG, "D8 D7", (*FOREHAND_BIDS, (0, declare("grand")), (0, STRONG_TRICKS)))
"""Grand Hand with 4, Schneider and Schwarz: 24 × (4 + 1 + 1 + 1 + 1) = 192, won: +192.
Events: a won Grand Hand."""

RE = Script(
    STRONG,
    "D8 D7",
    (
        *FOREHAND_BIDS,
        (0, TakeSkat()),
        (0, Discard((Card.D8, Card.D7))),
        (0, declare("grand")),
        (0, "CJ"),
        (1, Kontra()),  # middlehand, before its first card
        (1, "DA SK"),
        (0, Re()),  # the declarer, before his next card
        (0, STRONG_TRICKS[9:]),
    ),
)
"""Grand (skat taken) with 4, Schneider and Schwarz: 24 × 7 = 168, Kontra and Re ×4 = 672,
won: +672. Events: Kontra and Re."""

KONTRA = Script(
    STRONG, "D8 D7", (*FOREHAND_BIDS, (0, declare("null")), (0, "CA"), (1, Kontra()), (1, "C7 SK"))
)
"""Null Hand (35) with Kontra (70): the declarer takes the first trick and loses, −140.
Events: a Kontra that beat the declarer."""

QUIET = Script(STRONG, "D8 D7", (*FOREHAND_BIDS, (0, declare("null")), (0, "CA C7 SK")))
"""Null Hand (35) lost at the first trick: −70. No event."""

SIXTY = Script(
    (
        "CJ SJ HJ DJ CA CT SA ST H8 H7",
        "DA DT DK D9 D7 CK CQ HA HT HK",
        "DQ D8 S8 S9 C8 C9 S7 H9 C7 SQ",
    ),
    "HQ SK",  # 7, the declarer's (Hand)
    (
        *FOREHAND_BIDS,
        (0, declare("diamonds")),
        (
            0,
            "CJ D7 D8  "  # F 2
            "SJ D9 DQ  "  # F 5
            "HJ DK S8  "  # F 6
            "DJ DT S9  "  # F 12
            "CA CK C8  "  # F 15
            "CT CQ C9  "  # F 13: 53 + 7 in the skat = 60
            "SA DA S7  "  # M 22 (♦A trumps)
            "HA H9 H7  "  # M 11
            "HT C7 H8  "  # M 10
            "HK SQ ST",  # M 17: 60
        ),
    ),
)
"""Diamonds Hand with 4: 9 × (4 + 1 + 1) = 54; the declarer has 60 and loses: −108.
Events: a game lost with exactly 60."""

D1_CARDS = " ".join(line.split(":")[1] for line in deals.D1)
D1_HANDS = tuple(" ".join(str(c) for c in hand) for hand in hands_of_table(SKAT, deals.D1))
D0_CARDS = " ".join(line.split(":")[1] for line in deals.D0)
D0_HANDS = tuple(" ".join(str(c) for c in hand) for hand in hands_of_table(SKAT, deals.D0))

ALL_PASS_RAMSCH = Script(D1_HANDS, deals.D1_SKAT, (*ALL_PASS, (0, D1_CARDS)))
"""Everyone passes: a Ramsch; rearhand loses 58 (tests/core/deals.py, D1)."""
ALL_PASS_DURCHMARSCH = Script(D0_HANDS, deals.D0_SKAT, (*ALL_PASS, (0, D0_CARDS)))
"""Everyone passes: a Ramsch in which forehand takes every trick (+120)."""
COMPULSORY_RAMSCH = Script(D1_HANDS, deals.D1_SKAT, ((0, D1_CARDS),))
"""A deal of compulsory Ramsch: no bidding, the cards of D1; rearhand loses 58."""
THROWN_IN = Script(D1_HANDS, deals.D1_SKAT, ALL_PASS)
"""Everyone passes at a table that throws the cards in: nobody scores."""


class ScriptedMatch(Match):
    """A match whose first deals are hand-built, dealt with the rules of that deal (the Ramsch
    rules in a deal of compulsory Ramsch); later deals come from the seed."""

    def __init__(self, rules: RuleSet, options: TableOptions, scripts: Sequence[Script]) -> None:
        self.scripts = list(scripts)
        super().__init__(rules, options, seed=0)

    def _start_deal(self) -> Deal:
        if self.scripts:
            return self.scripts[0].deal(self.deal_rules)
        return super()._start_deal()

    def play_next(self) -> None:
        """Play the next scripted deal to its end, every action by its table seat."""
        script = self.scripts.pop(0)
        before = len(self.finished_deals)
        for seat, step in script.steps:
            if isinstance(step, str):
                for card in cards(step):
                    self.apply(Play(card), self.to_act)
            else:
                assert self.to_act == self.active_seats[seat], (step, self.to_act)
                self.apply(step, self.to_act)
        assert len(self.finished_deals) == before + 1


def play_scripted(
    options: TableOptions, scripts: Sequence[Script], rules: RuleSet = SKAT
) -> ScriptedMatch:
    match = ScriptedMatch(rules, options, scripts)
    for _ in scripts:
        match.play_next()
    return match


def auto_action(match: Match) -> Action:
    """Seeded deals: middlehand and rearhand pass, forehand bids 18 and plays a Grand Hand
    (worth 72 or more); then the first card allowed. A Ramsch deal plays the first card."""
    deal = match.deal
    if deal.phase == "bidding":
        return Bid(18) if deal.to_act == 0 else Pass()
    if deal.phase == "declaring":
        return declare("grand")
    return next(action for action in deal.legal_actions() if isinstance(action, Play))


def bock_flags(match: Match) -> list[bool]:
    return [entry.bock for entry in match.finished_deals]


def kinds(match: Match) -> str:
    """Each finished deal as ``.`` (plain), ``B`` (Bock) or ``R`` (compulsory Ramsch)."""
    return "".join(
        "B" if entry.bock else "R" if entry.compulsory_ramsch else "."
        for entry in match.finished_deals
    )


# -- the deals themselves -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "score", "events", "value"),
    [
        (GRAND_HAND, 192, {"grand_hand_won"}, 192),
        (RE, 672, {"kontra_re"}, 672),
        (KONTRA, -140, {"kontra_won"}, 70),
        (QUIET, -70, set(), 35),
        (SIXTY, -108, {"lost_with_60"}, 54),
    ],
)
def test_fs13_the_scripted_deals_score_as_worked_out(
    script: Script, score: int, events: set[str], value: int
) -> None:
    """FS-8..13: the hand-built deals the Bock tests rely on have the values and the events
    worked out by hand (so a Bock test fails for the table, not for its deal)."""
    match = play_scripted(TableOptions(), [script])
    result = match.finished_deals[0].result
    assert result.scores == (score, 0, 0)
    assert result.events == events
    assert result.details is not None and result.details["value"] == value


# -- FS-13 Bock ---------------------------------------------------------------------------

SWITCH_FIRES = {
    "bock_on_sixty": {"SIXTY"},
    "bock_on_kontra": {"KONTRA"},
    "bock_on_re": {"RE"},
    "bock_on_grand_hand": {"GRAND_HAND"},
    "bock_on_value": {"GRAND_HAND", "RE"},  # threshold 100: 192 and 672, not 70 or 54
}
DEALS = {"GRAND_HAND": GRAND_HAND, "RE": RE, "KONTRA": KONTRA, "SIXTY": SIXTY, "QUIET": QUIET}


@pytest.mark.parametrize("deal_name", list(DEALS))
@pytest.mark.parametrize("switch", list(SWITCH_FIRES))
def test_fs13_each_bock_switch_opens_a_round_on_its_event_only(switch: str, deal_name: str) -> None:
    """FS-13: with one switch on, a deal opens a Bock round (one deal per seat, 3 here) exactly
    when it has that switch's event: a game lost with 60, a Kontra that won, Kontra and Re, a
    won Grand Hand, a game worth at least the threshold (100 here). The next deal (a Null Hand
    lost, −70) then counts double."""
    options = parse_table_options({"rounds": 2, switch: True, "bock_threshold": 100})
    match = ScriptedMatch(SKAT, options, [DEALS[deal_name], QUIET])
    match.play_next()
    fires = deal_name in SWITCH_FIRES[switch]
    assert match.bock is fires
    assert match.bock_pending == (3 if fires else 0)
    match.play_next()
    second = match.finished_deals[1]
    assert second.bock is fires
    assert second.table_scores[second.seats[0]] == (-140 if fires else -70)


def test_fs13_without_a_switch_no_event_opens_bock() -> None:
    """FS-13: Bock is a table option: with every switch off no deal opens a round."""
    match = play_scripted(
        TableOptions(rounds=2), [GRAND_HAND, RE, KONTRA, SIXTY, ALL_PASS_DURCHMARSCH, QUIET]
    )
    assert bock_flags(match) == [False] * 6


@pytest.mark.parametrize(("threshold", "fires"), [(192, True), (193, False)])
def test_fs13_the_value_threshold_counts_from_the_value_up(threshold: int, fires: bool) -> None:
    """FS-13: a game worth at least the threshold opens a Bock round: Grand Hand 192 does at
    192, not at 193."""
    options = TableOptions(bock_on_value=True, bock_threshold=threshold)
    match = play_scripted(options, [GRAND_HAND])
    assert match.bock is fires


def test_fs13_the_value_threshold_is_72_unless_chosen() -> None:
    """FS-13: the threshold is 72 by default: Null Hand with Kontra (70) stays below it, and
    a threshold below the lowest game value is refused."""
    assert SkatMatchOptions().bock_threshold == 72
    assert TableOptions().of_game(SKAT) == SkatMatchOptions()
    match = play_scripted(TableOptions(bock_on_value=True), [KONTRA, GRAND_HAND])
    assert bock_flags(match) == [False, False] and match.bock
    with pytest.raises(RuleSetError, match="bock_threshold"):
        parse_table_options({"bock_on_value": True, "bock_threshold": 17})


def test_fs13_events_in_a_bock_round_queue_further_rounds() -> None:
    """FS-13: a Grand Hand won inside a Bock round counts double (+384) and queues another
    round behind the current one: deals 2 to 7 are Bock, deal 8 is not."""
    options = TableOptions(rounds=3, bock_on_grand_hand=True)
    scripts = [GRAND_HAND, GRAND_HAND, *[QUIET] * 7]
    match = ScriptedMatch(SKAT, options, scripts)
    match.play_next()
    match.play_next()
    assert match.bock_pending == 5  # this round's last two, and the queued round
    while match.scripts:
        match.play_next()
    assert bock_flags(match) == [False, True, True, True, True, True, True, False, False]
    second = match.finished_deals[1]
    assert second.table_scores[second.seats[0]] == 384
    assert match.finished


def test_fs13_ramsch_after_bock_plays_a_round_of_compulsory_ramsch() -> None:
    """FS-13 option `ramsch_after_bock`: after the Bock round comes a round of compulsory
    Ramsch, one deal per seat, dealt with the game's Ramsch rules (no bidding) and not doubled;
    then the match goes on with bidding."""
    options = TableOptions(rounds=3, bock_on_grand_hand=True, ramsch_after_bock=True)
    scripts = [GRAND_HAND, QUIET, QUIET, QUIET, *[COMPULSORY_RAMSCH] * 3, QUIET, QUIET]
    match = ScriptedMatch(SKAT, options, scripts)
    seen = []
    while match.scripts:
        seen.append((match.compulsory_ramsch, match.deal.rules, match.deal.phase))
        match.play_next()
    assert kinds(match) == ".BBBRRR.."
    for ramsch, rules, phase in seen[4:7]:
        assert ramsch and rules == COMPULSORY and phase == "play"
    for ramsch, rules, phase in seen[:4] + seen[7:]:
        assert not ramsch and rules == SKAT and phase == "bidding"
    for entry in match.finished_deals[4:7]:
        assert entry.result.contract == "ramsch"
        assert entry.table_scores[entry.seats[2]] == -58  # not doubled
    assert [entry.table_scores[entry.seats[0]] for entry in match.finished_deals[1:4]] == [-140] * 3


def test_fs13_rounds_opened_in_a_bock_round_alternate_bock_and_ramsch() -> None:
    """FS-13: with Ramsch after Bock each Bock round is followed by its Ramsch round; a round
    opened during a Bock round queues behind them: Bock, Ramsch, Bock, Ramsch."""
    options = TableOptions(rounds=5, bock_on_grand_hand=True, ramsch_after_bock=True)
    scripts = [
        GRAND_HAND,
        GRAND_HAND,  # in the Bock round: queues a second Bock round and its Ramsch round
        QUIET,
        QUIET,
        *[COMPULSORY_RAMSCH] * 3,
        *[QUIET] * 3,
        *[COMPULSORY_RAMSCH] * 3,
        QUIET,
        QUIET,
    ]
    match = play_scripted(options, scripts)
    assert kinds(match) == ".BBBRRRBBBRRR.."
    assert [row.compulsory_ramsch for row in match.skat_list()] == [
        kind == "R" for kind in ".BBBRRRBBBRRR.."
    ]


def test_fs13_a_durchmarsch_in_a_compulsory_ramsch_opens_bock() -> None:
    """FS-13, SR-11: the Ramsch switches work in a compulsory Ramsch deal too: a Durchmarsch
    there queues another Bock round (and its Ramsch round) after the current Ramsch round."""
    options = TableOptions(
        rounds=4, bock_on_grand_hand=True, bock_on_durchmarsch=True, ramsch_after_bock=True
    )
    durchmarsch = Script(D0_HANDS, deals.D0_SKAT, ((0, D0_CARDS),))
    scripts = [
        GRAND_HAND,
        *[QUIET] * 3,
        durchmarsch,
        COMPULSORY_RAMSCH,
        COMPULSORY_RAMSCH,
        *[QUIET] * 3,
        COMPULSORY_RAMSCH,
        COMPULSORY_RAMSCH,
    ]
    match = play_scripted(options, scripts)
    assert kinds(match) == ".BBBRRRBBBRR"
    assert match.finished_deals[4].table_scores[match.finished_deals[4].seats[0]] == 120


def test_fs13_ramsch_after_bock_needs_a_game_with_compulsory_ramsch() -> None:
    """FS-13: a round of compulsory Ramsch is refused in a game that has none (Ramsch itself),
    with a message for players; Skat accepts it."""
    options = TableOptions(bock_on_durchmarsch=True, ramsch_after_bock=True)
    with pytest.raises(RuleSetError, match="turn off Ramsch after Bock"):
        check_table(rules_of("skat"), options)
    with pytest.raises(RuleSetError, match="Ramsch after Bock"):
        Match(rules_of("skat"), options, seed=1)
    check_table(SKAT, options)
    check_table(SKAT, TableOptions(seats=4, ramsch_after_bock=True))


def test_fs13_skat_switches_never_fire_in_a_ramsch_game() -> None:
    """FS-13: the switches of declared games are harmless in a Ramsch game (accepted, so a
    table can change its game, and never fire): D1 three times opens no Bock round."""
    options = parse_table_options({switch: True for switch in SWITCH_FIRES})
    check_table(rules_of("skat"), options)
    match = play_scripted(options, [COMPULSORY_RAMSCH] * 3, rules=rules_of("skat"))
    assert bock_flags(match) == [False] * 3 and match.finished


def test_fs13_stored_table_options_still_validate() -> None:
    """FS-13: every new option has a default, so option sets stored before them still load;
    the new ones are strict like the old."""
    stored = {"seats": 4, "rounds": 2, "bock_on_durchmarsch": True, "tournament": False}
    options = parse_table_options(stored)
    chosen = options.of_game(SKAT)
    assert isinstance(chosen, SkatMatchOptions) and options.seats == 4
    assert chosen.bock_on_durchmarsch
    assert not (chosen.bock_on_sixty or chosen.bock_on_value or chosen.ramsch_after_bock)
    assert chosen.bock_events() == frozenset({"durchmarsch"})
    with pytest.raises(RuleSetError, match="bock_threshold"):
        parse_table_options({"bock_threshold": "72"})


# -- SR-11 / FS-2: Ramsch on all-pass under Bock ------------------------------------------


def test_sr11_a_ramsch_after_all_pass_counts_double_in_bock() -> None:
    """SR-11, FS-2: in a Skat match a Durchmarsch of an all-pass Ramsch opens a Bock round
    with `bock_on_durchmarsch`, and the next all-pass Ramsch loss (D1: −58) counts double."""
    options = TableOptions(rounds=1, bock_on_durchmarsch=True)
    match = play_scripted(options, [ALL_PASS_DURCHMARSCH, ALL_PASS_RAMSCH, ALL_PASS_RAMSCH])
    first, second, third = match.finished_deals
    assert first.result.contract == "ramsch" and first.table_scores[first.seats[0]] == 120
    assert second.bock and second.table_scores[second.seats[2]] == -116
    assert third.bock and second.result.scores == (0, 0, -58)


# -- FS-14 / SR-12: tournament points -----------------------------------------------------


def test_fs14_tournament_points_at_three_seats() -> None:
    """FS-14: a won game scores value + 50 (Grand Hand: 242) and nobody else scores; a lost
    one −2 × value − 50 (Diamonds 54: −158; Null Hand with Kontra 70: −190), and each of the
    two opponents gets 40."""
    match = play_scripted(TableOptions(tournament=True), [GRAND_HAND, SIXTY, KONTRA])
    scores = [entry.table_scores for entry in match.finished_deals]
    assert scores == [(0, 242, 0), (40, 40, -158), (-190, 40, 40)]
    assert match.totals == [-150, 322, -118]


def test_fs14_tournament_points_at_four_seats_the_dealer_sitting_out_gets_30() -> None:
    """FS-14, FS-3: at four seats each other player gets 30 when the declarer loses, the dealer
    who sits the deal out included; a won game gives the others nothing."""
    options = TableOptions(seats=4, tournament=True)
    match = play_scripted(options, [SIXTY, GRAND_HAND, KONTRA, QUIET])
    first, second, third, fourth = match.finished_deals
    assert first.dealer == 0 and first.seats == (1, 2, 3)
    assert first.table_scores == (30, -158, 30, 30)
    assert second.dealer == 1 and second.table_scores == (0, 0, 242, 0)
    assert third.dealer == 2 and third.table_scores == (30, 30, 30, -190)
    assert fourth.dealer == 3 and fourth.table_scores == (-120, 30, 30, 30)
    assert match.totals == [-60, -98, 332, -130]


@pytest.mark.parametrize("seats", [3, 4])
def test_sr12_fs14_ramsch_and_thrown_in_deals_keep_their_scores(seats: int) -> None:
    """SR-12, FS-14: under tournament points a Ramsch on all-pass keeps its scores (only the
    loser loses, nobody gets 40 or 30), a deal thrown in scores 0 for everybody."""
    options = TableOptions(seats=seats, tournament=True)
    ramsch = play_scripted(options, [ALL_PASS_RAMSCH])
    entry = ramsch.finished_deals[0]
    expected = [Fraction(0)] * seats
    expected[entry.seats[2]] = Fraction(-58)
    assert list(entry.table_scores) == expected
    thrown = play_scripted(options, [THROWN_IN], rules=THROW_IN)
    assert thrown.finished_deals[0].result.contract == "passed"
    assert thrown.finished_deals[0].table_scores == (0,) * seats


@pytest.mark.parametrize(("seats", "bonus"), [(3, 40), (4, 30)])
def test_fs13_fs14_bock_doubles_every_tournament_score(seats: int, bonus: int) -> None:
    """FS-13, FS-14: in a Bock round every score of the deal counts double, the +50 and the
    opponents' 40 (30) included: the Grand Hand 242 opens Bock, then 60 lost: −316, 2 × bonus
    to each other player."""
    options = TableOptions(seats=seats, tournament=True, bock_on_grand_hand=True)
    match = play_scripted(options, [GRAND_HAND, SIXTY])
    first, second = match.finished_deals
    assert first.table_scores[first.seats[0]] == 242 and not first.bock
    assert second.bock
    declarer = second.seats[0]
    assert second.table_scores[declarer] == -316
    others = [second.table_scores[seat] for seat in range(seats) if seat != declarer]
    assert others == [2 * bonus] * (seats - 1)


def test_fs14_tournament_scoring_in_a_compulsory_ramsch_keeps_ramsch_scores() -> None:
    """FS-14, SR-12: a deal of compulsory Ramsch under tournament points counts as Ramsch."""
    options = TableOptions(
        rounds=3, tournament=True, bock_on_grand_hand=True, ramsch_after_bock=True
    )
    match = play_scripted(options, [GRAND_HAND, QUIET, QUIET, QUIET, COMPULSORY_RAMSCH])
    entry = match.finished_deals[4]
    assert entry.compulsory_ramsch and sorted(entry.table_scores) == [-58, 0, 0]


# -- FS-15 rounds, the Skat list ------------------------------------------------------------


def test_fs15_the_skat_list_has_every_deal_and_running_totals() -> None:
    """FS-15: the Skat list gives per deal the number, the dealer, the game, the declarer's
    table seat, the deal's scores and the running totals in fixed table-seat columns, with
    Bock marked; its last totals are the match's. At four seats: Diamonds lost with 60 opens
    Bock; Grand Hand +192 ×2; an all-pass Ramsch −58 ×2; Null Hand with Kontra −140 ×2."""
    options = TableOptions(seats=4, bock_on_sixty=True)
    match = play_scripted(options, [SIXTY, GRAND_HAND, ALL_PASS_RAMSCH, KONTRA])
    assert match.skat_list() == [
        SkatListRow(0, 0, "diamonds", 1, False, (0, -108, 0, 0), (0, -108, 0, 0), False, False),
        SkatListRow(1, 1, "grand", 2, True, (0, 0, 384, 0), (0, -108, 384, 0), True, False),
        SkatListRow(2, 2, "ramsch", None, None, (0, -116, 0, 0), (0, -224, 384, 0), True, False),
        SkatListRow(3, 3, "null", 0, False, (-280, 0, 0, 0), (-280, -224, 384, 0), True, False),
    ]
    assert list(match.skat_list()[-1].totals) == match.totals


def test_fs15_a_thrown_in_deal_is_on_the_list_as_passed() -> None:
    """FS-15: a deal thrown in is a line of the list (game ``passed``, no declarer, 0)."""
    match = play_scripted(TableOptions(), [THROWN_IN, GRAND_HAND], rules=THROW_IN)
    rows = match.skat_list()
    assert [(row.game, row.declarer, row.scores) for row in rows] == [
        ("passed", None, (0, 0, 0)),
        ("grand", 2, (0, 0, 192)),
    ]
    assert list(rows[-1].totals) == match.totals == [0, 0, 192]


@pytest.mark.parametrize("seats", [3, 4])
def test_fs15_a_match_is_its_rounds_with_bock_and_ramsch_inside_them(seats: int) -> None:
    """FS-15, FS-13: a match is `rounds` rounds of one deal per seat, Bock and Ramsch rounds
    played within them; the dealer rotates and at four seats sits out; what is still queued
    at the end lapses. Every Grand Hand is worth 72 or more, so each opens Bock here."""
    options = TableOptions(
        seats=seats, rounds=3, bock_on_value=True, bock_threshold=18, ramsch_after_bock=True
    )
    match = Match(SKAT, options, seed=5)
    while not match.finished:
        assert match.sitting_out == (match.dealer if seats == 4 else None)
        match.apply(auto_action(match), match.to_act)
    assert len(match.finished_deals) == 3 * seats
    assert [entry.dealer for entry in match.finished_deals] == [n % seats for n in range(3 * seats)]
    assert any(entry.compulsory_ramsch for entry in match.finished_deals)
    assert match.bock_pending > 0  # queued rounds left over
    rows = match.skat_list()
    assert list(rows[-1].totals) == match.totals
    for entry in match.finished_deals:
        if seats == 4:
            assert entry.dealer not in entry.seats
            assert entry.table_scores[entry.dealer] == 0  # no tournament bonus here


def test_fs13_a_match_with_ramsch_after_bock_replays_from_seed_and_actions() -> None:
    """FS-13, C-6: a match with compulsory Ramsch rounds is rebuilt exactly from its seed and
    actions; deal ``n`` is the seeded deal of the rules it was dealt with (the Ramsch rules in
    a compulsory Ramsch deal)."""
    options = TableOptions(rounds=4, bock_on_value=True, bock_threshold=18, ramsch_after_bock=True)
    match = Match(SKAT, options, seed=11)
    actions: list[tuple[int | None, Action]] = []
    dealt: list[tuple[RuleSet, tuple[Card, ...]]] = []
    while not match.finished:
        if not match.deal.history:
            dealt.append((match.deal.rules, match.deal.initial_hand(0)))
        seat, action = match.to_act, auto_action(match)
        actions.append((seat, action))
        match.apply(action, seat)
    assert "R" in kinds(match) and "B" in kinds(match)
    for number, (rules, hand) in enumerate(dealt):
        assert rules == (COMPULSORY if match.finished_deals[number].compulsory_ramsch else SKAT)
        assert Deal.from_seed(rules, deal_seed(11, number)).initial_hand(0) == hand
    again = Match.replay(SKAT, options, 11, actions)
    assert again.totals == match.totals
    assert kinds(again) == kinds(match)
    assert [e.result for e in again.finished_deals] == [e.result for e in match.finished_deals]

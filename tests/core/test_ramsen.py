"""Ramsen (RULES.md section 4, RA-1..RA-7): the trick order, the three duties, the deal with
cut and schlecken, the exchange, play or pass, crosses and the replay summary."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from ramsch_core.actions import DealFinished, Play, action_from_json
from ramsch_core.cards import DECK, Card, Suit
from ramsch_core.deal import Deal
from ramsch_core.deck import shuffled_deck
from ramsch_core.errors import (
    IllegalActionError,
    InvalidDealError,
    MustBeatError,
    MustFollowSuitError,
    MustTrumpError,
    NotYourTurnError,
    RuleSetError,
)
from ramsch_core.games.ramsen import RAMSEN, RamsenRules, ramsen_deal, ramsen_schedule
from ramsch_core.games.ramsen.contract import PERMANENT_TRUMPS, ramsen_order
from ramsch_core.games.ramsen.exchange import Exchange
from ramsch_core.games.ramsen.in_or_pass import In
from ramsch_core.phases.say import Pass


def cards(text: str) -> list[Card]:
    return [Card.parse(item) for item in text.split()]


def dealt(
    hands: Sequence[str],
    upcard: str,
    *,
    rules: RamsenRules | None = None,
    owed_before: Sequence[int] | None = None,
    schleck: tuple[int, str] | None = None,
    talon: str | None = None,
) -> Deal:
    """A deal of the hands given; the talon is the other cards in deck order unless given."""
    rules = rules or RamsenRules(players=len(hands), schlecken="always")
    held = [cards(hand) for hand in hands]
    up = Card.parse(upcard)
    kept = None if schleck is None else (schleck[0], Card.parse(schleck[1]))
    used = {card for hand in held for card in hand} | {up}
    if kept is not None:
        used.add(kept[1])
    rest = cards(talon) if talon is not None else [card for card in DECK if card not in used]
    return ramsen_deal(
        rules, hands=held, schleck=kept, upcard=up, talon=rest, owed_before=owed_before
    )


def playing(hands: Sequence[str], upcard: str, **kwargs: object) -> Deal:
    """A deal past the exchange (everyone keeps his hand) and with everyone in."""
    deal = dealt(hands, upcard, **kwargs)  # type: ignore[arg-type]
    for _ in hands:
        deal.apply(Exchange((), False))
    for _ in hands:
        deal.apply(In())
    assert deal.phase == "play"
    return deal


def play(deal: Deal, *items: str) -> None:
    for item in items:
        deal.apply(Play(Card.parse(item)))


def legal_cards(deal: Deal) -> set[str]:
    return {str(action.card) for action in deal.legal_actions() if isinstance(action, Play)}


# -- RA-1 / RA-3: the trick order ----------------------------------------------------------


def test_ra3_trump_order_with_hearts_trump() -> None:
    """RA-3: trump A > ♦9 > ♦7 > ♣Q > ♣J > trump K > Q > J > 10 > 9 > 8 > 7."""
    order = ramsen_order(Suit.HEARTS)
    assert order.trumps == tuple(cards("HA D9 D7 CQ CJ HK HQ HJ HT H9 H8 H7"))


@pytest.mark.parametrize(
    ("trump", "expected"),
    [
        (Suit.DIAMONDS, "DA D9 D7 CQ CJ DK DQ DJ DT D8"),
        (Suit.CLUBS, "CA D9 D7 CQ CJ CK CT C9 C8 C7"),
        (Suit.SPADES, "SA D9 D7 CQ CJ SK SQ SJ ST S9 S8 S7"),
    ],
)
def test_ra3_permanent_trumps_keep_their_rank_in_every_trump_suit(
    trump: Suit, expected: str
) -> None:
    """RA-3: where the trump suit contains a permanent trump, it keeps its permanent rank."""
    assert ramsen_order(trump).trumps == tuple(cards(expected))


def test_ra1_ra3_plain_suits_rank_ace_king_ober_unter_ten_and_lose_the_permanent_trumps() -> None:
    """RA-1: A > K > Q > J > 10 > 9 > 8 > 7; RA-3: a permanent trump never counts as a card of
    its printed suit."""
    order = ramsen_order(Suit.HEARTS)
    assert order.plain[Suit.SPADES] == tuple(cards("SA SK SQ SJ ST S9 S8 S7"))
    assert order.plain[Suit.CLUBS] == tuple(cards("CA CK CT C9 C8 C7"))
    assert order.plain[Suit.DIAMONDS] == tuple(cards("DA DK DQ DJ DT D8"))
    assert order.plain[Suit.HEARTS] == ()
    for card in PERMANENT_TRUMPS:
        assert order.is_trump(card)


def test_ra3_a_permanent_trump_does_not_follow_its_printed_suit() -> None:
    """RA-3 through Deal.apply: with hearts trump, ♦9 is no diamond; a seat holding ♦K and ♦9
    must follow a diamond lead with ♦K, and a permanent trump beats the trump King."""
    deal = playing(["DA S8 S9 C8 C9", "DK D9 SA CA CK", "HK SK ST CT H8"], "H7")
    play(deal, "DA")
    assert legal_cards(deal) == {"DK"}
    with pytest.raises(MustFollowSuitError):
        play(deal, "D9")
    play(deal, "DK", "H8")  # seat 2 is void in diamonds: must trump
    assert deal.tricks[0].winner == 2
    play(deal, "HK")  # a trump lead: seat 0 has no trump, seat 1 must follow with ♦9
    assert legal_cards(deal) == {"S8", "S9", "C8", "C9"}
    play(deal, "S8")
    assert legal_cards(deal) == {"D9"}
    play(deal, "D9")
    assert deal.tricks[1].winner == 1


# -- RA-6: the three duties ----------------------------------------------------------------


def test_ra6_farbzwang_and_stechzwang_when_following() -> None:
    """RA-6: must follow suit; in following must beat the trick if possible."""
    deal = playing(["SK S8 C7 C8 DA", "S7 S9 HK CA CK", "SA HA HT CT C9"], "H7")
    play(deal, "SK")
    assert legal_cards(deal) == {"S7", "S9"}  # neither beats the King: any spade
    with pytest.raises(MustFollowSuitError, match="follow"):
        play(deal, "HK")
    play(deal, "S9")
    assert legal_cards(deal) == {"SA"}
    with pytest.raises(MustFollowSuitError):
        play(deal, "HA")
    play(deal, "SA")
    assert deal.tricks[0].winner == 2


def test_ra6_stechzwang_names_the_beat_duty() -> None:
    """RA-6: a card of the led suit that does not beat, when another would, breaks
    Stechzwang."""
    deal = playing(["S9 S8 C7 C8 DA", "SA S7 HK CA CK", "SK HA HT CT C9"], "H7")
    play(deal, "S9")
    assert legal_cards(deal) == {"SA"}
    with pytest.raises(MustBeatError, match="beat"):
        play(deal, "S7")


def test_ra6_trumpfzwang_even_when_no_trump_can_win() -> None:
    """RA-6 (issue 10's reading): a seat void in the led suit that holds a trump must trump,
    over-trumping if it can, and must trump even when none of its trumps can win."""
    deal = playing(["DA DK S8 C8 C9", "HA HK SA CA CK", "H8 SK S9 CT C7"], "H7")
    play(deal, "DA")
    assert legal_cards(deal) == {"HA", "HK"}
    with pytest.raises(MustTrumpError, match="trump"):
        play(deal, "SA")
    play(deal, "HK")
    assert legal_cards(deal) == {"H8"}
    with pytest.raises(MustTrumpError):
        play(deal, "CT")
    play(deal, "H8")
    assert deal.tricks[0].winner == 1


def test_ra6_over_trump_is_stechzwang() -> None:
    """RA-6: trumping a trick already trumped, a seat must beat the trump if it can."""
    deal = playing(["DA DK S8 C8 C9", "HK SA CA CK S7", "HA H8 SK S9 CT"], "H7")
    play(deal, "DA", "HK")
    assert legal_cards(deal) == {"HA"}
    with pytest.raises(MustBeatError):
        play(deal, "H8")


def test_ra6_following_a_trumped_trick_needs_no_beating() -> None:
    """RA-6: following suit to a trick already trumped, any card of the suit will do."""
    deal = playing(["DA DK S8 C8 C9", "HK SA CA CK S7", "DQ D8 SK S9 CT"], "H7")
    play(deal, "DA", "HK")
    assert legal_cards(deal) == {"DQ", "D8"}


def test_ra6_free_choice_without_the_suit_or_a_trump() -> None:
    """RA-6: bound by no duty, any card."""
    deal = playing(["DA DK S8 C8 C9", "SA S7 CA CK ST", "HA H8 SK S9 CT"], "H7")
    play(deal, "DA")
    assert legal_cards(deal) == {"SA", "S7", "CA", "CK", "ST"}


# -- RA-2: the deal ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("schlecken", [True, False])
def test_ra2_schedule_is_a_cut_deck_dealt_three_and_two(players: int, schlecken: bool) -> None:
    """RA-2: the deck is cut; the cutter (seat before the dealer) may keep the bottom card of
    the cut-off packet and gets four more; 3 then 2 each; the upcard; the talon."""
    for seed in range(20):
        schedule = ramsen_schedule(seed, players, schlecken)
        assert schedule == ramsen_schedule(seed, players, schlecken)  # replayable
        sizes = [[len(p.cards) for p in schedule.packets if p.to == s] for s in range(players)]
        cutter = players - 2
        for seat, packets in enumerate(sizes):
            assert packets == ([1, 3, 1] if schlecken and seat == cutter else [3, 2])
        assert len(schedule.cards_to("upcard")) == 1
        assert len(schedule.cards_to("talon")) == 32 - 5 * players - 1
        dealt_order = [
            card for packet in schedule.packets if packet.stage > 0 for card in packet.cards
        ]
        if schlecken:
            dealt_order.append(schedule.packets[0].cards[0])  # the cut-off packet's bottom
        deck = shuffled_deck(seed)
        start = deck.index(dealt_order[0])
        assert dealt_order == deck[start:] + deck[:start]  # a cut: a rotation of the shuffle


def test_ra2_seed_deal_holds_five_cards_each_and_knows_its_schleck() -> None:
    """RA-2: from a seed every seat holds five cards; the schleck is the cutter's."""
    rules = RamsenRules(players=4, schlecken="always")
    deal = ramsen_deal(rules, 11)
    assert all(len(deal.hand(seat)) == 5 for seat in range(4))
    state = deal.state
    assert state.schleck_seat == 2
    assert rules.schedule(11).packets[0].cards[0] in deal.hand(2)
    assert list(deal.skat) == rules.schedule(11).cards_to("talon")  # top first
    assert len(deal.skat) == 11
    assert ramsen_deal(rules, 11).hand(0) == deal.hand(0)
    assert ramsen_deal(RamsenRules(players=4, schlecken=False), 11).state.schleck_seat is None


def test_ra2_invalid_deals_are_refused() -> None:
    """RA-2: each card once; only the cutter schlecks."""
    with pytest.raises(InvalidDealError):
        dealt(["SA SK SQ SJ ST", "SA S8 S7 CA CK", "HA HK HQ HJ HT"], "H7")
    with pytest.raises(InvalidDealError):
        dealt(["SA SK SQ SJ", "S9 S8 S7 CA CK", "HA HK HQ HJ HT"], "H7", schleck=(0, "ST"))


# -- RA-4: the exchange --------------------------------------------------------------------


def test_ra4_exchange_draws_from_the_talon_top_in_turn() -> None:
    """RA-4: discard any number and draw as many from the top of the talon, from forehand."""
    deal = dealt(
        ["SA SK SQ SJ ST", "S9 S8 S7 CA CK", "HA HK HQ HJ HT"],
        "H7",
        talon="DA DK DQ DJ DT D9 D8 D7 CQ CJ CT C9 C8 C7 H9 H8",
    )
    assert deal.phase == "exchange" and deal.to_act == 0
    deal.apply(Exchange(tuple(cards("SQ SJ")), False), seat=0)
    assert set(map(str, deal.hand(0))) == {"SA", "SK", "ST", "DA", "DK"}
    deal.apply(Exchange((), False))
    assert deal.to_act == 2
    deal.apply(Exchange(tuple(cards("HQ")), False))
    assert "DQ" in map(str, deal.hand(2))
    assert deal.phase == "in_or_pass"


def test_ra4_refusals() -> None:
    """RA-4: cards not held, more than the talon holds, the upcard for anyone but the dealer."""
    rules = RamsenRules(players=5, schlecken=False)
    deal = ramsen_deal(rules, 3)
    hand0 = deal.hand(0)
    with pytest.raises(IllegalActionError, match="don't hold"):
        deal.apply(Exchange(tuple(card for card in DECK if card not in hand0)[:1], False))
    with pytest.raises(IllegalActionError, match="dealer"):
        deal.apply(Exchange(tuple(hand0[:1]), upcard=True))
    with pytest.raises(IllegalActionError):
        deal.apply(Pass())
    deal.apply(Exchange(tuple(hand0), False))  # five of the six talon cards
    hand1 = deal.hand(1)
    with pytest.raises(IllegalActionError, match="talon holds only 1"):
        deal.apply(Exchange(tuple(hand1[:2]), False))
    assert max(len(a.cards) for a in deal.legal_actions() if isinstance(a, Exchange)) == 1
    deal.apply(Exchange(tuple(hand1[:1]), False))
    assert deal.legal_actions() == [Exchange((), False)]  # the talon is empty: keep, only
    deal.apply(Exchange((), False))
    deal.apply(Exchange((), False))
    # the dealer: the talon is empty, but he may take the upcard for one discard
    upcard = deal.state.upcard
    dealer_hand = deal.hand(4)
    with pytest.raises(IllegalActionError, match="talon holds only 0"):
        deal.apply(Exchange(tuple(dealer_hand[:2]), upcard=True))
    deal.apply(Exchange(tuple(dealer_hand[:1]), upcard=True))
    assert upcard in deal.hand(4) and dealer_hand[0] not in deal.hand(4)


def test_ra4_a_cutter_who_schleckte_has_no_exchange_turn() -> None:
    """RA-4: a rearhand (cutter) who schleckte may not exchange: his turn is skipped."""
    deal = ramsen_deal(RamsenRules(players=4, schlecken="always"), 5)
    assert deal.state.schleck_seat == 2
    deal.apply(Exchange((), False))
    deal.apply(Exchange((), False))
    with pytest.raises(NotYourTurnError):
        deal.apply(Exchange((), False), seat=2)
    assert deal.to_act == 3


def test_ra4_the_talon_and_discards_are_seen_by_nobody_else() -> None:
    """RA-4: the talon is face down; discards and the cards drawn are seen only by the seat
    that laid and drew them; the result shows no talon card."""
    deal = dealt(
        ["SA SK SQ SJ ST", "S9 S8 S7 CA CK", "HA HK HQ HJ HT"],
        "H7",
        talon="DA DK DQ DJ DT D9 D8 D7 CQ CJ CT C9 C8 C7 H9 H8",
    )
    deal.apply(Exchange(tuple(cards("SQ SJ")), False))
    assert set(deal.view(0).laid) == set(cards("SQ SJ"))
    assert deal.view(0).drawn == tuple(cards("DA DK"))  # the top of the talon
    assert deal.view(1).laid == () and deal.view(1).skat == () and deal.view(1).drawn == ()
    state = repr(deal.public_view().state)
    assert [card for card in DECK if f"Card.{card.name}:" in state] == [Card.H7]  # the upcard
    all_keep(deal)
    for _ in range(3):
        deal.apply(In())
    while not deal.finished:
        play(deal, min(legal_cards(deal)))
    assert deal.result is not None and deal.result.skat == ()


def test_ra4_exchange_action_as_json() -> None:
    """RA-4: ``{"action": "exchange", "cards": [...], "upcard": true}`` reads and writes."""
    seat, action = action_from_json(
        {"seat": 3, "action": "exchange", "cards": ["C7", "S8"], "upcard": True}, 0
    )
    assert seat == 3 and action == Exchange(tuple(cards("S8 C7")), upcard=True)
    assert action.to_json() == {"action": "exchange", "cards": ["C7", "S8"], "upcard": True}
    assert action_from_json({"action": "exchange", "cards": []}, 0)[1] == Exchange((), False)
    assert action_from_json({"action": "in"}, 0)[1] == In()


# -- RA-5: play or pass --------------------------------------------------------------------


def all_keep(deal: Deal) -> None:
    while deal.phase == "exchange":
        deal.apply(Exchange((), False))


def test_ra5_one_who_exchanged_must_play() -> None:
    """RA-5: a player who exchanged must play."""
    deal = dealt(["SA SK SQ SJ ST", "S9 S8 S7 CA CK", "HA HK HQ HJ HT"], "H7")
    deal.apply(Exchange(tuple(cards("SA")), False))
    all_keep(deal)
    assert deal.legal_actions() == [In()]
    with pytest.raises(IllegalActionError, match="exchanged"):
        deal.apply(Pass())


def test_ra5_passed_seats_sit_out_and_the_first_active_leads() -> None:
    """RA-5/RA-6: a passing player sits the deal out; the first active seat from forehand
    leads, and passed seats are skipped."""
    deal = dealt(["SA SK SQ SJ ST", "S9 S8 S7 CA CK", "HA HK HQ HJ HT", "DA DK DQ DJ DT"], "H7")
    all_keep(deal)
    for action in (Pass(), In(), Pass(), In()):
        deal.apply(action)
    assert deal.phase == "play" and deal.to_act == 1
    play(deal, "S9")
    assert deal.to_act == 3
    play(deal, "DA")
    assert deal.tricks[0].winner == 1 and len(deal.tricks[0].cards) == 2


def test_ra5_house_rule_dealer_forced_takes_all_five() -> None:
    """RA-5 house rule: if all before the dealer pass, the dealer must play and takes all
    five tricks without play."""
    deal = dealt(["SA SK SQ SJ ST", "S9 S8 S7 CA CK", "HA HK HQ HJ HT"], "H7")
    all_keep(deal)
    deal.apply(Pass())
    deal.apply(Pass())
    assert deal.legal_actions() == [In()]
    with pytest.raises(IllegalActionError, match="dealer"):
        deal.apply(Pass())
    events = deal.apply(In())
    assert any(isinstance(event, DealFinished) for event in events)
    summary = deal.rules.summary(deal)
    assert summary["trick_counts"] == [0, 0, 5]
    assert summary["owed"] == [10, 10, 5]
    assert summary["active"] == [2] and summary["tricks"] == []


def test_ra5_a_lone_player_in_takes_all_five_and_may_win() -> None:
    """RA-5/RA-7: only one player says play: he takes all five tricks; his bars never drop
    below zero and reaching zero wins."""
    deal = dealt(
        ["SA SK SQ SJ ST", "S9 S8 S7 CA CK", "HA HK HQ HJ HT"], "H7", owed_before=[3, 9, 9]
    )
    all_keep(deal)
    for action in (In(), Pass(), Pass()):
        deal.apply(action)
    result = deal.result
    assert result is not None and "match_over" in result.events
    assert deal.rules.summary(deal)["owed"] == [0, 9, 9]
    assert deal.rules.summary(deal)["winner"] == 0


def test_ra5_without_the_house_rule_everyone_may_pass_and_the_deal_is_void() -> None:
    """RA-5 without ``dealer_forced``: all pass, the deal is void."""
    rules = RamsenRules(players=3, dealer_forced=False, schlecken="always")
    deal = dealt(["SA SK SQ SJ ST", "S9 S8 S7 CA CK", "HA HK HQ HJ HT"], "H7", rules=rules)
    all_keep(deal)
    for _ in range(3):
        deal.apply(Pass())
    assert deal.result is not None and deal.result.contract == "void"
    summary = rules.summary(deal)
    assert summary["owed"] == [10, 10, 10] and summary["winner"] is None
    assert summary["phase"] == "finished"


# -- RA-7: crosses -------------------------------------------------------------------------


def test_ra7_tricks_draw_bars_and_an_active_seat_without_a_trick_owes_a_cross_more() -> None:
    """RA-7: each trick won draws one bar; a player who played and took no trick owes one
    cross more; a player who passed does not."""
    deal = dealt(["SA SK SQ SJ ST", "S9 S8 S7 C9 C8", "HA HK HQ HJ HT", "DA DK DQ DJ DT"], "H7")
    all_keep(deal)
    for action in (In(), In(), In(), Pass()):
        deal.apply(action)
    while not deal.finished:
        play(deal, min(legal_cards(deal)))
    summary = deal.rules.summary(deal)
    counts = summary["trick_counts"]
    assert sum(counts) == 5 and counts[3] == 0
    owed = summary["owed"]
    assert owed[3] == 10  # passed: no extra cross
    for seat in (0, 1, 2):
        assert owed[seat] == (15 if counts[seat] == 0 else 10 - counts[seat])


def test_ra7_drawing_the_last_bar_wins_at_once_mid_deal() -> None:
    """RA-7: the first player to complete all owed crosses wins at once, in the middle of a
    deal; nobody gets the extra cross."""
    deal = playing(
        ["SA SK SQ SJ ST", "S9 S8 S7 C9 C8", "DA DK DQ DJ DT"], "H7", owed_before=[1, 7, 7]
    )
    play(deal, "SA", "S9")
    assert deal.to_act == 2
    events = deal.apply(Play(Card.DA))
    assert any(isinstance(event, DealFinished) for event in events)
    assert deal.finished and len(deal.tricks) == 1
    result = deal.result
    assert result is not None and "match_over" in result.events and result.winners == (0,)
    summary = deal.rules.summary(deal)
    assert summary["winner"] == 0 and summary["owed"] == [0, 7, 7]


# -- the replay summary and the game entry -------------------------------------------------


def test_ra5_ra6_summary_phases() -> None:
    """RA-4..RA-6: the replay result names the phases exchanging, declaring, playing."""
    deal = dealt(["SA SK SQ SJ ST", "S9 S8 S7 C9 C8", "DA DK DQ DJ DT"], "HQ")
    rules = deal.rules
    assert rules.summary(deal)["phase"] == "exchanging"
    assert rules.summary(deal)["trump"] == "H"
    all_keep(deal)
    assert rules.summary(deal)["phase"] == "declaring"
    for _ in range(3):
        deal.apply(In())
    summary = rules.summary(deal)
    assert summary["phase"] == "playing" and summary["to_act"] == 0
    assert summary["owed"] == [10, 10, 10] and summary["winner"] is None


def test_ra1_rules_and_presets() -> None:
    """RA-1: three to five players; crosses, schlecken and dealer_forced are options."""
    for name in RAMSEN.presets:
        rules = RAMSEN.parse({"game": "ramsen", **RAMSEN.presets[name]})
        assert isinstance(rules, RamsenRules) and 3 <= rules.players <= 5
    assert RamsenRules().to_json() == {
        "game": "ramsen",
        "players": 4,
        "crosses": 2,
        "schlecken": "choice",
        "stake": 0,
        "dealer_forced": True,
    }
    with pytest.raises(ValueError):
        RamsenRules(players=6)
    with pytest.raises(ValueError):
        RamsenRules(crosses=0)
    with pytest.raises(ValueError):
        RamsenRules(crosses=11)


def test_ra1_the_number_of_players_follows_the_seats_of_a_table() -> None:
    """RA-1: three to five play, every seat in every deal: a table's seats set the players."""
    rules = RamsenRules(crosses=3)
    assert rules.seatings() == (3, 4, 5) and rules.table_sizes() == (4,)
    assert rules.seated(4) is rules
    five = rules.seated(5)
    assert isinstance(five, RamsenRules) and five.players == 5 and five.crosses == 3
    assert five.table_sizes() == (5,)
    with pytest.raises(RuleSetError, match="three to five"):
        rules.seated(6)


def test_ra3_hands_are_sorted_by_the_upcards_trump_from_the_deal_on() -> None:
    """RA-3: the trump is known from the upcard, so hands show trumps first before the play
    starts: the trump Ace, the permanent trumps, then the trump suit."""
    deal = dealt(["HA C7 S8 D9 H7", "CQ SA HK S7 C8", "C9 CA D7 ST SK"], "H8")
    assert deal.phase == "exchange"
    assert deal.hand(0) == cards("HA D9 H7 C7 S8")
    assert deal.hand(1) == cards("CQ HK C8 SA S7")
    assert deal.order == ramsen_order(Suit.HEARTS)


def test_ra7_random_deals_keep_the_rules() -> None:
    """RA-4..RA-7 over random legal play: every deal ends, bars never go below zero, a winner
    ends the deal at once."""
    import random

    rng = random.Random(5)
    for seed in range(150):
        players = 3 + seed % 3
        rules = RamsenRules(players=players, crosses=1, dealer_forced=seed % 2 == 0)
        owed = [rng.randint(1, 5) for _ in range(players)]
        deal = ramsen_deal(rules, seed, owed_before=owed)
        while not deal.finished:
            copy = deal.copy()
            action = rng.choice(deal.legal_actions())
            deal.check(action)
            deal.apply(action)
            assert copy.legal_actions() != [] or copy.finished
        summary = rules.summary(deal)
        assert all(value >= 0 for value in summary["owed"])
        if summary["winner"] is not None:
            assert summary["owed"][summary["winner"]] == 0
        for seat in range(players):
            assert len(deal.initial_hand(seat)) == 5


def test_ra2_a_deal_without_its_talon_says_how_to_make_one() -> None:
    """RA-2: ``Deal(rules, hands)`` alone cannot set the upcard, talon and bars owed; such a
    deal refuses its first action and names ``ramsen_deal``."""
    hands = [list(DECK[index * 5 : index * 5 + 5]) for index in range(4)]
    deal = Deal(RamsenRules(), hands)
    with pytest.raises(InvalidDealError, match="ramsen_deal"):
        deal.legal_actions()


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("schlecken", [True, False])
def test_ra2_deal_from_seed_is_ramsen_deal(players: int, schlecken: bool) -> None:
    """RA-2: ``Deal.from_seed`` builds the deal through ``RamsenRules.deal_from_seed``: the
    hands, upcard, talon and schleck of ``ramsen_deal``, the bars owed at the start."""
    rules = RamsenRules(players=players, schlecken=schlecken, crosses=3)
    for seed in range(20):
        deal = Deal.from_seed(rules, seed)
        expected = ramsen_deal(rules, seed)
        assert [deal.initial_hand(seat) for seat in range(players)] == [
            expected.initial_hand(seat) for seat in range(players)
        ]
        assert deal.skat == expected.skat
        assert deal.state == expected.state
        assert deal.state.owed_before == (15,) * players
        assert deal.legal_actions()


def test_ra7_deal_from_seed_takes_the_bars_carried() -> None:
    """RA-7: the carry passed to ``deal_from_seed`` is the bars each deal seat owes."""
    rules = RamsenRules(players=3)
    deal = rules.deal_from_seed(4, (3, 7, 1))
    assert deal.state.owed_before == (3, 7, 1)
    with pytest.raises(InvalidDealError):
        rules.deal_from_seed(4, (3, 7))

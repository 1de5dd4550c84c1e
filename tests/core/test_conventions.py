"""docs/rules/conventions.md (C-1..C-3, C-5): the deck, its notation, card points, trick winners."""

from __future__ import annotations

import pytest

from ramsch_core import DECK, Card, Deal, InvalidCardError, MustFollowSuitError, Play, Rank, Suit
from ramsch_core.cards import TOTAL_POINTS, parse_cards, points_of
from tests.core.builders import cards, make_deal, rules_of, trick_winner


def test_c1_deck_is_four_suits_of_eight_ranks() -> None:
    """C-1: 32 cards, four suits × A 10 K Q J 9 8 7, every card once."""
    assert len(DECK) == 32 == len(set(DECK))
    pairs = {(card.suit, card.rank) for card in DECK}
    assert pairs == {(suit, rank) for suit in Suit for rank in Rank}
    assert [rank.display for rank in Rank] == ["A", "10", "K", "Q", "J", "9", "8", "7"]


def test_c1_french_and_german_suits_map_one_to_one() -> None:
    """C-1: Clubs = Eichel, Spades = Gras, Hearts = Herz, Diamonds = Schellen; Q = Ober,
    J = Unter, A = Sau."""
    assert [(suit.symbol, suit.german) for suit in Suit] == [
        ("♣", "Eichel"),
        ("♠", "Gras"),
        ("♥", "Herz"),
        ("♦", "Schellen"),
    ]
    assert (Rank.QUEEN.german, Rank.JACK.german, Rank.ACE.german) == ("Ober", "Unter", "Sau")


def test_c2_notation_suit_letter_then_rank_letter() -> None:
    """C-2: `CJ` is ♣J, `HT` is ♥10; every card's name reads back as the same card."""
    assert str(Card.CJ) == "CJ" and Card.CJ.pretty == "♣J"
    assert str(Card.HT) == "HT" and Card.HT.pretty == "♥10"
    assert Card.parse("HT") is Card.HT
    suits, ranks = "CSHD", "ATKQJ987"
    assert [str(card) for card in DECK] == [s + r for s in suits for r in ranks]
    assert [Card.parse(str(card)) for card in DECK] == list(DECK)


def test_c2_lenient_spellings_of_the_same_card() -> None:
    """C-2: `10` may stand for `T`, case and surrounding blanks do not matter."""
    assert parse_cards(["h10", " sa ", "Dt"]) == [Card.HT, Card.SA, Card.DT]


@pytest.mark.parametrize("text", ["", "X7", "C1", "CJJ", "10", "♣J", "JC"])
def test_c2_unknown_card_names_are_refused(text: str) -> None:
    """C-2: anything that is not suit letter + rank letter is refused with a readable error."""
    with pytest.raises(InvalidCardError, match="Unknown card"):
        Card.parse(text)


@pytest.mark.parametrize("value", [None, 4, ["CA"]])
def test_c2_a_card_must_be_text(value: object) -> None:
    with pytest.raises(InvalidCardError, match="must be written as text"):
        Card.parse(value)


def test_c3_card_points_and_deck_total() -> None:
    """C-3: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0; the deck holds 120."""
    assert [Card.parse(f"S{rank}").points for rank in "ATKQJ987"] == [11, 10, 4, 3, 2, 0, 0, 0]
    assert points_of(DECK) == TOTAL_POINTS == 120
    for suit in "CSHD":
        assert points_of(cards(" ".join(suit + rank for rank in "ATKQJ987"))) == 30


# C-5 through the shared trick machinery, in the skat variant (jacks are the trumps).
SKAT_HANDS = [
    "CA C7 CJ SA S7 HA H7 DA D7 SJ",
    "CT C8 HJ ST S8 HT H8 DT D8 DJ",
    "CK C9 CQ SK S9 HK H9 DK D9 SQ",
]
SKAT_SKAT = "HQ DQ"


def test_c5_highest_card_of_the_suit_led_wins_without_trump() -> None:
    """C-5: no trump in the trick: the highest card of the suit led wins; an off-suit card,
    however high, does not."""
    order = rules_of("skat").trick_order()
    assert trick_winner(order, cards("C7 CA C9")) == 1
    assert trick_winner(order, cards("C7 SA HA")) == 0
    assert trick_winner(order, cards("H8 HK HA")) == 2


def _play(deal: Deal, trick: str, leader: int) -> int:
    for index, card in enumerate(cards(trick)):
        deal.apply(Play(card), (leader + index) % 3)
    return deal.tricks[-1].winner


def test_c5_highest_trump_wins_and_the_winner_leads_next() -> None:
    """C-5: a trump beats every plain card; the trick's winner leads the next trick."""
    deal = make_deal(rules_of("skat"), SKAT_HANDS, SKAT_SKAT)
    assert _play(deal, "CA CT CK", 0) == 0 and deal.to_act == 0
    assert _play(deal, "S7 ST SK", 0) == 1 and deal.to_act == 1
    assert _play(deal, "H8 HK HA", 1) == 0 and deal.to_act == 0
    assert _play(deal, "C7 C8 C9", 0) == 2 and deal.to_act == 2
    # forehand holds CJ but no club: it may trump the club lead with SJ, which wins
    assert _play(deal, "CQ SJ DT", 2) == 0 and deal.to_act == 0


def test_c5_a_trump_jack_is_not_a_card_of_its_printed_suit() -> None:
    """C-5: with jacks trump, ♣J is no club: holding ♣J and clubs, a player must answer a club
    lead with a club; a player whose only "club" is ♣J may play any card."""
    deal = make_deal(
        rules_of("skat"),
        [
            "CA C7 SJ SA S7 HA H7 DA D7 DJ",
            "CT C8 HJ ST S8 HT H8 DT D8 CJ",
            "CK C9 CQ SK S9 HK H9 DK D9 SQ",
        ],
        SKAT_SKAT,
    )
    deal.apply(Play(Card.C7), 0)
    assert deal.legal_actions() == [Play(Card.CT), Play(Card.C8)]
    with pytest.raises(MustFollowSuitError):
        deal.apply(Play(Card.CJ), 1)
    deal.apply(Play(Card.C8), 1)
    deal.apply(Play(Card.C9), 2)
    assert _play(deal, "CK CA CT", 2) == 0
    assert _play(deal, "S7 S8 SK", 0) == 2
    deal.apply(Play(Card.CQ), 2)
    deal.apply(Play(Card.DJ), 0)
    # middlehand's only "club" is CJ, a trump: every card of its hand may be played
    legal = deal.legal_actions()
    assert {action.card for action in legal if isinstance(action, Play)} == set(deal.hand(1))
    assert len(legal) == len(deal.hand(1)) == 7

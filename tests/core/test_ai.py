"""AI players: always legal, from their own view, playing Ramsch rules of thumb (SR-3/7/10)."""

from __future__ import annotations

import random

import pytest

from ramsch_core import SkatRules, preset
from ramsch_core.actions import PickUp, Play, Push
from ramsch_core.ai import HeuristicPlayer, Player, RandomPlayer, make_player
from ramsch_core.ai.knowledge import kernel_for, read_view, sampler
from ramsch_core.cards import DECK, Card, parse_cards
from ramsch_core.deal import Deal
from ramsch_core.errors import IllegalActionError
from ramsch_core.games.ramsch import PRESETS


def _deal(rules: SkatRules, hands: list[str], plays: str = "") -> Deal:
    """A skat deal from three hands (C-2 names); the skat is what is left."""
    cards = [parse_cards(hand.split()) for hand in hands]
    dealt = {card for hand in cards for card in hand}
    deal = Deal(rules, cards, [card for card in DECK if card not in dealt])
    for name in plays.split():
        deal.apply(Play(Card.parse(name)))
    return deal


@pytest.mark.parametrize("name", list(PRESETS))
def test_players_only_choose_legal_actions(name: str) -> None:
    """Heuristic and random seats play whole deals; every choice is one of ``view.legal``."""
    rules = preset(name)
    for seed in range(4):
        deal = Deal.from_seed(rules, seed)
        players: list[Player] = [
            HeuristicPlayer(seed, playouts=40)
            if seat != seed % rules.players
            else RandomPlayer(seed)
            for seat in range(rules.players)
        ]
        while deal.to_act is not None:
            view = deal.view(deal.to_act)
            action = players[deal.to_act].choose(view)
            assert action in view.legal
            deal.apply(action)
        assert deal.result is not None


def test_make_player_builds_each_kind() -> None:
    assert isinstance(make_player("random", 1), RandomPlayer)
    assert isinstance(make_player("heuristic", 1), HeuristicPlayer)
    with pytest.raises(ValueError, match="Unknown AI kind"):
        make_player("clever", 1)  # type: ignore[arg-type]


def test_a_player_out_of_turn_is_told_so() -> None:
    deal = Deal.from_seed(preset("skat"), 1)
    with pytest.raises(IllegalActionError, match="not its turn"):
        HeuristicPlayer().choose(deal.view(1))


def test_same_seed_same_choice() -> None:
    deal = Deal.from_seed(preset("schafkopf"), 3)
    view = deal.view(0)
    assert HeuristicPlayer(5, time_limit=None).choose(view) == HeuristicPlayer(
        5, time_limit=None
    ).choose(view)


@pytest.mark.parametrize("playouts", [0, 300])
def test_heuristic_ducks_under_the_winning_card(playouts: int) -> None:
    """SR-3: following a led ♠K with ♠A or ♠Q, the heuristic ducks with ♠Q."""
    deal = _deal(
        SkatRules(),
        [
            "SK C7 C8 C9 H7 H8 H9 D7 D8 D9",
            "SA SQ CA CT HA HT DA DT CK HK",
            "ST S9 S8 S7 CQ HQ DQ DK CJ SJ",
        ],
        "SK",
    )
    assert HeuristicPlayer(1, playouts=playouts, time_limit=None).choose(deal.view(1)) == Play(
        Card.SQ
    )


@pytest.mark.parametrize("playouts", [0, 300])
def test_heuristic_sheds_its_highest_card_when_void(playouts: int) -> None:
    """Void in the suit led and without trumps, the heuristic throws its ace away."""
    deal = _deal(
        SkatRules(),
        [
            "SK SQ S9 CA CT CK HK DK DQ CQ",
            "HA H7 H8 H9 D7 D8 D9 C7 C8 C9",
            "SA ST S8 S7 HT HQ DA DT CJ SJ",
        ],
        "SK",
    )
    assert HeuristicPlayer(2, playouts=playouts, time_limit=None).choose(deal.view(1)) == Play(
        Card.HA
    )


@pytest.mark.parametrize("playouts", [0, 300])
def test_heuristic_stops_a_durchmarsch(playouts: int) -> None:
    """SR-7: middlehand took the first six tricks; rearhand takes the seventh with ♥A."""
    deal = _deal(
        SkatRules(),
        [
            "C7 CQ S8 SQ D9 DK HA H8 CK D8",
            "CA CT SA ST DA DT HK CJ SJ HQ",
            "C8 C9 S7 S9 D7 DQ H7 HJ DJ H9",
        ],
        "C7 CA C8  CT C9 CQ  SA S7 S8  ST S9 SQ  DA D7 D9  DT DQ DK  HK H7",
    )
    assert deal.view(0).trick_counts == (0, 6, 0)
    assert HeuristicPlayer(3, playouts=playouts, time_limit=None).choose(deal.view(0)) == Play(
        Card.HA
    )


def test_heuristic_pushes_its_most_dangerous_cards() -> None:
    """SR-10: after picking up, the heuristic lays aces and tens, never a barred jack."""
    deal = Deal(
        preset("skat-schieberamsch"),
        [
            parse_cards(["CA", "SA", "CJ", "SJ", "H7", "H8", "H9", "D7", "D8", "D9"]),
            parse_cards(["CT", "ST", "HA", "HT", "DA", "DT", "CK", "SK", "HK", "DK"]),
            parse_cards(["HJ", "DJ", "CQ", "SQ", "HQ", "DQ", "C9", "C8", "C7", "S9"]),
        ],
        parse_cards(["S8", "S7"]),
    )
    player = HeuristicPlayer(4, time_limit=None)
    assert player.choose(deal.view(0)) == PickUp()
    deal.apply(PickUp())
    assert player.choose(deal.view(0)) == Push((Card.CA, Card.SA))


def test_sampled_deals_respect_what_the_seat_knows() -> None:
    """Sampled hands: right sizes, no card the seat has seen, no suit a seat showed void in."""
    deal = _deal(
        SkatRules(),
        [
            "SK SQ S9 CA CT CK HK DK DQ CQ",
            "HA H7 H8 H9 D7 D8 D9 C7 C8 C9",
            "SA ST S8 S7 HT HQ DA DT CJ SJ",
        ],
        "SK HA SA  HT",
    )
    view = deal.view(0)
    kernel = kernel_for(view.rules)
    draw = sampler(read_view(kernel, view), random.Random(9).random)
    spades = kernel.mask(card for card in DECK if card.suit == 1 and card.rank.letter != "J")
    for _ in range(200):
        world = draw()
        assert [hand.bit_count() for hand in world.hands] == [9, 9, 8]
        assert world.skat.bit_count() == 2
        everything = world.skat | sum(world.won) | sum(world.trick)
        for hand in world.hands:
            assert not everything & hand
            everything |= hand
        assert everything == (1 << 32) - 1
        assert world.hands[0] == kernel.mask(view.hand)
        assert not world.hands[1] & spades  # middlehand threw ♥A on a spade lead

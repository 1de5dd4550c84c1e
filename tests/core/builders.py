"""Builders for the rules-core tests: explicit hands, deals written as trick tables, snapshots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ramsch_core import (
    Action,
    Card,
    Deal,
    DealResult,
    Declare,
    Play,
    Push,
    RuleSet,
    SeatView,
    TrickOrder,
    parse_rules,
)
from ramsch_core.kernel import Layout
from ramsch_core.tricks.constraints import FOLLOW_SUIT


def cards(text: str) -> list[Card]:
    """Cards written in C-2 notation, separated by spaces: ``"CA HT D7"``."""
    return [Card.parse(name) for name in text.split()]


def rules_of(variant: str, **options: Any) -> RuleSet:
    return parse_rules({"game": "ramsch", "variant": variant, **options})


def make_deal(rules: RuleSet, hands: Sequence[str], skat: str = "") -> Deal:
    """A deal from explicit hands (index 0 = forehand) and skat."""
    return Deal(rules, [cards(hand) for hand in hands], cards(skat))


def parse_table(tricks: Sequence[str]) -> list[tuple[int, list[Card]]]:
    """A trick table: each line is ``"L: c1 c2 c3"``, the leader's seat, then the cards in
    play order (the leader first, then clockwise)."""
    table = []
    for line in tricks:
        leader, played = line.split(":")
        table.append((int(leader), cards(played)))
    return table


def hands_of_table(rules: RuleSet, tricks: Sequence[str]) -> list[list[Card]]:
    """The hands that play a trick table: every seat holds exactly the cards it plays."""
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    for leader, played in parse_table(tricks):
        for index, card in enumerate(played):
            hands[(leader + index) % rules.players].append(card)
    return hands


def table_deal(rules: RuleSet, tricks: Sequence[str], skat: str = "") -> Deal:
    """The deal whose hands are those of a trick table, not yet played."""
    return Deal(rules, hands_of_table(rules, tricks), cards(skat))


def play_table(deal: Deal, tricks: Sequence[str]) -> Deal:
    """Play a trick table, every card by the seat the table names (so a trick the engine
    gives to another seat than the next line's leader fails with NotYourTurnError)."""
    for leader, played in parse_table(tricks):
        for index, card in enumerate(played):
            deal.apply(Play(card), (leader + index) % deal.players)
    return deal


def result_of_table(rules: RuleSet, tricks: Sequence[str], skat: str = "") -> DealResult:
    deal = play_table(table_deal(rules, tricks, skat), tricks)
    assert deal.result is not None
    return deal.result


def trick_winner(order: TrickOrder, cards: Sequence[Card]) -> int:
    """The index (in play order) of the card that wins a trick, as the core decides it."""
    layout = Layout(order, FOLLOW_SUIT)
    return layout.winner_index([layout.bit_of[card] for card in cards])


def winners_of(result: DealResult) -> list[int]:
    return [trick.winner for trick in result.tricks]


def action_cards(action: Action) -> tuple[Card, ...]:
    """The cards an action names."""
    if isinstance(action, Play):
        return (action.card,)
    if isinstance(action, Push):
        return action.cards
    return ()


def snapshot(deal: Deal) -> tuple[object, ...]:
    """Everything observable about a deal, to check that a refused action changed nothing."""
    return (
        deal.phase,
        deal.to_act,
        tuple(deal.hand(seat) for seat in range(deal.players)),
        tuple(deal.tricks),
        tuple(deal.trick),
        tuple(deal.history),
        deal.pushes,
        tuple(deal.log),
        tuple(deal.legal_actions()),
        tuple(deal.view(seat) for seat in range(deal.players)),
        deal.result,
        None if deal.state is None else deal.state.copy(),
    )


def declaring_choice(view: SeatView, rng: random.Random) -> Action:
    """Bid and hold low, take the skat, declare any game but Null, play at random: most deals
    become declared games."""
    for kind in ("hold", "bid", "pickup"):
        chosen = [a for a in view.legal if a.kind == kind]
        if chosen:
            return min(chosen, key=lambda a: int(a.to_json().get("value", 0)))
    games = [a for a in view.legal if isinstance(a, Declare) and a.game != "null"]
    if games:
        return rng.choice(games)
    plays = [a for a in view.legal if isinstance(a, Play)]
    return rng.choice(plays or list(view.legal))

"""What a seat is offered depends only on what it may know (issue 30, item 6).

For every preset of every registered game, deals are played by seeded random seats; at each
decision the cards the seat to act cannot see (other seats' hands, the skat, the talon — every
card its view does not show) are swapped pairwise in the deal's record and the record is
replayed. Whenever the swapped deal shows the seat the same view, the seat must be offered the
same actions in the same order. SF-9 (Kontra and Re in a Sauspiel) is the case that once
failed: whether the caller was still offered Re told him who held the called Ace.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from ramsch_core import GAMES, Action, Card, Deal, Play, RuleSet, TrickOrder
from ramsch_core.errors import RulesError
from ramsch_core.record import deal_record, replay_record
from ramsch_core.view import SeatView

SEEDS = range(16)
SWAPS = 2
"""Swaps tried at each decision (each a replay of the deal so far)."""

CASES = [
    pytest.param(game.id, name, id=f"{game.id}-{name}")
    for game in GAMES.values()
    for name in game.presets
]


def _cards_in(value: Any) -> Iterator[Card]:
    """Every card anywhere in a view: hands, tricks, the skat, open hands, the contest (not
    the trick order, which names every card of the pack)."""
    if isinstance(value, TrickOrder):
        return
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _cards_in(getattr(value, field.name))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _cards_in(key)
            yield from _cards_in(item)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _cards_in(item)
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        yield from _cards_in(vars(value))


def _seen(view: SeatView) -> set[str]:
    return {str(card) for card in _cards_in(view)}


def _places(record: dict[str, Any], seat: int) -> list[tuple[str, int | None, int]]:
    """Where the record holds a card the seat was not dealt: (field, hand or None, index)."""
    places: list[tuple[str, int | None, int]] = []
    for field, value in record.items():
        if field in ("rules", "actions") or not isinstance(value, list):
            continue
        for outer, item in enumerate(value):
            if isinstance(item, list):
                if field == "hands" and outer == seat:
                    continue
                places.extend((field, outer, inner) for inner in range(len(item)))
            elif isinstance(item, str):
                places.append((field, None, outer))
    return places


def _get(record: dict[str, Any], place: tuple[str, int | None, int]) -> str:
    field, outer, inner = place
    return str(record[field][inner] if outer is None else record[field][outer][inner])


def _set(record: dict[str, Any], place: tuple[str, int | None, int], card: str) -> None:
    field, outer, inner = place
    if outer is None:
        record[field][inner] = card
    else:
        record[field][outer][inner] = card


def _blind(view: SeatView) -> SeatView:
    return dataclasses.replace(view, legal=())


Place = tuple[str, int | None, int]
"""Where a record holds a card: (field, hand or None, index)."""


def _pairs(hidden: list[Place], thorough: bool, rng: random.Random) -> list[tuple[Place, Place]]:
    """The swaps to try: a few random pairs; when ``thorough``, every hidden card with one
    card of each other place (hand, skat, talon)."""
    if not thorough:
        if len(hidden) < 2:
            return []
        return [(first, second) for first, second in (rng.sample(hidden, 2) for _ in range(SWAPS))]
    pairs: list[tuple[Place, Place]] = []
    for first in hidden:
        others: dict[tuple[str, int | None], list[Place]] = {}
        for place in hidden:
            if place[:2] != first[:2]:
                others.setdefault(place[:2], []).append(place)
        pairs.extend((first, rng.choice(places)) for places in others.values())
    return pairs


def _swaps_checked(deal: Deal, seat: int, rng: random.Random) -> int:
    """Swap pairs of cards the seat cannot see; for every swapped deal showing it the same
    view, check it is offered the same. Returns how many swapped deals were compared.

    For a round after a word was said during the card play (a Kontra), every hidden card is
    moved: who may answer it is where a partner's identity could leak."""
    view = deal.view(seat)
    record = deal_record(deal)
    seen = _seen(view)
    hidden = [place for place in _places(record, seat) if _get(record, place) not in seen]
    actions = [action for _, action in deal.history]
    first_card = next((i for i, a in enumerate(actions) if isinstance(a, Play)), len(actions))
    recent = actions[max(first_card, len(actions) - view.players - 1) :]
    thorough = any(not isinstance(action, Play) for action in recent)
    compared = 0
    for first, second in _pairs(hidden, thorough, rng):
        if first[:2] == second[:2]:
            continue  # two cards of one hand: the same deal
        other_record = copy.deepcopy(record)
        card = _get(record, first)
        _set(other_record, first, _get(record, second))
        _set(other_record, second, card)
        try:
            other = replay_record(other_record)
        except RulesError:
            continue  # the history is impossible with these cards (a void shown, a card played)
        other_view = other.view(seat)
        if _blind(other_view) != _blind(view):
            continue  # the seat would see the difference
        assert other_view.legal == view.legal, (
            f"seat {seat} is offered {other_view.legal} instead of {view.legal} after "
            f"swapping {_get(record, first)} and {_get(record, second)}, which it cannot see"
        )
        compared += 1
    return compared


def _pick(legal: tuple[Action, ...], rng: random.Random) -> Action:
    """A random action that reaches the windows after a word: beside cards, a word (Kontra,
    Re) half the time; among words only (bids, calls), the first ones (passing, the lowest
    call) far more often, so that a low game is played and doubled rather than outbid."""
    words = [action for action in legal if not isinstance(action, Play)]
    if words and len(words) < len(legal):
        pool = words if rng.random() < 0.5 else list(legal)
        return pool[rng.randrange(len(pool))]
    return legal[min(int(rng.expovariate(1.0)), len(legal) - 1)]


def _rules(game: str, name: str) -> RuleSet:
    return GAMES[game].preset(name)


@pytest.mark.parametrize(("game", "name"), CASES)
def test_offered_actions_do_not_depend_on_unseen_cards(game: str, name: str) -> None:
    """The legal actions a seat is shown, in every phase of every preset, stay the same when
    the cards it cannot see lie elsewhere."""
    rules = _rules(game, name)
    compared = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        deal = Deal.from_seed(rules, seed)
        while deal.to_act is not None:
            seat = deal.to_act
            compared += _swaps_checked(deal, seat, rng)
            deal.apply(_pick(deal.view(seat).legal, rng), seat)
    assert compared > 0

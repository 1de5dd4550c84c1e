"""A hand whose inputs (``Hands.inputs``) did not change is not rendered again: checked over
whole random matches of every game and preset, equal inputs always gave an equal render."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from bot.publish.hands import Hands
from bot.tables import Table
from ramsch_core import GAMES, Action, Pass
from tests.ui.helpers import make_table

PRESETS = [(game.id, name) for game in GAMES.values() for name in game.presets]


def step(table: Table, rng: random.Random) -> None:
    """A random action of the seat to act (a bidder bids the lowest value or passes)."""
    match = table.match
    assert match is not None and match.to_act is not None
    view = match.deal.view(match.deal_seat(match.to_act) or 0)
    bids = [action for action in view.legal if action.kind == "bid"]
    action: Action = Pass() if bids else rng.choice(view.legal)
    if bids and rng.random() < 0.5:
        action = min(bids, key=lambda bid: int(bid.to_json()["value"]))
    match.apply(action, match.to_act)
    table.log_length += 1


@pytest.mark.parametrize(("game", "name"), PRESETS)
def test_equal_inputs_render_an_equal_hand(game: str, name: str) -> None:
    bot: Any = SimpleNamespace()
    hands = Hands()
    skipped = 0
    for seed in (1,):
        table = make_table(name, game=game, seed=seed)
        rng = random.Random(seed)
        renders: list[tuple[int, object, str]] = []  # inputs hold unhashable game states
        users = [seat.user_id for seat in table.seats if seat.user_id is not None]
        match = table.match
        assert match is not None
        while not match.finished:
            for user in users:
                inputs = hands.inputs(bot, table, user, table.view_for(user))
                key = hands.render(bot, table, user).key()
                if inputs is None:
                    continue
                same = [seen for who, made, seen in renders if who == user and made == inputs]
                assert all(seen == key for seen in same), "equal inputs, another render"
                skipped += bool(same)
                renders.append((user, inputs, key))
            step(table, rng)
    assert skipped > 0  # a waiting hand is not rendered again while others play

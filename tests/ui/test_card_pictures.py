"""Pictures on rendered messages (bot.ui.card_pictures): drawn only when sent, and the message
key follows what the picture shows, so an unchanged hand is neither drawn nor sent again."""

from __future__ import annotations

import random

from bot.ui.card_pictures import with_hand, with_trick
from bot.ui.hand import render_hand
from bot.ui.message import Picture, Rendered
from bot.ui.table import render_table
from tests.ui.helpers import USER_IDS, act_randomly, make_table


def test_a_picture_is_drawn_once_and_only_when_its_bytes_are_needed() -> None:
    drawn: list[int] = []

    def draw() -> bytes:
        drawn.append(1)
        return b"\x89PNG picture"

    picture = Picture("hand.png", draw, "Your cards", recipe="hand CJ")
    shown = Rendered(content="x", pictures=[picture])
    assert shown.key() == Rendered(content="x", pictures=[picture]).key()
    assert drawn == []
    assert picture.data == b"\x89PNG picture" and picture.file().filename == "hand.png"
    assert picture.data == b"\x89PNG picture"
    assert drawn == [1]
    plain = Picture("hand.png", b"\x89PNG picture", "Your cards")
    assert plain.digest() != picture.digest()  # without a recipe: the bytes' digest


def _hand(table: object, user_id: int) -> Rendered:
    return with_hand(render_hand(table, user_id), table, user_id)  # type: ignore[arg-type]


def test_hand_keys_follow_what_the_picture_shows() -> None:
    """Keys of two renders of the same state are equal without drawing; the key changes with
    the cards and with the greying of the cards that may not be played."""
    table = make_table("skat", seed=3)
    rng = random.Random(3)
    match = table.match
    assert match is not None
    while match.deal.view(match.deal_seat(match.to_act or 0) or 0).phase != "play":
        act_randomly(table, rng)
    keys: dict[int, list[str]] = {user: [] for user in USER_IDS[:3]}
    for _ in range(6):  # two tricks
        for user in keys:
            first, second = _hand(table, user), _hand(table, user)
            assert first.key() == second.key()
            assert "data" not in vars(first.pictures[0])  # not drawn for the key
            keys[user].append(first.key())
        mover = USER_IDS[match.to_act or 0]
        before = _hand(table, mover)
        act_randomly(table, rng)
        after = _hand(table, mover)
        assert after.key() != before.key()  # a card fewer
        assert after.pictures[0].data != before.pictures[0].data
    for user, seen in keys.items():
        # the hand changes when its player plays and when his turn comes (greying), never
        # every click: some renders of each player's hand are unchanged
        assert len(set(seen)) < len(seen), user


def test_the_trick_picture_changes_with_each_card() -> None:
    table = make_table("skat", seed=5)
    rng = random.Random(5)
    match = table.match
    assert match is not None
    while match.deal.public_view().phase != "play":
        act_randomly(table, rng)
    keys = []
    for _ in range(3):
        shown = with_trick(render_table(table), table)
        keys.append(shown.key())
        assert shown.pictures[0].data.startswith(b"\x89PNG")
        act_randomly(table, rng)
    assert len(set(keys)) == 3

"""Pictures on rendered messages (bot.ui.card_pictures): drawn only when sent, and the message
key follows what the picture shows, so an unchanged hand is neither drawn nor sent again."""

from __future__ import annotations

import random
from typing import Any

from bot import i18n
from bot.pictures import CardStyle, alt_text, card_name
from bot.tables import Seat
from bot.ui.card_pictures import with_hand, with_trick
from bot.ui.hand import render_hand
from bot.ui.message import Picture, Rendered
from bot.ui.table import render_table
from ramsch_core import Bid, Pass, TakeSkat
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


def _in_play(game: str, seed: int, **kwargs: Any) -> Any:
    table = make_table(game, seed=seed, game=game, **kwargs)
    rng = random.Random(seed)
    while table.match.deal.public_view().phase != "play":
        act_randomly(table, rng)
    return table, rng


def _trick(table: Any) -> Picture:
    return with_trick(render_table(table), table).pictures[0]


def test_the_trick_alt_text_names_who_played_what() -> None:
    """The alt text names every seat of the trick in play order with its card (or — not
    yet), names as typed (no markdown there), an AI's in the reader's language."""
    table, rng = _in_play("skat", 5)
    table.seats[2] = Seat(None, "AI 1", ai="heuristic")
    table.seats[1].name = "*Bob*"
    public = table.match.deal.public_view()
    names = {0: "Alice", 1: "*Bob*", 2: "AI 1"}
    order = [(public.trick_leader + i) % 3 for i in range(3)]
    expected = ", ".join(f"{names[table.match.active_seats[seat]]}: —" for seat in order)
    assert _trick(table).description == f"The trick: {expected}"
    act_randomly(table, rng)
    card = card_name(table.match.deal.public_view().trick[0], CardStyle())
    first = names[table.match.active_seats[order[0]]]
    assert _trick(table).description.startswith(f"The trick: {first}: {card}, ")
    with i18n.using("de"):
        german = _trick(table).description
    assert german.startswith("Der Stich: ") and "KI 1: " in german and "AI 1" not in german
    while not table.match.deal.public_view().tricks:
        act_randomly(table, rng)
    assert _trick(table).description.startswith("The last trick: ")


def test_the_trick_picture_follows_names_and_the_seat_to_act() -> None:
    table, rng = _in_play("schafkopf", 4)
    before = _trick(table)
    table.seats[0].name = "Alicia"
    renamed = _trick(table)
    assert renamed.digest() != before.digest() and renamed.data != before.data
    act_randomly(table, rng)  # a card played: another seat to act
    played = _trick(table)
    assert played.digest() != renamed.digest()
    # A name the font cannot draw at all: the seat's number instead, the real name in the alt.
    table.seats[0].name = "🎉漢字\u200b"
    shown = _trick(table)
    assert shown.data.startswith(b"\x89PNG") and "Seat 1" in (shown.recipe or "")
    assert "🎉漢字\u200b: " in shown.description


def test_the_marked_cards_are_raised_on_the_hand() -> None:
    """Skat: the cards marked to lay away (drücken) show raised on the hand picture, and its
    alt text names them."""
    table = make_table("skat", game="skat")
    match = table.match
    for action in (Bid(18), Pass(), Pass(), TakeSkat()):
        match.apply(action, match.to_act)
    seat = match.active_seats[1]
    user = USER_IDS[seat]
    view = table.view_for(user)
    plain = _hand(table, user).pictures[0]
    table.marks[seat] = (table.log_length, (view.hand[0].name, view.hand[5].name))
    marked = _hand(table, user).pictures[0]
    assert marked.digest() != plain.digest() and marked.data != plain.data
    assert "; marked: " in marked.description and "marked" not in plain.description
    assert marked.description.endswith(alt_text([view.hand[0], view.hand[5]], CardStyle()))
    with i18n.using("de"):
        assert "; markiert: " in _hand(table, user).pictures[0].description

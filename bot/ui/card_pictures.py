"""Card pictures added to a rendered message: the trick on the table message, the hand on a
player's hand message. The text stays as it is (the fallback, and what screen readers read,
with the pictures' alt text naming every card and, in a trick, who played it)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from bot import i18n
from bot.pictures import (
    CardStyle,
    alt_text,
    drawable,
    hand_picture,
    style_lang,
    trick_picture,
)
from bot.ui import faces
from bot.ui.games import play_order
from bot.ui.message import Picture, Rendered
from bot.ui.text import player_name
from ramsch_core import Card, Play, PublicView, SeatView

if TYPE_CHECKING:
    from bot.tables import Table

TRICK_FILE = "trick.png"
HAND_FILE = "hand.png"


def style() -> CardStyle:
    """The picture style of the reader's look and language."""
    look = faces.current()
    return CardStyle(pack=look.pack, four_colour=look.four_colour, lang=style_lang(i18n.current()))


def _attach(shown: Rendered, picture: Picture) -> Rendered:
    if shown.embeds:
        shown.embeds[0].set_image(url=picture.url)
    shown.pictures.append(picture)
    return shown


def with_trick(shown: Rendered, table: Table, view: PublicView | None = None) -> Rendered:
    """The table message with a picture of the trick being played (or, between tricks, the
    last one, its winning card framed); unchanged before the card play. Each slot names its
    seat, the seat to act marked. ``view``: the public view of the deal now, if already at
    hand."""
    match = table.match
    if match is None or match.deal.finished:
        return shown
    if view is None:
        view = match.deal.public_view()
    if view.phase != "play":
        return shown
    with faces.showing(table.rules):
        look = style()
        order = play_order(table.rules, view)
        winner: int | None = None
        if view.trick or not view.tricks:
            cards: list[Card | None] = [*view.trick]
            cards += [None] * (len(order) - len(cards))
            leader = view.trick_leader if view.trick_leader is not None else view.to_act
        else:
            last = view.tricks[-1]
            cards = list(last.cards)
            leader, winner = last.leader, last.winner
        turn = turn_of(order, leader)
        highlight = turn.index(winner) if winner in turn else None
        to_act = turn.index(view.to_act) if view.to_act in turn else None
        active = match.active_seats  # worked out anew at each use
        names = [_typed_name(table, active[seat]) for seat in turn]
        labels = plate_names(names, [active[seat] for seat in turn])
        recipe = (
            f"trick {_names(cards)} {look} highlight={highlight} to_act={to_act} "
            f"names={json.dumps(labels)}"
        )
        data = partial(
            trick_picture, tuple(cards), look, highlight=highlight, names=tuple(labels),
            to_act=to_act,
        )  # fmt: skip
        played = alt_text(cards, look, names)
        if view.trick or not view.tricks:
            alt = i18n._("The trick: {cards}", cards=played)
        else:
            alt = i18n._("The last trick: {cards}", cards=played)
    return _attach(shown, Picture(TRICK_FILE, data, alt[:1024], recipe))


def _typed_name(table: Table, seat: int) -> str:
    """A table seat's name as typed (an AI's in the reader's language), for a picture and its
    alt text (neither reads markdown, so it is not escaped)."""
    sitting = table.seats[seat]
    return player_name(sitting.name, ai=sitting.ai is not None)


def turn_of(order: Sequence[int], leader: int | None) -> list[int]:
    """The seats of ``order`` in the turn of a trick ``leader`` leads."""
    start = order.index(leader) if leader in order else 0
    return [order[(start + i) % len(order)] for i in range(len(order))]


def plate_names(names: Sequence[str], seats: Sequence[int]) -> list[str]:
    """What the trick picture writes under each slot: the name as its font draws it, or where
    nothing of it is left (emoji, a script the font lacks) ``Seat 2`` (``seats``: 0-based)."""
    return [
        drawable(name) or i18n._("Seat {seat}", seat=seat + 1)
        for name, seat in zip(names, seats, strict=True)
    ]


def with_hand(
    shown: Rendered, table: Table, user_id: int, view: SeatView | None = None
) -> Rendered:
    """A hand message with a picture of the player's cards; on his turn in the card play the
    cards he may not play are greyed, and cards he marked (to lay away, to exchange) are
    raised and outlined. ``view``: the player's view of the table now, if already at hand."""
    if view is None:
        view = table.view_for(user_id)
    if view is None or not view.hand:
        return shown
    seat = table.seat_of(user_id)
    marks = set(table.marks_of(seat)) if seat is not None else set()
    with faces.showing(table.rules):
        look = style()
        playable = {action.card for action in view.legal if isinstance(action, Play)}
        dimmed = frozenset(
            index for index, card in enumerate(view.hand) if playable and card not in playable
        )
        raised = frozenset(index for index, card in enumerate(view.hand) if card.name in marks)
        recipe = f"hand {_names(view.hand)} {look} dimmed={sorted(dimmed)} raised={sorted(raised)}"
        data = partial(hand_picture, tuple(view.hand), look, dimmed=dimmed, raised=raised)
        alt = i18n._("Your cards: {cards}", cards=alt_text(view.hand, look))
        if raised:
            marked = alt_text([view.hand[index] for index in sorted(raised)], look)
            alt = i18n._("{cards}; marked: {marked}", cards=alt, marked=marked)
    return _attach(shown, Picture(HAND_FILE, data, alt[:1024], recipe))


def _names(cards: Sequence[Card | None]) -> str:
    """Cards in a recipe: their codes, "-" for an empty slot."""
    return ",".join("-" if card is None else str(card) for card in cards)

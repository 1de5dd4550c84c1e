"""Card pictures added to a rendered message: the trick on the table message, the hand on a
player's hand message. The text stays as it is (the fallback, and what screen readers read,
with the pictures' alt text naming every card)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from bot import i18n
from bot.pictures import CardStyle, alt_text, hand_picture, trick_picture
from bot.ui import faces
from bot.ui.games import play_order
from bot.ui.message import Picture, Rendered
from ramsch_core import Card, Play, SeatView

if TYPE_CHECKING:
    from bot.tables import Table

TRICK_FILE = "trick.png"
HAND_FILE = "hand.png"


def style() -> CardStyle:
    """The picture style of the reader's look and language."""
    look = faces.current()
    return CardStyle(
        pack=look.pack, four_colour=look.four_colour, lang="de" if i18n.current() == "de" else "en"
    )


def _attach(shown: Rendered, picture: Picture) -> Rendered:
    if shown.embeds:
        shown.embeds[0].set_image(url=picture.url)
    shown.pictures.append(picture)
    return shown


def with_trick(shown: Rendered, table: Table) -> Rendered:
    """The table message with a picture of the trick being played (or, between tricks, the
    last one, its winning card framed); unchanged before the card play."""
    match = table.match
    if match is None or match.deal.finished:
        return shown
    view = match.deal.public_view()
    if view.phase != "play":
        return shown
    with faces.showing(table.rules):
        look = style()
        order = play_order(table.rules, view)
        highlight: int | None = None
        if view.trick:
            cards: list[Card | None] = [*view.trick]
            cards += [None] * (len(order) - len(cards))
        elif view.tricks:
            last = view.tricks[-1]
            cards = list(last.cards)
            start = order.index(last.leader) if last.leader in order else 0
            turn = [order[(start + i) % len(order)] for i in range(len(order))]
            highlight = turn.index(last.winner) if last.winner in turn else None
        else:
            cards = [None] * len(order)
        recipe = f"trick {_names(cards)} {look} highlight={highlight}"
        data = partial(trick_picture, tuple(cards), look, highlight=highlight)
        if view.trick or not view.tricks:
            alt = i18n._("The trick: {cards}", cards=alt_text(cards, look))
        else:
            alt = i18n._("The last trick: {cards}", cards=alt_text(cards, look))
    return _attach(shown, Picture(TRICK_FILE, data, alt[:1024], recipe))


def with_hand(
    shown: Rendered, table: Table, user_id: int, view: SeatView | None = None
) -> Rendered:
    """A hand message with a picture of the player's cards; on his turn in the card play the
    cards he may not play are greyed. ``view``: the player's view of the table now, if
    already at hand."""
    if view is None:
        view = table.view_for(user_id)
    if view is None or not view.hand:
        return shown
    with faces.showing(table.rules):
        look = style()
        playable = {action.card for action in view.legal if isinstance(action, Play)}
        dimmed = frozenset(
            index for index, card in enumerate(view.hand) if playable and card not in playable
        )
        recipe = f"hand {_names(view.hand)} {look} dimmed={sorted(dimmed)}"
        data = partial(hand_picture, tuple(view.hand), look, dimmed=dimmed)
        alt = i18n._("Your cards: {cards}", cards=alt_text(view.hand, look))
    return _attach(shown, Picture(HAND_FILE, data, alt[:1024], recipe))


def _names(cards: Sequence[Card | None]) -> str:
    """Cards in a recipe: their codes, "-" for an empty slot."""
    return ",".join("-" if card is None else str(card) for card in cards)

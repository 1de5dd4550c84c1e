"""Card orders in brief: the trumps and the rank of the plain suits, in the reader's pack."""

from __future__ import annotations

from bot.i18n import _
from bot.ui import faces
from ramsch_core import Card, RuleSet


def rank_face(card: Card) -> str:
    """A card's rank as the reader's pack writes it: ``B`` (Bube), ``J``, ``U`` (Unter)."""
    return faces.face(card).removeprefix(faces.suit_face(card.suit))


def order_lines(rules: RuleSet) -> list[str]:
    """The trumps and the rank of the plain suits."""
    order = rules.trick_order()
    lines = []
    if order.trumps:
        lines.append(_("Trumps, high to low: {cards}", cards=faces.cards_text(order.trumps)))
    else:
        lines.append(_("No trumps."))
    suit = next(cards for cards in order.plain if cards)
    ranks = " ".join(rank_face(card) for card in suit)
    lines.append(_("Plain suits rank {ranks}.", ranks=ranks))
    return lines

"""Card faces small enough for a button's emoji: the rank over the suit sign, filling a square.

Discord shows a button's emoji at about 22 pixels, where a shrunken card is unreadable; a face
here is only the card's index, as large as the square allows, in the suit's colour on a white
rounded tile (readable on grey, green and blurple buttons, dark theme or light). It is always
upright, and the 9 is underlined as on printed cards, so it never reads as a 6.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures import (
    BORDER,
    FACE,
    CardStyle,
    _font,
    _png,
    rank_letter,
    suit_symbol,
    text_colour,
)
from ramsch_core import Card
from ramsch_core.cards import Rank

SIZE = 64
"""Pixels of a face's side (Discord scales it down; 64 stays sharp on high-density screens)."""
RANK_FONT = 34
RANK_BASELINE = 30
SUIT_SIZE = 24
SUIT_TOP = 38
UNDERLINE = (21, 32, 43, 35)
"""The 9's underline: left, top, right and bottom, in pixels."""
DRAW_SCALE = 2
"""The rank and tile are drawn this many times larger, then scaled down (smooth edges)."""

STYLES: dict[str, CardStyle] = {
    "fr2en": CardStyle("french", False, "en"),
    "fr2de": CardStyle("french", False, "de"),
    "fr4en": CardStyle("french", True, "en"),
    "fr4de": CardStyle("french", True, "de"),
    "fr2pl": CardStyle("french", False, "pl"),
    "fr4pl": CardStyle("french", True, "pl"),
    "ger": CardStyle("german", False, "en"),
}
"""Every style a face is drawn in, by its short key (the French pack's letters differ by
language: J Q in English, B D in German, W D in Polish; the German pack has one set)."""
HASH_LENGTH = 6


@dataclass(frozen=True)
class EmojiFace:
    """One card in one style, its PNG and the name of its emoji (``c_fr2en_CJ_1a2b3c``: the
    first card and style drawn with this picture, and a hash of it; a changed picture gets a
    new name, and styles that draw a card alike share one emoji)."""

    style: str
    card: Card
    png: bytes
    name: str

    @property
    def prefix(self) -> str:
        """The card and style in an emoji's name: ``c_fr2en_CJ``."""
        return prefix(self.style, self.card)


def prefix(style: str, card: Card) -> str:
    """The start of the emoji name of ``card`` in ``style``."""
    return f"c_{style}_{card.name}"


def draw_face(card: Card, style: CardStyle) -> Image.Image:
    """The face of ``card`` as a ``SIZE`` × ``SIZE`` RGBA image."""
    k = DRAW_SCALE
    tile = Image.new("RGBA", (SIZE * k, SIZE * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle(
        (0, 0, SIZE * k - 1, SIZE * k - 1), radius=10 * k, fill=FACE, outline=BORDER, width=k
    )
    colour = text_colour(card.suit, style)
    draw.text(
        (SIZE * k // 2, RANK_BASELINE * k),
        rank_letter(card.rank, style),
        fill=colour,
        font=_font(RANK_FONT * k),
        anchor="ms",
        stroke_width=k,
        stroke_fill=colour,
    )
    if card.rank == Rank.NINE:
        draw.rectangle(tuple(edge * k for edge in UNDERLINE), fill=colour)
    face = tile.reduce(k)
    face.alpha_composite(
        suit_symbol(card.suit, style, SUIT_SIZE), ((SIZE - SUIT_SIZE) // 2, SUIT_TOP)
    )
    return face


@lru_cache(maxsize=1)
def all_faces() -> tuple[EmojiFace, ...]:
    """Every card in every style, drawn once per process."""
    names: dict[bytes, str] = {}
    drawn = []
    for key, style in STYLES.items():
        for card in Card:
            png = _png(draw_face(card, style))
            digest = hashlib.sha256(png).hexdigest()[:HASH_LENGTH]
            name = names.setdefault(png, f"{prefix(key, card)}_{digest}")
            drawn.append(EmojiFace(key, card, png, name))
    return tuple(drawn)

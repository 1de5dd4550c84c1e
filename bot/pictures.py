"""Card pictures: PNGs of a hand and of a trick, drawn with Pillow and nothing else.

Two packs are drawn from the same :class:`ramsch_core.Card` objects: the French pack (♣ ♠ ♥ ♦,
in two or four colours, with English or German rank letters) and the German (Bavarian) pack
(Eichel, Gras, Herz, Schellen; Unter, Ober, König, Sau). Suit symbols are shapes drawn with
``ImageDraw`` (at four times the size, then scaled down, for smooth edges) and the rank letters
use Pillow's built-in scalable font, so no font or image file of the system is needed.

Every card tile is drawn once per style (``functools.lru_cache``), and whole pictures are
cached by what they show (cards, style, marks, names) in a bounded LRU. Backgrounds are
transparent (RGBA), so the pictures look right in the dark and the light Discord theme.

Indices are upright in both corners, the 9 underlined, so a 9 never reads as a 6; a hand of
more than eight cards is laid in two rows, so the picture stays narrow enough for a phone. The
trick names the seat under each slot (its seat to act marked); the font draws only basic Latin,
so a name is drawn with the characters it can draw (``drawable``), shortened to fit.
"""

from __future__ import annotations

import math
import struct
import unicodedata
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Literal, cast

from PIL import Image, ImageDraw, ImageFont, ImageOps, _imaging

from ramsch_core import Card
from ramsch_core.cards import Rank, Suit

__all__ = [
    "HAND_STEP",
    "RAISE",
    "TILE_HEIGHT",
    "TILE_WIDTH",
    "CardStyle",
    "alt_text",
    "card_name",
    "card_tile",
    "clear_caches",
    "drawable",
    "hand_picture",
    "trick_picture",
]

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Point = tuple[float, float]


Lang = Literal["de", "en", "pl"]
LANGS: dict[str, Lang] = {"de": "de", "en": "en", "pl": "pl"}


def style_lang(language: str) -> Lang:
    """The names and letters of cards for a reader of ``language`` (English for any other)."""
    return LANGS.get(language, "en")


@dataclass(frozen=True)
class CardStyle:
    """How cards are drawn and named.

    ``four_colour`` applies to the French pack only (♣ black, ♠ green, ♥ red, ♦ orange, as in
    the tournament deck); the German pack always has its own colours. ``lang`` picks the rank
    letters and names of the French pack (German: B D K A; Polish: W D K A; English: J Q K A);
    the German pack has the same letters (U O K A) and names in every language.
    """

    pack: Literal["french", "german"] = "french"
    four_colour: bool = False
    lang: Lang = "en"


# --- sizes -------------------------------------------------------------------------------

TILE_WIDTH = 72
TILE_HEIGHT = 104
RADIUS = 6  # corner radius of a card
SCALE = 4  # shapes are drawn this many times larger, then scaled down (anti-aliasing)
HAND_STEP = 46  # horizontal distance of two cards in a hand (they overlap by 26 px)
RAISE = 14  # how far a raised card (marked to lay away) is shifted up
TRICK_GAP = 10  # between two slots of a trick
FRAME = 4  # room around a trick slot for the highlight frame
FRAME_WIDTH = 3
RANK_SIZE = 17  # font size of the corner rank letters
CORNER_SUIT = 12  # size of the corner suit symbol
CENTRE_SUIT = 36  # size of the big suit symbol
CORNER_X = 12  # centre line of the corner index
CORNER_HEIGHT = 40
ONE_ROW = 8  # a hand of more cards is laid in two rows (eight are 394 px wide: a phone's width)
ROW_STEP = 64  # how far the second row of a hand lies below the first (shows the indices above)
MARK_WIDTH = 3  # the outline of a marked card
NAME_SIZE = 12  # font size of the names under a trick
NAME_GAP = 3  # between a trick slot's frame and its name plate
NAME_HEIGHT = 18
NAME_PAD = 4  # room left and right of a name in its plate
ARROW = 7  # width of the triangle before the name of the seat to act
PICTURE_CACHE = 512  # whole pictures kept

BORDER: RGBA = (150, 150, 150, 255)
FACE: RGBA = (255, 255, 255, 255)
HIGHLIGHT: RGBA = (240, 178, 50, 255)  # amber: visible on dark and light backgrounds
SLOT_LINE: RGBA = (128, 128, 128, 200)
SLOT_FILL: RGBA = (128, 128, 128, 40)
PLATE: RGBA = (232, 232, 232, 255)  # a name's plate: dark text on it reads on either theme
NAME_TEXT: RGBA = (30, 30, 30, 255)

BLACK: RGB = (25, 25, 25)
RED: RGB = (208, 16, 32)
GREEN: RGB = (20, 140, 60)
ORANGE: RGB = (235, 130, 0)

# --- names and letters ---------------------------------------------------------------------

FRENCH_SUITS_DE = ("Kreuz", "Pik", "Herz", "Karo")
FRENCH_SUITS_EN = ("Clubs", "Spades", "Hearts", "Diamonds")
FRENCH_SUITS_PL = ("trefl", "pik", "kier", "karo")
GERMAN_SUITS = ("Eichel", "Gras", "Herz", "Schellen")
# In Rank order: A 10 K Q J 9 8 7.
FRENCH_RANKS_DE = ("Ass", "Zehn", "König", "Dame", "Bube", "Neun", "Acht", "Sieben")
FRENCH_RANKS_EN = ("Ace", "Ten", "King", "Queen", "Jack", "Nine", "Eight", "Seven")
FRENCH_RANKS_PL = ("as", "dziesiątka", "król", "dama", "walet", "dziewiątka", "ósemka", "siódemka")
GERMAN_RANKS = ("Sau", "Zehn", "König", "Ober", "Unter", "Neun", "Acht", "Sieben")
LETTERS_EN = ("A", "10", "K", "Q", "J", "9", "8", "7")
LETTERS_DE = ("A", "10", "K", "D", "B", "9", "8", "7")
LETTERS_PL = ("A", "10", "K", "D", "W", "9", "8", "7")
LETTERS_GERMAN = ("A", "10", "K", "O", "U", "9", "8", "7")

ALT_TEXT_LIMIT = 1024  # Discord's limit for an attachment description
NOT_PLAYED = "—"


def card_name(card: Card, style: CardStyle) -> str:
    """The card's name for alt text: "Kreuz-Bube", "walet trefl", "Jack of Clubs",
    "Eichel-Ober"."""
    suit, rank = card.suit, card.rank
    if style.pack == "german":
        return f"{GERMAN_SUITS[suit]}-{GERMAN_RANKS[rank]}"
    if style.lang == "de":
        return f"{FRENCH_SUITS_DE[suit]}-{FRENCH_RANKS_DE[rank]}"
    if style.lang == "pl":
        return f"{FRENCH_RANKS_PL[rank]} {FRENCH_SUITS_PL[suit]}"
    return f"{FRENCH_RANKS_EN[rank]} of {FRENCH_SUITS_EN[suit]}"


def alt_text(cards: Sequence[Card | None], style: CardStyle, names: Sequence[str] = ()) -> str:
    """Comma-separated card names (``—`` for a card not played yet), each after its seat's
    name where ``names`` are given (``Alice: Kreuz-Bube``), at most 1024 characters."""
    shown = [NOT_PLAYED if card is None else card_name(card, style) for card in cards]
    if names:
        shown = [f"{name}: {card}" for name, card in zip(names, shown, strict=False)]
    text = ", ".join(shown)
    if len(text) > ALT_TEXT_LIMIT:
        text = text[: ALT_TEXT_LIMIT - 1] + "…"
    return text


def rank_letter(rank: Rank, style: CardStyle) -> str:
    """The corner index of a rank: J/Q in English, B/D in German, W/D in Polish, U/O in the
    German pack."""
    if style.pack == "german":
        return LETTERS_GERMAN[rank]
    return {"de": LETTERS_DE, "pl": LETTERS_PL}.get(style.lang, LETTERS_EN)[rank]


# --- colours -------------------------------------------------------------------------------

# German pack: (main, detail) colours of each suit.
EICHEL = ((150, 95, 40), (95, 58, 22))
GRAS = ((50, 150, 50), (20, 90, 25))
HERZ = (RED, (150, 10, 20))
SCHELLEN = ((235, 180, 0), (150, 100, 0))


def suit_colour(suit: Suit, style: CardStyle) -> RGB:
    """The main colour of a suit's symbol."""
    if style.pack == "german":
        return (EICHEL, GRAS, HERZ, SCHELLEN)[suit][0]
    if style.four_colour:
        return (BLACK, GREEN, RED, ORANGE)[suit]
    return (BLACK, BLACK, RED, RED)[suit]


def text_colour(suit: Suit, style: CardStyle) -> RGB:
    """The colour of the rank letters (darker than the symbol where that is too light)."""
    if style.pack == "german":
        return (EICHEL[1], GRAS[1], RED, SCHELLEN[1])[suit]
    return suit_colour(suit, style)


# --- suit shapes ---------------------------------------------------------------------------
# Each shape is drawn into a square of side ``s`` (pixels, already scaled up).


def _scaled(points: Iterable[Point], s: float) -> list[Point]:
    return [(x * s, y * s) for x, y in points]


def _circle(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, s: float, fill: RGB) -> None:
    draw.ellipse(((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s), fill=fill)


@lru_cache(maxsize=1)
def _heart_outline() -> tuple[Point, ...]:
    """The classic heart curve, fitted into the unit square (lobes at the top)."""
    raw = []
    for i in range(96):
        t = 2 * math.pi * i / 96
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        raw.append((x, -y))
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    x0, y0 = min(xs), min(ys)
    w, h = max(xs) - x0, max(ys) - y0
    return tuple((0.04 + 0.92 * (x - x0) / w, 0.06 + 0.88 * (y - y0) / h) for x, y in raw)


def _heart(draw: ImageDraw.ImageDraw, s: float, fill: RGB, detail: RGB) -> None:
    draw.polygon(_scaled(_heart_outline(), s), fill=fill)


def _diamond(draw: ImageDraw.ImageDraw, s: float, fill: RGB, detail: RGB) -> None:
    # Slightly curved sides, as on printed cards.
    points: list[Point] = []
    for corner, nxt in (((0.5, 0.0), (0.88, 0.5)), ((0.88, 0.5), (0.5, 1.0)),
                        ((0.5, 1.0), (0.12, 0.5)), ((0.12, 0.5), (0.5, 0.0))):  # fmt: skip
        for i in range(8):
            t = i / 8
            x = corner[0] + (nxt[0] - corner[0]) * t
            y = corner[1] + (nxt[1] - corner[1]) * t
            bow = 0.05 * math.sin(math.pi * t)  # pulled towards the centre
            points.append((x + (0.5 - x) * bow * 2, y + (0.5 - y) * bow * 2))
    draw.polygon(_scaled(points, s), fill=fill)


def _stem(draw: ImageDraw.ImageDraw, s: float, fill: RGB, top: float) -> None:
    points = [(0.5, top), (0.56, 0.8), (0.68, 0.98), (0.32, 0.98), (0.44, 0.8)]
    draw.polygon(_scaled(points, s), fill=fill)


def _spade(draw: ImageDraw.ImageDraw, s: float, fill: RGB, detail: RGB) -> None:
    body = [(x, 0.02 + 0.78 * (1 - y)) for x, y in _heart_outline()]  # upside-down heart
    draw.polygon(_scaled(body, s), fill=fill)
    _stem(draw, s, fill, 0.55)


def _club(draw: ImageDraw.ImageDraw, s: float, fill: RGB, detail: RGB) -> None:
    r = 0.215
    for cx, cy in ((0.5, 0.24), (0.26, 0.56), (0.74, 0.56)):
        _circle(draw, cx, cy, r, s, fill)
    _circle(draw, 0.5, 0.5, 0.14, s, fill)
    _stem(draw, s, fill, 0.5)


def _acorn(draw: ImageDraw.ImageDraw, s: float, fill: RGB, detail: RGB) -> None:
    draw.rectangle((0.46 * s, 0.02 * s, 0.54 * s, 0.2 * s), fill=detail)  # stalk
    draw.ellipse((0.25 * s, 0.26 * s, 0.75 * s, 0.98 * s), fill=fill)  # nut
    draw.ellipse((0.44 * s, 0.86 * s, 0.56 * s, 0.96 * s), fill=detail)  # tip
    draw.chord((0.17 * s, 0.14 * s, 0.83 * s, 0.7 * s), 180, 360, fill=detail)  # cup
    light = tuple(min(255, c + 70) for c in detail)
    for i in range(1, 4):  # the cup's scales
        x = (0.17 + 0.165 * i) * s
        draw.line((x, 0.2 * s, x, 0.42 * s), fill=light, width=max(1, int(s / 40)))
    draw.line((0.19 * s, 0.31 * s, 0.81 * s, 0.31 * s), fill=light, width=max(1, int(s / 40)))


def _leaf(draw: ImageDraw.ImageDraw, s: float, fill: RGB, detail: RGB) -> None:
    left: list[Point] = []
    right: list[Point] = []
    for i in range(33):
        t = i / 32  # from the tip (top) to the base
        y = 0.02 + 0.76 * t
        w = 0.44 * math.sin(math.pi * (t**0.6)) ** 0.8 + (0.08 * t**4)
        left.append((0.5 - w, y))
        right.append((0.5 + w, y))
    notch = [(0.5, 0.7)]  # the heart-shaped base
    draw.polygon(_scaled(left + notch + right[::-1], s), fill=fill)
    width = max(1, int(s / 28))
    draw.line((0.5 * s, 0.1 * s, 0.5 * s, 0.98 * s), fill=detail, width=width)  # vein and stem
    for y in (0.3, 0.45, 0.6):
        draw.line((0.5 * s, y * s, 0.3 * s, (y - 0.12) * s), fill=detail, width=width)
        draw.line((0.5 * s, y * s, 0.7 * s, (y - 0.12) * s), fill=detail, width=width)


def _bell(draw: ImageDraw.ImageDraw, s: float, fill: RGB, detail: RGB) -> None:
    width = max(1, int(s / 18))
    draw.ellipse((0.4 * s, 0.02 * s, 0.6 * s, 0.2 * s), outline=detail, width=width)  # loop
    draw.ellipse((0.1 * s, 0.14 * s, 0.9 * s, 0.94 * s), fill=fill, outline=detail, width=width)
    draw.line((0.12 * s, 0.46 * s, 0.88 * s, 0.46 * s), fill=detail, width=width)  # band
    draw.line((0.12 * s, 0.56 * s, 0.88 * s, 0.56 * s), fill=detail, width=width)
    draw.ellipse((0.4 * s, 0.66 * s, 0.6 * s, 0.8 * s), fill=detail)  # slit
    draw.line((0.5 * s, 0.76 * s, 0.5 * s, 0.93 * s), fill=detail, width=width)


FRENCH_SHAPES = (_club, _spade, _heart, _diamond)
GERMAN_SHAPES = (_acorn, _leaf, _heart, _bell)


@lru_cache(maxsize=256)
def suit_symbol(suit: Suit, style: CardStyle, size: int) -> Image.Image:
    """The suit's symbol, ``size`` pixels square, RGBA, drawn large and scaled down."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if style.pack == "german":
        shape = GERMAN_SHAPES[suit]
        detail = (EICHEL, GRAS, HERZ, SCHELLEN)[suit][1]
    else:
        shape = FRENCH_SHAPES[suit]
        detail = suit_colour(suit, style)
    shape(draw, big, suit_colour(suit, style), detail)
    return image.reduce(SCALE)


# --- tiles ---------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=8)
def _rounded(width: int, height: int, fill: RGBA, outline: RGBA, line: int) -> Image.Image:
    """A rounded rectangle with smooth corners (drawn large, scaled down)."""
    big = Image.new("RGBA", (width * SCALE, height * SCALE), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * SCALE - 1, height * SCALE - 1),
        radius=RADIUS * SCALE,
        fill=fill,
        outline=outline,
        width=line * SCALE,
    )
    return big.reduce(SCALE)


def _blank() -> Image.Image:
    return _rounded(TILE_WIDTH, TILE_HEIGHT, FACE, BORDER, 1)


def _corner(card: Card, style: CardStyle) -> Image.Image:
    """The index in a corner: rank letters over a small suit symbol, the 9 underlined."""
    corner = Image.new("RGBA", (2 * CORNER_X, CORNER_HEIGHT), (0, 0, 0, 0))
    draw = ImageDraw.Draw(corner)
    colour = text_colour(card.suit, style)
    font = _font(RANK_SIZE)
    draw.text(
        (CORNER_X, 4),
        rank_letter(card.rank, style),
        fill=colour,
        font=font,
        anchor="mt",
        stroke_width=0.4,
        stroke_fill=colour,
    )
    if card.rank == Rank.NINE:
        left, _top, right, bottom = draw.textbbox((CORNER_X, 4), "9", font=font, anchor="mt")
        draw.line((left, bottom + 1, right - 1, bottom + 1), fill=colour, width=1)
    corner.alpha_composite(
        suit_symbol(card.suit, style, CORNER_SUIT), (CORNER_X - CORNER_SUIT // 2, 24)
    )
    return corner


@lru_cache(maxsize=1024)  # 32 cards, plain, dimmed and marked, in every style
def card_tile(
    card: Card, style: CardStyle, dimmed: bool = False, marked: bool = False
) -> Image.Image:
    """The card as a ``TILE_WIDTH`` × ``TILE_HEIGHT`` RGBA tile (do not modify it); ``marked``
    outlines it in the highlight colour. Its fully transparent pixels are (0, 0, 0, 0), as
    compositing it onto a transparent canvas leaves them."""
    if marked:
        tile = card_tile(card, style, dimmed).copy()
        outline = _rounded(TILE_WIDTH, TILE_HEIGHT, (0, 0, 0, 0), HIGHLIGHT, MARK_WIDTH)
        tile.alpha_composite(outline)
    elif dimmed:
        tile = _dim(card_tile(card, style))
    else:
        tile = _blank().copy()
        corner = _corner(card, style)
        bottom = (TILE_WIDTH - corner.width - 2, TILE_HEIGHT - corner.height - 2)
        tile.alpha_composite(corner, (2, 2))  # both corners upright: a 9 never reads as a 6
        tile.alpha_composite(corner, bottom)
        symbol = suit_symbol(card.suit, style, CENTRE_SUIT)
        tile.alpha_composite(
            symbol, ((TILE_WIDTH - CENTRE_SUIT) // 2 + 2, (TILE_HEIGHT - CENTRE_SUIT) // 2)
        )
    clean = Image.new("RGBA", tile.size, (0, 0, 0, 0))
    clean.alpha_composite(tile)
    return clean


def _dim(tile: Image.Image) -> Image.Image:
    """Greyed out: desaturated and darkened, same transparency."""
    grey = ImageOps.grayscale(tile.convert("RGB")).point(lambda v: 40 + v * 45 // 100)
    rgb = Image.blend(tile.convert("RGB"), Image.merge("RGB", (grey, grey, grey)), 0.8)
    rgb.putalpha(tile.getchannel("A"))
    return rgb


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _deflater() -> Callable[[bytes | bytearray | memoryview], bytes]:
    """The fastest zlib-format deflate at hand, at its quickest level: ISA-L's (the ``isal``
    package, a dependency) deflates these pictures about six times faster than zlib at level
    1, and no larger; zlib's if it is missing. Both are read back by any PNG reader."""
    try:
        from isal import isal_zlib
    except ImportError:  # pragma: no cover - isal is a dependency
        return partial(zlib.compress, level=1)
    return partial(isal_zlib.compress, level=1)


_deflate = _deflater()


def _png(image: Image.Image) -> bytes:
    """The RGBA image as a PNG, every row unfiltered, deflated quickly (``_deflate``).

    Pillow's PNG encoder tries every row filter on an RGBA image whatever the compression
    level, which is most of the cost: 2.9 ms for a hand of ten against 1.0 ms here with zlib
    (of which the deflate 0.4 ms; 0.07 ms with ISA-L), and these pictures (large flat areas)
    come out no larger. The container is three chunks. A picture drawn on a ``_Canvas`` is
    encoded without copying its pixels (``_Canvas.png``)."""
    assert image.mode == "RGBA"
    width, height = image.size
    canvas = _Canvas(width, height)
    image.load()
    canvas.core.paste(image.im, (0, 0, width, height))
    return canvas.png()


class _Canvas:
    """A clear RGBA picture whose pixels lie in memory as a PNG's unfiltered rows do: each
    row after a filter byte 0 (none). Drawn on through ``core`` (Pillow's operations on the
    image's core, which write into that memory), it is deflated as it lies (``png``): no
    copy of the pixels out of Pillow (the raw encoder) and none to put the filter bytes in,
    which took as long as the deflate. The bytes are those of ``_png`` of the same image."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        stride = 4 * width + 1
        # One byte more than the rows, so that the pixels (from the first row's second byte)
        # fill whole strides, as Pillow asks of a buffer it maps; the last is not written.
        self.rows = bytearray(stride * height + 1)
        pixels = cast(bytes, memoryview(self.rows)[1:])  # Pillow maps any buffer
        self.image = Image.frombuffer("RGBA", (width, height), pixels, "raw", "RGBA", stride, 1)
        self.core = self.image.im

    def png(self) -> bytes:
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 6, 0, 0, 0)  # 8 bits, RGBA
        return b"".join(
            (
                PNG_SIGNATURE,
                _chunk(b"IHDR", header),
                _chunk(b"IDAT", _deflate(memoryview(self.rows)[:-1])),
                _chunk(b"IEND", b""),
            )
        )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


# --- pictures ------------------------------------------------------------------------------


def hand_picture(
    cards: Sequence[Card],
    style: CardStyle,
    *,
    dimmed: frozenset[int] = frozenset(),
    raised: frozenset[int] = frozenset(),
) -> bytes:
    """PNG of a hand: cards side by side, overlapping a little; more than ``ONE_ROW`` in two
    rows, the second half below the first (each card's index stays in sight).

    Cards at an index in ``dimmed`` are greyed out (not playable now), those in ``raised``
    shifted up and outlined (marked: to lay away, to exchange). The picture always has room
    for a raised card, so its size depends on the number of cards only.
    """
    return _hand_png(tuple(cards), style, frozenset(dimmed), frozenset(raised))


@lru_cache(maxsize=PICTURE_CACHE)
def _hand_png(
    cards: tuple[Card, ...], style: CardStyle, dimmed: frozenset[int], raised: frozenset[int]
) -> bytes:
    return _compose_hand(cards, style, dimmed, raised).png()


def hand_rows(count: int) -> list[range]:
    """The indices of a hand's cards in each row: one row of up to ``ONE_ROW``, else two, the
    first the longer."""
    if count <= ONE_ROW:
        return [range(count)]
    first = (count + 1) // 2
    return [range(first), range(first, count)]


TileKey = tuple[Card, CardStyle, bool, bool]
"""A tile's arguments of ``card_tile``: card, style, dimmed, marked."""


def _compose_hand(
    cards: Sequence[Card], style: CardStyle, dimmed: frozenset[int], raised: frozenset[int]
) -> _Canvas:
    """The hand's pixels: each tile alpha-composited over the ones before, row by row, left
    to right.

    The same pixels for less work: a tile is opaque but for its rounded corners, so it is
    pasted as it is, and only the strips of its corners (see :func:`_edges`) are composited
    for real over what lay there: the left ones, and in the second row the right ones too (in
    the first row nothing lies under them yet, and the tile's clear pixels are clear). In the
    first row only the tile before lies under the left ones: those are composited once per
    pair of neighbours (``_corners_over``)."""
    rows = hand_rows(len(cards))
    width = TILE_WIDTH + HAND_STEP * max(0, len(rows[0]) - 1)
    height = TILE_HEIGHT + RAISE + ROW_STEP * (len(rows) - 1)
    canvas = _Canvas(width, height)
    # Pillow's own pixel operations on the images' cores: the same operations as
    # ``Image.paste``, ``crop`` and ``alpha_composite``, without their checks and conversions
    # (every image here is RGBA and loaded), which took three quarters of the time.
    core = canvas.core
    composite = _imaging.alpha_composite
    for row, indices in enumerate(rows):
        before: TileKey | None = None  # the tile before in the row, if pasted, and its y
        before_y = 0
        for column, i in enumerate(indices):
            x = column * HAND_STEP
            y = ROW_STEP * row + (0 if i in raised else RAISE)
            key = (cards[i], style, i in dimmed, i in raised)
            edges = _edges(*key)
            if edges is None:  # not the tile this shortcut knows: composite all of it
                box = (x, y, x + TILE_WIDTH, y + TILE_HEIGHT)
                core.paste(composite(core.crop(box), card_tile(*key).im), box)
                before = None
                continue
            bottom = y + TILE_HEIGHT
            if not row and (column == 0 or before is not None):
                # In the first row only the card before lies under the left corners.
                core.paste(card_tile(*key).im, (x, y, x + TILE_WIDTH, bottom))
                for left, over in _corners_over(key, before, before_y - y if before else 0):
                    core.paste(over.im, (x + left, y, x + left + over.width, bottom))
                before, before_y = key, y
                continue
            before = None
            strips = [
                (x + left, core.crop((x + left, y, x + left + strip.width, bottom)), strip)
                for left, strip in edges
                if row or left < TILE_WIDTH - HAND_STEP  # over the card before
            ]
            core.paste(card_tile(*key).im, (x, y, x + TILE_WIDTH, bottom))
            for left, under, strip in strips:
                core.paste(composite(under, strip.im), (left, y, left + strip.width, bottom))
    return canvas


@lru_cache(maxsize=4096)  # a pair's strips: about 3 kB
def _corners_over(
    key: TileKey, before: TileKey | None, drop: int
) -> tuple[tuple[int, Image.Image], ...]:
    """The tile's left corner strips (``_edges``, with their left columns) composited over
    what lies under them in a hand's first row: the tile ``before``, ``HAND_STEP`` to the left
    and ``drop`` px lower, pasted on the clear canvas (or nothing, at the row's start); as
    the canvas would show them. Neighbours repeat from one picture of a hand to the next."""
    edges = _edges(*key)
    assert edges is not None
    over = []
    for left, strip in edges:
        if left >= TILE_WIDTH - HAND_STEP:
            continue  # over nothing yet: the tile's own pixels, pasted with it
        if before is None:
            under = Image.new("RGBA", strip.size, (0, 0, 0, 0))
        else:  # cropped past its edges: clear, as the canvas there
            box = (HAND_STEP + left, -drop, HAND_STEP + left + strip.width, TILE_HEIGHT - drop)
            under = card_tile(*before).crop(box)
        over.append((left, Image.alpha_composite(under, strip)))
    return tuple(over)


@lru_cache(maxsize=1024)
def _edges(
    card: Card, style: CardStyle, dimmed: bool, marked: bool
) -> tuple[tuple[int, Image.Image], ...] | None:
    """The tile's strips of its left and right corners, each with its left column: from the
    tile's edge to the last column with a pixel not opaque there, if every column between
    them is opaque (so a tile pasted on the canvas, then these strips composited, is the tile
    composited); else None."""
    tile = card_tile(card, style, dimmed, marked)
    alpha = tile.getchannel("A").point(lambda a: 255 if a == 255 else 0)
    columns = [alpha.crop((x, 0, x + 1, TILE_HEIGHT)).getextrema()[0] for x in range(TILE_WIDTH)]
    opaque = [x for x, lowest in enumerate(columns) if lowest == 255]
    if not opaque or len(opaque) != opaque[-1] - opaque[0] + 1:
        return None
    spans = ((0, opaque[0]), (opaque[-1] + 1, TILE_WIDTH))
    return tuple((a, tile.crop((a, 0, b, TILE_HEIGHT))) for a, b in spans if b > a)


def trick_picture(
    cards: Sequence[Card | None],
    style: CardStyle,
    *,
    highlight: int | None = None,
    names: Sequence[str] = (),
    to_act: int | None = None,
) -> bytes:
    """PNG of a trick: one slot per seat that plays, in play order.

    ``None`` is a card not played yet (an empty outlined slot, so the picture keeps its size
    while the trick fills); ``highlight`` is the index of the card that takes the trick (a
    coloured frame). ``names``: the seat of each slot, drawn under it on a plate (what of it
    the font can draw, see :func:`drawable`, shortened with "…" to the slot's width; the
    caller passes a name that stays readable); the plate at ``to_act`` (the seat to play) is
    coloured and has an arrow.
    """
    return _trick_png(tuple(cards), style, highlight, tuple(names), to_act)


@lru_cache(maxsize=PICTURE_CACHE)
def _trick_png(
    cards: tuple[Card | None, ...],
    style: CardStyle,
    highlight: int | None,
    names: tuple[str, ...],
    to_act: int | None,
) -> bytes:
    count = max(1, len(cards), len(names))
    slot = TILE_WIDTH + 2 * FRAME
    width = count * TILE_WIDTH + (count - 1) * TRICK_GAP + 2 * FRAME
    height = TILE_HEIGHT + 2 * FRAME + (NAME_GAP + NAME_HEIGHT if names else 0)
    canvas = _Canvas(width, height)
    core = canvas.core  # as ``Image.paste`` and ``alpha_composite`` do, on the cores
    for i in range(count):  # nothing overlaps but a frame: pasted onto the clear canvas
        x = FRAME + i * (TILE_WIDTH + TRICK_GAP)
        card = cards[i] if i < len(cards) else None
        tile = _empty_slot() if card is None else card_tile(card, style)
        box = (x, FRAME, x + TILE_WIDTH, FRAME + TILE_HEIGHT)
        if i == highlight:
            frame = _frame()
            core.paste(frame.im, (x - FRAME, 0, x - FRAME + frame.width, frame.height))
            core.paste(_imaging.alpha_composite(core.crop(box), tile.im), box)
        else:
            core.paste(tile.im, box)
        if i < len(names):
            plate = _name_plate(names[i], slot, i == to_act)
            top = TILE_HEIGHT + 2 * FRAME + NAME_GAP
            core.paste(plate.im, (x - FRAME, top, x - FRAME + plate.width, top + plate.height))
    return canvas.png()


# --- names ---------------------------------------------------------------------------------

SPELLED = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss", "ẞ": "SS"}
"""Letters the font lacks, written as German writes them without the letter."""
ELLIPSIS = "…"
MISSING = "\U0010fffd"  # a private-use character: the font has no glyph for it


@lru_cache(maxsize=1)
def _missing_glyph() -> tuple[tuple[int, int], bytes]:
    mask = _font(NAME_SIZE).getmask(MISSING)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def _has_glyph(char: str) -> bool:
    """Whether the names' font draws ``char`` (rather than its box for a missing glyph)."""
    mask = _font(NAME_SIZE).getmask(char)
    return (mask.size, bytes(mask)) != _missing_glyph()


@lru_cache(maxsize=4096)
def _drawn_as(char: str) -> str:
    """What of one character the font draws: itself, its letters without accents (é → e,
    ü → ue), a space for any space, or nothing (a control, a joiner, an emoji, a script the
    font lacks)."""
    category = unicodedata.category(char)
    if category.startswith("Z"):
        return " "
    if category[0] in "CM":  # controls, format (zero-width, bidi), unassigned; marks
        return ""
    if _has_glyph(char):
        return char
    if char in SPELLED:
        return SPELLED[char]
    bare = "".join(
        part
        for part in unicodedata.normalize("NFKD", char)
        if not unicodedata.category(part).startswith("M")
    )
    if bare != char and all(_has_glyph(part) for part in bare):
        return bare
    return ""


@lru_cache(maxsize=1024)
def drawable(name: str) -> str:
    """What of ``name`` the pictures draw: the characters the font has, accented letters
    without their accents, spaces folded; "" if nothing is left (the caller then names the
    seat otherwise)."""
    text = "".join(_drawn_as(char) for char in unicodedata.normalize("NFKC", name))
    return " ".join(text.split())


def fitted(text: str, width: float) -> str:
    """``text`` in the names' font, cut at a character with "…" to at most ``width`` px."""
    font = _font(NAME_SIZE)
    if font.getlength(text) <= width:
        return text
    text = text[: int(width // 2)]  # no character is narrower than 2 px: the rest is cut
    while text and font.getlength(text + ELLIPSIS) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


@lru_cache(maxsize=2048)  # two plates a seat (acting or not) at some hundred tables: ~5 kB each
def _name_plate(name: str, width: int, acting: bool) -> Image.Image:
    """A seat's name on a rounded plate, ``width`` px wide; the seat to act's is in the
    highlight colour, with an arrow and bold letters."""
    plate = _rounded(width, NAME_HEIGHT, HIGHLIGHT if acting else PLATE, BORDER, 1).copy()
    draw = ImageDraw.Draw(plate)
    left = NAME_PAD + (ARROW + 2 if acting else 0)
    text = fitted(drawable(name), width - left - NAME_PAD)
    if acting:
        middle = NAME_HEIGHT / 2
        draw.polygon(
            ((NAME_PAD, middle - 4), (NAME_PAD + ARROW, middle), (NAME_PAD, middle + 4)),
            fill=NAME_TEXT,
        )
    centre = left + (width - left - NAME_PAD) / 2
    draw.text(
        (centre, NAME_HEIGHT / 2),
        text,
        fill=NAME_TEXT,
        font=_font(NAME_SIZE),
        anchor="mm",
        stroke_width=0.25 if acting else 0,
        stroke_fill=NAME_TEXT,
    )
    return plate


def _frame() -> Image.Image:
    return _rounded(
        TILE_WIDTH + 2 * FRAME, TILE_HEIGHT + 2 * FRAME, (0, 0, 0, 0), HIGHLIGHT, FRAME_WIDTH
    )


def _empty_slot() -> Image.Image:
    return _rounded(TILE_WIDTH, TILE_HEIGHT, SLOT_FILL, SLOT_LINE, 2)


def clear_caches(*, tiles: bool = True) -> None:
    """Forget the cached pictures (and with ``tiles`` the card tiles and symbols too)."""
    _hand_png.cache_clear()
    _trick_png.cache_clear()
    if tiles:
        card_tile.cache_clear()
        _edges.cache_clear()
        _corners_over.cache_clear()
        _name_plate.cache_clear()
        suit_symbol.cache_clear()
        _rounded.cache_clear()

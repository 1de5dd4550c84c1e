"""Card pictures (bot.pictures): PNGs of hands and tricks in both packs, and their alt text."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from bot import pictures
from bot.pictures import (
    HAND_STEP,
    RAISE,
    TILE_HEIGHT,
    TILE_WIDTH,
    CardStyle,
    alt_text,
    card_name,
    card_tile,
    clear_caches,
    hand_picture,
    rank_letter,
    trick_picture,
)
from ramsch_core import Card
from ramsch_core.cards import DECK, Rank, Suit

FRENCH = CardStyle()
FOUR_COLOUR = CardStyle(four_colour=True, lang="de")
GERMAN = CardStyle(pack="german")
STYLES = [
    FRENCH, FOUR_COLOUR, GERMAN, CardStyle(lang="de"), CardStyle(pack="german", lang="de"),
    CardStyle(lang="pl"), CardStyle(four_colour=True, lang="pl"),
]  # fmt: skip


def cards(*names: str) -> list[Card]:
    return [Card.parse(name) for name in names]


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGBA")


def green_pixels(image: Image.Image) -> int:
    """Opaque pixels that are clearly green."""
    data = image.convert("RGBA").tobytes()
    return sum(
        1
        for i in range(0, len(data), 4)
        if data[i + 3] > 200 and data[i + 1] > data[i] + 50 and data[i + 1] > data[i + 2] + 30
    )


def alpha(image: Image.Image, x: int, y: int) -> int:
    """The opacity of a pixel."""
    value = image.getchannel("A").getpixel((x, y))
    assert isinstance(value, int)
    return value


def brightness(image: Image.Image) -> float:
    """Mean luminance of the opaque part of an image."""
    rgba = image.convert("RGBA")
    return float(ImageStat.Stat(rgba.convert("L"), rgba.getchannel("A")).mean[0])


@pytest.mark.parametrize("style", STYLES)
def test_hand_and_trick_are_valid_transparent_pngs(style: CardStyle) -> None:
    hand = decode(hand_picture(cards("CJ", "HT", "DA", "S7"), style))
    trick = decode(trick_picture(cards("CJ", "HT", "DA"), style, highlight=0))
    for image in (hand, trick):
        assert image.width > 0 and image.height > 0
        assert alpha(image, 0, 0) == 0  # a transparent corner (rounded card)
        assert image.getchannel("A").getextrema() == (0, 255)


PHONE_WIDTH = 400
"""About the widest Discord shows a picture on a phone: a wider one is scaled down."""


@pytest.mark.parametrize("style", STYLES)
def test_hand_grows_with_the_number_of_cards_and_fits_a_phone(style: CardStyle) -> None:
    """A hand grows with its cards up to eight in a row; more are laid in two rows, so no
    hand is wider than a phone shows a picture unscaled (and the cards stay a thumb's size)."""
    sizes = [decode(hand_picture(DECK[:n], style)).size for n in range(1, 13)]
    one_row, two_rows = sizes[: pictures.ONE_ROW], sizes[pictures.ONE_ROW :]
    assert [w for w, _h in one_row] == sorted({w for w, _h in one_row})
    assert len({h for _w, h in one_row}) == 1 and len({h for _w, h in two_rows}) == 1
    assert two_rows[0][1] > one_row[0][1]
    assert [w for w, _h in two_rows] == sorted(w for w, _h in two_rows)
    assert max(w for w, _h in sizes) <= PHONE_WIDTH
    assert two_rows[-1][0] < one_row[-1][0]  # twelve cards in two rows: narrower than eight


def test_a_nine_is_drawn_upright_and_underlined() -> None:
    """No index is upside down (a 9 turned reads as a 6): both corners of a card are the
    same upright index, and a 9's index is not a 6's turned (it is underlined)."""
    for card in (Card.S9, Card.HK, Card.D7, Card.C9):
        tile = card_tile(card, GERMAN if card == Card.C9 else FRENCH).convert("L")
        top = tile.crop((4, 4, 24, 40))
        bottom = tile.crop((TILE_WIDTH - 24, TILE_HEIGHT - 40, TILE_WIDTH - 4, TILE_HEIGHT - 4))
        assert difference(bottom, top) < difference(bottom, top.rotate(180)) / 3
    nine = pictures._corner(Card.S9, FRENCH)
    draw = ImageDraw.Draw(plain := Image.new("RGBA", nine.size, (0, 0, 0, 0)))
    font = pictures._font(pictures.RANK_SIZE)
    draw.text((pictures.CORNER_X, 4), "9", fill=(0, 0, 0), font=font, anchor="mt", stroke_width=0.4)
    assert ink_rows(nine) > ink_rows(plain)


def difference(one: Image.Image, other: Image.Image) -> float:
    """Mean difference of two greyscale images' pixels."""
    return float(ImageStat.Stat(ImageChops.difference(one, other)).mean[0])


def ink_rows(image: Image.Image) -> int:
    """Rows of the image's top 22 pixels (a corner's rank) with an opaque pixel."""
    top = image.crop((0, 0, image.width, 22)).getchannel("A")
    return sum(1 for y in range(top.height) if top.crop((0, y, top.width, y + 1)).getextrema()[1])


def test_hand_of_twelve_is_small() -> None:
    for style in STYLES:
        png = hand_picture(DECK[20:], style, dimmed=frozenset({1, 3}), raised=frozenset({5}))
        assert len(png) < 60_000


@pytest.mark.parametrize("seats", [3, 4])
def test_trick_keeps_its_size_as_it_fills(seats: int) -> None:
    played = cards("CJ", "SA", "HT", "D7")[:seats]
    sizes = set()
    for n in range(seats + 1):
        slots: list[Card | None] = [*played[:n], *[None] * (seats - n)]
        sizes.add(decode(trick_picture(slots, FRENCH)).size)
        sizes.add(decode(trick_picture(slots, GERMAN, highlight=n - 1 if n else None)).size)
    assert len(sizes) == 1


def test_trick_of_four_is_wider_than_of_three() -> None:
    three = decode(trick_picture([None] * 3, FRENCH))
    four = decode(trick_picture([None] * 4, FRENCH))
    assert four.width > three.width
    assert four.height == three.height


def test_trick_slots_fill_and_highlight_changes_the_picture() -> None:
    empty = trick_picture([None, None, None], FRENCH)
    one = trick_picture([Card.CJ, None, None], FRENCH)
    full = trick_picture([Card.CJ, Card.SA, Card.HT], FRENCH)
    framed = trick_picture([Card.CJ, Card.SA, Card.HT], FRENCH, highlight=1)
    assert len({empty, one, full, framed}) == 4


@pytest.mark.parametrize("style", STYLES)
def test_every_card_has_its_own_tile(style: CardStyle) -> None:
    tiles = {card_tile(card, style).tobytes() for card in DECK}
    assert len(tiles) == 32
    hands = {hand_picture([card], style) for card in DECK}
    assert len(hands) == 32


def test_the_packs_and_letters_differ() -> None:
    # Herz is a heart in both packs: only the Unter and Ober differ (U, O for J, Q).
    for card in DECK:
        same = card.suit == Suit.HEARTS and card.rank not in (Rank.JACK, Rank.QUEEN)
        assert (card_tile(card, FRENCH).tobytes() == card_tile(card, GERMAN).tobytes()) == same
    # German letters only where they differ from English: B for J, D for Q.
    french_de = CardStyle(lang="de")
    assert card_tile(Card.CJ, FRENCH).tobytes() != card_tile(Card.CJ, french_de).tobytes()
    assert card_tile(Card.CA, FRENCH).tobytes() == card_tile(Card.CA, french_de).tobytes()
    # Polish letters: W for the walet (J), D for the dama (Q) as in German.
    french_pl = CardStyle(lang="pl")
    assert rank_letter(Rank.JACK, french_pl) == "W" and rank_letter(Rank.QUEEN, french_pl) == "D"
    assert card_tile(Card.CJ, french_pl).tobytes() not in {
        card_tile(Card.CJ, FRENCH).tobytes(),
        card_tile(Card.CJ, french_de).tobytes(),
    }
    assert card_tile(Card.SQ, french_pl).tobytes() == card_tile(Card.SQ, french_de).tobytes()


def test_four_colour_spades_are_green_two_colour_are_not() -> None:
    spades = cards("SA", "ST", "SJ", "S7")
    assert green_pixels(decode(hand_picture(spades, FOUR_COLOUR))) > 100
    assert green_pixels(decode(hand_picture(spades, FRENCH))) == 0
    assert green_pixels(decode(hand_picture(cards("CA", "HA", "DA"), FOUR_COLOUR))) == 0


def test_german_gras_is_green() -> None:
    assert green_pixels(decode(hand_picture(cards("SA", "S7"), GERMAN))) > 100
    # The pack's own colours whatever four_colour says.
    german_four = CardStyle(pack="german", four_colour=True)
    assert card_tile(Card.SA, german_four).tobytes() == card_tile(Card.SA, GERMAN).tobytes()


@pytest.mark.parametrize("style", STYLES)
def test_dimmed_cards_are_darker(style: CardStyle) -> None:
    for card in (Card.CJ, Card.HT, Card.DA):
        assert brightness(card_tile(card, style, True)) < brightness(card_tile(card, style)) - 40
    hand = cards("CJ", "HT", "DA")
    plain = decode(hand_picture(hand, style))
    dimmed = decode(hand_picture(hand, style, dimmed=frozenset({0, 1, 2})))
    assert plain.size == dimmed.size
    assert brightness(dimmed) < brightness(plain)


def test_raised_cards_are_shifted_up_and_outlined() -> None:
    """A marked card (to lay away, to exchange) is raised and framed in the highlight
    colour, in a hand of one row and of two."""
    hand = cards("CJ", "HT", "DA")
    plain = decode(hand_picture(hand, FRENCH))
    raised = decode(hand_picture(hand, FRENCH, raised=frozenset({2})))
    assert plain.size == raised.size
    right = plain.width - 30  # in the last card, which nothing overlaps
    assert alpha(plain, right, 2) == 0
    assert alpha(raised, right, 2) == 255
    assert alpha(raised, right, plain.height - 2) == 0
    assert amber_pixels(raised) > 100 and amber_pixels(plain) == 0
    twelve = list(DECK[:12])
    marked = decode(hand_picture(twelve, FRENCH, raised=frozenset({1, 10})))
    unmarked = decode(hand_picture(twelve, FRENCH))
    assert marked.size == unmarked.size
    assert amber_pixels(unmarked) == 0 and amber_pixels(marked) > 150


def amber_pixels(image: Image.Image) -> int:
    """Opaque pixels of the highlight colour (the marks' outline; no card has it)."""
    r, g, b, _a = pictures.HIGHLIGHT
    data = image.tobytes()
    return sum(
        1
        for i in range(0, len(data), 4)
        if data[i + 3] > 200
        and abs(data[i] - r) < 12
        and abs(data[i + 1] - g) < 12
        and abs(data[i + 2] - b) < 12
    )


@pytest.mark.parametrize(
    ("card", "style", "name"),
    [
        ("CJ", CardStyle(lang="de"), "Kreuz-Bube"),
        ("HT", CardStyle(lang="de"), "Herz-Zehn"),
        ("DA", CardStyle(lang="de", four_colour=True), "Karo-Ass"),
        ("S7", CardStyle(lang="de"), "Pik-Sieben"),
        ("SQ", CardStyle(lang="de"), "Pik-Dame"),
        ("DK", CardStyle(lang="de"), "Karo-König"),
        ("CJ", FRENCH, "Jack of Clubs"),
        ("HT", FRENCH, "Ten of Hearts"),
        ("SQ", FRENCH, "Queen of Spades"),
        ("DA", CardStyle(four_colour=True), "Ace of Diamonds"),
        ("CQ", GERMAN, "Eichel-Ober"),
        ("SJ", GERMAN, "Gras-Unter"),
        ("DA", GERMAN, "Schellen-Sau"),
        ("HT", GERMAN, "Herz-Zehn"),
        ("CK", GERMAN, "Eichel-König"),
        ("CK", CardStyle(pack="german", lang="de"), "Eichel-König"),
        ("S9", CardStyle(pack="german", lang="de"), "Gras-Neun"),
        ("D8", GERMAN, "Schellen-Acht"),
        ("CJ", CardStyle(lang="pl"), "walet trefl"),
        ("SQ", CardStyle(lang="pl"), "dama pik"),
        ("HK", CardStyle(lang="pl"), "król kier"),
        ("DA", CardStyle(lang="pl", four_colour=True), "as karo"),
        ("HT", CardStyle(lang="pl"), "dziesiątka kier"),
        ("C9", CardStyle(lang="pl"), "dziewiątka trefl"),
        ("S8", CardStyle(lang="pl"), "ósemka pik"),
        ("D7", CardStyle(lang="pl"), "siódemka karo"),
        ("CQ", CardStyle(pack="german", lang="pl"), "Eichel-Ober"),
    ],
)
def test_card_names(card: str, style: CardStyle, name: str) -> None:
    assert card_name(Card.parse(card), style) == name


def test_alt_text() -> None:
    trick: list[Card | None] = [Card.CJ, Card.HT, None]
    assert alt_text(trick, CardStyle(lang="de")) == "Kreuz-Bube, Herz-Zehn, —"
    assert alt_text(trick, GERMAN) == "Eichel-Unter, Herz-Zehn, —"
    assert alt_text([], FRENCH) == ""
    for style in STYLES:
        assert len(alt_text(list(DECK), style)) <= 1024
        assert len(alt_text(list(DECK) * 10, style)) <= 1024


def test_cache_returns_identical_bytes() -> None:
    hand = cards("CJ", "SJ", "HA", "D7")
    first = hand_picture(hand, GERMAN, dimmed=frozenset({1}), raised=frozenset({2}))
    again = hand_picture(tuple(hand), GERMAN, dimmed=frozenset({1}), raised=frozenset({2}))
    assert again is first
    trick = trick_picture([Card.CJ, None, None], FRENCH, highlight=0)
    assert trick_picture((Card.CJ, None, None), FRENCH, highlight=0) is trick
    clear_caches()
    assert hand_picture(hand, GERMAN, dimmed=frozenset({1}), raised=frozenset({2})) == first
    assert trick_picture([Card.CJ, None, None], FRENCH, highlight=0) == trick
    # Different marks or styles are different pictures.
    assert hand_picture(hand, GERMAN) != first
    assert hand_picture(hand, FRENCH, dimmed=frozenset({1}), raised=frozenset({2})) != first


def test_png_holds_exactly_the_composed_pixels() -> None:
    """The PNG writer (unfiltered rows, deflated) loses nothing: Pillow reads back every pixel
    of the picture as composed from the tiles, transparency included."""
    hand = cards("CJ", "SA", "HT", "DK", "C7")
    picture = decode(hand_picture(hand, GERMAN, dimmed=frozenset({1}), raised=frozenset({3})))
    assert picture.tobytes() == _composited(hand, GERMAN, {1}, {3})
    assert Image.open(io.BytesIO(hand_picture(hand, GERMAN))).mode == "RGBA"


def test_png_is_the_unfiltered_rows_deflated() -> None:
    """A picture drawn straight into its rows' memory (``_Canvas``) is the same file as one
    whose pixels are read out of Pillow and put after their filter bytes: the IDAT chunk is
    the deflate of each row after a 0, and the chunks' lengths and checksums hold."""
    rng = random.Random(7)
    for width, height in ((1, 1), (3, 2), (302, 118), (73, 105)):
        image = Image.frombytes("RGBA", (width, height), rng.randbytes(4 * width * height))
        raw = image.tobytes()
        rows = b"".join(b"\0" + raw[4 * width * y : 4 * width * (y + 1)] for y in range(height))
        png = pictures._png(image)
        chunks = []
        at = 8
        while at < len(png):
            (length,) = struct.unpack(">I", png[at : at + 4])
            kind, data = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
            (crc,) = struct.unpack(">I", png[at + 8 + length : at + 12 + length])
            assert crc == zlib.crc32(kind + data)
            chunks.append((kind, data))
            at += 12 + length
        assert [kind for kind, _ in chunks] == [b"IHDR", b"IDAT", b"IEND"]
        assert chunks[1][1] == pictures._deflate(rows)
        assert decode(png).tobytes() == raw


def test_trick_pixels_equal_pasting_on_an_image() -> None:
    """The trick, drawn on the cores of its rows' memory, has the pixels of pasting and
    compositing its tiles, frame and name plates on a Pillow image the plain way."""
    rng = random.Random(3)
    names = ("Alice", "Bob", "Carol", "Dave")
    for _ in range(30):
        seats = rng.choice((3, 4))
        played = rng.randint(0, seats)
        trick = [*rng.sample(list(DECK), played), *[None] * (seats - played)]
        highlight = rng.choice((None, *range(played)))
        to_act = rng.choice((None, *range(seats)))
        style = rng.choice(STYLES)
        picture = decode(
            trick_picture(trick, style, highlight=highlight, names=names[:seats], to_act=to_act)
        )
        slot = TILE_WIDTH + 2 * pictures.FRAME
        plain = Image.new("RGBA", picture.size, (0, 0, 0, 0))
        for i, card in enumerate(trick):
            x = pictures.FRAME + i * (TILE_WIDTH + pictures.TRICK_GAP)
            tile = pictures._empty_slot() if card is None else card_tile(card, style)
            if i == highlight:
                plain.paste(pictures._frame(), (x - pictures.FRAME, 0))
                plain.alpha_composite(tile, (x, pictures.FRAME))
            else:
                plain.paste(tile, (x, pictures.FRAME))
            plate = pictures._name_plate(names[i], slot, i == to_act)
            top = TILE_HEIGHT + 2 * pictures.FRAME + pictures.NAME_GAP
            plain.paste(plate, (x - pictures.FRAME, top))
        assert picture.tobytes() == plain.tobytes()


def _composited(hand: list[Card], style: CardStyle, dimmed: set[int], raised: set[int]) -> bytes:
    """The hand's pixels the plain way: every tile alpha-composited over the ones before, in
    the rows ``hand_rows`` lays them (a raised tile outlined)."""
    rows = pictures.hand_rows(len(hand))
    size = (TILE_WIDTH + HAND_STEP * max(0, len(rows[0]) - 1),
            TILE_HEIGHT + RAISE + pictures.ROW_STEP * (len(rows) - 1))  # fmt: skip
    composed = Image.new("RGBA", size, (0, 0, 0, 0))
    for row, indices in enumerate(rows):
        for column, index in enumerate(indices):
            y = pictures.ROW_STEP * row + (0 if index in raised else RAISE)
            tile = card_tile(hand[index], style, index in dimmed, index in raised)
            composed.alpha_composite(tile, (column * HAND_STEP, y))
    return composed.tobytes()


@pytest.mark.parametrize("style", STYLES)
def test_hand_pixels_equal_compositing_every_tile(style: CardStyle) -> None:
    """The hand is pasted tile by tile and only the tiles' left corners are composited: the
    pixels are exactly those of compositing every whole tile, in every style, whatever cards
    are greyed or raised next to each other (corners over raised and lowered neighbours)."""
    rng = random.Random(str(style))
    for _ in range(40):
        hand = rng.sample(list(DECK), rng.randint(1, 12))
        dimmed = {i for i in range(len(hand)) if rng.random() < 0.4}
        raised = {i for i in range(len(hand)) if rng.random() < 0.3}
        picture = decode(
            hand_picture(hand, style, dimmed=frozenset(dimmed), raised=frozenset(raised))
        )
        assert picture.tobytes() == _composited(hand, style, dimmed, raised)


def test_hand_composes_whole_tiles_that_are_not_opaque_inside(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tile with see-through pixels inside (not the cards drawn now) is composited whole."""
    clear_caches()
    hand = cards("CJ", "SA", "HT", "DK")
    see_through = card_tile(Card.SA, FRENCH).copy()
    see_through.putpixel((15, 50), (10, 200, 10, 100))  # under the card before
    real = pictures.card_tile

    def tile(
        card: Card, style: CardStyle, dimmed: bool = False, marked: bool = False
    ) -> Image.Image:
        return see_through if card == Card.SA else real(card, style, dimmed, marked)

    monkeypatch.setattr(pictures, "card_tile", tile)
    assert pictures._edges(Card.SA, FRENCH, False, False) is None
    picture = decode(hand_picture(hand, FRENCH, raised=frozenset({1})))
    composed = Image.new("RGBA", picture.size, (0, 0, 0, 0))
    for index, card in enumerate(hand):
        y = 0 if index == 1 else RAISE
        composed.alpha_composite(tile(card, FRENCH, False, index == 1), (index * HAND_STEP, y))
    assert picture.tobytes() == composed.tobytes()
    monkeypatch.undo()
    clear_caches()


HOSTILE = [
    "🎉" * 40,
    "x" * 300,
    "a\u200bb\u200dc\u2060d",
    "\u202eevil\u202c \u05e9\u05dc\u05d5\u05dd",
    "漢字のなまえ",
    "Z\u0351\u0357a\u0315l\u0360g\u0300o\u0301",
]


def _slots(names: list[str], to_act: int | None = None) -> bytes:
    return trick_picture([Card.CJ, None, None, None][: len(names)], FRENCH, names=names,
                         to_act=to_act)  # fmt: skip


def test_the_trick_names_each_slot_and_marks_the_seat_to_act() -> None:
    named = _slots(["Alice", "Bob", "Carol"], to_act=1)
    assert _slots(["Alice", "Bob", "Dave"], to_act=1) != named
    assert _slots(["Alice", "Bob", "Carol"], to_act=2) != named
    assert _slots(["Alice", "Bob", "Carol"]) != named
    assert _slots(["Alice", "Bob", "Carol"], to_act=1) is named  # cached by what it shows
    plain = decode(trick_picture([Card.CJ, None, None], FRENCH))
    picture = decode(named)
    assert picture.width == plain.width and picture.height > plain.height
    # The seat to act's plate is in the highlight colour, under its slot only.
    slot = pictures.TILE_WIDTH + pictures.TRICK_GAP
    plates = [picture.crop((i * slot, plain.height, (i + 1) * slot, picture.height))
              for i in range(3)]  # fmt: skip
    assert [amber_pixels(plate) > 200 for plate in plates] == [False, True, False]


def test_drawable_keeps_what_the_font_draws() -> None:
    font = pictures._font(pictures.NAME_SIZE)
    box = font.getmask("\U0010fffd")
    for name in [*HOSTILE, "Jürgen Groß", "Zoë", "Ａｌｉｃｅ", "<@123> **bold**"]:
        shown = pictures.drawable(name)
        for char in shown:  # no character is drawn as the box of a missing one
            mask = font.getmask(char)
            assert (mask.size, bytes(mask)) != (box.size, bytes(box)), (name, char)
        assert shown == shown.strip() and "  " not in shown
    assert pictures.drawable("Jürgen Groß") == "Juergen Gross"
    assert pictures.drawable("Zoë") == "Zoe" and pictures.drawable("Ａｌｉｃｅ") == "Alice"
    assert pictures.drawable("a\u200bb\u200dc\u2060d") == "abcd"
    assert pictures.drawable("\u202eevil\u202c \u05e9\u05dc\u05d5\u05dd") == "evil"
    assert pictures.drawable("🎉" * 40) == "" and pictures.drawable("漢字のなまえ") == ""
    assert pictures.drawable("<@123> **bold**") == "<@123> **bold**"  # a picture reads none


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_name_stays_in_its_slot(name: str) -> None:
    """Any name renders, and its plate is as wide as a slot: the picture has the size it has
    with short names, and nothing is drawn between two plates."""
    short = decode(_slots(["Al", "Bo", "Cy", "Di"]))
    picture = decode(_slots([name, name, name, name], to_act=0))
    assert picture.size == short.size
    slot = pictures.TILE_WIDTH + pictures.TRICK_GAP
    gaps = [pictures.FRAME + i * slot - pictures.FRAME - 1 for i in range(1, 4)]
    for x in gaps:
        column = picture.crop((x, short.height - pictures.NAME_HEIGHT, x + 1, short.height))
        assert column.getchannel("A").getextrema() == (0, 0)
    width = pictures.TILE_WIDTH + 2 * pictures.FRAME - 2 * pictures.NAME_PAD
    fitted = pictures.fitted(pictures.drawable(name), width)
    assert pictures._font(pictures.NAME_SIZE).getlength(fitted) <= width
    assert fitted == "" or pictures.drawable(name).startswith(fitted.removesuffix("…"))

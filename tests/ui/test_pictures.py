"""Card pictures (bot.pictures): PNGs of hands and tricks in both packs, and their alt text."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageStat

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
    trick_picture,
)
from ramsch_core import Card
from ramsch_core.cards import DECK, Rank, Suit

FRENCH = CardStyle()
FOUR_COLOUR = CardStyle(four_colour=True, lang="de")
GERMAN = CardStyle(pack="german")
STYLES = [FRENCH, FOUR_COLOUR, GERMAN, CardStyle(lang="de"), CardStyle(pack="german", lang="de")]


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


@pytest.mark.parametrize("style", STYLES)
def test_hand_grows_with_the_number_of_cards(style: CardStyle) -> None:
    widths = [decode(hand_picture(DECK[:n], style)).width for n in range(1, 13)]
    assert widths == sorted(set(widths))
    heights = {decode(hand_picture(DECK[:n], style)).height for n in range(1, 13)}
    assert len(heights) == 1


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


def test_raised_cards_are_shifted_up() -> None:
    hand = cards("CJ", "HT", "DA")
    plain = decode(hand_picture(hand, FRENCH))
    raised = decode(hand_picture(hand, FRENCH, raised=frozenset({2})))
    assert plain.size == raised.size
    right = plain.width - 30  # in the last card, which nothing overlaps
    assert alpha(plain, right, 2) == 0
    assert alpha(raised, right, 2) == 255
    assert alpha(raised, right, plain.height - 2) == 0


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
    composed = Image.new("RGBA", picture.size, (0, 0, 0, 0))
    for index, card in enumerate(hand):
        y = 0 if index == 3 else RAISE
        composed.alpha_composite(card_tile(card, GERMAN, index == 1), (index * HAND_STEP, y))
    assert picture.tobytes() == composed.tobytes()
    assert Image.open(io.BytesIO(hand_picture(hand, GERMAN))).mode == "RGBA"


def _composited(hand: list[Card], style: CardStyle, dimmed: set[int], raised: set[int]) -> bytes:
    """The hand's pixels the plain way: every tile alpha-composited over the ones before."""
    composed = Image.new("RGBA", (TILE_WIDTH + HAND_STEP * max(0, len(hand) - 1),
                                  TILE_HEIGHT + RAISE), (0, 0, 0, 0))  # fmt: skip
    for index, card in enumerate(hand):
        y = 0 if index in raised else RAISE
        composed.alpha_composite(card_tile(card, style, index in dimmed), (index * HAND_STEP, y))
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

    def tile(card: Card, style: CardStyle, dimmed: bool = False) -> Image.Image:
        return see_through if card == Card.SA else real(card, style, dimmed)

    monkeypatch.setattr(pictures, "card_tile", tile)
    assert pictures._left_edge(Card.SA, FRENCH, False) is None
    picture = decode(hand_picture(hand, FRENCH, raised=frozenset({1})))
    composed = Image.new("RGBA", picture.size, (0, 0, 0, 0))
    for index, card in enumerate(hand):
        y = 0 if index == 1 else RAISE
        composed.alpha_composite(tile(card, FRENCH), (index * HAND_STEP, y))
    assert picture.tobytes() == composed.tobytes()
    monkeypatch.undo()
    clear_caches()

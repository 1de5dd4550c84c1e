"""Polish: every preset's whole match rendered for a Polish reader shows no English word and
misses no translation; the Skat words are the Polish ones (solista, pierwsza ręka, pas,
licytacja, trumf, lewa), the French pack reads W for the walet, plurals take Polish forms and
numbers are written the Polish way."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest

from bot import i18n
from bot.pictures import CardStyle, alt_text, card_name
from bot.ui import faces
from ramsch_core import GAMES, Card, get_game
from tests.english import english_words
from tests.ui.helpers import NAMES, whole_match

PRESET_NAMES = [(game.id, name) for game in GAMES.values() for name in game.presets]
POLISH = CardStyle(lang="pl")


@pytest.fixture
def polish() -> Iterator[None]:
    """Render in Polish; nothing rendered may lack its Polish translation."""
    before = set(i18n.MISSING)
    with i18n.using("pl"):
        yield
    assert {message for language, message in i18n.MISSING - before if language == "pl"} == set()


@pytest.mark.parametrize(("game", "name"), PRESET_NAMES)
def test_a_whole_match_in_polish_has_no_english_word(polish: None, game: str, name: str) -> None:
    for text in whole_match(game, name):
        assert english_words(text, NAMES, language="pl") == set(), text


def test_the_english_word_check_reads_polish() -> None:
    """The check itself: Polish words that look English pass, an English word is caught, and a
    word with Polish letters is read whole (not cut into English-looking pieces)."""
    assert english_words("To nie twoja kolej, aby grać", language="pl") == set()
    assert english_words("Twoja kolej: play a card", language="pl") == {"play", "card"}
    assert english_words("To jest lewa", language="de") == {"To"}
    assert english_words("będzie", language="pl") == set()


def test_skat_speaks_the_polish_words_of_the_game(polish: None) -> None:
    texts = "\n".join(whole_match("skat", "skat"))
    for word in ("pierwsza ręka", "licytacja", "Lewa", "solista"):
        assert word in texts, word
    assert "Vorhand" not in texts and "Alleinspieler" not in texts


def test_the_french_pack_has_polish_letters_and_names(polish: None) -> None:
    with faces.showing(get_game("skat").preset("skat")):
        assert faces.face(Card.CJ) == "♣W" and faces.face(Card.SQ) == "♠D"
        assert faces.suit_name(Card.HA.suit) == "kier"
    assert faces.cards_in("♣W ♠D") == {Card.CJ, Card.SQ}
    assert card_name(Card.CJ, POLISH) == "walet trefl"
    assert card_name(Card.DT, POLISH) == "dziesiątka karo"
    assert alt_text([Card.SA, None], POLISH) == "as pik, —"


@pytest.mark.parametrize(
    ("count", "text"),
    [(1, "1 lewa"), (2, "2 lewy"), (4, "4 lewy"), (5, "5 lew"), (12, "12 lew"), (22, "22 lewy")],
)
def test_plurals_take_the_polish_form_of_their_count(count: int, text: str) -> None:
    with i18n.using("pl"):
        assert i18n._n("{count} trick", "{count} tricks", count) == text


def test_every_polish_plural_has_three_forms() -> None:
    forms = {len(found) for found in i18n.CATALOGUES["pl"].plural.values()}
    assert forms == {3}


@pytest.mark.parametrize(
    ("value", "text"), [(Fraction(-15, 2), "−7,5"), (12000, "12\xa0000"), (Fraction(3), "3")]
)
def test_numbers_are_written_the_polish_way(value: Fraction | int, text: str) -> None:
    with i18n.using("pl"):
        assert i18n.number(value) == text


def test_a_polish_discord_client_reads_polish() -> None:
    assert i18n.language_of("pl") == "pl"
    with i18n.using("pl"):
        assert i18n._("Join") == "Dołącz"


@pytest.mark.parametrize("won, lost", [(1, 0), (2, 3), (5, 22)])
def test_a_tournament_standing_reads_right_in_polish_for_any_count(
    polish: None, won: int, lost: int
) -> None:
    from bot.ui.tournament import standing_line
    from ramsch_core.tournament import Standing

    row = Standing(7, 1, Fraction(1234), won, lost, (Fraction(1234),), won + lost)
    line = standing_line(row, {7: "Ola"}, set())
    total = "1\N{NO-BREAK SPACE}234"  # Polish groups thousands with a no-break space
    assert line == f"1. Ola: {total} (wygrane: {won}, przegrane: {lost}; {total})"
    assert not english_words(line)

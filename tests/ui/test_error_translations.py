"""Every refusal template (found by the static walker of tests/core/test_error_templates.py)
has a German translation with the same placeholders, and refusals read as German sentences
through ``bot.client.user_message``: cards and suits as the reader sees them, parameters that
are words (seat names, "or") translated with the sentence."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import i18n
from bot.client import user_message
from bot.commands.choices import requested_table
from bot.tables import GuildSettings, Seat
from bot.tables.errors import NotHost, NotYourTurn, TableError, WrongState
from bot.tables.log import refuse_turn
from ramsch_core import Card, action_from_json, check_table, parse_rules, preset
from ramsch_core.cards import Suit
from ramsch_core.errors import (
    IllegalActionError,
    Message,
    MustFollowSuitError,
    NotYourTurnError,
    RecordError,
    RuleSetError,
)
from ramsch_core.games.schafkopf import SCHAFKOPF
from ramsch_core.match import parse_table_options
from ramsch_core.seats import seat_message
from tests.core.test_error_templates import ERROR_NAMES, ROOT, _called_name, _sources
from tests.english import english_words
from tests.i18n_check import LANGUAGES, catalogue_entries, placeholders
from tests.ui.helpers import make_table

TEMPLATE_CALLS = ERROR_NAMES | {Message.__name__}
"""Constructors whose first argument is a template: the error classes and nested messages."""

QUOTED = re.compile(r"\{\w+\}|'[^']*'|\"[^\"]*\"")
"""Placeholders and quoted record fields or command values, which are not prose."""


def _templates(paths: Iterator[Path] | None = None) -> Iterator[tuple[str, str]]:
    """(template, where) for every literal template of a refusal or nested message."""
    for path in _sources() if paths is None else paths:
        label = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), label)):
            if not isinstance(node, ast.Call) or _called_name(node) not in TEMPLATE_CALLS:
                continue
            if not node.args:
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value:
                yield first.value, f"{label}:{node.lineno}"


TEMPLATES = dict(_templates())
ADAPTER_TEMPLATES = dict(
    _templates(
        path for folder in ("cogs", "ui") for path in sorted((ROOT / "bot" / folder).rglob("*.py"))
    )
)
"""Refusals the cogs and views raise with literal templates (their catalogues are others')."""


def test_the_walker_finds_the_refusals() -> None:
    assert len(TEMPLATES) > 150
    assert "You must follow suit: you hold {cards}" in TEMPLATES
    assert "Only the host can start the game" in TEMPLATES
    assert "forehand" in TEMPLATES and "{first} or {second}" in TEMPLATES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_template_has_a_translation_with_its_placeholders(language: str) -> None:
    missing = [
        f"{where}: {template!r}"
        for template, where in TEMPLATES.items()
        if i18n.translated(template, language) is None
    ]
    assert not missing, "\n".join(missing)
    wrong = [
        f"{where}: {template!r}"
        for template, where in TEMPLATES.items()
        if placeholders(template) != placeholders(i18n.translated(template, language) or "")
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_refusals_of_cogs_and_views_are_translated_too(language: str) -> None:
    assert "There is no open table in this channel" in ADAPTER_TEMPLATES
    missing = [
        f"{where}: {template!r}"
        for template, where in ADAPTER_TEMPLATES.items()
        if placeholders(template) != placeholders(i18n.translated(template, language) or "{?}")
    ]
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_translated_refusals_have_no_english_words(language: str) -> None:
    english = {
        template: words
        for template in TEMPLATES
        if (
            words := english_words(
                QUOTED.sub(" ", i18n.translated(template, language) or ""), language=language
            )
        )
    }
    assert english == {}


def test_the_rules_catalogue_holds_only_refusals() -> None:
    entries = [entry for entry in catalogue_entries() if entry.file == "rules.po"]
    assert {entry.message for entry in entries} == set(TEMPLATES)
    assert all(all(entry.strings) and not entry.fuzzy for entry in entries)


def _german(error: BaseException) -> str:
    with i18n.using("de"):
        text = user_message(error)
    assert text is not None
    return text


@pytest.mark.parametrize(
    ("error", "german", "names"),
    [
        (
            MustFollowSuitError("You must follow suit: you hold {cards}", cards=(Card.SA, Card.S7)),
            "Du musst Farbe bedienen: du hast ♠A, ♠7",
            (),
        ),
        (
            IllegalActionError(
                "You hold no {suit} card (Obers and Unters are trumps): call the Ace of a "
                "suit you hold",
                suit=Suit.CLUBS,
            ),
            "Du hast keine Karte der Farbe ♣ (Ober und Unter sind Trumpf): "
            "ruf die Sau einer Farbe, die du hast",
            (),
        ),
        (
            NotYourTurn("It's not your turn: waiting for {name}", name="Alice"),
            "Du bist nicht dran: wir warten auf Alice",
            ("Alice",),
        ),
        (
            NotYourTurn(
                "It's not your turn: waiting for {name}",
                name=Seat(None, "AI 2", ai="heuristic").shown_name,
            ),
            "Du bist nicht dran: wir warten auf KI 2",
            (),
        ),
        (
            NotYourTurnError(
                "It is not your turn: {name} (seat {seat}) is to act",
                name=seat_message(1, 3),
                seat=1,
            ),
            "Du bist nicht dran: Mittelhand (Platz 1) ist am Zug",
            (),
        ),
        (WrongState("The table is full"), "Der Tisch ist voll", ()),
        (
            TableError("Table #{table} has no finished deal {deal}", table=7, deal=3),
            "Tisch #7 hat kein beendetes Spiel Nr. 3",
            (),
        ),
        (
            NotHost("Only the host can start the game"),
            "Nur der Gastgeber kann das Spiel starten",
            (),
        ),
        (
            WrongState("Waiting for {count} more players", count=2),
            "Es fehlen noch 2 Mitspieler",
            (),
        ),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, BaseException) else "",
)
def test_refusals_read_in_german(error: BaseException, german: str, names: tuple[str, ...]) -> None:
    before = set(i18n.MISSING)
    text = _german(error)
    assert text == german
    assert english_words(text, names) == set()
    assert set(i18n.MISSING) == before
    assert _german(error) != str(error)


def test_word_parameters_are_translated_with_the_sentence() -> None:
    """Seat counts joined by "or" and a record's location are messages of their own."""
    rules = parse_rules({"game": "ramsch", "variant": "skat"})
    with pytest.raises(RuleSetError) as raised:
        check_table(rules, parse_table_options({"seats": 5}))
    assert (
        str(raised.value) == "Skat Ramsch is played by three or four players: choose 3 or 4 seats"
    )
    assert (
        _german(raised.value) == "Skat Ramsch spielen drei oder vier Spieler: wähle 3 oder 4 Plätze"
    )
    with pytest.raises(RecordError) as record:
        action_from_json({"action": "push", "cards": ["SA"]}, 2)
    assert str(record.value) == "action 3: push exactly two cards, e.g. ['SA', 'ST']"
    assert _german(record.value) == "Aktion 3: genau zwei Karten schieben, z. B. ['SA', 'ST']"


def test_option_names_in_a_refusal_are_the_reader_s_command_options() -> None:
    with pytest.raises(TableError) as raised:
        requested_table(
            GuildSettings(),
            "skat",
            None,
            {"crosses": 1, "stake": 1},
            seats=3,
            rounds=None,
            bock=None,
        )
    names = str(raised.value).split(" has no option ")[1].split(":")[0]
    assert names in ("crosses, stake", "stake, crosses")
    german = _german(raised.value)
    assert "kreuze" in german and "einsatz" in german
    assert german.startswith("Skat hat keine Option ")
    assert english_words(german) == set()


def test_a_refusal_at_a_schafkopf_table_names_the_cards_of_the_german_pack() -> None:
    """A refusal carries its table's rules (set by the tables cog): at a Schafkopf table its
    cards and suits are shown in the German pack, elsewhere in the French one."""
    text = "You must follow suit: you hold {cards}; you hold no {suit} card"
    at_schafkopf = MustFollowSuitError(text, cards=(Card.SA, Card.HT, Card.CQ), suit=Suit.DIAMONDS)
    at_schafkopf.rules = SCHAFKOPF.preset("schafkopf")  # type: ignore[attr-defined]
    with i18n.using("en"):
        shown = user_message(at_schafkopf)
    assert shown == "You must follow suit: you hold 🍀A, ❤️10, 🌰O; you hold no 🔔 card"
    at_skat = MustFollowSuitError(text, cards=(Card.SA, Card.HT, Card.CQ), suit=Suit.DIAMONDS)
    at_skat.rules = preset("skat")  # type: ignore[attr-defined]
    with i18n.using("en"):
        assert (
            user_message(at_skat)
            == "You must follow suit: you hold ♠A, ♥10, ♣Q; you hold no ♦ card"
        )


HOSTILE = "<@123> @everyone **fett** [klick](https://evil.example) # Titel"
"""A nickname that would ping, format, link and make a heading if shown as markup."""


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_name_in_a_refusal_is_shown_as_typed(language: str) -> None:
    """ "Not your turn: waiting for …" carries the nickname escaped, in every language."""
    table = make_table("skat")
    to_act = table.to_act
    assert to_act is not None
    table.seats[to_act].name = HOSTILE
    with pytest.raises(NotYourTurn) as refused:
        refuse_turn(table, (to_act + 1) % len(table.seats))
    with i18n.using(language):
        shown = user_message(refused.value)
    assert shown is not None and "fett" in shown and "klick" in shown
    for markup in ("<@123>", "@everyone", "**fett**"):
        assert markup not in shown, shown
    assert not re.search(r"(?<!\\)\[klick\]\(", shown), shown  # no masked link
    assert not re.search(r"^#", shown, re.MULTILINE), shown  # no heading

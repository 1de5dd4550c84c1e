"""Refusals are templates with named parameters (for gettext): str() is the English text,
render() translates the template and shows cards and suits as the caller likes, and every
refusal in ramsch_core and bot/tables is raised with a plain string literal as its template."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

import bot.tables
import ramsch_core
from bot.tables.errors import IllegalAction, NotYourTurn, TableError
from ramsch_core import Card
from ramsch_core.cards import Suit
from ramsch_core.errors import (
    IllegalActionError,
    Message,
    MustFollowSuitError,
    RecordError,
    RulesError,
    RuleSetError,
    identity,
)

ROOT = Path(__file__).resolve().parents[2]


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _import_all(package: object) -> None:
    path = package.__path__  # type: ignore[attr-defined]
    prefix = package.__name__ + "."  # type: ignore[attr-defined]
    for info in pkgutil.walk_packages(path, prefix):
        if info.name.endswith("__main__"):
            continue
        importlib.import_module(info.name)


_import_all(ramsch_core)
_import_all(bot.tables)

RULES_ERRORS = [RulesError, *_subclasses(RulesError)]
TABLE_ERRORS = [TableError, *_subclasses(TableError)]
ERROR_NAMES = {cls.__name__ for cls in RULES_ERRORS + TABLE_ERRORS}


@pytest.mark.parametrize("cls", RULES_ERRORS, ids=lambda cls: cls.__name__)
def test_every_rules_error_renders_its_english_text(cls: type[RulesError]) -> None:
    error = cls(
        "You can't lay {card} away: {suit} {count} {cards}",
        card=Card.SA,
        suit=Suit.HEARTS,
        count=2,
        cards=(Card.CJ, Card.HT),
    )
    assert error.template.startswith("You can't lay {card}")
    assert error.params["count"] == 2
    assert str(error) == error.render() == error.render(identity)
    assert str(error) == "You can't lay ♠A away: ♥ 2 ♣J, ♥10"
    plain = cls("Lay two different cards away")
    assert str(plain) == plain.render(identity) == "Lay two different cards away"
    assert str(cls()) == ""


@pytest.mark.parametrize("cls", TABLE_ERRORS, ids=lambda cls: cls.__name__)
def test_every_table_error_renders_its_english_text(cls: type[TableError]) -> None:
    error = cls("Table #{table} is full: {card}", table=7, card=Card.DT)
    assert error.message == str(error) == error.render(identity) == "Table #7 is full: ♦10"
    assert error.template == "Table #{table} is full: {card}"
    assert error.params == {"table": 7, "card": Card.DT}


def test_a_card_renders_with_a_custom_card_function() -> None:
    error = IllegalActionError("You can't lay {card} away: you don't hold it", card=Card.SA)
    german = {"You can't lay {card} away: you don't hold it": "Du hast {card} nicht"}
    text = error.render(
        lambda t: german.get(t, t), card=lambda c: f"{c.suit.german}-{c.rank.german}"
    )
    assert text == "Du hast Gras-Sau nicht"
    assert str(error) == "You can't lay ♠A away: you don't hold it"


def test_suits_and_lists_of_cards_use_the_given_functions() -> None:
    error = MustFollowSuitError(
        "You must follow {suit}: you hold {cards}", suit=Suit.CLUBS, cards=(Card.CA, Card.C7)
    )
    assert str(error) == "You must follow ♣: you hold ♣A, ♣7"
    assert (
        error.render(card=str, suit=lambda s: s.german) == "You must follow Eichel: you hold CA, C7"
    )


def test_nested_errors_and_messages_render_with_the_same_functions() -> None:
    inner = IllegalActionError("You don't hold {card}", card=Card.HK)
    outer = RecordError("action {number} ({action}): {error}", number=3, action="HK", error=inner)
    assert str(outer) == "action 3 (HK): You don't hold ♥K"
    assert outer.render(card=str) == "action 3 (HK): You don't hold HK"
    parts = (
        Message("unknown option '{where}'", where="x"),
        Message("option '{where}': bad", where="y"),
    )
    problems = RuleSetError("Invalid rules: {problems}", problems=parts)
    assert str(problems) == "Invalid rules: unknown option 'x'; option 'y': bad"
    marked = problems.render(lambda template: f"[{template}]")
    assert marked == "[Invalid rules: [unknown option 'x']; [option 'y': bad]]"


def test_a_template_without_parameters_is_taken_as_it_is() -> None:
    text = '\'rules\' must be an object, e.g. {"game": "ramsch", "variant": "skat"}'
    assert str(RecordError(text)) == text
    assert TableError("a {brace}").message == "a {brace}"


def test_illegal_action_keeps_the_core_template_and_params() -> None:
    core = MustFollowSuitError("You must follow suit: you hold {cards}", cards=(Card.SA,))
    wrapped = IllegalAction.of(core)
    assert isinstance(wrapped, IllegalAction)
    assert wrapped.message == str(core) == "You must follow suit: you hold ♠A"
    assert wrapped.template == core.template and wrapped.params == core.params
    assert wrapped.render(card=str) == "You must follow suit: you hold SA"
    assert isinstance(NotYourTurn.of(core), NotYourTurn)


def _sources() -> Iterator[Path]:
    yield from sorted((ROOT / "ramsch_core").rglob("*.py"))
    yield from sorted((ROOT / "bot" / "tables").rglob("*.py"))
    yield from sorted((ROOT / "bot" / "commands").rglob("*.py"))


def _called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _problems(source: str, label: str) -> Iterator[str]:
    """Each call of an error class in ``source`` whose template is not a plain string literal
    (an f-string, a variable, a concatenation) or does not match its named parameters."""
    for node in ast.walk(ast.parse(source, label)):
        if not isinstance(node, ast.Call) or _called_name(node) not in ERROR_NAMES:
            continue
        where = f"{label}:{node.lineno} {_called_name(node)}"
        if not node.args:
            if node.keywords:
                yield f"{where}: parameters without a template"
            continue
        first = node.args[0]
        if isinstance(first, ast.JoinedStr):
            yield f"{where}: the template is an f-string"
            continue
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            yield f"{where}: the template is not a string literal ({ast.dump(first)[:60]})"
            continue
        if len(node.args) > 1:
            yield f"{where}: parameters must be named"
        names = {keyword.arg for keyword in node.keywords}
        if None in names:
            yield f"{where}: parameters must be named, not **unpacked"
        if not names:
            continue
        fields = set()
        for _, field, spec, conversion in string.Formatter().parse(first.value):
            if field is None:
                continue
            if spec or conversion or not field.isidentifier():
                yield f"{where}: placeholder {{{field}}} must be a plain name"
            fields.add(field)
        if fields != names:
            yield f"{where}: placeholders {sorted(fields)} but parameters {sorted(names)}"  # type: ignore[type-var]


def test_every_refusal_is_raised_with_a_literal_template() -> None:
    sources = list(_sources())
    assert len(sources) > 40
    problems = [
        problem
        for path in sources
        for problem in _problems(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not problems, "\n".join(problems)


def test_the_static_check_refuses_what_gettext_cannot_extract() -> None:
    source = "\n".join(
        [
            'raise IllegalActionError(f"You don\'t hold {card.pretty}")',
            "raise TableError(why)",
            'raise RulesError("Cannot read " + path)',
            'return MustBeatError("You can with {cards}", listed=cards)',
            'raise NotYourTurn("Seat {seat:>2}", seat=seat)',
            "raise IllegalAction.of(error)",
            'raise WrongState("Waiting for {count} more players", count=missing)',
            'raise ValueError(f"not a refusal {x}")',
        ]
    )
    problems = list(_problems(source, "example"))
    assert [problem.split(" ", 1)[0] for problem in problems] == [
        "example:1",
        "example:2",
        "example:3",
        "example:4",
        "example:5",
    ]
    assert "f-string" in problems[0] and "not a string literal" in problems[1]

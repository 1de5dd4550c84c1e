"""Every text the bot shows players has a German and a Polish translation (the catalogues under
``bot/locale/de`` and ``bot/locale/pl``), with the same placeholders, and is marked so that it
can be found."""

from __future__ import annotations

import ast
from collections import defaultdict
from fractions import Fraction

import pytest

from bot import i18n
from tests.i18n_check import (
    LANGUAGES,
    PLURAL_FORMS,
    ROOT,
    catalogue_entries,
    extracted,
    placeholders,
    untranslated,
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_message_has_a_translation(language: str) -> None:
    missing = untranslated(language=language)
    listed = "\n".join(f"{found.where}: {found.message!r}" for found in missing[:40])
    assert not missing, f"{len(missing)} messages lack a translation ({language}):\n{listed}"


def test_a_message_missing_from_the_polish_catalogue_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The check above fails for Polish as it does for German: drop one Polish entry and it is
    listed."""
    import tests.i18n_check as check

    entries = check.catalogue_entries("pl")
    dropped = next(entry for entry in entries if entry.message == "Join")
    monkeypatch.setattr(
        check, "catalogue_entries", lambda language="de": [e for e in entries if e != dropped]
    )
    assert [found.message for found in check.untranslated(language="pl")] == ["Join"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language: str) -> None:
    wrong = [
        (entry.file, entry.message)
        for entry in catalogue_entries(language)
        for string in entry.strings
        if string and placeholders(string) - (placeholders(entry.message) | {"count"})
    ]
    assert not wrong, wrong


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_plural_has_every_form_of_its_language(language: str) -> None:
    wrong = [
        (entry.file, entry.message)
        for entry in catalogue_entries(language)
        if entry.plural is not None
        and (len(entry.strings) != PLURAL_FORMS[language] or not all(entry.strings))
    ]
    assert not wrong, wrong


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_message_has_one_translation_across_catalogues(language: str) -> None:
    seen: dict[str, set[tuple[str, ...]]] = defaultdict(set)
    for entry in catalogue_entries(language):
        seen[entry.message].add(entry.strings)
    assert not [message for message, strings in seen.items() if len(strings) > 1]


def test_polish_translates_what_german_does() -> None:
    """The two catalogues hold the same messages, file by file (a merge that adds German texts
    must add Polish ones too)."""

    def messages(language: str) -> set[tuple[str, str]]:
        return {(entry.file, entry.message) for entry in catalogue_entries(language)}

    assert messages("pl") == messages("de")


def _calls(tree: ast.AST, names: set[str]) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names
    ]


def test_messages_are_literals_not_built_strings() -> None:
    """An f-string or a concatenation inside ``_`` cannot be found by the extractor, nor
    translated: the placeholders are filled by ``_`` itself."""
    wrong: list[str] = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call in _calls(tree, {"_", "N_", "_n"}):
            for arg in call.args[: 2 if call.func.id == "_n" else 1]:  # type: ignore[attr-defined]
                if isinstance(arg, ast.JoinedStr | ast.BinOp) or (
                    call.func.id == "N_"  # type: ignore[attr-defined]
                    and not isinstance(arg, ast.Constant)
                ):
                    wrong.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert not wrong, wrong


def test_the_extractor_finds_the_marked_messages() -> None:
    """The check above looks at what the extractor finds: it must find a known message."""
    found = {item.message for item in extracted()}
    assert "Join" in found or len(found) > 50


def test_german_is_spoken_where_asked_and_english_elsewhere() -> None:
    entries = catalogue_entries()
    message = next(entry for entry in entries if all(entry.strings) and not entry.plural)
    with i18n.using("de"):
        assert i18n._(message.message) == message.strings[0]
    with i18n.using("en-GB"):
        assert i18n._(message.message) == message.message
    assert i18n.language_of("de") == "de"
    assert i18n.language_of("fr") == "en"


@pytest.mark.parametrize(
    ("language", "value", "text"),
    [
        ("de", Fraction(-15, 2), "−7,5"),
        ("en", Fraction(-15, 2), "−7.5"),
        ("de", 1200, "1.200"),
        ("pl", Fraction(-15, 2), "−7,5"),
    ],
)
def test_numbers_are_written_as_the_reader_writes_them(
    language: str, value: Fraction | int, text: str
) -> None:
    with i18n.using(language):
        assert i18n.number(value) == text


def test_a_missing_translation_is_recorded() -> None:
    with i18n.using("de"):
        assert i18n._("A sentence nobody translated {x}", x=1) == "A sentence nobody translated 1"
    assert ("de", "A sentence nobody translated {x}") in i18n.MISSING
    i18n.MISSING.discard(("de", "A sentence nobody translated {x}"))

"""Every registered game has its rules with rule ids, tests citing each id, golden records, a
renderer and German texts (tests/completeness.py); the example game too, while registered; and
a game registered without them is reported."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest

from bot import i18n
from bot.ui import games as bot_games
from ramsch_core import GAMES, Game
from ramsch_core.actions import ACTIONS
from ramsch_core.games import registry
from tests import example_game
from tests.completeness import GameFiles, problems
from tests.example_game.bot import STICH as STICH_RENDERER
from tests.example_game.core.rules import StichRules

EXAMPLE_FILES = GameFiles(
    example_game.RULES_DOC, example_game.HERE, example_game.DATA, example_game.HERE / "bot"
)


class BareRules(StichRules):
    """The example game's rules under another game id."""

    game: Literal["bare"] = "bare"  # type: ignore[assignment]


BARE = Game(
    id="bare",
    title="Bare",
    variants=(BareRules,),
    presets={"plain": {}},
    descriptions={"plain": "the example game's rules"},
    default_preset="plain",
)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_real_game_has_rules_tests_records_renderer_and_translations(game: str) -> None:
    assert problems(game, GameFiles.of(game)) == []


def test_the_example_game_has_them_all(monkeypatch: pytest.MonkeyPatch) -> None:
    example_game.register(monkeypatch)
    assert problems("stich", EXAMPLE_FILES) == []


def test_the_example_game_is_registered_only_inside_its_fixture() -> None:
    """Its ``Game``, alias, action, renderer and German texts are known while registered, not
    after."""
    with pytest.MonkeyPatch.context() as patch:
        example_game.register(patch)
        assert "stich" in GAMES and "tricks" in registry._ALIASES and "double" in ACTIONS
        assert "stich" in bot_games.RENDERERS
        assert i18n.translated("Follow suit.", "de") == "Farbe bedienen."
    assert "stich" not in GAMES and "tricks" not in registry._ALIASES
    assert "double" not in ACTIONS
    assert "stich" not in bot_games.RENDERERS
    assert i18n.translated("Follow suit.", "de") is None


def test_a_game_registered_bare_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, BARE.id, BARE)
    assert problems("bare", GameFiles.of("bare")) == [
        "no rules doc with rule ids at docs/rules/bare.md",
        "no golden records under tests/data",
        "no renderer in bot.ui.games.RENDERERS",
        "texts without a German translation: Bare, the example game's rules, players in a deal, "
        "the trumps, Trumpfzwang, Stechzwang, each player may double the deal once",
    ]


def test_each_missing_part_is_reported_until_it_is_added(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Built up step by step in a scratch copy of a game's files: each check reports what is
    missing and is silent once it is there."""
    monkeypatch.setitem(registry.GAMES, BARE.id, BARE)
    root = tmp_path
    files = GameFiles(root / "bare.md", root / "tests", root / "data", root / "bot")
    for folder in (files.tests, files.data, files.bot):
        folder.mkdir()

    files.rules_doc.write_text("# Bare\n\n- **BA-1 Deal.** Six cards each.\n")
    found = problems("bare", files)
    assert "rule ids no test cites: BA-1" in found
    (files.tests / "test_bare.py").write_text('def test_ba1_six_cards_each():\n    """x"""\n')
    assert not [line for line in problems("bare", files) if line.startswith("rule ids")]

    assert any(line.startswith("no golden records") for line in problems("bare", files))
    record = example_game.DATA / "plain.json"
    (files.data / "plain.json").write_text(record.read_text().replace('"stich"', '"bare"'))
    assert any(line.startswith("no golden records") for line in problems("bare", files))
    expected = record.with_suffix(".expected.json").read_text()
    (files.data / "plain.expected.json").write_text(expected)
    assert not any(line.startswith("no golden records") for line in problems("bare", files))

    german = i18n.CATALOGUES["de"].singular
    for message, text in example_game.german().items():
        monkeypatch.setitem(german, message, text)
    monkeypatch.setitem(german, "Bare", "Bloß")
    monkeypatch.setitem(bot_games.RENDERERS, BARE.id, STICH_RENDERER)
    assert problems("bare", files) == [
        "texts without a German translation: the example game's rules"
    ]
    monkeypatch.setitem(german, "the example game's rules", "die Regeln des Beispielspiels")
    assert problems("bare", files) == []
    (files.bot / "renderer.py").write_text('from bot.i18n import _\n_("Bare words")\n')
    assert problems("bare", files) == ["texts without a German translation: Bare words"]
    monkeypatch.setitem(german, "Bare words", "Bloße Worte")
    assert problems("bare", files) == []

"""What every registered game must have besides its code, checked by
tests/test_game_completeness.py for the real games and the example game: its rules with rule
ids, tests citing each id, golden records, a renderer and German texts (docs/adding-a-game.md).

A real game keeps them where ``GameFiles.of`` looks: ``docs/rules/<game>.md``, tests under
``tests/``, golden records under ``tests/data/``, its bot package ``bot/ui/games/<game>/`` and its
German texts in ``bot/locale/de/``. The example game keeps them in ``tests/example_game/``.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.extract import extract_from_dir
from pydantic import BaseModel

from bot import i18n
from bot.ui.games import RENDERERS
from ramsch_core.games import registry
from ramsch_core.games.registry import Game

ROOT = Path(__file__).resolve().parents[1]
RULE = re.compile(r"^\s*- \*\*([A-Z]+-\d+)\b", re.MULTILINE)
"""A rule of a rules doc: a list item starting with its id in bold (``- **SR-4 Scoring.**``)."""
CITED = re.compile(r"\b([A-Z]+)-(\d+)(?:\.\.(\d+))?")
"""An id cited in a test's docstring: ``SR-4``, or a range ``SR-4..10``."""
CITED_IN_NAME = re.compile(r"(?<![a-z])([a-z]+)(\d+)(?=_)")
"""An id cited in a test's name: ``test_sr4_...``."""


@dataclass(frozen=True)
class GameFiles:
    """Where a game's rules doc, tests, golden records and bot package are."""

    rules_doc: Path
    tests: Path
    data: Path
    bot: Path

    @classmethod
    def of(cls, game: str) -> GameFiles:
        """Where a real game keeps them."""
        return cls(
            ROOT / "docs" / "rules" / f"{game}.md",
            ROOT / "tests",
            ROOT / "tests" / "data",
            ROOT / "bot" / "ui" / "games" / game,
        )


def rule_ids(doc: Path) -> list[str]:
    """The ids of the rules a rules doc defines, in order."""
    return RULE.findall(doc.read_text()) if doc.is_file() else []


@cache
def _cited_in(path: Path) -> frozenset[str]:
    cited: set[str] = set()
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if not node.name.startswith("test_"):
            continue
        for prefix, number in CITED_IN_NAME.findall(node.name):
            cited.add(f"{prefix.upper()}-{number}")
        for prefix, first, last in CITED.findall(ast.get_docstring(node) or ""):
            for number in range(int(first), int(last or first) + 1):
                cited.add(f"{prefix}-{number}")
    return frozenset(cited)


def cited_ids(tests: Path) -> set[str]:
    """Every rule id a test function under ``tests`` cites in its name or docstring."""
    cited: set[str] = set()
    for path in sorted(tests.rglob("test_*.py")):
        cited |= _cited_in(path)
    return cited


def golden_records(game: str, data: Path) -> Iterator[Path]:
    """The records under ``data`` of the game (by id or alias) that have an expected result."""
    for path in sorted(data.rglob("*.json")):
        if path.name.endswith(".expected.json") or not path.with_suffix(".expected.json").exists():
            continue
        rules = json.loads(path.read_text()).get("rules", {})
        named = str(rules.get("game", registry.DEFAULT_GAME)) if isinstance(rules, dict) else ""
        if registry._ALIASES.get(named, named) == game:
            yield path


def _descriptions(model: type[BaseModel]) -> Iterator[str]:
    for info in model.model_fields.values():
        if info.description:
            yield info.description
        if isinstance(info.annotation, type) and issubclass(info.annotation, BaseModel):
            yield from _descriptions(info.annotation)


def core_texts(game: Game) -> list[str]:
    """The texts of the game's ``Game`` entry and rule models a player reads (as
    tests/ui/test_option_translations.py enumerates them for the registered games): its title,
    variant titles, preset descriptions and option descriptions."""
    texts = [game.title, *game.variant_titles.values(), *game.descriptions.values()]
    for model in game.variants:
        texts.extend(_descriptions(model))
    return list(dict.fromkeys(texts))


def untranslated(game: Game, bot: Path) -> list[str]:
    """The texts of the game's core entry and the messages marked in its bot package that have
    no German text."""
    german = i18n.CATALOGUES["de"]
    missing = [text for text in core_texts(game) if text not in german.singular]
    if not bot.is_dir():
        return missing
    for _file, _line, message, _comments, _context in extract_from_dir(
        bot, method_map=[("**.py", "python")], keywords={"_": None, "N_": None, "_n": (1, 2)}
    ):
        if isinstance(message, tuple):
            if (message[0], message[1]) not in german.plural:
                missing.append(message[0])
        elif message not in german.singular:
            missing.append(message)
    return missing


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def problems(game: str, files: GameFiles) -> list[str]:
    """What the registered game ``game`` lacks; empty when it has everything."""
    found = []
    ids = rule_ids(files.rules_doc)
    if not ids:
        found.append(f"no rules doc with rule ids at {_shown(files.rules_doc)}")
    uncited = [rule for rule in ids if rule not in cited_ids(files.tests)]
    if uncited:
        found.append(f"rule ids no test cites: {', '.join(uncited)}")
    if not any(golden_records(game, files.data)):
        found.append(f"no golden records under {_shown(files.data)}")
    if game not in RENDERERS:
        found.append("no renderer in bot.ui.games.RENDERERS")
    elif not files.bot.is_dir():
        found.append(f"no bot package at {_shown(files.bot)}")
    missing = untranslated(registry.GAMES[game], files.bot)
    if missing:
        found.append(f"texts without a German translation: {', '.join(missing)}")
    return found

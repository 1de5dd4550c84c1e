"""The bot side of a game is one package (issue 29): each registered game's renderer lives in
``bot/ui/games/<game>/``, no game package imports another's, and the bot's generic code names no
game and tests no game's type."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.ui.games import RENDERERS
from ramsch_core import GAMES

BOT = Path(__file__).resolve().parents[2] / "bot"
GAMES_DIR = BOT / "ui" / "games"
GAME_NAME = re.compile(r"[\"'](ramsch|skat|schafkopf|ramsen)[\"']")
GAME_TYPE = re.compile(r"isinstance\([^)]*(Skat|Schafkopf|Ramsen|Ramsch|Altenburg)")
ALLOWED = {
    ("ui/ids.py", 'PREFIX = "ramsch"'),  # the custom ids' prefix: the bot's name
    ("client.py", 'name="ramsch",'),  # the slash command group: the bot's name
    ("cogs/tournament.py", 'name="tournament",'),  # `/ramsch tournament`: not the match option
}


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_registered_games_renderer_lives_in_its_own_package(game: str) -> None:
    module = type(RENDERERS[game]).__module__
    assert module.startswith(f"bot.ui.games.{game}."), module
    assert (GAMES_DIR / game / "__init__.py").is_file()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_game_package_imports_another_games_package(game: str) -> None:
    others = {other for other in GAMES if other != game}
    for path in sorted((GAMES_DIR / game).rglob("*.py")):
        wrong = [
            module
            for module in _imports(path)
            if module.startswith("bot.ui.games.") and module.split(".")[3] in others
        ]
        assert not wrong, f"{path.relative_to(BOT)} imports {wrong}"


def test_the_generic_code_of_the_bot_names_no_game_and_tests_no_games_type() -> None:
    found = []
    for path in sorted(BOT.rglob("*.py")):
        where = path.relative_to(BOT).as_posix()
        if where.startswith("ui/games/"):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if (where, line.strip()) in ALLOWED:
                continue
            if GAME_NAME.search(line) or GAME_TYPE.search(line):
                found.append(f"bot/{where}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


MATCH_OPTION = re.compile(
    r"\b(bock_on_\w+|bock_threshold|ramsch_after_bock)\b|[\"']tournament[\"']"
)
"""A game's match option (``Game.match_options``: Bock switches, tournament list) by name."""


def test_the_generic_code_of_the_bot_names_no_game_s_match_option() -> None:
    """Issue 29, item 3: the words and editor controls of Bock rounds and the tournament
    list live with the games that declare them (bot/ui/games/)."""
    found = []
    for path in sorted(BOT.rglob("*.py")):
        where = path.relative_to(BOT).as_posix()
        if where.startswith("ui/games/"):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if (where, line.strip()) in ALLOWED:
                continue
            if MATCH_OPTION.search(line.split("#")[0]):
                found.append(f"bot/{where}:{number}: {line.strip()}")
    assert not found, "\n".join(found)

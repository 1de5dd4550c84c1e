"""Issue 29: a game is one package. Generic code imports no game package, and no game package
imports another's; what several games share lives in shared modules."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from ramsch_core.games import GAMES

CORE = Path(__file__).resolve().parents[2] / "ramsch_core"
GAME_PACKAGES = CORE / "games"

FACADES = {"__init__.py", "games/__init__.py"}
"""The public API and the registration lines: they name every game by design."""


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports (absolute names)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def _game_of(module: str) -> str | None:
    """The game whose package ``module`` is in, if any."""
    parts = module.split(".")
    if parts[:2] == ["ramsch_core", "games"] and len(parts) > 2 and parts[2] in GAMES:
        return parts[2]
    return None


def test_every_registered_game_is_a_package() -> None:
    for game_id in GAMES:
        assert (GAME_PACKAGES / game_id / "__init__.py").is_file(), game_id


def test_generic_code_imports_no_game_package() -> None:
    offenders = []
    for path in sorted(CORE.rglob("*.py")):
        where = path.relative_to(CORE).as_posix()
        if where.startswith("games/") and where.split("/")[1] in GAMES:
            continue
        if where in FACADES:
            continue
        games = {_game_of(name) for name in _imported(path)} - {None}
        if games:
            offenders.append(f"{where}: {sorted(str(game) for game in games)}")
    assert offenders == []


def test_no_game_package_imports_another() -> None:
    offenders = []
    for game_id in GAMES:
        for path in sorted((GAME_PACKAGES / game_id).rglob("*.py")):
            others = {_game_of(name) for name in _imported(path)} - {None, game_id}
            if others:
                where = path.relative_to(CORE).as_posix()
                offenders.append(f"{where}: {sorted(str(game) for game in others)}")
    assert offenders == []


GAME_NAME = re.compile(r'"(ramsch|skat|schafkopf|ramsen)"')
"""A game's id as a string literal (the grep of issue 29)."""

NAMED_BY_DESIGN = {
    "games/registry.py": {"DEFAULT_GAME"},
    "contracts/ramsch_rules.py": None,
    "record.py": {"must be an object, e.g."},
}
"""Generic files that may name a game: the registry's default game (only on that line), the
shared Ramsch rule models, which several games play (every line), and the example rules in a
record's error message (only that line)."""

FACE_DOWN_CARDS = {"contracts/ramsch.py", "deck.py", "record.py", "result.py", "rules.py"}
"""Where ``"skat"`` is the two face-down cards (a place of the deal, a record field), not the
game."""


def test_generic_code_names_no_game() -> None:
    """Issue 29, item 3: outside the game packages no code names a game or a game's contract
    by its id; shared types (results, policies, match options) are game-neutral."""
    found = []
    for path in sorted(CORE.rglob("*.py")):
        relative = path.relative_to(CORE).as_posix()
        if _game_of("ramsch_core." + relative.removesuffix(".py").replace("/", ".")):
            continue
        allowed = NAMED_BY_DESIGN.get(relative, set())
        if allowed is None:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            names = set(GAME_NAME.findall(line))
            if relative in FACE_DOWN_CARDS:
                names.discard("skat")
            if names and not any(word in line for word in allowed):
                found.append(f"{relative}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


MATCH_OPTION = re.compile(r"\b(bock_on_\w+|bock_threshold|ramsch_after_bock)\b|\"tournament\"")
"""A match option a game declares (Bock switches, tournament scoring) by its name."""

SHARED_MATCH_OPTIONS = {"policies.py"}
"""The shared Bock and tournament machinery (Ramsch, Schafkopf and Skat use it)."""


def test_generic_code_names_no_match_option_of_a_game() -> None:
    """Issue 29, item 3: Bock switches and tournament scoring are match options a game
    declares (``Game.match_options``); generic code reads them through the game, and the
    table's own options are seats and rounds only."""
    from ramsch_core import TableOptions

    assert set(TableOptions.model_fields) == {"seats", "rounds"}
    found = []
    for path in sorted(CORE.rglob("*.py")):
        relative = path.relative_to(CORE).as_posix()
        if _game_of("ramsch_core." + relative.removesuffix(".py").replace("/", ".")):
            continue
        if relative in SHARED_MATCH_OPTIONS:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if MATCH_OPTION.search(line.split("#")[0]):
                found.append(f"{relative}:{number}: {line.strip()}")
    assert not found, "\n".join(found)

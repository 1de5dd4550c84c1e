"""The example game "Stich": a small trick game registered only in the tests, laid out as a
real game's packages so that it shows every file a game has (docs/adding-a-game.md walks
through it).

- ``core/``: what ``ramsch_core/games/<game>/`` holds (rules, contract, AI, terminal, ``Game``);
- ``bot/``: what ``bot/ui/games/<game>/`` holds (renderer, editor words);
- ``locale/de/stich.po``: its German texts (a real game's go to ``bot/locale/de/<game>.po``);
- ``rules.md``: its rules with the ids ``ST-1`` … ``ST-5`` that its tests cite;
- ``data/``: its golden records, worked out by hand, with their expected results.

``register(monkeypatch)`` makes it known to the core, the bot and the German catalogue for one
test, as the one line in ``ramsch_core/games/__init__.py`` and in ``bot/ui/games/__init__.py``
and a catalogue under ``bot/locale/de/`` do for a real game. ``install()`` does the same for
a whole process: the bot an e2e test starts with ``RAMSCH_EXTRA_GAMES=tests.example_game``
(``bot/extra_games.py``).
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bot import i18n
from bot.ui import games as bot_games
from ramsch_core import Game
from ramsch_core.actions import ACTIONS
from ramsch_core.games import registry
from tests.example_game.bot import STICH as RENDERER
from tests.example_game.core import STICH
from tests.example_game.core.announce import Double

HERE = Path(__file__).resolve().parent
RULES_DOC = HERE / "rules.md"
DATA = HERE / "data"
LOCALE = HERE / "locale"


def german() -> dict[str, str]:
    """The game's German texts by message id."""
    with (LOCALE / "de" / "stich.po").open("rb") as file:
        catalog = read_po(file, locale="de")
    return {str(message.id): str(message.string) for message in catalog if message.id}


Setter = Callable[[MutableMapping[Any, Any], Any, Any], None]


def _enter(setitem: Setter) -> Game:
    """Everything a real game's registration lines and catalogue do, through ``setitem``."""
    setitem(registry.GAMES, STICH.id, STICH)
    setitem(ACTIONS, Double.kind, Double)
    for alias in STICH.aliases:
        setitem(registry._ALIASES, alias, STICH.id)
    setitem(bot_games.RENDERERS, STICH.id, RENDERER)
    singular = i18n.CATALOGUES["de"].singular
    for message, text in german().items():
        setitem(singular, message, text)
    return STICH


def register(monkeypatch: pytest.MonkeyPatch) -> Game:
    """Register the example game (its ``Game`` and alias, its action, its renderer, its German
    texts) until the end of the test."""
    return _enter(monkeypatch.setitem)


def install() -> None:
    """Register the example game for the rest of the process (``RAMSCH_EXTRA_GAMES``)."""
    _enter(lambda mapping, key, value: mapping.__setitem__(key, value))

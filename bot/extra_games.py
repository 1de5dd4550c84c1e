"""Games registered besides the built-in ones, named by ``RAMSCH_EXTRA_GAMES``: each a module
whose ``install()`` registers its ``Game``, actions, renderer and German texts in this
process. For tests only (the example game in the e2e tests, docs/adding-a-game.md); a real
game is registered by its line in ``ramsch_core/games`` and ``bot/ui/games``."""

from __future__ import annotations

import importlib
import logging
from collections.abc import Iterable

log = logging.getLogger(__name__)

_installed: list[str] = []


class ExtraGameError(Exception):
    """A module named by ``RAMSCH_EXTRA_GAMES`` can't be imported or has no ``install()``."""


def install_extra_games(modules: Iterable[str]) -> None:
    """Import each module and call its ``install()``; before the bot's commands are built, so
    that ``/ramsch new`` offers the games. Raises ExtraGameError naming the module."""
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ImportError as error:
            raise ExtraGameError(f"RAMSCH_EXTRA_GAMES: can't import {name} ({error})") from None
        install = getattr(module, "install", None)
        if not callable(install):
            raise ExtraGameError(f"RAMSCH_EXTRA_GAMES: {name} has no install()")
        install()
        _installed.append(name)
        log.info("Extra game installed from %s", name)


def installed() -> tuple[str, ...]:
    """The modules installed in this process, for the AI's worker processes to install too."""
    return tuple(_installed)

"""Offline play in a terminal: the human at table seat 0 against AI players, over stdin/stdout.

The generic terminal (``shell``, ``console``, the shared steps ``schieben`` and ``doubling``,
``results``) says seats, tricks, hands and scores alike for every game; each game's phases,
contracts, results and prompts are said by its presenter (``presenter``, ``presenters``)."""

from ramsch_core.terminal.session import play_in_terminal
from ramsch_core.terminal.shell import TerminalGame
from ramsch_core.terminal.words import counted, listed

__all__ = ["TerminalGame", "counted", "listed", "play_in_terminal"]

"""Where AI players think: never on the event loop.

The kinds that search (the hard AI: a second of pure Python per decision) think in a pool of
worker processes, so many tables of hard AI seats neither hold the event loop nor take its
share of the interpreter lock; the cheaper kinds think in a thread. A player is stateful (its
random numbers), so it travels to the worker with the view and comes back with the action:
the table goes on with the player as it left the worker, exactly as if it had thought here.
"""

from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context

from bot.extra_games import install_extra_games, installed
from bot.tables.players import Player
from ramsch_core import Action, SeatView

logger = logging.getLogger(__name__)

SEARCHING_KINDS = frozenset({"hard"})
"""The AI kinds whose decisions go to the process pool."""

WORKER_NICENESS = 10
"""How much lower the workers' CPU priority is than the bot's: on a machine whose cores the
AI keeps busy, the event loop (clicks, renders) still runs first; a search then sees fewer
worlds within its time budget, and no click waits for it."""


def lower_priority() -> None:
    """A worker's initializer: run at ``WORKER_NICENESS`` below the bot (where the system
    allows it; elsewhere the worker keeps the bot's priority)."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # no os.nice, or not permitted
        logger.debug("AI workers keep the bot's priority")


def start_worker(extra_games: tuple[str, ...]) -> None:
    """A worker's initializer: a lower priority, and the games the bot installed besides the
    built-in ones (``RAMSCH_EXTRA_GAMES``), so the worker knows every game of its tables."""
    lower_priority()
    install_extra_games(extra_games)


def default_processes() -> int:
    """Worker processes by default: the cores, at most four."""
    return max(1, min(4, os.cpu_count() or 1))


def decide(player: Player, view: SeatView) -> tuple[Action, Player]:
    """In a worker: the player's choice, and the player as the choice left it."""
    return player.choose(view), player


class Thinker:
    """Runs AI decisions off the event loop: searching kinds in ``processes`` worker processes
    (0: in threads too), started on the first such decision."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None

    async def choose(self, kind: str, player: Player, view: SeatView) -> tuple[Action, Player]:
        """The action ``player`` chooses for ``view``, and the player to keep for its next
        decision (the same object when it thought in a thread)."""
        if kind not in SEARCHING_KINDS or self.processes <= 0:
            action = await asyncio.to_thread(player.choose, view)
            return action, player
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._workers(), decide, player, view)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): think here this once, a new pool next time.
            logger.warning("An AI worker process died; starting a new pool")
            self._drop_pool()
            action = await asyncio.to_thread(player.choose, view)
            return action, player

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.processes,
                mp_context=get_context("spawn"),
                initializer=start_worker,
                initargs=(installed(),),
            )
        return self._pool

    def _drop_pool(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop the worker processes (decisions still running are abandoned)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)

"""Where the AI thinks: the hard AI in worker processes, other kinds in a thread; a dead worker
costs one decision made here, not the table."""

from __future__ import annotations

import copy
import os
import signal

import pytest

from bot import extra_games
from bot.tables.thinking import WORKER_NICENESS, Thinker, default_processes
from ramsch_core import make_player, preset
from ramsch_core.ai.hard import HardPlayer
from ramsch_core.deal import Deal
from ramsch_core.phases.say import Pass
from ramsch_core.view import SeatView
from tests import example_game


def _endgame_view() -> SeatView:
    """A Skat Ramsch view with three tricks left and a choice of cards (the hard AI searches)."""
    deal = Deal.from_seed(preset("skat"), 4)
    rule = make_player("random", 1)
    while True:
        assert deal.to_act is not None
        view = deal.view(deal.to_act)
        if len(view.hand) <= 3 and len(view.legal) > 1:
            return view
        deal.apply(rule.choose(view))


async def test_the_hard_ai_thinks_in_a_worker_and_comes_back_as_if_it_thought_here() -> None:
    view = _endgame_view()
    thinker = Thinker(1)
    try:
        player = HardPlayer(5, budget=None, worlds=8)
        here = copy.deepcopy(player)
        for _ in range(2):  # the second decision starts from the random state the first left
            action, player = await thinker.choose("hard", player, view)  # type: ignore[assignment]
            assert action == here.choose(view)
            assert player.rng.getstate() == here.rng.getstate()
            assert player.last_worlds == 8
        assert thinker._pool is not None
    finally:
        await thinker.close()
    assert thinker._pool is None


async def test_other_kinds_and_zero_processes_think_in_a_thread() -> None:
    view = _endgame_view()
    for kind, processes in (("heuristic", 2), ("hard", 0)):
        thinker = Thinker(processes)
        player = make_player(kind, 3)  # type: ignore[arg-type]
        action, after = await thinker.choose(kind, player, view)
        assert after is player and action in view.legal
        assert thinker._pool is None
        await thinker.close()


async def test_a_killed_worker_costs_one_decision_here_and_a_new_pool() -> None:
    view = _endgame_view()
    thinker = Thinker(1)
    try:
        player = HardPlayer(5, budget=None, worlds=4)
        first, player = await thinker.choose("hard", player, view)  # type: ignore[assignment]
        pool = thinker._pool
        assert pool is not None and first in view.legal
        for pid in list(pool._processes):  # SIGKILL, as the OOM killer would
            os.kill(pid, signal.SIGKILL)
        again, kept = await thinker.choose("hard", player, view)
        assert again in view.legal and kept is player  # decided in this process
        assert thinker._pool is None
        third, moved = await thinker.choose("hard", player, view)
        assert third in view.legal and moved is not player
        assert thinker._pool is not None and thinker._pool is not pool
    finally:
        await thinker.close()


def test_default_processes_are_the_cores_at_most_four() -> None:
    assert 1 <= default_processes() <= 4
    assert default_processes() == min(4, os.cpu_count() or 1)


async def test_workers_run_at_a_lower_priority_than_the_bot() -> None:
    """A click must not wait for a search: the workers yield the CPU to the event loop."""
    thinker = Thinker(1)
    try:
        await thinker.choose("hard", HardPlayer(5, budget=None, worlds=1), _endgame_view())
        assert thinker._pool is not None
        worker = thinker._pool.submit(os.nice, 0).result()
    finally:
        await thinker.close()
    assert worker == min(19, os.nice(0) + WORKER_NICENESS)


async def test_workers_know_the_games_the_bot_installed_besides_the_built_in_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bot started with ``RAMSCH_EXTRA_GAMES`` installs those games in its AI workers too:
    the hard AI thinks about a deal of the example game in a worker process."""
    example_game.register(monkeypatch)
    monkeypatch.setattr(extra_games, "_installed", ["tests.example_game"])
    deal = Deal.from_seed(preset("doubling", game="stich"), 2)
    for _ in range(3):
        deal.apply(Pass())
    view = deal.view(deal.to_act or 0)
    thinker = Thinker(1)
    try:
        action, _ = await thinker.choose("hard", HardPlayer(5, budget=None, worlds=2), view)
        assert thinker._pool is not None and action in view.legal
    finally:
        await thinker.close()

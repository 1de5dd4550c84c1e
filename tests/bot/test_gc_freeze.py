"""`python -m bot` leaves the objects of its start out of later garbage collections: those of
its imports before it opens the database, then those of its first ready, once (a reconnect's
ready freezes nothing more: it would keep the cycles of tables that end from ever being
collected), and a bot run inside another program (the tests) freezes nothing; it also collects
young garbage less often (``GC_THRESHOLDS``), a bot inside another program not."""

from __future__ import annotations

import gc
import itertools
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest

from bot import client
from bot.client import RamschBot, freeze_startup_heap
from bot.storage import Store
from tests.bot.helpers import FakeClock, bot_settings, make_service


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_what_lives_at_the_start_is_left_out_of_collections(unfrozen: None) -> None:
    tracked = len(gc.get_objects())
    freeze_startup_heap()
    assert gc.get_freeze_count() > tracked // 2
    assert len(gc.get_objects()) < tracked // 10  # what a collection would still look at


async def test_ready_freezes_once(store: Store, tmp_path: Path, unfrozen: None) -> None:
    counter = itertools.count(1)
    service = make_service(store, FakeClock(), lambda: next(counter))
    bot = RamschBot(bot_settings(tmp_path), service, store)
    try:
        with mock.patch.object(client.gc, "freeze", wraps=gc.freeze) as freeze:
            await bot.on_ready()
            assert freeze.call_count == 0  # a bot inside another program leaves its heap
            assert gc.get_threshold() != client.GC_THRESHOLDS  # and its collector as it is
            bot.freeze_heap = True  # as `python -m bot` sets it
            await bot.on_ready()
            await bot.on_ready()
        assert freeze.call_count == 1
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == client.GC_THRESHOLDS  # young garbage collected less often
    finally:
        await service.close()


def test_what_the_imports_made_is_frozen_before_the_start(unfrozen: None) -> None:
    """`python -m bot` freezes its imports' objects, uncollected (they leave no cyclic
    garbage), before it opens the database, and collects young garbage less often from then
    on: the recovery of the tables runs with the same collector as the bot after its ready."""
    gc.collect()  # the garbage earlier tests left (`python -m bot` has only its imports')
    tracked = len(gc.get_objects())
    client.freeze_imports()
    assert gc.get_freeze_count() >= tracked
    assert gc.get_threshold() == client.GC_THRESHOLDS

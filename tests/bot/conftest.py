"""Fixtures for the table service: a real store on tmp_path, a fake clock, a stub AI."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.storage import Store
from bot.tables import TableService
from tests.bot.helpers import FakeClock, make_service


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "ramsch.db"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def seeds() -> Callable[[], int]:
    counter = itertools.count(1000)
    return lambda: next(counter)


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    async with Store(db_path) as store:
        yield store


@pytest.fixture
async def service(
    store: Store, clock: FakeClock, seeds: Callable[[], int]
) -> AsyncIterator[TableService]:
    service = make_service(store, clock, seeds)
    yield service
    await service.close()

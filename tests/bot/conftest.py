"""Fixtures for the table service: a real store on tmp_path (or a new PostgreSQL database,
see tests/pg.py), a fake clock, a stub AI."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.storage import Store
from bot.tables import TableService
from tests.bot.helpers import FakeClock, make_service
from tests.pg import chosen_backends


@pytest.fixture(params=chosen_backends())
def backend(request: pytest.FixtureRequest) -> str:
    """The store's backend: ``RAMSCH_TEST_BACKEND`` (tests/pg.py); a module that sets
    ``backend`` itself (the storage tests) runs on the backends it names."""
    return str(request.param)


@pytest.fixture
def db_path(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    """The database: a SQLite file, or the URL of a new PostgreSQL database (a ``str``)."""
    if backend == "postgresql":
        url: Path = request.getfixturevalue("postgres_url")
        return url
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

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
from tests.pg import chosen_backends, migrated_store


@pytest.fixture(params=chosen_backends())
def backend(request: pytest.FixtureRequest) -> str:
    """The store's backend: ``RAMSCH_TEST_BACKEND`` (tests/pg.py); a module that sets
    ``backend`` itself (the storage tests) runs on the backends it names."""
    return str(request.param)


@pytest.fixture
def db_path(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    """The database, at the current schema already (tests/pg.py ``migrated_store``): a
    SQLite file, or the URL of a PostgreSQL database (a ``str``)."""
    return migrated_store(backend, tmp_path, request, name="ramsch.db")


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

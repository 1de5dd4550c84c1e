"""Configuration shared by the whole test tree; each package's own fixtures live beside it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest_plugins = ["tests.pg"]
"""The throw-away PostgreSQL server (``postgres_cluster``, ``postgres_url``)."""

RAM_DISK = Path("/dev/shm")
"""Where the tests' temporary directories go if it is there (Linux): a file system in memory."""
TEMP_ROOT = "PYTEST_DEBUG_TEMPROOT"
"""pytest's own variable for the root of its numbered base directories (pytest-of-USER/pytest-N,
the last three kept), read when the first one is made, after ``pytest_configure``."""


def pytest_configure(config: pytest.Config) -> None:
    """Put ``tmp_path`` and its kin on the RAM disk, unless ``--basetemp`` or ``TMPDIR`` says
    where. The store commits with ``synchronous=FULL``, as it must for players: on a disk each
    commit waits for its ``fsync``, and the tests commit thousands of times (a bot test file
    took twice as long on the disk of a busy machine, with the same CPU time). A SIGKILLed bot
    loses nothing on a RAM disk that it would on a disk: only a power cut tells them apart."""
    if config.option.basetemp or os.environ.get("TMPDIR") or os.environ.get(TEMP_ROOT):
        return
    if RAM_DISK.is_dir() and os.access(RAM_DISK, os.W_OK | os.X_OK):
        os.environ[TEMP_ROOT] = str(RAM_DISK)

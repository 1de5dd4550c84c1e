"""A database that can't be used ends in one line saying why, not in a traceback."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

import pytest

from bot.storage import Store
from bot.storage.opening import StoreUnusable, unusable


async def refusal(path: Path) -> str:
    with pytest.raises(StoreUnusable) as caught:
        async with Store(path):
            pass
    text = str(caught.value)
    assert "\n" not in text and len(text) < 300, text
    return text


async def test_a_missing_directory(tmp_path: Path) -> None:
    text = await refusal(tmp_path / "nowhere" / "ramsch.sqlite3")
    assert "does not exist" in text and str(tmp_path / "nowhere") in text


async def test_a_directory_instead_of_a_file(tmp_path: Path) -> None:
    assert "is a directory" in await refusal(tmp_path)


async def test_a_directory_the_bot_cannot_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As root a chmod does not keep the bot out: the check asks os.access.
    real = os.access
    monkeypatch.setattr(
        os, "access", lambda path, mode: Path(path) != tmp_path and real(path, mode)
    )
    assert "not writable" in await refusal(tmp_path / "ramsch.sqlite3")


async def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    garbage = tmp_path / "ramsch.sqlite3"
    garbage.write_bytes(b"this is not SQLite\n" * 300)
    assert "is not a SQLite database" in await refusal(garbage)
    assert garbage.read_bytes() == b"this is not SQLite\n" * 300


async def test_a_schema_newer_than_the_code(tmp_path: Path) -> None:
    path = tmp_path / "ramsch.sqlite3"
    async with Store(path):
        pass
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("INSERT INTO schema_version VALUES (999, 'future', 0)")
    text = await refusal(path)
    assert "[999]" in text and "newer version of the bot" in text


async def test_a_database_locked_by_another_program(tmp_path: Path) -> None:
    path = tmp_path / "ramsch.sqlite3"
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as other:
        other.execute("CREATE TABLE t (x)")
        other.execute("BEGIN EXCLUSIVE")
        assert "locked by another program" in await refusal(path)
        other.execute("ROLLBACK")


def test_sqlite_errors_read_as_one_line() -> None:
    readonly = unusable("db", sqlite3.OperationalError("attempt to write a readonly database"))
    assert "read-only" in str(readonly)
    cannot = unusable("db", sqlite3.OperationalError("unable to open database file"))
    assert "Could not open" in str(cannot)
    other = unusable("db", sqlite3.OperationalError("disk I/O\nerror"))
    assert str(other) == "The database db can't be used (disk I/O error)"

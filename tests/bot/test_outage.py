"""What a database outage does (issue 15): a click or command the database fails is answered
with a clear message and one warning line, nothing changes (the action log commits before it
applies), the timers and the AI try again later with one warning per outage, and the store
connects again once the server is back.

The PostgreSQL tests stop the session's real server (``PgCluster.outage``) and start it again;
the SQLite one holds the file locked from a second connection."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import asyncpg
import discord
import pytest

from bot import i18n
from bot.client import DATABASE_DOWN, RamschBot, user_message
from bot.storage import Store
from bot.storage.backend import DATABASE_ERRORS, PgConnection
from bot.tables import Table, TableService
from bot.tables.errors import NotYourTurn
from bot.tables.log import database_unavailable
from ramsch_core import Action
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    FakeClock,
    make_service,
    start_table,
    to_act_user,
)
from tests.pg import PgCluster

GERMAN = "Der Bot erreicht seine Datenbank gerade nicht, deshalb wurde nichts geändert."

UNAVAILABLE = [
    asyncpg.exceptions.ClientCannotConnectError("could not connect to postgresql://x:***@h/db"),
    asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
    asyncpg.exceptions.AdminShutdownError("terminating connection due to administrator command"),
    asyncpg.exceptions.CannotConnectNowError("the database system is starting up"),
    asyncpg.exceptions.TooManyConnectionsError("sorry, too many clients already"),
    asyncpg.InterfaceError("cannot call Connection.fetch(): connection is closed"),
    sqlite3.OperationalError("database is locked"),
    sqlite3.OperationalError("disk I/O error"),
]
BUGS = [
    asyncpg.UniqueViolationError("duplicate key value violates unique constraint"),
    asyncpg.UndefinedTableError('relation "nope" does not exist'),
    asyncpg.InterfaceError("cannot perform operation: another operation is in progress"),
    sqlite3.IntegrityError("UNIQUE constraint failed: actions.table_id, actions.seq"),
    sqlite3.OperationalError("no such table: nope"),
    OSError("[Errno 28] No space left on device"),
    RuntimeError("a bug"),
]


# -- the message ------------------------------------------------------------------------------


@pytest.mark.parametrize("error", UNAVAILABLE, ids=lambda e: type(e).__name__)
def test_an_unavailable_database_is_told_plainly(error: BaseException) -> None:
    assert database_unavailable(error)
    with i18n.using("en"):
        assert user_message(error) == (
            "The bot can't reach its database right now, so nothing was changed. Please try"
            " again in a moment."
        )
    with i18n.using("de"):
        message = user_message(error)
    assert message is not None and message.startswith(GERMAN), message


@pytest.mark.parametrize("error", BUGS, ids=lambda e: f"{type(e).__name__}:{e}"[:40])
def test_other_errors_are_not_an_outage(error: BaseException) -> None:
    assert not database_unavailable(error)
    assert user_message(error) is None  # the apology, and a traceback for the log


def test_the_message_has_a_german_translation() -> None:
    translated = i18n.translated(DATABASE_DOWN, "de")
    assert translated is not None and translated.startswith(GERMAN)


class Answers:
    """What ``RamschBot.report_error`` needs of a bot: where its answers go."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def reply(self, interaction: Any, message: str) -> None:
        self.sent.append(message)


def interaction(locale: str) -> Any:
    return SimpleNamespace(locale=locale, user=SimpleNamespace(id=4242), command=None, client=None)


async def test_a_click_the_database_fails_is_one_warning_without_the_password(
    caplog: pytest.LogCaptureFixture,
) -> None:
    answers = Answers()
    cause = ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 5432)")
    error = asyncpg.exceptions.ClientCannotConnectError(
        "could not connect to postgresql://bot:***@127.0.0.1:5432/ramsch: "
        f"{type(cause).__name__}: {cause}"
    )
    error.__cause__ = cause
    with caplog.at_level(logging.DEBUG, logger="bot"):
        await RamschBot.report_error(answers, interaction("de"), error)  # type: ignore[arg-type]
    assert len(answers.sent) == 1 and answers.sent[0].startswith(GERMAN)
    records = [r for r in caplog.records if r.name.startswith("bot")]
    assert [(r.levelname, r.exc_info) for r in records] == [("WARNING", None)]
    text = records[0].getMessage()
    assert "user 4242" in text and "ClientCannotConnectError" in text
    assert "\n" not in text and "bot:***@" in text


async def test_a_bug_is_still_an_error_with_its_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    answers = Answers()
    try:
        raise sqlite3.IntegrityError("UNIQUE constraint failed")
    except sqlite3.IntegrityError as error:
        with caplog.at_level(logging.DEBUG, logger="bot"):
            await RamschBot.report_error(answers, interaction("en"), error)  # type: ignore[arg-type]
    assert answers.sent == [
        "Sorry, something went wrong on my side. It has been logged; please try again."
    ]
    [record] = [r for r in caplog.records if r.name.startswith("bot")]
    assert record.levelname == "ERROR" and record.exc_info is not None


# -- a real PostgreSQL going away -------------------------------------------------------------


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def pg_service(
    postgres_url: str, clock: FakeClock
) -> AsyncIterator[tuple[Store, TableService]]:
    counter = iter(range(1000, 2000))
    async with Store(postgres_url) as store:
        service = make_service(store, clock, lambda: next(counter))
        try:
            yield store, service
        finally:
            await service.close()


def legal(table: Table) -> tuple[int, Action]:
    user = to_act_user(table)
    view = table.view_for(user)
    assert view is not None
    return user, view.legal[0]


def snapshot(table: Table) -> tuple[Any, ...]:
    """What a refused action must leave as it was."""
    match = table.match
    assert match is not None
    return (
        table.log_length,
        table.status,
        table.to_act,
        len(match.deal.history),
        len(match.finished_deals),
    )


@pytest.fixture
def server(postgres_cluster: PgCluster) -> Iterator[PgCluster]:
    """The session's server, running again after the test whatever it did."""
    yield postgres_cluster
    try:
        postgres_cluster.psql("SELECT 1")
    except Exception:
        postgres_cluster.start_server()


async def test_an_action_the_database_fails_changes_nothing_and_goes_through_later(
    server: PgCluster, pg_service: tuple[Store, TableService]
) -> None:
    store, service = pg_service
    table = await start_table(service)
    user, action = legal(table)
    before = snapshot(table)
    with server.outage():
        for _ in range(2):  # a second click finds it still down
            with pytest.raises(DATABASE_ERRORS) as caught:
                await service.play.act(table.id, user, action, deal_number=table.deal_number)
            assert database_unavailable(caught.value), repr(caught.value)
            assert snapshot(table) == before
        # A refusal is still a refusal: the rules are checked before the database is asked.
        other = next(seat.user_id for seat in table.seats if seat.user_id not in (user, None))
        with pytest.raises(NotYourTurn):
            await service.play.act(table.id, other, action, deal_number=table.deal_number)
    assert len(await store.tables.load_actions(table.id)) == before[0]
    await service.play.act(table.id, user, action, deal_number=table.deal_number)
    assert table.log_length == before[0] + 1
    stored = await store.tables.load_actions(table.id)
    assert [a.seq for a in stored] == list(range(before[0] + 1))
    assert stored[-1].action == action


async def test_a_group_commit_the_database_fails_changes_no_table(
    server: PgCluster, pg_service: tuple[Store, TableService]
) -> None:
    """Actions at several tables committed together: the whole group fails, none applied;
    after the outage they go through together."""
    store, service = pg_service
    tables = [
        await start_table(service, players=(ALICE, BOB), channel=10),
        await start_table(service, players=(ALICE, CAROL), channel=11),
        await start_table(service, players=(BOB, CAROL), channel=12),
    ]
    moves = [legal(table) for table in tables]
    before = [snapshot(table) for table in tables]

    async def act_everywhere() -> list[Any]:
        return await asyncio.gather(
            *(
                service.play.act(t.id, user, action, deal_number=t.deal_number)
                for t, (user, action) in zip(tables, moves, strict=True)
            ),
            return_exceptions=True,
        )

    with server.outage():
        failed = await act_everywhere()
    assert all(database_unavailable(error) for error in failed), failed
    assert [snapshot(table) for table in tables] == before
    done = await act_everywhere()
    assert not [result for result in done if isinstance(result, BaseException)], done
    for table, (length, *_rest) in zip(tables, before, strict=True):
        assert table.log_length == length + 1
        assert len(await store.tables.load_actions(table.id)) == length + 1


async def test_a_transaction_whose_server_went_away_rolls_back_and_the_store_goes_on(
    server: PgCluster, pg_service: tuple[Store, TableService]
) -> None:
    store, service = pg_service
    table = await start_table(service)
    [stored] = await store.tables.load_open_tables()
    with pytest.raises(DATABASE_ERRORS) as caught:
        async with store.transaction() as db:
            await db.execute("UPDATE tables SET updated_at = 99 WHERE id = ?", (table.id,))
            await asyncio.to_thread(server.stop_server)
            try:
                await db.execute("UPDATE seats SET away = 1 WHERE table_id = ?", (table.id,))
            finally:
                await asyncio.to_thread(server.start_server)
    assert database_unavailable(caught.value), repr(caught.value)
    [after] = await store.tables.load_open_tables()  # the next statement connects again
    assert after.updated_at == stored.updated_at and not any(s.away for s in after.seats)
    user, action = legal(table)
    await service.play.act(table.id, user, action, deal_number=table.deal_number)
    assert await store.integrity_check() == ["ok"]


def bot_records(caplog: pytest.LogCaptureFixture, level: int) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith("bot") and r.levelno >= level]


async def test_the_ai_and_the_turn_timer_try_again_after_the_outage_with_one_warning(
    server: PgCluster,
    pg_service: tuple[Store, TableService],
    clock: FakeClock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    store, service = pg_service
    service.autoplay.delay = 0
    timed = await start_table(service, players=(ALICE, BOB), channel=10)
    timed.turn_timeout = 60.0
    with_ai = await start_table(service, players=(ALICE,), ai=1, channel=11)
    human, action = legal(with_ai)
    timed_before, ai_before = snapshot(timed), snapshot(with_ai)
    caplog.set_level(logging.DEBUG, logger="bot")
    with server.outage():
        # The human's move fails too; the AI seat after it is not reached.
        with pytest.raises(DATABASE_ERRORS):
            await service.play.act(with_ai.id, human, action, deal_number=with_ai.deal_number)
        # Force the AI seat to act: mark the human away, as two missed turns would.
        with_ai.seats[with_ai.to_act or 0].away = True
        clock.advance(61)  # the timed table's turn ran out
        for _ in range(3):
            await service.timers.tick()
            await service.autoplay.wait_idle()
        assert snapshot(timed) == timed_before
        assert snapshot(with_ai) == ai_before
        warnings = bot_records(caplog, logging.WARNING)
        assert [r.levelname for r in warnings] == ["WARNING"], [r.getMessage() for r in warnings]
        assert warnings[0].exc_info is None and "tried again later" in warnings[0].getMessage()
    await service.timers.tick()  # the turn timer plays for the player, the AI for the away one
    await service.autoplay.wait_idle()
    assert timed.log_length > timed_before[0]
    assert with_ai.log_length > ai_before[0]
    assert len(await store.tables.load_actions(timed.id)) == timed.log_length
    assert len(await store.tables.load_actions(with_ai.id)) == with_ai.log_length
    assert not bot_records(caplog, logging.ERROR)
    assert any(r.getMessage() == "The database works again" for r in caplog.records)


# -- SQLite: a file locked by another program -------------------------------------------------


async def test_a_locked_sqlite_file_refuses_the_action_until_it_is_free(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "ramsch.sqlite3"
    counter = iter(range(1000, 2000))
    seeds: Callable[[], int] = lambda: next(counter)  # noqa: E731
    async with Store(path) as store:
        service = make_service(store, clock, seeds)
        try:
            table = await start_table(service)
            await store.db.execute("PRAGMA busy_timeout=0")  # no five seconds' wait
            user, action = legal(table)
            before = snapshot(table)
            other = sqlite3.connect(path, isolation_level=None)
            try:
                other.execute("BEGIN EXCLUSIVE")
                with pytest.raises(sqlite3.OperationalError) as caught:
                    await service.play.act(table.id, user, action, deal_number=table.deal_number)
                assert database_unavailable(caught.value), repr(caught.value)
                assert snapshot(table) == before
                other.execute("ROLLBACK")
            finally:
                other.close()
            await service.play.act(table.id, user, action, deal_number=table.deal_number)
            assert table.log_length == before[0] + 1
        finally:
            await service.close()


async def test_a_statement_without_an_answer_fails_as_a_lost_connection(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server (or network) that stops answering without closing the connection fails the
    statement after COMMAND_TIMEOUT, as an outage; the next statement connects again."""
    monkeypatch.setattr(PgConnection, "COMMAND_TIMEOUT", 0.3)
    async with Store(postgres_url) as store:
        with pytest.raises(asyncpg.ConnectionDoesNotExistError, match="did not answer") as caught:
            await store.db.execute("SELECT pg_sleep(3)")
        assert isinstance(caught.value, DATABASE_ERRORS) and database_unavailable(caught.value)
        assert await store.schema_version() > 0


async def test_a_click_answered_too_late_is_one_warning_and_no_answer(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """An overloaded bot that acknowledges after Discord's three seconds gets 10062: nothing
    can reach the user any more, and it is no bug (no traceback, no apology tried)."""
    answers = Answers()
    response = SimpleNamespace(status=404, reason="Not Found")
    error = discord.NotFound(response, {"code": 10062, "message": "Unknown interaction"})  # type: ignore[arg-type]
    other = discord.NotFound(response, {"code": 10008, "message": "Unknown Message"})  # type: ignore[arg-type]
    with caplog.at_level(logging.DEBUG, logger="bot"):
        await RamschBot.report_error(answers, interaction("de"), error)  # type: ignore[arg-type]
        assert answers.sent == []
        await RamschBot.report_error(answers, interaction("de"), other)  # type: ignore[arg-type]
    assert len(answers.sent) == 1  # another 404 is still a bug, apologised for
    records = [r for r in caplog.records if r.name.startswith("bot")]
    assert [(r.levelname, r.exc_info is None) for r in records] == [
        ("WARNING", True),
        ("ERROR", False),
    ]
    assert "Too late to answer a click of user 4242" in records[0].getMessage()

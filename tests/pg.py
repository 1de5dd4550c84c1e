"""A throw-away PostgreSQL server for the tests: a real one, no mock.

``postgres_cluster`` (session fixture) runs ``initdb`` in a temporary directory and starts
the server on 127.0.0.1 on a free port with trust authentication, once per test session, and
stops it at the end. Each test that asks for a database gets an empty one of its own
(``PgCluster.empty_database``: one emptied after an earlier test, or a new one), or one at the
schema of the bundled migrations (``migrated_store``: on PostgreSQL a copy of a template
migrated once, on SQLite a copy of a file migrated once, per test process). Only the tests of
the migrations themselves need to start from nothing; the rest would each migrate again. PostgreSQL
refuses to run as root: as root the server runs as the ``postgres`` system user
(``RAMSCH_TEST_PG_USER`` to name another), which must exist.

Binaries: ``RAMSCH_TEST_PG_BIN`` (a directory with initdb and pg_ctl), else the newest
``/usr/lib/postgresql/*/bin`` (Debian's layout), else ``pg_ctl`` on the PATH. Without them the
PostgreSQL tests are skipped, except under ``CI=true``, where they fail: CI must test both
backends (``.ci/run`` installs Debian's ``postgresql``).

``RAMSCH_TEST_BACKEND`` picks the backend of the tests that run on one (the bot's service
tests): ``sqlite`` (the default), ``postgresql``, or ``both``. The storage tests always run on
both. ``--backend-tests-only`` runs just the tests the variable can change (``on_a_backend``):
the second pass of ``.ci/run``."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import pytest

from bot.storage import Store
from bot.storage.backend import _arguments, translate

T = TypeVar("T")

BACKENDS = ("sqlite", "postgresql")


def chosen_backends() -> list[str]:
    """The backends of ``RAMSCH_TEST_BACKEND`` (default: SQLite only)."""
    chosen = os.environ.get("RAMSCH_TEST_BACKEND", "sqlite").strip().lower()
    if chosen in ("both", "all"):
        return list(BACKENDS)
    if chosen in ("postgresql", "postgres", "pg"):
        return ["postgresql"]
    if chosen == "sqlite":
        return ["sqlite"]
    raise pytest.UsageError(f"RAMSCH_TEST_BACKEND={chosen!r}: sqlite, postgresql or both")


BACKEND_FIXTURES = frozenset(
    {"backend", "database", "harness", "postgres_url", "migrated_postgres_url", "postgres_cluster"}
)
"""The fixtures through which ``RAMSCH_TEST_BACKEND`` reaches a test (``store``, ``db_path``
and ``service`` ask for ``backend``; a test's fixture names include every one it uses)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--backend-tests-only",
        action="store_true",
        help="run only the tests that RAMSCH_TEST_BACKEND can change (tests/pg.py:"
        " on_a_backend); the others run alike on every backend",
    )


def on_a_backend(item: pytest.Item) -> bool:
    """Whether ``RAMSCH_TEST_BACKEND`` can change what ``item`` does: it uses a fixture that
    reads it, or its module reads it itself; not a test that names its backend itself (the
    storage tests run on both whatever the variable says) unless it names a chosen one."""
    callspec = getattr(item, "callspec", None)
    named = callspec.params.get("backend") if callspec is not None else None
    if named is not None:
        return named in chosen_backends()
    names = set(getattr(item, "fixturenames", ()))
    module = getattr(item, "module", None)
    return bool(names & BACKEND_FIXTURES) or getattr(module, "chosen_backends", None) is not None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With ``--backend-tests-only``, leave out the tests a backend cannot change: a second
    pass on another backend (``.ci/run``) would run them exactly as the first did."""
    if not config.getoption("backend_tests_only"):
        return
    kept = [item for item in items if on_a_backend(item)]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if not on_a_backend(item)])
        items[:] = kept


SCHEMA_FINGERPRINT = """
SELECT md5(concat_ws(' | ',
  (SELECT string_agg(concat_ws(' ', table_name, column_name, data_type, is_nullable,
                               column_default), ', ' ORDER BY table_name, ordinal_position)
   FROM information_schema.columns WHERE table_schema = 'public'),
  (SELECT string_agg(indexdef, ', ' ORDER BY indexname) FROM pg_indexes
   WHERE schemaname = 'public'),
  (SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), ', ' ORDER BY conname)
   FROM pg_constraint WHERE connamespace = 'public'::regnamespace),
  (SELECT string_agg(concat_ws(' ', sequencename, last_value), ', ' ORDER BY sequencename)
   FROM pg_sequences WHERE schemaname = 'public'),
  (SELECT string_agg(proname, ', ' ORDER BY proname) FROM pg_proc
   WHERE pronamespace = 'public'::regnamespace),
  (SELECT string_agg(tgname, ', ' ORDER BY tgname) FROM pg_trigger
   WHERE NOT tgisinternal AND tgrelid IN (SELECT oid FROM pg_class
                                         WHERE relnamespace = 'public'::regnamespace)),
  (SELECT string_agg(viewname, ', ' ORDER BY viewname) FROM pg_views
   WHERE schemaname = 'public'),
  (SELECT string_agg(version || ' ' || name, ', ' ORDER BY version) FROM schema_version),
  (SELECT count(*) FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%'
   AND nspname NOT IN ('public', 'information_schema')),
  (SELECT count(*) FROM pg_db_role_setting JOIN pg_database AS d ON setdatabase = d.oid
   WHERE d.datname = current_database())
));
"""
"""One line that changes with anything of a database a test could change but its rows: the
columns, indexes, constraints, sequences (their positions too), functions, triggers and views
of ``public``, the versions in ``schema_version``, other schemas, the database's settings."""


def run_coroutine(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end on a loop of its own in a thread: callable from a test's
    running event loop (an async fixture) as well as from plain code."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def migrate_to_current(db: str | Path) -> None:
    """Open (creating and migrating) the store at ``db`` and close it again."""
    store = await Store.open(db)
    await store.close()


def find_binaries() -> Path | None:
    """The directory with initdb, pg_ctl and psql, if PostgreSQL is installed."""
    named = os.environ.get("RAMSCH_TEST_PG_BIN")
    if named:
        return Path(named)
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda path: int(Path(path).parent.parent.name.split(".")[0] or 0),
    )
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("pg_ctl")
    return Path(on_path).parent if on_path else None


def free_port() -> int:
    with contextlib.closing(socket.socket()) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PgCluster:
    """One PostgreSQL server in a temporary directory, listening on 127.0.0.1:``port``."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.port = free_port()
        self.directory = Path(tempfile.mkdtemp(prefix="ramsch-pg-"))
        self.data = self.directory / "data"
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = os.environ.get("RAMSCH_TEST_PG_USER", "postgres")
            try:
                entry = pwd.getpwnam(self.user)
            except KeyError:
                raise RuntimeError(
                    f"PostgreSQL can't run as root and there is no user {self.user!r} to run it"
                    " (create it: useradd --system postgres; or set RAMSCH_TEST_PG_USER)"
                ) from None
            os.chown(self.directory, entry.pw_uid, entry.pw_gid)
        self._names = itertools.count(1)
        self._spare: list[str] = []
        self._spare_migrated: list[str] = []
        self._migrated: set[str] = set()
        self._template: tuple[str, str] | None = None
        """The database migrated once that ``migrated_database`` copies, and its schema's
        fingerprint."""

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        argv = list(command)
        if self.user is not None:
            argv = ["runuser", "-u", self.user, "--", *argv]
        return subprocess.run(argv, check=True, capture_output=True, text=True, timeout=120)

    def start(self) -> None:
        self._run(
            str(self.binaries / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
            "-E", "UTF8", "--locale=C", "--no-sync",
        )  # fmt: skip
        self.start_server()

    def start_server(self) -> None:
        """Start the initialised server (again, after ``stop_server``: the same port)."""
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.directory}"
            " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            " -c max_connections=300"
        )
        try:
            self._run(
                str(self.binaries / "pg_ctl"), "-D", str(self.data), "-o", options,
                "-l", str(self.directory / "server.log"), "-w", "-t", "60", "start",
            )  # fmt: skip
        except subprocess.CalledProcessError as error:
            log = self.directory / "server.log"
            detail = log.read_text() if log.exists() else ""
            raise RuntimeError(f"PostgreSQL did not start: {error.stderr}\n{detail}") from None

    def stop_server(self) -> None:
        """Stop the server as an outage would (``fast``: its clients are disconnected, open
        transactions rolled back), keeping its data for ``start_server``; returns once it is
        down. Every test of the session shares the server: start it again in a ``finally``."""
        self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "fast",
                  "-w", "-t", "60", "stop")  # fmt: skip

    @contextlib.contextmanager
    def outage(self) -> Iterator[None]:
        """The server is down within the block and up again after it, however it ends."""
        self.stop_server()
        try:
            yield
        finally:
            self.start_server()

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                      "-w", "stop")  # fmt: skip
        shutil.rmtree(self.directory, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run ``sql`` with psql (as the cluster's superuser); its output, unaligned."""
        done = subprocess.run(
            [str(self.binaries / "psql"), "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1",
             "-d", self.url(database), "-c", sql],
            check=True, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        return done.stdout

    def drop_database(self, url: str) -> None:
        """Drop the database of ``url``, closing whatever is still connected to it."""
        name = url.rsplit("/", 1)[1]
        with contextlib.suppress(subprocess.SubprocessError):
            self.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def create_database(self, template: str = "") -> str:
        """A new database, empty or a copy of ``template``; its URL."""
        name = f"t{os.getpid()}_{next(self._names)}"
        self.psql(f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else ""))
        return self.url(name)

    def migrated_database(self) -> str:
        """A database at the schema of the bundled migrations, holding no row but their
        versions: one a finished test gave back, else a copy of a template migrated once by
        ``Store`` (nobody connects to it again: PostgreSQL copies only a database nobody uses).
        Migrating takes the server many times as long as copying, and emptying one is faster
        still."""
        if self._spare_migrated:
            return self._spare_migrated.pop()
        if self._template is None:
            url = self.create_database()
            run_coroutine(migrate_to_current(url))
            name = url.rsplit("/", 1)[1]
            self._template = (name, self.psql(SCHEMA_FINGERPRINT, database=name))
        url = self.create_database(template=self._template[0])
        self._migrated.add(url)
        return url

    def empty_database(self) -> str:
        """An empty database: one a finished test gave back (``give_back``), else a new one.
        Creating a database copies all of ``template1`` and takes the server a second or more
        on a busy machine; emptying one takes milliseconds."""
        if self._spare:
            return self._spare.pop()
        return self.create_database()

    def give_back(self, url: str) -> None:
        """Empty the database of a finished test for the next one, as if new: its connections
        closed, everything it created dropped with the ``public`` schema. Dropped instead if
        anything else of it changed (a schema or a setting of its own) or emptying fails."""
        if url in self._migrated:
            self._give_back_migrated(url)
            return
        name = url.rsplit("/", 1)[1]
        try:
            left = self.psql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid();"
                " DROP SCHEMA public CASCADE; CREATE SCHEMA public;"
                " SELECT (SELECT count(*) FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%'"
                "         AND nspname NOT IN ('public', 'information_schema'))"
                "      + (SELECT count(*) FROM pg_db_role_setting JOIN pg_database AS d"
                "         ON setdatabase = d.oid WHERE d.datname = current_database())",
                database=name,
            )
        except subprocess.SubprocessError:
            self.drop_database(url)
            return
        if left.split()[-1:] != ["0"]:
            self.drop_database(url)
            return
        self._spare.append(url)

    def _give_back_migrated(self, url: str) -> None:
        """``give_back`` of a ``migrated_database``: every table but ``schema_version``
        emptied and every sequence restarted, kept if its schema is the template's, else
        dropped (a test that altered a table, added a version, set a setting)."""
        assert self._template is not None
        try:
            left = self.psql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid();"
                # Triggers off: those that keep the action log append-only, and the foreign
                # keys' (every table is emptied). DELETE: TRUNCATE makes new files, far slower.
                " SET session_replication_role = replica;"
                " DO $$ DECLARE name text; BEGIN"
                "  FOR name IN SELECT format('%I', tablename) FROM pg_tables"
                "   WHERE schemaname = 'public' AND tablename <> 'schema_version' LOOP"
                "   EXECUTE 'DELETE FROM ' || name;"
                "  END LOOP;"
                "  FOR name IN SELECT format('%I', sequencename) FROM pg_sequences"
                "   WHERE schemaname = 'public' LOOP"
                "   EXECUTE 'ALTER SEQUENCE ' || name || ' RESTART';"
                "  END LOOP;"
                " END $$;" + SCHEMA_FINGERPRINT,
                database=url.rsplit("/", 1)[1],
            )
        except subprocess.SubprocessError:
            self.drop_database(url)
            return
        if left.split()[-1:] != self._template[1].split()[-1:]:
            self.drop_database(url)
            return
        self._spare_migrated.append(url)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PgCluster]:
    """The session's PostgreSQL server (skipped without PostgreSQL, failed under CI)."""
    binaries = find_binaries()
    if binaries is None or not (binaries / "initdb").exists():
        message = (
            "PostgreSQL is not installed (no initdb/pg_ctl): apt-get install postgresql, or set"
            " RAMSCH_TEST_PG_BIN"
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    cluster = PgCluster(binaries)
    try:
        cluster.start()
    except Exception:
        cluster.stop()
        raise
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: PgCluster) -> Iterator[str]:
    """An empty database of its own on the session's PostgreSQL server, emptied after the test
    for the next one (``PgCluster.give_back``; a database costs some megabytes of disk: a new
    one for each test would fill the temporary directory and take a second or more each)."""
    url = postgres_cluster.empty_database()
    yield url
    postgres_cluster.give_back(url)


@pytest.fixture
def migrated_postgres_url(postgres_cluster: PgCluster) -> Iterator[str]:
    """A database of its own at the schema of the bundled migrations, no rows but theirs
    (``PgCluster.migrated_database``), emptied after the test for the next one."""
    url = postgres_cluster.migrated_database()
    yield url
    postgres_cluster.give_back(url)


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite store migrated to the bundled schema once per test process, for
    ``migrated_store`` to copy."""
    path = tmp_path_factory.mktemp("template") / "ramsch.sqlite3"
    run_coroutine(migrate_to_current(path))
    assert not path.with_name(path.name + "-wal").exists(), "closing left a write-ahead log"
    return path


def migrated_store(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest, name: str = "ramsch.sqlite3"
) -> Path:
    """A store for one test at the schema of the bundled migrations, as the bot leaves it at
    its first start: a copy of ``sqlite_template`` named ``name`` in ``tmp_path``, or on
    PostgreSQL the URL (a ``str``) of a ``migrated_postgres_url``. The tests of the migrations
    themselves start from an empty database (``postgres_url``, a new file)."""
    if backend == "postgresql":
        url: Path = request.getfixturevalue("migrated_postgres_url")
        return url
    path = tmp_path / name
    shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
    return path


def dump_postgres(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the database at ``url`` (a connection of its own, in a
    thread: callable from a test's running event loop), each table's rows sorted by repr."""

    async def read() -> dict[str, list[tuple[Any, ...]]]:
        conn = await asyncpg.connect(url)
        try:
            names = [row[0] for row in await conn.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            )]  # fmt: skip
            return {
                name: sorted((tuple(row) for row in await conn.fetch(f'SELECT * FROM "{name}"')),
                             key=repr)
                for name in names
            }  # fmt: skip
        finally:
            await conn.close()

    return run_coroutine(read())


class PgReader:
    """A blocking reader of a PostgreSQL database for tests that read what the bot wrote with
    ``sqlite3`` (``execute(sql, params).fetchall()`` / ``fetchone()``, ``close()``): the
    store's SQL placeholders, each statement on a connection of its own in a thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._rows: list[tuple[Any, ...]] = []

    def execute(self, sql: str, params: Any = ()) -> PgReader:
        text, shape = translate(sql)
        arguments = _arguments(shape, params)

        async def read() -> list[tuple[Any, ...]]:
            conn = await asyncpg.connect(self.url)
            try:
                return [tuple(row) for row in await conn.fetch(text, *arguments)]
            finally:
                await conn.close()

        self._rows = run_coroutine(read())
        return self

    def fetchall(self) -> list[tuple[Any, ...]]:
        return list(self._rows)

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._rows[0] if self._rows else None

    def close(self) -> None:
        pass


@pytest.fixture
def database(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    """Where a test's bot keeps its store: ``ramsch.sqlite3`` in ``tmp_path``, or with
    ``RAMSCH_TEST_BACKEND=postgresql`` the URL of a new PostgreSQL database (a ``str``)."""
    if chosen_backends() == ["postgresql"]:
        url: Path = request.getfixturevalue("postgres_url")
        return url
    return tmp_path / "ramsch.sqlite3"

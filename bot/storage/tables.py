"""Tables, their seats and matches, and the append-only action log (with its group commit):
what a table writes while it is played, and what a start reads back to rebuild it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.storage.backend import Connection, PgConnection
from bot.storage.repository import Repository
from bot.storage.rows import ActionSource, StoredAction, StoredSeat, StoredTable, TableStatus
from ramsch_core import ACTIONS, Action, RuleSet, action_from_json, parse_rules

if TYPE_CHECKING:
    from bot.storage.store import Store

SeatRow = tuple[int | None, str, str | None, bool]
"""user id (None for AI), name, AI kind, away"""
ActionRow = tuple[int, int, int, int | None, str, str, str, float]
"""table id, seq, seat, user id (the person, once written), source, kind, payload (JSON), at"""
APPEND_BATCH = 200
"""Actions committed by one statement at most (8 parameters each)."""
LOAD_BATCH = 500
"""Tables whose seats and action logs one statement of ``load_open_tables`` reads at most
(their ids are its parameters)."""
UNSHOWN = (
    "(t.status IN ('lobby', 'playing') OR (t.status = 'finished'"
    " AND EXISTS (SELECT 1 FROM shown_tables v WHERE v.table_id = t.id)))"
)
"""Tables to recover at start-up: lobbies, playing tables, and finished tables whose messages
do not show the end yet (the publisher forgets a table's shown record once they do)."""


class TableRepository(Repository):
    """Lobbies, seats, matches and the action log (``store.tables``)."""

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self._appends: list[tuple[ActionRow, asyncio.Future[None]]] = []
        """Actions waiting for the next group commit (see ``append_action``)."""
        self._flusher: asyncio.Task[None] | None = None
        self._people: dict[int, int] = {}
        """Person numbers of users (``people``), as the group commit looked them up."""

    async def create_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        rules: dict[str, Any],
        options: dict[str, Any],
        turn_timeout: float | None,
        seats: Sequence[SeatRow],
        at: float,
        reminder: float | None = None,
        private: bool = False,
        invited: Sequence[int] = (),
    ) -> int:
        """Insert a lobby with its first seats (``private``: only the host and the ``invited``
        players may join); return its id (never reused)."""
        async with self._transaction() as db:
            sql = (
                "INSERT INTO tables (guild_id, channel_id, host_id, status, rules, options,"
                " turn_timeout, created_at, updated_at, reminder, private)"
                " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?)"
            )
            params = (guild_id, channel_id, host_id, json.dumps(rules), json.dumps(options),
                      turn_timeout, at, at, reminder, int(private))  # fmt: skip
            if isinstance(db, PgConnection):
                table_id = int(await db.fetchval(sql + " RETURNING id", params))
            else:
                cursor = await db.execute(sql, params)
                assert cursor.lastrowid is not None
                table_id = cursor.lastrowid
            await _write_seats(db, table_id, seats)
            await _write_invites(db, table_id, invited)
        return table_id

    async def add_invites(self, table_id: int, user_ids: Sequence[int]) -> None:
        """Players invited to a table (a player invited before stays invited once)."""
        async with self._transaction() as db:
            await _write_invites(db, table_id, user_ids)

    async def save_lobby(
        self,
        table_id: int,
        *,
        rules: dict[str, Any],
        options: dict[str, Any],
        seats: Sequence[SeatRow],
        at: float,
    ) -> None:
        """Replace a lobby's rules, options and seats."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tables SET rules = ?, options = ?, updated_at = ? WHERE id = ?",
                (json.dumps(rules), json.dumps(options), at, table_id),
            )
            await db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
            await _write_seats(db, table_id, seats)

    async def set_status(self, table_id: int, status: TableStatus, at: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tables SET status = ?, updated_at = ? WHERE id = ?",
                (status, at, table_id),
            )

    async def set_message(
        self, table_id: int, message_id: int | None, deal: int | None = None
    ) -> None:
        """Remember the channel message showing the table and the deal (0-based) it shows
        (None: not known)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tables SET message_id = ?, message_deal = ? WHERE id = ?",
                (message_id, deal, table_id),
            )

    async def set_away(self, table_id: int, seat: int, away: bool) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seats SET away = ? WHERE table_id = ? AND seat = ?",
                (int(away), table_id, seat),
            )

    async def start_match(
        self,
        table_id: int,
        *,
        guild_id: int,
        rules: RuleSet | Mapping[str, Any],
        options: dict[str, Any],
        seed: int,
        humans: int,
        at: float,
    ) -> None:
        """Mark the table playing and store its match: game and variant (``rules.game``,
        ``rules.variant_id``), rules, options and seed — the start of its action log.

        ``rules`` as a RuleSet or in its JSON form (``RuleSet.to_json()``); RuleSetError if
        they are not the rules of a registered game."""
        parsed = parse_rules(rules)
        data = parsed.to_json() if isinstance(rules, RuleSet) else dict(rules)
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tables SET status = 'playing', updated_at = ? WHERE id = ?",
                (at, table_id),
            )
            await db.execute(
                "INSERT INTO matches (table_id, guild_id, game, variant, rules, options, seed,"
                " humans, started_at, totals) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '[]')",
                (table_id, guild_id, parsed.game, parsed.variant_id, json.dumps(data),
                 json.dumps(options), seed, humans, at),
            )  # fmt: skip

    async def append_action(
        self,
        table_id: int,
        *,
        seq: int,
        seat: int,
        user_id: int | None,
        source: ActionSource,
        action: Action,
        at: float,
    ) -> None:
        """Append one action to the log and commit. ``seq`` must be the next free number.

        Group commit: actions appended while a commit is running are written together by the
        next one, a single statement in the database's thread (one fsync for many tables'
        actions, instead of a queue of transactions each waiting its turn on the event loop).
        Each call still returns only once the commit holding its own row is done, and fails
        alone if its row is refused.

        ValueError, and nothing is written, for an action of a kind the core's action registry
        (``ramsch_core.ACTIONS``) does not know: the log must read back."""
        if self._store.in_transaction:
            raise RuntimeError("append_action commits on its own: not inside store.transaction()")
        kind = getattr(action, "kind", None)
        payload = action.to_json()
        if not isinstance(kind, str) or ACTIONS.get(kind) is not type(action):
            raise ValueError(f"Unknown action kind {kind!r}: not in ramsch_core.ACTIONS")
        if payload.get("action") != kind:
            raise ValueError(f"The {kind!r} action writes {payload.get('action')!r} as its kind")
        row: ActionRow = (table_id, seq, seat, user_id, source, kind, json.dumps(payload), at)
        item = (row, asyncio.get_running_loop().create_future())
        self._appends.append(item)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush(), name="store-group-commit")
        try:
            await asyncio.shield(item[1])
        except asyncio.CancelledError:
            if item in self._appends:  # no commit took the row yet: it is not written
                self._appends.remove(item)
            raise

    async def _flush(self) -> None:
        """Commit waiting actions, group by group, until none waits."""
        async with self._lock:
            while self._appends:
                await self._commit_appends()

    async def _commit_appends(self) -> None:
        """Commit the first waiting actions with one statement (the lock is held)."""
        batch, self._appends = self._appends[:APPEND_BATCH], self._appends[APPEND_BATCH:]
        try:
            # The log names people, not users: user id -> person (see store.privacy.forget_user).
            persons = await self._persons({row[3] for row, _ in batch if row[3] is not None})
            rows: list[ActionRow] = [
                (r[0], r[1], r[2], None if r[3] is None else persons[r[3]], r[4], r[5], r[6], r[7])
                for r, _ in batch
            ]
        except Exception as error:
            for _, done in batch:
                done.set_exception(error)
            return
        try:
            await self._insert_actions(rows)
        except Exception as error:
            if len(batch) == 1:
                batch[0][1].set_exception(error)
                return
            # One refused row must not fail the others: write them one by one.
            for row, (_, done) in zip(rows, batch, strict=True):
                try:
                    await self._insert_actions([row])
                except Exception as single_error:
                    done.set_exception(single_error)
                else:
                    done.set_result(None)
            return
        for _, done in batch:
            done.set_result(None)

    async def _persons(self, user_ids: set[int]) -> dict[int, int]:
        """The person numbers of users (the lock is held): from memory, else from ``people``,
        where a user met for the first time gets his number (committed on its own: a number
        without an action names no one more than the seat does)."""
        missing = sorted(user for user in user_ids if user not in self._people)
        if missing:
            marks = ", ".join("?" for _ in missing)
            values = ", ".join("(?)" for _ in missing)
            await self.db.execute(
                f"INSERT INTO people (user_id) VALUES {values} ON CONFLICT (user_id) DO NOTHING",
                missing,
            )
            found = await self.db.execute_fetchall(
                f"SELECT user_id, person FROM people WHERE user_id IN ({marks})", missing
            )
            self._people.update((int(user), int(person)) for user, person in found)
        return {user: self._people[user] for user in user_ids}

    def forget_person(self, user_id: int) -> None:
        """Drop a forgotten user's person number from memory (``store.privacy.forget_user``
        unlinked it from him)."""
        self._people.pop(user_id, None)

    async def _insert_actions(self, rows: Sequence[ActionRow]) -> None:
        """One statement, so one implicit transaction: all rows are committed or none. The
        temp trigger sets each table's ``updated_at`` (SQLite); on PostgreSQL the statement
        updates them itself, to the ``at`` of each table's last action."""
        values = ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?)"] * len(rows))
        insert = (
            "INSERT INTO actions (table_id, seq, seat, person, source, kind, payload, at)"
            f" VALUES {values}"
        )
        if self.postgres:
            insert = (
                f"WITH added AS ({insert} RETURNING table_id, seq, at)"
                " UPDATE tables SET updated_at = last.at FROM (SELECT DISTINCT ON (table_id)"
                " table_id, at FROM added ORDER BY table_id, seq DESC) AS last"
                " WHERE tables.id = last.table_id"
            )
        await self.db.execute(insert, [value for row in rows for value in row])

    async def load_open_tables(
        self, guilds: Callable[[int], bool] | None = None
    ) -> list[StoredTable]:
        """Every lobby and playing table, and every finished table not yet shown as finished
        (see UNSHOWN), with its seats, match seed and full action log; only those of the
        servers ``guilds`` accepts, if given (the shards of this process).

        A few statements for all of them (the tables, then the seats and the logs of up to
        ``LOAD_BATCH`` tables at a time), not one per table: a start with a thousand live
        tables waited for two thousand round trips to the database."""
        rows = await self._fetch(
            "SELECT t.id, t.guild_id, t.channel_id, t.host_id, t.status, t.rules, t.options,"
            " t.turn_timeout, t.message_id, t.created_at, t.updated_at, s.seed, s.started_at,"
            " (SELECT COUNT(*) FROM deal_results d WHERE d.table_id = t.id), t.message_deal,"
            " t.reminder, t.private FROM tables t LEFT JOIN matches s ON s.table_id = t.id"
            f" WHERE {UNSHOWN} ORDER BY t.id"
        )
        if guilds is not None:
            rows = [row for row in rows if guilds(row[1])]
        seats: dict[int, list[StoredSeat]] = {}
        logs: dict[int, list[StoredAction]] = {}
        invites: dict[int, list[int]] = {}
        parsed: dict[str, Action] = {}
        for start in range(0, len(rows), LOAD_BATCH):
            ids = [row[0] for row in rows[start : start + LOAD_BATCH]]
            marks = ", ".join("?" * len(ids))
            for table_id, seat, user_id, name, ai, away in await self._fetch(
                "SELECT table_id, seat, user_id, name, ai, away FROM seats"
                f" WHERE table_id IN ({marks}) ORDER BY table_id, seat",
                ids,
            ):
                seats.setdefault(table_id, []).append(
                    StoredSeat(seat, user_id, name, ai, bool(away))
                )
            for table_id, user_id in await self._fetch(
                f"SELECT table_id, user_id FROM table_invites WHERE table_id IN ({marks})"
                " ORDER BY table_id, user_id",
                ids,
            ):
                invites.setdefault(table_id, []).append(int(user_id))
            logged = await self._fetch(
                "SELECT a.table_id, a.seq, a.seat, p.user_id, a.source, a.payload, a.at"
                " FROM actions a LEFT JOIN people p ON p.person = a.person"
                f" WHERE a.table_id IN ({marks}) ORDER BY a.table_id, a.seq",
                ids,
            )
            for table_id, *action in logged:
                logs.setdefault(table_id, []).append(_stored_action(action, parsed))
        return [
            StoredTable(
                id=row[0],
                guild_id=row[1],
                channel_id=row[2],
                host_id=row[3],
                status=row[4],
                rules=json.loads(row[5]),
                options=json.loads(row[6]),
                turn_timeout=row[7],
                reminder=row[15],
                message_id=row[8],
                message_deal=row[14],
                created_at=row[9],
                updated_at=row[10],
                seats=seats.get(row[0], []),
                seed=row[11],
                started_at=row[12],
                actions=logs.get(row[0], []),
                stored_deals=row[13],
                private=bool(row[16]),
                invited=tuple(invites.get(row[0], ())),
            )
            for row in rows
        ]

    async def load_actions(self, table_id: int) -> list[StoredAction]:
        """A table's action log in order (a forgotten player's actions name no user)."""
        rows = await self._fetch(
            "SELECT a.seq, a.seat, p.user_id, a.source, a.payload, a.at FROM actions a"
            " LEFT JOIN people p ON p.person = a.person WHERE a.table_id = ? ORDER BY a.seq",
            (table_id,),
        )
        parsed: dict[str, Action] = {}
        return [_stored_action(row, parsed) for row in rows]

    async def load_actions_from(self, table_id: int, seq: int) -> tuple[list[StoredAction], int]:
        """The actions of a table's log from ``seq`` on, in order, and how many of its deals
        have their results stored: what a table whose memory fell behind its log applies
        (``ActionLog.catch_up``). The count is read after the actions, so a deal finished by
        one of them counts once its results are in."""
        rows = await self._fetch(
            "SELECT a.seq, a.seat, p.user_id, a.source, a.payload, a.at FROM actions a"
            " LEFT JOIN people p ON p.person = a.person WHERE a.table_id = ? AND a.seq >= ?"
            " ORDER BY a.seq",
            (table_id, seq),
        )
        actions = []
        for number, seat, user_id, source, payload, at in rows:
            _, action = action_from_json(json.loads(payload), number)
            actions.append(StoredAction(number, seat, user_id, source, action, at))
        [(stored_deals,)] = await self._fetch(
            "SELECT COUNT(*) FROM deal_results WHERE table_id = ?", (table_id,)
        )
        return actions, int(stored_deals)


async def _write_invites(db: Connection, table_id: int, user_ids: Sequence[int]) -> None:
    await db.executemany(
        "INSERT INTO table_invites (table_id, user_id) VALUES (?, ?)"
        " ON CONFLICT (table_id, user_id) DO NOTHING",
        [(table_id, user_id) for user_id in user_ids],
    )


def _stored_action(row: Sequence[Any], parsed: dict[str, Action]) -> StoredAction:
    """A logged action of a row (seq, seat, user id, source, payload, at). ``parsed`` holds
    the actions read so far by their payload: a log repeats few payloads (a card played is one
    of 32), and an action is immutable, so each is parsed from its JSON once."""
    seq, seat, user_id, source, payload, at = row
    action = parsed.get(payload)
    if action is None:
        _, action = action_from_json(json.loads(payload), seq)
        parsed[payload] = action
    return StoredAction(seq, seat, user_id, source, action, at)


async def _write_seats(db: Connection, table_id: int, seats: Sequence[SeatRow]) -> None:
    await db.executemany(
        "INSERT INTO seats (table_id, seat, user_id, name, ai, away) VALUES (?, ?, ?, ?, ?, ?)",
        [(table_id, index, user, name, ai, int(away))
         for index, (user, name, ai, away) in enumerate(seats)],
    )  # fmt: skip

"""The store's part for public play (issue 32): public tables and their leavers, the
quick-match queue, blocks between players, reports and the rate limits' requests. Tables in
014_public_play.sql."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bot.storage.backend import Connection
from bot.storage.repository import Repository

PUBLIC_LOCK = 0x52414D5343480020
"""PostgreSQL advisory lock key of the quick-match queue: one matcher at a time, across every
process sharing the database (in SQLite every write transaction is one at a time anyway)."""
PUBLIC_BOARD = 0
"""The guild id the public boards are rated under: no server has id 0."""


@dataclass(frozen=True)
class Waiting:
    """A player waiting in the quick-match queue."""

    user_id: int
    name: str
    guild_id: int
    channel_id: int
    game: str
    preset: str
    language: str
    rating: int
    joined_at: float


@dataclass(frozen=True)
class Report:
    """A player's report of a public table he sat at, for the bot's operator."""

    id: int
    user_id: int
    table_id: int
    deal: int
    reason: str
    at: float


_WAITING = (
    "SELECT user_id, name, guild_id, channel_id, game, preset, language, rating, joined_at"
    " FROM public_queue"
)


class PublicRepository(Repository):
    """Reads and writes of the public play tables (``store.public``)."""

    # -- public tables ---------------------------------------------------------------------

    async def mark_public(self, table_id: int, language: str, at: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO public_tables (table_id, language, opened_at) VALUES (?, ?, ?)",
                (table_id, language, at),
            )

    async def languages(self, table_ids: Iterable[int]) -> dict[int, str]:
        """The language each of these public tables is listed in."""
        ids = list(table_ids)
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        rows = await self._fetch(
            f"SELECT table_id, language FROM public_tables WHERE table_id IN ({marks})", ids
        )
        return {int(table_id): str(language) for table_id, language in rows}

    async def sat_at(self, table_id: int, user_id: int) -> int | None:
        """The last deal (0-based) of a public table ``user_id`` sat at (also one he left);
        None if he did not sit there or the table is not public."""
        rows = await self._fetch(
            "SELECT (SELECT COUNT(*) FROM deal_results d WHERE d.table_id = p.table_id)"
            " FROM public_tables p WHERE p.table_id = ? AND (EXISTS (SELECT 1 FROM seats s"
            " WHERE s.table_id = p.table_id AND s.user_id = ?) OR EXISTS (SELECT 1 FROM"
            " public_leavers l WHERE l.table_id = p.table_id AND l.user_id = ?))",
            (table_id, user_id, user_id),
        )
        return max(int(rows[0][0]) - 1, 0) if rows else None

    async def public_among(self, table_ids: Iterable[int]) -> set[int]:
        """Which of these tables are public."""
        ids = list(table_ids)
        found: set[int] = set()
        for start in range(0, len(ids), 500):
            part = ids[start : start + 500]
            marks = ", ".join("?" * len(part))
            rows = await self._fetch(
                f"SELECT table_id FROM public_tables WHERE table_id IN ({marks})", part
            )
            found.update(int(row[0]) for row in rows)
        return found

    async def leave_seat(
        self, table_id: int, seat: int, user_id: int, ai_name: str, at: float
    ) -> None:
        """``user_id`` left ``seat`` mid-session: the AI holds it from now on and the match
        counts as his last place (one transaction)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seats SET user_id = NULL, name = ?, ai = 'heuristic', away = 0"
                " WHERE table_id = ? AND seat = ?",
                (ai_name, table_id, seat),
            )
            await db.execute(
                "INSERT INTO public_leavers (table_id, seat, user_id, left_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (table_id, seat) DO NOTHING",
                (table_id, seat, user_id, at),
            )

    # -- the quick-match queue -------------------------------------------------------------

    async def enqueue(self, entry: Waiting) -> Waiting | None:
        """Put the player in the queue; the queue he waits in already, if he does (nothing
        written then)."""
        async with self._transaction(PUBLIC_LOCK) as db:
            rows = list(await db.execute_fetchall(_WAITING + " WHERE user_id = ?",
                                                  (entry.user_id,)))  # fmt: skip
            if rows:
                return Waiting(*rows[0])
            await db.execute(
                "INSERT INTO public_queue (user_id, name, guild_id, channel_id, game, preset,"
                " language, rating, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (entry.user_id, entry.name, entry.guild_id, entry.channel_id, entry.game,
                 entry.preset, entry.language, entry.rating, entry.joined_at),
            )  # fmt: skip
        return None

    async def dequeue(self, user_id: int) -> Waiting | None:
        """Take the player out of the queue; what he waited for (None: he did not wait)."""
        async with self._transaction(PUBLIC_LOCK) as db:
            rows = list(await db.execute_fetchall(_WAITING + " WHERE user_id = ?", (user_id,)))
            if not rows:
                return None
            await db.execute("DELETE FROM public_queue WHERE user_id = ?", (user_id,))
        return Waiting(*rows[0])

    async def waiting(self) -> list[Waiting]:
        """Everyone in the queue, longest waiting first."""
        rows = await self._fetch(_WAITING + " ORDER BY joined_at, user_id")
        return [Waiting(*row) for row in rows]

    async def waiting_count(self) -> int:
        """How many wait in every queue together."""
        rows = await self._fetch("SELECT COUNT(*) FROM public_queue")
        return int(rows[0][0])

    async def queued(self, user_id: int) -> Waiting | None:
        rows = await self._fetch(_WAITING + " WHERE user_id = ?", (user_id,))
        return Waiting(*rows[0]) if rows else None

    async def waiting_for(self, game: str, preset: str, language: str) -> int:
        """How many wait in one queue."""
        rows = await self._fetch(
            "SELECT COUNT(*) FROM public_queue WHERE game = ? AND preset = ? AND language = ?",
            (game, preset, language),
        )
        return int(rows[0][0])

    async def take(self, db: Connection, user_ids: Sequence[int]) -> list[Waiting]:
        """Inside the caller's ``transaction(PUBLIC_LOCK)``: delete these players' rows and
        return those that were still there (another process may have seated the others)."""
        marks = ", ".join("?" * len(user_ids))
        rows = list(await db.execute_fetchall(
            _WAITING + f" WHERE user_id IN ({marks}) ORDER BY joined_at", list(user_ids)
        ))  # fmt: skip
        if rows:
            await db.execute(f"DELETE FROM public_queue WHERE user_id IN ({marks})", list(user_ids))
        return [Waiting(*row) for row in rows]

    # -- blocks ----------------------------------------------------------------------------

    async def block(self, user_id: int, blocked_id: int, at: float) -> bool:
        """``user_id`` blocks ``blocked_id``; False if he had blocked him already."""
        rows = await self._fetch(
            "INSERT INTO public_blocks (user_id, blocked_id, at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id, blocked_id) DO NOTHING RETURNING user_id",
            (user_id, blocked_id, at),
        )
        return bool(rows)

    async def unblock(self, user_id: int, blocked_id: int) -> bool:
        rows = await self._fetch(
            "DELETE FROM public_blocks WHERE user_id = ? AND blocked_id = ? RETURNING user_id",
            (user_id, blocked_id),
        )
        return bool(rows)

    async def blocks_among(self, user_ids: Iterable[int]) -> set[frozenset[int]]:
        """The pairs of these players of whom one blocked the other (either way)."""
        ids = sorted(set(user_ids))
        if len(ids) < 2:
            return set()
        marks = ", ".join("?" * len(ids))
        rows = await self._fetch(
            f"SELECT user_id, blocked_id FROM public_blocks WHERE user_id IN ({marks})"
            f" AND blocked_id IN ({marks})",
            [*ids, *ids],
        )
        return {frozenset((int(a), int(b))) for a, b in rows}

    # -- reports ---------------------------------------------------------------------------

    async def report(self, user_id: int, table_id: int, deal: int, reason: str, at: float) -> int:
        rows = await self._fetch(
            "INSERT INTO public_reports (user_id, table_id, deal, reason, at)"
            " VALUES (?, ?, ?, ?, ?) RETURNING id",
            (user_id, table_id, deal, reason, at),
        )
        return int(rows[0][0])

    async def reports(self, since: float = 0.0, limit: int = 100) -> list[Report]:
        """The reports since ``since``, newest first (for the operator)."""
        rows = await self._fetch(
            "SELECT id, user_id, table_id, deal, reason, at FROM public_reports WHERE at >= ?"
            " ORDER BY at DESC, id DESC LIMIT ?",
            (since, limit),
        )
        return [Report(*row) for row in rows]

    # -- rate limits -----------------------------------------------------------------------

    async def note_request(self, user_id: int, kind: str, at: float, *, window: float) -> int:
        """Note a queue join or table open; return how many of that kind the player made
        within the last ``window`` seconds, this one included (older rows are dropped)."""
        async with self._transaction() as db:
            await db.execute(
                "DELETE FROM public_requests WHERE user_id = ? AND kind = ? AND at < ?",
                (user_id, kind, at - window),
            )
            await db.execute(
                "INSERT INTO public_requests (user_id, kind, at) VALUES (?, ?, ?)",
                (user_id, kind, at),
            )
            rows = list(await db.execute_fetchall(
                "SELECT COUNT(*) FROM public_requests WHERE user_id = ? AND kind = ?",
                (user_id, kind),
            ))  # fmt: skip
        return int(rows[0][0])


async def public_rating_terms(
    db: Connection, table_id: int, guild_id: int, seats: list[Any], totals: Sequence[Fraction]
) -> tuple[int, list[Any], list[Fraction]]:
    """How a finished match is rated if its table was public: on the public board
    (``PUBLIC_BOARD``), each leaver's seat credited to him with a total below every other
    seat's (a last place). Other tables: as they are."""
    public = list(await db.execute_fetchall(
        "SELECT 1 FROM public_tables WHERE table_id = ?", (table_id,)
    ))  # fmt: skip
    if not public:
        return guild_id, seats, list(totals)
    leavers = {
        int(seat): int(user)
        for seat, user in await db.execute_fetchall(
            "SELECT seat, user_id FROM public_leavers WHERE table_id = ?", (table_id,)
        )
    }
    if not leavers or not totals:
        return PUBLIC_BOARD, seats, list(totals)
    floor = min(totals) - 1
    credited: list[Any] = []
    scored: list[Fraction] = []
    for (seat, user, ai), total in zip(seats, totals, strict=False):
        if seat in leavers:
            credited.append((seat, leavers[seat], None))
            scored.append(floor)
        else:
            credited.append((seat, user, ai))
            scored.append(total)
    return PUBLIC_BOARD, credited, scored

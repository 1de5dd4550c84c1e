"""Finished deals and matches, and what is read from them: boards, a player's stats and
history, deal records and replays."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from bot.storage import queries, replays
from bot.storage.backend import Connection
from bot.storage.repository import Repository
from bot.storage.rows import FinishedDeal, LeaderboardPage, MatchSummary, UserStats
from ramsch_core import score_json

logger = logging.getLogger(__name__)


class ResultRepository(Repository):
    """Results of finished deals and the boards, stats and history derived from them
    (``store.results``)."""

    async def store_results(
        self,
        table_id: int,
        deals: Sequence[FinishedDeal],
        *,
        totals: Sequence[Any],
        match_finished: bool,
    ) -> None:
        """Store finished deals (results, per-seat scores and tags, records) and the running
        totals; when the match is over, mark it and its table finished. One transaction. A
        deal stored already is left as it is (results follow from the log: another process,
        or an earlier try whose answer was lost, stored the same)."""
        if not deals:
            raise ValueError("store_results needs at least one finished deal")
        at = deals[-1].finished_at
        async with self._transaction() as db:
            rows = await db.execute_fetchall(
                "SELECT deal_number FROM deal_results WHERE table_id = ?", (table_id,)
            )
            stored = {row[0] for row in rows}
            for deal in deals:
                if deal.number not in stored:
                    await _insert_deal(db, table_id, deal)
            await db.execute(
                "UPDATE matches SET totals = ?, finished_at = ? WHERE table_id = ?",
                (json.dumps([score_json(t) for t in totals]),
                 at if match_finished else None, table_id),
            )  # fmt: skip
            if match_finished:
                await db.execute(
                    "UPDATE tables SET status = 'finished', updated_at = ? WHERE id = ?",
                    (at, table_id),
                )
        if match_finished:  # ratings (issue 13): right after; read time catches up on failure
            try:
                await self._store.ratings.rate_finished_matches()
            except Exception:
                logger.exception("Could not rate the match of table %s yet", table_id)

    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        variant: str | None = None,
        *,
        since: float = float("-inf"),
        offset: int = 0,
        limit: int = 10,
    ) -> LeaderboardPage:
        """One page of a guild's board for a game's variant (None: all its variants)."""
        async with self._reading() as db:
            return await queries.leaderboard(db, guild_id, game, variant, since, offset, limit)

    async def user_stats(
        self,
        guild_id: int,
        user_id: int,
        *,
        game: str | None = None,
        variant: str | None = None,
        since: float = float("-inf"),
    ) -> UserStats:
        """A player's record in one guild: of a game's variant, of all variants of a game
        (``variant`` None), or of every game (both None). A variant needs its game."""
        if game is None and variant is not None:
            raise ValueError(f"The variant {variant!r} needs its game")
        async with self._reading() as db:
            return await queries.user_stats(db, guild_id, user_id, game, variant, since)

    async def history(
        self, user_id: int, *, guild_id: int | None = None, offset: int = 0, limit: int = 10
    ) -> list[MatchSummary]:
        async with self._reading() as db:
            return await queries.history(db, user_id, guild_id, offset, limit)

    async def deal_record(
        self, table_id: int, deal_number: int, *, guild_id: int | None = None
    ) -> dict[str, Any] | None:
        """The game record of a finished deal (with its seed), as `python -m ramsch_core
        replay` reads it; None if that deal is not finished (or not of ``guild_id``)."""
        rows = await self._fetch(
            "SELECT r.record FROM deal_results r JOIN tables t ON t.id = r.table_id"
            " WHERE r.table_id = :table AND r.deal_number = :deal"
            " AND (CAST(:guild AS BIGINT) IS NULL OR t.guild_id = :guild)",
            {"table": table_id, "deal": deal_number, "guild": guild_id},
        )
        return json.loads(rows[0][0]) if rows else None

    async def replay_deal(
        self, table_id: int, deal_number: int | None, *, guild_id: int
    ) -> replays.StoredDeal | None:
        """A finished deal of a table of ``guild_id`` with its players' names (``deal_number``
        None: the last finished one); None if there is none."""
        async with self._reading() as db:
            return await replays.stored_deal(db, table_id, deal_number, guild_id)

    async def latest_replay_table(self, user_id: int, guild_id: int) -> int | None:
        """The user's table of ``guild_id`` with the most recently finished deal."""
        async with self._reading() as db:
            return await replays.latest_table(db, user_id, guild_id)


async def _insert_deal(db: Connection, table_id: int, deal: FinishedDeal) -> None:
    result = deal.result
    at = deal.finished_at
    await db.execute(
        "INSERT INTO deal_results (table_id, deal_number, dealer, seats, bock, result,"
        " table_scores, user_ids, record, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (table_id, deal.number, deal.dealer, json.dumps(deal.seats), int(deal.bock),
         json.dumps(result.to_json()), json.dumps([score_json(s) for s in deal.table_scores]),
         json.dumps(deal.user_ids), json.dumps(deal.record), at),
    )  # fmt: skip
    if result.tags and len(result.tags) != len(deal.seats):
        raise ValueError(
            f"Deal {deal.number} has {len(deal.seats)} seats but tags for {len(result.tags)}"
        )
    await db.executemany(
        "INSERT INTO deal_scores (table_id, deal_number, seat, user_id, score, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [(table_id, deal.number, table_seat, deal.user_ids[table_seat],
          float(deal.table_scores[table_seat]), at) for table_seat in deal.seats],
    )  # fmt: skip
    # Deal seat i is table seat deal.seats[i]: the tags are stored by table seat.
    await db.executemany(
        "INSERT INTO deal_tags (table_id, deal_number, seat, tag) VALUES (?, ?, ?, ?)",
        [(table_id, deal.number, deal.seats[deal_seat], tag)
         for deal_seat, tags in enumerate(result.tags) for tag in sorted(set(tags))],
    )  # fmt: skip

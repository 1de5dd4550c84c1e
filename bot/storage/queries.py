"""Leaderboards, player stats and history, all derived from the stored finished deals."""

from __future__ import annotations

import json

import aiosqlite

from bot.storage.rows import (
    LeaderboardPage,
    LeaderboardRow,
    MatchPlayer,
    MatchSummary,
    UserStats,
)

# A deal counts for the boards only if a human held the seat and the match had two humans.
_SCORES = "FROM deal_scores d JOIN matches s ON s.table_id = d.table_id"
_COUNTED = (
    "WHERE s.guild_id = :guild AND s.humans >= 2 AND d.user_id IS NOT NULL"
    " AND d.finished_at >= :since"
)
_GAME = "(:game IS NULL OR s.game = :game) AND (:variant IS NULL OR s.variant = :variant)"
"""One game's variant, all variants of a game (variant NULL), or every game (both NULL)."""


async def leaderboard(
    db: aiosqlite.Connection,
    guild_id: int,
    game: str,
    variant: str | None,
    since: float,
    offset: int,
    limit: int,
) -> LeaderboardPage:
    """One page of a guild's board for a game's variant (None: all its variants), best total
    first (ties share a rank)."""
    params = {"guild": guild_id, "game": game, "variant": variant, "since": since}
    rows = await db.execute_fetchall(
        "WITH board AS (SELECT d.user_id AS user_id, COUNT(DISTINCT d.table_id) AS sessions,"
        " COUNT(*) AS deals, SUM(d.score) AS total "
        f"{_SCORES} {_COUNTED} AND {_GAME} GROUP BY d.user_id)"
        " SELECT RANK() OVER (ORDER BY total DESC), user_id,"
        " (SELECT name FROM seats WHERE seats.user_id = board.user_id"
        "  ORDER BY table_id DESC LIMIT 1),"
        " sessions, deals, total FROM board"
        " ORDER BY total DESC, deals DESC, user_id LIMIT :limit OFFSET :offset",
        {**params, "limit": limit, "offset": offset},
    )
    count = await db.execute_fetchall(
        f"SELECT COUNT(DISTINCT d.user_id) {_SCORES} {_COUNTED} AND {_GAME}", params
    )
    return LeaderboardPage(
        rows=[
            LeaderboardRow(rank, user, name or str(user), sessions, deals, total, total / deals)
            for rank, user, name, sessions, deals, total in rows
        ],
        total_players=next(iter(count))[0],
        offset=offset,
        limit=limit,
    )


async def user_stats(
    db: aiosqlite.Connection,
    guild_id: int,
    user_id: int,
    game: str | None,
    variant: str | None,
    since: float,
) -> UserStats:
    """A player's matches, deals, total and average score, tag counts (losses, Jungfrau,
    Durchmarsch, ...) and best match in one guild: of one game's variant, all variants of a
    game (``variant`` None) or every game (both None)."""
    where = f"{_COUNTED} AND d.user_id = :user AND {_GAME}"
    params = {"guild": guild_id, "user": user_id, "game": game, "variant": variant,
              "since": since}  # fmt: skip
    rows = await db.execute_fetchall(
        f"SELECT COUNT(DISTINCT d.table_id), COUNT(*), COALESCE(SUM(d.score), 0) {_SCORES} {where}",
        params,
    )
    sessions, deals, total = next(iter(rows))
    tagged = await db.execute_fetchall(
        f"SELECT g.tag, COUNT(*) {_SCORES} JOIN deal_tags g ON g.table_id = d.table_id"
        f" AND g.deal_number = d.deal_number AND g.seat = d.seat {where}"
        " GROUP BY g.tag ORDER BY g.tag",
        params,
    )
    tags = {str(tag): int(count) for tag, count in tagged}
    best = list(
        await db.execute_fetchall(
            f"SELECT d.table_id, SUM(d.score) AS total {_SCORES} {where}"
            " GROUP BY d.table_id ORDER BY total DESC, d.table_id LIMIT 1",
            params,
        )
    )
    return UserStats(
        user_id=user_id,
        sessions=sessions,
        deals=deals,
        total=float(total),
        average=float(total) / deals if deals else 0.0,
        losses=tags.get("loser", 0),
        jungfrau=tags.get("jungfrau", 0),
        durchmarsch=tags.get("durchmarsch", 0),
        best_session=best[0][0] if best else None,
        best_session_total=float(best[0][1]) if best else None,
        tags=tags,
    )


async def history(
    db: aiosqlite.Connection, user_id: int, guild_id: int | None, offset: int, limit: int
) -> list[MatchSummary]:
    """A player's matches (started tables they sat at), the most recent first."""
    rows = await db.execute_fetchall(
        "SELECT s.table_id, s.guild_id, s.game, s.variant, t.status, s.started_at,"
        " s.finished_at, s.totals,"
        " (SELECT COUNT(*) FROM deal_results r WHERE r.table_id = s.table_id)"
        " FROM matches s JOIN tables t ON t.id = s.table_id"
        " WHERE EXISTS (SELECT 1 FROM seats WHERE seats.table_id = s.table_id"
        "  AND seats.user_id = :user)"
        " AND (:guild IS NULL OR s.guild_id = :guild)"
        " ORDER BY s.started_at DESC, s.table_id DESC LIMIT :limit OFFSET :offset",
        {"user": user_id, "guild": guild_id, "limit": limit, "offset": offset},
    )
    summaries = []
    for table_id, guild, game, variant, status, started, finished, totals, deals in rows:
        seats = list(
            await db.execute_fetchall(
                "SELECT seat, user_id, name FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            )
        )
        scores = json.loads(totals) or [0] * len(seats)
        players = [MatchPlayer(seat, user, name, float(scores[seat])) for seat, user, name in seats]
        summaries.append(
            MatchSummary(table_id, guild, game, variant, status, started, finished, deals, players)
        )
    return summaries

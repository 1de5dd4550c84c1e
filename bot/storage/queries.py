"""Leaderboards, player stats and history, all derived from the stored finished deals."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from bot import ratings
from bot.storage.backend import Connection
from bot.storage.holders import HELD_BY
from bot.storage.public import public_rating_terms
from bot.storage.rows import (
    LeaderboardPage,
    LeaderboardRow,
    MatchPlayer,
    MatchSummary,
    UserStats,
)

# A deal counts for the boards only if a human held the seat and another human played with
# him: a match begun by two humans, or the deals from a substitute's arrival on of one begun
# by one human and AIs (issue 31).
_SCORES = "FROM deal_scores d JOIN matches s ON s.table_id = d.table_id"
_COUNTED = (
    "WHERE s.guild_id = :guild AND d.user_id IS NOT NULL AND d.finished_at >= :since"
    " AND (s.humans >= 2 OR EXISTS (SELECT 1 FROM deal_scores o WHERE o.table_id = d.table_id"
    " AND o.deal_number = d.deal_number AND o.user_id IS NOT NULL AND o.user_id <> d.user_id))"
)
_GAME = (
    "(CAST(:game AS TEXT) IS NULL OR s.game = :game)"
    " AND (CAST(:variant AS TEXT) IS NULL OR s.variant = :variant)"
)
"""One game's variant, all variants of a game (variant NULL), or every game (both NULL)."""


async def leaderboard(
    db: Connection,
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
        " COALESCE((SELECT name FROM seats WHERE seats.user_id = board.user_id"
        "  ORDER BY table_id DESC LIMIT 1), (SELECT name FROM seat_holders h"
        "  WHERE h.user_id = board.user_id ORDER BY table_id DESC, from_deal DESC LIMIT 1)),"
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
    db: Connection,
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
    # Skat and Schafkopf tag the declarer's (and a partner's) deals 'won' or 'lost': count the
    # pairs, so that games won as declarer are not mixed with games won as partner.
    paired = await db.execute_fetchall(
        f"SELECT g.tag || '_' || o.tag, COUNT(*) {_SCORES} JOIN deal_tags g"
        " ON g.table_id = d.table_id AND g.deal_number = d.deal_number AND g.seat = d.seat"
        " JOIN deal_tags o ON o.table_id = d.table_id AND o.deal_number = d.deal_number"
        " AND o.seat = d.seat AND o.tag IN ('won', 'lost')"
        f" {where} AND g.tag IN ('declarer', 'partner') GROUP BY 1 ORDER BY 1",
        params,
    )
    tags.update({str(tag): int(count) for tag, count in paired})
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
    db: Connection, user_id: int, guild_id: int | None, offset: int, limit: int
) -> list[MatchSummary]:
    """A player's matches (started tables they sat at, in any of its deals: a seat he left to
    a substitute too), the most recent first. Each seat shows its last holder."""
    rows = await db.execute_fetchall(
        "SELECT s.table_id, s.guild_id, s.game, s.variant, t.status, s.started_at,"
        " s.finished_at, s.totals,"
        " (SELECT COUNT(*) FROM deal_results r WHERE r.table_id = s.table_id)"
        " FROM matches s JOIN tables t ON t.id = s.table_id"
        f" WHERE {HELD_BY.format(table='s.table_id')}"
        " AND (CAST(:guild AS BIGINT) IS NULL OR s.guild_id = :guild)"
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


# -- ratings (bot/ratings.py) ----------------------------------------------------------------

_UNRATED = (
    "SELECT s.table_id, s.guild_id, s.game, s.variant, s.totals, s.finished_at"
    " FROM matches s JOIN tables t ON t.id = s.table_id"
    " WHERE s.finished_at IS NOT NULL AND s.rated_at IS NULL AND t.status = 'finished'"
    " ORDER BY s.finished_at, s.table_id LIMIT 1"
)
"""The next finished match not yet rated, in the order the matches finished."""


async def rate_next_match(db: Connection, now: float) -> int | None:
    """Rate the earliest finished match not yet rated and mark it rated; return its table id
    (None: every finished match is rated). The caller holds a write transaction.

    A match that cannot be rated (no human seat, fewer than two seats, no finished deal, a
    player seated twice, totals that do not match the seats) is marked looked at and left."""
    found = list(await db.execute_fetchall(_UNRATED))
    if not found:
        return None
    table_id, guild_id, game, variant, totals_json, finished_at = found[0]
    seats = list(
        await db.execute_fetchall(
            "SELECT seat, user_id, ai FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        )
    )
    seats = await _credited_seats(db, table_id, seats)
    guild_id, seats, totals_json = await _public_terms(db, table_id, guild_id, seats, totals_json)
    deals = next(iter(await db.execute_fetchall(
        "SELECT COUNT(*) FROM deal_results WHERE table_id = ?", (table_id,)
    )))[0]  # fmt: skip
    rated = await _rate_match(db, guild_id, game, variant, seats, totals_json, deals, finished_at)
    if rated:
        await _write_changes(db, table_id, guild_id, game, variant, rated, deals, finished_at)
    await db.execute(
        "UPDATE matches SET rated_at = ?, rated = ? WHERE table_id = ?",
        (now, int(bool(rated)), table_id),
    )
    return int(table_id)


async def _public_terms(
    db: Connection, table_id: int, guild_id: int, seats: list[Any], totals_json: str
) -> tuple[int, list[Any], str]:
    """A public table's match is rated on the public board, each leaver last
    (``public.public_rating_terms``); other matches as they are."""
    try:
        totals = [Fraction(value) for value in json.loads(totals_json)]
    except (ValueError, TypeError):
        return guild_id, seats, totals_json
    board, seats, totals = await public_rating_terms(db, table_id, guild_id, seats, totals)
    return board, seats, json.dumps([str(total) for total in totals])


async def _credited_seats(db: Connection, table_id: int, seats: list[Any]) -> list[Any]:
    """(seat, user_id, ai) per seat as the match is rated: a seat a substitute took over
    (``seat_requests``) is credited to whoever played most of its deals (``ratings.credited``),
    an AI as the kind it had before it was taken. Other seats as they are."""
    taken = {
        seat: released
        for seat, released in await db.execute_fetchall(
            "SELECT seat, released_ai FROM seat_requests WHERE table_id = ? AND status = 'seated'"
            " ORDER BY number DESC",
            (table_id,),
        )
    }  # the first AI a seat had wins: the rows are read newest first
    if not taken:
        return seats
    holders: dict[int, list[int | None]] = {}
    for seat, user in await db.execute_fetchall(
        "SELECT seat, user_id FROM deal_scores WHERE table_id = ? ORDER BY deal_number",
        (table_id,),
    ):
        holders.setdefault(seat, []).append(user)
    rated = []
    for seat, user, ai in seats:
        if seat in taken and holders.get(seat):
            user = ratings.credited(holders[seat])
            ai = None if user is not None else ai or taken[seat] or "heuristic"
        rated.append((seat, user, ai))
    return rated


async def _rate_match(
    db: Connection,
    guild_id: int,
    game: str,
    variant: str,
    seats: list[Any],
    totals_json: str,
    deals: int,
    finished_at: float,
) -> list[tuple[int, ratings.RatedSeat, ratings.Skill, int]]:
    """(seat, before, after, rank) per seat; [] when the match is not to be rated."""
    try:
        totals = [Fraction(value) for value in json.loads(totals_json)]
    except (ValueError, TypeError):
        return []
    humans = [user for _, user, _ in seats if user is not None]
    if (
        deals < 1
        or len(seats) < 2
        or len(totals) != len(seats)
        or not humans
        or len(set(humans)) != len(humans)
    ):
        return []
    before = []
    for (_, user, ai), total in zip(seats, totals, strict=True):
        if user is None:
            skill = ratings.anchor(ai)
        else:
            rows = list(
                await db.execute_fetchall(
                    "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game = ?"
                    " AND variant = ? AND user_id = ?",
                    (guild_id, game, variant, user),
                )
            )
            skill = ratings.Skill(*rows[0]) if rows else ratings.NEWCOMER
        before.append(ratings.RatedSeat(user, None if user is not None else ai or "heuristic",
                                        total, skill))  # fmt: skip
    after = ratings.rate(before)
    order = ratings.ranks(totals)
    return [
        (seat, was, now, rank)
        for (seat, _, _), was, now, rank in zip(seats, before, after, order, strict=True)
    ]


async def _write_changes(
    db: Connection,
    table_id: int,
    guild_id: int,
    game: str,
    variant: str,
    rated: list[tuple[int, ratings.RatedSeat, ratings.Skill, int]],
    deals: int,
    finished_at: float,
) -> None:
    await db.executemany(
        "INSERT INTO rating_changes (table_id, seat, guild_id, game, variant, user_id, ai, rank,"
        " deals, mu_before, sigma_before, mu_after, sigma_after, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(table_id, seat, guild_id, game, variant, was.user_id, was.ai, rank, deals,
          was.skill.mu, was.skill.sigma, now.mu, now.sigma, finished_at)
         for seat, was, now, rank in rated],
    )  # fmt: skip
    await db.executemany(
        "INSERT INTO ratings (guild_id, game, variant, user_id, mu, sigma, matches, deals,"
        " updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)"
        " ON CONFLICT (guild_id, game, variant, user_id) DO UPDATE SET mu = excluded.mu,"
        " sigma = excluded.sigma, matches = ratings.matches + 1,"
        " deals = ratings.deals + excluded.deals,"
        " updated_at = excluded.updated_at",
        [(guild_id, game, variant, was.user_id, now.mu, now.sigma, deals, finished_at)
         for _, was, now, _ in rated if was.user_id is not None],
    )  # fmt: skip


_SHOWN = ratings.display_sql("mu", "sigma")


def _period_cte(since: float) -> str:
    """``board``: every player of a board (rated matches within the period), with his current
    rating and, for a period, his matches, deals and rating change within it."""
    if since == float("-inf"):
        return (
            f"board AS (SELECT user_id, {_SHOWN} AS rating, matches, deals, NULL AS change"
            " FROM ratings WHERE guild_id = :guild AND game = :game AND variant = :variant)"
        )
    before = ratings.display_sql("mu_before", "sigma_before")
    after = ratings.display_sql("mu_after", "sigma_after")
    return (
        "changes AS (SELECT user_id, deals,"
        f" {before} AS start, {after} AS finish,"
        " ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY finished_at, table_id) AS first,"
        " ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY finished_at DESC, table_id DESC)"
        " AS last FROM rating_changes WHERE guild_id = :guild AND game = :game"
        " AND variant = :variant AND user_id IS NOT NULL AND finished_at >= :since),"
        " played AS (SELECT user_id, COUNT(*) AS matches, SUM(deals) AS deals,"
        " MAX(CASE WHEN last = 1 THEN finish END) - MAX(CASE WHEN first = 1 THEN start END)"
        " AS change FROM changes GROUP BY user_id),"
        f" board AS (SELECT p.user_id, {ratings.display_sql('r.mu', 'r.sigma')} AS rating,"
        " p.matches, p.deals, p.change, r.deals AS total_deals FROM played p JOIN ratings r"
        " ON r.guild_id = :guild AND r.game = :game AND r.variant = :variant"
        " AND r.user_id = p.user_id)"
    )


async def rating_board(
    db: Connection,
    guild_id: int,
    game: str,
    variant: str,
    since: float,
    min_deals: int,
    offset: int,
    limit: int,
    viewer: int | None,
) -> ratings.RankedPage:
    """A page of a board's players by rating, best first (equal shown ratings share a place).

    All time: every rated player with at least ``min_deals`` deals. A period: the players of
    rated matches that finished within it, ranked by their (all-time) rating, each with his
    matches, deals and rating change within the period; the minimum counts all his deals."""
    params = {"guild": guild_id, "game": game, "variant": variant, "since": since,
              "min": min_deals, "limit": limit, "offset": offset, "viewer": viewer}  # fmt: skip
    cte = _period_cte(since)
    enough = "deals >= :min" if since == float("-inf") else "total_deals >= :min"
    rows = await db.execute_fetchall(
        f"WITH {cte} SELECT RANK() OVER (ORDER BY rating DESC), user_id, rating, matches,"
        f" deals, change FROM board WHERE {enough}"
        " ORDER BY rating DESC, deals DESC, user_id LIMIT :limit OFFSET :offset",
        params,
    )
    count = await db.execute_fetchall(
        f"WITH {cte} SELECT COALESCE(SUM(CASE WHEN {enough} THEN 1 ELSE 0 END), 0), COUNT(*)"
        " FROM board",
        params,
    )
    mine = list(
        await db.execute_fetchall(
            f"WITH {cte} SELECT CASE WHEN {enough} THEN 1 + (SELECT COUNT(*) FROM board b"
            f" WHERE b.rating > board.rating AND b.{enough}) END, user_id, rating, matches,"
            " deals, change FROM board WHERE user_id = :viewer",
            params,
        )
    )
    return ratings.RankedPage(
        rows=[_rated_row(*row) for row in rows],
        total_players=next(iter(count))[0],
        played=next(iter(count))[1],
        offset=offset,
        limit=limit,
        rank="rating",
        min_deals=min_deals,
        viewer=_rated_row(*mine[0]) if mine else None,
    )


def _rated_row(
    rank: int | None, user: int, rating: int, matches: int, deals: int, change: int | None
) -> ratings.RankedRow:
    return ratings.RankedRow(rank, user, rating, matches, deals, change=change)


def _average_row(
    rank: int | None, user: int, rating: int | None, matches: int, deals: int, average: float
) -> ratings.RankedRow:
    return ratings.RankedRow(rank, user, rating, matches, deals, average=average)


async def average_board(
    db: Connection,
    guild_id: int,
    game: str,
    variant: str,
    since: float,
    min_deals: int,
    offset: int,
    limit: int,
    viewer: int | None,
) -> ratings.RankedPage:
    """A page of a board's players by score per deal within the period, best first: deals
    of matches with at least two humans (as the stats), ``min_deals`` of them at least."""
    params = {"guild": guild_id, "game": game, "variant": variant, "since": since,
              "min": min_deals, "limit": limit, "offset": offset, "viewer": viewer}  # fmt: skip
    cte = (
        "board AS (SELECT d.user_id AS user_id, COUNT(DISTINCT d.table_id) AS matches,"
        " COUNT(*) AS deals, SUM(d.score) * 1.0 / COUNT(*) AS average,"
        f" (SELECT {_SHOWN} FROM ratings r WHERE r.guild_id = :guild AND r.game = :game"
        "  AND r.variant = :variant AND r.user_id = d.user_id) AS rating"
        f" {_SCORES} {_COUNTED} AND {_GAME} GROUP BY d.user_id)"
    )
    rows = await db.execute_fetchall(
        f"WITH {cte} SELECT RANK() OVER (ORDER BY average DESC), user_id, rating, matches,"
        " deals, average FROM board WHERE deals >= :min"
        " ORDER BY average DESC, deals DESC, user_id LIMIT :limit OFFSET :offset",
        params,
    )
    count = await db.execute_fetchall(
        f"WITH {cte} SELECT COALESCE(SUM(CASE WHEN deals >= :min THEN 1 ELSE 0 END), 0),"
        " COUNT(*) FROM board",
        params,
    )
    mine = list(
        await db.execute_fetchall(
            f"WITH {cte} SELECT CASE WHEN deals >= :min THEN 1 + (SELECT COUNT(*) FROM board b"
            " WHERE b.average > board.average AND b.deals >= :min) END, user_id, rating,"
            " matches, deals, average FROM board WHERE user_id = :viewer",
            params,
        )
    )
    return ratings.RankedPage(
        rows=[_average_row(*row) for row in rows],
        total_players=next(iter(count))[0],
        played=next(iter(count))[1],
        offset=offset,
        limit=limit,
        rank="average",
        min_deals=min_deals,
        viewer=_average_row(*mine[0]) if mine else None,
    )


async def user_ratings(
    db: Connection,
    guild_id: int,
    user_id: int,
    game: str | None,
    variant: str | None,
    since: float,
    history: int,
) -> list[ratings.BoardRating]:
    """A player's ratings in one guild (of one board, a game's boards, or every board), most
    played first, each with his place on the all-time board, his change within the period
    and his last ``history`` ratings."""
    rows = await db.execute_fetchall(
        f"SELECT r.game, r.variant, {ratings.display_sql('r.mu', 'r.sigma')}, r.matches,"
        " r.deals, CASE WHEN r.deals >= :min THEN 1 + (SELECT COUNT(*) FROM ratings o"
        " WHERE o.guild_id = r.guild_id AND o.game = r.game AND o.variant = r.variant"
        f" AND o.deals >= :min AND {ratings.display_sql('o.mu', 'o.sigma')}"
        f" > {ratings.display_sql('r.mu', 'r.sigma')}) END"
        " FROM ratings r WHERE r.guild_id = :guild AND r.user_id = :user"
        " AND (CAST(:game AS TEXT) IS NULL OR r.game = :game)"
        " AND (CAST(:variant AS TEXT) IS NULL OR r.variant = :variant)"
        " ORDER BY r.matches DESC, r.game, r.variant",
        {
            "guild": guild_id,
            "user": user_id,
            "game": game,
            "variant": variant,
            "min": ratings.MIN_DEALS,
        },
    )
    found = []
    after = ratings.display_sql("mu_after", "sigma_after")
    before = ratings.display_sql("mu_before", "sigma_before")
    for board_game, board_variant, rating, matches, deals, rank in rows:
        key = (guild_id, board_game, board_variant, user_id)
        recent = list(
            await db.execute_fetchall(
                f"SELECT finished_at, {after}, {before} FROM rating_changes"
                " WHERE guild_id = ? AND game = ? AND variant = ? AND user_id = ?"
                " ORDER BY finished_at DESC, table_id DESC LIMIT ?",
                (*key, history),
            )
        )
        recent.reverse()
        points = [(recent[0][0], recent[0][2])] if recent else []
        points += [(at, shown) for at, shown, _ in recent]
        change = None
        if since != float("-inf"):
            period = list(
                await db.execute_fetchall(
                    f"SELECT (SELECT {before} FROM rating_changes WHERE guild_id = ? AND game = ?"
                    " AND variant = ? AND user_id = ? AND finished_at >= ?"
                    " ORDER BY finished_at, table_id LIMIT 1)",
                    (*key, since),
                )
            )
            start = period[0][0] if period else None
            change = None if start is None else rating - start
        found.append(
            ratings.BoardRating(
                board_game, board_variant, rating, matches, deals, rank, change, points
            )
        )
    return found

"""Scores from finished deals: leaderboards, a player's record and history, deal records and
replays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.ratings import MAX_MIN_DEALS, MIN_DEALS, RANKS, BoardRating, Rank, RankedPage
from bot.storage import LeaderboardPage, MatchSummary, Period, Store, UserStats, period_start
from bot.storage.replays import StoredDeal
from bot.tables.errors import TableError

MAX_PAGE = 100


class Boards:
    """Reads what the store derived from finished deals; changes nothing."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        variant: str | None = None,
        *,
        period: Period = "all",
        offset: int = 0,
        limit: int = 10,
    ) -> LeaderboardPage:
        """A page of the guild's board for a game's variant (None: all its variants), best
        total score first. ``variant`` is ``RuleSet.variant_id``."""
        _check_page(offset, limit)
        since = self._since(period)
        return await self.store.results.leaderboard(
            guild_id, game, variant, since=since, offset=offset, limit=limit
        )

    async def rating_board(
        self,
        guild_id: int,
        game: str,
        variant: str,
        *,
        rank: Rank = "rating",
        period: Period = "all",
        min_deals: int = MIN_DEALS,
        offset: int = 0,
        limit: int = 10,
        viewer: int | None = None,
    ) -> RankedPage:
        """A page of a board ranked by rating (``rank="rating"``) or by score per deal
        (``"average"``), players with fewer than ``min_deals`` deals left out; with the
        viewer's own standing. For a period the rating board lists who played within it,
        with the change of his (all-time) rating."""
        _check_page(offset, limit)
        if rank not in RANKS:
            raise TableError("Rank by rating or by average, not {rank}", rank=repr(rank))
        if not 0 <= min_deals <= MAX_MIN_DEALS:
            raise TableError("The minimum of deals is 0 to {most}", most=MAX_MIN_DEALS)
        return await self.store.ratings.rating_board(
            guild_id, game, variant, rank=rank, since=self._since(period),
            min_deals=min_deals, offset=offset, limit=limit, viewer=viewer,
        )  # fmt: skip

    async def user_ratings(
        self,
        guild_id: int,
        user_id: int,
        *,
        game: str | None = None,
        variant: str | None = None,
        period: Period = "all",
    ) -> list[BoardRating]:
        """A player's ratings (of a board, a game's boards, or every board) with history."""
        if game is None and variant is not None:
            raise TableError("The variant '{variant}' needs its game", variant=variant)
        return await self.store.ratings.user_ratings(
            guild_id, user_id, game=game, variant=variant, since=self._since(period)
        )

    async def user_stats(
        self,
        guild_id: int,
        user_id: int,
        *,
        game: str | None = None,
        variant: str | None = None,
        period: Period = "all",
    ) -> UserStats:
        """A player's record: of a game's variant, of a game, or (both None) of every game."""
        if game is None and variant is not None:
            raise TableError("The variant '{variant}' needs its game", variant=variant)
        return await self.store.results.user_stats(
            guild_id, user_id, game=game, variant=variant, since=self._since(period)
        )

    async def history(
        self, user_id: int, *, guild_id: int | None = None, offset: int = 0, limit: int = 10
    ) -> list[MatchSummary]:
        """The user's sessions, the most recent first."""
        _check_page(offset, limit)
        return await self.store.results.history(
            user_id, guild_id=guild_id, offset=offset, limit=limit
        )

    async def deal_record(
        self, table_id: int, deal_number: int, *, guild_id: int | None = None
    ) -> dict[str, Any]:
        """A finished deal's game record (seed form), as `python -m ramsch_core replay` reads;
        with ``guild_id`` only of that guild's tables."""
        record = await self.store.results.deal_record(table_id, deal_number, guild_id=guild_id)
        if record is None:
            raise TableError(
                "Table #{table} has no finished deal {deal}", table=table_id, deal=deal_number + 1
            )
        return record

    async def replay_deal(
        self, table_id: int, deal_number: int | None, *, guild_id: int
    ) -> StoredDeal | None:
        """A finished deal of a table of ``guild_id`` with its players' names (``deal_number``
        None: the last finished one), for `/ramsch replay`; None if there is none."""
        return await self.store.results.replay_deal(table_id, deal_number, guild_id=guild_id)

    async def latest_replay_table(self, user_id: int, guild_id: int) -> int | None:
        """The user's table of ``guild_id`` with the most recently finished deal."""
        return await self.store.results.latest_replay_table(user_id, guild_id)

    def _since(self, period: Period) -> float:
        try:
            return period_start(period, self.clock())
        except ValueError:  # the only refusal of period_start
            raise TableError(
                "Unknown period {period}: choose all, month or week", period=repr(period)
            ) from None


def _check_page(offset: int, limit: int) -> None:
    if offset < 0 or not 1 <= limit <= MAX_PAGE:
        raise TableError("Pages start at offset 0 and hold 1 to {most} rows", most=MAX_PAGE)

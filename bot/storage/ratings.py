"""Ratings (bot/ratings.py): finished matches rated in order, the rating boards and a
player's ratings."""

from __future__ import annotations

import time

from bot.ratings import MIN_DEALS, BoardRating, Rank, RankedPage
from bot.storage import queries
from bot.storage.repository import RATING_LOCK, Repository


class RatingRepository(Repository):
    """Ratings of finished matches (``store.ratings``)."""

    async def rate_finished_matches(self) -> list[int]:
        """Rate every finished match not rated yet, in the order they finished, each in its
        own transaction together with its mark (a restart never rates a match twice); return
        their table ids. Called when a match finishes and before the boards are read, so
        matches finished before ratings existed are rated on first use."""
        rated: list[int] = []
        while True:
            async with self._transaction(RATING_LOCK) as db:
                table_id = await queries.rate_next_match(db, time.time())
            if table_id is None:
                return rated
            rated.append(table_id)

    async def rating_board(
        self,
        guild_id: int,
        game: str,
        variant: str,
        *,
        rank: Rank = "rating",
        since: float = float("-inf"),
        min_deals: int = MIN_DEALS,
        offset: int = 0,
        limit: int = 10,
        viewer: int | None = None,
    ) -> RankedPage:
        """A page of a board by rating or by score per deal (``rank``), with the viewer's
        own standing; pending matches are rated first."""
        await self.rate_finished_matches()
        board = queries.rating_board if rank == "rating" else queries.average_board
        async with self._reading() as db:
            return await board(db, guild_id, game, variant, since, min_deals, offset, limit, viewer)

    async def user_ratings(
        self,
        guild_id: int,
        user_id: int,
        *,
        game: str | None = None,
        variant: str | None = None,
        since: float = float("-inf"),
        history: int = 100,
    ) -> list[BoardRating]:
        """A player's ratings in a guild (one board, a game's boards, or all), with history."""
        await self.rate_finished_matches()
        async with self._reading() as db:
            return await queries.user_ratings(db, guild_id, user_id, game, variant, since, history)

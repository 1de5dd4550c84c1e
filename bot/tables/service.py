"""The TableService the adapter talks to: lobby, play, timers, recovery, settings, boards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from bot.storage import LeaderboardPage, Period, SessionSummary, UserStats, period_start
from bot.tables.errors import TableError
from bot.tables.lobby import LobbyService
from bot.tables.model import Table
from bot.tables.play import PlayService
from bot.tables.rebuild import rebuild_table
from bot.tables.settings import GuildSettings

MAX_PAGE = 100


class TableService(LobbyService, PlayService):
    """Creates tables, seats players and AIs, serialises every change of a table through its
    lock, logs each action before anyone sees its effect, and runs the timers."""

    async def recover(self) -> list[Table]:
        """At start-up: rebuild every lobby and unfinished table from the store's log.

        Deal results that were logged but not stored (a crash between the two commits) are
        stored now; a session whose last action was logged is finished now. A finished table
        is returned too (not kept: it takes no action) while the store says its messages may
        not show its end yet (a crash between its last action and its render), so that the
        adapter posts the last result and the standings."""
        recovered = []
        for stored in await self.store.load_open_tables():
            if stored.id in self._tables:
                continue
            table = rebuild_table(stored)
            table.turn_started_at = self.clock()  # downtime does not eat the turn
            self._tables[table.id] = table
            if table.match is not None:
                async with self._locked(table.id):
                    await self._record(table)
                    if table.match.finished:
                        table.status = "finished"
                        self._forget(table)
                        recovered.append(table)
                        continue
                    self._schedule_automatic(table)
            recovered.append(table)
        return recovered

    # -- guild settings ------------------------------------------------------------------------

    async def set_guild_settings(
        self, guild_id: int, settings: GuildSettings | Mapping[str, Any]
    ) -> GuildSettings:
        """Validate and store a guild's settings; tables opened from now on use them."""
        if not isinstance(settings, GuildSettings):
            try:
                settings = GuildSettings.model_validate(dict(settings))
            except ValidationError as error:
                item = error.errors()[0]
                where = ".".join(str(loc) for loc in item["loc"]) or "settings"
                raise TableError(f"Invalid setting '{where}': {item['msg']}") from None
        await self.store.save_guild_settings(
            guild_id, settings.model_dump(mode="json"), self.clock()
        )
        return settings

    # -- leaderboards, stats, history ------------------------------------------------------

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
        return await self.store.leaderboard(
            guild_id, game, variant, since=since, offset=offset, limit=limit
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
            raise TableError(f"The variant '{variant}' needs its game")
        return await self.store.user_stats(
            guild_id, user_id, game=game, variant=variant, since=self._since(period)
        )

    async def history(
        self, user_id: int, *, guild_id: int | None = None, offset: int = 0, limit: int = 10
    ) -> list[SessionSummary]:
        """The user's sessions, the most recent first."""
        _check_page(offset, limit)
        return await self.store.history(user_id, guild_id=guild_id, offset=offset, limit=limit)

    async def deal_record(
        self, table_id: int, deal_number: int, *, guild_id: int | None = None
    ) -> dict[str, Any]:
        """A finished deal's game record (seed form), as `python -m ramsch_core replay` reads;
        with ``guild_id`` only of that guild's tables."""
        record = await self.store.deal_record(table_id, deal_number, guild_id=guild_id)
        if record is None:
            raise TableError(f"Table #{table_id} has no finished deal {deal_number + 1}")
        return record

    def _since(self, period: Period) -> float:
        try:
            return period_start(period, self.clock())
        except ValueError as error:
            raise TableError(str(error)) from None


def _check_page(offset: int, limit: int) -> None:
    if offset < 0 or not 1 <= limit <= MAX_PAGE:
        raise TableError(f"Pages start at offset 0 and hold 1 to {MAX_PAGE} rows")

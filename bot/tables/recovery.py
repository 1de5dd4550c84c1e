"""Start-up: every lobby and unfinished table rebuilt from the store's action log."""

from __future__ import annotations

from collections.abc import Callable

from bot.storage import Store
from bot.tables.autoplay import AutoPlayer
from bot.tables.log import ActionLog
from bot.tables.model import Table
from bot.tables.rebuild import rebuild_table
from bot.tables.registry import TableRegistry


class Recovery:
    """Rebuilds tables after a restart, exactly as they were after their last logged action."""

    def __init__(
        self,
        store: Store,
        tables: TableRegistry,
        log: ActionLog,
        autoplay: AutoPlayer,
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.tables = tables
        self.log = log
        self.autoplay = autoplay
        self.clock = clock

    async def recover(self, guilds: Callable[[int], bool] | None = None) -> list[Table]:
        """Rebuild every lobby and unfinished table from the store's log (of the servers
        ``guilds`` accepts, if given: the shards this process owns).

        Deal results that were logged but not stored (a crash between the two commits) are
        stored now; a match whose last action was logged is finished now. A finished table
        is returned too (not kept: it takes no action) while the store says its messages may
        not show its end yet (a crash between its last action and its render), so that the
        adapter posts the last result and the standings."""
        recovered = []
        for stored in await self.store.load_open_tables(guilds):
            if stored.id in self.tables:
                continue
            table = rebuild_table(stored)
            table.turn_started_at = self.clock()  # downtime does not eat the turn
            self.tables.add(table)
            if table.match is not None:
                async with self.tables.locked(table.id):
                    await self.log.store_results(table)
                    if table.match.finished:
                        table.status = "finished"
                        self.tables.forget(table)
                        recovered.append(table)
                        continue
                    self.autoplay.schedule(table)
            recovered.append(table)
        return recovered

"""Start-up: every lobby and unfinished table rebuilt from the store's action log."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.storage import Store
from bot.tables.autoplay import AutoPlayer
from bot.tables.log import ActionLog
from bot.tables.model import Table
from bot.tables.rebuild import rebuild_table
from bot.tables.registry import TableRegistry

YIELD_EVERY = 25
"""Tables rebuilt between two turns of the event loop (about 10 ms of work): at the start,
discord.py connects to the gateway meanwhile (bot.client.HeldEvents). The tables are only
rebuilt then, from what was read, and not yet known to anyone: they join the registry (and
their AI is started) after every one is rebuilt, as before."""


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
        stored now; a match whose last action was logged is finished now; a substitute whose
        seat was due as the deal ended takes it now (``ActionLog.between_deals``). A finished table
        is returned too (not kept: it takes no action) while the store says its messages may
        not show its end yet (a crash between its last action and its render), so that the
        adapter posts the last result and the standings."""
        rebuilt = []
        for count, stored in enumerate(await self.store.tables.load_open_tables(guilds), 1):
            if stored.id not in self.tables:
                rebuilt.append(rebuild_table(stored))
            if count % YIELD_EVERY == 0:
                await asyncio.sleep(0)
        public = await self.store.public.public_among(table.id for table in rebuilt)
        recovered = []
        for table in rebuilt:
            table.public = table.id in public
            if table.id in self.tables:
                continue
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
                    if self.log.between_deals is not None and not table.match.deal.history:
                        # a substitute accepted before a crash at a deal's end sits down now
                        await self.log.between_deals(table)
                    self.autoplay.schedule(table)
            recovered.append(table)
        return recovered

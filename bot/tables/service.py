"""The TableService the adapter talks to: small services with one job each, sharing one store,
one clock and the tables in memory."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from functools import partial

from bot.i18n import N_
from bot.storage import Store
from bot.tables.autoplay import AutoPlayer
from bot.tables.boards import Boards
from bot.tables.errors import NotFound, NotSeated, TableError
from bot.tables.guilds import Guilds
from bot.tables.invites import Invites
from bot.tables.lobby import Lobbies
from bot.tables.log import ActionLog
from bot.tables.model import Table, Update
from bot.tables.play import PlayService
from bot.tables.players import PlayerFactory, core_player
from bot.tables.privacy import Privacy
from bot.tables.public import PublicPlay
from bot.tables.quick import QuickMatch
from bot.tables.recovery import Recovery
from bot.tables.registry import TableRegistry
from bot.tables.shown import ShownRecords
from bot.tables.substitutes import Substitutes
from bot.tables.thinking import Thinker
from bot.tables.threads import Threads
from bot.tables.timers import IDLE_TIMEOUT, LOBBY_TIMEOUT, Timers

LOBBY_CHANNEL_LOST = N_("Cancelled: its channel was deleted")
"""The note of a lobby cancelled because its channel (or thread) was deleted."""
TABLE_CHANNEL_LOST = N_("Closed: its channel was deleted; finished deals keep their results")
"""The note of a running table closed because its channel (or thread) was deleted."""


class TableService:
    """Creates tables, seats players and AIs, serialises every change of a table through its
    lock, logs each action before anyone sees its effect, and runs the timers.

    ``tables``: the tables in memory and the listeners; ``lobby``: open, join, AI seats, house
    rules, start, cancel; ``invites``: a private table's invitations; ``play``: a seat's
    actions; ``timers``: expiries and the turn timer; ``autoplay``: AI and away seats;
    ``recovery``: rebuilding at start-up; ``guilds``: server settings; ``boards``:
    leaderboards, stats, history and records; ``substitutes``: members asking for an AI or
    away seat, the host's answer, the seat changing hands between deals; ``public``: public
    tables, leaving them, blocks and reports; ``quick``: the quick-match queue."""

    def __init__(
        self,
        store: Store,
        *,
        seed_source: Callable[[], int] | None = None,
        ai_delay: float = 0.0,
        clock: Callable[[], float] = time.time,
        player_factory: PlayerFactory | None = None,
        ai_processes: int = 0,
        ai_budget: float | None = None,
        lobby_timeout: float = LOBBY_TIMEOUT,
        idle_timeout: float = IDLE_TIMEOUT,
    ) -> None:
        self.store = store
        self.clock = clock
        """Seconds since the epoch; may be replaced (tests): every part reads it through here."""
        clock = self._now
        self.tables = TableRegistry(clock)
        self.guilds = Guilds(store, clock)
        log = ActionLog(store, self.tables, clock)
        factory = player_factory or partial(core_player, budget=ai_budget)
        self.autoplay = AutoPlayer(self.tables, log, factory, ai_delay, Thinker(ai_processes))
        self.lobby = Lobbies(
            store,
            self.tables,
            self.guilds,
            log,
            clock,
            seed_source or (lambda: secrets.randbits(63)),
            factory,
        )
        self.invites = Invites(store, self.tables, clock)
        self.play = PlayService(store, self.tables, log, clock)
        self.timers = Timers(
            store, self.tables, self.lobby, self.autoplay, clock,
            lobby_timeout=lobby_timeout, idle_timeout=idle_timeout,
        )  # fmt: skip
        self.recovery = Recovery(store, self.tables, log, self.autoplay, clock)
        self.boards = Boards(store, clock)
        self.shown = ShownRecords(store)
        self.threads = Threads(store)
        self.privacy = Privacy(store)
        self.substitutes = Substitutes(store, self.tables, clock)
        log.between_deals = self.substitutes.at_deal_end
        self.public = PublicPlay(store, self.tables, self.guilds, self.lobby, clock)
        self.quick = QuickMatch(store, self.tables, self.public, clock)

    def _now(self) -> float:
        return self.clock()

    def check_click(self, table_id: int, *, guild_id: int | None, user_id: int) -> Table:
        """The table a click names, if the click may touch it: it comes from the table's own
        server, or (in a DM: a hand) from one of its players. A custom_id is only text: a
        forged one must not reach another server's table. NotFound, or a TableError saying
        why, otherwise; nothing changes."""
        table = self.tables.get(table_id)
        if guild_id is None:
            if table.seat_of(user_id) is None:
                raise NotSeated("You are not playing at this table")
        elif guild_id != table.guild_id:
            raise TableError("That table belongs to another server")
        return table

    async def close_lost_channel(self, table_id: int) -> Update | None:
        """The table's channel is gone (deleted): a lobby is cancelled, a running table closed
        (finished deals keep their results), its AI and timers stop. None if it was over."""
        try:
            async with self.tables.locked(table_id) as table:
                if table.status == "lobby":
                    return await self.lobby.end(table, "cancelled", None, LOBBY_CHANNEL_LOST)
                return await self.lobby.end(table, "closed", None, TABLE_CHANNEL_LOST)
        except NotFound:
            return None

    async def close(self) -> None:
        """Stop the AI tasks; the store stays open (its owner closes it)."""
        await self.autoplay.close()

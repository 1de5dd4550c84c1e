"""AI seats and away players: the AI moves for them, one move at a time, when they are to act."""

from __future__ import annotations

import asyncio
import logging

from bot.storage import ActionSource
from bot.tables.claims import play_forced
from bot.tables.errors import NotFound, TableError
from bot.tables.log import ActionLog, database_unavailable
from bot.tables.model import Table, Update
from bot.tables.players import TAKEOVER_KIND, Player, PlayerFactory, player_seed
from bot.tables.registry import TableRegistry
from bot.tables.thinking import Thinker
from ramsch_core import Action, RulesError, SeatView

logger = logging.getLogger(__name__)


SAFE_KINDS = ("pass", "pickup", "discard", "declare", "play")
"""The moves a fallback prefers, in order: never bid, take the skat, lay the first two away,
declare the first game offered, play the first card; never Kontra or Re."""


def fallback_action(view: SeatView) -> Action:
    """A legal move for an AI that has no rule for the step."""
    for kind in SAFE_KINDS:
        for action in view.legal:
            if action.kind == kind:
                return action
    return view.legal[0]


class AutoPlayer:
    """Plays AI seats and the seats of away players, ``delay`` seconds a move; also plays one
    turn for a player whose turn timer ran out (``play_for``)."""

    def __init__(
        self,
        tables: TableRegistry,
        log: ActionLog,
        factory: PlayerFactory,
        delay: float,
        thinker: Thinker | None = None,
    ) -> None:
        self.tables = tables
        self.log = log
        self.factory = factory
        self.delay = delay
        self.thinker = thinker or Thinker(0)
        """Where the AI thinks (a process pool for the hard AI, else a thread)."""
        self._players: dict[tuple[int, int, str], Player] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        tables.after_change.append(self.schedule)
        tables.on_forget.append(self._forget_players)

    def seat_to_play(self, table: Table) -> int | None:
        """The seat to act if the AI plays it: an AI seat or an away player."""
        seat = table.to_act
        if seat is None or table.held:
            return None
        holder = table.seats[seat]
        return seat if holder.ai is not None or holder.away else None

    def schedule(self, table: Table) -> None:
        """Start the table's AI task if an AI or away seat is to act and none is running."""
        if table.id not in self.tables or self.seat_to_play(table) is None:
            return
        task = self._tasks.get(table.id)
        if task is None or task.done():
            task = asyncio.create_task(self._run(table.id), name=f"ai-table-{table.id}")
            self._tasks[table.id] = task
            task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        for table_id, running in list(self._tasks.items()):
            if running is task:
                del self._tasks[table_id]

    async def _run(self, table_id: int) -> None:
        """Play AI and away seats one move at a time, ``delay`` apart, until a human is due."""
        while True:
            await asyncio.sleep(self.delay)
            read = -1
            try:
                async with self.tables.locked(table_id) as table:
                    await self.log.catch_up(table)  # a move whose commit was not confirmed
                    read = table.log_length
                    seat = self.seat_to_play(table) if table_id in self.tables else None
                    if seat is None:
                        return
                    source: ActionSource = "ai" if table.seats[seat].ai is not None else "away"
                    await self.tables.changed(await self.play_for(table, seat, source))
            except NotFound:
                return
            except TableError as error:
                moved = table_id in self.tables and self.tables.get(table_id).log_length != read
                if not moved:
                    logger.exception("The AI could not move at table %s", table_id)
                    return
                # The table moved on while the AI thought (its log had more than this process
                # knew): look again at who is to act.
                logger.info("The AI's move at table %s no longer fits: %s", table_id, error)
                continue
            except Exception as error:
                # The timers start the AI again, so a passing failure does not stall the table.
                if database_unavailable(error):  # its move was not logged: it moves again then
                    self.log.outage.failed(f"the AI at table {table_id}", error)
                else:
                    logger.exception("The AI could not move at table %s", table_id)
                return

    async def play_for(self, table: Table, seat: int, source: ActionSource) -> Update:
        """Let an AI choose for ``seat`` (AI seat, timer takeover or away player) and apply it
        (and a last trick it leaves, which plays itself). The caller holds the table's lock."""
        match = table.match
        assert match is not None
        deal_seat = match.deal_seat(seat)
        assert deal_seat is not None
        view = match.deal.view(deal_seat)
        kind = table.seats[seat].ai or TAKEOVER_KIND
        # The view is an immutable snapshot: a thinking AI need not hold up the event loop.
        key = (table.id, seat, kind)
        try:
            action, player = await self.thinker.choose(kind, self._player(table, seat, kind), view)
            if key in self._players:  # not forgotten while it thought
                self._players[key] = player
        except (ValueError, NotImplementedError, RulesError) as error:
            # An AI without a rule for this step (a game newer than the AI): a safe move keeps
            # the table going.
            action = fallback_action(view)
            logger.warning(
                "AI %r can't decide the %s step at table %s (%s): it plays %s",
                kind, view.phase, table.id, error, action,
            )  # fmt: skip
        try:
            match.check(action, seat)
        except RulesError as error:
            logger.error("AI %r chose %s at table %s: %s", kind, action, table.id, error)
            action = view.legal[0]
        update = await self.log.apply(table, seat, action, source, None)
        return await play_forced(self.log, table, update)

    def _player(self, table: Table, seat: int, kind: str) -> Player:
        key = (table.id, seat, kind)
        if key not in self._players:
            assert table.seed is not None
            self._players[key] = self.factory(kind, player_seed(table.seed, seat, kind))
        return self._players[key]

    def _forget_players(self, table_id: int) -> None:
        for key in [key for key in self._players if key[0] == table_id]:
            del self._players[key]

    async def wait_idle(self) -> None:
        """Wait until no AI is moving anywhere (tests; a clean shutdown)."""
        while pending := [task for task in self._tasks.values() if not task.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    async def close(self) -> None:
        """Stop the AI tasks and the processes they think in."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        await self.thinker.close()

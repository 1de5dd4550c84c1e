"""Play: a seat's action checked, logged and applied; a claim of the rest; an away player
coming back."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.storage import Store
from bot.tables.claims import play_claim, play_forced, prove_claim
from bot.tables.errors import NotSeated, NotYourTurn, StaleAction, WrongState
from bot.tables.log import ActionLog, database_unavailable, refuse
from bot.tables.model import Table, Update
from bot.tables.registry import TableRegistry
from ramsch_core import Action

if TYPE_CHECKING:
    from ramsch_core import SeatView

Toggle = Callable[["SeatView", tuple[str, ...] | None], tuple[str, ...]]
"""What a mark does to a seat's marks, None if it marked nothing since the last action (the
game's renderer knows; see ``PlayService.mark``)."""

logger = logging.getLogger(__name__)


class PlayService:
    """Actions of seated players, and players taking their seat back from the AI."""

    def __init__(
        self, store: Store, tables: TableRegistry, log: ActionLog, clock: Callable[[], float]
    ) -> None:
        self.store = store
        self.tables = tables
        self.log = log
        self.clock = clock

    async def act(
        self, table_id: int, user_id: int, action: Action, *, deal_number: int | None = None
    ) -> Update:
        """The user's seat takes ``action``. Checked first: a refused action changes nothing.
        ``deal_number`` comes from the button; another deal's button is refused as stale.
        A table behind its log is read up first, so the check sees every logged action."""
        async with self.tables.locked(table_id) as table:
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not playing at this table")
            await self._read_up(table)
            refuse(table, seat, action, deal_number)
            if table.seats[seat].away:  # a click is as good as /ramsch back
                await self.store.tables.set_away(table.id, seat, False)
                table.seats[seat].away = False
            update = await self.log.apply(
                table, seat, action, "human", user_id,
                check=lambda: refuse(table, seat, action, deal_number),
            )  # fmt: skip
            return await self.tables.changed(await play_forced(self.log, table, update))

    async def claim(self, table_id: int, user_id: int, *, deal_number: int) -> Update:
        """The user's seat claims every trick left for its side (``claims.prove_claim``): if the
        core proves it, the rest is played at once; if not, IllegalAction says why and nothing
        changes. ``deal_number`` comes from the button, as for ``act``."""
        async with self.tables.locked(table_id) as table:
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not playing at this table")
            await self._read_up(table)
            await prove_claim(table, seat, deal_number)
            if table.seats[seat].away:  # a click is as good as /ramsch back
                await self.store.tables.set_away(table.id, seat, False)
                table.seats[seat].away = False
            update = await play_claim(self.log, table, seat, user_id)
            return await self.tables.changed(update)

    async def _read_up(self, table: Table) -> None:
        """Read an out-of-step table up to its log (``ActionLog.catch_up``) before a check.
        If the database can't be read now, the check sees the table as it is (a refusal is
        still a refusal); ``ActionLog.apply`` reads again before anything is logged."""
        try:
            await self.log.catch_up(table)
        except Exception as error:
            if not database_unavailable(error):
                raise

    async def mark(self, table_id: int, user_id: int, deal_number: int, toggle: Toggle) -> Update:
        """The user marks something on their hand before acting (``toggle`` turns their marks
        into the new ones, or raises a TableError). Only their turn's hand shows it."""
        async with self.tables.locked(table_id) as table:
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not playing at this table")
            await self._read_up(table)
            match = table.match
            if table.status == "finished":
                raise WrongState("The session is over")
            if table.status != "playing" or match is None:
                raise WrongState("The game has not started yet")
            if deal_number != match.number:
                raise StaleAction("That button is from an earlier deal")
            deal_seat = match.deal_seat(seat)
            if deal_seat is None or match.to_act != seat:
                raise NotYourTurn("It's not your turn: there is nothing to choose now")
            marks = toggle(match.deal.view(deal_seat), table.marked(seat))
            table.marks[seat] = (table.log_length, marks)
            return await self.tables.changed(Update(table, "marked", actor=user_id, seat=seat))

    async def back(self, table_id: int, user_id: int) -> Update:
        """An away player takes their seat back from the AI."""
        async with self.tables.locked(table_id) as table:
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not playing at this table")
            if not table.seats[seat].away:
                raise WrongState("You are not marked away")
            await self.store.tables.set_away(table.id, seat, False)
            table.seats[seat].away = False
            table.strikes[seat] = 0
            if table.to_act == seat:
                table.turn_started_at = self.clock()
                table.reminded = False
            return await self.tables.changed(Update(table, "back", actor=user_id, seat=seat))

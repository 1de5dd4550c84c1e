"""Play: a seat's action checked, logged and applied; the turn timer; coming back from away."""

from __future__ import annotations

import logging

from bot.tables.base import ServiceBase
from bot.tables.errors import (
    IllegalAction,
    NotFound,
    NotSeated,
    NotYourTurn,
    StaleAction,
    WrongState,
)
from bot.tables.model import Table, Update
from ramsch_core import Action, PickedUp, Play, RulesError

logger = logging.getLogger(__name__)

AWAY_AFTER = 2
"""Turn timer expiries in a row after which a seat is marked away."""


def refuse(table: Table, seat: int, action: Action, deal_number: int | None) -> None:
    """Raise the TableError for an action ``seat`` may not take now; return if it may."""
    match = table.match
    if table.status != "playing" or match is None:
        raise WrongState("The game has not started yet")
    if deal_number is not None and deal_number != match.number:
        raise StaleAction("That button is from an earlier deal")
    to_act = match.to_act
    if to_act is None:
        raise WrongState("The session is over")
    deal_seat = match.deal_seat(seat)
    if deal_seat is None:
        raise NotYourTurn("You sit this deal out as the dealer")
    if isinstance(action, Play) and (deal_seat, action) in match.deal.history:
        raise StaleAction(f"You already played {action.card.pretty}")
    if to_act != seat:
        raise NotYourTurn(f"It's not your turn: waiting for {table.seats[to_act].name}")
    try:
        match.check(action, seat)
    except RulesError as error:
        raise IllegalAction(str(error)) from None


class PlayService(ServiceBase):
    """Actions of seated players, the turn timer, and seats the AI keeps for away players."""

    async def act(
        self, table_id: int, user_id: int, action: Action, *, deal_number: int | None = None
    ) -> Update:
        """The user's seat takes ``action``. Checked first: a refused action changes nothing.
        ``deal_number`` comes from the button; another deal's button is refused as stale."""
        async with self._locked(table_id) as table:
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not playing at this table")
            refuse(table, seat, action, deal_number)
            if table.seats[seat].away:  # a click is as good as /ramsch back
                await self.store.set_away(table.id, seat, False)
                table.seats[seat].away = False
            return await self._changed(await self._apply(table, seat, action, "human", user_id))

    async def back(self, table_id: int, user_id: int) -> Update:
        """An away player takes their seat back from the AI."""
        async with self._locked(table_id) as table:
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not playing at this table")
            if not table.seats[seat].away:
                raise WrongState("You are not marked away")
            await self.store.set_away(table.id, seat, False)
            table.seats[seat].away = False
            table.strikes[seat] = 0
            if table.to_act == seat:
                table.turn_started_at = self.clock()
                table.reminded = False
            return await self._changed(Update(table, "back", actor=user_id, seat=seat))

    async def tick(self, now: float | None = None) -> list[Update]:
        """Run every timer that is due: call it periodically (every few seconds).

        Lobbies expire after ``lobby_timeout``; a table without a human action for
        ``idle_timeout`` closes (finished deals keep their results); at half a turn the player
        is reminded; when the turn runs out the AI plays for them, and after two expiries in
        a row their seat is marked away."""
        now = self.clock() if now is None else now
        updates: list[Update] = []
        for table_id in list(self._tables):
            table = self._tables.get(table_id)  # earlier timers may have closed it
            if table is None:
                continue
            self._schedule_automatic(table)  # an AI move that failed is tried again
            if not self._due(table, now):
                continue
            try:
                async with self._locked(table_id) as locked:
                    updates += await self._run_timers(locked, now)
            except NotFound:
                continue
            except Exception:
                # One table's failure (say, a full disk) must not stop the others' timers.
                logger.exception("Timers of table %s failed", table_id)
        return updates

    def _due(self, table: Table, now: float) -> bool:
        if table.status == "lobby":
            return now - table.created_at >= self.lobby_timeout
        if now - table.last_human_at >= self.idle_timeout:
            return True
        seat = table.to_act
        if seat is None or table.turn_timeout is None or self._automatic_seat(table) is not None:
            return False
        elapsed = now - table.turn_started_at
        return elapsed >= table.turn_timeout or (
            elapsed >= table.turn_timeout / 2 and not table.reminded
        )

    async def _run_timers(self, table: Table, now: float) -> list[Update]:
        if not self._due(table, now):
            return []
        if table.status == "lobby":
            minutes = round(self.lobby_timeout / 60)
            note = f"The lobby expired: nobody started it within {minutes} minutes"
            return [await self._end(table, "cancelled", None, note)]
        if now - table.last_human_at >= self.idle_timeout:
            hours = round(self.idle_timeout / 3600)
            note = f"Closed after {hours} hours without a move; finished deals keep their results"
            return [await self._end(table, "closed", None, note)]
        seat = table.to_act
        assert seat is not None and table.turn_timeout is not None
        holder = table.seats[seat]
        if now - table.turn_started_at < table.turn_timeout:
            table.reminded = True
            left = round(table.turn_timeout - (now - table.turn_started_at))
            note = f"{holder.name}, it's your turn: {left} seconds left"
            return [await self._changed(Update(table, "reminder", seat=seat, note=note))]
        updates: list[Update] = []
        while True:  # a Schieberamsch pick-up and its push are one turn
            update = await self._play_for(table, seat, "timeout")
            if not updates:
                update.note = f"{holder.name} ran out of time: the AI played for them"
            updates.append(await self._changed(update))
            if not any(isinstance(event, PickedUp) for event in update.events):
                break
        strikes = table.strikes[seat] = table.strikes.get(seat, 0) + 1
        if strikes >= AWAY_AFTER and table.status == "playing":
            await self.store.set_away(table.id, seat, True)
            holder.away = True
            note = f"{holder.name} is away: the AI keeps their seat until they are back"
            updates.append(await self._changed(Update(table, "away", seat=seat, note=note)))
        return updates

"""Timers: lobby expiry, idle tables, the turn timer's reminder and takeover, away seats."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.i18n import N_
from bot.storage import Store
from bot.tables.autoplay import AutoPlayer
from bot.tables.errors import NotFound, TableError
from bot.tables.lobby import Lobbies
from bot.tables.log import database_unavailable
from bot.tables.model import Table, Update
from bot.tables.registry import TableRegistry
from bot.tables.turns import turn_goes_on

logger = logging.getLogger(__name__)

AWAY_AFTER = 2
"""Turn timer expiries in a row after which a seat is marked away."""
LOBBY_TIMEOUT = 15 * 60.0
IDLE_TIMEOUT = 24 * 3600.0


def reminder_at(table: Table) -> float | None:
    """Seconds into a turn when its player is pinged: the server's choice (0: at once), else
    half the turn timer; None: never (no timer and no choice)."""
    if table.reminder is not None:
        if table.turn_timeout is not None and table.reminder >= table.turn_timeout:
            return None  # the turn runs out first
        return table.reminder
    return table.turn_timeout / 2 if table.turn_timeout is not None else None


class Timers:
    """Everything that happens because time passed; ``tick`` runs what is due."""

    def __init__(
        self,
        store: Store,
        tables: TableRegistry,
        lobbies: Lobbies,
        autoplay: AutoPlayer,
        clock: Callable[[], float],
        *,
        lobby_timeout: float = LOBBY_TIMEOUT,
        idle_timeout: float = IDLE_TIMEOUT,
    ) -> None:
        self.store = store
        self.tables = tables
        self.lobbies = lobbies
        self.autoplay = autoplay
        self.clock = clock
        self.lobby_timeout = lobby_timeout
        self.idle_timeout = idle_timeout

    async def tick(self, now: float | None = None) -> list[Update]:
        """Run every timer that is due: call it periodically (every few seconds).

        Lobbies expire after ``lobby_timeout``; a table without a human action for
        ``idle_timeout`` closes (finished deals keep their results); at half a turn the player
        is reminded; when the turn runs out the AI plays for them, and after two expiries in
        a row their seat is marked away."""
        now = self.clock() if now is None else now
        updates: list[Update] = []
        for table_id in self.tables.ids():
            if table_id not in self.tables:  # earlier timers may have closed it
                continue
            table = self.tables.get(table_id)
            self.autoplay.schedule(table)  # an AI move that failed is tried again
            if not self._due(table, now):
                continue
            try:
                async with self.tables.locked(table_id) as locked:
                    updates += await self.autoplay.log.catch_up(locked)
                    if table_id in self.tables:
                        updates += await self._run_timers(locked, now)
            except NotFound:
                continue
            except TableError as error:
                # The table moved on (its log had more than this process knew): next tick.
                logger.info("Timers of table %s: %s", table_id, error)
            except Exception as error:
                # One table's failure (say, a full disk) must not stop the others' timers.
                if database_unavailable(error):
                    # Nothing was logged: the next tick runs the timer again.
                    self.autoplay.log.outage.failed(f"the timers of table {table_id}", error)
                else:
                    logger.exception("Timers of table %s failed", table_id)
        return updates

    def _due(self, table: Table, now: float) -> bool:
        if table.held:
            return False
        if table.status == "lobby":
            return now - table.created_at >= self.lobby_timeout
        if now - table.last_human_at >= self.idle_timeout:
            return True
        seat = table.to_act
        if seat is None or self.autoplay.seat_to_play(table) is not None:
            return False
        elapsed = now - table.turn_started_at
        if table.turn_timeout is not None and elapsed >= table.turn_timeout:
            return True
        remind = reminder_at(table)
        return remind is not None and elapsed >= remind and not table.reminded

    async def _run_timers(self, table: Table, now: float) -> list[Update]:
        if not self._due(table, now):
            return []
        if table.status == "lobby":
            minutes = round(self.lobby_timeout / 60)
            note = N_("The lobby expired: nobody started it within {minutes} minutes")
            return [await self.lobbies.end(table, "cancelled", None, note, minutes=minutes)]
        if now - table.last_human_at >= self.idle_timeout:
            hours = round(self.idle_timeout / 3600)
            note = N_(
                "Closed after {hours} hours without a move; finished deals keep their results"
            )
            return [await self.lobbies.end(table, "closed", None, note, hours=hours)]
        seat = table.to_act
        assert seat is not None
        holder = table.seats[seat]
        if table.turn_timeout is None or now - table.turn_started_at < table.turn_timeout:
            table.reminded = True  # the channel note is written from the update (a ping)
            return [await self.tables.changed(Update(table, "reminder", seat=seat))]
        updates: list[Update] = []
        match = table.match
        assert match is not None
        while True:  # the whole turn: e.g. a Schieberamsch pick-up and its push
            number, phase = match.number, match.deal.phase
            update = await self.autoplay.play_for(table, seat, "timeout")
            if not updates:
                update.note = N_("{name} ran out of time: the AI played for them")
                update.note_params = {"name": holder.name}
            updates.append(await self.tables.changed(update))
            action = match.deal.history[-1][1] if match.number == number else None
            if action is None or not turn_goes_on(match, seat, number, phase, action):
                break
        strikes = table.strikes[seat] = table.strikes.get(seat, 0) + 1
        if strikes >= AWAY_AFTER and table.status == "playing":
            await self.store.tables.set_away(table.id, seat, True)
            holder.away = True
            note = N_("{name} is away: the AI keeps their seat until they are back")
            away = Update(table, "away", seat=seat, note=note, note_params={"name": holder.name})
            updates.append(await self.tables.changed(away))
        return updates

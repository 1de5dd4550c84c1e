"""Substitutes: a member who is not seated asks for an AI seat or an away player's seat of a
running table, the host says yes or no, and on yes he holds the seat from the next deal.

A request made while a deal is on waits for that deal's end (it is not refused): the host may
answer at once, and the seat changes hands when the deal is over, as the next deal is dealt,
or at once if the current deal has not seen an action yet. The newcomer never sees a hand of
a deal he did not start. Requests are stored (``store.seat_requests``) before anyone is told,
so a restart between the request, the host's answer and the deal's end loses none of them."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.i18n import N_, _
from bot.storage import Store
from bot.storage.seat_requests import RequestStatus, SeatRequest
from bot.tables.errors import NotHost, StaleAction, UserText, WrongState
from bot.tables.model import Seat, Table, Update
from bot.tables.registry import TableRegistry
from ramsch_core.errors import Message

TAKEN_OVER = N_("{name} takes over the seat of {former}")
"""The channel's note when a substitute sits down at the start of a deal."""
TAKEN_OVER_SEVERAL = N_("{name} take over their seats")
"""The note when several substitutes sit down at once."""

logger = logging.getLogger(__name__)


class Said:
    """A seat's name as the bot gave it (``AI 1``), said in the language the note is written
    in (``KI 1``)."""

    def __init__(self, name: Message) -> None:
        self.name = name

    def __format__(self, spec: str) -> str:
        return _(self.name.template, **self.name.params)


def shown(seat: Seat) -> UserText | Said:
    """A seat's name for a note: a player's as he chose it (escaped where it is shown), an
    AI's translated."""
    name = seat.shown_name
    return UserText(name) if isinstance(name, str) else Said(name)


def free_for_substitute(seat: Seat) -> bool:
    """Whether a substitute may ask for the seat: an AI seat, or a player's who is away."""
    return seat.ai is not None or seat.away


def between_deals(table: Table) -> bool:
    """Whether the current deal has not seen an action yet (a seat may change hands now)."""
    return table.match is not None and not table.match.deal.history


class Substitutes:
    """Requests for a seat, the host's answers, and the seats changing hands between deals.
    Every change happens under the table's lock."""

    def __init__(self, store: Store, tables: TableRegistry, clock: Callable[[], float]) -> None:
        self.store = store
        self.tables = tables
        self.clock = clock
        self._requests: dict[int, list[SeatRequest]] = {}
        """Each table's requests as stored, read on first use (a restart reads them again).
        A table that is over is forgotten here; its requests' buttons find no table then."""
        tables.on_forget.append(self.forget)

    def forget(self, table_id: int) -> None:
        self._requests.pop(table_id, None)

    async def requests(self, table_id: int) -> list[SeatRequest]:
        """Every request of the table, oldest first."""
        if table_id not in self._requests:
            self._requests[table_id] = await self.store.seat_requests.requests(table_id)
        return self._requests[table_id]

    async def open_requests(self, table_id: int) -> list[SeatRequest]:
        return [request for request in await self.requests(table_id) if request.open]

    async def ask(self, table_id: int, user_id: int, name: str, seat: int) -> SeatRequest:
        """``user_id`` asks to take over ``seat``. Refused with one sentence (nothing changes)
        if he is seated, the seat is a present player's or asked for already, or the table is
        not playing."""
        async with self.tables.locked(table_id) as table:
            if table.status != "playing" or table.match is None:
                raise WrongState("A seat can be taken over only while the table is playing")
            if table.public:  # its seats are matched across servers, blocks checked
                raise WrongState("A public table takes no substitutes")
            if table.seat_of(user_id) is not None:
                raise WrongState("You already have a seat at this table")
            if not 0 <= seat < len(table.seats):
                raise WrongState("This table has no seat {number}", number=seat + 1)
            holder = table.seats[seat]
            if not free_for_substitute(holder):
                raise WrongState(
                    "{name} is playing that seat: only an AI seat or an away player's can be"
                    " taken over",
                    name=UserText(holder.name),
                )
            for request in await self.open_requests(table_id):
                if request.user_id == user_id:
                    raise WrongState("You have asked for a seat already: the host has to answer")
                if request.seat == seat:
                    raise WrongState("Someone else has asked for that seat already")
            number = await self.store.seat_requests.ask(table_id, seat, user_id, name, self.clock())
            request = SeatRequest(table_id, number, seat, user_id, name, "asked", self.clock())
            (await self.requests(table_id)).append(request)
            return request

    async def answer(self, table_id: int, number: int, user_id: int, ok: bool) -> Update | None:
        """The host says yes (``ok``) or no to request ``number``. Yes: the member holds the
        seat from the next deal (at once if the current deal has not begun; the update that
        tells of it, else None). Refused (nothing changes): a click of anyone but the host, an
        answered request (a stale button)."""
        async with self.tables.locked(table_id) as table:
            if user_id != table.host_id:
                raise NotHost("Only the host can say who takes over a seat")
            found = [r for r in await self.requests(table_id) if r.number == number]
            if not found or found[0].status != "asked":
                raise StaleAction("That request was answered already")
            request = found[0]
            status: RequestStatus = "accepted" if ok else "refused"
            await self.store.seat_requests.set_status(table_id, number, status)
            request.status = status
            if not ok or not between_deals(table):
                return None
            note = await self.seat_due(table)
            if note is None:
                return None
            update = Update(table, "joined", actor=user_id, seat=request.seat)
            update.note, update.note_params = note
            return await self.tables.changed(update)

    async def seat_due(self, table: Table) -> tuple[str, dict[str, object]] | None:
        """Between deals (the caller holds the lock): every accepted request whose seat is
        still free takes it; one whose seat is not (its away player came back, or it is
        asked by a member seated meanwhile) is dropped. The channel's note, or None."""
        if table.status != "playing" or not between_deals(table):
            return None
        accepted = [r for r in await self.requests(table.id) if r.status == "accepted"]
        if not accepted:
            return None
        assert table.match is not None
        taken: list[tuple[str, UserText | Said]] = []
        for request in accepted:
            holder = table.seats[request.seat]
            if not free_for_substitute(holder) or table.seat_of(request.user_id) is not None:
                await self.store.seat_requests.set_status(table.id, request.number, "dropped")
                request.status = "dropped"
                continue
            await self.store.seat_requests.seat(request, table.match.number, holder.ai)
            request.status, request.from_deal = "seated", table.match.number
            request.released_ai = holder.ai
            taken.append((request.name, shown(holder)))
            table.seats[request.seat] = Seat(request.user_id, request.name)
            table.strikes[request.seat] = 0
        if not taken:
            return None
        if len(taken) == 1:
            (name, former), *_rest = taken
            return TAKEN_OVER, {"name": name, "former": former}
        return TAKEN_OVER_SEVERAL, {"name": ", ".join(name for name, _former in taken)}

    async def at_deal_end(self, table: Table) -> tuple[str, dict[str, object]] | None:
        """``seat_due`` after a deal ended; a failure is logged, the requests stay accepted
        and take their seats at the next deal's end."""
        try:
            return await self.seat_due(table)
        except Exception:
            logger.exception("Table %s: a substitute could not take his seat", table.id)
            return None

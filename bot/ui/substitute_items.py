"""Take a seat: the button on a running table's message, the choice of a free seat, and the
host's OK or No under a member's request (all survive a restart: the ids carry what they
need)."""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord

from bot import i18n
from bot.i18n import _
from bot.storage.seat_requests import SeatRequest
from bot.tables.model import Table
from bot.tables.substitutes import free_for_substitute
from bot.ui import ids
from bot.ui.text import name_text, seat_name

MAX_SEAT_BUTTONS = 5
"""A table has five seats at most: the seat choice fits one row."""


class SeatHandler(Protocol):
    """What the table cog offers these buttons (``RamschBot.clicks``)."""

    async def on_sit(
        self, interaction: discord.Interaction, table_id: int, seat: int | None
    ) -> None: ...

    async def on_seat_answer(
        self, interaction: discord.Interaction, table_id: int, number: int, ok: bool
    ) -> None: ...


def seat_handler(interaction: discord.Interaction) -> SeatHandler:
    i18n.speak_to(interaction)
    return cast(SeatHandler, interaction.client.clicks)  # type: ignore[attr-defined]


class SitButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.SIT_TEMPLATE):
    """ "Take a seat" on the table message (no seat: the clicker chooses one), or one free
    seat of that choice."""

    def __init__(self, table_id: int, seat: int | None = None, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=label or _("Take a seat"),
                custom_id=ids.sit_id(table_id, seat),
            )
        )
        self.table_id = table_id
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SitButton:
        seat = match["seat"]
        return cls(int(match["table"]), None if seat is None else int(seat))

    async def callback(self, interaction: discord.Interaction) -> None:
        await seat_handler(interaction).on_sit(interaction, self.table_id, self.seat)


class SeatAnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.SEAT_ANSWER_TEMPLATE
):
    """The host's OK or No under a member's request for a seat."""

    def __init__(self, table_id: int, number: int, ok: bool) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.success if ok else discord.ButtonStyle.danger,
                label=_("OK") if ok else _("No"),
                custom_id=ids.seat_answer_id(table_id, number, ok),
            )
        )
        self.table_id = table_id
        self.number = number
        self.ok = ok

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SeatAnswerButton:
        return cls(int(match["table"]), int(match["number"]), match["answer"] == "ok")

    async def callback(self, interaction: discord.Interaction) -> None:
        await seat_handler(interaction).on_seat_answer(
            interaction, self.table_id, self.number, self.ok
        )


SUBSTITUTE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (SitButton, SeatAnswerButton)


def free_seats(table: Table) -> list[int]:
    """The seats a substitute may ask for: AI seats and away players'."""
    return [index for index, seat in enumerate(table.seats) if free_for_substitute(seat)]


def seat_choice(table: Table) -> discord.ui.View:
    """One button per free seat, named by who holds it now."""
    view = discord.ui.View(timeout=None)
    for index in free_seats(table)[:MAX_SEAT_BUTTONS]:
        label = _("Seat {number}: {name}", number=index + 1, name=seat_name(table.seats[index]))
        view.add_item(SitButton(table.id, index, label[:80]))
    return view


def request_text(table: Table, request: SeatRequest) -> str:
    """The channel's message of a request, which pings the host."""
    return _(
        "🪑 {name} asks to take over seat {number} ({former}). <@{host}>, OK? The seat changes"
        " hands when the deal being played is over.",
        name=name_text(request.name),
        number=request.seat + 1,
        former=seat_name(table.seats[request.seat]),
        host=table.host_id,
    )


def answer_view(table_id: int, number: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SeatAnswerButton(table_id, number, True))
    view.add_item(SeatAnswerButton(table_id, number, False))
    return view


def answered_text(request: SeatRequest, ok: bool, seated: bool) -> str:
    """The request's message once the host answered."""
    name = name_text(request.name)
    if not ok:
        return _("🪑 The host said no: {name} does not take over seat {number}.",
                 name=name, number=request.seat + 1)  # fmt: skip
    if seated:
        return _("🪑 {name} plays seat {number} from this deal on.",
                 name=name, number=request.seat + 1)  # fmt: skip
    return _("🪑 The host said OK: {name} plays seat {number} from the next deal on.",
             name=name, number=request.seat + 1)  # fmt: skip

"""Substitutes in Discord: a member's Take a seat, the seat he chooses, the request in the
channel that pings the host, and the host's OK or No. The service decides; refusals go to
the one error handler (one sentence, ephemeral, nothing changes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.tables import WrongState
from bot.ui.substitute_items import (
    answer_view,
    answered_text,
    free_seats,
    request_text,
    seat_choice,
)

if TYPE_CHECKING:
    from bot.client import RamschBot


async def ask_for_seat(
    bot: RamschBot, interaction: discord.Interaction, table_id: int, seat: int | None
) -> None:
    """Ask for ``seat``; with none chosen and several free, answer privately with a button
    per free seat. The request's message goes to the channel and pings the host."""
    service = bot.service
    user = interaction.user
    try:
        table = service.tables.get(table_id)
        if seat is None:
            if table.seat_of(user.id) is not None:
                raise WrongState("You already have a seat at this table")
            free = free_seats(table)
            if not free:
                raise WrongState("No seat at this table is free to take over")
            if len(free) > 1:
                await interaction.response.send_message(view=seat_choice(table), ephemeral=True)
                return
            seat = free[0]
        request = await service.substitutes.ask(table_id, user.id, user.display_name, seat)
        await interaction.response.send_message(
            request_text(table, request),
            view=answer_view(table_id, request.number),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(table.host_id)]),
        )
    except Exception as error:
        await bot.report_error(interaction, error)


async def answer_seat(
    bot: RamschBot, interaction: discord.Interaction, table_id: int, number: int, ok: bool
) -> None:
    """The host answers request ``number``; its message then says the answer (no buttons)."""
    service = bot.service
    try:
        update = await service.substitutes.answer(table_id, number, interaction.user.id, ok)
        requests = await service.substitutes.requests(table_id)
        request = next(request for request in requests if request.number == number)
        await interaction.response.edit_message(
            content=answered_text(request, ok, update is not None), view=None
        )
    except Exception as error:
        await bot.report_error(interaction, error)

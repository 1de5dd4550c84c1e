"""Cards played at once: a claim of the rest the core proved, and the last trick, which plays
itself. Each card is an ordinary action, logged before it is applied (the caller holds the
table's lock); one update tells of them all."""

from __future__ import annotations

import asyncio
import logging

from bot.i18n import N_
from bot.storage import ActionSource
from bot.tables.errors import IllegalAction
from bot.tables.log import ActionLog, database_unavailable, playing, refuse_turn
from bot.tables.model import Table, Update
from ramsch_core import Action, RulesError
from ramsch_core.claims import check_claim, claim_line, forced_line

CLAIMED = N_("{name} claimed the rest: every trick left goes to their side")
"""The channel's note of a claim that held."""

logger = logging.getLogger(__name__)

KINDS = ("action", "deal_finished", "match_finished")
"""Update kinds of actions, each saying more than the one before."""


def seat_source(table: Table, seat: int) -> ActionSource:
    """Who a card played at once for ``seat`` counts as played by: its AI, the AI of an
    away player, or the player."""
    holder = table.seats[seat]
    return "ai" if holder.ai is not None else "away" if holder.away else "human"


def merged(first: Update, then: Update) -> Update:
    """One update for two actions applied in a row: the first's actor, the events and
    finished deals of both, the kind that says the most, the first's note (else the
    second's: a substitute sitting down as the deal ended)."""
    kind = max(first.kind, then.kind, key=lambda kind: KINDS.index(kind) if kind in KINDS else -1)
    note = first if first.note else then
    return Update(
        first.table, kind, first.events + then.events, first.finished + then.finished,
        first.actor, first.seat, first.source, note.note, note.note_params,
    )  # fmt: skip


async def play_line(
    log: ActionLog, table: Table, line: list[Action], update: Update, claimant: int | None = None
) -> Update:
    """Log and apply the card plays of ``line`` one by one, each for the seat to act, and
    merge them into ``update`` (the action before them, already applied). ``claimant``: the
    table seat whose cards its player played (``update.actor``); every other seat's as
    ``seat_source`` says. A card whose commit fails ends the line there: the cards before it
    stand and are told; the table reads its log up before its next action, and the rest is
    played again then (a click of the one card left, the AI, a claim)."""
    for action in line:
        seat = table.to_act
        assert seat is not None
        own = seat == claimant
        source = "human" if own else seat_source(table, seat)
        try:
            done = await log.apply(table, seat, action, source, update.actor if own else None)
        except Exception as error:
            if database_unavailable(error):
                log.outage.failed(f"the cards played at once at table {table.id}", error)
            else:
                logger.exception("Table %s: the cards played at once stopped", table.id)
            return update
        update = merged(update, done)
    return update


async def play_forced(log: ActionLog, table: Table, update: Update) -> Update:
    """After an action (``update``): once each seat to play the last trick holds one card,
    the trick plays itself (``forced_line``), at once."""
    match = table.match
    if table.status != "playing" or match is None:
        return update
    return await play_line(log, table, forced_line(match.deal), update)


async def prove_claim(table: Table, seat: int, deal_number: int) -> None:
    """Whether ``seat``'s player may claim every trick left for their side: the core checks
    every line of play (in a thread, on a copy: it may take a moment). A claim refused raises
    the TableError that says why; nothing changes."""
    match, deal_seat = playing(table, seat, deal_number)
    refuse_turn(table, seat)
    try:
        await asyncio.to_thread(check_claim, match.deal.copy(), deal_seat)
    except RulesError as error:
        raise IllegalAction.of(error) from None


async def play_claim(log: ActionLog, table: Table, seat: int, user_id: int) -> Update:
    """Play the rest of a claim ``prove_claim`` accepted, at once (``claim_line``)."""
    match = table.match
    assert match is not None
    first, *rest = claim_line(match.deal)
    update = await log.apply(table, seat, first, "human", user_id)  # raises: nothing changed
    update.note, update.note_params = CLAIMED, {"name": table.seats[seat].name}
    return await play_line(log, table, rest, update, seat)

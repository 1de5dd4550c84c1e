"""Tables rebuilt from the store's rows and action log, and finished deals in stored form."""

from __future__ import annotations

from bot.storage import FinishedDeal, StoredAction, StoredTable
from bot.tables.model import Seat, Table
from bot.tables.turns import turn_goes_on
from ramsch_core import (
    Deal,
    Event,
    Match,
    SheetEntry,
    deal_record,
    deal_seed,
    parse_rules,
    parse_table_options,
)


def finished_deal(table: Table, entry: SheetEntry, deal: Deal, at: float) -> FinishedDeal:
    """A deal finished at ``table`` at time ``at``, with its game record (seed form)."""
    assert table.seed is not None
    return FinishedDeal(
        number=entry.number,
        dealer=entry.dealer,
        seats=entry.seats,
        bock=entry.bock,
        result=entry.result,
        table_scores=entry.table_scores,
        user_ids=tuple(seat.user_id for seat in table.seats),
        record=deal_record(deal, seed=deal_seed(table.seed, entry.number)),
        finished_at=at,
    )


def rebuild_table(stored: StoredTable) -> Table:
    """The table exactly as it was after its last logged action.

    The match is replayed action by action (what ``Match.replay`` does) so that each
    finished deal's ``Deal`` is at hand for the deals whose results were never stored.
    """
    table = Table(
        id=stored.id,
        guild_id=stored.guild_id,
        channel_id=stored.channel_id,
        host_id=stored.host_id,
        status=stored.status,
        rules=parse_rules(stored.rules),
        options=parse_table_options(stored.options),
        seats=[Seat(seat.user_id, seat.name, seat.ai, seat.away) for seat in stored.seats],
        version=len(stored.actions),
        message_id=stored.message_id,
        message_deal=stored.message_deal,
        created_at=stored.created_at,
        updated_at=stored.updated_at,
        seed=stored.seed,
        turn_timeout=stored.turn_timeout,
        reminder=stored.reminder,
        private=stored.private,
        invited=frozenset(stored.invited),
        log_length=len(stored.actions),
    )
    if stored.seed is None or stored.started_at is None:
        return table
    match = Match(table.rules, table.options, stored.seed)
    table.match = match
    table.turn_started_at = table.last_human_at = stored.started_at
    for logged in stored.actions:
        replay_action(table, logged, stored.stored_deals)
    return table


def replay_action(
    table: Table, logged: StoredAction, stored_deals: int
) -> tuple[list[Event], list[SheetEntry]]:
    """Apply one logged action to the table's match as recovery does (``rebuild_table``), and
    return its events and the deal it finished, if any. A finished deal numbered
    ``stored_deals`` or later (its results are not in the store) joins ``table.unstored``.
    Strikes, the last human action and the turn's start follow the log; ``log_length`` is the
    caller's."""
    match = table.match
    assert match is not None
    deal = match.deal
    number, phase = match.number, deal.phase
    before = len(match.finished_deals)
    events = match.apply(logged.action, logged.seat)
    finished = match.finished_deals[before:]
    for entry in finished:
        if entry.number >= stored_deals:
            table.unstored.append(finished_deal(table, entry, deal, logged.at))
    if logged.source == "human":
        table.strikes[logged.seat] = 0
        table.last_human_at = logged.at
    elif logged.source == "timeout" and not turn_goes_on(
        match, logged.seat, number, phase, logged.action
    ):
        # one expiry per turn: a timed-out pick-up is followed by its push (the skat, the
        # two laid away and the declaration; a Kontra and its card) in the same turn
        table.strikes[logged.seat] = table.strikes.get(logged.seat, 0) + 1
    table.turn_started_at = logged.at
    return events, list(finished)

"""Full Skat at the table service: every action kind logged and replayed after a restart, the
turn timer playing a whole turn (the skat, the two laid away and the declaration; a Kontra and
its card), marks on a hand, and AI seats that have no rule for a step."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.storage import Store
from bot.tables import NotYourTurn, StaleAction, Table, TableService
from bot.tables.autoplay import fallback_action
from ramsch_core import Action, Bid, Declare, Pass, SeatView, SkatContest, TakeSkat
from tests.bot.helpers import ALICE, BOB, HOST, FakeClock, make_service, restart, start_table

SKAT = "skat"


async def skat_table(service: TableService, preset_name: str = "skat", **kwargs: object) -> Table:
    return await start_table(service, preset_name, game=SKAT, **kwargs)  # type: ignore[arg-type]


def contest(table: Table) -> SkatContest:
    assert table.match is not None
    state = table.match.deal.state
    assert isinstance(state, SkatContest)
    return state


async def act(service: TableService, table: Table, user: int, action: Action) -> None:
    await service.play.act(table.id, user, action, deal_number=table.deal_number)


async def bob_declares(service: TableService, table: Table) -> None:
    """Deal 1: Bob (Mittelhand) bids 18, Alice (Vorhand) and the host (Hinterhand) pass."""
    await act(service, table, BOB, Bid(18))
    await act(service, table, ALICE, Pass())
    await act(service, table, HOST, Pass())
    assert contest(table).declarer == 1 and table.to_act == 2


async def restarted(
    service: TableService, store: Store, db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> tuple[TableService, Store, Table]:
    """A new service on the same database, its one table recovered."""
    service, store = await restart(service, store, db_path, clock, seeds)
    [table] = await service.recovery.recover()
    return service, store, table


class FirstLegal:
    """Takes the first legal action: the skat, the first pair, the first game (Kreuz)."""

    def choose(self, view: SeatView) -> Action:
        return view.legal[0]


class KontraFirst:
    """Says Kontra whenever it may, else plays the first legal card."""

    def choose(self, view: SeatView) -> Action:
        for action in view.legal:
            if action.kind == "kontra":
                return action
        return view.legal[0]


class NoRule:
    """An AI without a rule for the step (as before Skat had an AI)."""

    def choose(self, view: SeatView) -> Action:
        raise ValueError(f"The heuristic has no rule for the {view.phase!r} step")


async def test_a_timed_out_declaring_turn_is_one_expiry(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    """The AI takes the skat, lays two away and declares for the player: one turn, one strike;
    a restart counts it the same way."""
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    table = await skat_table(service)
    await bob_declares(service, table)
    service.autoplay.factory = lambda kind, seed: FirstLegal()
    clock.advance(120)
    updates = await service.timers.tick()
    assert [u.source for u in updates] == ["timeout"] * 3 and table.strikes[2] == 1
    assert "ran out of time" in updates[0].note
    said = [what for _, what in contest(table).said]
    assert said[-3:] == ["pickup", "discard", "declare:clubs"]
    assert table.match is not None and table.match.deal.phase == "play"
    snapshot = table.snapshot()
    service, store, again = await restarted(service, store, db_path, clock, seeds)
    try:
        assert again.snapshot() == snapshot and again.strikes[2] == 1
    finally:
        await service.close()
        await store.close()


async def test_a_timed_out_kontra_turn_plays_the_card_too(
    service: TableService, clock: FakeClock
) -> None:
    """A Kontra keeps the turn: the timer's AI says it and plays the card in one expiry."""
    table = await skat_table(service)
    await bob_declares(service, table)
    await act(service, table, BOB, Declare("grand", False, False, False, None))
    assert table.to_act == 1  # Alice, Vorhand, leads
    service.autoplay.factory = lambda kind, seed: KontraFirst()
    clock.advance(120)
    updates = await service.timers.tick()
    assert [u.source for u in updates] == ["timeout", "timeout"] and table.strikes[1] == 1
    assert contest(table).kontra == 1 and table.to_act == 2


async def test_a_timed_out_bid_is_one_action(service: TableService, clock: FakeClock) -> None:
    table = await skat_table(service)
    service.autoplay.factory = lambda kind, seed: FirstLegal()
    clock.advance(120)
    [update] = await service.timers.tick()
    assert update.source == "timeout" and contest(table).said == [(1, "18")]
    assert table.to_act == 1  # Alice is to answer


async def test_marks_toggle_on_the_seats_turn_and_clear_with_the_next_action(
    service: TableService,
) -> None:
    table = await skat_table(service)
    await bob_declares(service, table)
    await act(service, table, BOB, TakeSkat())

    def toggle(mark: str) -> Callable[[SeatView, tuple[str, ...] | None], tuple[str, ...]]:
        def apply(view: SeatView, marks: tuple[str, ...] | None) -> tuple[str, ...]:
            assert len(view.hand) == 12
            current = marks or ()
            return tuple(m for m in current if m != mark) if mark in current else (*current, mark)

        return apply

    update = await service.play.mark(table.id, BOB, 0, toggle("SA"))
    assert update.kind == "marked" and table.marks_of(2) == ("SA",)
    await service.play.mark(table.id, BOB, 0, toggle("HK"))
    assert table.marks_of(2) == ("SA", "HK") and table.marked(1) is None
    with pytest.raises(NotYourTurn):
        await service.play.mark(table.id, ALICE, 0, toggle("SA"))
    with pytest.raises(StaleAction):
        await service.play.mark(table.id, BOB, 1, toggle("SA"))
    assert table.match is not None
    view = table.view_for(BOB)
    assert view is not None
    discard = next(action for action in view.legal if action.kind == "discard")
    await act(service, table, BOB, discard)
    assert table.marks_of(2) == () and table.marked(2) is None
    assert "marks" not in table.snapshot()


async def test_an_ai_without_a_rule_for_a_step_plays_a_safe_move(
    service: TableService, caplog: pytest.LogCaptureFixture
) -> None:
    """AI seats whose AI raises for every step: they pass, take the skat, lay the first two
    away and declare the first game; the table goes on and a warning says so."""
    service.autoplay.factory = lambda kind, seed: NoRule()
    with caplog.at_level(logging.WARNING, logger="bot.tables.autoplay"):
        table = await skat_table(service, players=(), ai=2)
    assert table.to_act == 0  # Mittelhand (an AI) passed; the host, Hinterhand, bids
    assert contest(table).said == [(1, "pass")]
    assert any("can't decide the bidding step" in r.getMessage() for r in caplog.records)
    assert table.match is not None
    deal = table.match.deal
    assert deal.to_act is not None
    assert fallback_action(deal.view(deal.to_act)) == Pass()


async def test_every_skat_action_is_logged_and_replayed_after_restarts(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    """A whole match of random (but sensible) moves, the service restarted mid-bidding, after
    the skat is taken, after a Kontra and mid-play: the rebuilt table is the same every time."""
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    table = await skat_table(service, rounds=2)
    rng = random.Random(5)
    restarts: set[str] = set()
    kinds: set[str] = set()
    try:
        while table.status == "playing":
            assert table.match is not None
            seat = table.to_act
            assert seat is not None
            user = table.seats[seat].user_id
            assert user is not None
            view = table.view_for(user)
            assert view is not None
            action = sensible(view, rng)
            kinds.add(action.kind)
            await act(service, table, user, action)
            step = restart_point(table)
            if step is not None and step not in restarts and table.status == "playing":
                restarts.add(step)
                before = table.snapshot()
                views = {u: table.view_for(u) for u in (HOST, ALICE, BOB)}
                service, store, table = await restarted(service, store, db_path, clock, seeds)
                assert table.snapshot() == before
                assert {u: table.view_for(u) for u in (HOST, ALICE, BOB)} == views
        assert restarts == {"bidding", "discard", "kontra", "play"}
        assert {"bid", "hold", "pass", "pickup", "discard", "declare", "kontra", "play"} <= kinds
    finally:
        await service.close()
        await store.close()


def sensible(view: SeatView, rng: random.Random) -> Action:
    """Bid low now and then, hold half the time, take the skat, Kontra a third of the time."""
    legal = list(view.legal)
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    if "hold" in by_kind:
        return rng.choice([by_kind["hold"][0], by_kind["pass"][0]])
    if "bid" in by_kind:
        low = min(by_kind["bid"], key=lambda a: a.to_json()["value"])
        return low if low.to_json()["value"] <= 23 and rng.random() < 0.6 else by_kind["pass"][0]
    if "pickup" in by_kind:
        return by_kind["pickup"][0] if rng.random() < 0.7 else rng.choice(by_kind["declare"])
    for kind in ("discard", "declare"):
        if kind in by_kind:
            return rng.choice(by_kind[kind])
    if "kontra" in by_kind and rng.random() < 0.5:
        return by_kind["kontra"][0]
    if "re" in by_kind and rng.random() < 0.5:
        return by_kind["re"][0]
    return rng.choice(by_kind["play"])


def restart_point(table: Table) -> str | None:
    """Which step the table is in, for the restarts: mid-bidding, laying away, just after a
    Kontra, mid-play."""
    assert table.match is not None
    deal = table.match.deal
    state = deal.state
    if not isinstance(state, SkatContest):
        return None
    if deal.phase == "bidding" and state.said:
        return "bidding"
    if deal.phase == "declaring" and state.picked_up:
        return "discard"
    if deal.phase == "play" and state.said and state.said[-1][1] == "kontra":
        return "kontra"
    if deal.phase == "play" and len(deal.tricks) == 4:
        return "play"
    return None

"""Issue 5: the turn timer on a fake clock — reminder, AI takeover, away, and I'm back."""

from __future__ import annotations

import re
import time

from tests.bot.helpers import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game
from tests.emulator import Message, SimUser

TIMEOUT = 120  # the guild default


def notes(harness: Harness, mark: str) -> list[Message]:
    return [m for m in harness.channel.current_messages() if m.text.startswith(mark)]


async def sources(harness: Harness, game: Game) -> list[tuple[int, str]]:
    return [(a.seat, a.source) for a in await harness.store.tables.load_actions(game.table_id)]


async def tick(harness: Harness, clock: FakeClock, seconds: float) -> None:
    clock.advance(seconds)
    await harness.service.timers.tick()
    await harness.settle()


async def until_turn_of(game: Game, user: SimUser) -> None:
    while game.on_turn()[0] is not user:
        await game.step()


async def test_reminder_takeover_away_and_back(harness: Harness) -> None:
    clock = FakeClock(time.time())
    harness.use_clock(clock)
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat", from_log=True)
    await game.open()
    await game.start()
    late, _, _ = game.on_turn()
    seat = players.index(late)
    await tick(harness, clock, TIMEOUT / 2 - 1)
    assert notes(harness, "⏰") == []
    await tick(harness, clock, 2)
    [reminder] = notes(harness, "⏰")
    # A new message that mentions him (an edit would not notify), with a live countdown to
    # the end of his turn: 59 seconds after this tick.
    ends = int(clock() + TIMEOUT / 2 - 1)
    assert reminder.text == (
        f"⏰ {late.mention}, it's your turn (Ramsch #1): time runs out <t:{ends}:R>."
    )
    await tick(harness, clock, TIMEOUT / 2)
    assert notes(harness, "⏰") == [], "the reminder stays after the turn is over"
    [takeover] = notes(harness, f"{late.name} ran out of time")
    assert takeover.text == f"{late.name} ran out of time: the AI played for them"
    assert (await sources(harness, game))[-1] == (seat, "timeout")
    await game.read_log()
    await until_turn_of(game, late)
    await tick(harness, clock, TIMEOUT)  # a second expiry in a row: away
    assert len(notes(harness, f"{late.name} ran out of time")) == 2
    [away] = notes(harness, "💤")
    assert late.mention in away.text and "away" in away.text and "I'm back" in away.text
    table = game.table_message()
    assert "I'm back" in {b.get("label") for b in table.buttons()}
    # his line, with the card the AI played for him to this trick if it has
    away_line = rf"\*\*{re.escape(late.name)}\*\*(?: \S+)? — away: the AI plays"
    assert re.search(away_line, table.text), table.text
    await game.read_log()
    while ("away" not in {source for _, source in await sources(harness, game)}) or (
        game.on_turn()[0] is late
    ):
        await game.step()
    # Every move of the seat after its second expiry was the AI's for an away player (it may
    # have moved several times: the seat can win the trick it was timed out in and lead).
    logged = await sources(harness, game)
    second = max(i for i, (s, source) in enumerate(logged) if s == seat and source == "timeout")
    later = [source for s, source in logged[second + 1 :] if s == seat]
    assert later and all(source == "away" for source in later), logged
    other = next(user for user in players if user is not late)
    refused = game.refusals(await game.click(other, game.table_message(), "I'm back"))
    assert refused == ["You are not marked away"]
    stranger = harness.emulator.add_user("Mallory")
    refused = game.refusals(await game.click(stranger, game.table_message(), "I'm back"))
    assert refused == ["You are not playing at this table"]
    await game.click(late, game.table_message(), "I'm back")
    [back] = notes(harness, "👋")
    assert back.text == f"👋 {late.name} is back and plays again."
    assert "I'm back" not in {b.get("label") for b in game.table_message().buttons()}
    await until_turn_of(game, late)
    await game.step()
    assert (await sources(harness, game))[-1] == (seat, "human")
    assert harness.emulator.errors == []


async def test_an_away_player_may_come_back_from_their_hand(harness: Harness) -> None:
    """The private hand of an away player carries I'm back too."""
    clock = FakeClock(time.time())
    harness.use_clock(clock)
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat", from_log=True)
    await game.open()
    await game.start()
    late, _, _ = game.on_turn()
    await tick(harness, clock, TIMEOUT)
    await game.read_log()
    await until_turn_of(game, late)
    await tick(harness, clock, TIMEOUT)
    await game.read_log()
    hand = game.hand_message(late)
    assert hand is not None and "You are away" in hand.text
    await game.click(late, hand, "I'm back")
    assert notes(harness, "👋") and "You are away" not in hand.text


async def test_the_bot_ticks_the_timers_by_itself(harness: Harness) -> None:
    """The tables cog's timer loop calls the service's tick (no test calls it here)."""
    clock = FakeClock(time.time())
    harness.use_clock(clock)
    harness.tick_interval = 0.01
    await harness.restart()
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open()
    await game.start()
    clock.advance(TIMEOUT / 2 + 1)
    await harness.emulator.wait_for(lambda: notes(harness, "⏰"), description="a reminder")

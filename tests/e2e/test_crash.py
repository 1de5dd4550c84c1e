"""Issue 4, nothing is lost: `python -m bot` killed with SIGKILL after an action's commit and
before its render; a new process on the same database shows it, and the game goes on.

The kill is made deterministic by the emulator: a gate holds every request of the bot except
its interaction acknowledgements. The click is committed (the test reads it in the database)
and acknowledged, its render is held, and the process is killed while it waits."""

from __future__ import annotations

import signal
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest_asyncio

from ramsch_core import Card, Play
from tests.e2e.driver import Game, cards_in
from tests.e2e.durability_helpers import (
    BotProcess,
    ProcessHost,
    RequestGate,
    all_but_callbacks,
    assert_standings_match,
    card_of,
    enabled_cards,
    integrity,
    logged_actions,
    replay_log,
    session_seed,
    stored_session,
)
from tests.emulator import Emulator, Message, MessageVersion, SimUser

DEFERRED_UPDATE = 6
CLICKS_PER_DEAL = 27
"""Cards a deal's players click: 30, less the last trick, which plays itself."""
DEALS = 3


@dataclass
class Crash:
    """A game whose bot process was killed after committing ``card`` and before showing it."""

    host: ProcessHost
    game: Game
    user: SimUser
    dm: Message
    before: MessageVersion
    """The DM as the player saw it before the kill (a client that has not refreshed yet)."""
    card: Card
    custom_id: str
    table_message: Message
    versions: int


class Processes(list[BotProcess]):
    """The bot processes of one test; whatever still runs is stopped at teardown."""

    db: Path
    """The database of the test (tests/pg.py ``database``: SQLite, or PostgreSQL)."""

    async def start(self, host: ProcessHost, cwd: Path) -> BotProcess:
        self.append(await BotProcess.start(host.emulator, host.guild, host.db, cwd))
        return self[-1]


@pytest_asyncio.fixture
async def processes(database: Path) -> AsyncIterator[Processes]:
    running = Processes()
    running.db = database
    try:
        yield running
    finally:
        for process in running:
            await process.stop()


def results(host: ProcessHost) -> list[str]:
    return [m.text for m in host.channel.current_messages() if ": result" in m.text]


async def crash(
    emulator: Emulator, tmp_path: Path, processes: Processes, cards_before: int
) -> Crash:
    """Play ``cards_before`` cards, then kill the bot between the next card's commit and its
    render; restart it on the same database and emulator."""
    guild = emulator.add_guild("Crash Club", channels=("general",))
    host = ProcessHost(emulator, guild, guild.channels[0], processes.db)
    gate = RequestGate(emulator, all_but_callbacks)
    first = await processes.start(host, tmp_path)
    players = [emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(host, players, "skat")
    await game.open(rounds=1)
    await game.start()
    host.seeds.append(session_seed(host.db, game.table_id))
    for _ in range(cards_before):
        await game.step()
    user, dm, _ = game.on_turn()
    seat = players.index(user)
    button = enabled_cards(dm)[0]
    card = card_of(button["custom_id"])
    before = dm.snapshot()
    table_message = game.table_message()
    versions = len(table_message.versions)
    messages = len(host.channel.current_messages())

    gate.arm()
    handle = await user.click(dm, button["custom_id"])
    await handle.wait_ack()
    await gate.wait_held()
    # Committed and acknowledged (with a last trick it left, which plays itself), shown
    # nowhere: now the process dies.
    game.record(seat, Play(card))
    assert logged_actions(host.db, game.table_id) == game.actions
    assert handle.response_type == DEFERRED_UPDATE and not handle.messages
    assert len(table_message.versions) == versions
    assert len(host.channel.current_messages()) == messages
    assert card not in cards_in(table_message.text)
    assert await first.kill() == -signal.SIGKILL
    gate.release(drop=True)

    await processes.start(host, tmp_path)
    await host.settle()
    return Crash(host, game, user, dm, before, card, button["custom_id"], table_message, versions)


async def finish(crash: Crash, processes: Processes) -> None:
    """Play the session to its end; check it against the core and the database."""
    game, host = crash.game, crash.host
    while not game.replay().finished:
        await game.play_deal()
    match = game.replay()
    assert len(results(host)) == len(match.finished_deals)
    assert_standings_match(game, match)
    assert replay_log(game, host.db).totals == match.totals
    status, totals, finished = stored_session(host.db, game.table_id)
    assert status == "finished" and finished
    assert [float(t) for t in totals] == [float(t) for t in match.totals]
    assert await processes[-1].stop() == 0
    assert await integrity(host.db) == ["ok"]
    for process in processes:
        assert not process.errors(), "\n".join(process.lines)


async def test_a_card_committed_before_a_kill_is_shown_after_the_restart(
    emulator: Emulator, tmp_path: Path, processes: Processes
) -> None:
    scene = await crash(emulator, tmp_path, processes, cards_before=4)
    game = scene.game
    assert game.table_message() is scene.table_message, "the table message was not reused"
    assert len(scene.table_message.versions) > scene.versions
    assert scene.card in cards_in(scene.table_message.text)
    game.check_no_leak()
    # The new process edited the player's DM (the one the dead process posted): no second DM.
    assert scene.user.dms() == [scene.dm]
    assert scene.card not in cards_in(scene.dm.text)
    # A client still showing the DM as it was offers the card: a clear refusal.
    handle = await game.click(scene.user, scene.before, scene.custom_id)
    assert game.refusals(handle) == [f"You already played {scene.card.pretty}"]
    await finish(scene, processes)


async def test_a_deal_ended_before_a_kill_has_its_result_posted_after_the_restart(
    emulator: Emulator, tmp_path: Path, processes: Processes
) -> None:
    scene = await crash(emulator, tmp_path, processes, cards_before=CLICKS_PER_DEAL - 1)
    assert len(scene.game.replay().finished_deals) == 1
    (result,) = results(scene.host)  # posted by the new process, once
    assert "deal 1 of 3: result" in result
    assert "Deal 1 is over" in scene.table_message.text
    assert "deal 2 of 3" in scene.game.table_message().text
    await finish(scene, processes)


def shown(host: ProcessHost, users: list[SimUser]) -> list[tuple[int, int]]:
    """Every message of the channel and the players' DMs, with its number of versions."""
    messages = [*host.channel.current_messages(), *(m for u in users for m in u.dms())]
    return [(m.id, len(m.versions)) for m in messages]


async def test_a_session_ended_before_a_kill_has_its_end_shown_after_the_restart(
    emulator: Emulator, tmp_path: Path, processes: Processes
) -> None:
    """The last card was committed (the session and the table are finished in the database)
    but neither the last result nor the standings were posted: the new process posts them,
    once, and closes the table message; a later clean restart sends nothing again."""
    scene = await crash(emulator, tmp_path, processes, cards_before=DEALS * CLICKS_PER_DEAL - 1)
    game, host = scene.game, scene.host
    match = game.replay()
    assert match.finished
    posted = results(host)
    assert len(posted) == DEALS
    assert sum(f"deal {DEALS} of {DEALS}: result" in text for text in posted) == 1
    assert_standings_match(game, match)  # exactly one standings message
    assert "The session is over" in scene.table_message.text
    assert not scene.table_message.buttons()
    for user in game.players:
        message = game.hand_message(user)
        assert message is not None and not enabled_cards(message)
    status, totals, finished = stored_session(host.db, game.table_id)
    assert status == "finished" and finished
    assert [float(t) for t in totals] == [float(t) for t in match.totals]
    assert replay_log(game, host.db).totals == match.totals

    # Everything was shown: a clean stop and a new start send nothing, twice over.
    before = shown(host, game.players)
    for _ in range(2):
        assert await processes[-1].stop() == 0
        await processes.start(host, tmp_path)
        await host.settle()
        assert shown(host, game.players) == before
    assert stored_session(host.db, game.table_id)[0] == "finished"
    assert await processes[-1].stop() == 0
    assert await integrity(host.db) == ["ok"]
    for process in processes:
        assert not process.errors(), "\n".join(process.lines)

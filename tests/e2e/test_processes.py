"""Issue 15: two ``python -m bot`` processes on one PostgreSQL database, one gateway shard each
(A runs shard 0, B shard 1 of two), against the emulator of this test process.

Guild commands and lobby clicks arrive at the process of the guild's shard; every hand click
is a DM click and arrives at shard 0's process A, which relays the clicks on shard 1's tables
to their owner B. A killed process's shard is taken over by the other and handed back when
it starts again (docs/scaling.md). PostgreSQL only: run with RAMSCH_TEST_BACKEND=postgresql
(or both), as ``.ci/run``'s second pass does."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from ramsch_core import Play
from tests.e2e.driver import Game, action_of, cards_in
from tests.e2e.durability_helpers import (
    CLICKS_TO_ACT,
    STALE_CLICKS,
    BotProcess,
    assert_standings_match,
    card_of,
    enabled_cards,
    logged_actions,
    session_seed,
    storm_clicks,
)
from tests.e2e.processes import SHARD_COUNT, TAKEOVER_SECONDS, Cluster, GuildHost, wait_line
from tests.e2e.test_play import check_result, result_messages
from tests.e2e.test_shards import table_of
from tests.e2e.test_storm import classify, in_flight_at_once
from tests.emulator import Emulator, Message, MessageVersion, SimUser
from tests.pg import chosen_backends

pytestmark = pytest.mark.skipif(
    "postgresql" not in chosen_backends(),
    reason="several bot processes need PostgreSQL: RAMSCH_TEST_BACKEND=postgresql (or both)",
)

DM = (0, SHARD_COUNT)
"""Where Discord sends DM interactions: shard 0 (process A)."""
MOVING = "is moving to another part of the bot"
"""The refusal of a click whose table's owner did not claim it in time (mid-takeover)."""


@pytest_asyncio.fixture
async def cluster(emulator: Emulator, tmp_path: Path, postgres_url: str) -> AsyncIterator[Cluster]:
    """A guild on each of two shards (the one on shard 1 with a second channel) and one
    PostgreSQL database; the processes are started by the test, stopped at its end."""
    emulator.shard_count = SHARD_COUNT
    zero = emulator.add_guild("Shard Zero Club", shard=0)
    one = emulator.add_guild("Shard One Club", channels=("general", "back-room"), shard=1)
    running = Cluster(emulator, postgres_url, tmp_path, (zero, one))
    try:
        yield running
    finally:
        await running.stop()


async def start_both(cluster: Cluster) -> tuple[BotProcess, BotProcess]:
    """A (shard 0), then B (shard 1): each holds its shard's lease and gateway session."""
    a = await cluster.start(0)
    b = await cluster.start(1)
    assert cluster.leases() == {"shard:0": a.process.pid, "shard:1": b.process.pid}
    sessions = sorted(s.shard for s in cluster.emulator.gateway.live_sessions())
    assert sessions == [(0, SHARD_COUNT), (1, SHARD_COUNT)]
    return a, b


async def open_game(
    cluster: Cluster, guild_index: int, players: list[SimUser], channel_index: int = 0
) -> Game:
    """A table opened by slash command in the guild's channel, joined and started by buttons
    (all of which arrive at the guild's shard)."""
    guild = cluster.guilds[guild_index]
    host = GuildHost(cluster.emulator, guild, guild.channels[channel_index], cluster.db)
    game = Game(host, players, "skat")
    await game.open(rounds=1)
    await game.start()
    host.seeds.append(session_seed(cluster.db, game.table_id))
    return game


def check_log(cluster: Cluster, game: Game) -> None:
    """The table's actions are in the database exactly once and in order: seq 0..n-1, each
    the action the driver clicked."""
    assert cluster.sequence_numbers(game.table_id) == list(range(len(game.actions)))
    assert logged_actions(cluster.db, game.table_id) == game.actions


def check_delivery(emulator: Emulator) -> None:
    """Every interaction was acknowledged; DM interactions went to shard 0, a guild's to the
    guild's shard."""
    unanswered = [h for h in emulator.interactions if not h.acknowledged]
    assert not unanswered, unanswered
    for handle in emulator.interactions:
        if handle.guild is None:
            assert handle.shards == [DM], handle
        else:
            shard = (handle.guild.id >> 22) % SHARD_COUNT
            assert handle.shards == [(shard, SHARD_COUNT)], handle


async def test_two_processes_play_a_match_at_a_table_on_each_shard(cluster: Cluster) -> None:
    """Both tables are played to the final standings at once, click for click: every hand
    click arrives at A, those of the shard-1 table are relayed to B."""
    emulator = cluster.emulator
    one = cluster.guilds[1]
    cluster.trace_callbacks()
    a, b = await start_both(cluster)
    alice, bob, carol, dora, emil = (
        emulator.add_user(name) for name in ("Alice", "Bob", "Carol", "Dora", "Emil")
    )
    # Alice plays at both tables: her one DM channel holds both hands.
    games = [
        await open_game(cluster, 0, [alice, bob, carol]),
        await open_game(cluster, 1, [dora, alice, emil]),
    ]
    assert games[0].table_id != games[1].table_id
    while unfinished := [game for game in games if not game.replay().finished]:
        await asyncio.gather(*(game.step() for game in unfinished))
    for game in games:
        await game.h.settle()
        match = game.replay()
        assert len(result_messages(game)) == len(match.finished_deals) == 3
        for number in range(3):
            check_result(game, number)  # each posted result is the replay's
        assert_standings_match(game, match)
        check_log(cluster, game)
        assert game.checks > 0
    check_delivery(emulator)
    on_one = [
        h for h in emulator.interactions if h.guild is None and table_of(h) == games[1].table_id
    ]
    clicked = len(games[1].actions) - games[1].forced
    assert len(on_one) >= clicked  # every hand click of B's table came via A
    # Each interaction was answered by the owner of its table: the guild's shard's process.
    for handle in emulator.interactions:
        on_b = handle.guild is one or (
            handle.guild is None and table_of(handle) == games[1].table_id
        )
        owner = b if on_b else a
        assert cluster.answered_by(handle) == owner.process.pid, handle
    relayed = cluster.relayed()  # each relayed click of B's table, claimed (by B: see above)
    assert relayed and set(relayed) <= {h.id for h in on_one}, relayed
    assert all(d is not None for d in relayed.values()), relayed
    assert cluster.leases() == {"shard:0": a.process.pid, "shard:1": b.process.pid}
    assert await cluster.stop() == [0, 0]
    assert not cluster.errors(), cluster.logs()
    assert emulator.errors == [], "a Discord limit or rule was broken"


async def until_cards_on_turn(game: Game) -> tuple[SimUser, Message, list[dict[str, str]]]:
    """Play on until the player to act has two or more cards to choose from."""
    while True:
        await game.until_shown()
        user, message, _ = game.on_turn()
        cards = enabled_cards(message)
        if len(cards) >= 2:
            return user, message, cards
        await game.step()


async def test_a_killed_process_s_shard_is_taken_over_and_handed_back(cluster: Cluster) -> None:
    """SIGKILL B mid-deal: A takes shard 1 over, the deal is played to its end by DM clicks
    (now A's own), no acknowledged action is lost; B started again gets shard 1 back and
    serves its tables, an old one and a new one."""
    emulator = cluster.emulator
    cluster.trace_callbacks()
    a, b = await start_both(cluster)
    dora, emil, fritz = (emulator.add_user(name) for name in ("Dora", "Emil", "Fritz"))
    game = await open_game(cluster, 1, [dora, emil, fritz])
    for _ in range(4):
        await game.step()
    user, message, cards = await until_cards_on_turn(game)
    seen = message.snapshot()
    seat = game.players.index(user)
    # A card click, acknowledged (B acknowledges once it is logged), then B is killed at once:
    # no clean-up, its render of the card perhaps not sent.
    played = await user.click(message, cards[0]["custom_id"])
    await played.wait_ack()
    assert cluster.answered_by(played) == b.process.pid
    before = len(emulator.interactions)
    assert await b.kill() == -9
    killed = len(b.lines)
    game.actions.append((seat, action_of(cards[0])))
    # A click while nobody owns shard 1: it reaches A, nobody claims it; it is answered
    # (refused: the card was played, or the table is moving) and changes nothing. The played
    # card again, so that it is refused whoever is to play now (the player may have won the
    # trick and lead again, and another card of his would then be played).
    stale = await user.click(seen, cards[0]["custom_id"])
    await stale.wait_ack()
    (refusal,) = stale.messages
    assert refusal.ephemeral, refusal
    line = await wait_line(emulator, a, "Took over shard(s) 1 of 2")
    assert f"from pid {b.process.pid}" in line, line
    await cluster.wait_lease("shard:1", a, TAKEOVER_SECONDS)
    check_log(cluster, game)  # everything acknowledged before the kill is there, once
    assert "You already played" in refusal.text or MOVING in refusal.text, refusal.text
    # The deal goes on to its end, every click (a DM) now handled where it arrives.
    await game.play_deal()
    await game.h.settle()
    check_result(game, 0)
    check_log(cluster, game)
    assert not cluster.errors().get(a.process.pid), cluster.logs()
    assert not [line for line in b.lines[:killed] if " ERROR " in line or "Traceback" in line]

    taken_over = emulator.interactions[before:]
    assert all(cluster.answered_by(h) == a.process.pid for h in taken_over), taken_over

    # B again: it asks for shard 1 back, A hands it over; B rebuilds the table.
    again = await cluster.start(1, timeout=TAKEOVER_SECONDS + 20)
    line = await wait_line(emulator, a, f"Handed shard(s) 1 back to pid {again.process.pid}")
    await cluster.wait_lease("shard:1", again, TAKEOVER_SECONDS)
    assert cluster.leases() == {"shard:0": a.process.pid, "shard:1": again.process.pid}
    handed = len(emulator.interactions)
    await game.step()  # the old table plays on, its clicks relayed to the new B
    check_log(cluster, game)
    # A new table in the shard-1 guild's other channel, on the new B.
    gina = emulator.add_user("Gina")
    other = await open_game(cluster, 1, [emil, gina, dora], channel_index=1)
    for _ in range(3):
        await other.step()
    (hand,) = await answer_click(gina, other.table_message(), "My hand")
    assert hand.ephemeral and "Your cards" in hand.text, hand.text
    check_log(cluster, other)
    back = emulator.interactions[handed:]
    assert all(cluster.answered_by(h) == again.process.pid for h in back), back
    check_delivery(emulator)
    relayed = cluster.relayed()
    assert stale.id in relayed, relayed  # relayed to no one, taken back by A
    assert all(delay is not None for delay in relayed.values()), relayed
    codes = await cluster.stop()
    assert codes == [0, -9, 0], (codes, cluster.logs())
    assert not cluster.errors().get(a.process.pid), cluster.logs()
    assert not cluster.errors().get(again.process.pid), cluster.logs()
    assert emulator.errors == [], "a Discord limit or rule was broken"


async def answer_click(user: SimUser, message: Message, key: str) -> list[Message]:
    """Click ``key`` on ``message`` as ``user``; what the bot showed in answer."""
    handle = await user.click(message, key)
    return await handle.wait_response()


async def test_200_clicks_across_both_processes_play_exactly_one_card(cluster: Cluster) -> None:
    """tests/e2e/test_storm.py across processes, at the table on shard 1: DM card clicks
    (arriving at A, relayed to B) and "My hand" clicks on the table message (arriving at B)
    at once. Exactly one card is played and every click gets the answer it should."""
    emulator = cluster.emulator
    await start_both(cluster)  # no callbacks traced: the storm opens ~150 connections
    players = [emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    strangers = [emulator.add_user(f"Kibitz {n}") for n in range(4)]
    game = await open_game(cluster, 1, players)
    seen: dict[int, MessageVersion] = {}
    for _ in range(3):  # one trick, each player's DM seen while it was their turn
        await game.until_shown()
        user, message, _ = game.on_turn()
        seen[user.id] = message.snapshot()
        await game.step()
    played = {game.players[seat].id: action for seat, action in game.actions}

    await game.until_shown()
    leader, following, table, clicks = storm_clicks(game, strangers, seen, played)
    count = len(game.actions)
    assert cluster.sequence_numbers(game.table_id) == list(range(count))

    handles = await asyncio.gather(*(user.click(shown, key) for user, shown, key in clicks))
    await asyncio.gather(*(handle.wait_ack() for handle in handles))
    await game.h.settle()

    logged = logged_actions(cluster.db, game.table_id)
    assert len(logged) == count + 1, logged[count:]
    seat, action = logged[-1]
    assert players[seat] is leader and isinstance(action, Play)
    game.actions.append((seat, action))
    card = action.card
    await emulator.wait_for(
        lambda: card in cards_in(table.text), timeout=10, description="the card on the table"
    )
    assert all(handle.acknowledged for handle in handles)
    assert in_flight_at_once(handles) == len(clicks), "the clicks did not overlap"
    at_a = [h for h in handles if h.guild is None]
    at_b = [h for h in handles if h.guild is not None]
    assert len(at_a) == CLICKS_TO_ACT + 2 * STALE_CLICKS and all(h.shards == [DM] for h in at_a)
    assert all(h.shards == [(1, SHARD_COUNT)] for h in at_b)

    def expected(user: SimUser, key: str) -> set[str]:
        if key == "My hand":
            return {"hand"} if user in players else {"You are not playing at this table"}
        clicked = card_of(key)
        if user is leader:
            if clicked == card:
                return {"played", f"You already played {card.pretty}"}
            return {f"It's not your turn: waiting for {following.name}"}
        theirs = played[user.id]
        if isinstance(theirs, Play) and theirs.card == clicked:
            return {f"You already played {clicked.pretty}"}
        return {f"It's not your turn: waiting for {who.name}" for who in (leader, following)}

    shown = [classify(handle) for handle in handles]
    assert shown.count("played") == 1, [s for s in shown if MOVING in s][:3]
    winner = shown.index("played")
    assert clicks[winner][0] is leader and card_of(clicks[winner][2]) == card
    for (user, _, key), answer_text in zip(clicks, shown, strict=True):
        assert answer_text in expected(user, key), (user.name, key, answer_text)

    await game.step()  # the table plays on
    await game.h.settle()
    check_log(cluster, game)
    relayed = cluster.relayed()  # every DM click: relayed once and claimed (the answers
    # above are B's: a click A had taken back would have been answered "try again")
    assert {h.id for h in at_a} <= set(relayed), relayed
    assert all(d is not None for d in relayed.values()), relayed
    assert await cluster.stop() == [0, 0]
    assert not cluster.errors(), cluster.logs()
    assert emulator.errors == [], "a Discord limit or rule was broken"

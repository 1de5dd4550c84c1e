"""Discord's own faults while tables are played: a player's DMs failing with 5xx, edits failing
and answers lost after the work, the table's channel deleted, a slow Discord (issue 13).

The emulator answers chosen requests with an error (``emulator.faults``); the bot must keep
every other message going, retry the failed one (the same message, with growing delays), never
post a message twice, and close a table whose channel is gone."""

from __future__ import annotations

import contextlib
import itertools
import re
from collections.abc import Iterator

import pytest

import bot.publish.delivery
from bot.ui import ids
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, answer, game_controls
from tests.e2e.durability_helpers import read_only, stored_session
from tests.e2e.helpers import ai_table
from tests.emulator import Message, RequestSpan, SimUser
from tests.emulator import components as comp

EDIT = "/channels/{channel_id}/messages/{message_id}"
CREATE = "/channels/{channel_id}/messages"
WEBHOOK_EDIT = "/webhooks/{application_id}/{token}/messages/{message_id}"


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    """Retries start after 0.05 s instead of 1 s (they still double each time)."""
    monkeypatch.setattr(bot.publish.delivery, "RETRY_FIRST", 0.05)


def enabled(message: Message | None) -> list[str]:
    """The custom ids of a hand message's enabled controls (cards, pushes, bids...)."""
    if message is None:
        return []
    return [
        c["custom_id"]
        for c in comp.interactive(message.components)
        if not c.get("disabled") and not c["custom_id"].endswith(":back")
    ]


def table_dms(game: Game, user: SimUser) -> list[Message]:
    return [m for m in user.dms() if f" #{game.table_id}**" in m.text]


def results(game: Game) -> list[Message]:
    return [m for m in game.h.channel.current_messages() if ": result" in m.text]


def spans(game: Game, method_route: str, channel_id: int, since: int = 0) -> list[RequestSpan]:
    return [
        span
        for span in game.h.emulator.spans[since:]
        if span.route == method_route and span.params.get("channel_id") == str(channel_id)
    ]


def on_turn(game: Game) -> SimUser:
    """Who is to act, by the core's replay (not by what the messages show)."""
    seat = game.replay().to_act
    assert seat is not None
    return game.players[seat]


async def play(game: Game, user: SimUser, message: Message) -> None:
    """``user`` plays the first enabled card of ``message``."""
    [card, *_] = [c for c in enabled(message) if ":play:" in c]
    handle = await user.click(message, card)
    await handle.wait_ack()
    assert not game.refusals(handle), game.refusals(handle)
    await game.h.settle()
    await game.read_log()


async def step_settled(game: Game, harness: Harness) -> None:
    """A driver step, then every failed message retried until shown."""
    await game.step()
    await harness.publisher.settled(retries=True)


@contextlib.contextmanager
def no_new_messages_on(harness: Harness, channel_id: int) -> Iterator[None]:
    before = len(harness.emulator.spans)
    yield
    assert spans_since(harness, before, channel_id) == []


def spans_since(harness: Harness, start: int, channel_id: int) -> list[RequestSpan]:
    return [
        s for s in harness.emulator.spans[start:] if s.params.get("channel_id") == str(channel_id)
    ]


async def test_a_failing_dm_freezes_no_other_hand(harness: Harness) -> None:
    """Alice's DM channel answers every post and edit with 503 for a whole deal and the start
    of the next: Bob's and Carol's DMs and Alice's My hand go on showing each card, the next
    deal's DMs reach them; Alice's DM is retried with growing delays (never posted anew) and
    catches up once Discord answers again."""
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    alice, bob, carol = players
    game = Game(harness, players, "skat", from_log=True)
    await game.open(rounds=1)
    await game.start()
    [alice_dm] = table_dms(game, alice)
    faults = [
        harness.emulator.faults.add(
            method, route, status=503, times=None, match={"channel_id": alice.dm_channel.id}
        )
        for method, route in (("PATCH", EDIT), ("POST", CREATE))
    ]
    start = len(harness.emulator.spans)
    mine = await game.click(alice, game.table_message(), "My hand")
    [alice_hand] = mine.messages
    while len(game.replay().finished_deals) < 1 or len(game.replay().deal.history) < 4:
        user = on_turn(game)
        await play(game, user, alice_hand if user is alice else table_dms(game, user)[-1])
        to_act = on_turn(game)
        number = len(game.replay().finished_deals)
        for other in (bob, carol):  # their DMs show every card at once
            dms = table_dms(game, other)
            assert len(dms) == number + 1, (other.name, [m.text for m in dms])
            assert bool(enabled(dms[-1])) == (other is to_act), (other.name, dms[-1].text)
        assert bool(enabled(alice_hand)) == (alice is to_act), alice_hand.text
        assert f"deal {number + 1} of 3" in alice_hand.text
    assert all(fault.hits >= 2 for fault in faults)
    tries = [s for s in spans(game, "PATCH " + EDIT, alice.dm_channel.id, start)
             if s.params["message_id"] == str(alice_dm.id)]  # fmt: skip
    # The first failed edit carried the hand's picture: the hand is tried again at once as
    # text (a failing upload); from then on each failure waits longer.
    for number, (earlier, later) in enumerate(itertools.pairwise(tries[1:]), start=1):
        assert earlier.end is not None
        assert later.start - earlier.end >= bot.publish.delivery.backoff(number), "no back-off"
    assert table_dms(game, alice) == [alice_dm], "a failed edit must not post a new DM"

    for fault in faults:
        harness.emulator.faults.remove(fault)
    await harness.publisher.settled(retries=True)
    first, second = table_dms(game, alice)
    assert first is alice_dm and enabled(first) == [] and "deal 1 is over" in first.text
    assert bool(enabled(second)) == (on_turn(game) is alice) and "deal 2 of 3" in second.text
    await game.play_deal()
    assert [len(table_dms(game, user)) for user in players] == [3, 3, 3]


async def test_failed_edits_and_lost_answers_never_post_twice(harness: Harness) -> None:
    """Edits failing with 503 are retried on the same message; posts whose answer was lost
    (made, then 502 or 503) come back by their nonce: one result per deal, one DM per player
    and deal, and no green button left after the session."""
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    alice, bob, carol = players
    emulator = harness.emulator
    game = Game(harness, players, "skat")
    await game.open(rounds=1)
    # The first hand DM of Carol is made but its answer is lost (503): the retry finds it.
    emulator.faults.add(
        "POST", CREATE, status=503, after=True, match={"channel_id": carol.dm_channel.id}
    )
    await game.start()
    await harness.publisher.settled(retries=True)
    [carol_dm] = table_dms(game, carol)
    assert bool(enabled(carol_dm)) == (on_turn(game) is carol)
    bob_edits = emulator.faults.add(
        "PATCH", EDIT, status=503, times=3, match={"channel_id": bob.dm_channel.id}
    )
    # The result of the first deal is made, its answer lost twice (502: discord.py retries).
    emulator.faults.add(
        "POST", CREATE, status=502, after=True, match={"channel_id": harness.channel.id}
    )
    emulator.faults.add(
        "POST", CREATE, status=503, after=True, match={"channel_id": harness.channel.id}
    )
    while len(game.replay().finished_deals) < 1:
        await step_settled(game, harness)
    assert bob_edits.hits == 3
    assert len(results(game)) == 1
    # The next deal's DMs: Alice's post answers 503 after making it, twice.
    emulator.faults.add(
        "POST", CREATE, status=503, after=True, times=2, match={"channel_id": alice.dm_channel.id}
    )
    while not game.replay().finished:
        await step_settled(game, harness)
    await harness.publisher.settled(retries=True)
    assert len(results(game)) == 3
    assert len([m for m in harness.channel.current_messages() if "final standings" in m.text]) == 1
    for user in players:
        dms = table_dms(game, user)
        assert len(dms) == 3, (user.name, [m.text for m in dms])
        assert not any(m.buttons() for m in dms), f"{user.name} still has buttons in a DM"
    assert not any(game_controls(m) for m in harness.channel.current_messages())
    assert emulator.errors == []


async def test_the_session_ends_at_its_last_deal_in_every_hand(harness: Harness) -> None:
    """At the end of a three-deal session no DM or My hand ever says "deal 4", even when the
    last cards land while a slow render is under way; every My hand opened earlier loses its
    buttons as soon as a newer one is opened."""
    host = harness.emulator.add_user("Alice")
    game = await ai_table(harness, host, rounds=1)
    await game.start()
    harness.emulator.faults.add("PATCH", EDIT, delay=0.2, status=200, times=None)
    opened: list[Message] = []
    while not game.replay().finished:
        if game.replay().to_act == 0:
            handle = await game.click(host, game.table_message(), "My hand")
            opened += handle.messages
            assert all(enabled(m) == [] for m in opened[:-1]), "an older My hand keeps buttons"
        await game.step()
    await harness.settle()
    await harness.publisher.settled(retries=True)
    texts = [v.text for m in [*host.dms(), *host.ephemerals()] for v in m.versions]
    assert not any(re.search(r"\bdeal 4\b", text) for text in texts)
    assert any("deal 3 of 3" in text for text in texts)
    assert all(m.buttons() == [] for m in [*host.dms(), *host.ephemerals()])
    assert len(opened) >= 2


async def test_a_deleted_channel_closes_its_table(harness: Harness) -> None:
    """The table's channel is deleted after a finished deal: the table closes (its finished
    deal kept), each player is told by DM, his hand loses its buttons, nothing more is sent to
    the channel and no timer or AI acts for it."""
    lounge = harness.guild.add_channel("lounge")
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open(rounds=1)
    await game.start()
    await game.play_deal()
    await game.step()
    hand = await game.click(players[1], game.table_message(), "My hand")

    harness.emulator.delete_channel(harness.channel)
    await harness.emulator.wait_for(lambda: game.table_id not in harness.service.tables)
    await harness.settle()
    await harness.publisher.settled(retries=True)
    status, _, finished = stored_session(harness.db, game.table_id)
    assert status == "cancelled" and not finished
    with contextlib.closing(read_only(harness.db)) as conn:
        (deals,) = conn.execute(
            "SELECT COUNT(*) FROM deal_results WHERE table_id = ?", (game.table_id,)
        ).fetchone()
    assert deals == 1
    for user in players:
        told = [m for m in user.dms() if "its channel was deleted" in m.text]
        assert len(told) == 1, (user.name, [m.text for m in user.dms()])
        assert f"**Ramsch #{game.table_id}**" in told[0].text
        assert all(enabled(m) == [] for m in user.dms())
    assert not any(players[1].can_see(m) for m in hand.messages)  # gone with the channel
    with no_new_messages_on(harness, harness.channel.id):
        await harness.service.timers.tick(now=harness.clock() + 10 * 24 * 3600)
        await harness.settle()
    (history,) = await answer(players[0], lounge, "ramsch history")
    assert f"#{game.table_id}" in history.text


async def test_a_channel_deleted_while_the_bot_was_down(harness: Harness) -> None:
    """The bot missed the deletion (it was down): its first call to the channel answers 404
    Unknown Channel, and the table closes as above, without a traceback."""
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open(rounds=1)
    await game.start()
    await game.step()
    await harness.shutdown()
    harness.emulator.delete_channel(harness.channel)
    await harness.launch()
    await harness.settle()
    user = on_turn(game)
    [dm] = table_dms(game, user)
    handle = await user.click(dm, enabled(dm)[0])  # a card clicked in the DM: the render fails
    await handle.wait_ack()
    await harness.settle()
    await harness.publisher.settled(retries=True)
    assert game.table_id not in harness.service.tables
    for player in players:
        assert any("its channel was deleted" in m.text for m in player.dms())
        assert all(enabled(m) == [] for m in player.dms())


async def test_a_lobby_in_a_deleted_channel_is_cancelled(harness: Harness) -> None:
    host, guest = (harness.emulator.add_user(name) for name in ("Alice", "Bob"))
    game = Game(harness, [host, guest], "skat")
    lobby = await game.open(rounds=1)
    await game.click(guest, lobby, ids.lobby_id(game.table_id, "join"))
    harness.emulator.delete_channel(harness.channel)
    await harness.emulator.wait_for(lambda: game.table_id not in harness.service.tables)
    await harness.settle()
    await harness.publisher.settled(retries=True)
    for user in (host, guest):
        assert [m for m in user.dms() if "was cancelled: its channel was deleted" in m.text]


async def test_a_slow_discord_shows_a_card_in_one_round_trip(harness: Harness) -> None:
    """Every request takes 0.3 s: a card's table message and every hand are edited side by
    side (their requests overlap), not one after another."""
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open(rounds=1)
    await game.start()
    await game.step()
    harness.emulator.faults.delay_all(0.3)
    start = len(harness.emulator.spans)
    await game.step()
    edits = [s for s in harness.emulator.spans[start:] if s.route == "PATCH " + EDIT]
    table = [s for s in edits if s.params["channel_id"] == str(harness.channel.id)]
    hands = [s for s in edits if s not in table]
    # The table message, the hand of who played and of who plays next (the third hand shows
    # nothing new: it is not edited).
    assert len(table) == 1 and len(hands) == 2, [s.params for s in edits]
    assert all(hand.overlaps(table[0]) for hand in hands)
    assert max(s.start for s in edits) < min(s.end or 0 for s in edits), "not side by side"


async def test_refused_uploads_show_the_table_as_text(harness: Harness) -> None:
    """The channel refuses attachments (403, code 50013: Attach Files taken away) and every
    DM upload fails (503): at once the table message and the hands go on as text, every card
    shown, the next deal's messages posted; once uploads work again (and the while without
    pictures is over) the pictures come back."""
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    emulator = harness.emulator
    game = Game(harness, players, "skat")
    await game.open(rounds=1)
    await game.start()
    await harness.publisher.settled(retries=True)
    assert game.table_message().current.pictures()
    channel = {"channel_id": harness.channel.id}
    refused = [
        emulator.faults.add(method, route, status=403, code=50013, uploads=True, times=None,
                            match=channel)
        for method, route in (("PATCH", EDIT), ("POST", CREATE))
    ]  # fmt: skip
    failing = [
        emulator.faults.add(method, route, status=503, uploads=True, times=None,
                            match={"channel_id": user.dm_channel.id})
        for user in players
        for method, route in (("PATCH", EDIT), ("POST", CREATE))
    ]  # fmt: skip
    deals = len(game.replay().finished_deals)
    for _ in range(60):  # the deal goes on: it ends within its cards and the skat's
        await step_settled(game, harness)
        shown = game.table_message().current
        assert not shown.pictures() and not shown.attachments, shown.text
        if len(game.replay().finished_deals) > deals:
            break
    assert len(game.replay().finished_deals) > deals
    await step_settled(game, harness)  # the next deal: its table message and DMs, as text
    assert sum(fault.hits for fault in refused) == 1  # then text, without trying again
    assert sum(fault.hits for fault in failing) >= 1
    assert not game.table_message().current.pictures()
    for user in players:
        dms = table_dms(game, user)
        assert len(dms) == 2 and "deal 2 of 3" in dms[-1].text, [m.text for m in dms]
    for fault in [*refused, *failing]:
        emulator.faults.remove(fault)
    harness.publisher.states[game.table_id].hands.pictures_off_until = 0.0  # the while is over
    await step_settled(game, harness)
    assert game.table_message().current.pictures()
    assert emulator.errors == []

"""Guards against what a player can type or forge: clicks on another server's table, names
that look like mentions, overlong inputs, and more open tables than a server can follow."""

from __future__ import annotations

import time
from typing import Any

import pytest

from bot.tables import guilds
from bot.ui import ids
from bot.ui.text import name_text
from tests.bot.helpers import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, answer
from tests.emulator import Message, SimUser
from tests.emulator.errors import SimulationError
from tests.emulator.interactions import APPLICATION_COMMAND

FOREIGN = "That table belongs to another server"
NOT_PLAYING = "You are not playing at this table"


async def forged(
    user: SimUser, message: Message, custom_id: str, values: list[str] | None = None
) -> list[str]:
    """The private answers to a click with a forged custom_id."""
    handle = await user.click_custom_id(message, custom_id, values=values)
    shown = await handle.wait_response()
    return [m.text for m in shown if m.ephemeral]


def table_state(harness: Harness, table_id: int) -> tuple[Any, ...]:
    table = harness.service.tables.get(table_id)
    return table.status, [(s.user_id, s.name) for s in table.seats], table.log_length


async def test_clicks_for_another_servers_table_change_nothing(harness: Harness) -> None:
    """A Manage Server member of another server forges the ids of this server's running table
    and of its open lobby: each click is refused, nothing changes. In a DM only a seated
    player's click reaches a table."""
    emulator = harness.emulator
    players = [emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open(rounds=1)
    await game.start()
    running = game.table_id
    lobby_channel = harness.guild.add_channel("lobby")
    (lobby,) = await answer(players[0], lobby_channel, "ramsch new", preset="skat")
    await harness.settle()
    waiting = max(harness.service.tables.ids())
    assert waiting != running

    other = emulator.add_guild("Other Club", channels=("other",))
    mallory = emulator.add_user("Mallory", guilds=(other,))
    other.grant(mallory, manage_guild=True)
    posted = await mallory.say(other.channels[0], "hello")
    before = {table: table_state(harness, table) for table in (running, waiting)}
    shown_before = (game.table_message().text, lobby.text)

    deal = 0
    clicks = [
        ids.lobby_id(running, "cancel"),
        ids.lobby_id(waiting, "cancel"),
        ids.lobby_id(waiting, "join"),
        ids.lobby_id(waiting, "leave"),
        ids.lobby_id(waiting, "start"),
        ids.lobby_id(waiting, "addai"),
        ids.lobby_id(waiting, "removeai"),
        ids.lobby_id(waiting, "rules"),
        ids.hand_id(running),
        ids.back_id(running),
        ids.action_id(running, deal, "pass"),
        ids.action_id(running, deal, "play", "CJ"),
        ids.mark_id(running, deal, "CJ"),
        ids.numbers_id("t", waiting),
        ids.section_id("t", waiting, None),
    ]
    for custom_id in clicks:
        assert await forged(mallory, posted, custom_id) == [FOREIGN], custom_id
    assert await forged(mallory, posted, ids.editor_id("t", waiting, "preset"), ["skat"]) == [
        FOREIGN
    ]
    # In a DM (no server to compare): only the table's own players get through.
    note = await mallory.say(mallory.dm_channel, "hi")
    for custom_id in (
        ids.lobby_id(waiting, "join"),
        ids.lobby_id(running, "cancel"),
        ids.action_id(running, deal, "play", "CJ"),
        ids.hand_id(running),
    ):
        assert await forged(mallory, note, custom_id) == [NOT_PLAYING], custom_id
    assert await forged(mallory, note, ids.result_record_id(running, 0)) == [FOREIGN]

    await harness.settle()
    assert {table: table_state(harness, table) for table in (running, waiting)} == before
    assert (game.table_message().text, lobby.text) == shown_before
    # The table's own server still may: its host cancels the lobby.
    handle = await players[0].click(lobby, ids.lobby_id(waiting, "cancel"))
    await handle.wait_ack()
    await harness.settle()
    assert waiting not in harness.service.tables
    assert emulator.errors == []


# -- what a member can type or open -----------------------------------------------------------


async def forged_new(user: SimUser, harness: Harness, **options: Any) -> list[Message]:
    """`/ramsch new` with values no Discord client sends (over the options' bounds)."""
    registered = harness.emulator.find_command("ramsch", harness.guild)
    assert registered is not None
    given = [
        {"name": name, "type": 3 if isinstance(value, str) else 4, "value": value}
        for name, value in options.items()
    ]
    data = {
        "id": registered["id"],
        "name": "ramsch",
        "type": 1,
        "options": [{"type": 1, "name": "new", "options": given}],
        "guild_id": registered.get("guild_id"),
    }
    handle = user._handle(APPLICATION_COMMAND, harness.channel, data, "forged /ramsch new")
    await harness.emulator.dispatch_interaction(handle)
    return await handle.wait_response()


async def test_overlong_names_and_huge_stakes_are_refused(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    with pytest.raises(SimulationError):  # the Discord client keeps to the option's length
        await alice.slash(harness.channel, "ramsch new", preset="x" * 101)
    (refusal,) = await forged_new(alice, harness, preset="x" * 5000)
    assert refusal.ephemeral and "x" * 50 in refusal.content
    assert len(refusal.content) <= 2000
    (refusal,) = await forged_new(alice, harness, preset="skat-fixed", options=f"stake={10**18}")
    assert refusal.ephemeral and "stake" in refusal.text and "1000" in refusal.text
    (refusal,) = await forged_new(alice, harness, preset="skat-fixed", options="x" * 5000)
    assert refusal.ephemeral and len(refusal.content) <= 2000
    (opened,) = await forged_new(alice, harness, preset="skat-fixed", options="stake=1000")
    assert not opened.ephemeral and "Ramsch #1" in opened.text
    assert harness.service.tables.get(1).rules.model_dump()["stake"] == 1000
    await harness.settle()
    assert len(harness.service.tables.ids()) == 1
    assert harness.emulator.errors == []


async def test_a_client_showing_the_old_new_command_is_told_to_restart(harness: Harness) -> None:
    """A Discord client that still shows `/ramsch new` with its former options (`stake`,
    `crosses`, ...) is told where they went; nothing opens."""
    alice = harness.emulator.add_user("Alice")
    (refusal,) = await forged_new(alice, harness, preset="skat-fixed", stake=20, schieben="x")
    assert refusal.ephemeral and "older version of this command" in refusal.text
    assert "stake, schieben" in refusal.text and "options" in refusal.text
    assert harness.service.tables.open_tables() == []
    assert harness.emulator.errors == []


async def test_open_lobbies_are_limited_per_member_and_server(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guilds, "MAX_OPEN_TABLES", 3)
    channels = [harness.guild.add_channel(f"table-{n}") for n in range(4)]
    alice, bob, carol = (harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol"))
    for channel in channels[:2]:
        (lobby,) = await answer(alice, channel, "ramsch new", preset="skat")
        assert not lobby.ephemeral
    (refusal,) = await answer(alice, channels[2], "ramsch new", preset="skat")
    assert refusal.ephemeral
    assert refusal.text == "You host 2 open lobbies already (#1, #2): start or cancel one first"
    (lobby,) = await answer(bob, channels[2], "ramsch new", preset="skat")
    assert not lobby.ephemeral
    (refusal,) = await answer(carol, channels[3], "ramsch new", preset="skat")
    assert refusal.text == (
        "This server has 3 open tables, as many as it may: finish or abort one first"
    )
    assert channels[3].current_messages() == []
    # Once one closes, there is room again.
    (done,) = await answer(bob, channels[2], "ramsch abort")
    assert done.ephemeral
    (lobby,) = await answer(carol, channels[3], "ramsch new", preset="skat")
    assert not lobby.ephemeral
    await harness.settle()
    assert len(harness.service.tables.ids()) == 3
    assert harness.emulator.errors == []


# -- names that look like mentions ------------------------------------------------------------


async def test_a_name_written_as_a_mention_pings_nobody_and_shows_as_typed(
    harness: Harness,
) -> None:
    """Mallory calls herself ``<@Bob> **x**``: in the table, the trick lines, her timer notes,
    her return and the results her name shows as typed; no message pings Bob for her, and no
    text shows a mention of Bob where her name stands."""
    emulator = harness.emulator
    clock = FakeClock(time.time())
    harness.use_clock(clock)
    alice, bob = emulator.add_user("Alice"), emulator.add_user("Bob")
    mallory = emulator.add_user("mallory", global_name=f"<@{bob.id}> **x**")
    raw = f"<@{bob.id}> **x**"
    shown = name_text(raw)
    game = Game(harness, [alice, mallory, bob], "skat", from_log=True)
    await game.open(rounds=1)
    await game.start()

    async def tick(seconds: float) -> None:
        clock.advance(seconds)
        await harness.service.timers.tick()
        await harness.settle()

    while game.on_turn()[0] is not mallory:
        await game.step()
    await tick(125)  # she runs out of time: the AI plays for her
    await game.read_log()
    while game.on_turn()[0] is not mallory:
        await game.step()
    await tick(125)  # again: she is away
    back = await mallory.click(game.table_message(), "I'm back")
    await back.wait_ack()
    await harness.settle()
    await game.read_log()
    while not game.replay().finished:
        await game.step()
    await harness.settle()

    texts = [v.text for m in emulator.all_messages() for v in m.versions]
    assert not [text for text in texts if raw in text or f"<@{bob.id}> \\*\\*x" in text]
    channel = [m.text for m in harness.channel.current_messages()]
    for sentence in ("ran out of time", "is away", "is back and plays again", "final standings"):
        assert any(shown in text and sentence in text for text in channel), sentence
    hands = [v.text for m in [*bob.dms(), *bob.ephemerals()] for v in m.versions]
    assert any(shown in text for text in hands)  # the trick lines of his hand
    for message in emulator.all_messages():
        if "**x**" in message.content or shown in message.content:
            assert message.pinged_users <= {mallory.id}, message.content
    assert emulator.errors == []

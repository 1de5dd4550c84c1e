"""Issue 5: who may press what — every refusal is a clear private answer and changes nothing."""

from __future__ import annotations

import discord
import pytest

from bot.cogs.config import NOT_A_MANAGER
from bot.permissions import missing
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, answer
from tests.e2e.helpers import ai_table
from tests.emulator import SimulationError
from tests.emulator.model import (
    ATTACH_FILES,
    EMBED_LINKS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)


async def test_strangers_and_guests_are_refused_on_host_buttons(harness: Harness) -> None:
    alice, bob = (harness.emulator.add_user(name) for name in ("Alice", "Bob"))
    stranger = harness.emulator.add_user("Mallory")
    game = await ai_table(harness, alice, ais=1)
    lobby = game.lobby
    assert lobby is not None
    expected = {
        "Add AI": "Only the host can add AI players",
        "Remove AI": "Only the host can remove AI players",
        "Rules": "Only the host can change the rules",
        "Start": "Only the host can start the game",
        "Cancel": "Only the host or a member with Manage Server can abort this table",
    }
    before = len(lobby.versions)
    for label in ("Add AI", "Remove AI", "Rules", "Cancel"):  # Start is off: seats are free
        assert game.refusals(await game.click(stranger, lobby, label)) == [expected[label]]
    assert len(lobby.versions) == before, "a refused click changed the lobby"
    await game.click(bob, lobby, "Join")
    before = len(lobby.versions)
    for user in (bob, stranger):
        for label in ("Remove AI", "Rules", "Start", "Cancel"):  # Add AI is off: the table is full
            assert game.refusals(await game.click(user, lobby, label)) == [expected[label]]
    assert len(lobby.versions) == before, "a refused click changed the lobby"
    assert not [m for m in stranger.ephemerals() if "House rules" in m.text]
    assert [seat.name for seat in harness.service.tables.get(game.table_id).seats] == [
        "Alice", "AI 1", "Bob",
    ]  # fmt: skip


async def test_only_managers_may_configure_the_server(harness: Harness) -> None:
    """`/ramsch-config` is shown only to members with Manage Server (Discord hides it by its
    default permissions); a member who runs it anyway (a server may allow the command to
    anyone in its Integrations settings) is refused at run time."""
    [command] = [c for c in harness.emulator.commands[harness.guild.id]
                 if c["name"] == "ramsch-config"]  # fmt: skip
    assert command["default_member_permissions"] == str(discord.Permissions.manage_guild.flag)
    assert command["dm_permission"] is False  # servers only
    alice = harness.emulator.add_user("Alice")
    with pytest.raises(SimulationError, match="lacks the permissions"):
        await alice.slash(harness.channel, "ramsch-config show")
    command["default_member_permissions"] = None  # the server's override: everyone may use it
    (refused,) = await answer(alice, harness.channel, "ramsch-config show")
    assert refused.ephemeral and refused.text == NOT_A_MANAGER
    (refused,) = await answer(alice, harness.channel, "ramsch-config table", timer=0, dms=False)
    assert refused.ephemeral and refused.text == NOT_A_MANAGER
    (refused,) = await answer(alice, harness.channel, "ramsch-config announce", threads=True)
    assert refused.ephemeral and refused.text == NOT_A_MANAGER
    assert await harness.store.settings.load_guild_settings(harness.guild.id) is None
    admin = harness.emulator.add_user("Admin")
    harness.guild.grant(admin, administrator=True)
    (shown,) = await answer(admin, harness.channel, "ramsch-config table", timer=0)
    assert shown.ephemeral and "Saved: turn timer" in shown.text


async def test_only_the_host_or_a_manager_aborts(harness: Harness) -> None:
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    mod = harness.emulator.add_user("Mod")
    harness.guild.grant(mod, manage_guild=True)
    game = Game(harness, players, "skat")
    await game.open()
    await game.start()
    for user in players[1:]:
        (refusal,) = await answer(user, harness.channel, "ramsch abort")
        assert refusal.text == "Only the host or a member with Manage Server can abort this table"
    stranger = harness.emulator.add_user("Mallory")
    refused = game.refusals(await game.click(stranger, game.table_message(), "My hand"))
    assert refused == ["You are not playing at this table"]
    (done,) = await answer(mod, harness.channel, "ramsch abort")
    assert done.ephemeral and "is cancelled" in done.text


async def test_records_stay_in_their_server(harness: Harness) -> None:
    from bot.tables import TableError
    from tests.e2e.helpers import played_session

    alice = harness.emulator.add_user("Alice")
    game = await played_session(harness, alice)
    record = await harness.service.boards.deal_record(game.table_id, 0, guild_id=harness.guild.id)
    assert record["seed"] and record["actions"]
    try:
        await harness.service.boards.deal_record(game.table_id, 0, guild_id=harness.guild.id + 1)
    except TableError as error:
        assert error.message == "Table #1 has no finished deal 1"
    else:
        raise AssertionError("another server's record was handed out")


async def test_new_names_the_permissions_the_bot_lacks_in_the_channel(harness: Harness) -> None:
    """Issue 13: a channel where the bot may not post embeds or pictures refuses the table at
    once, naming what is missing as Discord shows it, in the reader's language."""
    emulator, guild, channel = harness.emulator, harness.guild, harness.channel
    alice = emulator.add_user("Alice")
    anna = emulator.add_user("Anna", locale="de")
    guild.set_permissions(channel, emulator.bot, deny=EMBED_LINKS | ATTACH_FILES)
    (refused,) = await answer(alice, channel, "ramsch new")
    assert refused.ephemeral and refused.text == (
        "I can't run a table in this channel: I'm missing these permissions here: Embed Links, "
        "Attach Files. A server admin can grant them to me in the channel's settings under "
        "Permissions."
    )
    (refused,) = await answer(anna, channel, "ramsch new")
    assert refused.ephemeral and "Links einbetten, Dateien anhängen" in refused.text
    assert "Berechtigungen" in refused.text
    assert not channel.current_messages() and not harness.service.tables.open_tables(channel.id)
    # Hidden from the bot (a private channel): everything is missing.
    guild.set_permissions(channel, emulator.bot, deny=VIEW_CHANNEL)
    (refused,) = await answer(alice, channel, "ramsch new")
    assert "View Channel, Send Messages, Embed Links, Attach Files, Read Message History" in (
        refused.text
    )
    # A role's overwrite counts too: @everyone may not read the history, the bot's role may.
    guild.set_permissions(channel, emulator.bot)
    guild.set_permissions(channel, guild.everyone, deny=READ_MESSAGE_HISTORY | SEND_MESSAGES)
    (refused,) = await answer(alice, channel, "ramsch new")
    assert "missing these permissions here: Send Messages, Read Message History." in refused.text
    bot_role = next(r for r in guild.roles.values() if r.name == emulator.bot.name)
    guild.set_permissions(channel, bot_role, allow=READ_MESSAGE_HISTORY | SEND_MESSAGES)
    game = Game(harness, [alice], "skat")
    await game.open()  # granted: the table opens
    assert harness.service.tables.open_tables(channel.id)


async def test_the_bot_posts_nothing_where_it_may_not(harness: Harness) -> None:
    """The emulator refuses as Discord does: 50001 without View Channel, 50013 without Send
    Messages (what a table would meet later without the check above)."""
    emulator, guild, channel = harness.emulator, harness.guild, harness.channel
    guild.set_permissions(channel, emulator.bot, deny=SEND_MESSAGES)
    messageable = harness.bot.get_partial_messageable(channel.id)
    try:
        await messageable.send("hello")
    except discord.Forbidden as error:
        assert error.code == 50013
    else:
        raise AssertionError("sent without Send Messages")
    guild.set_permissions(channel, emulator.bot, deny=VIEW_CHANNEL)
    try:
        await messageable.send("hello")
    except discord.Forbidden as error:
        assert error.code == 50001
    else:
        raise AssertionError("sent without View Channel")
    assert not channel.current_messages()


def test_a_thread_needs_send_messages_in_threads_instead() -> None:
    thread = discord.Permissions(VIEW_CHANNEL | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY)
    assert missing(thread, thread=True) == ["Send Messages in Threads"]
    assert missing(thread | discord.Permissions(SEND_MESSAGES_IN_THREADS), thread=True) == []
    assert missing(thread) == ["Send Messages"]
    assert missing(discord.Permissions(administrator=True)) == []

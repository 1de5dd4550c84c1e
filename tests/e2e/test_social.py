"""Issue 13: play again, invites, the role ping and a thread per table, as players and admins
use them: every stranger's click or bad input is refused privately and changes nothing."""

from __future__ import annotations

from bot.ui import ids
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, answer
from tests.emulator import Message, SimUser
from tests.emulator.model import CREATE_PUBLIC_THREADS
from tests.emulator.threads import PUBLIC_THREAD, Thread


async def manager(harness: Harness, name: str = "Mod") -> SimUser:
    user = harness.emulator.add_user(name)
    harness.guild.grant(user, manage_guild=True)
    return user


async def finished_session(harness: Harness, alice: SimUser, bob: SimUser) -> Game:
    """Alice (host), Bob and an AI play a whole session of one round to its end."""
    game = Game(harness, [alice, bob], "skat", from_log=True)
    lobby = await game.open(rounds=1)
    await game.click(bob, lobby, "Join")
    await game.click(alice, lobby, "Add AI")
    handle = await game.click(alice, lobby, "Start")
    assert not game.refusals(handle)
    while not game.replay().finished:
        await game.step()
    await harness.settle()
    return game


def standings(harness: Harness, table_id: int) -> Message:
    key = ids.again_id(table_id, "again")
    found = [
        message
        for message in harness.channel.current_messages()
        if any(button.get("custom_id") == key for button in message.buttons())
    ]
    assert len(found) == 1, [m.text[:60] for m in found]
    return found[0]


async def refused(user: SimUser, message: Message, key: str, harness: Harness) -> str:
    """Click ``key`` as ``user``; the one private refusal (the message must not change)."""
    before = len(message.versions)
    handle = await user.click(message, key)
    shown = await handle.wait_response()
    await harness.settle()
    texts = [m.text for m in shown if m.ephemeral]
    assert len(texts) == 1, [m.text for m in shown]
    assert len(message.versions) == before, "a refused click changed the message"
    return texts[0]


async def test_play_again_waits_for_every_player_and_survives_a_restart(
    harness: Harness,
) -> None:
    alice, bob, mallory = (harness.emulator.add_user(n) for n in ("Alice", "Bob", "Mallory"))
    game = await finished_session(harness, alice, bob)
    shown = standings(harness, game.table_id)
    assert "final standings" in shown.text
    assert {"Play again", "New table"} <= {b.get("label") for b in shown.buttons()}
    again = ids.again_id(game.table_id, "again")

    assert await refused(mallory, shown, again, harness) == (
        "Only the players of table #1 can play it again"
    )
    handle = await alice.click(shown, again)
    await handle.wait_response()
    await harness.settle()
    assert shown.content == f"**Play again?** ✅ {alice.mention} · ⏳ {bob.mention} · ✅ 🤖 AI 1"
    assert not shown.pinged_users and len(harness.service.tables.open_tables()) == 0
    assert await refused(alice, shown, again, harness) == (
        "You are in already: waiting for the other players"
    )

    await harness.restart()  # the confirmations are in the database, the button still works
    assert await refused(mallory, shown, again, harness) == (
        "Only the players of table #1 can play it again"
    )
    handle = await bob.click(shown, again)
    await handle.wait_response()
    await harness.settle()
    assert shown.content.endswith("Everybody is in: Ramsch #2 starts.")
    assert f"✅ {bob.mention}" in shown.content
    (table,) = harness.service.tables.open_tables(harness.channel.id)
    assert (table.id, table.status, table.host_id) == (2, "playing", alice.id)
    assert [(seat.user_id, seat.name, seat.ai) for seat in table.seats] == [
        (alice.id, "Alice", None), (bob.id, "Bob", None), (None, "AI 1", "heuristic"),
    ]  # fmt: skip
    assert table.rules == game.rules() and table.options.rounds == 1
    second = Game(harness, [alice, bob], "skat", from_log=True, table_id=2)
    assert "My hand" in second.table_message().text
    assert any("**Ramsch #2**" in m.text for m in alice.dms())
    assert await refused(bob, shown, again, harness) == (
        "Table #1 is played again already: table #2"
    )

    # New table: a lobby with the same rules, the clicker its host; one table per channel.
    carol = harness.emulator.add_user("Carol")
    newtable = ids.again_id(game.table_id, "newtable")
    assert await refused(carol, shown, newtable, harness) == (
        "This channel already has a table (#2): finish or abort it first"
    )
    await answer(alice, harness.channel, "ramsch abort")
    await harness.settle()
    handle = await carol.click(shown, newtable)
    (lobby,) = await handle.wait_response()
    await harness.settle()
    assert not lobby.ephemeral and "open table" in lobby.text and "Skat Ramsch" in lobby.text
    (table,) = harness.service.tables.open_tables(harness.channel.id)
    assert (table.id, table.host_id, table.status) == (3, carol.id, "lobby")
    assert table.rules == game.rules()


async def test_invited_players_and_the_table_role_are_pinged(harness: Harness) -> None:
    mod = await manager(harness)
    alice, bob, carol, dave = (
        harness.emulator.add_user(n) for n in ("Alice", "Bob", "Carol", "Dave")
    )
    players = harness.guild.add_role("Skat players", mentionable=True)
    (saved,) = await answer(mod, harness.channel, "ramsch-config announce", ping_role=players)
    assert "Saved: role pinged for new tables" in saved.text
    assert f"Role pinged for new tables\n{players.mention}" in saved.text
    assert not saved.pinged_roles

    handle = await alice.slash(
        harness.channel, "ramsch new", preset="skat", invite1=bob, invite2=carol
    )
    (lobby,) = await handle.wait_response()
    await harness.settle()
    assert lobby.headline.startswith(f"{players.mention} {bob.mention} {carol.mention}: ")
    assert "opened a table of Skat Ramsch" in lobby.headline
    assert lobby.pinged_users == {bob.id, carol.id}, "only the invited are pinged"
    assert lobby.pinged_roles == {players.id}
    handle = await bob.click(lobby, "Join")
    await handle.wait_ack()
    await harness.settle()
    assert [seat.name for seat in harness.service.tables.get(1).seats] == ["Alice", "Bob"]
    assert bob.mention in lobby.text, "the lobby shows him"
    assert players.mention not in lobby.text, "no more pings"
    await answer(alice, harness.channel, "ramsch abort")

    # Bad invitations: refused privately, no table opened.
    bot = harness.emulator.bot
    for options, refusal in (
        ({"invite1": bot}, "Bots can't be invited: the host adds AI players with **Add AI**"),
        ({"invite1": alice}, "You sit at your table already: invite other players"),
        (
            {"invite1": bob, "invite2": carol, "invite3": dave},
            "The table has 3 seats: invite at most 2 players",
        ),
    ):
        (shown,) = await answer(alice, harness.channel, "ramsch new", preset="skat", **options)
        assert shown.ephemeral and shown.text == refusal
        assert harness.service.tables.open_tables() == []

    # The role: not @everyone; a role nobody may mention is saved with a warning; cleared.
    everyone = harness.guild.everyone
    (shown,) = await answer(mod, harness.channel, "ramsch-config announce", ping_role=everyone)
    assert shown.text == "Choose a role: the bot never pings @everyone"
    quiet = harness.guild.add_role("Quiet")
    (shown,) = await answer(mod, harness.channel, "ramsch-config announce", ping_role=quiet)
    assert "can't be mentioned by everyone" in shown.text
    (shown,) = await answer(
        mod, harness.channel, "ramsch-config announce", ping_role=quiet, no_ping_role=True
    )
    assert shown.text == "Choose a role to ping or no role, not both"
    assert (await harness.service.guilds.get(harness.guild.id)).ping_role == quiet.id
    (shown,) = await answer(mod, harness.channel, "ramsch-config announce", no_ping_role=True)
    assert "Role pinged for new tables\nnone" in shown.text
    (lobby,) = await answer(alice, harness.channel, "ramsch new", preset="skat")
    assert lobby.headline.startswith("### Ramsch #"), "no invitation line"
    assert not lobby.pinged_roles and not lobby.pinged_users


def thread_of(harness: Harness, message: Message) -> Thread:
    thread = harness.emulator.channels.get(message.id)
    assert isinstance(thread, Thread) and thread.parent is harness.channel
    return thread


async def test_each_table_plays_in_its_own_thread(harness: Harness) -> None:
    mod = await manager(harness)
    alice, bob = (harness.emulator.add_user(n) for n in ("Alice", "Bob"))
    (saved,) = await answer(mod, harness.channel, "ramsch-config announce", threads=True)
    assert "Saved: a thread per table" in saved.text and "A thread per table\non" in saved.text

    handle = await alice.slash(harness.channel, "ramsch new", preset="skat", invite1=bob)
    (announcement,) = await handle.wait_response()
    await harness.settle()
    assert not announcement.ephemeral and "plays in the thread below" in announcement.text
    assert announcement.pinged_users == {bob.id}
    thread = thread_of(harness, announcement)
    assert thread.type == PUBLIC_THREAD and thread.name == "Ramsch #1"
    (lobby,) = thread.current_messages()
    assert "open table" in lobby.text and "Players 1/3" in lobby.text
    table = harness.service.tables.get(1)
    assert table.channel_id == thread.id and table.message_id == lobby.id

    handle = await bob.click(announcement, "Join")  # the announcement's Join seats him
    await handle.wait_ack()
    await harness.settle()
    assert "Players 2/3" in lobby.text
    game = Game(harness, [alice, bob], "skat", from_log=True, table_id=1, lobby=lobby)
    await game.click(alice, lobby, "Add AI")
    await game.click(alice, lobby, "Start")
    assert "My hand" in lobby.text, "the lobby in the thread shows the first deal"
    assert [m.id for m in harness.channel.current_messages()] == [announcement.id]
    assert not announcement.buttons(), "the announcement's Join is gone once the table starts"
    assert f"The table plays in <#{thread.id}>" in announcement.text

    # The channel stays free: a second table opens its own thread while the first plays.
    (second,) = await answer(bob, harness.channel, "ramsch new", preset="skat")
    assert thread_of(harness, second) is not thread
    (refusal,) = await answer(bob, thread, "ramsch new", preset="skat")
    assert refusal.ephemeral and "already has a table (#1)" in refusal.text

    # A table in a thread is aborted there; its result stays in its thread.
    (done,) = await answer(alice, thread, "ramsch abort")
    assert done.ephemeral and "Table #1 is cancelled" in done.text
    await harness.settle()
    assert "closed" in lobby.text


async def test_without_thread_permissions_the_table_plays_in_the_channel(
    harness: Harness,
) -> None:
    mod = await manager(harness)
    alice = harness.emulator.add_user("Alice")
    await answer(mod, harness.channel, "ramsch-config announce", threads=True)
    harness.guild.set_permissions(
        harness.channel, harness.guild.everyone, deny=CREATE_PUBLIC_THREADS
    )
    await harness.emulator.idle()
    handle = await alice.slash(harness.channel, "ramsch new", preset="skat")
    shown = await handle.wait_response()
    await harness.settle()
    lobby, note = shown
    assert not lobby.ephemeral and "open table" in lobby.text
    assert note.ephemeral and note.text == (
        "This server gives each table its own thread, but I lack the permission "
        "**Create Public Threads** in this channel: the table plays here."
    )
    assert harness.service.tables.get(1).channel_id == harness.channel.id
    assert harness.guild.threads == []
    await answer(alice, harness.channel, "ramsch abort")

    # A thread Discord refuses to open (a passing 503): the announcement becomes the lobby.
    harness.guild.set_permissions(harness.channel, harness.guild.everyone)
    harness.emulator.faults.add(
        method="POST", route="/channels/{channel_id}/messages/{message_id}/threads", status=503
    )
    handle = await alice.slash(harness.channel, "ramsch new", preset="skat")
    announcement, note = await handle.wait_response()
    await harness.settle()
    assert (
        note.ephemeral and note.text == "I could not open a thread for this table: it plays here."
    )
    table = harness.service.tables.get(2)
    assert table.channel_id == harness.channel.id and table.message_id == announcement.id
    assert "Players 1/3" in announcement.text and "Add AI" in announcement.text
    handle = await alice.click(announcement, "Add AI")
    await handle.wait_ack()
    await harness.settle()
    assert "Players 2/3" in announcement.text

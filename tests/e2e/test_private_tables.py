"""Issue 31 in Discord: private tables (a stranger's Join refused, invited players sit down,
the host invites more from the lobby and they get its link by DM, all after a restart too),
and every lobby's link."""

from __future__ import annotations

import re

from bot.ui import ids
from tests.e2e.conftest import Harness
from tests.e2e.driver import answer
from tests.emulator import Message, SimUser

LINK = re.compile(r"https://discord\.com/channels/(\d+)/(\d+)/(\d+)")


def link_target(text: str) -> tuple[int, int, int]:
    """The guild, channel and message the one Discord message link in ``text`` opens."""
    (found,) = {tuple(int(part) for part in match) for match in LINK.findall(text)}
    guild, channel, message = found
    return guild, channel, message


def points_at(harness: Harness, text: str, message: Message) -> bool:
    return link_target(text) == (harness.guild.id, message.channel.id, message.id)


async def click(harness: Harness, user: SimUser, message: Message, key: str) -> list[str]:
    """Click as ``user``; the private answers he got (refusals)."""
    handle = await user.click(message, key)
    await handle.wait_ack()
    await harness.settle()
    return [shown.text for shown in handle.messages if shown.ephemeral]


async def open_private(harness: Harness, host: SimUser, **options: object) -> tuple[Message, int]:
    handle = await host.slash(harness.channel, "ramsch new", preset="skat", private=True, **options)
    (lobby,) = await handle.wait_response()
    await harness.settle()
    assert not lobby.ephemeral
    (table,) = harness.service.tables.open_tables(harness.channel.id)
    return lobby, table.id


async def test_a_private_table_seats_only_the_invited_also_after_a_restart(
    harness: Harness,
) -> None:
    alice, bob, carol = (harness.emulator.add_user(n) for n in ("Alice", "Bob", "Carol"))
    lobby, table_id = await open_private(harness, alice, invite1=bob)
    assert "Private table" in lobby.text and f"Only invited players can join: {bob.mention}" in (
        lobby.text
    )
    assert lobby.pinged_users == {bob.id}
    join = ids.lobby_id(table_id, "join")
    table = harness.service.tables.get(table_id)
    before = table.snapshot()
    refusals = await click(harness, carol, lobby, join)
    assert refusals == ["This table is private: only the players the host invited can join"]
    assert table.snapshot() == before and "Carol" not in lobby.text
    # Bob got the lobby's link by DM, as well as the ping.
    (dm,) = bob.dms()
    assert "Alice invites you to a private table of Skat Ramsch on Ramsch Club" in dm.text
    assert points_at(harness, dm.text, lobby)

    await harness.restart()
    assert await click(harness, carol, lobby, join) == refusals
    assert await click(harness, bob, lobby, join) == []
    again = harness.service.tables.get(table_id)
    assert again.private and [seat.name for seat in again.seats] == ["Alice", "Bob"]
    assert bob.mention in lobby.text
    # The host still fills a seat with an AI and starts.
    assert await click(harness, alice, lobby, "Add AI") == []
    assert await click(harness, alice, lobby, "Start") == []
    assert again.status == "playing"


async def test_the_host_invites_from_the_lobby_and_the_dm_links_to_it(harness: Harness) -> None:
    alice, bob, carol = (harness.emulator.add_user(n) for n in ("Alice", "Bob", "Carol"))
    lobby, table_id = await open_private(harness, alice)
    assert "Only players the host invites can join." in lobby.text
    assert points_at(harness, lobby.text, lobby), "the lobby shows its own link"
    invite = ids.invite_id(table_id)
    table = harness.service.tables.get(table_id)
    before = table.snapshot()

    # A player who is not the host can't invite; nothing changes, nobody gets a DM.
    handle = await carol.select(lobby, invite, [carol])
    (refusal,) = await handle.wait_response()
    assert refusal.ephemeral and refusal.text == "Only the host can invite players"
    await harness.settle()
    assert table.snapshot() == before and carol.dms() == []
    assert await click(harness, bob, lobby, ids.lobby_id(table_id, "join")) != []

    handle = await alice.select(lobby, invite, [bob])
    (answer_shown,) = await handle.wait_response()
    await harness.settle()
    assert answer_shown.ephemeral and answer_shown.ephemeral_for == alice.id
    assert answer_shown.text == f"Invited {bob.mention}: I am sending them this table's link."
    assert table.invited == {bob.id}
    assert f"Only invited players can join: {bob.mention}" in lobby.text
    (dm,) = bob.dms()
    assert "Alice invites you to a private table of Skat Ramsch" in dm.text
    assert points_at(harness, dm.text, lobby)
    assert await click(harness, bob, lobby, ids.lobby_id(table_id, "join")) == []
    assert [seat.name for seat in table.seats] == ["Alice", "Bob"]

    # A player whose DMs are closed is invited all the same; the host is told to share the link.
    carol.dms_open = False
    handle = await alice.select(lobby, invite, [carol])
    await handle.wait_response()
    await harness.settle()
    texts = [message.text for message in handle.messages if message.ephemeral]
    unreachable = f"I could not send {carol.mention} a DM: share this table's link with them"
    assert texts == [
        f"Invited {carol.mention}: I am sending them this table's link.",
        f"{unreachable} yourself.",
    ]
    assert carol.id in table.invited

    # After the start the lobby's buttons and menu are stale: one sentence, nothing changes.
    stale = lobby.snapshot()
    assert await click(harness, alice, lobby, "Add AI") == []
    assert await click(harness, alice, lobby, "Start") == []
    playing = table.snapshot()
    handle = await alice.select(stale, invite, [carol])
    (refusal,) = await handle.wait_response()
    assert refusal.ephemeral and refusal.text == "The game has already started"
    assert await click(harness, carol, stale, ids.lobby_id(table_id, "join")) == [
        "The game has already started"
    ]
    assert table.snapshot() == playing


async def test_every_lobby_shows_its_link(harness: Harness) -> None:
    alice, bob = (harness.emulator.add_user(n) for n in ("Alice", "Bob"))
    (lobby,) = await answer(alice, harness.channel, "ramsch new", preset="skat")
    await harness.settle()
    assert "Link to this table" in lobby.text and points_at(harness, lobby.text, lobby)
    assert "Private table" not in lobby.text
    assert not [c for c in lobby.current.components if "invite" in str(c)]
    assert await click(harness, bob, lobby, "Join") == [], "anyone joins an open table"


async def test_refusals_answers_and_the_invitation_speak_german(harness: Harness) -> None:
    anna, bernd, clara = (
        harness.emulator.add_user(name, locale="de") for name in ("Anna", "Bernd", "Clara")
    )
    await answer(bernd, harness.channel, "ramsch help")  # the bot learns Bernd reads German
    lobby, table_id = await open_private(harness, anna)
    assert await click(harness, clara, lobby, ids.lobby_id(table_id, "join")) == [
        "Dieser Tisch ist privat: nur Spieler, die der Gastgeber eingeladen hat, können beitreten"
    ]
    handle = await clara.select(lobby, ids.invite_id(table_id), [bernd])
    (refusal,) = await handle.wait_response()
    assert refusal.text == "Nur der Gastgeber kann Spieler einladen"
    handle = await anna.select(lobby, ids.invite_id(table_id), [bernd])
    (shown,) = await handle.wait_response()
    await harness.settle()
    assert shown.text == f"Eingeladen: {bernd.mention}. Ich schicke ihnen den Link zu diesem Tisch."
    (dm,) = bernd.dms()
    assert dm.text.startswith(
        "Anna lädt dich an einen privaten Tisch ein (Skat Ramsch auf Ramsch Club). Hier kannst "
        "du beitreten: https://discord.com/channels/"
    ), dm.text
    assert points_at(harness, dm.text, lobby)


async def test_the_invitation_shows_a_hostile_host_name_as_typed(harness: Harness) -> None:
    bob = harness.emulator.add_user("Bob")
    eve = harness.emulator.add_user("eve", global_name=f"**Eve** <@{bob.id}>")
    await open_private(harness, eve, invite1=bob)
    (dm,) = bob.dms()
    assert dm.text.startswith("\\*\\*Eve\\*\\* <\u200b@"), dm.text
    assert not dm.pinged_users


async def test_a_lobby_posted_anew_links_to_its_new_message(harness: Harness) -> None:
    alice, bob = (harness.emulator.add_user(n) for n in ("Alice", "Bob"))
    (lobby,) = await answer(alice, harness.channel, "ramsch new", preset="skat")
    await harness.settle()
    harness.emulator.delete_message(lobby)
    (table,) = harness.service.tables.open_tables(harness.channel.id)
    await harness.service.lobby.join(table.id, bob.id, "Bob")  # the lobby must show it
    await harness.settle()
    (again,) = [m for m in harness.channel.current_messages() if "open table" in m.text]
    assert again.id != lobby.id and bob.mention in again.text
    assert points_at(harness, again.text, again)


async def test_a_private_table_in_its_own_thread_links_to_the_lobby_there(
    harness: Harness,
) -> None:
    mod, alice, bob, carol = (
        harness.emulator.add_user(n) for n in ("Mod", "Alice", "Bob", "Carol")
    )
    harness.guild.grant(mod, manage_guild=True)
    await answer(mod, harness.channel, "ramsch-config announce", threads=True)
    announcement, table_id = await open_private_anywhere(harness, alice, invite1=bob)
    thread = harness.emulator.channels[announcement.id]
    (lobby,) = thread.current_messages()
    assert points_at(harness, lobby.text, lobby) and link_target(lobby.text)[1] == thread.id
    (dm,) = bob.dms()
    assert points_at(harness, dm.text, lobby)
    assert await click(harness, carol, announcement, ids.lobby_id(table_id, "join")) == [
        "This table is private: only the players the host invited can join"
    ]
    assert await click(harness, bob, announcement, ids.lobby_id(table_id, "join")) == []
    assert bob.mention in lobby.text


async def open_private_anywhere(
    harness: Harness, host: SimUser, **options: object
) -> tuple[Message, int]:
    """``/ramsch new private:true``: the message answering it and the table's id."""
    handle = await host.slash(harness.channel, "ramsch new", preset="skat", private=True, **options)
    (shown,) = await handle.wait_response()
    await harness.settle()
    (table,) = harness.service.tables.open_tables()
    return shown, table.id

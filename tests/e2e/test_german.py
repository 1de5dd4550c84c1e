"""A whole session in German: a server whose language is German and players whose Discord
speaks German never meet an English word, see their game's own pack, get card pictures with
alt text, and are pinged when it is their turn. Also: a German player at an English table reads
his own hand in German while the channel stays English."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.pictures import CardStyle, card_name
from bot.ui.faces import cards_in
from tests.e2e.conftest import Harness, running_harness
from tests.e2e.driver import Game, answer
from tests.emulator import Emulator, Message, SimUser
from tests.english import english_words

GERMAN_DEAL = "Spiel {number} von"
GERMAN_FRENCH = CardStyle(pack="french", lang="de")


@pytest_asyncio.fixture
async def german(emulator: Emulator, tmp_path: Path) -> AsyncIterator[Harness]:
    """The bot on a server whose language is German."""
    guild = emulator.add_guild("Ramsch-Runde", channels=("allgemein",), locale="de")
    async with running_harness(emulator, guild, tmp_path / "ramsch.sqlite3") as running:
        yield running


def every_version(messages: list[Message]) -> list[str]:
    """The text of every version of the messages (what a player may have read at any time),
    with alt texts and select options."""
    texts = []
    for message in messages:
        for version in message.versions:
            alt = [attachment.description or "" for attachment in version.attachments]
            texts.append("\n".join([version_text(version), *alt]))
    return texts


def version_text(version: object) -> str:
    text = getattr(version, "text", "")
    return text if isinstance(text, str) else ""


def seen_by(harness: Harness, user: SimUser) -> list[Message]:
    return [*list(harness.channel.messages), *user.dms(), *user.ephemerals()]


async def test_a_german_session_has_no_english_word(german: Harness) -> None:
    players = [german.emulator.add_user(name, locale="de") for name in ("Anna", "Bernd", "Clara")]
    names = tuple(user.name for user in players)
    game = Game(german, players, "skat", deal_marker=GERMAN_DEAL)
    lobby = await game.open(rounds=1)
    assert "Mitspieler 1/3" in lobby.text or "1/3" in lobby.text
    await game.start()
    channel_before = len(german.channel.messages)
    for _ in range(3):
        await game.play_deal()
    assert game.replay().finished

    # Not one English word in any version of any message a player saw, alt texts included.
    for user in players:
        for text in every_version(seen_by(german, user)):
            assert not english_words(text, names), (english_words(text, names), text)

    # The table messages showed the trick as a picture, described in German (Skat: French
    # pack, German names); the hands showed each player's cards, greyed where not playable.
    table_versions = [
        version
        for message in list(german.channel.messages)
        for version in message.versions
        if any(a.filename == "trick.png" for a in version.attachments)
    ]
    assert table_versions, "no trick picture on the table message"
    for version in table_versions:
        [picture] = [a for a in version.attachments if a.filename == "trick.png"]
        assert picture.data.startswith(b"\x89PNG")
        assert re.match(r"(Der Stich|Der letzte Stich): ", picture.description or "")
        assert version.pictures() == ["attachment://trick.png"]
    names_seen = " ".join(
        a.description or "" for v in table_versions for a in v.attachments if a.description
    )
    assert "Bube" in names_seen or "Dame" in names_seen or "Ass" in names_seen
    for user in players:
        hands = [v for m in user.dms() for v in m.versions if v.attachments]
        assert hands, f"{user.name} got no picture of his hand"
        for version in hands:
            [picture] = version.attachments
            assert picture.filename == "hand.png" and picture.data.startswith(b"\x89PNG")
            assert (picture.description or "").startswith("Deine Karten: ")
            # The text shows the same hand, in German letters (Bube = B, Dame = D).
            line = next(x for x in version_text(version).split("\n") if "Karten:**" in x)
            named = (picture.description or "").removeprefix("Deine Karten: ").split(", ")
            assert {card_name(card, GERMAN_FRENCH) for card in cards_in(line)} == set(named)
    dm_text = " ".join(version_text(v) for v in players[0].dms()[0].versions)
    assert re.search(r"[♣♠♥♦][BD]\b", dm_text), "German rank letters in the hand"

    # Standings and score sheet in German, with card points (Augen) and score apart.
    results = " ".join(m.text for m in german.channel.current_messages())
    assert "Augen" in results and "Punkte" in results

    # Discord's rate limits: messages and edits in the channel per trick, printed.
    channel = list(german.channel.messages)[channel_before:]
    posts = len(channel)
    edits = sum(len(message.versions) - 1 for message in channel)
    deletes = len([m for m in channel if m.deleted])
    tricks = 30
    print(
        f"\nchannel writes over {tricks} tricks: {posts} messages, {edits} edits, "
        f"{deletes} deletes = {(posts + edits + deletes) / tricks:.2f} per trick"
    )
    # At most one table-message edit per card played, plus the result and reminder posts.
    assert edits <= tricks * 3 + 10
    assert german.emulator.errors == [], "a Discord limit or rule was broken"


async def test_the_commands_speak_german_to_a_german_client(german: Harness) -> None:
    """Slash commands carry German names and descriptions; replies follow the user's locale."""
    commands = german.emulator.commands
    everything = [command for registered in commands.values() for command in registered]
    ramsch = next(command for command in everything if command["name"] == "ramsch")
    subcommands = {option["name"]: option for option in ramsch["options"]}
    assert subcommands["new"]["name_localizations"]["de"] == "neu"
    assert subcommands["cards"]["name_localizations"]["de"] == "karten"
    anna = german.emulator.add_user("Anna", locale="de")
    (reply,) = await answer(anna, german.channel, "ramsch cards", pack="german")
    assert reply.ephemeral and "Blatt: Deutsch" in reply.text
    [picture] = reply.attachments
    assert picture.filename == "cards.png" and "Eichel-Unter" in (picture.description or "")
    assert not english_words(reply.text, ("Anna",))


async def test_a_german_player_at_an_english_table(harness: Harness) -> None:
    """The channel speaks the server's language; each player's hand speaks his own."""
    alice = harness.emulator.add_user("Alice")
    bernd = harness.emulator.add_user("Bernd", locale="de")
    carol = harness.emulator.add_user("Carol")
    game = Game(harness, [alice, bernd, carol], "skat")
    await game.open(rounds=1)
    await game.start()
    for _ in range(4):
        await game.step()
    table = game.table_message().text
    assert "Trick" in table and "Stich" not in table
    german_hand = game.hand_message(bernd)
    english_hand = game.hand_message(alice)
    assert german_hand is not None and english_hand is not None
    assert not english_words(german_hand.text, ("Alice", "Bernd", "Carol"))
    assert "Your cards" in english_hand.text


async def test_a_server_chooses_german_for_its_tables(harness: Harness) -> None:
    """`/ramsch-config table language:de reminder:0` on a server whose language is English: the
    next table speaks German in the channel and pings the player to act at once."""
    mod = harness.emulator.add_user("Mod")
    harness.guild.grant(mod, manage_guild=True)
    (saved,) = await answer(mod, harness.channel, "ramsch-config table", language="de", reminder=0)
    assert "language" in saved.text and "reminder" in saved.text  # the mod's own English
    players = [mod, harness.emulator.add_user("Bob"), harness.emulator.add_user("Carol")]
    game = Game(harness, players, "skat", deal_marker=GERMAN_DEAL)
    lobby = await game.open()
    assert not english_words(lobby.text, ("Mod", "Bob", "Carol")), lobby.text
    await game.start()
    await harness.service.timers.tick()
    await harness.settle()
    first, _, _ = game.on_turn()
    pings = [m for m in harness.channel.current_messages() if m.text.startswith("⏰")]
    assert [ping.text.split(",")[0] for ping in pings] == [f"⏰ {first.mention}"]
    assert "du bist dran" in pings[0].text
    await game.step()
    await harness.service.timers.tick()
    await harness.settle()
    second, _, _ = game.on_turn()
    pings = [m for m in harness.channel.current_messages() if m.text.startswith("⏰")]
    assert [ping.text.split(",")[0] for ping in pings] == [f"⏰ {second.mention}"]

"""A whole session in Polish: a server whose language is Polish and players whose Discord speaks
Polish play a whole Ramsch game and a Skat deal and never meet an English word (alt texts and
select options included); cards read in Polish (W for the walet, "walet trefl"), the Skat words
are the Polish app's (licytacja, pierwsza ręka, pas, solista), and the commands have Polish
names."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.pictures import CardStyle, card_name
from bot.ui.faces import cards_in
from tests.e2e.conftest import Harness, running_harness
from tests.e2e.driver import Game, answer, shown_text
from tests.e2e.skat_driver import SkatGame, kind_of
from tests.e2e.test_german import seen_by, version_text
from tests.emulator import Emulator, Message, SimUser
from tests.english import english_words

POLISH_DEAL = "rozdanie {number} z"
POLISH_FRENCH = CardStyle(pack="french", lang="pl")
NAMES = ("Ania", "Bartek", "Celina")


@pytest_asyncio.fixture
async def polish(emulator: Emulator, tmp_path: Path) -> AsyncIterator[Harness]:
    """The bot on a server whose language is Polish."""
    guild = emulator.add_guild("Runda Ramsch", channels=("ogólny",), locale="pl")
    async with running_harness(emulator, guild, tmp_path / "ramsch.sqlite3") as running:
        yield running


def every_text(messages: list[Message]) -> list[str]:
    """Every version of the messages with its alt texts, and the options of their selects."""
    texts = []
    for message in messages:
        texts.append(shown_text(message))
        for version in message.versions:
            alt = [attachment.description or "" for attachment in version.attachments]
            texts.append("\n".join([version_text(version), *alt]))
    return texts


def no_english(harness: Harness, players: list[SimUser]) -> None:
    for user in players:
        for text in every_text(seen_by(harness, user)):
            assert not english_words(text, NAMES, language="pl"), (
                english_words(text, NAMES, language="pl"),
                text,
            )


async def test_a_polish_ramsch_game_has_no_english_word(polish: Harness) -> None:
    players = [polish.emulator.add_user(name, locale="pl") for name in NAMES]
    game = Game(polish, players, "skat", deal_marker=POLISH_DEAL)
    lobby = await game.open(rounds=1)
    assert "Gracze 1/3" in lobby.text and "Dołącz" in shown_text(lobby) + str(lobby.buttons())
    await game.start()
    for _ in range(3):
        await game.play_deal()
    assert game.replay().finished
    no_english(polish, players)

    # The trick picture is described in Polish, with Polish card names.
    described = [
        attachment.description or ""
        for message in list(polish.channel.messages)
        for version in message.versions
        for attachment in version.attachments
        if attachment.filename == "trick.png"
    ]
    assert described and all(re.match(r"(Lewa|Ostatnia lewa): ", text) for text in described)
    assert re.search(r"\b(walet|dama|as|król) (trefl|pik|kier|karo)\b", " ".join(described))
    # Each hand: its picture named in Polish, the same cards as the text, walet as W.
    for user in players:
        hands = [v for m in user.dms() for v in m.versions if v.attachments]
        assert hands, f"{user.name} got no picture of his hand"
        for version in hands:
            [picture] = version.attachments
            assert (picture.description or "").startswith("Twoje karty: ")
            line = next(x for x in version_text(version).split("\n") if "karty:**" in x)
            named = (picture.description or "").removeprefix("Twoje karty: ").split(", ")
            assert {card_name(card, POLISH_FRENCH) for card in cards_in(line)} == set(named)
    dm_text = " ".join(version_text(v) for m in players[0].dms() for v in m.versions)
    assert re.search(r"[♣♠♥♦]W\b", dm_text), "Polish rank letters in the hand"
    results = " ".join(m.text for m in polish.channel.current_messages())
    assert "wyniki końcowe" in results and "Dzięki za grę!" in results
    assert polish.emulator.errors == []


async def test_a_polish_skat_deal_speaks_the_polish_words_of_the_game(polish: Harness) -> None:
    players = [polish.emulator.add_user(name, locale="pl") for name in NAMES]
    game = SkatGame(polish, players, deal_marker=POLISH_DEAL)
    await game.open(rounds=1)
    await game.start()
    forehand, middlehand, rearhand = game.at(0), game.at(1), game.at(2)
    table = game.table_message()
    assert table.headline == f"{middlehand.mention}, twoja kolej: licytacja."
    assert "**Licytacja**" in table.text
    assert "Twoje miejsce: **druga ręka**" in game.hand_text(middlehand)
    await game.press("bid", "18", user=middlehand)
    assert f"**Twoja kolej:** {middlehand.name} licytuje do ciebie **18**" in game.hand_text(
        forehand
    )
    await game.press("hold", user=forehand)
    await game.press("pass", user=middlehand)
    await game.press("pass", user=rearhand)
    line = f"druga ręka {middlehand.name}: 18 — pierwsza ręka {forehand.name}: tak"
    assert line in game.table_message().text
    assert "Weź skat" in str(game.on_turn()[2])
    await game.press("pickup", user=forehand)
    marks = [kind_of(c)[1] for c in game.on_turn()[2] if kind_of(c)[0] == "mark"]
    for card in marks[-2:]:
        await game.press("mark", card, user=forehand)
    assert "Zaznaczone: " in game.hand_text(forehand)
    await game.press("discard", user=forehand)
    assert "Odłożyłeś: " in game.hand_text(forehand)
    await game.press("declare", "grand", user=forehand)
    assert f"**{forehand.name}** (pierwsza ręka) gra **Grand**" in game.table_message().text
    await game.play_out()
    result = " ".join(m.text for m in polish.channel.current_messages())
    assert "solista" in result
    no_english(polish, players)
    assert polish.emulator.errors == []


async def test_the_commands_speak_polish_to_a_polish_client(polish: Harness) -> None:
    """Slash commands carry Polish names; replies follow the user's locale."""
    everything = [command for listed in polish.emulator.commands.values() for command in listed]
    ramsch = next(command for command in everything if command["name"] == "ramsch")
    subcommands = {option["name"]: option for option in ramsch["options"]}
    assert subcommands["new"]["name_localizations"]["pl"] == "nowy"
    assert subcommands["cards"]["name_localizations"]["pl"] == "karty"
    ania = polish.emulator.add_user("Ania", locale="pl")
    (reply,) = await answer(ania, polish.channel, "ramsch cards", pack="french")
    assert reply.ephemeral and "Talia: Francuska" in reply.text
    [picture] = reply.attachments
    assert picture.filename == "cards.png" and "walet trefl" in (picture.description or "")
    assert not english_words(reply.text, ("Ania",), language="pl")


async def test_a_server_chooses_polish_for_its_tables(harness: Harness) -> None:
    """`/ramsch-config table language:pl` on a server whose language is English: the next table
    speaks Polish in the channel, while the moderator's own reply stays in his English."""
    mod = harness.emulator.add_user("Mod")
    harness.guild.grant(mod, manage_guild=True)
    (saved,) = await answer(mod, harness.channel, "ramsch-config table", language="pl")
    assert "language" in saved.text
    players = [mod, harness.emulator.add_user("Bob"), harness.emulator.add_user("Carol")]
    game = Game(harness, players, "skat", deal_marker=POLISH_DEAL)
    lobby = await game.open()
    assert "otwarty stół" in lobby.text
    assert not english_words(lobby.text, ("Mod", "Bob", "Carol"), language="pl"), lobby.text

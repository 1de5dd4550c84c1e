"""The slash commands speak German and Polish: every name, description and choice of the
`/ramsch` tree has a German and a Polish translation within Discord's limits, and the bot
installs the translator."""

from __future__ import annotations

import itertools
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any, cast
from unittest import mock

import discord
import pytest
from discord import app_commands

from bot import i18n
from bot.client import RamschBot
from bot.commands.translator import CatalogueTranslator, message_id
from bot.storage import Store
from tests.bot.helpers import FakeClock, bot_settings, make_service

NAME = re.compile(r"[-_\w]{1,32}")
"""A command or option name as Discord takes it (also lower case)."""
GERMAN = discord.Locale.german.value
POLISH = discord.Locale.polish.value


@pytest.fixture
async def bot(store: Store, tmp_path: Path) -> AsyncIterator[RamschBot]:
    counter = itertools.count(1)
    service = make_service(store, FakeClock(), lambda: next(counter))
    bot = RamschBot(bot_settings(tmp_path), service, store)
    with mock.patch.object(bot, "sync_commands", mock.AsyncMock()):
        await bot.setup_hook()
    yield bot
    for name in list(bot.cogs):
        await bot.remove_cog(name)
    await service.close()


def _walk(payload: dict[str, Any], path: str = "") -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(kind, where, payload) of the command, its options and their choices."""
    where = f"{path}/{payload['name']}"
    yield ("name", where, payload)
    for option in payload.get("options", []):
        yield from _walk(option, where)
    for choice in payload.get("choices", []):
        yield ("choice", f"{where}={choice['name']}", choice)


async def _german(bot: RamschBot) -> dict[str, Any]:
    return await bot.ramsch.get_translated_payload(bot.tree, CatalogueTranslator())


@pytest.mark.parametrize("locale", [GERMAN, POLISH])
async def test_every_name_description_and_choice_has_a_translation(
    bot: RamschBot, locale: str
) -> None:
    wrong: list[str] = []
    count = 0
    for kind, where, part in _walk(await _german(bot)):
        german = part.get("name_localizations", {}).get(locale)
        count += 1
        if german is None:
            wrong.append(f"{where}: no German name")
        elif kind == "name" and (not NAME.fullmatch(german) or german != german.lower()):
            wrong.append(f"{where}: {german!r} is no name Discord takes")
        elif kind == "choice" and len(german) > 100:
            wrong.append(f"{where}: the German choice is longer than 100 characters")
        if kind == "name":
            description = part.get("description_localizations", {}).get(locale)
            if description is None:
                wrong.append(f"{where}: no German description")
            elif not 1 <= len(description) <= 100:
                wrong.append(f"{where}: the German description is longer than 100 characters")
    assert count > 60
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("locale", [GERMAN, POLISH])
async def test_translated_names_are_unique_among_their_siblings(
    bot: RamschBot, locale: str
) -> None:
    def check(payload: dict[str, Any]) -> None:
        options = payload.get("options", [])
        names = [option["name_localizations"][locale] for option in options]
        assert len(names) == len(set(names)), (payload["name"], names)
        for option in options:
            check(option)

    check(await _german(bot))


async def test_the_admin_group_speaks_german_and_is_for_managers(bot: RamschBot) -> None:
    """`/ramsch-config`: a top-level group (Discord takes default permissions only there),
    hidden from members without Manage Server, in servers only; every name, description and
    choice in German."""
    group = bot.tree.get_command("ramsch-config")
    assert isinstance(group, app_commands.Group)
    payload = await group.get_translated_payload(bot.tree, CatalogueTranslator())
    assert payload["default_member_permissions"] == discord.Permissions(manage_guild=True).value
    assert payload["dm_permission"] is False
    assert payload["name_localizations"][GERMAN] == "ramsch-einstellungen"
    german = {part["name"]: part["name_localizations"][GERMAN] for part in payload["options"]}
    assert german == {
        "show": "zeigen",
        "rules": "regeln",
        "table": "tisch",
        "channels": "kanäle",
        "announce": "ankündigen",
        "public": "öffentlich",
    }
    wrong = []
    for kind, where, part in _walk(payload):
        name = part.get("name_localizations", {}).get(GERMAN)
        if name is None or (kind == "name" and not NAME.fullmatch(name)):
            wrong.append(f"{where}: {name!r}")
        if kind == "name" and not part.get("description_localizations", {}).get(GERMAN):
            wrong.append(f"{where}: no German description")
    assert not wrong, "\n".join(wrong)
    assert "config" not in {option["name"] for option in (await _german(bot))["options"]}


async def test_the_commands_read_as_a_german_player_expects(bot: RamschBot) -> None:
    payload = await _german(bot)
    commands = {part["name"]: part for part in payload["options"]}
    german = {name: part["name_localizations"][GERMAN] for name, part in commands.items()}
    assert (
        german.items()
        >= {
            "new": "neu",
            "abort": "abbrechen",
            "rules": "regeln",
            "help": "hilfe",
            "leaderboard": "rangliste",
            "stats": "statistik",
            "history": "verlauf",
            "record": "aufzeichnung",
        }.items()
    )
    seats = next(option for option in commands["new"]["options"] if option["name"] == "seats")
    assert seats["name_localizations"][GERMAN] == "plätze"
    assert commands["help"]["description_localizations"][GERMAN] == (
        "Wie man mit diesem Bot Ramsch spielt"
    )


async def test_the_commands_read_as_a_polish_player_expects(bot: RamschBot) -> None:
    payload = await _german(bot)
    commands = {part["name"]: part for part in payload["options"]}
    polish = {name: part["name_localizations"][POLISH] for name, part in commands.items()}
    assert (
        polish.items()
        >= {"new": "nowy", "rules": "zasady", "help": "pomoc", "leaderboard": "ranking"}.items()
    )
    seats = next(option for option in commands["new"]["options"] if option["name"] == "seats")
    assert seats["name_localizations"][POLISH] == "miejsca"
    group = bot.tree.get_command("ramsch-config")
    assert isinstance(group, app_commands.Group)
    config = await group.get_translated_payload(bot.tree, CatalogueTranslator())
    assert config["name_localizations"][POLISH] == "ramsch-ustawienia"
    table = next(part for part in config["options"] if part["name"] == "table")
    language = next(part for part in table["options"] if part["name"] == "language")
    assert language["name_localizations"][POLISH] == "język"
    assert {choice["value"] for choice in language["choices"]} >= {"de", "en", "pl"}


async def test_other_languages_keep_the_english_text() -> None:
    translator = CatalogueTranslator()
    context: Any = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.command_name, data=cast(Any, None)
    )
    text = app_commands.locale_str("new")
    assert await translator.translate(text, discord.Locale.french, context) is None
    assert await translator.translate(text, discord.Locale.american_english, context) is None
    assert await translator.translate(text, discord.Locale.german, context) == "neu"
    assert await translator.translate(text, discord.Locale.polish, context) == "nowy"
    assert message_id("new", app_commands.TranslationContextLocation.parameter_name) == (
        "option name: new"
    )
    assert i18n.translated("option name: seats", "de") == "plätze"


async def test_the_bot_installs_the_translator(bot: RamschBot) -> None:
    """bot/client.py's setup_hook: ``await self.tree.set_translator(CatalogueTranslator())``."""
    assert isinstance(bot.tree.translator, CatalogueTranslator)

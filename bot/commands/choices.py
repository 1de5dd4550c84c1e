"""Slash-command choices from the game registry, autocompletion for the chosen game, and how
`/ramsch new`'s options become rules and table options."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from discord import app_commands

from bot import i18n
from bot.commands.options import (
    MAX_TEXT,
    SEPARATOR,
    OptionNames,
    declared,
    find_option,
    key_of,
    parse_options,
    refuse_stale,
    shown_name,
)
from bot.i18n import _
from bot.tables import GuildSettings, TableError
from bot.ui.text import preset_choice_name
from ramsch_core import GAMES, Game, RuleSet, RuleSetError, get_game
from ramsch_core.match import check_seats, check_table, parse_table_options

if TYPE_CHECKING:
    import discord

    from bot.client import RamschBot


GAME_CHOICES = [app_commands.Choice(name=game.title, value=game.id) for game in GAMES.values()]
SEAT_SIZES = sorted(
    {
        size
        for game in GAMES.values()
        for name in game.presets
        for size in game.preset(name).seatings()
    }
)
"""Every number of seats some registered game may be played at."""
MAX_CHOICES = 25


async def guild_settings(interaction: discord.Interaction) -> GuildSettings:
    """The settings of the guild the command is typed in (the defaults outside one)."""
    if interaction.guild_id is None:
        return GuildSettings()
    bot = cast("RamschBot", interaction.client)
    return await bot.service.guilds.get(interaction.guild_id)


async def chosen_game(interaction: discord.Interaction) -> Game:
    """The game named in the command being typed, else the server's default game."""
    name = getattr(interaction.namespace, "game", None)
    if isinstance(name, str) and name in GAMES:
        return GAMES[name]
    return get_game((await guild_settings(interaction)).game)


async def chosen_rules(interaction: discord.Interaction) -> RuleSet:
    """The preset named in the command being typed (of its game), else the game's default."""
    game = await chosen_game(interaction)
    name = getattr(interaction.namespace, "preset", None) or getattr(
        interaction.namespace, "variant", None
    )
    if isinstance(name, str) and name in game.presets:
        return game.preset(name)
    settings = await guild_settings(interaction)
    if settings.game == game.id:
        return settings.default_rules()
    return game.preset(game.default_preset)


async def preset_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The presets of the chosen game that match what was typed (in English or the user's
    language)."""
    i18n.speak_to(interaction)
    game = await chosen_game(interaction)
    typed = current.lower().strip()
    return [
        app_commands.Choice(name=preset_choice_name(game, name), value=name)
        for name in game.presets
        if typed in name
        or typed in game.descriptions[name].lower()
        or typed in _(game.descriptions[name]).lower()
    ][:MAX_CHOICES]


async def seats_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """The numbers of seats the chosen rules may be played at."""
    i18n.speak_to(interaction)
    rules = await chosen_rules(interaction)
    choices = []
    for size in rules.seatings():
        label = str(size)
        if size > rules.players:
            label = _("{seats} — the dealer sits out each deal", seats=size)
        choices.append(app_commands.Choice(name=label, value=size))
    return choices


async def options_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The options of the chosen rules: their names while one is typed, then their values,
    each after the options given before it."""
    i18n.speak_to(interaction)
    game = await chosen_game(interaction)
    options = declared(await chosen_rules(interaction), game)
    done, _comma, typing = current.rpartition(",")
    head = f"{done}, " if done.strip() else ""
    given = {
        option.name
        for part in SEPARATOR.split(done)
        if (option := find_option(options, part.partition("=")[0]))
    }
    name, equals, value = typing.partition("=")
    if equals:
        option = find_option(options, name)
        if option is None:
            return []
        typed_value = value.strip()
        suggested = option.suggestions()
        if option.kind == "number" and typed_value:
            suggested = [(typed_value, meaning) for _word, meaning in suggested]
        entries = [
            (f"{head}{shown_name(option.name)}={word}", meaning)
            for word, meaning in suggested
            if word.lower().startswith(typed_value.lower())
        ]
    else:
        typed = key_of(name)
        entries = [
            (f"{head}{shown_name(option.name)}=", _(option.description))
            for option in options.values()
            if option.name not in given
            and (typed in key_of(shown_name(option.name)) or typed in option.name)
        ]
    return [
        app_commands.Choice(
            name=(f"{text} — {meaning}" if meaning else text)[:MAX_TEXT], value=text
        )
        for text, meaning in entries
        if len(text) <= MAX_TEXT
    ][:MAX_CHOICES]


def requested_table(
    guild: GuildSettings,
    game_name: str | None,
    preset_name: str | None,
    overrides: dict[str, Any],
    *,
    seats: int | None,
    rounds: int | None,
    bock: bool | None,
) -> tuple[RuleSet, dict[str, Any]]:
    """Rules and table options from the command, the guild's defaults filling the gaps.

    Raises TableError for an unknown game or preset, or an option the rules do not have."""
    game, base, plain = _base(guild, game_name, preset_name)
    own_game = game.id == guild.game
    given = {key: value for key, value in overrides.items() if value is not None}
    foreign = [key for key in given if key not in type(plain).model_fields]
    if foreign:
        raise TableError(
            "{game} has no option {names}: leave it out or choose a preset that has it",
            game=plain.title(),
            names=OptionNames(foreign),
        )
    if own_game and base == guild.preset:
        given = {**guild.rules, **given}
    try:
        rules = game.preset(base, **given)
    except RuleSetError as error:
        raise TableError.of(error) from None
    options = guild.options.model_dump()
    # A table whose seats the server's rules fix takes the new rules' number of players.
    if options["seats"] not in rules.table_sizes() or len(guild_sizes(guild)) == 1:
        options["seats"] = rules.players
    if preset_name is not None:  # a preset's table options (a tournament list, Bock rounds)
        options.update(game.table_presets.get(preset_name, {}))
    if seats is not None:
        options["seats"] = seats
        if seats in rules.seatings():  # Ramsen: the number of players follows the seats
            rules = rules.seated(seats)
    if rounds is not None:
        options["rounds"] = rounds
    if bock is not None:
        options.update(dict.fromkeys(game.match_options.BOCK_SWITCHES, bock))
    try:  # what Discord's own checks let through (a raw payload) is refused here, clearly
        check_seats(rules, int(options["seats"]))
        check_table(rules, parse_table_options(options))
    except RuleSetError as error:
        raise TableError.of(error) from None
    return rules, options


def _base(
    guild: GuildSettings, game_name: str | None, preset_name: str | None
) -> tuple[Game, str, RuleSet]:
    """The game, the preset the options change and its rules: those named, else the server's
    (its game's default preset for another game)."""
    try:
        game = get_game(game_name or guild.game)
        if preset_name is None:  # not given; an empty or blank name is one no preset has
            base = guild.preset if game.id == guild.game else game.default_preset
        else:
            base = preset_name.strip()
        return game, base, game.preset(base)
    except RuleSetError as error:
        raise TableError.of(error) from None


def table_request(
    guild: GuildSettings,
    game_name: str | None,
    preset_name: str | None,
    text: str | None,
    *,
    seats: int | None,
    rounds: int | None,
    stale: list[str],
) -> tuple[RuleSet, dict[str, Any]]:
    """Rules and table options from `/ramsch new`: ``text`` its options (see
    bot/commands/options.py), ``stale`` the options a client still showing the command's
    earlier version sent (refused, saying so). Raises TableError naming what is wrong."""
    game, _base_name, plain = _base(guild, game_name, preset_name)
    refuse_stale(stale, plain, game)
    overrides, bock = parse_options(text, plain, game, plain.title())
    return requested_table(
        guild, game_name, preset_name, overrides, seats=seats, rounds=rounds, bock=bock
    )


def guild_sizes(guild: GuildSettings) -> tuple[int, ...]:
    return guild.default_rules().table_sizes()

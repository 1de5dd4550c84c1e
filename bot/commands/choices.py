"""Slash-command choices from the game registry, autocompletion for the chosen game, and how
`/ramsch new`'s options become rules and table options."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, cast, get_args, get_origin

from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot import i18n
from bot.commands.translator import message_id
from bot.i18n import N_, _
from bot.tables import GuildSettings, TableError
from bot.ui.text import preset_choice_name
from ramsch_core import GAMES, Game, RuleSet, RuleSetError, get_game
from ramsch_core.errors import Templated, identity, pretty, symbol
from ramsch_core.match import check_seats, check_table, parse_table_options

if TYPE_CHECKING:
    import discord

    from bot.client import RamschBot
    from ramsch_core import Card, Suit


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
OPTION_LABELS = {
    ("skat_to", "last_trick"): N_("last trick's winner"),
    ("skat_to", "loser"): N_("the loser"),
    ("skat_to", "nobody"): N_("nobody"),
    ("scoring", "points"): N_("card points (Augenramsch)"),
    ("scoring", "fixed"): N_("a fixed stake"),
    ("scoring", "pips"): N_("pips: a penalty point per card point"),
    ("scoring", "penalty"): N_("penalty 10/15/20"),
}
"""The values of the options /ramsch new autocompletes, as its user reads them."""
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


def option_autocomplete(name: str) -> Any:
    """An autocomplete offering the values of option ``name`` of the chosen rules — none when
    those rules have no such option."""

    async def complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        i18n.speak_to(interaction)
        rules = await chosen_rules(interaction)
        info = type(rules).model_fields.get(name)
        if info is None or get_origin(info.annotation) is not Literal:
            return []
        values = [str(value) for value in get_args(info.annotation)]
        return [
            app_commands.Choice(name=_(OPTION_LABELS[name, value]), value=value)
            if (name, value) in OPTION_LABELS
            else app_commands.Choice(name=value, value=value)
            for value in values
        ]

    return complete


def describe(model: type[RuleSet], name: str, prefix: str) -> str:
    """An option's description from its rules model, for a command parameter."""
    return (prefix + (model.model_fields[name].description or name))[:100]


class OptionNames(Templated):
    """Command option names in a refusal, each as the reader's commands call it (``seats`` is
    ``plätze`` in German: bot/commands/translator.py), joined by commas."""

    def __init__(self, keys: list[str]) -> None:
        self.template = ""
        self.params = {}
        self.keys = tuple(keys)

    def render(
        self,
        translate: Callable[[str], str] = identity,
        card: Callable[[Card], str] = pretty,
        suit: Callable[[Suit], str] = symbol,
    ) -> str:
        names = []
        for key in self.keys:
            message = message_id(key, Where.parameter_name)
            name = translate(message)
            names.append(key if name == message else name)
        return ", ".join(names)


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
    try:
        game = get_game(game_name or guild.game)
        own_game = game.id == guild.game
        base = preset_name or (guild.preset if own_game else game.default_preset)
        plain = game.preset(base)
    except RuleSetError as error:
        raise TableError.of(error) from None
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
        options.update(dict.fromkeys(game.bock_switches, bock))
    try:  # what Discord's own checks let through (a raw payload) is refused here, clearly
        check_seats(rules, int(options["seats"]))
        check_table(rules, parse_table_options(options))
    except RuleSetError as error:
        raise TableError.of(error) from None
    return rules, options


def guild_sizes(guild: GuildSettings) -> tuple[int, ...]:
    return guild.default_rules().table_sizes()

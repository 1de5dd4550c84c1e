"""Slash-command choices and how `/ramsch new`'s options become rules and table options."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.tables import GuildSettings, TableError
from bot.ui.text import preset_choice_name
from ramsch_core import DEFAULT_GAME, RuleSet, RuleSetError, SkatRules, get_game

PRESET_CHOICES = [
    app_commands.Choice(name=preset_choice_name(name), value=name)
    for name in get_game(DEFAULT_GAME).presets
]
SEAT_CHOICES = [app_commands.Choice(name=str(seats), value=seats) for seats in (3, 4)]
SKAT_TO_CHOICES = [
    app_commands.Choice(name="last trick's winner", value="last_trick"),
    app_commands.Choice(name="the loser", value="loser"),
    app_commands.Choice(name="nobody", value="nobody"),
]
SCORING_CHOICES = [
    app_commands.Choice(name="Skat: points (Augenramsch)", value="points"),
    app_commands.Choice(name="Skat: fixed stake", value="fixed"),
    app_commands.Choice(name="Altenburg: pips", value="pips"),
    app_commands.Choice(name="Altenburg: penalty 10/15/20", value="penalty"),
]


def describe(name: str, prefix: str = "Skat: ") -> str:
    """A Skat option's description from the rules model, for a command parameter."""
    return (prefix + (SkatRules.model_fields[name].description or name))[:100]


def requested_table(
    guild: GuildSettings,
    preset_name: str | None,
    overrides: dict[str, Any],
    *,
    seats: int | None,
    rounds: int | None,
    bock: bool | None,
) -> tuple[RuleSet, dict[str, Any]]:
    """Rules and table options from the command, the guild's defaults filling the gaps."""
    rules_overrides = {key: value for key, value in overrides.items() if value is not None}
    if preset_name is None or preset_name == guild.preset:
        rules_overrides = {**guild.rules, **rules_overrides}
    try:
        rules = get_game(guild.game).preset(preset_name or guild.preset, **rules_overrides)
    except RuleSetError as error:
        raise TableError(str(error)) from None
    options = guild.options.model_dump()
    if rules.players == 4:
        options["seats"] = 4
    elif guild.default_rules().players == 4:
        options["seats"] = 3  # the server's four are Schafkopf's, not a sitting-out dealer
    if seats is not None:
        options["seats"] = seats
    if rounds is not None:
        options["rounds"] = rounds
    if bock is not None:
        options["bock_on_durchmarsch"] = bock
    return rules, options

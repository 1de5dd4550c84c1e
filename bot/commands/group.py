"""A cog whose marked methods become subcommands of the bot's one `/ramsch` group."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import RamschBot

F = TypeVar("F", bound=Callable[..., Any])
_MARK = "__ramsch_subcommand__"


def subcommand(name: str, description: str) -> Callable[[F], F]:
    """Mark a cog method as `/ramsch <name>`; parameters are described with app_commands."""

    def mark(func: F) -> F:
        setattr(func, _MARK, (name, description))
        return func

    return mark


class RamschCog(commands.Cog):
    """Adds its subcommands to `/ramsch` when loaded and removes them when unloaded."""

    def __init__(self, bot: RamschBot) -> None:
        self.bot = bot
        self._subcommands: list[app_commands.Command[Any, ..., Any]] = []

    async def cog_load(self) -> None:
        for attr in dir(type(self)):
            mark = getattr(getattr(type(self), attr, None), _MARK, None)
            if mark is None:
                continue
            name, description = mark
            command: app_commands.Command[Any, ..., Any] = app_commands.Command(
                name=name, description=description, callback=getattr(self, attr)
            )
            self.bot.ramsch.add_command(command)
            self._subcommands.append(command)

    async def cog_unload(self) -> None:
        for command in self._subcommands:
            self.bot.ramsch.remove_command(command.name)
        self._subcommands.clear()

"""`/ramsch new`'s one ``options`` text: the options a game's rules declare, typed as
``name=value`` pairs (``stake=20, crosses=3``), offered by autocompletion for the chosen game
and checked, a wrong one refused naming it.

A game declares its options by its rule model: every top-level field that is an on/off switch,
a whole number or a choice of values (nested models are the rules editor's), but for the
number of players, which the table's seats decide; and ``bock`` where the game has Bock
rounds. An option's name is its English field name or its name in the reader's language
(``option name: stake`` in the catalogues: ``einsatz``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, cast, get_args, get_origin

from annotated_types import Ge, Le
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot import i18n
from bot.commands.translator import message_id
from bot.i18n import N_, _
from bot.tables import TableError
from ramsch_core.errors import Templated, identity, pretty, symbol

if TYPE_CHECKING:
    import discord

    from ramsch_core import Card, Game, RuleSet, Suit

PARAMETER = "options"
"""The name of `/ramsch new`'s parameter that carries the options."""
BOCK = "bock"
"""The option that turns on every Bock event of the game (its match options' ``BOCK_SWITCHES``)."""
BOCK_DESCRIPTION = N_("Bock rounds (deals count double) after special games")
SEATED = frozenset({"game", "variant", "players"})
"""Fields that are no option to type: the game and variant are chosen by preset, the number of
players by the seats."""
YES, NO = N_("yes"), N_("no")
TRUE = frozenset({"yes", "y", "on", "true", "1", "ja", "j", "an", "wahr"})
FALSE = frozenset({"no", "n", "off", "false", "0", "nein", "aus", "falsch"})
SEPARATOR = re.compile(r"[,;]")
MAX_CHOICES = 25
MAX_TEXT = 100
"""Characters Discord allows in a choice's name or value."""


@dataclass(frozen=True)
class Option:
    """One option a game declares: a switch, a whole number from ``low`` to ``high``, or one
    of ``values``."""

    name: str
    kind: Literal["switch", "number", "choice"]
    description: str
    values: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    default: object = None

    @property
    def example(self) -> str:
        """A value to show how the option is written (a message id for a switch)."""
        if self.kind == "switch":
            return YES
        if self.kind == "number":
            return str(self.default if self.default is not None else self.low or 1)
        return self.values[0]

    def parse(self, text: str) -> bool | int | str:
        """The value ``text`` gives this option; a refusal naming the option if it is none."""
        word = text.strip().lower()
        if self.kind == "switch":
            if word in TRUE or word == _(YES).lower():
                return True
            if word in FALSE or word == _(NO).lower():
                return False
            raise TableError(
                "The option {name} is {yes} or {no}",
                name=OptionNames([self.name]),
                yes=Word(YES),
                no=Word(NO),
            )
        if self.kind == "number":
            try:
                number = int(word)
            except ValueError:
                number = None
            if number is None or not self._within(number):
                raise TableError(
                    "The option {name} is a whole number from {low} to {high}",
                    name=OptionNames([self.name]),
                    low=self.low,
                    high=self.high,
                )
            return number
        if word in self.values:
            return word
        raise TableError(
            "The option {name} is one of {values}",
            name=OptionNames([self.name]),
            values=", ".join(self.values),
        )

    def _within(self, number: int) -> bool:
        return (self.low is None or number >= self.low) and (
            self.high is None or number <= self.high
        )

    def suggestions(self) -> list[tuple[str, str]]:
        """(value as typed, what it means) for the autocompletion."""
        if self.kind == "switch":
            return [(_(YES), ""), (_(NO), "")]
        if self.kind == "number":
            meaning = _("a whole number from {low} to {high}", low=self.low, high=self.high)
            return [(self.example, meaning)]
        from bot.ui.games import value_labels  # the games' packages import the commands'

        known = value_labels()  # as the rules editor says them, from each game's package
        labels = [known.get((self.name, value)) for value in self.values]
        return [
            (value, _(label) if label else "")
            for value, label in zip(self.values, labels, strict=True)
        ]


def declared(rules: RuleSet, game: Game) -> dict[str, Option]:
    """The options of ``rules``' model by their English names, ``bock`` last if the game has
    Bock rounds."""
    found: dict[str, Option] = {}
    for name, info in type(rules).model_fields.items():
        if name in SEATED:
            continue
        annotation = info.annotation
        description = info.description or name
        if annotation is bool:
            found[name] = Option(name, "switch", description, default=info.default)
        elif annotation is int:
            bounds = {type(item): item for item in info.metadata}
            low = cast("int | None", getattr(bounds.get(Ge), "ge", None))
            high = cast("int | None", getattr(bounds.get(Le), "le", None))
            found[name] = Option(
                name, "number", description, low=low, high=high, default=info.default
            )
        elif get_origin(annotation) is Literal:
            values = tuple(str(value) for value in get_args(annotation))
            found[name] = Option(name, "choice", description, values=values)
    if game.match_options.BOCK_SWITCHES:
        found[BOCK] = Option(BOCK, "switch", BOCK_DESCRIPTION)
    return found


def shown_name(name: str) -> str:
    """An option's name in the current language (its English name without a translation)."""
    message = message_id(name, Where.parameter_name)
    translated = _(message)
    return name if translated == message else translated


def _spellings(name: str) -> Iterator[str]:
    yield name
    for language in i18n.LANGUAGES:
        translated = i18n.translated(message_id(name, Where.parameter_name), language)
        if translated is not None and translated != message_id(name, Where.parameter_name):
            yield translated


def key_of(text: str) -> str:
    return "_".join(text.strip().lower().replace("-", " ").split())


def find_option(options: Mapping[str, Option], typed: str) -> Option | None:
    key = key_of(typed)
    for option in options.values():
        if any(key_of(spelling) == key for spelling in _spellings(option.name)):
            return option
    return None


def _pairs(text: str, options: Mapping[str, Option]) -> Iterator[tuple[str, str]]:
    for part in SEPARATOR.split(text):
        if not part.strip():
            continue
        name, equals, value = part.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise TableError(
                "Give the options as name=value, separated by commas, e.g. {example}",
                example=Example(options),
            )
        yield name, value


def parse_options(
    text: str | None, rules: RuleSet, game: Game, title: str
) -> tuple[dict[str, Any], bool | None]:
    """The rule overrides and the Bock switch (None: not given) that ``text`` gives for
    ``rules`` of ``game`` (shown as ``title``); a refusal naming what is wrong."""
    if text is None:
        return {}, None
    options = declared(rules, game)
    given: dict[str, Any] = {}
    for name, value in _pairs(text, options):
        option = find_option(options, name)
        if option is None:
            raise TableError(
                "{game} has no option {name}: its options are {names}",
                game=title,
                name=name.strip(),
                names=OptionNames(list(options)),
            )
        given[option.name] = option.parse(value)
    bock = given.pop(BOCK, None)
    return given, bock


def stale_options(interaction: discord.Interaction) -> list[str]:
    """The options of the command a client sent that the command no longer has (a Discord
    client that still shows the command's earlier version)."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return []
    known = {parameter.display_name for parameter in command.parameters}
    return [name for name in vars(interaction.namespace) if name not in known]


def refuse_stale(names: list[str], rules: RuleSet, game: Game) -> None:
    """Refuse a command whose client sent options it no longer has (``rules`` of ``game``
    give the example)."""
    if names:
        raise TableError(
            "Your Discord app shows an older version of this command: {names} are now given in"
            " the option {options}, e.g. {example}. Please restart Discord and try again.",
            names=OptionNames(names),
            options=OptionNames([PARAMETER]),
            example=Example(declared(rules, game)),
        )


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


class Word(Templated):
    """One word of a refusal, in the reader's language."""

    def __init__(self, word: str) -> None:
        self.template = word
        self.params = {}


class Example(Templated):
    """How options are written, from two of the game's own (``stake=10, bock=yes``), in the
    reader's words."""

    def __init__(self, options: Mapping[str, Option]) -> None:
        self.template = ""
        self.params = {}

        def of(kind: str) -> list[Option]:
            return [option for option in options.values() if option.kind == kind]

        self.shown = (of("number") or of("choice"))[:1] + of("switch")[:1]

    def render(
        self,
        translate: Callable[[str], str] = identity,
        card: Callable[[Card], str] = pretty,
        suit: Callable[[Suit], str] = symbol,
    ) -> str:
        pairs = []
        for option in self.shown:
            name = OptionNames([option.name]).render(translate)
            pairs.append(f"{name}={translate(option.example)}")
        return "`" + ", ".join(pairs) + "`" if pairs else "`name=value`"

"""The game registry: game id -> its rule models, presets, table sizes, AI policy and bench case;
rules parsed by it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field, TypeAdapter, ValidationError

from ramsch_core.errors import Message, RuleSetError
from ramsch_core.policies import MatchOptions
from ramsch_core.rules import RuleSet

if TYPE_CHECKING:
    from ramsch_core.ai.policy import GamePolicy
    from ramsch_core.bench_case import BenchCase

DEFAULT_GAME = "ramsch"
"""The game of a rule set that names none (every record written before there were others)."""


@dataclass(frozen=True)
class Game:
    """One registered game.

    ``variants`` are its rule models; with more than one they are told apart by their
    ``variant`` field. ``presets`` are named option sets of this game (a preset name means
    something only together with its game); ``default_preset`` is what a table opens with.
    """

    id: str
    title: str
    variants: tuple[type[RuleSet], ...]
    presets: Mapping[str, Mapping[str, Any]]
    descriptions: Mapping[str, str]
    default_preset: str
    aliases: tuple[str, ...] = ()
    variant_titles: Mapping[str, str] = field(default_factory=dict)
    table_presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Table options a preset brings besides its rules (a tournament list, Bock rounds)."""
    match_options: type[MatchOptions] = MatchOptions
    """What a table of this game may choose around its deals (Bock rounds, tournament
    scoring...), its own model; stored among the table's options by name."""
    ai: GamePolicy | None = None
    """How the AI plays it (its steps, calls and card rules); None: the rules' own contract,
    decided by playouts alone."""
    terminal: str | None = None
    """Where its presenter for the terminal is, as ``module:name`` of a callable taking the
    rules (``terminal.presenter.presenter_for`` imports it when a match is played there, so
    the game's package never imports the terminal); None: said plainly, in the French pack."""
    bench: BenchCase | None = None
    """How ``python -m ramsch_core.bench`` plays one of its deals through the kernel, when its
    contract is chosen in the deal; None: the rules' own contract."""

    @cached_property
    def _adapter(self) -> TypeAdapter[Any]:
        if len(self.variants) == 1:
            return TypeAdapter(self.variants[0])
        union: Any = self.variants[0]
        for model in self.variants[1:]:
            union = union | model
        return TypeAdapter(Annotated[union, Field(discriminator="variant")])

    @property
    def variant_names(self) -> tuple[str, ...]:
        return tuple(
            str(model.model_fields["variant"].default)
            for model in self.variants
            if "variant" in model.model_fields
        )

    def parse(self, data: Mapping[str, Any]) -> RuleSet:
        """Validate ``data`` (its ``game`` must be this game's id); missing options take their
        defaults. Raises RuleSetError naming the option that is wrong."""
        try:
            rules: RuleSet = self._adapter.validate_python(dict(data))
        except ValidationError as error:
            raise RuleSetError("Invalid rules: {problems}", problems=self._explain(error)) from None
        return rules

    def preset(self, name: str, **overrides: Any) -> RuleSet:
        """A named preset of this game, optionally with some options changed.

        Raises RuleSetError for an unknown preset or a bad option."""
        try:
            base = self.presets[name]
        except KeyError:
            known = ", ".join(self.presets)
            raise RuleSetError(
                "Unknown preset '{name}' for {game}: choose one of {known}",
                name=name,
                game=self.title,
                known=known,
            ) from None
        return self.parse({**base, **overrides, "game": self.id})

    def preset_of(self, rules: RuleSet) -> str | None:
        """The name of the preset these rules are exactly, if any."""
        for name in self.presets:
            if self.preset(name) == rules:
                return name
        return None

    @cached_property
    def table_sizes(self) -> tuple[int, ...]:
        """Every number of seats some variant of the game may be played at."""
        sizes = {size for name in self.presets for size in self.preset(name).table_sizes()}
        return tuple(sorted(sizes))

    def _explain(self, error: ValidationError) -> tuple[Message, ...]:
        """What is wrong, one message per problem (joined with "; " when rendered)."""
        parts = []
        names = self.variant_names
        for item in error.errors():
            loc = item["loc"][1:] if item["loc"] and item["loc"][0] in names else item["loc"]
            where = ".".join(str(part) for part in loc) or "rules"
            if item["type"] == "extra_forbidden":
                parts.append(Message("unknown option '{where}'", where=where))
            elif item["type"] == "union_tag_invalid":
                parts.append(
                    Message("unknown variant: choose one of {names}", names=", ".join(names))
                )
            elif item["type"] == "union_tag_not_found":
                parts.append(
                    Message("missing 'variant': choose one of {names}", names=", ".join(names))
                )
            else:
                parts.append(Message("option '{where}': {detail}", where=where, detail=item["msg"]))
        return tuple(parts)


GAMES: dict[str, Game] = {}
"""Every registered game by id."""
_ALIASES: dict[str, str] = {}


def register(game: Game) -> Game:
    """Make a game known to parse_rules, records, the CLI and the bot."""
    for name in (game.id, *game.aliases):
        if name in GAMES or name in _ALIASES:
            raise ValueError(f"A game is already registered as {name!r}")
    GAMES[game.id] = game
    for alias in game.aliases:
        _ALIASES[alias] = game.id
    return game


def match_option_models() -> list[type[MatchOptions]]:
    """The match option models of the registered games, each once, in registration order."""
    return list(dict.fromkeys(game.match_options for game in GAMES.values()))


def option_owner(name: str) -> type[MatchOptions] | None:
    """A registered game's match option model that has the option ``name``, if any."""
    return next((model for model in match_option_models() if name in model.model_fields), None)


def get_game(name: str) -> Game:
    """The game registered under ``name`` or one of its aliases.

    Raises RuleSetError for a name no game has."""
    game = GAMES.get(_ALIASES.get(name, name))
    if game is None:
        raise RuleSetError(
            "Unknown game '{name}': choose one of {games}", name=name, games=", ".join(GAMES)
        )
    return game


def game_of(rules: RuleSet) -> Game:
    return get_game(rules.game)


def parse_rules(data: Mapping[str, Any] | RuleSet) -> RuleSet:
    """Validate a rule set given as a mapping: ``game`` picks the game (``ramsch`` when it is
    missing), the rest are its options; missing options take their defaults.

    Raises RuleSetError for an unknown game, variant or option, or a bad value."""
    if isinstance(data, RuleSet):
        return data
    if not isinstance(data, Mapping):
        raise RuleSetError("Invalid rules: expected an object with 'game' and its options")
    name = data.get("game", DEFAULT_GAME)
    if not isinstance(name, str):
        raise RuleSetError("Invalid rules: 'game' must be a name, got {name}", name=repr(name))
    game = get_game(name)
    return game.parse({**data, "game": game.id})


def preset(name: str, *, game: str = DEFAULT_GAME, **overrides: Any) -> RuleSet:
    """A named preset of ``game``, optionally with some options changed.

    Raises RuleSetError for an unknown game or preset, or a bad option."""
    return get_game(game).preset(name, **overrides)

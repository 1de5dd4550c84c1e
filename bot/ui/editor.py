"""What the rules editor edits (a lobby's rules or a guild's defaults) and what its controls ask."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, get_origin

from pydantic import BaseModel

from bot.i18n import N_, _
from bot.tables.errors import TableError
from bot.ui import ids
from bot.ui.games import option_titles, section_titles
from bot.ui.lobby import table_title
from ramsch_core import RulesError, RuleSet, TableOptions, check_table, game_of, parse_rules

if TYPE_CHECKING:
    from bot.tables import GuildSettings, Table

TABLE_TITLES = {
    "four_seats": N_("Four seats"),
    "dms": N_("Hands by DM"),
    "rounds": N_("Rounds"),
    "turn_timeout": N_("Turn timer in seconds (0: off)"),
}
"""The titles of the table's own options (every game's rule and match options:
``bot.ui.games``)."""
TITLES = {**option_titles(), **TABLE_TITLES}
"""Every option's title as the rules editor shows it, by option name."""
SECTION_TITLES = section_titles()
"""The editor page of a nested rule set, by the option that holds it."""
EXTRA_TOGGLES = {
    "four_seats": N_("the dealer sits out each deal"),
    "dms": N_("DM each player their hand (else: the My hand button)"),
}
SEP = "__"
"""Between a nested rule set and its option in a control's name: ``ramsch__skat_to``."""


def title_of(name: str) -> str:
    """An option's title as the reader reads it."""
    base = name.rpartition(SEP)[2]
    return _(TITLES[base]) if base in TITLES else base.replace("_", " ").capitalize()


def section_of(name: str) -> str | None:
    """The nested rule set a control's name belongs to (``ramsch__skat_to``), if any."""
    section, sep, _ = name.partition(SEP)
    return section if sep else None


def sections_of(rules: RuleSet) -> list[str]:
    """The options of a rule set that are rule sets themselves (Skat's Ramsch on all-pass)."""
    return [
        name
        for name, info in type(rules).model_fields.items()
        if isinstance(info.annotation, type) and issubclass(info.annotation, BaseModel)
    ]


def _model(rules: RuleSet, section: str | None) -> BaseModel:
    if section is None:
        return rules
    model = getattr(rules, section)
    assert isinstance(model, BaseModel)
    return model


def value_at(data: Mapping[str, Any], name: str) -> Any:
    """An option's value in dumped rules, nested ones by their ``section__option`` name."""
    section = section_of(name)
    if section is None:
        return data[name]
    return data[section][name.rpartition(SEP)[2]]


def _set(data: dict[str, Any], name: str, value: Any) -> None:
    section = section_of(name)
    if section is None:
        data[name] = value
    else:
        data[section] = {**data[section], name.rpartition(SEP)[2]: value}


def table_toggles(rules: RuleSet, options: TableOptions) -> list[str]:
    """The table's on/off options the rules can be played with: those the game declares (its
    ``match_options``), where the table can take them (Ramsch after Bock only with the seats
    its Ramsch has)."""
    found = []
    current = options.model_dump()
    for name, info in game_of(rules).match_options.model_fields.items():
        if info.annotation is not bool:
            continue
        try:
            check_table(rules, TableOptions.model_validate({**current, name: True}))
        except RulesError:
            continue
        found.append(name)
    return found


def table_numbers(rules: RuleSet) -> list[str]:
    """The table's number options besides seats and rounds that the game declares (the Bock
    threshold at Skat)."""
    return [
        name
        for name, info in game_of(rules).match_options.model_fields.items()
        if info.annotation is int
    ]


@dataclass(frozen=True)
class Fields:
    """A rule set's options by the control that edits them."""

    enums: list[str] = field(default_factory=list)
    toggles: list[str] = field(default_factory=list)
    numbers: list[str] = field(default_factory=list)


def fields_of(rules: RuleSet, section: str | None = None) -> Fields:
    """Every option of the variant (or of its nested rule set ``section``, by
    ``section__option`` names): enums get a select, booleans a toggle, integers the modal."""
    found = Fields()
    prefix = f"{section}{SEP}" if section else ""
    for name, info in type(_model(rules, section)).model_fields.items():
        if name in ("game", "variant"):
            continue
        if get_origin(info.annotation) is Literal:
            found.enums.append(prefix + name)
        elif info.annotation is bool:
            found.toggles.append(prefix + name)
        elif info.annotation is int:
            found.numbers.append(prefix + name)
    return found


def matching_preset(rules: RuleSet) -> str | None:
    return game_of(rules).preset_of(rules)


@dataclass(frozen=True)
class Draft:
    """What an editor shows: the rules and table options of a lobby or of a guild's defaults."""

    target: ids.EditorTarget
    target_id: int
    heading: str
    rules: RuleSet
    options: TableOptions
    preset: str | None = None
    """The guild's base preset (its overrides are the difference)."""
    turn_timeout: float | None = None
    dms: bool = True
    channels: tuple[int, ...] = ()

    @classmethod
    def of_table(cls, table: Table) -> Draft:
        return cls(
            "t",
            table.id,
            _("House rules — {table}", table=table_title(table)),
            table.rules,
            table.options,
            turn_timeout=table.turn_timeout,
        )

    @classmethod
    def of_guild(cls, guild_id: int, settings: GuildSettings, name: str) -> Draft:
        return cls(
            "g",
            guild_id,
            _("Ramsch settings — {server}", server=name)[:256],
            settings.default_rules(),
            settings.options,
            settings.preset,
            settings.turn_timeout,
            settings.dms,
            settings.channels,
        )

    @property
    def toggles(self) -> dict[str, bool]:
        """Every on/off control of the main page with its state, in display order."""
        return self.toggles_of(None)

    def toggles_of(self, section: str | None) -> dict[str, bool]:
        """The on/off controls of the main page or of a nested rule set's page."""
        rules = self.rules.model_dump()
        names = fields_of(self.rules, section).toggles
        found = {name: bool(value_at(rules, name)) for name in names}
        if section is not None:
            return found
        if self.rules.table_sizes() == (3, 4):
            found["four_seats"] = self.options.seats == 4
        options = self.options.with_game(self.rules)
        found.update(
            (name, bool(options[name])) for name in table_toggles(self.rules, self.options)
        )
        if self.target == "g":
            found["dms"] = self.dms
        return found

    def numbers(self, section: str | None = None) -> dict[str, str]:
        """The modal's fields with their current values (of the main page or a section)."""
        rules = self.rules.model_dump()
        names = fields_of(self.rules, section).numbers
        found = {name: str(value_at(rules, name)) for name in names}
        if section is not None:
            return found
        if not self.rules.plays_to_a_winner():  # else as many deals as it takes
            found["rounds"] = str(self.options.rounds)
        options = self.options.with_game(self.rules)
        found.update((name, str(options[name])) for name in table_numbers(self.rules))
        if self.target == "g":
            found["turn_timeout"] = str(round(self.turn_timeout or 0))
        return found

    def shown_preset(self) -> str | None:
        game = game_of(self.rules)
        known = self.preset is not None and self.preset in game.presets
        if known and game.preset(self.preset or "") == self.rules:
            return self.preset
        return matching_preset(self.rules)


@dataclass(frozen=True)
class Proposal:
    """The rules and options an edit asks for; the service validates them."""

    rules: dict[str, Any]
    options: dict[str, Any]
    preset: str | None
    dms: bool
    turn_timeout: float | None

    @classmethod
    def of(cls, draft: Draft) -> Proposal:
        return cls(
            draft.rules.model_dump(),
            draft.options.with_game(draft.rules),
            draft.preset,
            draft.dms,
            draft.turn_timeout,
        )

    def guild_settings(self, channels: tuple[int, ...]) -> dict[str, Any]:
        """GuildSettings data: the game, a base preset of the same variant and only the options
        that differ from it."""
        rules = parse_rules(self.rules)
        game = game_of(rules)
        same = [name for name in game.presets if game.preset(name).variant_id == rules.variant_id]
        base = self.preset if self.preset in same else same[0]
        defaults = game.preset(base).model_dump()
        overrides = {k: v for k, v in self.rules.items() if defaults.get(k) != v}
        return {
            "game": game.id,
            "preset": base,
            "rules": overrides,
            "options": self.options,
            "turn_timeout": self.turn_timeout,
            "dms": self.dms,
            "channels": list(channels),
        }


def choose(draft: Draft, name: str, values: list[str]) -> Proposal:
    """What picking ``values`` in the editor's select ``name`` asks for."""
    proposal = Proposal.of(draft)
    rules, options = proposal.rules, proposal.options
    if name == "preset":
        game = game_of(draft.rules)
        if not values or values[0] not in game.presets:
            raise TableError("Choose one of the presets")
        chosen = game.preset(values[0])
        # A table whose seats the old rules fixed takes the new game's number of players.
        if options["seats"] not in chosen.table_sizes() or len(draft.rules.table_sizes()) == 1:
            options["seats"] = chosen.players
        options.update(game.table_presets.get(values[0], {}))  # a tournament list, Bock rounds
        return Proposal(chosen.model_dump(), options, values[0], draft.dms, draft.turn_timeout)
    section = section_of(name)
    if name.rpartition(SEP)[2] == "toggles" and section in (None, *sections_of(draft.rules)):
        on = set(values)
        for toggle in draft.toggles_of(section):
            if toggle == "four_seats":
                options["seats"] = 4 if toggle in on else 3
            elif toggle == "dms":
                proposal = Proposal(
                    rules, options, proposal.preset, toggle in on, proposal.turn_timeout
                )
            elif toggle in options:
                options[toggle] = toggle in on
            else:
                _set(rules, toggle, toggle in on)
        return proposal
    known = section is None or section in sections_of(draft.rules)
    if known and name in fields_of(draft.rules, section).enums and len(values) == 1:
        _set(rules, name, values[0])
        return proposal
    raise TableError("That control is not part of these rules any more")


def checked_timer(seconds: int) -> float | None:
    """A turn timer as GuildSettings takes it: 0 is off, else 10 s to a day."""
    if seconds == 0:
        return None
    if not 10 <= seconds <= 86400:
        raise TableError("The turn timer is 0 (off) or 10 to 86400 seconds")
    return float(seconds)


def enter_numbers(draft: Draft, texts: Mapping[str, str], section: str | None = None) -> Proposal:
    """What the numbers modal (of the main page or a section) asks for; a TableError for text
    that is not a whole number."""
    proposal = Proposal.of(draft)
    if section is not None and section not in sections_of(draft.rules):
        raise TableError("Those options are not part of these rules any more")
    known = draft.numbers(section)
    timeout = proposal.turn_timeout
    for name, text in texts.items():
        if name not in known:
            continue
        try:
            value = int(text.strip())
        except ValueError:
            raise TableError(
                "{option}: enter a whole number, not '{text}'", option=title_of(name), text=text
            ) from None
        if name == "turn_timeout":
            timeout = checked_timer(value)
        elif name in proposal.options:
            proposal.options[name] = value
        else:
            _set(proposal.rules, name, value)
    players = proposal.rules.get("players")
    if section is None and players != draft.rules.players and players in draft.rules.seatings():
        proposal.options["seats"] = players  # Ramsen: the seats follow the number of players
    return Proposal(proposal.rules, proposal.options, proposal.preset, proposal.dms, timeout)

"""Per-guild settings: default rules and options, turn timer, DMs, allowed channels, the role
pinged for new tables, whether tables get their own threads, and public play."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ramsch_core import DEFAULT_GAME, RuleSet, TableOptions, check_table, get_game

DEFAULT_TURN_TIMEOUT = 120.0


class GuildSettings(BaseModel):
    """What a guild's tables start with; validated as a whole (rules must fit the seats)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str = Field(DEFAULT_GAME, description="the game new tables play")
    preset: str = Field(
        get_game(DEFAULT_GAME).default_preset, description="the default preset of that game"
    )
    rules: dict[str, Any] = Field(
        default_factory=dict, description="options changed from the preset, by their rule names"
    )
    options: TableOptions = Field(default_factory=TableOptions)
    turn_timeout: float | None = Field(
        DEFAULT_TURN_TIMEOUT, ge=10, le=86400, description="seconds per turn; None: no timer"
    )
    dms: bool = Field(True, description="whether the bot may DM players (reminders, results)")
    channels: tuple[int, ...] = Field(
        (), description="channels where tables may be opened; empty: every channel"
    )
    language: Literal["auto", "de", "en", "pl"] = Field(
        "auto", description="the language of the table messages; auto: the server's language"
    )
    reminder: float | None = Field(
        None,
        ge=0,
        le=86400,
        description="seconds into a turn when the player to act is pinged; 0: at once; "
        "None: at half the turn timer",
    )
    pictures: bool = Field(True, description="card pictures in the table messages and hands")
    ping_role: int | None = Field(
        None, gt=0, description="the role pinged when a table opens; None: no role"
    )
    threads: bool = Field(
        False, description="each table plays in its own thread, opened from its announcement"
    )
    tournament_role: int | None = Field(
        None, gt=0, description="the role whose members may organise tournaments; None: none"
    )
    public: bool = Field(
        False, description="members may play public games with players of other servers"
    )
    mirror: int | None = Field(
        None, gt=0, description="the channel where members' public tables are shown; None: none"
    )

    @model_validator(mode="after")
    def _rules_fit(self) -> GuildSettings:
        # Each raises RuleSetError (a ValueError): an unknown game, preset or option, or rules
        # that can't be played at the table's number of seats.
        check_table(self.default_rules(), self.options)
        return self

    def default_rules(self) -> RuleSet:
        return get_game(self.game).preset(self.preset, **self.rules)

    def allows(self, channel_id: int) -> bool:
        return not self.channels or channel_id in self.channels

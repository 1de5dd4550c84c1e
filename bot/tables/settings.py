"""Per-guild settings: default rules and options, turn timer, DMs, allowed channels."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ramsch_core.rules import PRESETS, AnyRules, preset
from ramsch_core.session import TableOptions

DEFAULT_TURN_TIMEOUT = 120.0


class GuildSettings(BaseModel):
    """What a guild's tables start with; validated as a whole (rules must fit the seats)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    preset: str = Field("skat", description="the default rule preset (ramsch_core PRESETS)")
    rules: dict[str, Any] = Field(
        default_factory=dict, description="options changed from the preset, by RULES.md names"
    )
    options: TableOptions = Field(default_factory=TableOptions)
    turn_timeout: float | None = Field(
        DEFAULT_TURN_TIMEOUT, ge=10, le=86400, description="seconds per turn; None: no timer"
    )
    dms: bool = Field(True, description="whether the bot may DM players (reminders, results)")
    channels: tuple[int, ...] = Field(
        (), description="channels where tables may be opened; empty: every channel"
    )

    @model_validator(mode="after")
    def _rules_fit(self) -> GuildSettings:
        if self.preset not in PRESETS:
            raise ValueError(f"Unknown preset '{self.preset}': choose one of {', '.join(PRESETS)}")
        rules = self.default_rules()  # raises RuleSetError (a ValueError) for a bad option
        if rules.players == 4 and self.options.seats != 4:
            raise ValueError(f"{rules.variant} is played by four players: set seats to 4")
        return self

    def default_rules(self) -> AnyRules:
        return preset(self.preset, **self.rules)

    def allows(self, channel_id: int) -> bool:
        return not self.channels or channel_id in self.channels

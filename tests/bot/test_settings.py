"""Settings: every number bounded and finite, each wrong one named in one line."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from bot.settings import Settings, settings_error


def settings(**values: Any) -> Settings:
    return Settings(_env_file=None, discord_token="token", **values)


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("ramsch_ai_delay", "inf", "finite"),
        ("ramsch_ai_delay", "nan", "finite"),
        ("ramsch_ai_delay", "-1", "greater than or equal to 0"),
        ("ramsch_ai_delay", "61", "less than or equal to 60"),
        ("ramsch_render_interval", "1e9", "less than or equal to 60"),
        ("ramsch_tick_interval", "-inf", "finite"),
        ("ramsch_guild_ready_timeout", "301", "less than or equal to 300"),
        ("ramsch_lease_wait", "1e400", "finite"),
        ("ramsch_guild_ids", "12,abc", "server ids"),
        ("ramsch_guild_ids", "0", "positive"),
        ("ramsch_guild_ids", str(2**64), "below 2^64"),
    ],
)
def test_a_bad_number_is_named_in_one_line(name: str, value: str, says: str) -> None:
    with pytest.raises(ValidationError) as caught:
        settings(**{name: value})
    line = settings_error(caught.value)
    assert line.startswith(f"Invalid configuration: {name.upper()}"), line
    assert says in line and "\n" not in line


def test_the_defaults_and_bounds_pass() -> None:
    assert settings().ramsch_lease_wait == 60
    assert settings(ramsch_ai_delay="60", ramsch_lease_wait="0").ramsch_ai_delay == 60
    assert settings(ramsch_guild_ids="1, 2").ramsch_guild_ids == (1, 2)


def test_extra_games_are_module_names_separated_by_commas() -> None:
    """``RAMSCH_EXTRA_GAMES`` names modules (tests only, docs/adding-a-game.md); none by
    default, and anything but module names is refused naming the setting."""
    assert settings().ramsch_extra_games == ()
    chosen = settings(ramsch_extra_games=" tests.example_game, a.b ")
    assert chosen.ramsch_extra_games == ("tests.example_game", "a.b")
    with pytest.raises(ValidationError, match="module names") as refused:
        settings(ramsch_extra_games="tests/example_game")
    assert settings_error(refused.value).startswith("Invalid configuration: RAMSCH_EXTRA_GAMES")

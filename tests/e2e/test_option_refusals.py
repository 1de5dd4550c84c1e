"""Options of issue 31's rules given to a game that does not have them, or with a value the
option does not take, in `/ramsch new`: one sentence to the one who typed it, no table."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Harness
from tests.e2e.driver import answer

NOT_OURS = [
    ({"game": "skat", "options": "schlecken=always"}, "Skat", "schlecken"),
    ({"game": "skat", "preset": "skat-standard", "options": "stake=20"}, "Skat", "stake"),
    ({"game": "skat", "options": "pack=short"}, "Skat", "pack"),
    ({"game": "ramsen", "options": "hochzeit=ja"}, "Ramsen", "hochzeit"),
    ({"game": "ramsen", "options": "durchmarsch_value=150"}, "Ramsen", "durchmarsch_value"),
    ({"game": "schafkopf", "options": "durchmarsch_value=150"}, "Schafkopf", "durchmarsch_value"),
    (
        {"game": "schafkopf", "preset": "schafkopf-hochzeit", "options": "schlecken=never"},
        "Schafkopf",
        "schlecken",
    ),
    ({"game": "ramsch", "options": "all_pass=forehand"}, "Skat Ramsch", "all_pass"),
    ({"game": "ramsch", "options": "farbwenz=ja"}, "Skat Ramsch", "farbwenz"),
]
"""A command, the game's name as the refusal writes it, and the option it does not have:
Ramsen's stake and schlecken, Schafkopf's short pack and Hochzeit and Farbwenz, Skat
Ramsch's Durchmarsch value and Skat's forehand rule, each where it is not an option."""

BAD_VALUES = [
    ({"game": "ramsen", "options": "stake=-5"}, "The option stake is a whole number from 0 to"),
    ({"game": "ramsen", "options": "schlecken=sometimes"}, "The option schlecken is one of "),
    ({"game": "schafkopf", "options": "pack=tiny"}, "The option pack is one of long, short"),
    ({"game": "skat", "options": "all_pass=dealer"}, "The option all_pass is one of "),
    (
        {"game": "ramsch", "options": "durchmarsch_value=100"},
        "The option durchmarsch_value is a whole number from 120 to",
    ),
]
"""A command giving a new option a value it does not take, and how its refusal begins."""


async def refusal(harness: Harness, **command: str) -> str:
    """The one answer to ``/ramsch new`` with ``command``: ephemeral, one line; no table."""
    alice = harness.emulator.add_user("Alice")
    shown = await answer(alice, harness.channel, "ramsch new", **command)
    assert len(shown) == 1 and shown[0].ephemeral, [m.text for m in shown]
    text = shown[0].text
    assert "\n" not in text.strip() and "Traceback" not in text, text
    assert harness.service.tables.open_tables() == []
    assert not any("#" in m.text for m in harness.channel.current_messages())
    assert harness.emulator.errors == []
    return text


@pytest.mark.parametrize(("command", "game", "option"), NOT_OURS)
async def test_an_option_the_game_does_not_have_is_refused(
    harness: Harness, command: dict[str, str], game: str, option: str
) -> None:
    text = await refusal(harness, **command)
    assert text.startswith(f"{game} has no option {option}: its options are "), text
    offered = text.split(": its options are ")[1].split(", ")
    assert option not in offered and len(offered) >= 3, offered


@pytest.mark.parametrize(("command", "start"), BAD_VALUES)
async def test_a_value_the_option_does_not_take_is_refused(
    harness: Harness, command: dict[str, str], start: str
) -> None:
    text = await refusal(harness, **command)
    assert text.startswith(start), text

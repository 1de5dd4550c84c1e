"""What players read: no rule ids, no internal names, and a renderer for every game."""

from __future__ import annotations

import re

import pytest

from bot.ui.games import RENDERERS
from ramsch_core import GAMES
from tests.ui.helpers import whole_match

RULE_ID = re.compile(r"\b(?:C|SR|SK|AR|FS|SF|RA)-\d+\b")
PRESET_NAMES = [(game.id, name) for game in GAMES.values() for name in game.presets]


def test_every_registered_game_has_a_renderer() -> None:
    assert set(RENDERERS) == set(GAMES)


@pytest.mark.parametrize(("game", "name"), PRESET_NAMES)
def test_no_message_of_a_whole_match_shows_a_rule_id(game: str, name: str) -> None:
    """Lobby, rules editor, table, hands, results and standings of a match, every step."""
    for text in whole_match(game, name):
        assert not RULE_ID.search(text), text

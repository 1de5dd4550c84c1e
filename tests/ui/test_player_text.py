"""What players read: no rule ids, no internal names, and a renderer for every game."""

from __future__ import annotations

import random
import re

import pytest

from bot.ui.editor import Draft
from bot.ui.editor_view import render_editor
from bot.ui.games import RENDERERS, rules_brief
from bot.ui.hand import render_hand
from bot.ui.lobby import render_lobby
from bot.ui.results import render_result, render_standings
from bot.ui.table import render_table
from ramsch_core import GAMES, get_game
from tests.ui.helpers import act_randomly, make_table

RULE_ID = re.compile(r"\b(?:C|SR|SK|AR|FS|SF|RA)-\d+\b")
PRESET_NAMES = [(game.id, name) for game in GAMES.values() for name in game.presets]


def test_every_registered_game_has_a_renderer() -> None:
    assert set(RENDERERS) == set(GAMES)


@pytest.mark.parametrize(("game", "name"), PRESET_NAMES)
def test_no_message_of_a_whole_match_shows_a_rule_id(game: str, name: str) -> None:
    """Lobby, rules editor, table, hands, results and standings of a match, every step."""
    rules = get_game(game).preset(name)
    lobby = make_table(name, started=False, game=game)
    texts = [render_lobby(lobby).text(), render_editor(Draft.of_table(lobby)).text()]
    texts.append(rules_brief(rules))
    table = make_table(name, seed=3, game=game)
    rng = random.Random(3)
    while table.status == "playing":
        texts.append(render_table(table).text())
        for seat in table.seats:
            assert seat.user_id is not None
            texts.append(render_hand(table, seat.user_id).text())
        act_randomly(table, rng)
    assert table.match is not None
    texts += [render_result(table, entry).text() for entry in table.match.finished_deals]
    texts.append(render_standings(table).text())
    for text in texts:
        assert not RULE_ID.search(text), text

"""Tables in any state for rendering tests, and checks of what a rendered message reveals."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Iterator
from typing import Any

from bot import i18n
from bot.tables import Seat, Table
from bot.ui import faces
from bot.ui.editor import Draft
from bot.ui.editor_view import render_editor
from bot.ui.games import rules_brief
from bot.ui.hand import render_hand
from bot.ui.lobby import render_lobby
from bot.ui.message import Rendered
from bot.ui.results import render_result, render_standings
from bot.ui.table import render_table
from ramsch_core import DEFAULT_GAME, Card, Match, TableOptions, get_game, preset
from tests.emulator.limits import message_problems
from tests.emulator.message_model import FLAG_COMPONENTS_V2

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve")
USER_IDS = (101, 102, 103, 104, 105)
CARD_TEXT = re.compile(r"[♣♠♥♦](?:10|[AKQJ987])")
SYMBOL_SUITS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}


def make_table(
    name: str = "skat", *, seats: int | None = None, rounds: int = 1, seed: int = 7,
    started: bool = True, game: str = DEFAULT_GAME, **overrides: object,
) -> Table:  # fmt: skip
    """A table of human players (Alice, Bob, ...) with the preset's rules (of ``game``)."""
    rules = preset(name, game=game, **overrides)
    count = seats or rules.players
    options = TableOptions.model_validate({"seats": count, "rounds": rounds})
    table = Table(
        id=42, guild_id=1, channel_id=2, host_id=USER_IDS[0], status="lobby", rules=rules,
        options=options, seats=[Seat(USER_IDS[i], NAMES[i]) for i in range(count)],
    )  # fmt: skip
    if started:
        table.status = "playing"
        table.match = Match(rules, options, seed)
        table.seed = seed
    return table


def act_randomly(table: Table, rng: random.Random) -> None:
    """The seat to act takes a random action its player could click."""
    match = table.match
    assert match is not None and match.to_act is not None
    seat = match.to_act
    view = match.deal.view(match.deal_seat(seat) or 0)
    match.apply(rng.choice(view.legal), seat)
    if match.finished:
        table.status = "finished"


def texts_of_a_match(table: Table, rng: random.Random) -> list[str]:
    """What a match at ``table`` shows, played at random to its end: the table and every hand
    at every step, then each deal's result and the standings (in the current language)."""
    texts = []
    while table.status == "playing":
        texts.append(render_table(table).text())
        for seat in table.seats:
            assert seat.user_id is not None
            texts.append(render_hand(table, seat.user_id).text())
        act_randomly(table, rng)
    assert table.match is not None
    texts += [render_result(table, entry).text() for entry in table.match.finished_deals]
    texts.append(render_standings(table).text())
    return texts


def whole_match(game: str, name: str) -> list[str]:
    """Lobby, rules editor, rules, table, hands, results and standings of a match of the
    preset ``name`` of ``game``, every step (``texts_of_a_match``, seed 3)."""
    lobby = make_table(name, started=False, game=game)
    texts = [render_lobby(lobby).text(), render_editor(Draft.of_table(lobby)).text()]
    texts.append(rules_brief(get_game(game).preset(name)))
    return texts + texts_of_a_match(make_table(name, seed=3, game=game), random.Random(3))


@contextlib.contextmanager
def in_german(table: Table) -> Iterator[None]:
    """Render in German, with the cards the table's game shows."""
    with i18n.using("de"), faces.showing(table.rules):
        yield


def items(shown: Rendered) -> list[Any]:
    """The buttons and selects of a message (unwrapped from their dynamic items)."""
    if shown.view is None:
        return []
    return [getattr(child, "item", child) for child in shown.view.children]


def custom_ids(shown: Rendered) -> list[str]:
    return [item.custom_id for item in items(shown)]


def cards_shown(shown: Rendered) -> set[Card]:
    """Every card named anywhere in a message: text, button labels, select options."""
    text = shown.text()
    for item in items(shown):
        for option in getattr(item, "options", []):
            text += "\n" + option.label
    cards = set()
    for found in CARD_TEXT.findall(text):
        rank = "T" if found[1:] == "10" else found[1:]
        cards.add(Card[SYMBOL_SUITS[found[0]] + rank])
    return cards


def problems(shown: Rendered) -> list[str]:
    """Discord's limits broken by a rendered message as it is sent (the emulator's own
    checks)."""
    if shown.layout:
        return message_problems(
            content="",
            embeds=[],
            components=shown.layout_view().to_components(),
            flags=FLAG_COMPONENTS_V2,
            attachment_sizes=[],
            size_limit=10_000_000,
        )
    return message_problems(
        content=shown.content or "",
        embeds=[dict(embed.to_dict()) for embed in shown.embeds],
        components=shown.view.to_components() if shown.view is not None else [],
        flags=0,
        attachment_sizes=[],
        size_limit=10_000_000,
    )

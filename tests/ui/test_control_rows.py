"""Every message of every game keeps its choices in two rows beside the cards: random deals of
every preset walked through all their steps, each hand and the table rendered in English and
German at every step, with marks pressed and a seat away now and then."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from bot import i18n
from bot.tables import Table, TableError
from bot.ui import ids
from bot.ui.actions import action_of
from bot.ui.games import renderer_for
from bot.ui.hand import render_hand
from bot.ui.lobby import render_lobby
from bot.ui.message import Rendered
from bot.ui.results import render_result
from bot.ui.table import render_table
from ramsch_core import GAMES
from tests.emulator.limits import CARD_CONTROL
from tests.english import english_words
from tests.ui.helpers import items, make_table, problems

CASES = [
    (game.id, name, size)
    for game in GAMES.values()
    for name in game.presets
    for size in sorted({min(game.preset(name).table_sizes()), game.preset(name).table_sizes()[-1]})
]
STEPS = 400
"""At most this many actions a walk takes (a deal or two of every game)."""


def rows_of(shown: Rendered) -> list[list[Any]]:
    """The action rows of a message as Discord gets them: each a list of components."""
    if shown.view is None:
        return []
    return [row["components"] for row in shown.view.to_components()]


def check_message(shown: Rendered, legal: list[Any] | None) -> None:
    """At most two rows of controls besides the cards, five rows in all, labels of 20
    characters at most; every enabled control stands for one of ``legal`` (the seat's legal
    actions; None for the table message, which has none)."""
    assert not problems(shown), problems(shown)
    rows = rows_of(shown)
    others = [row for row in rows if any(not CARD_CONTROL.fullmatch(c["custom_id"]) for c in row)]
    assert len(others) <= 2 and len(rows) <= 5, [[c["custom_id"] for c in row] for row in rows]
    short_labels(shown)
    for item in items(shown):
        found = re.fullmatch(ids.ACTION_TEMPLATE, item.custom_id)
        if found is None or item.disabled:
            continue
        assert legal is not None, item.custom_id
        if isinstance(item, discord.ui.Select) and item.max_values > 1:  # cards to choose
            chosen = [option.value for option in item.options[: item.max_values]]
            assert action_of(found["kind"], None, chosen) in legal, chosen
        elif isinstance(item, discord.ui.Select):
            for option in item.options:
                assert action_of(found["kind"], None, [option.value]) in legal, option
        else:
            assert action_of(found["kind"], found["arg"]) in legal, item.custom_id


def short_labels(shown: Rendered) -> None:
    """No button label over 20 characters, no select of more than 25 options."""
    for item in items(shown):
        label = getattr(item, "label", None)
        assert label is None or len(label) <= 20, label
        assert len(getattr(item, "options", None) or []) <= 25


def control_texts(shown: Rendered) -> str:
    """The labels, placeholders and option labels of a message's controls."""
    texts = []
    for item in items(shown):
        texts += [getattr(item, "label", None) or "", getattr(item, "placeholder", None) or ""]
        texts += [option.label for option in getattr(item, "options", None) or []]
    return "\n".join(texts)


def check_everyone(table: Table) -> None:
    """Every hand and the table message, in English and in German (whose controls say no
    English word)."""
    for language in ("en", "de"):
        with i18n.using(language):
            shown = [(render_table(table), None)]
            for seat in table.seats:
                view = table.view_for(seat.user_id)
                legal = list(view.legal) if view is not None else []
                shown.append((render_hand(table, seat.user_id), legal))
            for message, legal in shown:
                check_message(message, legal)
                if language == "de":
                    assert not english_words(control_texts(message)), control_texts(message)


def press_a_mark(table: Table, seat: int, rng: random.Random) -> bool:
    """The seat presses one of the mark controls its hand shows (a card, an announcement,
    the upcard), as its player could; False when it shows none."""
    shown = render_hand(table, table.seats[seat].user_id)
    marks = [
        found["mark"]
        for item in items(shown)
        if not item.disabled and (found := re.fullmatch(ids.MARK_TEMPLATE, item.custom_id))
    ]
    view = table.view_for(table.seats[seat].user_id)
    if not marks or view is None:
        return False
    try:
        marked = renderer_for(table.rules).mark(view, table.marks_of(seat), rng.choice(marks))
    except TableError:
        return True  # refused (say, one card too many): the marks stay as they were
    table.marks[seat] = (table.log_length, marked)
    return True


@pytest.mark.parametrize(("game", "name", "size"), CASES)
def test_every_message_keeps_two_rows_of_choices(game: str, name: str, size: int) -> None:
    """In every hand and table message: at most two rows of controls besides the cards, five
    rows in all, no label over 20 characters in English or German, no select of more than 25
    options, every offered choice legal for the seat that sees it."""
    rng = random.Random(f"{game}-{name}-{size}")
    table = make_table(name, game=game, seats=size, seed=rng.randrange(1000))
    match = table.match
    assert match is not None
    for _step in range(STEPS):
        if table.status != "playing" or match.to_act is None:
            break
        seat = match.to_act
        table.seats[rng.randrange(size)].away = rng.random() < 0.2
        check_everyone(table)
        while rng.random() < 0.6 and press_a_mark(table, seat, rng):
            check_everyone(table)
        view = match.deal.view(match.deal_seat(seat) or 0)
        match.apply(rng.choice(view.legal), seat)
        table.marks.clear()
        for other in table.seats:
            other.away = False
        if match.finished:
            table.status = "finished"
    assert match.finished_deals, "no deal was played to its end"
    lobby = make_table(name, game=game, seats=size, started=False)
    for language in ("en", "de"):
        with i18n.using(language):
            short_labels(render_lobby(lobby))
            for entry in match.finished_deals:
                short_labels(render_result(table, entry))

"""Take a seat on the table message, the choice of a free seat and the host's OK or No under
a request (issue 31): ids that survive a restart, names escaped, German words."""

from __future__ import annotations

import re

from bot import i18n
from bot.storage.seat_requests import SeatRequest
from bot.tables import Seat
from bot.ui import ids
from bot.ui.substitute_items import (
    SeatAnswerButton,
    SitButton,
    answer_view,
    answered_text,
    free_seats,
    request_text,
    seat_choice,
)
from tests.english import english_words
from tests.ui.helpers import USER_IDS, make_table


def test_the_ids_carry_table_seat_and_request() -> None:
    assert re.fullmatch(ids.SIT_TEMPLATE, ids.sit_id(42))
    found = re.fullmatch(ids.SIT_TEMPLATE, ids.sit_id(42, 2))
    assert found is not None and (found["table"], found["seat"]) == ("42", "2")
    answer = re.fullmatch(ids.SEAT_ANSWER_TEMPLATE, ids.seat_answer_id(42, 7, False))
    assert answer is not None and (answer["answer"], answer["number"]) == ("no", "7")
    assert not re.fullmatch(ids.LOBBY_TEMPLATE, ids.sit_id(42))
    assert SitButton(42, 1).item.custom_id == "ramsch:t:42:sit:1"
    assert SeatAnswerButton(42, 3, True).item.custom_id == "ramsch:t:42:seatok:3"


def test_only_ai_and_away_seats_are_offered() -> None:
    table = make_table("skat")
    assert free_seats(table) == []
    table.seats[1] = Seat(None, "AI 1", "heuristic")
    table.seats[2].away = True
    assert free_seats(table) == [1, 2]
    view = seat_choice(table)
    labels = [item.item.label for item in view.children]  # type: ignore[attr-defined]
    assert labels == ["Seat 2: AI 1", f"Seat 3: {table.seats[2].name}"]
    assert len({item.row for item in view.children}) <= 1  # one row on a phone


def test_the_request_pings_the_host_and_escapes_the_name() -> None:
    table = make_table("skat")
    table.seats[1] = Seat(None, "AI 1", "heuristic")
    request = SeatRequest(42, 0, 1, 999, "<@1> **Eve**", "asked", 0.0)
    text = request_text(table, request)
    assert f"<@{USER_IDS[0]}>" in text and "<@1>" not in text and "**Eve**" not in text
    assert "seat 2 (AI 1)" in text
    assert [item.item.custom_id for item in answer_view(42, 0).children] == [  # type: ignore[attr-defined]
        "ramsch:t:42:seatok:0",
        "ramsch:t:42:seatno:0",
    ]
    assert "from the next deal on" in answered_text(request, True, False)
    assert "does not take over seat 2" in answered_text(request, False, False)


def test_the_words_in_german() -> None:
    table = make_table("skat")
    table.seats[1] = Seat(None, "AI 1", "heuristic")
    request = SeatRequest(42, 0, 1, 999, "Eve", "asked", 0.0)
    before = set(i18n.MISSING)
    with i18n.using("de"):
        texts = [
            request_text(table, request),
            answered_text(request, True, False),
            answered_text(request, True, True),
            answered_text(request, False, False),
            SitButton(42).item.label or "",
            *[item.item.label for item in seat_choice(table).children],  # type: ignore[attr-defined]
            *[item.item.label for item in answer_view(42, 0).children],  # type: ignore[attr-defined]
        ]
    assert i18n.MISSING - before == set()
    assert "KI 1" in texts[0] and "Platz übernehmen" in texts
    for text in texts:
        assert english_words(re.sub(r"<@\d+>", "", text), ("Eve",)) == set(), text

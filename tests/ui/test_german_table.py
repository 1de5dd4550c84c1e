"""The lobby, table, hand, result and final standings of a Ramsch table in German: no English
words, the score sheet in fixed player columns, the turn's countdown, Augen apart from Punkte."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from bot import i18n
from bot.tables import Table
from bot.ui import table as table_module
from bot.ui.hand import render_hand
from bot.ui.lobby import render_cancelled, render_lobby
from bot.ui.message import Rendered
from bot.ui.results import render_result, render_standings
from bot.ui.table import render_table, sheet_of
from tests.english import english_words
from tests.i18n_check import extracted
from tests.ui.helpers import NAMES, USER_IDS, act_randomly, make_table, problems

MINE = (
    "bot/ui/text.py", "bot/ui/table.py", "bot/ui/hand.py", "bot/ui/results.py",
    "bot/ui/lobby.py", "bot/ui/items.py", "bot/ui/actions.py", "bot/ui/games/__init__.py",
)  # fmt: skip
STARTED = 1_700_000_000.4
TIMEOUT = 60.0
ENDS = f"<t:{int(STARTED + TIMEOUT)}:R>"


@pytest.fixture
def german() -> Iterator[None]:
    """Render in German; no message of these files may lack its translation."""
    before = set(i18n.MISSING)
    with i18n.using("de"):
        yield
    mine = {found.message for found in extracted() if found.where.startswith(MINE)}
    assert {message for _, message in i18n.MISSING - before} & mine == set()


def german_text(shown: Rendered) -> str:
    text = shown.text()
    assert english_words(text, NAMES) == set(), text
    assert not problems(shown)
    return text


def timed(table: Table) -> Table:
    table.turn_timeout = TIMEOUT
    table.turn_started_at = STARTED
    return table


def play_deals(table: Table, deals: int, seed: int = 5) -> None:
    rng = random.Random(seed)
    match = table.match
    assert match is not None
    while table.status == "playing" and len(match.finished_deals) < deals:
        act_randomly(table, rng)


def sheet_block(text: str, after: str) -> list[str]:
    """The lines of the first code block after ``after``."""
    found = re.search(re.escape(after) + r"\n```\n(.*?)\n```", text, re.S)
    assert found is not None, text
    return found[1].split("\n")


def test_the_lobby_in_german(german: None) -> None:
    table = make_table(started=False)
    table.seats = table.seats[:2]
    text = german_text(render_lobby(timed(table)))
    assert "Ramsch #42 — offener Tisch" in text
    assert "Spieler 2/3" in text and "Gastgeber" in text
    assert "3 Plätze · 1 Runde (3 Spiele) · Zugzeit 1 min" in text
    assert "Es fehlt noch 1 Spieler: drück auf Beitreten." in text
    assert "Beitreten" in text and "KI dazusetzen" in text and "Regeln" in text
    full = german_text(render_lobby(make_table(started=False)))
    assert "Der Tisch ist voll: der Gastgeber kann starten." in full and "Zugzeit aus" in full
    closed = german_text(render_cancelled(table))
    assert "Dieser Tisch wurde abgebrochen.\nMach einen neuen auf mit `/ramsch new`." in closed


def test_the_table_during_play_in_german(german: None) -> None:
    table = timed(make_table(rounds=2))
    play_deals(table, 1)
    act_randomly(table, random.Random(2))  # a card of the second deal's first trick
    shown = render_table(table)
    text = german_text(shown)
    match = table.match
    assert match is not None and match.to_act is not None
    assert shown.content is not None
    assert shown.content.startswith(f"<@{USER_IDS[match.to_act]}>, du bist dran: ")
    assert "— Spiel 2 von 6\n**Stich 1**\n" in text
    assert f"\n⏱ Zeit läuft ab {ENDS}\n" in text
    assert "Zugzeit: 1 min." in text and "Meine Karten" in text
    assert re.search(r"• \*\*\w+\*\* — (gibt, )?0 Stiche · gesamt [−0-9]+", text)
    lines = sheet_block(text, "Spielliste")
    assert lines[0].split() == ["#", "Alice", "Bob", "Carol"]
    assert lines[1].startswith("1. ") and lines[-1].startswith("Σ ")


def test_the_table_between_deals_in_german(german: None) -> None:
    table = make_table(rounds=2)
    play_deals(table, 2)
    text = german_text(render_table(table))
    assert "— Spiel 3 von 6\n**Stich 1**\n" in text and "Zeit läuft ab" not in text
    lines = sheet_block(text, "Spielliste")
    match = table.match
    assert match is not None
    totals = [i18n.number(total) for total in match.totals]
    assert [line[:3] for line in lines] == ["#  ", "1. ", "2. ", "Σ  "]
    assert lines[-1].split() == ["Σ", *totals]


def test_the_hand_in_german(german: None) -> None:
    table = timed(make_table())
    match = table.match
    assert match is not None and match.to_act is not None
    playing = german_text(render_hand(table, USER_IDS[match.to_act]))
    assert "Deine Karten — Ramsch #42" in playing
    assert "**Ramsch #42** in <#2> · Spiel 1 von 3\n**Deine Karten:** " in playing
    assert "**Du bist dran:** spiel eine beliebige Karte aus." in playing
    assert playing.count(ENDS) == 1
    other = next(user for seat, user in enumerate(USER_IDS[:3]) if seat != match.to_act)
    waiting = german_text(render_hand(table, other))
    assert "Warte auf die anderen — verfolge den Tisch im Kanal." in waiting
    assert "Zeit läuft ab" not in waiting
    assert "Du spielst an diesem Tisch nicht mit." in german_text(render_hand(table, 999))


def test_the_result_names_augen_apart_from_punkte(german: None) -> None:
    table = make_table(rounds=2)
    play_deals(table, 2)
    match = table.match
    assert match is not None
    entry = match.finished_deals[-1]
    text = german_text(render_result(table, entry))
    assert "— Spiel 2 von 6: Ergebnis" in text
    loser = table.seats[entry.seats[entry.result.losers[0]]].name
    points = entry.result.card_points[entry.result.losers[0]]
    score = i18n.number(entry.table_scores[entry.seats[entry.result.losers[0]]])
    assert re.search(
        rf"\*\*{loser}\*\* \(verliert[^)]*\): {points} Augen, \d+ Stiche? → \*\*{score}\*\* "
        "Punkte",
        text,
    ), text
    assert re.search(r"Stich 10: .* → \*\*\w+\*\* nimmt \d+ Augen", text)
    assert "Gesamtstand" in text and sheet_block(text, "Spiele")[1].startswith("1. ")


def test_the_final_standings_in_german(german: None) -> None:
    table = make_table()
    play_deals(table, 99)
    assert table.status == "finished"
    text = german_text(render_standings(table))
    assert "Ramsch #42 — Endstand\n🥇 **" in text
    assert "3 Spiele gespielt. Danke fürs Spielen!" in text
    lines = sheet_block(text, "Spiele")
    assert [line[:3] for line in lines] == ["#  ", "1. ", "2. ", "3. ", "Σ  "]


def test_english_names_card_points_apart_from_points() -> None:
    table = make_table()
    play_deals(table, 1)
    match = table.match
    assert match is not None
    text = render_result(table, match.finished_deals[0]).text()
    assert re.search(
        r"\*\*\w+\*\*[^:\n]*: \d+ card points, \d+ tricks? → \*\*[−+0-9½]+\*\* points", text
    )


LONG = ("Alexander the Great", "Bob", "Alexandra", "🤖 Dora")


def column_ends(header: str, names: tuple[str, ...]) -> list[int]:
    ends, start = [], 0
    for name in names:
        start = header.index(name, start) + len(name)
        ends.append(start)
    return ends


def test_the_score_sheet_keeps_its_columns_and_drops_the_oldest_deals() -> None:
    table = make_table("skat", seats=4, rounds=6, seed=3)
    for seat, name in zip(table.seats, LONG, strict=True):
        seat.name = name
    play_deals(table, 99, seed=3)
    sheet = sheet_of(table)
    assert sheet is not None and len(sheet.rows) == 24
    assert sheet.names == ("Alexan1", "Bob", "Alexan3", "🤖 Dora")  # shortened, distinct
    lines = sheet.lines(sheet.rows)
    ends = column_ends(lines[0], sheet.names)
    for line in lines[1:]:
        for end in ends:
            assert line[end - 1] != " " and line[end : end + 1] in ("", " "), (line, end)
    sat_out = [row for row in sheet.rows if None in row.scores]
    assert len(sat_out) == 24  # the dealer sits out every deal at four seats
    # The table message shows the latest deals that fit; the oldest are left off first.
    block = sheet.latest(400)
    assert len(block) <= 400 and block.startswith("```\n#")
    shown = block.split("\n")
    assert shown[2] == "…" and shown[-3].startswith("24.") and shown[-2].startswith("Σ")
    standings = render_standings(table)
    assert not problems(standings)
    text = standings.text()
    blocks = "\n".join(re.findall(r"```\n(.*?)\n```", text, re.S))
    numbers = re.findall(r"^ *(\d+)\.[B ]", blocks, re.M)
    assert [int(number) for number in numbers] == list(range(1, 25))  # the sheet in full
    assert all(len(field.value or "") <= 1024 for field in standings.embeds[0].fields)


def test_the_table_message_sheet_fits_its_field() -> None:
    table = make_table("skat", rounds=10, seed=4)
    play_deals(table, 25, seed=4)
    shown = render_table(table)
    assert not problems(shown)
    field = next(f for f in shown.embeds[0].fields if f.name == "Score sheet")
    lines = sheet_block("Score sheet\n" + (field.value or ""), "Score sheet")
    assert lines[1] == "…" and lines[-2].startswith("25.") and len(field.value or "") <= 1024


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_sheet_keeps_the_latest_rows_whose_block_fits(language: str) -> None:
    """``fitting`` leaves off the oldest rows, one by one, until the block (with its row of
    ``…`` once a row is left off) fits in the limit."""
    table = make_table("skat", seats=4, rounds=6)
    play_deals(table, 20, seed=11)
    sheet = sheet_of(table)
    assert sheet is not None and len(sheet.rows) == 20
    with i18n.using(language):
        for most in (None, 12, 30):
            for limit in range(0, 1400, 7):
                rows = list(sheet.rows if most is None else sheet.rows[len(sheet.rows) - most :])
                while rows and len(sheet.block(rows, earlier=len(rows) < 20)) > limit:
                    rows = rows[1:]
                assert sheet.fitting(limit, most) == rows, (limit, most)


def test_the_sheet_kept_between_renders_is_built_anew_when_what_it_shows_changes() -> None:
    """``sheet_of`` gives the sheet of the last render again only while it is made of the
    same: a deal that ends, another language, a renamed player each build it anew."""
    table = make_table("skat", seats=3, rounds=4)

    def kept_and_fresh() -> tuple[str, str]:
        kept = sheet_of(table)
        table_module._SHEETS.clear()
        fresh = sheet_of(table)
        assert kept is not None and fresh is not None
        return "\n".join(kept.lines(kept.rows)), "\n".join(fresh.lines(fresh.rows))

    play_deals(table, 2, seed=4)
    first = sheet_of(table)
    assert first is not None and sheet_of(table) is first and len(first.rows) == 2
    with i18n.using("de"):
        assert sheet_of(table) is not first
    table.seats[1].name = "Bettina"
    kept, fresh = kept_and_fresh()
    assert kept == fresh and "Bettina" in kept
    play_deals(table, 3, seed=4)
    kept, fresh = kept_and_fresh()
    assert kept == fresh and "\n3." in kept
    table.seats[2].ai = "easy"
    kept, fresh = kept_and_fresh()
    assert kept == fresh

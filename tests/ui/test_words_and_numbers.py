"""Words and numbers players read: a table titled by its game everywhere, AI seats named in the
reader's language, no command line, English sentences on English tables (German only for the
game terms of docs/languages.md), amounts of a euro and more in euros, score-sheet notes cut
between words with a legend for their numbers."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bot import i18n
from bot.publish.channel import channel_note
from bot.tables import Seat, Table, Update
from bot.ui.boards import record_note
from bot.ui.hand import render_hand, where
from bot.ui.lobby import render_lobby, thread_name
from bot.ui.results import render_result, render_standings
from bot.ui.table import Sheet, SheetRow, render_table, shortened
from bot.ui.text import amount_text
from ramsch_core import Match
from tests.english import english_words
from tests.ui.helpers import NAMES, USER_IDS, act_randomly, make_table


def started(table: Table) -> Table:
    """The lobby ``table`` started with the seats it has."""
    table.status = "playing"
    table.match = Match(table.rules, table.options, 7)
    return table


TITLES = [
    ("skat", "skat", "Skat #42"),
    ("schafkopf", "schafkopf", "Schafkopf #42"),
    ("ramsen", "ramsen", "Ramsen #42"),
    ("ramsch", "skat", "Ramsch #42"),
    ("ramsch", "schafkopf", "Ramsch #42"),
    ("ramsch", "altenburg", "Ramsch #42"),
]


@pytest.mark.parametrize(("game", "preset", "title"), TITLES)
def test_a_table_is_titled_by_its_game_everywhere(game: str, preset: str, title: str) -> None:
    lobby = make_table(preset, game=game, started=False)
    assert thread_name(lobby) == title
    assert render_lobby(lobby).embeds[0].title == f"{title} — open table"
    table = make_table(preset, game=game)
    assert (render_table(table).embeds[0].title or "").startswith(f"{title} — deal 1")
    hand = render_hand(table, USER_IDS[0])
    assert hand.embeds[0].title == f"Your hand — {title}"
    assert where(table) == f"**{title}** in <#2>"
    table.turn_timeout = None
    reminder = channel_note(Update(table, "reminder", seat=0))
    assert reminder == f"⏰ <@{USER_IDS[0]}>, it's your turn ({title})."
    if game != "ramsch":
        texts = [thread_name(lobby), render_table(table).embeds[0].title or "", reminder]
        assert not [text for text in texts if "Ramsch" in text]


def test_ai_seats_are_named_in_the_readers_language() -> None:
    table = make_table("skat", game="skat", started=False)
    table.seats = [
        table.seats[0],
        Seat(None, "AI 1", ai="heuristic"),
        Seat(None, "AI 2", ai="easy"),
    ]
    with i18n.using("de"):
        german = render_lobby(table)
    english = render_lobby(table)
    players = german.embeds[0].fields[0].value or ""
    assert "🤖 KI 1 (normal)" in players and "🤖 KI 2 (leicht)" in players
    assert "AI" not in german.text() and english_words(german.text(), NAMES) == set()
    select = [item for item in german.view.children if hasattr(item, "item")][-1].item
    assert [option.label for option in select.options][:2] == ["KI 1: leicht", "KI 1: normal"]
    assert "🤖 AI 1 (normal)" in (english.embeds[0].fields[0].value or "")
    with i18n.using("de"):
        playing = render_table(started(table)).text()
    assert "KI 1" in playing and not re.search(r"\bAI\b", playing)


def test_a_seat_named_ai_by_a_human_keeps_his_name() -> None:
    table = make_table("skat", game="skat", started=False)
    table.seats = [Seat(USER_IDS[0], "AI 1"), *table.seats[1:]]
    with i18n.using("de"):
        shown = render_table(started(table)).text()
    assert "**AI 1**" in shown


def test_the_record_reply_says_what_the_file_is_without_a_command() -> None:
    note = record_note(7, 2, "skat", "ramsch")
    assert note == (
        "The game record of Ramsch #7, deal 3 (Skat Ramsch), as a JSON file: the deal card by "
        "card, to replay it."
    )
    assert "python" not in note and "`" not in note


COMMAND = re.compile(r"python -m|ramsch_core|`[a-z_.]+ [^`]*`")


def test_no_player_message_holds_a_command_line() -> None:
    """Every English message id and German translation in the catalogues: no ``python -m``,
    no module name (slash commands in backticks are for players and stay)."""
    found = []
    for path in Path("bot/locale/de").glob("*.po"):
        for line in path.read_text().splitlines():
            said = line.startswith(("msgid", "msgstr", '"'))
            if said and COMMAND.search(line) and "`/ramsch" not in line:
                found.append(line)
    assert found == []


def test_amounts_of_a_euro_and_more_read_in_euros_as_the_reader_writes() -> None:
    assert amount_text(50, "¢") == "+50¢" and amount_text(-99, "¢") == "−99¢"
    assert amount_text(-1680, "¢") == "−€16.80" and amount_text(100, "¢", signed=False) == "€1.00"
    assert amount_text(1680, "") == "+1680"  # points are no money
    with i18n.using("de"):
        assert amount_text(-1680, "¢") == "−16,80\xa0€"
        assert amount_text(123456, "¢", signed=False) == "1.234,56\xa0€"
        assert amount_text(-50, "¢") == "−50¢"


WORDS = re.compile(r"[\w'’-]+")


@pytest.mark.parametrize("width", range(4, 40))
def test_a_sheet_note_is_cut_between_words(width: int) -> None:
    text = "Alice Sauspiel (Eichel) gewonnen · Bob schleckte, Carol passed"
    cut = shortened(text, width)
    assert len(cut) <= width
    if cut != text:
        assert cut.endswith("…")
        kept = WORDS.findall(cut[:-1])
        assert kept == WORDS.findall(text)[: len(kept)]
        assert text.startswith(cut[:-1])
        assert not text[len(cut) - 1].isalnum() or not cut[:-1]


def test_the_numbers_in_the_sheet_notes_have_a_legend_in_both_languages() -> None:
    rows = (SheetRow(1, False, (10, -10), "Alice Sauspiel won 10¢"),)
    sheet = Sheet(("A", "B"), rows, (10, -10), "¢", "The legend")
    assert sheet.legend(rows) == "The legend"
    plain = (SheetRow(1, True, (10, -10), "Ramsch"),)
    assert sheet.legend(plain) == "B: Bock, counted double"
    line = "The number after a game: the cents each Gegenspieler paid or got."
    for seed in range(20):  # the first seed whose first deal is a game played
        table = make_table("schafkopf", game="schafkopf", seats=4, seed=seed)
        rng = random.Random(seed)
        while not table.match.finished_deals:
            act_randomly(table, rng)
        played = table.match.finished_deals[0].result.details or {}
        if played.get("game") in ("sauspiel", "wenz", "solo"):
            break
    assert played.get("game") in ("sauspiel", "wenz", "solo")
    assert line in render_table(table).text()
    with i18n.using("de"):
        assert "Die Zahl nach einem Spiel" in render_table(table).text()


GERMAN_ONLY = frozenset(
    """
    gewonnen verloren schleckte geschleckt augen tisch karten stich stiche und oder
    nicht jeder jeden von zahlt bekommt allein spielte sagten alle spiele ablegen tauschen
    behalten zog legte nahm dran klopft
    """.split()  # noqa: SIM905 - a word list is easier to read as text
)
"""German words that are no game term (docs/languages.md): an English table has no business
showing them."""

GLOSSARY = Path("docs/languages.md")


def german_words(text: str) -> set[str]:
    text = re.sub(r"<[@#!&:][^>]*>", " ", text)
    return {word for word in WORDS.findall(text) if word.lower() in GERMAN_ONLY}


def test_the_glossary_lists_the_game_terms_and_none_of_the_offenders() -> None:
    section = GLOSSARY.read_text().split("## Game terms")[1].split("\n## ")[0]
    rows = [line.split("|")[1:3] for line in section.splitlines() if line.startswith("| ")]
    terms = {term.strip() for cell, _meaning in rows[1:] for term in cell.split(",")}
    for term in ("Sauspiel", "Schneider", "Kontra", "Passe", "Laufende", "Schlecken", "weiter"):
        assert term in terms
    assert not german_words(" ".join(terms))


ALL_GAMES = [
    ("skat", "skat", 3), ("skat", "skat-bock", 3), ("skat", "skat-throw-in", 3),
    ("schafkopf", "schafkopf-klopfen", 4), ("schafkopf", "schafkopf-stock", 4),
    ("ramsen", "ramsen-5", 5), ("ramsen", "ramsen", 4),
    ("ramsch", "skat", 3), ("ramsch", "schafkopf", 4), ("ramsch", "altenburg", 3),
]  # fmt: skip


def act_low(table: Table, rng: random.Random) -> None:
    """A random action of the seat to act, a bid no higher than 30 (the hand's controls are
    another test's)."""
    match = table.match
    assert match is not None and match.to_act is not None
    seat = match.to_act
    legal = match.deal.view(match.deal_seat(seat) or 0).legal
    low = [action for action in legal if getattr(action, "value", 0) <= 30] or legal
    match.apply(rng.choice(low), seat)
    if match.finished:
        table.status = "finished"


@pytest.mark.parametrize(("game", "preset", "seats"), ALL_GAMES)
def test_an_english_table_reads_english_apart_from_the_game_terms(
    game: str, preset: str, seats: int
) -> None:
    for seed in range(3):
        table = make_table(preset, game=game, seats=seats, rounds=1, seed=seed)
        rng = random.Random(seed)
        shown = []
        while table.status == "playing":
            act_low(table, rng)
            if table.status == "playing":
                shown.append(render_table(table).text())
                seat = table.match.active_seats[table.match.to_act or 0]
                shown.append(render_hand(table, USER_IDS[seat]).text())
        shown += [render_result(table, entry).text() for entry in table.match.finished_deals]
        shown.append(render_standings(table).text())
        found = {word for text in shown for word in german_words(text)}
        assert found == set(), (preset, seed, found)


def test_the_invite_url_grants_exactly_the_permissions_listed() -> None:
    """docs/discord.md: the invite's permission integer is the sum of the table's bits, and
    the list has what threads and role pings need."""
    text = Path("docs/discord.md").read_text()
    section = text.split("## 2. Invite it to a server")[1].split("\n## ")[0]
    rows = re.findall(r"^\| ([^|]+) \|.*\| 1 << (\d+) = (\d+) \|$", section, re.MULTILINE)
    assert all(1 << int(shift) == int(value) for _name, shift, value in rows)
    names = {name.strip() for name, _shift, _value in rows}
    assert {"Create Public Threads", "Send Messages in Threads"} <= names
    assert "Mention @everyone, @here and All Roles" in names
    total = sum(int(value) for _name, _shift, value in rows)
    assert f"&permissions={total}\n" in section and f"**{total}**" in section
    assert "later" not in section

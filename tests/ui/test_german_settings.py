"""The rules editor, the server settings, leaderboards, stats, history, help and /ramsch rules
in German: no English word left, the words German players use."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any
from unittest import mock

import discord
import pytest

from bot import i18n
from bot.cogs.info import InfoCog
from bot.ratings import BoardRating, RankedPage, RankedRow
from bot.storage import MatchPlayer, MatchSummary, UserStats
from bot.tables import GuildSettings
from bot.ui.boards import record_note, render_history, render_leaderboard, render_stats
from bot.ui.editor import Draft, sections_of
from bot.ui.editor_view import numbers_modal, render_editor
from bot.ui.message import Rendered
from ramsch_core import GAMES
from tests.english import english_words
from tests.i18n_check import extracted
from tests.ui.helpers import NAMES, items, make_table, problems
from tests.ui.test_option_translations import core_texts

MINE = (
    "bot/cogs/config.py",
    "bot/cogs/info.py",
    "bot/cogs/stats.py",
    "bot/cogs/history.py",
    "bot/commands/",
    "bot/ui/editor",
    "bot/ui/board",
)
"""The sources whose messages these renders show (the rules in brief and the table line
belong to the games' renderers, tested with them)."""


@pytest.fixture(scope="module")
def own_messages() -> set[str]:
    found = {item.message for item in extracted() if item.where.startswith(MINE)}
    return found | core_texts()


@pytest.fixture(autouse=True)
def no_new_missing(own_messages: set[str]) -> Any:
    """Nothing these files render lacks a translation."""
    before = set(i18n.MISSING)
    yield
    assert {message for _, message in set(i18n.MISSING) - before} & own_messages == set()


def own_text(shown: Rendered) -> str:
    """What the editor itself writes: its fields' names, footer, title and controls (the rules
    in brief and the table line come from the games' renderers, tested there)."""
    parts: list[str] = [shown.content or ""]
    for embed in shown.embeds:
        parts += [embed.title or "", embed.footer.text or ""]
        parts += [field.name or "" for field in embed.fields]
    for item in items(shown):
        parts += [getattr(item, "label", None) or "", getattr(item, "placeholder", None) or ""]
        for option in getattr(item, "options", []):
            parts += [option.label, option.description or ""]
    return "\n".join(parts)


@pytest.mark.parametrize(("game", "name"), [(g.id, n) for g in GAMES.values() for n in g.presets])
def test_the_rules_editor_speaks_german(game: str, name: str) -> None:
    table = make_table(name, game=game, started=False)
    with i18n.using("de"):
        for draft in (
            Draft.of_table(table),
            Draft.of_guild(1, GuildSettings(game=game, preset=name, options=table.options), "Club"),
        ):
            shown = render_editor(draft)
            assert not problems(shown)
            # The presets' names are identifiers, as /ramsch new takes them (`ramsen-no-schlecken`).
            presets = tuple(sorted(GAMES[game].presets, key=len, reverse=True))
            assert english_words(own_text(shown), (*NAMES, *presets)) == set()
            for section in sections_of(draft.rules):
                page = render_editor(draft, section=section)
                assert english_words(own_text(page), NAMES) == set()
                modal = numbers_modal(draft, section)
                labels = " ".join(child.text for child in modal.children)  # type: ignore[attr-defined]
                assert english_words(f"{modal.title} {labels}") == set()
            modal = numbers_modal(draft)
            assert len(modal.title) <= 45


def test_the_server_settings_read_in_german() -> None:
    table = make_table("skat", started=False)
    settings = GuildSettings(preset="skat", options=table.options, turn_timeout=None, dms=True)
    with i18n.using("de"):
        shown = render_editor(Draft.of_guild(1, settings, "Club"), "Gespeichert: Zugzeit.")
    text = own_text(shown)
    assert "Ramsch-Einstellungen — Club" in text and "Karten per DM" in text
    assert "Tische dürfen eröffnet werden in" in text and "Vorlage" in text
    assert "Neue Tische beginnen mit diesen Einstellungen" in text
    assert "Zugzeit, Runden" in text or "einstellen…" in text
    assert "jeder Kanal" in shown.text() and "\nan\n" in shown.text()


def page(total: int, offset: int = 0, viewer: RankedRow | None = None) -> RankedPage:
    rows = [
        RankedRow(offset + i + 1, 1000 + i, 1234 - i, 3, 30, -0.41, -5)
        for i in range(min(10, total - offset))
    ]
    return RankedPage(rows, total, offset, 10, "rating", 10, viewer, played=total)


def test_a_leaderboard_in_german() -> None:
    with i18n.using("de"):
        shown = render_leaderboard(page(25), 7, "altenburg", "week", viewer=1001)
    text = shown.text()
    assert english_words(text) == set() and not problems(shown)
    assert "Rangliste — Altenburger Ramsch · diese Woche" in text
    assert "Nach Wertungszahl · in Klammern: ihre Änderung diese Woche" in text
    assert "<@1001> **1.233** (−5) · 30 Spiele · 3 Partien ← du" in text
    assert "Seite 1 von 3 · 25 Spieler · ab 10 Spielen" in text and "Weiter ▶" in text
    below = RankedRow(None, 1, 1012, 1, 3)
    average = RankedPage(page(2).rows, 2, 0, 10, "average", 10, below, played=3)
    with i18n.using("de"):
        empty = render_leaderboard(page(0), 7, "skat", "all", viewer=1).text()
        nobody = render_leaderboard(page(0, viewer=below), 7, "skat", "all", viewer=1)
        points = render_leaderboard(average, 7, "skat", "month", viewer=1)
    assert "Noch keine beendeten Partien (gesamte Zeit)." in empty
    assert english_words(nobody.text()) == set()
    assert "Du: **1.012** · 3 Spiele — noch 7 Spiele bis zu einem Platz" in nobody.text()
    assert english_words(points.text()) == set() and "**Ø −0,4** · Wertungszahl 1.234" in (
        points.text()
    )


def test_stats_in_german() -> None:
    tags = {"declarer": 3, "declarer_won": 2, "won": 2}
    record = UserStats(5, 2, 12, 33.5, 2.79, 4, 1, 1, 17, 40.0, tags)
    rated = BoardRating("ramsch", "skat", 1066, 3, 9, 2, 66, [(1.0, 1000), (2.0, 1066)])
    with i18n.using("de"):
        shown = render_stats(record, "Alice", "skat", "month", [rated])
        ramsen = render_stats(record, "Alice", "ramsen/ramsen", "all")
        nothing = render_stats(UserStats(0, 0, 0, 0, 0, 0, 0, 0, None, None), "Bob", None, "all")
    text = shown.text()
    assert english_words(text, NAMES) == set() and not problems(shown)
    assert "Skat-Ramsch, dieser Monat" in text and "Beste Partie\nTisch #17: +40" in text
    assert "Pro Spiel\n+2,8" in text and "2 gewonnen, 0 verloren" in text
    assert "🟦 Wertungszahl · Skat-Ramsch\n**1.066** (+66 dieser Monat) · Platz 2" in text
    (picture,) = shown.pictures
    assert picture.description == (
        "Verlauf der Wertungszahl von Alice: Skat-Ramsch (🟦): von 1.000 auf 1.066, höchste 1.066."
    )
    assert english_words(ramsen.text(), NAMES) == set() and "Gezogene Striche" in ramsen.text()
    assert "Alle Varianten, gesamte Zeit: noch keine beendeten Partien." in nothing.text()


def test_history_and_a_record_in_german() -> None:
    players = [MatchPlayer(0, 1, "Alice", 10.0), MatchPlayer(1, None, "AI 1", -10.0)]
    sessions = [
        MatchSummary(n, 7, "ramsch", "skat", "finished", 1_750_000_000.0 + n, None, 9, players)
        for n in range(4)
    ]
    with i18n.using("de"):
        shown = render_history(sessions, 1, "Alice")
        empty = render_history([], 1, "Alice")
        note = record_note(7, 2, "skat")
    text = shown.text()
    assert english_words(text, NAMES) == set() and not problems(shown)
    assert "9 Spiele · beendet" in text and "11 ältere Spiele" in text
    assert "**Ramsch #3** · Skat-Ramsch" in text and "🤖 KI 1 −10" in text  # the AI in German
    select, replay = items(shown)  # a record to download, a deal to replay
    assert select.options[0].label == "Ramsch #0 · Spiel 1"
    assert "15.06.2025" in (select.options[0].description or "")
    assert english_words(replay.placeholder or "", NAMES) == set()
    assert [o.label for o in replay.options] == [o.label for o in select.options]
    assert english_words(empty.text(), NAMES) == set()
    assert english_words(note) == set() and note.startswith(
        "Die Aufzeichnung von Ramsch #7, Spiel 3 (Skat-Ramsch), als JSON-Datei"
    )
    assert "python" not in note and "`" not in note  # no command line for players


def interaction(**namespace: object) -> Any:
    return SimpleNamespace(
        locale=discord.Locale.german,
        user=SimpleNamespace(id=5),
        guild_id=None,
        channel_id=2,
        namespace=SimpleNamespace(**namespace),
        response=SimpleNamespace(send_message=mock.AsyncMock()),
    )


def info_cog() -> InfoCog:
    tables = SimpleNamespace(open_tables=lambda channel: [])
    return InfoCog(SimpleNamespace(service=SimpleNamespace(tables=tables)))  # type: ignore[arg-type]


def sent_embed(asked: Any) -> discord.Embed:
    embed = asked.response.send_message.call_args.kwargs["embed"]
    assert isinstance(embed, discord.Embed)
    return embed


async def test_help_in_german() -> None:
    asked = interaction()
    i18n.speak_to(asked)
    await info_cog().help(asked)
    embed = sent_embed(asked)
    text = "\n".join([embed.title or "", *(f"{f.name}\n{f.value}" for f in embed.fields)])
    assert english_words(text) == set()
    assert embed.title == "Ramsch — Hilfe" and "`/ramsch neu`" in text
    assert "**Beitreten**" in text and "`/ramsch-einstellungen`" in text


async def test_rules_of_a_preset_and_the_presets_in_german() -> None:
    asked = interaction(game="ramsch", variant="skat")
    i18n.speak_to(asked)
    await info_cog().rules(asked, "ramsch", "skat")
    embed = sent_embed(asked)
    assert (embed.title or "").endswith("— Vorlage `skat`")
    assert (embed.description or "").startswith("Skat-Ramsch: Buben sind Trumpf")
    overview = interaction(game="schafkopf")
    i18n.speak_to(overview)
    await info_cog().rules(overview, "schafkopf")
    embed = sent_embed(overview)
    assert embed.title == "Schafkopf: die Vorlagen"
    assert embed.footer.text == "/ramsch regeln variante:<vorlage> erklärt eine davon."

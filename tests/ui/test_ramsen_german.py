"""Ramsen in German: the exchange (marks, the dealer's upcard), Dabei and Passe, the card play,
the crosses, the results and the winner of real games, rendered by the Ramsen renderer for a
German reader, show the German pack, no English word, and have a translation for every
message."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from bot import i18n
from bot.i18n import _
from bot.tables import TableError
from bot.ui import faces
from bot.ui.games.ramsen import RAMSEN, UPCARD
from bot.ui.hand import render_hand
from bot.ui.text import CENTS, amount_text
from ramsch_core import Card, Pass, Play, get_game
from ramsch_core.games.ramsen import PRESETS, RamsenRules
from ramsch_core.games.ramsen.exchange import Exchange
from ramsch_core.games.ramsen.in_or_pass import In
from tests.english import english_words
from tests.ui.helpers import NAMES, USER_IDS
from tests.ui.ramsen import apply, ramsen_table

C = Card
GERMAN_TERMS = ("Talon",)
"""German words that tests/english.py also lists as English (``talon``)."""


pytestmark = pytest.mark.usefixtures("nothing_untranslated")


def names_of(table: Any) -> list[str]:
    return [NAMES[seat] for seat in table.match.active_seats]


def mark(table: Any, deal_seat: int, *marks: str) -> None:
    seat = table.match.active_seats[deal_seat]
    for name in marks:
        view = table.match.deal.view(deal_seat)
        table.marks[seat] = (table.log_length, RAMSEN.mark(view, table.marks_of(seat), name))


def no_english(text: str) -> str:
    assert english_words(text, NAMES + GERMAN_TERMS) == set(), text
    return text


def german(table: Any) -> str:
    """All the renderer shows of the current deal in German: the table's step, fields and
    notes, every hand's status, card buttons and controls (with the marks made)."""
    deal = table.match.deal
    public = deal.public_view()
    names = names_of(table)
    parts: list[str] = []
    with i18n.using("de"), faces.showing(table.rules):
        step = RAMSEN.phase_text(public, names)
        if step is not None:
            parts += step
        for name, value in RAMSEN.table_fields(public, names):
            parts += [name, value]
        parts.append(RAMSEN.doing(public))
        for seat in range(deal.players):
            parts += RAMSEN.seat_notes(public, seat)
            view = deal.view(seat)
            marks = table.marks_of(table.match.active_seats[seat])
            parts += RAMSEN.hand_status(view, names, marks)
            items = [
                *(RAMSEN.cards(42, 0, view, marks) or []),
                *RAMSEN.controls(42, 0, view, marks),
            ]
            parts += [str(getattr(getattr(item, "item", item), "label", "")) for item in items]
    return no_english("\n".join(parts))


def results(table: Any) -> str:
    """The renderer's part of every finished deal's result and of the final standings."""
    parts: list[str] = []
    with i18n.using("de"), faces.showing(table.rules):
        for entry in table.match.finished_deals:
            names = [NAMES[seat] for seat in entry.seats]
            parts += RAMSEN.result_facts(table.rules, entry.result, names)
            for seat, tags in enumerate(entry.result.tags):
                labels = [_(label) for tag, label in RAMSEN.tag_labels.items() if tag in tags]
                parts.append(f"{names[seat]} ({', '.join(labels)}): ")
                parts[-1] += RAMSEN.player_result(entry.result, seat)
            parts.append(RAMSEN.deal_line(entry.result, names) or "")
        if table.match.finished:
            last = table.match.finished_deals[-1]
            parts += RAMSEN.match_end(last.result, [NAMES[seat] for seat in last.seats])
    return no_english("\n".join(parts))


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_rules_in_german(name: str) -> None:
    rules = get_game("ramsen").preset(name)
    with i18n.using("de"), faces.showing(rules):
        text = no_english("\n".join(RAMSEN.rules_lines(rules)))
    assert "Trümpfe von hoch nach niedrig: das Trumpf-Ass, 🔔9 (Dallmutz), 🔔7 (Belli)" in text
    assert "dann K O U 10 9 8 7 der Trumpffarbe. Die anderen Farben: A K O U 10 9 8 7." in text
    assert isinstance(rules, RamsenRules)
    if rules.crosses == 1:
        assert "Jeder schuldet 1 Kreuz aus fünf Strichen (5 Striche)" in text
    else:
        assert "Jeder schuldet 2 Kreuze aus fünf Strichen (10 Striche)" in text


def test_the_exchange_in_german() -> None:
    table = ramsen_table()
    alice, bob, _carol, dave = names_of(table)
    text = german(table)
    assert "Tauschen mit dem Talon" in text and "Talon: 11 verdeckte Karten" in text
    assert f"**{alice}** ist mit Tauschen dran" in text
    assert "**Trumpf:** ❤️ Herz (aufgedeckt ❤️7)" in text
    assert "Du hast noch **10 Striche** zu machen." in text
    assert "**Du bist mit Tauschen dran:** markiere die Karten zum Ablegen" in text
    assert "(noch 11)" in text and "Karten behalten" in text
    assert f"Tauschen: warte auf **{alice}**." in text
    assert "Du hast geschleckt (die unterste Karte vom Abheben behalten)" in text
    assert "Kreuze" in text and "10 offen" in text and "= 0 bis 5 Striche eines Kreuzes" in text
    mark(table, 0, "SK", "C7")
    text = german(table)
    assert "Zum Ablegen markiert: 🌰7 🍀K" in text and "Tauschen (2)" in text
    assert "✓ 🍀K" in text
    apply(table, Exchange((C.SK, C.C7), False), Exchange((), False))
    text = german(table)
    assert "Du hast 🌰7 🍀K abgelegt und" in text and f"{bob} behielt seine Karten" in text
    assert f"**{dave}** ist mit Tauschen dran (der Geber: darf die aufgedeckte Karte nehmen)" in (
        text
    )
    assert "Als Geber darfst du für eine davon die aufgedeckte ❤️7 nehmen" in text
    assert "Offene ❤️7 nehmen" in text
    mark(table, 3, UPCARD)
    text = german(table)
    assert "Erst Karte markieren" in text
    assert "für eine davon nimmst du die aufgedeckte Karte" in text
    mark(table, 3, "DQ")
    assert "Tauschen (1) + ❤️7" in german(table)
    with i18n.using("de"):
        hand = render_hand(table, USER_IDS[table.match.active_seats[3]])
    assert "Als Geber darfst du" in hand.text()
    apply(table, Exchange((C.DQ,), True))
    text = german(table)
    assert f"**❤️ Herz** — aufgedeckt ❤️7, genommen vom Geber {dave}" in text
    assert "tauschte 1 + aufgedeckte" in text and "tauschte 2" in text


def test_refusals_of_a_mark_in_german() -> None:
    table = ramsen_table("ramsen-5", dealt=False, seed=11)
    deal = table.match.deal
    apply(table, Exchange(tuple(deal.hand(0)), False))
    first, second = (card.name for card in deal.hand(1)[:2])
    mark(table, 1, first)
    refusals = []
    for marks in ((second,), (UPCARD,), ("XX",)):
        with pytest.raises(TableError) as refused:
            mark(table, 1, *marks)
        with i18n.using("de"):
            refusals.append(refused.value.render(_))
    assert refusals == [
        "Der Talon hat nur noch 1 Karte(n): leg höchstens so viele ab",
        "Nur der Geber darf die aufgedeckte Karte nehmen",
        "Diese Karte hast du nicht auf der Hand",
    ]


def test_dabei_or_passe_the_play_and_the_result_in_german() -> None:
    table = ramsen_table()
    alice, bob, carol, _dave = names_of(table)
    apply(table, Exchange((C.SK, C.C7), False), Exchange((), False), Exchange((), False))
    text = german(table)
    assert "Dabei oder passe" in text
    assert f"**{alice}** sagt dabei oder passe (hat getauscht: muss spielen)" in text
    assert "**Du bist dran:** du hast getauscht, also musst du spielen: klick auf **Dabei**." in (
        text
    )
    apply(table, In())
    text = german(table)
    assert f"{alice}: **dabei**" in text and "Du bist **dabei**." in text
    assert "**Du bist dran:** **Dabei**, um dieses Spiel mitzuspielen, oder **Passe**" in text
    assert "\nDabei\nPasse" in text
    apply(table, Pass(), Pass())
    text = german(table)
    assert f"{bob}: passe" in text and "Du hast gepasst: du setzt dieses Spiel aus." in text
    apply(table, In())
    text = german(table)
    assert "dabei" in text and "gepasst" in text and "spielen" in text
    rng = random.Random(3)
    deal = table.match.deal
    while not deal.finished:
        apply(table, rng.choice([a for a in deal.legal_actions() if isinstance(a, Play)]))
        if not deal.finished:
            german(table)
    text = results(table)
    assert f"{carol} (gepasst): hat ausgesetzt, noch **10** offen" in text
    assert "❤️ Herz Trumpf" in text and f"{bob}, {carol} gepasst" in text
    assert "Noch offene Striche: " in text
    assert "Stich → " in text or "Stiche → " in text


def test_a_dealer_alone_wins_the_game_in_german() -> None:
    table = ramsen_table("ramsen-short")
    apply(table, *[Exchange((), False)] * 3, Pass(), Pass(), Pass())
    text = german(table)
    assert "**Du bist dran:** alle vor dir haben gepasst, also musst du als Geber spielen" in text
    apply(table, In())
    dave = NAMES[table.match.finished_deals[-1].seats[3]]
    text = results(table)
    assert f"🏆 **{dave}** hat den letzten Strich gemacht und gewinnt die Partie!" in text
    assert f"Nur **{dave}** war dabei: alle fünf Stiche ohne Spiel." in text
    assert f"{dave} (gewinnt die Partie): 5 Stiche → 5 Striche gemacht, noch **0** offen" in text
    assert f"{dave} allein dabei · {dave} gewinnt" in text
    assert "Summen: die Striche, die jeder in der Partie gemacht hat." in text


@pytest.mark.parametrize("name", ["ramsen", "ramsen-3", "ramsen-5", "ramsen-no-schlecken"])
def test_whole_games_in_german(name: str) -> None:
    table = ramsen_table(name, dealt=False, schlecken=None, seed=4, rounds=1)
    rng = random.Random(4)
    steps = 0
    while table.status == "playing" and steps < 400:
        match = table.match
        deal = match.deal
        if deal.phase == "exchange" and rng.random() < 0.5:
            view = deal.view(deal.to_act)
            for card in rng.sample([card.name for card in view.hand] + [UPCARD], 2):
                with contextlib.suppress(TableError):
                    mark(table, deal.to_act, card)
        text = german(table)
        assert not {"♣", "♠", "♥", "♦"} & set(text)
        apply(table, rng.choice(deal.legal_actions()))
        steps += 1
    results(table)


@pytest.mark.parametrize(("language", "euros"), [("de", "1,20\u00a0€"), ("en", "€1.20")])
def test_ra9_the_standings_of_a_game_for_money_show_what_each_paid(
    language: str, euros: str
) -> None:
    """RA-9: a game played for 1,20 € a bar ends with what each player paid the winner or
    received, in euros as the reader writes them; the cutter's choice is in German too."""
    from bot.ui.results import render_standings

    table = ramsen_table("ramsen-short", dealt=False, schlecken=None, seed=2, stake=120)
    rng = random.Random(2)
    assert table.match.deal.phase == "schlecken"
    cutter = render_hand(table, USER_IDS[table.match.active_seats[2]])
    with i18n.using("de"):
        assert "behalten" in german(table) and "Liegen lassen" in german(table)
    assert any("Keep" in (getattr(item, "label", "") or "") for item in _items(cutter))
    while table.status == "playing":
        apply(table, rng.choice(table.match.deal.legal_actions()))
    last = table.match.finished_deals[-1]
    details = last.result.details
    winner, owed = details["winner"], details["owed"]
    with i18n.using(language):
        text = render_standings(table).embeds[0].description
    settled = "Abgerechnet" if language == "de" else "Settled"
    assert settled in text
    payers = [seat for seat, bars in enumerate(owed) if seat != winner and bars]
    assert payers
    for seat in payers:
        with i18n.using(language):
            paid = amount_text(-120 * owed[seat], CENTS)
        assert f"{NAMES[last.seats[seat]]} {paid}" in text
    with i18n.using(language):
        assert amount_text(-120, CENTS) == "−" + euros  # a bar's stake as players read it
    assert sum(details["paid"]) == 0 and details["paid"][winner] == 120 * sum(owed)


def _items(shown: Any) -> list[Any]:
    from tests.ui.helpers import items

    return items(shown)

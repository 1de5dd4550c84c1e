"""Full Schafkopf in German: every step of real deals (Klopfen, the calls, a Sauspiel with
Kontra and Re, a Ramsch, a Stock, a thrown-in deal) rendered by the Schafkopf renderer for a
German reader shows no English word and has a translation for every message."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from bot import i18n
from bot.i18n import _
from bot.ui import faces
from bot.ui.games import RENDERERS
from bot.ui.games.schafkopf import SCHAFKOPF, payment_facts, pot_line
from bot.ui.hand import render_hand
from bot.ui.text import amount_text
from ramsch_core import Card, Deal, DealResult, Pass, Play, Suit, Trick
from ramsch_core.games.registry import GAMES
from ramsch_core.games.schafkopf import PRESETS
from ramsch_core.games.schafkopf import SCHAFKOPF as SCHAFKOPF_GAME
from ramsch_core.games.schafkopf.calling import Call, Knock, NoKnock
from ramsch_core.games.schafkopf.contract import Tariff
from ramsch_core.phases.doubling import Kontra, Re
from tests.english import english_words
from tests.ui.helpers import NAMES, USER_IDS, make_table

C = Card.parse
DUTY = [
    "CQ SQ HQ DQ CJ SJ S8 C7",
    "CA C9 C8 SA ST SK S9 DA",
    "DJ HA HT HK H9 H8 H7 CT",
    "CK HJ S7 DT DK D9 D8 D7",
]
"""Seat 0 calls the Eichel-Sau (♣A), which seat 1 holds (as tests/ui/test_schafkopf_render)."""


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, "schafkopf", SCHAFKOPF_GAME)
        patch.setitem(RENDERERS, "schafkopf", SCHAFKOPF)
        yield


pytestmark = pytest.mark.usefixtures("nothing_untranslated")


def table_of(name: str = "schafkopf", hands: list[str] | None = DUTY, **kwargs: Any) -> Any:
    table: Any = make_table(name, game="schafkopf", **kwargs)
    if hands is not None:
        rules = table.match.deal.rules
        table.match.deal = Deal(rules, [[C(card) for card in hand.split()] for hand in hands])
    return table


def apply(table: Any, *actions: Any) -> None:
    for action in actions:
        if isinstance(action, str):
            action = Play(C(action))
        table.match.apply(action, table.match.to_act)
        table.log_length += 1
        if table.match.finished:
            table.status = "finished"


def names_of(table: Any) -> list[str]:
    return [NAMES[seat] for seat in table.match.active_seats]


def german(table: Any) -> str:
    """All the renderer shows of the current deal in German: the table's step, fields and
    notes, every hand's status, card buttons and controls."""
    deal = table.match.deal
    public = deal.public_view()
    names = names_of(table)
    parts: list[str] = []
    with i18n.using("de"), faces.showing(table.rules):
        step = SCHAFKOPF.phase_text(public, names)
        if step is not None:
            parts += step
        for name, value in SCHAFKOPF.table_fields(public, names):
            parts += [name, value]
        parts.append(SCHAFKOPF.doing(public))
        for seat in range(deal.players):
            parts += SCHAFKOPF.seat_notes(public, seat)
            view = deal.view(seat)
            parts += SCHAFKOPF.hand_status(view, names, ())
            for item in SCHAFKOPF.controls(42, 0, view, ()):
                control = getattr(item, "item", item)
                parts.append(str(getattr(control, "label", None) or control.placeholder))
                parts += [option.label for option in getattr(control, "options", [])]
    text = "\n".join(parts)
    assert english_words(text, NAMES) == set(), text
    return text


def result_text(table: Any) -> str:
    """The renderer's part of the last deal's result in German: facts, tags, score line."""
    entry = table.match.finished_deals[-1]
    names = [NAMES[seat] for seat in entry.seats]
    with i18n.using("de"), faces.showing(table.rules):
        parts = SCHAFKOPF.result_facts(table.rules, entry.result, names)
        for tags in entry.result.tags:
            parts += [_(label) for tag, label in SCHAFKOPF.tag_labels.items() if tag in tags]
        parts.append(SCHAFKOPF.deal_line(entry.result, names) or "")
        parts.append(SCHAFKOPF.carry_line(table.rules, table.match.carry) or "")
    text = "\n".join(parts)
    assert english_words(text, NAMES) == set(), text
    return text


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_rules_in_german(name: str) -> None:
    rules = SCHAFKOPF_GAME.preset(name)
    with i18n.using("de"), faces.showing(rules):
        text = "\n".join(SCHAFKOPF.rules_lines(rules))
    assert english_words(text) == set(), text
    assert "Trümpfe: 🌰O 🍀O ❤️O 🔔O 🌰U" in text
    assert "Die Spieler brauchen 61 von 120 Augen." in text


def test_klopfen_and_the_calls_in_german() -> None:
    table = table_of("schafkopf-klopfen")
    alice, bob, carol, _dave = names_of(table)
    text = german(table)
    assert (
        "**Du bist dran:** **Klopfen** verdoppelt das Spiel, egal was gespielt wird — oder "
        "**Nicht klopfen**." in text
    )
    assert f"Klopfen: warte auf **{alice}**." in text and "klopfen oder nicht" in text
    apply(table, Knock())
    text = german(table)
    assert f"{alice}: klopft" in text and f"**{bob}** hat vier Karten gesehen" in text
    apply(table, NoKnock(), NoKnock(), NoKnock())
    text = german(table)
    assert text.startswith("Ansagen\n")
    assert f"Klopfen: {alice} (×2)" in text and "Noch hat keiner angesagt." in text
    assert "Sagen alle weiter, wird ein Ramsch gespielt." in text
    assert "Sauspiel Eichel" in text and "Herz-Solo" in text and "Weiter" in text
    apply(table, Pass())
    text = german(table)
    assert f"**Bisherige Ansagen:** {alice}: weiter" in text
    assert "Kein Sauspiel für dich" in text  # Bob holds every Sau
    apply(table, Call("wenz", None, None, False))
    text = german(table)
    assert "**Du bist dran:** Wenz ist angesagt: sag **Weiter** oder ein höheres Spiel." in text
    apply(table, Call("solo", None, Suit.HEARTS, False))
    text = german(table)
    assert "Herz-Solo ist angesagt: sag **Weiter** oder ein höheres Spiel." in text
    assert "Wenz Tout" in text and "Herz-Solo Tout" in text  # SF-11: a Tout outranks a Solo
    apply(table, Pass())
    text = german(table)
    assert f"**{carol}** spielt **Herz-Solo** allein" in text and "**Spiel:**" in text
    assert "spielen" in text and "ansagen" not in text


def test_a_sauspiel_with_kontra_and_re_in_german() -> None:
    table = table_of()
    alice, bob, carol, _dave = names_of(table)
    apply(table, Call("sauspiel", Suit.CLUBS, None, False), Pass(), Pass(), Pass())
    text = german(table)
    assert (
        f"**{alice}** spielt **Sauspiel auf die Eichel-Sau** · wer mitspielt, bleibt geheim, "
        "bis die Sau fällt" in text
    )
    assert f"Du hast die gerufene 🌰A: du spielst mit **{alice}**" in text
    assert "Spieler" in text and "Mitspieler" not in text
    with i18n.using("de"):
        hand = render_hand(table, USER_IDS[table.match.active_seats[1]]).text()
    assert f"Du hast die gerufene 🌰A: du spielst mit **{alice}**" in hand
    deal = table.match.deal
    apply(table, "CQ")
    apply(table, "C9" if Play(C("C9")) in deal.legal_actions() else deal.legal_actions()[0])
    text = german(table)
    assert "Du kannst vor deiner ersten Karte **Kontra** sagen" in text
    apply(table, Kontra())
    text = german(table)
    assert f"Kontra ({carol}) · zählt ×2" in text
    while Re() not in deal.legal_actions():
        apply(table, next(a for a in deal.legal_actions() if isinstance(a, Play)))
        german(table)
    assert "du kannst mit **Re** antworten" in german(table)
    apply(table, Re())
    assert "zählt ×4" in german(table)
    while not deal.finished:
        apply(table, next(a for a in deal.legal_actions() if isinstance(a, Play)))
        if not deal.finished:
            text = german(table)
    assert f"mit **{bob}**" in text  # the Sau has fallen
    result = result_text(table)
    details = table.match.finished_deals[-1].result.details
    outcome = "gewonnen" if details["won"] else "verloren"
    assert f"**{alice}** spielte **Sauspiel auf die Eichel-Sau** mit **{bob}**" in result
    assert f"Spieler: {details['declarer_points']} Augen — **{outcome}**" in result
    with i18n.using("de"):
        paid = amount_text(details["amount"], "¢", signed=False)
    assert paid.endswith("\xa0€") if details["amount"] >= 100 else paid.endswith("¢")
    assert f"× 4 (Kontra, Re) = {paid} je Spieler" in result
    assert f"{alice} Sauspiel (Eichel) {outcome} {paid}" in result


def test_a_ramsch_after_all_said_weiter_in_german() -> None:
    table = table_of("schafkopf-klopfen")
    apply(table, NoKnock(), Knock(), NoKnock(), NoKnock(), Pass(), Pass(), Pass(), Pass())
    text = german(table)
    assert "Alle sagten weiter: **Ramsch** (Ober und Unter sind Trumpf)" in text
    assert "Alle sagten weiter: dieses Spiel ist ein **Ramsch**" in text
    deal = table.match.deal
    while not deal.finished:
        apply(table, next(a for a in deal.legal_actions() if isinstance(a, Play)))
    result = result_text(table)
    loser = table.match.finished_deals[-1].result.losers[0]
    name = NAMES[table.match.finished_deals[-1].seats[loser]]
    assert f"**{name}** hat die meisten Augen und zahlt" in result
    assert "× 2 (Klopfen)" in result and "verliert" in result


def test_a_stock_and_a_thrown_in_deal_in_german() -> None:
    table = table_of("schafkopf-stock", rounds=2)
    apply(table, Pass(), Pass(), Pass())
    text = german(table)
    assert "wähle **Ramsch** oder sag **Weiter** — dann ist es ein Stock" in text
    apply(table, Pass())
    result = result_text(table)
    assert "Alle sagten weiter: **Stock** — die Karten werden ungespielt zusammengeworfen" in result
    assert "**Stock:** 40¢ im Stock — das nächste gewonnene Spiel holt ihn" in result
    assert "alle weiter, zusammengeworfen" in result
    thrown = table_of("schafkopf-throw-in")
    apply(thrown, Pass(), Pass(), Pass(), Pass())
    assert "Alle sagten weiter: die Karten werden zusammengeworfen" in result_text(thrown)


def test_random_deals_in_german() -> None:
    for seed in range(6):
        table = table_of("schafkopf-klopfen", hands=None, seed=seed)
        rng = random.Random(seed)
        deal = table.match.deal
        while not deal.finished:
            german(table)
            apply(table, rng.choice(deal.legal_actions()))
        result_text(table)


def result_of(details: dict[str, Any], tricks: tuple[Trick, ...]) -> DealResult:
    zero = (0, 0, 0, 0)
    return DealResult(
        tricks=tricks, card_points=zero, trick_counts=zero,
        losers=(), winners=(), scores=tuple(Fraction(0) for _ in zero), skat=(),
        multiplier=1, contract=str(details["game"]), details=details,
    )  # fmt: skip


def test_the_payment_worked_out_in_german_numbers() -> None:
    solo = {
        "game": "solo", "declarer": 0, "partner": None, "ace": None, "suit": "S", "won": False,
        "schneider": True, "schwarz": True, "laufende": 8, "knocks": 3, "kontra": 2,
        "amount": 4800, "declarer_points": 0,
    }  # fmt: skip
    trick = Trick(0, (C("D7"), C("CQ"), C("D8"), C("D9")), 1)
    with i18n.using("de"), faces.showing(SCHAFKOPF_GAME.preset("schafkopf")):
        facts = payment_facts(solo, result_of(solo, (trick,)), list(NAMES[:4]), Tariff())
        pot = pot_line(SCHAFKOPF_GAME.preset("schafkopf-stock"), 1200)
    assert facts == [
        "**Alice** spielte **Gras-Solo** allein",
        "Spieler: 0 Augen — **verloren**",
        "Laufende: ohne 8",
        "Gras-Solo verloren, Schneider, Schwarz, 8 Laufende: 50 + 10 + 10 + 80 = 150, × 32 "
        "(3× Klopfen, Kontra, Re) = 48,00\xa0€ an jeden, 144,00\xa0€ von Alice",
    ]
    assert pot == "**Stock:** 12,00\xa0€ im Stock — das nächste gewonnene Spiel holt ihn"

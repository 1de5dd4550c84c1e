"""The Skat and Ramsch renderers in German: the table message's heading, lines and fields, each
hand's status and controls, the rules in brief, the facts and lines of results. Whole deals are
played with the core and every text the two renderers give is read in German: no English word,
no message without a translation, cards in the German names of their ranks."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from bot import i18n
from bot.tables import Table, TableError
from bot.ui import faces
from bot.ui.games import GameRenderer
from bot.ui.games.ramsch import RAMSCH
from bot.ui.games.skat import SKAT, value_facts
from ramsch_core import (
    Action,
    Bid,
    Card,
    DealResult,
    Declare,
    Hold,
    Kontra,
    Match,
    Pass,
    PassOn,
    PickUp,
    Push,
    SeatView,
    TakeSkat,
    get_game,
)
from ramsch_core.contracts.ramsch import RamschFacts
from tests.english import english_words
from tests.ui.helpers import in_german, make_table

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve")


pytestmark = pytest.mark.usefixtures("nothing_untranslated")


def match_of(table: Table) -> Match:
    assert table.match is not None
    return table.match


def names_of(table: Table) -> list[str]:
    return [table.seats[seat].name for seat in match_of(table).active_seats]


def item_texts(items: list[Any] | None) -> list[str]:
    """The labels, placeholders and option labels of controls."""
    texts = []
    for wrapped in items or []:
        item = getattr(wrapped, "item", wrapped)
        texts += [getattr(item, "label", None) or "", getattr(item, "placeholder", None) or ""]
        texts += [option.label for option in getattr(item, "options", [])]
    return [text for text in texts if text]


def labels(items: list[Any] | None) -> dict[str, Any]:
    found = {}
    for wrapped in items or []:
        item = getattr(wrapped, "item", wrapped)
        found[getattr(item, "label", None) or item.placeholder] = item
    return found


def table_text(renderer: GameRenderer, table: Table) -> list[str]:
    """What the renderer adds to the table message now, in German."""
    public = match_of(table).deal.public_view()
    names = names_of(table)
    texts: list[str] = []
    with in_german(table):
        step = renderer.phase_text(public, names)
        if step is not None:
            texts += step
        for name, value in renderer.table_fields(public, names):
            texts += [name, value]
        if public.to_act is not None:
            texts.append(renderer.doing(public))
    return texts


def hand_text(renderer: GameRenderer, table: Table, deal_seat: int) -> list[str]:
    """What the renderer adds to a hand now, in German: its status, cards and controls."""
    match = match_of(table)
    view = match.deal.view(deal_seat)
    marks = table.marks_of(match.active_seats[deal_seat]) or ()
    with in_german(table):
        texts = renderer.hand_status(view, names_of(table), marks)
        texts += item_texts(renderer.cards(42, match.number, view, marks))
        texts += item_texts(renderer.controls(42, match.number, view, marks))
    return texts


def hand_items(renderer: GameRenderer, table: Table, deal_seat: int) -> dict[str, Any]:
    match = match_of(table)
    view = match.deal.view(deal_seat)
    marks = table.marks_of(match.active_seats[deal_seat]) or ()
    with in_german(table):
        return labels(renderer.controls(42, match.number, view, marks))


def assert_german(texts: list[str]) -> None:
    text = "\n".join(texts)
    assert english_words(text, NAMES) == set(), text


def apply(table: Table, *actions: Action) -> None:
    match = match_of(table)
    for action in actions:
        match.apply(action, match.to_act)
        table.log_length += 1


def name_at(table: Table, deal_seat: int) -> str:
    return names_of(table)[deal_seat]


def skat_table(name: str = "skat", **kwargs: Any) -> Table:
    return make_table(name, game="skat", **kwargs)


# -- full Skat, step by step ------------------------------------------------------------------


def test_the_bidding_in_german() -> None:
    table = skat_table()
    mittel, vor = name_at(table, 1), name_at(table, 0)
    shown = table_text(SKAT, table)
    assert shown[0] == "Reizen" and f"**{mittel}** (Mittelhand) reizt **{vor}**" in shown[1]
    assert shown[-1] == "reizen"
    status = hand_text(SKAT, table, 1)
    assert "Du bist **Mittelhand**." in status
    assert f"**Du bist dran:** reize {vor}: **18**, mehr mit *Höher reizen* oder **Passe**." in (
        status
    )
    found = hand_items(SKAT, table, 1)
    assert {"18", "Passe", "Höher reizen…"} <= set(found)
    assert_german(shown + status + hand_text(SKAT, table, 0))
    assert f"Reizen: warte auf **{mittel}**." in hand_text(SKAT, table, 0)
    apply(table, Bid(18))
    answer = hand_text(SKAT, table, 0)
    assert (
        f"**Du bist dran:** {mittel} reizt dich mit **18**: **Ja** hält, mit **Passe** steigst "
        "du aus."
    ) in answer
    assert "Ja (18)" in answer
    shown = table_text(SKAT, table)
    assert f"**{vor}** (Vorhand) antwortet auf 18: ja oder passe" in shown[1]
    assert f"Mittelhand {mittel}: 18" in shown[1]
    apply(table, Hold(), Pass())
    hinter = name_at(table, 2)
    round_two = table_text(SKAT, table)
    assert f"**{hinter}** (Hinterhand) reizt **{vor}** (bisher gereizt: 18)" in round_two[1]
    assert_german(answer + shown + round_two)


def test_forehand_alone_in_german() -> None:
    table = skat_table("skat-throw-in")
    apply(table, Pass(), Pass())
    status = hand_text(SKAT, table, 0)
    assert (
        "**Du bist dran:** beide anderen haben gepasst. Sag **18**, um ein Spiel zu machen, "
        "oder **Passe**: dann wird eingepasst."
    ) in status
    shown = table_text(SKAT, table)
    assert "darf noch reizen oder passen: beide anderen haben gepasst" in shown[1]
    assert_german(status + shown)


def test_declaring_a_hand_game_with_announcements_in_german() -> None:
    table = skat_table()
    apply(table, Bid(18), Hold(), Bid(36), Pass(), Pass())  # Mittelhand plays at 36
    status = hand_text(SKAT, table, 1)
    assert (
        "**Du bist dran:** du hast das Reizen bei **36** gewonnen. Nimm den Skat auf (**Skat "
        "aufnehmen**) oder sag jetzt ein Handspiel an."
    ) in status
    found = hand_items(SKAT, table, 1)
    games = [option.label for option in found["Handspiel ansagen…"].options]
    assert "Skat aufnehmen" in found
    assert {"♣ Kreuz Hand", "♠ Pik Hand", "♦ Karo Hand", "Grand Hand"} <= set(games)
    assert "Null ouvert Hand" in games
    table.marks[match_of(table).active_seats[1]] = (table.log_length, ("schwarz",))
    marked = hand_text(SKAT, table, 1)
    assert (
        "Angesagt: **Schwarz** (mit Schneider); nochmal klicken nimmt es zurück." in marked
        and "♥ Herz Hand Schwarz angesagt" in marked
    )
    others = hand_text(SKAT, table, 0)
    mittel = name_at(table, 1)
    assert f"**{mittel}** hat das Reizen bei 36 gewonnen." in others
    assert f"**{mittel}** nimmt den Skat auf oder spielt Hand." in others
    heading, lines = table_text(SKAT, table)[:2]
    assert heading == f"{mittel} hat das Reizen bei 36 gewonnen"
    assert table_text(SKAT, table)[-1] == "ansagen"
    assert_german(status + marked + others + [heading, lines])


def test_laying_away_in_german_shows_german_ranks() -> None:
    table = skat_table()
    apply(table, Bid(18), Pass(), Pass(), TakeSkat())
    match = match_of(table)
    view = match.deal.view(1)
    status = hand_text(SKAT, table, 1)
    assert status[0].startswith("**Du bist dran:** du hast den Skat aufgenommen: ")
    with in_german(table):
        cards = item_texts(SKAT.cards(42, 0, view, ()))
        expected = [faces.face(card) for card in view.hand]
    assert cards == expected and not any(label[-1] in "JQ" for label in cards)
    jacks = [card for card in view.hand if card.rank.letter == "J"]
    if jacks:
        assert any(label.endswith("B") for label in cards)
    first, second = (card.name for card in view.hand[:2])
    table.marks[match.active_seats[1]] = (table.log_length, (first, second))
    marked = hand_text(SKAT, table, 1)
    with in_german(table):
        laid = faces.cards_text(view.hand[:2])
    assert f"Markiert: {laid}" in marked and f"Drücken {laid}" in marked
    heading, lines = table_text(SKAT, table)[:2]
    assert "hat den Skat aufgenommen: drückt zwei Karten und sagt dann an" in lines
    discard = next(action for action in view.legal if action.kind == "discard")
    apply(table, discard)
    after = hand_text(SKAT, table, 1)
    assert after[0].startswith("Du hast ") and after[0].endswith(" gedrückt.")
    assert "**Du bist dran:** sag dein Spiel an (du hast 18 gereizt)." in after
    assert {"♣ Kreuz", "Grand", "Null", "Null ouvert"} <= set(after)
    assert_german(status + marked + after + [heading, lines])


def test_the_game_kontra_and_open_cards_in_german() -> None:
    table = skat_table()
    apply(table, Bid(18), Pass(), Pass(), Declare("grand", False, False, False, None))
    mittel, vor = name_at(table, 1), name_at(table, 0)
    fields = table_text(SKAT, table)
    assert fields[:2] == [
        "Spiel",
        f"**{mittel}** (Mittelhand) spielt **Grand Hand** · gereizt bis 18",
    ]
    assert fields[-1] == "spielen"
    status = hand_text(SKAT, table, 0)
    assert "Du kannst vor deiner ersten Karte **Kontra** sagen (verdoppelt das Spiel)." in status
    assert status[0].startswith("**Spiel:** ")
    apply(table, Kontra())
    assert f"Kontra ({vor})" in table_text(SKAT, table)[1]
    view = match_of(table).deal.view(0)
    apply(table, next(action for action in view.legal if action.kind == "play"))
    declarer = hand_text(SKAT, table, 1)
    assert "Kontra wurde gesagt: du kannst mit **Re** antworten (verdoppelt noch einmal)." in (
        declarer
    )
    assert_german(fields + status + declarer)
    ouvert = skat_table()
    apply(ouvert, Bid(18), Pass(), Pass(), Declare("null", False, False, True, None))
    fields = table_text(SKAT, ouvert)
    assert f"{mittel} spielt offen" in fields
    assert_german(fields)


def test_everyone_passed_is_a_ramsch_in_german() -> None:
    table = skat_table("skat-schieberamsch")
    apply(table, Pass(), Pass(), Pass())
    fields = table_text(SKAT, table)
    assert "Alle haben gepasst: **Schieberamsch** (nur die Buben sind Trumpf)" in fields
    status = hand_text(SKAT, table, 0)
    assert status[0] == "Alle haben gepasst: dieses Spiel ist ein Ramsch."
    assert_german(fields + status)
    ramsch = make_table("skat")  # a Ramsch table: no Skat contest, as in a Bock round's Ramsch
    assert ramsch.match is not None
    with in_german(ramsch):
        field = SKAT.table_fields(ramsch.match.deal.public_view(), names_of(ramsch))
    assert field == [("Spiel", "**Ramsch**: eine Ramschrunde nach der Bockrunde")]


def test_refusals_of_marks_have_german_templates() -> None:
    table = skat_table()
    apply(table, Bid(18), Pass(), Pass(), TakeSkat())
    view = match_of(table).deal.view(1)
    for renderer, mark in ((SKAT, "xx"), (RAMSCH, "SA")):
        with pytest.raises(TableError) as refused:
            renderer.mark(view, (), mark)
        german_text = i18n.translated(refused.value.template, "de")
        assert german_text is not None and not english_words(german_text)
    with pytest.raises(TableError) as refused:
        SKAT.mark(match_of(table).deal.view(0), (), "schwarz")
    assert i18n.translated(refused.value.template, "de") is not None


# -- results ----------------------------------------------------------------------------------


def details(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "clubs", "declarer": 0, "bid": 18, "hand": False,
        "schneider_announced": False, "schwarz_announced": False, "ouvert": False,
        "matadors": 2, "declarer_points": 95, "schneider": True, "schwarz": False,
        "overbid": False, "kontra": 0, "won": True, "value": 48,
    }  # fmt: skip
    return base | changes


def result(info: dict[str, Any], score: int, **changes: Any) -> DealResult:
    fields: dict[str, Any] = dict(
        tricks=(), card_points=(95, 20, 5), trick_counts=(7, 2, 1), losers=(), winners=(0,),
        scores=(Fraction(score), Fraction(0), Fraction(0)), skat=(),
        multiplier=1, contract=info.get("game", "ramsch"), details=info,
    )  # fmt: skip
    return DealResult(**(fields | changes))


def test_a_games_value_in_german() -> None:
    names = list(NAMES[:3])
    with i18n.using("de"), faces.showing(get_game("skat").preset("skat")):
        won = value_facts(details(), result(details(), 48), names)
        lost_info = details(matadors=-1, schneider=False, won=False, declarer_points=50,
                            value=120, game="hearts", hand=True, kontra=2)  # fmt: skip
        lost = value_facts(lost_info, result(lost_info, -240), names)
        over_info = details(matadors=1, schneider=False, bid=30, overbid=True, won=False,
                            value=36, declarer_points=70)  # fmt: skip
        over = value_facts(over_info, result(over_info, -72), names)
        null_info = details(game="null", matadors=None, hand=True, ouvert=True, value=59,
                            won=True)  # fmt: skip
        null = value_facts(null_info, result(null_info, 59), names)
        line = SKAT.deal_line(result(details(), 48), names)
        lost_line = SKAT.deal_line(result(lost_info, -240), names)
        passed = SKAT.result_facts(
            get_game("skat").preset("skat-throw-in"),
            result({"game": "passed"}, 0, contract="passed"),
            names,
        )
        passed_line = SKAT.deal_line(result({"game": "passed"}, 0, contract="passed"), names)
        tags = [i18n._(label) for label in SKAT.tag_labels.values()]
    assert won == [
        "**Alice** spielte **♣ Kreuz**, gereizt bis 18",
        "mit 2, Spiel 3, Schneider 4 → 4 × 12 = 48",
        "**gewonnen** (95 Augen): +48",
    ]
    assert lost[0] == "**Alice** spielte **♥ Herz Hand**, gereizt bis 18"
    assert lost[2] == "Kontra und Re: 30 × 4 = 120"
    assert lost[3] == "**verloren** (50 Augen): −2 × 120 = −240"
    assert over[1].endswith(
        "weniger als das Reizgebot 30: **überreizt** (verloren), gezählt als 3 × 12 = 36"
    )
    assert (
        null[1] == "Null ouvert Hand: 59" and null[-1] == "**gewonnen** (keinen Stich gemacht): +59"
    )
    assert line == "Alice ♣ Kreuz, gewonnen" and lost_line == "Alice ♥ Herz Hand, verloren"
    assert passed == ["Alle haben gepasst: eingepasst, die Karten werden neu gegeben"]
    assert passed_line == "eingepasst"
    assert tags == [
        "Alleinspieler", "Gegenspieler", "gewonnen", "verloren", "Durchmarsch", "Jungfrau",
        "verliert",
    ]  # fmt: skip
    assert_german(won + lost + over + null + passed + [line or "", lost_line or ""] + tags)


def test_a_german_pack_reader_sees_german_suit_names_in_skat() -> None:
    rules = get_game("skat").preset("skat")
    with (
        i18n.using("de"),
        faces.preferring(faces.Preference("german")),
        faces.showing(rules),
    ):
        line = SKAT.deal_line(result(details(game="spades"), 48), ["Alice", "Bob", "Carol"])
    assert line == "Alice 🍀 Gras, gewonnen"
    with faces.showing(rules):
        english = SKAT.deal_line(result(details(game="spades"), 48), ["Alice", "Bob", "Carol"])
    assert english == "Alice ♠ Pik, won"


# -- Ramsch -----------------------------------------------------------------------------------


def test_schieberamsch_in_german() -> None:
    table = make_table("skat-schieberamsch")
    first = name_at(table, 0)
    heading, lines = table_text(RAMSCH, table)[:2]
    assert heading == "Schieberamsch" and lines == f"**{first}** ist mit Schieben dran"
    assert table_text(RAMSCH, table)[-1] == "schieben"
    status = hand_text(RAMSCH, table, 0)
    assert status == [
        "**Du bist dran:** nimm die zwei Karten auf oder schieb sie ungesehen weiter.",
        "Aufnehmen",
        "Weiterschieben",
    ]
    waiting = hand_text(RAMSCH, table, 1)
    assert waiting == [f"Warte, bis **{first}** geschoben hat."]
    apply(table, PickUp())
    picked = hand_text(RAMSCH, table, 0)
    assert picked[0].startswith("**Du bist dran:** Du hast ") and picked[0].endswith(
        " aufgenommen. Wähle zwei Karten, die du verdeckt für den Nächsten legst."
    )
    assert "Zwei Karten wählen, die du verdeckt legst" in picked
    view = match_of(table).deal.view(0)
    push = next(action for action in view.legal if isinstance(action, Push))
    apply(table, push, PassOn())
    lines = table_text(RAMSCH, table)[1]
    assert f"{first} hat aufgenommen und zwei gelegt" in lines
    assert f"{name_at(table, 1)} hat die Karten weitergeschoben" in lines
    laid = hand_text(RAMSCH, table, 0)
    assert laid[0].startswith("Du hast ") and laid[0].endswith(" verdeckt gelegt.")
    assert_german(status + waiting + picked + laid + [heading, lines])


def test_ramsch_results_in_german() -> None:
    rules = get_game("ramsch").preset("skat-schieberamsch")
    names = list(NAMES[:3])
    with i18n.using("de"), faces.showing(rules):
        facts = RAMSCH.result_facts(
            rules,
            result(
                {},
                -30,
                skat=(Card.CJ, Card.SQ),
                detail=RamschFacts(skat_to=1, pushes=2),
                multiplier=4,
            ),
            names,
        )
        nobody = RAMSCH.result_facts(
            rules, result({}, -30, skat=(Card.HA, Card.HT), detail=RamschFacts(pushes=1)), names
        )
        tags = [i18n._(label) for label in RAMSCH.tag_labels.values()]
    assert facts == ["Skat ♣B ♠D → Bob", "2-mal geschoben", "zählt ×4"]
    assert nobody == ["Skat ♥A ♥10 → niemand", "einmal geschoben"]
    assert tags == ["Durchmarsch", "Jungfrau", "verliert"]
    with faces.showing(rules):
        english = RAMSCH.result_facts(
            rules,
            result({}, -30, skat=(Card.CJ,), detail=RamschFacts(pushes=2), multiplier=4),
            names,
        )
    assert english == ["Skat ♣J → nobody", "2 pushes", "counts ×4"]
    assert_german(facts + nobody + tags)


@pytest.mark.parametrize("name", list(get_game("ramsch").presets))
def test_ramsch_rules_in_german(name: str) -> None:
    rules = get_game("ramsch").preset(name)
    with i18n.using("de"), faces.showing(rules):
        lines = RAMSCH.rules_lines(rules)
    assert_german(lines)
    text = "\n".join(lines)
    assert "Augen" in text and "Farbzwang" in text
    if rules.game == "ramsch" and getattr(rules, "variant", None) == "schafkopf":
        assert "Trümpfe, von hoch nach niedrig: 🌰O 🍀O ❤️O 🔔O 🌰U" in text
        assert "Rangfolge in den Farben: A 10 K 9 8 7." in text
    elif name.startswith("skat"):
        assert "Trümpfe, von hoch nach niedrig: ♣B ♠B ♥B ♦B" in text
        assert "Rangfolge in den Farben: A 10 K D 9 8 7." in text


@pytest.mark.parametrize("name", list(get_game("skat").presets))
def test_skat_rules_in_german(name: str) -> None:
    rules = get_game("skat").preset(name)
    with i18n.using("de"), faces.showing(rules):
        lines = SKAT.rules_lines(rules)
    assert_german(lines)
    text = "\n".join(lines)
    assert "♣ Kreuz (12), ♠ Pik (11), ♥ Herz (10), ♦ Karo (9), Grand (24) oder Null an (23;" in text
    assert "Der Alleinspieler braucht 61 Augen" in text


# -- whole matches ----------------------------------------------------------------------------


def pick(view: SeatView, rng: random.Random) -> Action:
    """A random legal action; half the bidders bid the lowest value, the others pass."""
    bids = [action for action in view.legal if action.kind == "bid"]
    if bids and rng.random() < 0.5:
        return min(bids, key=lambda action: int(action.to_json()["value"]))
    if bids:
        return Pass()
    action: Action = rng.choice(view.legal)
    return action


GAMES = [("skat", name) for name in get_game("skat").presets] + [
    ("ramsch", name) for name in get_game("ramsch").presets
]


@pytest.mark.parametrize(("game", "name"), GAMES)
def test_whole_matches_read_in_german(game: str, name: str) -> None:
    """Every step of random matches: the renderer's table texts, every hand's texts, and every
    finished deal's facts and line, in German without an English word."""
    renderer: GameRenderer = SKAT if game == "skat" else RAMSCH
    for seed in range(2):
        table = make_table(name, game=game, seed=seed)
        rng = random.Random(seed)
        texts: list[str] = []
        while table.status == "playing":
            match = match_of(table)
            texts += table_text(renderer, table)
            for deal_seat in range(len(match.active_seats)):
                texts += hand_text(renderer, table, deal_seat)
            assert match.deal.to_act is not None
            action = pick(match.deal.view(match.deal.to_act), rng)
            match.apply(action, match.to_act)
            table.log_length += 1
            if match.finished:
                table.status = "finished"
        for entry in match_of(table).finished_deals:
            names = [table.seats[seat].name for seat in entry.seats]
            with in_german(table):
                texts += renderer.result_facts(table.rules, entry.result, names)
                texts.append(renderer.deal_line(entry.result, names) or "")
        with in_german(table):
            texts += renderer.rules_lines(table.rules)
            texts.append(renderer.title(table.rules))
        assert_german(texts)

"""Full Schafkopf rendered (SF-1..10): the German pack, Klopfen on four cards, the calls a
player may make, the hidden partner of a Sauspiel, Kontra and Re, the payment worked out, a
Ramsch / Stock / throw-in after an all-pass."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from bot import i18n
from bot.tables import TableError
from bot.ui import faces
from bot.ui.actions import action_of, control_arg
from bot.ui.faces import cards_in
from bot.ui.games import RENDERERS, card_face, renderer_for
from bot.ui.games.schafkopf import SCHAFKOPF, payment_facts
from bot.ui.hand import render_hand
from bot.ui.message import Rendered
from bot.ui.results import render_result
from bot.ui.table import render_table
from bot.ui.text import amount_text
from ramsch_core import Card, Deal, DealResult, Pass, Play, Suit, Trick
from ramsch_core.games.registry import GAMES
from ramsch_core.games.schafkopf import SCHAFKOPF as SCHAFKOPF_GAME
from ramsch_core.games.schafkopf import FullSchafkopfRules
from ramsch_core.games.schafkopf.calling import Call, Knock, NoKnock
from ramsch_core.games.schafkopf.contract import Tariff
from ramsch_core.games.schafkopf.hochzeit import Accept, Give
from ramsch_core.phases.doubling import Kontra, Re
from tests.ui.helpers import CARD_TEXT, NAMES, USER_IDS, items, make_table, problems

C = Card.parse

# Seat 0 calls the Eichel-Sau (♣A), which seat 1 holds (tests/core/test_full_schafkopf.py).
DUTY = [
    "CQ SQ HQ DQ CJ SJ S8 C7",
    "CA C9 C8 SA ST SK S9 DA",
    "DJ HA HT HK H9 H8 H7 CT",
    "CK HJ S7 DT DK D9 D8 D7",
]
PARTNER_WORDS = ("partner", "mitspieler", "with", "you play with")


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """The game registered, and the renderer's methods called directly show its pack."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, "schafkopf", SCHAFKOPF_GAME)
        patch.setitem(RENDERERS, "schafkopf", SCHAFKOPF)
        with faces.showing(SCHAFKOPF_GAME.preset("schafkopf")):
            yield


def schafkopf_face(card: Card) -> str:
    """A card as a Schafkopf table shows it: the German pack."""
    with faces.showing(SCHAFKOPF_GAME.preset("schafkopf")):
        return faces.face(card)


def table_of(name: str = "schafkopf", hands: list[str] | None = None, **kwargs: Any) -> Any:
    """A Schafkopf table; ``hands``: its first deal replaced by these (deal seat 0 first)."""
    table = make_table(name, game="schafkopf", **kwargs)
    if hands is not None:
        assert table.match is not None
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


def user_at(table: Any, deal_seat: int) -> int:
    return int(USER_IDS[table.match.active_seats[deal_seat]])


def name_at(table: Any, deal_seat: int) -> str:
    return NAMES[table.match.active_seats[deal_seat]]


def hand_of(table: Any, deal_seat: int) -> Rendered:
    return render_hand(table, user_at(table, deal_seat))


def labels(shown: Rendered) -> dict[str, Any]:
    """The controls by label (a select by its placeholder) and the options of selects."""
    found = {getattr(item, "label", None) or item.placeholder: item for item in items(shown)}
    for item in items(shown):
        found.update({option.label: option for option in getattr(item, "options", [])})
    return found


def enabled(shown: Rendered) -> list[Any]:
    return [item for item in items(shown) if not item.disabled]


def shown_cards(shown: Rendered) -> set[Card]:
    """Every card a message names in the German pack: its text and button labels."""
    text = shown.text()
    for item in items(shown):
        text += "\n" + (getattr(item, "label", None) or "")
    return cards_in(text)


def sauspiel(letter: str) -> Call:
    return Call("sauspiel", Suit("CSHD".index(letter)), None, False)


def solo(letter: str) -> Call:
    return Call("solo", None, Suit("CSHD".index(letter)), False)


def called(hands: list[str] = DUTY, name: str = "schafkopf") -> Any:
    """Deal seat 0 calls a Sauspiel on the Eichel-Sau, the others say weiter."""
    table = table_of(name, hands)
    apply(table, sauspiel("C"), Pass(), Pass(), Pass())
    return table


def result_of(details: dict[str, Any], tricks: tuple[Trick, ...] = ()) -> DealResult:
    zero = (0, 0, 0, 0)
    return DealResult(
        tricks=tricks, card_points=zero, trick_counts=zero,
        losers=(), winners=(), scores=tuple(Fraction(0) for _ in zero), skat=(),
        multiplier=1, contract=str(details["game"]), details=details,
    )  # fmt: skip


# -- the German pack ---------------------------------------------------------------------------


def test_every_card_has_a_short_german_face_read_back_by_cards_in() -> None:
    shown = {card: schafkopf_face(card) for card in Card}
    assert len(set(shown.values())) == 32
    assert shown[C("CQ")] == "🌰O" and shown[C("SJ")] == "🍀U" and shown[C("HA")] == "❤️A"
    assert shown[C("DT")] == "🔔10"
    assert all(len(face) <= 4 for face in shown.values())
    assert cards_in(" ".join(shown.values())) == set(Card)
    assert cards_in("Alice 🔔10 · Bob ❤A · Eichel-Sau 🌰 x") == {C("DT"), C("HA")}
    rules = SCHAFKOPF_GAME.preset("schafkopf")
    with faces.showing(rules):
        assert renderer_for(rules) is SCHAFKOPF and card_face(rules)(C("CQ")) == "🌰O"
    skat = make_table("skat", game="skat").rules
    with faces.showing(skat):
        assert card_face(skat)(C("CJ")) == "♣J"  # other games keep the French pack


def test_messages_show_the_german_pack_only() -> None:
    table = called()
    apply(table, "CQ")
    for shown in (render_table(table), hand_of(table, 1)):
        assert not CARD_TEXT.findall(shown.text() + " ".join(labels(shown)))
    assert "🌰O" in render_table(table).text()
    assert set(labels(hand_of(table, 1))) >= {schafkopf_face(C(c)) for c in DUTY[1].split()}


# -- the rules and the codec -------------------------------------------------------------------


def test_title_and_rules_lines_follow_the_options() -> None:
    game = SCHAFKOPF_GAME
    plain = "\n".join(SCHAFKOPF.rules_lines(game.preset("schafkopf")))
    assert SCHAFKOPF.title(game.preset("schafkopf")) == "Schafkopf"
    assert SCHAFKOPF.title(game.preset("schafkopf-klopfen")) == "Schafkopf · Klopfen"
    assert "Sauspiel 10¢" in plain and "Solo 50¢" in plain and "+10¢ each" in plain
    assert "Kontra" in plain and "Wenz" in plain and "Klopfen" not in plain
    assert "When all say weiter: Ramsch" in plain and "20¢ to each, 40¢ to a Jungfrau" in plain
    assert "🌰O 🍀O ❤️O 🔔O 🌰U" in plain
    dearer = "\n".join(SCHAFKOPF.rules_lines(game.preset("schafkopf-20")))
    assert "Sauspiel 20¢" in dearer
    assert "Klopfen:" in "\n".join(SCHAFKOPF.rules_lines(game.preset("schafkopf-klopfen")))
    assert "Stock" in "\n".join(SCHAFKOPF.rules_lines(game.preset("schafkopf-stock")))
    thrown = "\n".join(SCHAFKOPF.rules_lines(game.preset("schafkopf-throw-in")))
    assert "thrown in" in thrown and "Jungfrau" not in thrown
    no_wenz = "\n".join(SCHAFKOPF.rules_lines(game.preset("schafkopf", wenz=False, kontra=False)))
    assert "Wenz" not in no_wenz and "Kontra" not in no_wenz
    assert "Tout:" in plain and "Sie:" in plain and "Tout:" in no_wenz  # SF-11, SF-12
    bare = "\n".join(SCHAFKOPF.rules_lines(game.preset("schafkopf", tout=False, sie=False)))
    assert "Tout" not in bare and "Sie:" not in bare
    assert SCHAFKOPF.unit(game.preset("schafkopf")) == "¢"


@pytest.mark.parametrize(
    ("call", "arg"),
    [
        (sauspiel("C"), "sauspiel_C"),
        (sauspiel("D"), "sauspiel_D"),
        (Call("wenz", None, None, False), "wenz"),
        (solo("H"), "solo_H"),
        (Call("ramsch", None, None, False), "ramsch"),
        (Call("wenz", None, None, True), "wenz_tout"),
        (Call("solo", None, Suit.HEARTS, True), "solo_H_tout"),
        (Call("sie", None, None, False), "sie"),
        (Call("geier", None, None, False), "geier"),
        (Call("farbwenz", None, Suit.SPADES, True), "farbwenz_S_tout"),
        (Call("hochzeit", None, None, False), "hochzeit"),
    ],
)
def test_a_call_fits_a_button_id_and_reads_back(call: Call, arg: str) -> None:
    assert control_arg(call) == arg
    assert action_of("call", arg) == call


@pytest.mark.parametrize(
    "arg",
    [
        "sauspiel", "solo_X", "wenz_C", "bock", "sauspiel_CS", "solo_",
        "sauspiel_C_tout", "sie_tout", "ramsch_tout", "solo_tout", "wenz_tout_tout",
    ],
)  # fmt: skip
def test_a_broken_call_argument_is_refused(arg: str) -> None:
    with pytest.raises(TableError):
        action_of("call", arg)


# -- Klopfen -----------------------------------------------------------------------------------


def test_knocking_shows_four_cards_and_the_knock_buttons() -> None:
    table = table_of("schafkopf-klopfen", DUTY)
    deal = table.match.deal
    assert deal.phase == "knocking"
    first = hand_of(table, 0)
    assert not problems(first)
    assert shown_cards(first) == {C(card) for card in DUTY[0].split()[:4]}
    assert len([item for item in items(first) if "play" in item.custom_id]) == 4
    assert [item.label for item in enabled(first)] == ["Klopfen", "No Klopfen"]
    assert "**Your turn:** **Klopfen** doubles the deal" in first.text()
    other = hand_of(table, 2)
    assert shown_cards(other) == {C(card) for card in DUTY[2].split()[:4]}
    assert not enabled(other) and f"waiting for **{name_at(table, 0)}**" in other.text()
    shown = render_table(table)
    assert "**Klopfen**" in shown.text() and not shown_cards(shown)
    apply(table, Knock())
    text = render_table(table).text()
    assert f"{name_at(table, 0)}: Klopfen" in text and f"**{name_at(table, 1)}** has seen" in text
    apply(table, NoKnock())
    assert f"{name_at(table, 1)}: no Klopfen" in render_table(table).text()
    apply(table, NoKnock(), NoKnock())
    assert deal.phase == "calling"
    calling = hand_of(table, 0)
    assert shown_cards(calling) == {C(card) for card in DUTY[0].split()}
    assert f"Klopfen: {name_at(table, 0)} (×2)" in calling.text()
    assert "Klopfen" not in labels(calling)


# -- the calls ---------------------------------------------------------------------------------


def call_args(shown: Rendered) -> set[str]:
    """The calls offered: the values of the enabled select of calls."""
    return {
        option.value
        for item in enabled(shown)
        if item.custom_id.endswith(":call")
        for option in item.options
    }


def test_the_call_buttons_are_exactly_the_legal_calls() -> None:
    table = table_of("schafkopf", DUTY)
    first = hand_of(table, 0)
    assert not problems(first)
    found = labels(first)
    # Eichel and Gras: he holds a plain card of each; no Schellen card, no Herz-Sau (a trump)
    assert {"Weiter", "Sauspiel Eichel", "Sauspiel Gras", "Wenz", "Herz-Solo"} <= set(found)
    assert "Sauspiel Schellen" not in found and "Sauspiel Herz" not in found
    solos = {f"solo_{suit}" for suit in "CSHD"}
    touts = {"wenz_tout"} | {f"{solo}_tout" for solo in solos}  # SF-11
    assert call_args(first) == {"sauspiel_C", "sauspiel_S", "wenz"} | solos | touts
    assert {"Wenz Tout", "Herz-Solo Tout"} <= set(found)
    assert "**Your turn:** say **Weiter**, or call a game" in first.text()
    assert "a Ramsch is played" in first.text()
    apply(table, Pass())
    second = hand_of(table, 1)  # holds the Eichel-, Gras- and Schellen-Sau: no Sauspiel
    assert not any(label.startswith("Sauspiel") for label in labels(second))
    assert "No Sauspiel for you" in second.text()
    assert f"**Calls so far:** {name_at(table, 0)}: weiter" in second.text()
    apply(table, Call("wenz", None, None, False))
    third = hand_of(table, 2)
    assert call_args(third) == solos | touts
    assert "Wenz is called" in third.text()
    text = render_table(table).text()
    assert f"{name_at(table, 0)}: weiter · {name_at(table, 1)}: Wenz" in text
    assert f"**{name_at(table, 2)}** is to call" in text
    apply(table, solo("H"))
    fourth = hand_of(table, 3)
    assert call_args(fourth) == touts  # SF-11: only a Tout outranks a Solo
    assert "Herz-Solo is called: say **Weiter**, or a higher game" in fourth.text()
    apply(table, Call("solo", None, Suit.CLUBS, True))
    text = render_table(table).text()
    assert f"**{name_at(table, 3)}** plays **Eichel-Solo Tout** alone" in text


def test_random_deals_offer_only_legal_calls_never_an_ace_held() -> None:
    checked = 0
    for seed in range(12):
        table = table_of(seed=seed)
        deal = table.match.deal
        while deal.phase == "calling":
            seat = deal.to_act
            shown = hand_of(table, seat)
            assert not problems(shown)
            legal = {control_arg(a) for a in deal.view(seat).legal if isinstance(a, Call)}
            assert call_args(shown) == legal
            for arg in call_args(shown):
                if arg.startswith("sauspiel_"):
                    assert C(arg[-1] + "A") not in deal.hand(seat)
                    checked += 1
            apply(table, random.Random(seed).choice([Pass(), *deal.view(seat).legal[:2]]))
    assert checked > 5


# -- the hidden partner ------------------------------------------------------------------------


def everything_shown(table: Any) -> list[Rendered]:
    return [render_table(table), *(hand_of(table, seat) for seat in range(4))]


def hints_at(text: str, name: str) -> list[str]:
    """Lines naming ``name`` next to a word about a partner."""
    return [
        line
        for line in text.splitlines()
        if name in line and any(word in line.lower() for word in PARTNER_WORDS)
    ]


def test_nobody_learns_the_partner_before_the_called_sau_falls() -> None:
    table = called()
    deal = table.match.deal
    partner = name_at(table, 1)
    assert "partner unknown" in render_table(table).text()
    own = hand_of(table, 1).text()
    assert f"You hold the called 🌰A: you play with **{name_at(table, 0)}**" in own
    hidden_steps = 0
    ace = C("CA")
    while ace not in deal.public_view().played:
        for shown in everything_shown(table):
            assert not problems(shown)
            text = shown.text()
            assert not hints_at(text, partner), text
            assert "Mitspieler" not in text and "Laufende" not in text
        assert "partner unknown" in render_table(table).text()
        hidden_steps += 1
        plays = [a for a in deal.legal_actions() if isinstance(a, Play)]
        playable = [a for a in plays if a.card != ace] or plays
        apply(table, playable[0])
    assert hidden_steps >= 5  # the Sau fell in the second trick at the earliest
    text = render_table(table).text()
    assert "partner unknown" not in text
    assert f"**{name_at(table, 0)}** plays **Sauspiel auf die Eichel-Sau** with **{partner}**" in (
        text
    )
    # the partner's line, with the card he played to this trick if he has
    assert re.search(rf"\*\*{partner}\*\*(?: \S+)? — Mitspieler", text), text
    assert "You hold the called" not in hand_of(table, 1).text()


def test_random_sauspiele_never_hint_the_partner_and_show_no_other_hand() -> None:
    games = 0
    for seed in range(40):
        table = table_of(seed=seed)
        deal = table.match.deal
        rng = random.Random(seed)
        while deal.phase == "calling":
            sauspiele = [a for a in deal.legal_actions() if isinstance(a, Call)]
            sauspiele = [a for a in sauspiele if a.game == "sauspiel"]
            apply(table, sauspiele[0] if sauspiele and deal.to_act == 0 else Pass())
        if deal.public_view().state.game != "sauspiel":
            continue
        games += 1
        rules = deal.rules
        assert isinstance(rules, FullSchafkopfRules)
        partner = rules.partner(deal)
        assert partner is not None
        partner_name = name_at(table, partner)  # the seats move on when the deal is over
        while not deal.finished:
            public = deal.public_view()
            known = public.state.partner is not None
            for seat, shown in enumerate(everything_shown(table)):
                assert not problems(shown)
                text = shown.text()
                if not known:
                    assert not hints_at(text, partner_name), text
                visible = set(public.played)
                if seat:
                    visible |= set(deal.hand(seat - 1))
                assert shown_cards(shown) <= visible
            # a Re said by the hidden partner is his own giving away: not said here
            choices = [a for a in deal.legal_actions() if a != Re() or deal.to_act != partner]
            apply(table, rng.choice(choices))
        shown = render_result(table, table.match.finished_deals[-1])
        assert not problems(shown)
        assert f"with **{partner_name}**" in shown.text()
        if games >= 4:
            break
    assert games >= 4


# -- Kontra and Re -----------------------------------------------------------------------------


def test_kontra_for_the_defenders_only_then_re_for_the_declaring_side() -> None:
    table = called()
    deal = table.match.deal
    lead = hand_of(table, 0)  # the declarer leads: no Kontra for him
    assert "Kontra" not in labels(lead)
    apply(table, "CQ")
    partner = hand_of(table, 1)  # the hidden partner may not say Kontra
    assert "Kontra" not in labels(partner)
    apply(table, "C9" if Play(C("C9")) in deal.legal_actions() else deal.legal_actions()[0])
    defender = hand_of(table, 2)
    assert not problems(defender)
    assert "Kontra" in labels(defender) and not labels(defender)["Kontra"].disabled
    assert labels(defender)["Kontra"].custom_id.endswith(":kontra")
    assert "You may say **Kontra**" in defender.text()
    apply(table, Kontra())
    assert "Kontra" not in labels(hand_of(table, 2))
    text = render_table(table).text()
    assert f"Kontra ({name_at(table, 2)})" in text and "counts ×2" in text
    while Re() not in deal.legal_actions():
        seat = deal.to_act
        assert "Re" not in labels(hand_of(table, seat))
        apply(table, next(a for a in deal.legal_actions() if isinstance(a, Play)))
    seat = deal.to_act
    assert seat in (0, 1)
    answer = hand_of(table, seat)
    assert "Re" in labels(answer) and "you may answer **Re**" in answer.text()
    apply(table, Re())
    assert f"Re ({name_at(table, seat)})" in render_table(table).text()
    assert "counts ×4" in render_table(table).text()


# -- results -----------------------------------------------------------------------------------

SAUSPIEL = {"game": "sauspiel", "declarer": 0, "partner": 2, "ace": "S", "suit": None}


@pytest.mark.parametrize(
    ("details", "worked"),
    [
        (
            {**SAUSPIEL, "won": True, "schneider": True, "schwarz": False, "laufende": 3,
             "knocks": 1, "kontra": 0, "amount": 100, "declarer_points": 95},
            "Sauspiel won, Schneider, 3 Laufende: 10 + 10 + 30 = 50, × 2 (Klopfen) = €1.00 each",
        ),
        (
            {**SAUSPIEL, "won": True, "schneider": False, "schwarz": False, "laufende": 0,
             "knocks": 0, "kontra": 0, "amount": 10, "declarer_points": 90},
            "Sauspiel won: 10¢ each",
        ),
        (
            {"game": "wenz", "declarer": 0, "partner": None, "ace": None, "suit": None,
             "won": True, "schneider": False, "schwarz": False, "laufende": 2, "knocks": 0,
             "kontra": 0, "amount": 70, "declarer_points": 77},
            "Wenz won, 2 Laufende: 50 + 20 = 70¢ from each, €2.10 to Alice",
        ),
        (
            {"game": "solo", "declarer": 0, "partner": None, "ace": None, "suit": "S",
             "won": False, "schneider": False, "schwarz": False, "laufende": 3, "knocks": 0,
             "kontra": 0, "amount": 80, "declarer_points": 49},
            "Gras-Solo lost, 3 Laufende: 50 + 30 = 80¢ to each, €2.40 from Alice",
        ),
        (
            {**SAUSPIEL, "won": False, "schneider": True, "schwarz": True, "laufende": 10,
             "knocks": 0, "kontra": 1, "amount": 260, "declarer_points": 0},
            "Sauspiel lost, Schneider, Schwarz, 10 Laufende: 10 + 10 + 10 + 100 = 130, "
            "× 2 (Kontra) = €2.60 each",
        ),
        (
            {**SAUSPIEL, "won": True, "schneider": False, "schwarz": False, "laufende": 0,
             "knocks": 2, "kontra": 2, "amount": 160, "declarer_points": 90},
            "Sauspiel won: 10, × 16 (2× Klopfen, Kontra, Re) = €1.60 each",
        ),
        (
            {"game": "solo", "declarer": 0, "partner": None, "ace": None, "suit": "H",
             "tout": True, "won": True, "schneider": False, "schwarz": False, "laufende": 6,
             "knocks": 0, "kontra": 0, "amount": 220, "declarer_points": 120},
            "Herz-Solo Tout won, 6 Laufende: 50 + 60 = 110, × 2 (Tout) = €2.20 from each, "
            "€6.60 to Alice",
        ),
        (
            {"game": "wenz", "declarer": 0, "partner": None, "ace": None, "suit": None,
             "tout": True, "won": False, "schneider": False, "schwarz": False, "laufende": 3,
             "knocks": 0, "kontra": 1, "amount": 320, "declarer_points": 109},
            "Wenz Tout lost, 3 Laufende: 50 + 30 = 80, × 2 (Tout) = 160, × 2 (Kontra) = €3.20 "
            "to each, €9.60 from Alice",
        ),
        (
            {"game": "sie", "declarer": 0, "partner": None, "ace": None, "suit": None,
             "won": True, "schneider": False, "schwarz": False, "laufende": 8,
             "knocks": 1, "kontra": 0, "amount": 1040, "declarer_points": None},
            "Sie won, 8 Laufende: 50 + 80 = 130, × 4 (Sie) = 520, × 2 (Klopfen) = €10.40 "
            "from each, €31.20 to Alice",
        ),
    ],
)  # fmt: skip
def test_the_payment_is_worked_out(details: dict[str, Any], worked: str) -> None:
    # the top trump (🌰O, in a Wenz 🌰U) went to seat 1: the Spieler side played without it
    top = C("CJ") if details["game"] == "wenz" else C("CQ")
    trick = Trick(0, (C("D7"), top, C("D8"), C("D9")), 1)
    facts = payment_facts(details, result_of(details, (trick,)), list(NAMES[:4]), Tariff())
    assert facts[-1] == worked
    if details["laufende"]:
        assert f"{details['laufende']} Laufende, the top trumps held by the other side" in facts
    with_top = Trick(0, (top, C("D7"), C("D8"), C("D9")), 0)
    if details["laufende"]:
        facts = payment_facts(details, result_of(details, (with_top,)), list(NAMES[:4]), Tariff())
        assert f"{details['laufende']} Laufende, the top trumps held by the Spieler side" in facts


def test_geier_and_farbwenz_calls_and_rules_are_named_for_players() -> None:
    """SF-13, SF-14: the call menu's labels, the game's name on the table, the rules lines
    of a table that plays them, German included."""
    rules = SCHAFKOPF_GAME.preset("schafkopf", geier=True, farbwenz=True)
    table = table_of("schafkopf", DUTY, geier=True, farbwenz=True)
    found = labels(hand_of(table, 0))
    assert {"Geier", "Herz-Farbwenz", "Geier Tout", "Eichel-Farbwenz Tout"} <= set(found)
    lines = "\n".join(SCHAFKOPF.rules_lines(rules))
    assert "Geier: only the four Obers are trumps" in lines and "Farbwenz:" in lines
    assert "Geier" not in "\n".join(SCHAFKOPF.rules_lines(SCHAFKOPF_GAME.preset("schafkopf")))
    apply(table, Call("farbwenz", None, Suit.DIAMONDS, False))
    with i18n.using("de"):
        assert "Schellen-Farbwenz" in render_table(table).text()


# Seat 0 holds one trump, the ♦O (tests/core/test_schafkopf_hochzeit.py).
HOCHZEIT_HANDS = [
    "DQ CA CT CK SA ST DA DT",
    "CQ SQ HQ CJ HA SK S9 D9",
    "HT SJ HJ HK C9 C8 S8 D8",
    "DJ H9 H8 H7 C7 S7 DK D7",
]


def test_a_hochzeit_is_offered_accepted_and_its_card_given_from_the_hand() -> None:
    """SF-16: the call menu offers the Hochzeit to a hand of one trump; the seat asked has
    Accept and Weiter, then a select of the cards it may give (no trump), in two rows at
    most; the table names the offer, then both players; German too."""
    table = table_of("schafkopf", HOCHZEIT_HANDS, hochzeit=True)
    assert "Hochzeit" in labels(hand_of(table, 0))
    assert "Hochzeit" not in labels(hand_of(table, 1))
    apply(table, Call("hochzeit", None, None, False), Pass(), Pass(), Pass())
    shown = hand_of(table, 1)
    assert not problems(shown)
    found = labels(shown)
    assert "Accept the Hochzeit" in found and "Weiter" in found
    assert "offers a **Hochzeit**" in shown.text()
    assert "Accept the Hochzeit" not in labels(hand_of(table, 2))
    with i18n.using("de"):
        assert "Hochzeit" in render_table(table).text()
    apply(table, Accept())
    shown = hand_of(table, 1)
    assert not problems(shown)
    give = labels(shown)["Give a card for the trump…"]
    assert [option.value for option in give.options] == ["SK", "S9", "D9"]
    assert action_of("give", None, ["S9"]) == Give(C("S9"))
    assert len({item.row for item in items(shown) if item.row is not None and item.row >= 2}) <= 2
    apply(table, Give(C("S9")))
    text = render_table(table).text()
    assert f"**{name_at(table, 0)}** plays **Hochzeit** with **{name_at(table, 1)}**" in text


def test_a_hochzeit_nobody_accepted_gives_the_fourth_seat_its_stock_choice() -> None:
    """SF-16, SK-9: on a Stock table, after a Hochzeit nobody accepted, the fourth seat sees
    Weiter and a call menu holding only the Ramsch, and a line saying why; German too."""
    table = table_of("schafkopf", HOCHZEIT_HANDS, hochzeit=True, all_pass="stock")
    apply(table, Call("hochzeit", None, None, False), *[Pass()] * 6)
    shown = hand_of(table, 3)
    assert not problems(shown)
    menu = labels(shown)["Call a game…"]
    assert [option.label for option in menu.options] == ["Ramsch"]
    assert "Weiter" in labels(shown)
    assert "nobody accepted the Hochzeit: choose **Ramsch**" in shown.text()
    assert "Call a game…" not in labels(hand_of(table, 0))
    with i18n.using("de"):
        assert "niemand hat die Hochzeit angenommen" in hand_of(table, 3).text()


def test_a_hochzeit_result_is_paid_as_a_sauspiel() -> None:
    """SF-16: each of the two is paid (or pays) the Sauspiel tariff by one opponent."""
    details = {"declarer": 0, "partner": 1, "ace": None, "suit": None, "schneider": True,
               "schwarz": False, "laufende": 0, "knocks": 0, "kontra": 0, "game": "hochzeit",
               "won": True, "amount": 20, "declarer_points": 105}  # fmt: skip
    facts = payment_facts(details, result_of(details, ()), list(NAMES[:4]), Tariff())
    assert facts[-1] == "Hochzeit won, Schneider: 10 + 10 = 20¢ each"
    assert facts[0] == "**Alice** played **Hochzeit** with **Bob**"


def test_tout_and_sie_results_say_what_decided_them() -> None:
    """SF-11: a Tout is won with every trick, lost with one to the others; SF-12: a Sie is
    shown and won without play."""
    base = {"declarer": 0, "partner": None, "ace": None, "suit": None, "schneider": False,
            "schwarz": False, "laufende": 0, "knocks": 0, "kontra": 0}  # fmt: skip
    won = {**base, "game": "wenz", "tout": True, "won": True, "amount": 100}
    facts = payment_facts(won, result_of(won, ()), list(NAMES[:4]), Tariff())
    assert facts[:2] == [
        "**Alice** played **Wenz Tout** alone",
        "Spieler side: every trick — **won**",
    ]
    lost = {**won, "won": False, "declarer_points": 109}
    facts = payment_facts(lost, result_of(lost, ()), list(NAMES[:4]), Tariff())
    assert facts[1] == "Spieler side: 109 points, a trick to the others — **lost**"
    sie = {**base, "game": "sie", "won": True, "laufende": 8, "amount": 520}
    facts = payment_facts(sie, result_of(sie, ()), list(NAMES[:4]), Tariff())
    assert facts[0].startswith("**Alice** shows a **Sie**") and "points" not in " ".join(facts)
    assert SCHAFKOPF.deal_line(result_of(sie, ()), list(NAMES[:4])) == "Alice Sie won €5.20"
    touted = SCHAFKOPF.deal_line(result_of(won, ()), list(NAMES[:4]))
    assert touted == "Alice Wenz Tout won €1.00"


def test_a_played_sauspiel_result_matches_the_scores() -> None:
    table = called()
    deal = table.match.deal
    names = [name_at(table, seat) for seat in range(4)]  # the seats move on after the deal
    while not deal.finished:
        apply(table, next(a for a in deal.legal_actions() if isinstance(a, Play)))
    entry = table.match.finished_deals[-1]
    shown = render_result(table, entry)
    assert not problems(shown)
    text = shown.text()
    details = entry.result.details
    assert details is not None
    amount = abs(entry.result.scores[0])
    assert amount == details["amount"]
    paid = amount_text(amount, "¢", signed=False)  # 80¢, €1.60
    assert paid == (f"{amount}¢" if amount < 100 else f"€{amount // 100}.{amount % 100:02}")
    assert f"{paid} each" in text
    outcome = "won" if details["won"] else "lost"
    assert f"Spieler side: {details['declarer_points']} points — **{outcome}**" in text
    assert f"**{names[0]}** played **Sauspiel auf die Eichel-Sau** with" in text
    assert f"**{names[0]}** (Spieler, {outcome})" in text
    assert f"**{names[1]}** (Mitspieler, {outcome})" in text
    line = SCHAFKOPF.deal_line(entry.result, names)
    assert line == f"{names[0]} Sauspiel (Eichel) {outcome} {paid}"
    assert re.search(rf"\n1\. .*  {re.escape(line)}\n", render_table(table).text())


def test_all_pass_with_a_knock_is_a_ramsch_doubled() -> None:
    table = table_of("schafkopf-klopfen", DUTY)
    deal = table.match.deal
    names = [name_at(table, seat) for seat in range(4)]
    apply(table, NoKnock(), Knock(), NoKnock(), NoKnock(), Pass(), Pass(), Pass(), Pass())
    assert deal.phase == "play"
    text = render_table(table).text()
    assert "Everyone said weiter: **Ramsch**" in text and f"Klopfen: {names[1]}" in text
    assert "Ramsch" in hand_of(table, 0).text() and "Kontra" not in labels(hand_of(table, 0))
    while not deal.finished:
        apply(table, next(a for a in deal.legal_actions() if isinstance(a, Play)))
    entry = table.match.finished_deals[-1]
    shown = render_result(table, entry)
    assert not problems(shown)
    text = shown.text()
    assert "Everyone said weiter: **Ramsch**" in text and "× 2 (Klopfen)" in text
    loser = entry.result.losers[0]
    assert f"**{names[loser]}** has the most card points and pays" in text
    assert re.search(rf"\*\*{names[loser]}\*\* \(loses\): .*−", text)
    others = [score for seat, score in enumerate(entry.result.scores) if seat != loser]
    assert sorted(set(others)) <= [40, 80]  # 20¢ to each, 40¢ to a Jungfrau; doubled
    assert entry.result.scores[loser] == -sum(others)
    assert SCHAFKOPF.deal_line(entry.result, list(NAMES[:4])) == "Ramsch"


def test_no_knock_ramsch_says_no_doubling() -> None:
    table = table_of("schafkopf", DUTY)
    deal = table.match.deal
    apply(table, Pass(), Pass(), Pass(), Pass())
    while not deal.finished:
        apply(table, next(a for a in deal.legal_actions() if isinstance(a, Play)))
    text = render_result(table, table.match.finished_deals[-1]).text()
    assert "**Ramsch**" in text and "Klopfen" not in text


def test_thrown_in_and_stock_say_so() -> None:
    table = table_of("schafkopf-throw-in", DUTY)
    apply(table, Pass(), Pass(), Pass(), Pass())
    entry = table.match.finished_deals[-1]
    text = render_result(table, entry).text()
    assert "Everyone said weiter: the cards are thrown in" in text and "Stock" not in text
    assert SCHAFKOPF.deal_line(entry.result, list(NAMES[:4])) == "all said weiter, thrown in"
    table = table_of("schafkopf-stock", DUTY)
    apply(table, Pass(), Pass(), Pass())
    last = hand_of(table, 3)
    assert "Ramsch" in labels(last) and labels(last)["Ramsch"].value == "ramsch"
    assert "choose **Ramsch**, or say **Weiter** — then it is a Stock" in last.text()
    sauspiele = {"Sauspiel Eichel", "Sauspiel Gras", "Sauspiel Schellen"}
    assert sauspiele | {"Weiter", "Ramsch", "Wenz", "Herz-Solo"} <= set(labels(last))
    assert not problems(last)  # eleven controls below eight cards still fit
    apply(table, Pass())
    text = render_result(table, table.match.finished_deals[-1]).text()
    assert "**Stock**" in text


def test_the_stock_pot_is_on_the_score_sheet_until_a_game_won_takes_it() -> None:
    """SK-9, Stock: each antes the Sauspiel tariff; the table shows the pot."""
    table = make_table("schafkopf-stock", game="schafkopf", rounds=2)
    match = table.match
    assert match is not None
    assert "in the pot" not in render_table(table).text()
    for _ in range(4):
        match.apply(Pass(), match.to_act)
    shown = render_table(table).text()
    assert "**Stock:** 40¢ in the pot — the next game won takes it" in shown
    assert re.search(r"\n1\. +−10¢ +−10¢ +−10¢ +−10¢ ", shown)  # the score sheet's row
    entry = match.finished_deals[-1]
    result = render_result(table, entry).text()
    assert "each player antes 10¢ into the pot" in result and not problems(render_table(table))

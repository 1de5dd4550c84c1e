"""Full Schafkopf golden records (docs/rules/schafkopf.md, SF-1 … SF-12): each deal worked out by
hand in ``tests/data/schafkopf``, replayed and compared with its ``.expected.json`` exactly.

The checks of the data themselves (every record
deals the 32 cards once, every expected result's scores sum to 0, the arithmetic of the worked
results) run without the core."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parents[1] / "data" / "schafkopf"
GOLDEN = sorted(path for path in DATA.glob("*.json") if not path.name.endswith(".expected.json"))
FIELDS = [
    "finished", "to_act", "phase", "game", "declarer", "partner", "suit", "ace",
    "declarer_points", "won", "schneider", "schwarz", "laufende", "multiplier", "scores",
    "tricks",
]  # fmt: skip
RAMSCH_FIELDS = [
    "card_points", "trick_counts", "jungfrau", "durchmarsch", "losers", "winners", "skat",
    "skat_to", "pushes",
]  # fmt: skip
PLAYED = ("sauspiel", "wenz", "solo", "geier", "farbwenz", "hochzeit")
PAIRS = ("sauspiel", "hochzeit")
"""SF-8, SF-16: the games two play together, each paid the tariff of a Sauspiel."""
DECK = sorted(suit + rank for suit in "CSHD" for rank in "AKQJT987")
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def load(path: Path) -> Any:
    return json.loads(path.read_text())


def expected_of(path: Path) -> Any:
    return load(path.with_suffix(".expected.json"))


def extra_fields(expected: dict[str, Any]) -> list[str]:
    """After ``tricks``: a Ramsch's fields, or ``tout`` for a Tout (SF-11)."""
    if expected["game"] == "ramsch":
        return RAMSCH_FIELDS
    return ["tout"] if expected.get("tout") else []


@pytest.fixture
def registered() -> Iterator[None]:
    """Register full Schafkopf for one test; skip while the game does not exist yet."""
    module = pytest.importorskip("ramsch_core.games.schafkopf")
    from ramsch_core.games import GAMES

    game = module.SCHAFKOPF
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, game.id, game)
        yield


# --- the data alone (no core needed) -------------------------------------------------------


def test_there_are_golden_records_of_every_kind_of_deal() -> None:
    """Sauspiel, Wenz, Solo, Geier, Farbwenz, Ramsch, Sie and passed deals; a Wenz and a Solo
    Tout; finished and unfinished; Klopfen."""
    assert len(GOLDEN) >= 12
    expected = [expected_of(path) for path in GOLDEN]
    games = {item["game"] for item in expected}
    assert {
        "sauspiel", "wenz", "solo", "ramsch", "passed", "sie", "geier", "farbwenz", "hochzeit"
    } <= games  # fmt: skip
    assert {"wenz", "solo"} <= {item["game"] for item in expected if item.get("tout")}
    assert {"finished", "playing", "bidding"} <= {item["phase"] for item in expected}
    assert any(load(path)["rules"]["klopfen"] for path in GOLDEN)
    assert any(load(path)["rules"].get("pack") == "short" for path in GOLDEN)
    assert {"ramsch", "stock", "throw_in"} <= {load(path)["rules"]["all_pass"] for path in GOLDEN}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_every_record_deals_the_32_cards_once(path: Path) -> None:
    """SF-1: four hands of eight, the 32 cards of the pack each exactly once; SF-15: in the
    short pack four hands of six, the 24 cards without 7s and 8s."""
    hands = load(path)["hands"]
    if load(path)["rules"].get("pack") == "short":
        assert [len(hand) for hand in hands] == [6, 6, 6, 6]
        short = [card for card in DECK if card[1] not in "78"]
        assert sorted(card for hand in hands for card in hand) == short
        return
    assert [len(hand) for hand in hands] == [8, 8, 8, 8]
    assert sorted(card for hand in hands for card in hand) == DECK


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_every_record_names_the_seat_of_each_action(path: Path) -> None:
    assert all(isinstance(action.get("seat"), int) for action in load(path)["actions"])


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_every_expected_result_is_complete_and_its_scores_sum_to_zero(path: Path) -> None:
    """SF-8: what the winners get the losers pay; scores are whole cents summing to 0."""
    expected = expected_of(path)
    assert list(expected) == FIELDS + extra_fields(expected)
    assert len(expected["scores"]) == 4
    assert all(isinstance(score, int) for score in expected["scores"])
    assert sum(expected["scores"]) == 0


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_every_expected_result_adds_up(path: Path) -> None:
    """SF-6..9, SF-11, SF-12: the tricks hold the cards played, the declaring side's card
    points are the sum of its tricks, and the scores follow from the tariff, the extras and
    the doubling; a Tout is won with every trick and paid double without Schneider or
    Schwarz; a Sie is four times a Solo with 8 Laufende, unplayed."""
    record, expected = load(path), expected_of(path)
    played = [a["card"] for a in record["actions"] if a["action"] == "play"]
    in_tricks = [card for trick in expected["tricks"] for card in trick["cards"]]
    assert in_tricks == played[: len(in_tricks)]
    tariff = record["rules"]["tariff"]
    if expected["game"] == "sie":
        amount = (tariff["solo"] + 8 * tariff["extra"]) * 4 * expected["multiplier"]
        assert expected["tricks"] == [] and expected["laufende"] == 8
        for seat, score in enumerate(expected["scores"]):
            assert score == (3 * amount if seat == expected["declarer"] else -amount)
        return
    if not expected["finished"] or expected["game"] not in PLAYED:
        return
    side = {expected["declarer"], expected["partner"]} - {None}
    points = sum(
        POINTS[card[1]]
        for trick in expected["tricks"]
        if trick["winner"] in side
        for card in trick["cards"]
    )
    assert points == expected["declarer_points"]
    base = tariff["sauspiel"] if expected["game"] in PAIRS else tariff["solo"]
    extras = expected["schneider"] + expected["schwarz"] + expected["laufende"]
    amount = (base + tariff["extra"] * extras) * expected["multiplier"]
    if expected.get("tout"):
        side_tricks = sum(trick["winner"] in side for trick in expected["tricks"])
        assert expected["won"] == (side_tricks == len(expected["tricks"]))
        assert not expected["schneider"] and not expected["schwarz"]
        amount *= 2
    sign = 1 if expected["won"] else -1
    for seat, score in enumerate(expected["scores"]):
        if expected["game"] in PAIRS:
            assert score == (sign if seat in side else -sign) * amount
        else:
            assert score == (3 * sign if seat in side else -sign) * amount


# --- replayed by the core ------------------------------------------------------------------


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_golden_record_replays_to_its_hand_worked_result(path: Path, registered: None) -> None:
    """SF-1..10: each record, worked out by hand, replays to exactly its expected result."""
    from ramsch_core.record import replay_record, replay_summary

    expected = expected_of(path)
    summary = json.loads(json.dumps(replay_summary(replay_record(load(path)))))
    assert summary == expected


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_golden_record_fields_come_in_the_documented_order(path: Path, registered: None) -> None:
    from ramsch_core.record import replay_record, replay_summary

    summary = replay_summary(replay_record(load(path)))
    assert list(summary) == FIELDS + extra_fields(summary)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_golden_record_written_back_replays_the_same(path: Path, registered: None) -> None:
    """A replayed record written as a record replays the same."""
    from ramsch_core.record import deal_record, replay_record, replay_summary

    deal = replay_record(load(path))
    again = replay_record(json.loads(json.dumps(deal_record(deal))))
    assert replay_summary(again) == replay_summary(deal)


def _cut(name: str, index: int, action: dict[str, Any]) -> dict[str, Any]:
    """The golden record ``name`` cut before action ``index``, with ``action`` in its place."""
    record: dict[str, Any] = load(DATA / f"{name}.json")
    record["actions"] = [*record["actions"][:index], action]
    return record


def _index(name: str, seat: int, card: str) -> int:
    """Where ``seat`` plays ``card`` in the golden record ``name``."""
    actions = load(DATA / f"{name}.json")["actions"]
    return next(
        i
        for i, action in enumerate(actions)
        if action["seat"] == seat and action.get("card") == card
    )


def _runaway_with_three() -> dict[str, Any]:
    """The hands of ``davonlaufen`` with forehand's ♣8 swapped for the dealer's ♦8: three
    Eichel cards with the Sau are too few to run away with ♣7."""
    record: dict[str, Any] = load(DATA / "davonlaufen.json")
    hands = record["hands"]
    hands[0][hands[0].index("C8")], hands[3][hands[3].index("D8")] = "D8", "C8"
    record["actions"] = [*record["actions"][:4], {"seat": 0, "action": "play", "card": "C7"}]
    return record


def _refused_records() -> list[tuple[str, Any]]:
    call = {"action": "call", "game": "sauspiel"}
    return [
        # SF-3: the Eichel-Sau must be played when Eichel is first led
        (
            "called Sau not played",
            _cut(
                "sauspiel_won_with_3",
                _index("sauspiel_won_with_3", 2, "CA"),
                {"seat": 2, "action": "play", "card": "CK"},
            ),
        ),
        # SF-3: no running away with three cards of the called suit
        ("ran away with three", _runaway_with_three()),
        # SF-3: Obers and Unters are no cards of their suit: no plain Gras card
        (
            "call without a card of the suit",
            _cut("sauspiel_won_with_3", 0, {"seat": 0, **call, "ace": "S"}),
        ),
        # SF-3: the Herz-Sau cannot be called
        ("Herz-Sau", _cut("sauspiel_won_with_3", 0, {"seat": 0, **call, "ace": "H"})),
        # SF-3: a Sau the caller holds himself cannot be called
        ("own Sau", _cut("davonlaufen", 0, {"seat": 0, **call, "ace": "C"})),
        # SF-2: a Sauspiel does not outrank a Wenz already called
        (
            "Sauspiel after a Wenz",
            _cut("overcall_gras_solo_lost_without_3", 2, {"seat": 2, **call, "ace": "D"}),
        ),
        # SF-2: with `wenz` off there is no Wenz
        (
            "Wenz switched off",
            {
                **_cut("wenz_won_with_2", 1, {"seat": 1, "action": "call", "game": "wenz"}),
                "rules": {**load(DATA / "wenz_won_with_2.json")["rules"], "wenz": False},
            },
        ),
        # SF-2: asking for a Ramsch needs `all_pass: stock`
        (
            "Ramsch call without stock",
            _cut("all_pass_throw_in", 3, {"seat": 3, "action": "call", "game": "ramsch"}),
        ),
        # SF-9: the partner may not say Kontra
        (
            "Kontra by the partner",
            _cut(
                "opponents_free_30",
                _index("opponents_free_30", 3, "DQ"),
                {"seat": 3, "action": "kontra"},
            ),
        ),
        # SF-9: Kontra only before one's first card
        (
            "Kontra after a card",
            _cut(
                "opponents_free_30",
                _index("opponents_free_30", 1, "ST"),
                {"seat": 1, "action": "kontra"},
            ),
        ),
        # SF-11: with `tout` off there is no Tout
        (
            "Tout switched off",
            {
                **load(DATA / "herz_solo_tout_won_with_6.json"),
                "rules": {**load(DATA / "herz_solo_tout_won_with_6.json")["rules"], "tout": False},
            },
        ),
        # SF-11: a Sauspiel cannot be played Tout
        (
            "Sauspiel Tout",
            _cut("sauspiel_won_with_3", 0, {"seat": 0, **call, "ace": "C", "tout": True}),
        ),
        # SF-11: a Wenz-Tout does not outrank a Solo-Tout
        (
            "Wenz-Tout after a Solo-Tout",
            _cut(
                "herz_solo_tout_won_with_6",
                1,
                {"seat": 1, "action": "call", "game": "wenz", "tout": True},
            ),
        ),
        # SF-13: with `geier` off there is no Geier
        (
            "Geier switched off",
            {
                **load(DATA / "geier_with_2.json"),
                "rules": {**load(DATA / "geier_with_2.json")["rules"], "geier": False},
            },
        ),
        # SF-14: a Farbwenz names its suit
        (
            "Farbwenz without a suit",
            _cut("herz_farbwenz", 2, {"seat": 2, "action": "call", "game": "farbwenz"}),
        ),
        # SF-14: a Farbwenz does not outrank a Wenz
        (
            "Farbwenz after a Wenz",
            {
                **_cut("herz_farbwenz", 1, {"seat": 1, "action": "call", "game": "wenz"}),
                "actions": [
                    {"seat": 0, "action": "pass"},
                    {"seat": 1, "action": "call", "game": "wenz"},
                    {"seat": 2, "action": "call", "game": "farbwenz", "suit": "H"},
                ],
            },
        ),
        # SF-12: a Sie needs the four Obers and four Unters
        (
            "Sie without them",
            _cut("wenz_won_with_2", 0, {"seat": 0, "action": "call", "game": "sie"}),
        ),
        # SF-12: with `sie` off there is no Sie
        (
            "Sie switched off",
            {
                **load(DATA / "sie_over_sauspiel_knocked.json"),
                "rules": {**load(DATA / "sie_over_sauspiel_knocked.json")["rules"], "sie": False},
            },
        ),
        # SF-12: nobody speaks after a Sie
        (
            "a call after a Sie",
            {
                **load(DATA / "sie_over_sauspiel_knocked.json"),
                "actions": [
                    *load(DATA / "sie_over_sauspiel_knocked.json")["actions"],
                    {"seat": 3, "action": "pass"},
                ],
            },
        ),
        # SF-16: with `hochzeit` off there is no Hochzeit
        (
            "Hochzeit switched off",
            {
                **load(DATA / "hochzeit_won_schwarz_with_5.json"),
                "rules": {
                    **load(DATA / "hochzeit_won_schwarz_with_5.json")["rules"],
                    "hochzeit": False,
                },
            },
        ),
        # SF-16: a trump cannot be given for the offerer's trump
        (
            "a trump given for a Hochzeit",
            _cut("hochzeit_won_schwarz_with_5", 5, {"seat": 1, "action": "give", "card": "HA"}),
        ),
        # SF-16: only a seat other than the offerer accepts, in turn
        (
            "an accept out of turn",
            _cut("hochzeit_won_schwarz_with_5", 4, {"seat": 2, "action": "accept"}),
        ),
        # SF-9: Re only before the declaring side's next card after the Kontra
        (
            "Re too late",
            _cut(
                "klopfen_kontra_re",
                _index("klopfen_kontra_re", 0, "S7"),
                {"seat": 0, "action": "re"},
            ),
        ),
    ]


REFUSED = _refused_records()


@pytest.mark.parametrize(("why", "record"), REFUSED, ids=[why for why, _ in REFUSED])
def test_golden_deals_refuse_what_the_rules_forbid(
    why: str, record: dict[str, Any], registered: None
) -> None:
    """SF-2, SF-3, SF-9, SF-11, SF-12: a call, card or double the rules forbid is refused."""
    from ramsch_core.errors import RecordError
    from ramsch_core.record import replay_record

    with pytest.raises(RecordError):
        replay_record(record)

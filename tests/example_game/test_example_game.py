"""The example game Stich, registered for each test (``tests.example_game.register``): its
rules (ST-1 … ST-5, tests/example_game/rules.md), its golden records through the API and the
kernel, a whole match at the terminal and a whole table in the bot, in English and German."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot import i18n
from bot.ui.games import rules_brief
from bot.ui.hand import render_hand
from bot.ui.results import render_result, render_standings
from bot.ui.table import render_table
from ramsch_core import Card, Deal, Game, Play, preset
from ramsch_core.kernel import Kernel
from ramsch_core.record import deal_record, load_record, replay_record, replay_summary
from ramsch_core.terminal.presenter import presenter_for
from tests import example_game
from tests.core.test_terminal_games import transcript
from tests.example_game.core.ai import cheapest_card
from tests.example_game.core.terminal import StichPresenter
from tests.ui.helpers import act_randomly, make_table

GOLDEN = sorted(
    path for path in example_game.DATA.glob("*.json") if not path.name.endswith(".expected.json")
)
FINISHED = [path for path in GOLDEN if "unfinished" not in path.stem]


@pytest.fixture(autouse=True)
def stich(monkeypatch: pytest.MonkeyPatch) -> Game:
    return example_game.register(monkeypatch)


def load(path: Path) -> Any:
    return json.loads(path.read_text())


def test_st1_six_cards_each_the_rest_in_the_skat_forehand_leads() -> None:
    for seats in (3, 4, 5):
        deal = Deal.from_seed(preset("plain", game="stich", seats=seats), 4)
        assert [len(deal.hand(seat)) for seat in range(seats)] == [6] * seats
        assert len(deal.initial_skat) == 32 - 6 * seats
        assert deal.to_act == 0


DUTIES_SKAT = [
    "CK", "C9", "SQ", "S9", "S8", "HK", "HQ", "H9", "DA", "DT", "DK", "DQ", "D8", "D7",
]  # fmt: skip


def legal_after(rules: dict[str, Any], actions: list[str]) -> set[str]:
    """The legal cards after ``actions`` of a deal where seat 1 holds no diamond and one
    trump (SJ), seat 2 no diamond and two trumps (CJ above SJ, DJ below)."""
    record = {
        "rules": {"game": "stich", **rules},
        "hands": [
            ["CA", "CT", "SA", "H7", "D9", "HJ"],
            ["C7", "SJ", "S7", "HA", "HT", "H8"],
            ["C8", "CQ", "ST", "SK", "CJ", "DJ"],
        ],
        "skat": DUTIES_SKAT,
        "actions": actions,
    }
    return {str(action) for action in replay_record(record).legal_actions()}


def test_st2_must_trump_and_must_beat_narrow_the_legal_cards() -> None:
    """ST-2: unable to follow the led D9, a seat may play any card; with ``must_trump`` it
    must trump; with ``must_beat`` too it must trump higher than the trick's trump."""
    anything = {
        str(Play(card)) for card in Card if card.name in ("C7", "SJ", "S7", "HA", "HT", "H8")
    }
    assert legal_after({}, ["D9"]) == anything
    assert legal_after({"must_trump": True}, ["D9"]) == {str(Play(Card.SJ))}
    strict = {"must_trump": True, "must_beat": True}
    assert legal_after({"must_trump": True}, ["D9", "SJ"]) == {
        str(Play(Card.CJ)),
        str(Play(Card.DJ)),
    }
    assert legal_after(strict, ["D9", "SJ"]) == {str(Play(Card.CJ))}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_golden_record_replays_to_its_hand_worked_result(path: Path) -> None:
    """ST-3 (the Jacks trump), ST-4 (the skat to the last trick, the most points lose), ST-5
    (every trick scores double): each record replays to exactly its expected result, worked out
    by hand, and written back replays the same."""
    expected = load(path.with_suffix(".expected.json"))
    deal = replay_record(load(path))
    assert json.loads(json.dumps(replay_summary(deal))) == expected
    again = replay_record(json.loads(json.dumps(deal_record(deal))))
    assert replay_summary(again) == replay_summary(deal)


@pytest.mark.parametrize("path", FINISHED, ids=lambda path: path.stem)
def test_golden_record_replays_through_the_kernel(path: Path) -> None:
    """The kernel the AI plays out with reaches the same trick winners, trick counts and
    scores as the API (ST-4, ST-5)."""
    expected = load(path.with_suffix(".expected.json"))
    rules, deal, actions = load_record(load(path))
    kernel = Kernel(rules)
    cards = [kernel.bit_of[action.card] for _, action in actions if isinstance(action, Play)]
    outcome = kernel.replay(
        [kernel.mask(deal.initial_hand(seat)) for seat in range(rules.players)],
        kernel.mask(deal.initial_skat),
        [],
        cards,
    )
    assert list(outcome.winners) == [trick["winner"] for trick in expected["tricks"]]
    assert list(outcome.trick_counts) == expected["trick_counts"]
    assert [int(score) for score in outcome.scores] == expected["scores"]


def test_the_ai_sheds_its_cheapest_card() -> None:
    """The policy's card prior: of CA, CT, SA, H7, D9, HJ the Seven (0 points, lower bit than
    the Nine) or the Nine; never a card with points."""
    rules = preset("plain", game="stich")
    kernel = Kernel(rules)
    hand = [Card.CA, Card.CT, Card.SA, Card.H7, Card.D9, Card.HJ]
    chosen = cheapest_card(kernel, None, kernel.mask(hand))  # type: ignore[arg-type]
    cheap = {kernel.bit_of[Card.H7], kernel.bit_of[Card.D9]}
    assert chosen in cheap
    assert chosen == min(cheap)


def test_st3_a_whole_match_at_the_terminal_names_the_trumps() -> None:
    """ST-3: before each deal the terminal names the trumps (the presenter of ``Game.terminal``);
    the AI plays for the human (the game's policy), and the match ends with its standings."""
    assert type(presenter_for(preset("plain", game="stich"))) is StichPresenter
    text = "\n".join(transcript("stich", "plain", 3))
    assert "Trumps: ♣J ♠J ♥J ♦J" in text
    assert re.search(r"AI plays for you: [♣♠♥♦]", text)
    assert "Final standings:" in text or "\nWinner: " in text


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_whole_table_renders_in_the_bot(language: str) -> None:
    """ST-2..4 in the rules brief; table, hands, results and standings of a whole match of the
    strict preset, in English and (its own catalogue) German."""
    rules = preset("strict", game="stich")
    with i18n.using(language):
        brief = rules_brief(rules)
        table = make_table("strict", seed=5, game="stich")
        rng = random.Random(5)
        texts = []
        while table.status == "playing":
            texts.append(render_table(table).text())
            for seat in table.seats:
                assert seat.user_id is not None
                texts.append(render_hand(table, seat.user_id).text())
            act_randomly(table, rng)
        assert table.match is not None
        texts += [render_result(table, entry).text() for entry in table.match.finished_deals]
        texts.append(render_standings(table).text())
    lines = {
        "en": ["Follow suit. Unable to follow, trump. Beat the trick when you can."],
        "de": ["Farbe bedienen. Wer nicht bedienen kann, muss trumpfen."],
    }
    assert all(line in brief for line in lines[language]), brief
    loser = {"en": "most points: loses", "de": "meiste Augen: verliert"}[language]
    assert any(loser in text for text in texts)
    assert not any(re.search(r"\bST-\d", text) for text in [brief, *texts])

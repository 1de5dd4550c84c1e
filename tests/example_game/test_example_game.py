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
from bot.ui.games import match_lines, rules_brief
from bot.ui.hand import render_hand
from bot.ui.results import render_result
from bot.ui.table import render_table
from ramsch_core import Card, Deal, Game, Play, preset
from ramsch_core.ai import HeuristicPlayer
from ramsch_core.bench import deal_player, kernel_rate
from ramsch_core.errors import IllegalActionError
from ramsch_core.kernel import Kernel
from ramsch_core.kernel.tally import Tally
from ramsch_core.match import parse_table_options
from ramsch_core.phases.say import Pass
from ramsch_core.record import deal_record, load_record, replay_record, replay_summary
from ramsch_core.terminal.presenter import presenter_for
from tests import example_game
from tests.core.test_terminal_games import transcript
from tests.example_game.core import STICH
from tests.example_game.core.ai import CHEAP_HAND, announce, cheapest_card, play_setup
from tests.example_game.core.announce import Double
from tests.example_game.core.contract import StichScorer
from tests.example_game.core.terminal import StichPresenter
from tests.ui.helpers import act_randomly, custom_ids, items, make_table, texts_of_a_match

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
    """The kernel the AI plays out with, on the contract the deal played (the doubles' factor,
    ST-6), reaches the same trick winners, trick counts and scores as the API (ST-4, ST-5)."""
    expected = load(path.with_suffix(".expected.json"))
    rules, deal, actions = load_record(load(path))
    kernel = Kernel(rules, replay_record(load(path)).contract)
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
        texts = texts_of_a_match(make_table("strict", seed=5, game="stich"), random.Random(5))
    lines = {
        "en": ["Follow suit. Unable to follow, trump. Beat the trick when you can."],
        "de": ["Farbe bedienen. Wer nicht bedienen kann, muss trumpfen."],
    }
    assert all(line in brief for line in lines[language]), brief
    loser = {"en": "most points: loses", "de": "meiste Augen: verliert"}[language]
    assert any(loser in text for text in texts)
    assert not any(re.search(r"\bST-\d", text) for text in [brief, *texts])


def test_st6_each_seat_doubles_or_passes_once_before_the_play() -> None:
    """ST-6: with ``doubling`` the deal opens with the announcements, forehand first; a card is
    refused until every seat has spoken, "double" is refused in the play, and the contract
    played counts every score twice per double."""
    deal = Deal.from_seed(preset("doubling", game="stich"), 3)
    assert deal.phase == "announce" and deal.to_act == 0
    assert {str(action) for action in deal.legal_actions()} == {"double", "pass"}
    with pytest.raises(IllegalActionError):
        deal.apply(Play(deal.hand(0)[0]), 0)
    deal.apply(Double(), 0)
    deal.apply(Pass(), 1)
    assert deal.view(2).public.state.said == {0: "double", 1: "pass"}
    deal.apply(Double(), 2)
    assert deal.phase == "play" and deal.to_act == 0
    assert "double" not in {str(action) for action in deal.legal_actions()}
    with pytest.raises(IllegalActionError):
        deal.apply(Double(), 0)
    assert isinstance(deal.contract.scorer, StichScorer) and deal.contract.scorer.factor == 4
    plain = Deal.from_seed(preset("plain", game="stich"), 3)
    assert plain.phase == "play"


def test_st6_the_ai_doubles_a_cheap_hand_and_plays_the_doubled_contract() -> None:
    """ST-6: the AI's announcement doubles a hand of few card points and passes a rich one;
    in the play its kernel is the doubled contract's."""
    rules = preset("doubling", game="stich")
    kernel = Kernel(rules)
    for seed in range(40):
        deal = Deal.from_seed(rules, seed)
        points = sum(card.points for card in deal.hand(0))
        said = announce(kernel, deal.view(0))
        assert isinstance(said, Double if points <= CHEAP_HAND else Pass), (seed, points)
    deal = Deal.from_seed(rules, 1)
    for action in (Double(), Double(), Pass()):
        deal.apply(action, deal.to_act)  # type: ignore[arg-type]
    setup_kernel, declarer = play_setup(deal.view(0))
    assert declarer is None and setup_kernel.scorer.factor == 4  # type: ignore[attr-defined]
    assert HeuristicPlayer(seed=1, playouts=4).choose(deal.view(0)) in deal.legal_actions()


def test_st7_a_tie_opens_a_bock_round_at_a_table_that_chose_them() -> None:
    """ST-7: a deal in which every seat has the same points is a tie (not after one seat took
    every trick); the preset ``bock`` brings the table option that opens a Bock round on it,
    and so does a plain "Bock rounds: on" (its match options' ``BOCK_SWITCHES``)."""
    scorer = StichScorer()
    tied = Tally([40, 30, 40], [2, 2, 2], [3, 5, 4], [0, 0, 0], 6, 1, 10, 0, None)  # type: ignore[arg-type]
    assert scorer.events(scorer(tied), tied) == {"tie"}
    uneven = tied._replace(points=[50, 20, 40])
    assert scorer.events(scorer(uneven), uneven) == frozenset()
    rules = preset("bock", game="stich")
    options = parse_table_options(STICH.table_presets["bock"])
    assert options.rounds == 2
    assert "tie" in options.of_game(rules).bock_rounds(3).events
    switched = dict.fromkeys(STICH.match_options.BOCK_SWITCHES, True)
    assert parse_table_options(switched).of_game(rules).bock_rounds(3).events == {"tie"}


def test_st7_the_table_line_says_the_bock_round_after_a_tie() -> None:
    """ST-7 in the table's line (the renderer's ``match_lines``), in English and German."""
    rules = preset("bock", game="stich")
    chosen = parse_table_options(STICH.table_presets["bock"]).chosen
    assert match_lines(rules, chosen) == ["Bock round after a tie"]
    with i18n.using("de"):
        assert match_lines(rules, chosen) == ["Bockrunde nach einem Gleichstand"]
    assert match_lines(rules, {}) == []


def test_the_bench_plays_a_doubled_deal_through_the_kernel() -> None:
    """``Game.bench``: a seeded deal on the bench is the same each time, its scores a multiple
    of the undoubled ones' factor (every double doubles them, ST-6)."""
    rules = preset("doubling", game="stich")
    play = deal_player(rules)
    first = [play(random.Random(seed), None) for seed in range(20)]
    assert first == [play(random.Random(seed), None) for seed in range(20)]
    assert any(any(score % 2 == 1 for score in outcome.scores) for outcome in first), (
        "some deal without a double"
    )
    assert any(
        all(score % 4 == 0 for score in outcome.scores) and any(outcome.scores) for outcome in first
    )
    assert kernel_rate(rules, 20) > 0


@pytest.mark.parametrize("language", ["en", "de"])
def test_st6_the_bot_shows_the_announcements_with_their_own_buttons(language: str) -> None:
    """ST-6 in the bot: the seat to speak gets Double and Pass on one row (its own action
    kind in the button's id), the others a line saying whom they wait for; the table names who
    doubled and what every score counts; the result says the deal was doubled."""
    words = {
        "en": ("Double", "to double or pass", "is to double or pass", "counts ×2", "doubled"),
        "de": (
            "Doppelt",
            "doppelt sagt oder passt",
            "sagt doppelt oder passt",
            "zählt ×2",
            "verdoppelt",
        ),
    }[language]
    with i18n.using(language):
        table = make_table("doubling", seed=8, game="stich")
        match = table.match
        assert match is not None

        def user(seat: int | None) -> int:
            assert seat is not None
            user_id = table.seats[seat].user_id
            assert user_id is not None
            return user_id

        speaker, other = match.to_act, (match.to_act or 0) + 1
        hand = render_hand(table, user(speaker))
        shown = items(hand)
        labels = [item.label for item in shown if item.custom_id.endswith((":double", ":pass"))]
        assert labels[:1] == [words[0]] and len(labels) == 2, labels
        assert {item.row for item in shown if item.custom_id.endswith(":double")} == {1}
        assert all(item.disabled for item in shown if ":play:" in item.custom_id)
        assert "ramsch:a:42:0:double" in custom_ids(hand)
        assert words[1] in render_hand(table, user(other)).text()
        assert words[2] in render_table(table).text()
        match.apply(Double(), speaker)
        assert words[3] in render_table(table).text()
        match.apply(Pass(), match.to_act)
        match.apply(Pass(), match.to_act)
        assert not any(
            key.endswith(":double") for key in custom_ids(render_hand(table, user(other)))
        )
        playing = items(render_hand(table, user(match.to_act)))
        assert any(":play:" in item.custom_id and not item.disabled for item in playing)
        rng = random.Random(8)
        while len(match.finished_deals) == 0:
            act_randomly(table, rng)
        entry = match.finished_deals[0]
        assert entry.result.multiplier == 2
        assert words[4] in render_result(table, entry).text()


def test_st6_the_terminal_asks_for_the_announcement_and_says_the_doubles() -> None:
    """ST-6 at the terminal (the presenter's ``ask``, ``report`` and ``result``): the human is
    asked to double or pass, an AI's double is said aloud, and a doubled deal's result says
    what every score counts; no line about Ramsch (Jungfrau) in a Stich result."""
    text = "\n".join(transcript("stich", "doubling", 1))
    assert "Double the deal: double (d) or pass (p)?" in text
    assert re.search(r"AI \d says double!", text)
    assert "Doubled: every score x" in text
    assert "Jungfrau" not in text and "Durchmarsch" not in text
    assert text.count("Loses: ") == text.count(" over. Card points: ") == 3

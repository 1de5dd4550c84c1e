"""Issue 13: a finished deal replayed step by step (bot/ui/replay.py), for every registered game
from its golden records: every trick in order with every hand as it was, the steps before the
card play as they ended, the result; within Discord's limits in English and German."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot import i18n
from bot.ui import faces
from bot.ui.replay import (
    ReplayOf,
    Step,
    UnreplayableRecord,
    render_replay,
    replay_steps,
)
from bot.ui.replay_items import REPLAY_TEMPLATE, ReplayButton, replay_id
from ramsch_core import GAMES, Card, replay_record
from tests.ui.helpers import custom_ids, items, problems

DATA = Path(__file__).resolve().parents[1] / "data"
NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve")


def _records() -> dict[str, dict[str, Any]]:
    found = {}
    for path in sorted(DATA.rglob("*.json")):
        if path.name.endswith(".expected.json") or "legacy" in path.parts:
            continue
        record = json.loads(path.read_text())
        if replay_record(record).finished:
            found[str(path.relative_to(DATA))] = record
    return found


FINISHED = _records()
COVERED = {str(record["rules"].get("game", "ramsch")) for record in FINISHED.values()}


def replay_of(steps: list[Step], names: tuple[str, ...] = NAMES) -> ReplayOf:
    players = steps[0].public.players
    return ReplayOf(7, 1, names[:players], (False,) * (players - 1) + (True,))


def test_the_golden_records_cover_every_registered_game() -> None:
    assert set(GAMES) == COVERED
    assert len(FINISHED) > 40


@pytest.mark.parametrize("name", sorted(FINISHED))
def test_a_replay_is_every_trick_in_order_with_the_hands_as_they_were(name: str) -> None:
    record = FINISHED[name]
    deal = replay_record(record)
    result = deal.result
    assert result is not None
    steps = replay_steps(record)
    assert steps[0].kind == "dealt" and steps[-1].kind == "result"
    assert steps[-1].public.result == result
    dealt = [set(deal.initial_hand(seat)) for seat in range(deal.players)]
    assert [set(hand) for hand in steps[0].hands] == dealt
    tricks = [step for step in steps if step.kind == "trick"]
    assert [step.trick for step in tricks] == list(result.tricks)
    assert [step.number for step in tricks] == list(range(1, len(result.tricks) + 1))
    for step in tricks:
        assert step.trick is not None and len(step.public.tricks) == step.number
        # every card of the trick was in its player's hand when the trick began
        played = dict(zip(_turn(step), step.trick.cards, strict=False))
        for seat, card in played.items():
            assert card in step.hands[seat], (step.number, seat, card)
    phases = [step for step in steps if step.kind == "phase"]
    assert all(step.phase not in ("play", "finished") for step in phases)
    assert steps.index(tricks[0]) > steps.index(phases[-1]) if tricks and phases else True


def _turn(step: Step) -> list[int]:
    """The seats of a trick step's trick, in play order."""
    from bot.ui.games import play_order

    assert step.trick is not None
    order = play_order(step.public.rules, step.public)
    start = order.index(step.trick.leader)
    return [order[(start + i) % len(order)] for i in range(len(order))]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", sorted(FINISHED))
def test_every_step_renders_within_discords_limits(name: str, language: str) -> None:
    steps = replay_steps(FINISHED[name])
    of = replay_of(steps)
    with i18n.using(language):
        for index in range(len(steps)):
            shown = render_replay(of, steps, index)
            assert not problems(shown), (index, problems(shown))
            text = shown.text()
            assert "ramsch_core" not in text and "Traceback" not in text
            footer = "Schritt" if language == "de" else "Step"
            assert f"{footer} {index + 1} " in text
            assert ("Nachspielen" if language == "de" else "Replay") in text


def test_the_buttons_step_to_the_first_previous_next_and_last_step() -> None:
    steps = replay_steps(FINISHED["skat_augenramsch.json"])
    of = replay_of(steps)
    last = len(steps) - 1
    first = render_replay(of, steps, 0)
    assert custom_ids(first) == [
        replay_id(7, 1, 0, "first"),
        replay_id(7, 1, 0, "prev"),
        replay_id(7, 1, 1, "next"),
        replay_id(7, 1, last, "last"),
    ]
    assert [item.disabled for item in items(first)] == [True, True, False, False]
    middle = render_replay(of, steps, 4)
    assert [item.disabled for item in items(middle)] == [False, False, False, False]
    assert custom_ids(middle)[1:3] == [replay_id(7, 1, 3, "prev"), replay_id(7, 1, 5, "next")]
    end = render_replay(of, steps, last)
    assert [item.disabled for item in items(end)] == [False, False, True, True]
    for custom_id in custom_ids(middle):
        found = re.fullmatch(REPLAY_TEMPLATE, custom_id)
        assert found is not None
        button = asyncio.run(ReplayButton.from_custom_id(None, None, found))  # type: ignore[arg-type]
        assert (button.table_id, button.deal) == (7, 1)


def test_a_trick_shows_who_led_the_cards_the_winner_and_the_running_points() -> None:
    steps = replay_steps(FINISHED["skat_augenramsch.json"])
    with i18n.using("en"):
        text = render_replay(replay_of(steps), steps, 1).text()
    trick = steps[1].trick
    assert trick is not None and steps[1].kind == "trick"
    names = ["Alice", "Bob", "🤖 Carol"]
    assert f"**Trick 1** — {names[trick.leader]} leads" in text
    assert f"→ **{names[trick.winner]}** takes {trick.points}" in text
    assert f"**{names[trick.winner]}** {trick.points} card points, 1 trick" in text
    assert "Hands before trick 1" in text and "Skat: ♥K ♦7" in text


def test_the_steps_before_the_card_play_show_how_they_ended() -> None:
    with i18n.using("en"):
        steps = replay_steps(FINISHED["skat_schieberamsch_final_packet.json"])
        pushed = render_replay(replay_of(steps), steps, 1).text()
        assert "Alice passed the cards on" in pushed and "Bob passed the cards on" in pushed
        assert "is to push" not in pushed and "laid ♠Q ♥K" in pushed
        steps = replay_steps(FINISHED["skat/kontra_re_hearts_hand.json"])
        shown = [render_replay(replay_of(steps), steps, i).text() for i in range(4)]
        assert "Mittelhand Bob: 18" in shown[1] and " is to " not in shown[1]
        assert "takes the skat or plays Hand" not in shown[2] and "Herz Hand" in shown[2]
        assert "Kontra (Alice) · Re (🤖 Carol)" in shown[3]


def test_cards_are_shown_in_the_pack_of_the_game_or_of_the_reader() -> None:
    steps = replay_steps(FINISHED["schafkopf/sauspiel_won_with_3.json"])
    with i18n.using("de"):
        text = render_replay(replay_of(steps), steps, 0).text()
        assert "🌰" in text and "♣" not in text and "Blätter nach dem Geben" in text
    steps = replay_steps(FINISHED["skat_augenramsch.json"])
    with i18n.using("de"), faces.preferring(faces.Preference(pack="german")):
        text = render_replay(replay_of(steps), steps, 0).text()
    assert "🌰" in text and "♣" not in text


def test_the_result_step_shows_every_players_result() -> None:
    record = FINISHED["skat/grand_with_2_won.json"]
    steps = replay_steps(record)
    result = steps[-1].public.result
    assert result is not None
    with i18n.using("en"):
        text = render_replay(replay_of(steps), steps, len(steps) - 1).text()
    assert "**Result**" in text and text.count("card points") >= 3
    for seat in range(3):
        assert f"{result.card_points[seat]} card points" in text


def test_names_are_escaped() -> None:
    steps = replay_steps(FINISHED["skat_augenramsch.json"])
    of = ReplayOf(7, 0, ("<@123456789012345678>", "**Bob**", "@everyone"))
    text = render_replay(of, steps, 1).text()
    assert (
        "<@123456789012345678>" not in text
        and "@everyone" not in text
        and "\\*\\*Bob\\*\\*" in text
    )


def test_a_trick_step_carries_a_picture_of_the_trick_unless_the_reader_turned_them_off() -> None:
    steps = replay_steps(FINISHED["skat_augenramsch.json"])
    with i18n.using("en"):
        shown = render_replay(replay_of(steps), steps, 2)
        (picture,) = shown.pictures
        assert picture.data.startswith(b"\x89PNG") and picture.description.startswith("Trick 2:")
        assert shown.embeds[0].image.url == picture.url
        assert not render_replay(replay_of(steps), steps, 2, pictures=False).pictures
        assert not render_replay(replay_of(steps), steps, 0).pictures


@pytest.mark.parametrize(
    "change",
    [
        {"actions": []},  # not finished
        {"actions": "CA"},
        {"rules": {"game": "nonsense"}},
        {"seed": "x"},
        {"actions": [{"action": "play", "card": "XX"}]},
        {"actions": ["SA", "SA"]},
    ],
)
def test_records_that_do_not_replay_to_the_end_are_refused(change: dict[str, Any]) -> None:
    record = {**FINISHED["skat_augenramsch.json"], **change}
    with pytest.raises(UnreplayableRecord) as refused:
        replay_steps(record)
    assert refused.value.message == "This deal's record cannot be replayed"


def test_a_thrown_in_deal_is_dealt_bidding_and_result() -> None:
    steps = replay_steps(FINISHED["skat/all_pass_throw_in.json"])
    assert [step.kind for step in steps] == ["dealt", "phase", "result"]
    with i18n.using("en"):
        text = render_replay(replay_of(steps), steps, 2).text()
    assert "Cards left" in text  # nobody played a card
    assert Card.CJ in faces.cards_in(text) or Card.SJ in faces.cards_in(text)

"""Full Skat around the deals: AI seats playing every step, the turn timer and I'm back, the
rules editor with the Ramsch on all-pass, Bock rounds, Ramsch rounds and tournament points."""

from __future__ import annotations

import logging
import time

import pytest

from ramsch_core.games.skat import BOCK_SWITCHES
from tests.bot.helpers import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.driver import game_controls
from tests.e2e.durability_helpers import assert_standings_match
from tests.e2e.helpers import standings_lines
from tests.e2e.skat_driver import SkatGame, kind_of, result_text
from tests.e2e.test_config import select
from tests.e2e.test_lobby_rules import open_editor
from tests.emulator import Message

TIMEOUT = 120


async def sources(harness: Harness, game: SkatGame) -> list[tuple[int, str, str]]:
    return [
        (a.seat, a.source, a.action.kind)
        for a in await harness.store.tables.load_actions(game.table_id)
    ]


async def test_one_player_and_two_ais_play_a_whole_skat_session(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    """The AIs bid, take the skat or play Hand, lay away, declare, double and play; the human
    plays from the hand. Every step of an AI is the AI's own (no fallback move)."""
    alice = harness.emulator.add_user("Alice")
    game = SkatGame(harness, [alice], from_log=True)
    lobby = await game.open(rounds=2)
    for _ in range(2):
        await game.click(alice, lobby, "Add AI")
    with caplog.at_level(logging.WARNING, logger="bot"):
        await game.start()
        while not game.replay().finished:
            await game.auto_step()
        await harness.settle()
    assert not [r for r in caplog.records if "can't decide" in r.getMessage()]
    logged = await sources(harness, game)
    ai_kinds = {kind for seat, source, kind in logged if source == "ai"}
    assert {"pass", "play"} <= ai_kinds and ({"bid", "hold"} & ai_kinds)
    assert "declare" in {kind for _, _, kind in logged}
    match = game.replay()
    channel = harness.channel.current_messages()
    assert len([m for m in channel if ": result" in m.text]) == 6
    names = ["Alice", "AI 1", "AI 2"]
    standings = channel[-1].text
    assert "final standings" in standings
    positions = [standings.index(line) for line in standings_lines(names, match)]
    assert positions == sorted(positions), standings
    assert not any(game_controls(m) for m in channel)
    assert harness.emulator.errors == []


async def test_the_turn_timer_and_im_back_in_a_skat_deal(harness: Harness) -> None:
    """A player's turn runs out in the bidding and once more: the AI bids for them and then,
    while they are away, plays every step of theirs; I'm back on the hand returns the seat."""
    clock = FakeClock(time.time())
    harness.use_clock(clock)
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = SkatGame(harness, players, from_log=True)
    await game.open(rounds=2)
    await game.start()
    late = game.at(1)
    seat = players.index(late)
    assert game.on_turn()[0] is late
    clock.advance(TIMEOUT)
    await harness.service.timers.tick()
    await harness.settle()
    await game.read_log()
    assert (await sources(harness, game))[-1][:2] == (seat, "timeout")
    notes = [m.text for m in harness.channel.current_messages()]
    assert f"{late.name} ran out of time: the AI played for them" in notes
    while game.on_turn()[0] is not late:
        await game.auto_step()
    clock.advance(TIMEOUT)
    await harness.service.timers.tick()
    await harness.settle()
    await game.read_log()
    table = harness.service.tables.get(game.table_id)
    assert table.seats[seat].away
    assert "I'm back" in {b.get("label") for b in game.table_message().buttons()}
    # the others play on; the AI plays every step of the away seat until three deals are over
    while len(game.replay().finished_deals) < 3:
        await game.auto_step()
    steps = {kind for s, source, kind in await sources(harness, game) if source == "away"}
    assert steps and steps <= {"bid", "hold", "pass", "pickup", "discard", "declare", "play",
                               "kontra", "re", "push", "pick_up", "pass_on"}  # fmt: skip
    assert "play" in steps
    hand = game.hand_message(late)
    assert hand is not None and "You are away" in hand.text
    await game.click(late, hand, "I'm back")
    assert not harness.service.tables.get(game.table_id).seats[seat].away
    assert "You are away" not in (game.hand_message(late) or hand).text
    assert harness.emulator.errors == []


async def test_the_editor_sets_the_ramsch_on_all_pass_and_the_table_options(
    harness: Harness,
) -> None:
    """The host turns to the page of the Ramsch played when everyone passes, changes it, goes
    back and switches on Bock rounds, Ramsch rounds and tournament scoring."""
    alice = harness.emulator.add_user("Alice")
    game = SkatGame(harness, [alice], from_log=True)
    lobby = await game.open()
    editor = await open_editor(game, alice)
    assert "Ramsch when everyone passes…" in {b.get("label") for b in editor.buttons()}
    await game.click(alice, editor, "ramsch:rs:t1:ramsch")
    assert "Ramsch when everyone passes" in editor.text
    await select(alice, editor, "ramsch:r:t1", "ramsch__skat_to", ["loser"])
    await select(alice, editor, "ramsch:r:t1", "ramsch__toggles",
                 ["ramsch__schieben", "ramsch__durchmarsch"])  # fmt: skip
    assert "Ramsch when everyone passes" in editor.text  # still on the page
    assert "The skat's points go to the player with the most points." in lobby.text
    assert "Skat · Schieberamsch" in lobby.text
    await (await alice.click(editor, "ramsch:rn:t1:ramsch")).wait_response()
    await (await alice.submit_modal({"ramsch__stake": "20"})).wait_response()
    await game.click(alice, editor, "ramsch:rs:t1")
    await select(alice, editor, "ramsch:r:t1", "toggles",
                 ["kontra", "bock_on_re", "ramsch_after_bock", "tournament"])  # fmt: skip
    await select(alice, editor, "ramsch:r:t1", "all_pass", ["ramsch"])
    table = harness.service.tables.get(game.table_id)
    assert table.rules.model_dump()["ramsch"]["skat_to"] == "loser"
    assert table.rules.model_dump()["ramsch"]["stake"] == 20
    options = table.options
    assert options.bock_on_re and options.ramsch_after_bock and options.tournament
    assert "Bock round after Kontra and Re" in lobby.text and "tournament scoring" in lobby.text
    assert harness.emulator.errors == []


async def bock_table(harness: Harness) -> SkatGame:
    """A table of three whose host switched on a Bock round after Kontra and Re, a round of
    Ramsch after it, and tournament scoring."""
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = SkatGame(harness, players)
    await game.open(rounds=3)
    editor = await open_editor(game, players[0])
    await select(players[0], editor, "ramsch:r:t1", "toggles",
                 ["kontra", "bock_on_re", "ramsch_after_bock", "tournament"])  # fmt: skip
    await game.start()
    return game


async def test_bock_rounds_ramsch_rounds_and_tournament_points(harness: Harness) -> None:
    """Kontra and Re open a Bock round (three deals count double), a round of Ramsch follows
    it; tournament points add 50 to a won game, take 50 from a lost one and give each
    opponent of a lost game 40."""
    game = await bock_table(harness)
    mittel = game.at(1)
    await game.press("bid", "18", user=mittel)
    await game.press("pass")
    await game.press("pass")
    await game.press("declare", "grand", user=mittel)
    result = await game.play_out(kontra=True, re=True)
    details = result.details
    assert details is not None and details["kontra"] == 2
    entry = game.replay().finished_deals[0]
    declarer = entry.seats[details["declarer"]]
    value = details["value"]
    expected = value + 50 if details["won"] else -2 * value - 50
    assert entry.table_scores[declarer] == expected
    if not details["won"]:
        assert sorted(entry.table_scores)[1:] == [40, 40]
    table = game.table_message()
    assert "· Bock" in table.text and "**Bock:** this deal counts double" in table.text
    for number in (1, 2, 3):
        await game.auto_deal()
        assert "Bock: counts double" in result_text(game, number)
    for number in (4, 5, 6):
        assert "**Ramsch**: a round of Ramsch after the Bock round" in game.table_message().text
        bids = [c for c in game.on_turn()[2] if kind_of(c)[0] in ("bid", "pass")]
        assert not bids  # no bidding in a deal of the Ramsch round
        result = await game.auto_deal()
        assert result.contract == "ramsch"
        assert "Ramsch round after a Bock round" in result_text(game, number)
    while not game.replay().finished:
        await game.auto_deal()
    assert_standings_match(game, game.replay())
    standings: Message = harness.channel.current_messages()[-1]
    assert "of them Bock (counted double)" in standings.text
    assert harness.emulator.errors == []


@pytest.mark.parametrize(
    ("preset", "options", "on"),
    [
        ("skat-tournament", {}, {"tournament"}),
        ("skat-bock", {}, {*BOCK_SWITCHES, "ramsch_after_bock"}),
        ("skat", {"options": "bock=yes"}, set(BOCK_SWITCHES)),
        ("skat", {}, set()),
    ],
)
async def test_a_skat_preset_or_the_bock_option_opens_the_table_it_names(
    harness: Harness, preset: str, options: dict[str, str], on: set[str]
) -> None:
    """FS-13/FS-14 from `/ramsch new`: the tournament list and the Bock preset bring their
    table options, and the option `bock=yes` at a Skat table switches on every Bock event."""
    alice = harness.emulator.add_user("Alice")
    game = SkatGame(harness, [alice])
    game.preset_name = preset
    lobby = await game.open(**options)
    table = harness.service.tables.get(game.table_id)
    switches = {name for name, value in table.options.model_dump().items() if value is True}
    assert switches == on
    if "tournament" in on:
        assert "tournament scoring" in lobby.text
    assert harness.emulator.errors == []

"""Clicks on a Hochzeit's and a Ramsen cut's choice buttons that are not the player's to make
(SF-16, RA-8): by another seat, by a stranger, and stale after the choice was made. Each gets
one clear sentence only its clicker sees, and nothing changes: no action is logged, no
message of the table is edited or posted, the deal waits for the same seat."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.ui import ids
from ramsch_core import Card, Deal
from ramsch_core.games.schafkopf import FullSchafkopfRules
from ramsch_core.match import deal_seed
from tests.e2e.conftest import FIRST_SEED, Harness
from tests.e2e.driver import logged
from tests.e2e.ramsen_driver import RamsenGame
from tests.e2e.schafkopf_driver import SchafkopfGame
from tests.e2e.skat_driver import SkatGame, choice_arg
from tests.emulator import InteractionHandle, Message, MessageVersion, SimUser

NAMES = ("Alice", "Bob", "Carol", "Dora")
HOCHZEIT_DEAL = [
    "DQ CA CT CK SA ST DA DT",
    "CQ SQ HQ CJ HA SK S9 D9",
    "HT SJ HJ HK C9 C8 S8 D8",
    "DJ H9 H8 H7 C7 S7 DK D7",
]
"""Forehand holds one trump, the Schellen-Ober (tests/data/schafkopf/hochzeit_*.json)."""


def what_is_shown(game: SkatGame) -> tuple[Any, ...]:
    """Everything a refused click must leave alone: the actions logged, the seat to act and
    the phase, and every message of the channel and of the players' DMs, each with its
    versions."""
    deal = game.replay().deal
    messages = list(game.h.channel.messages)
    messages += [dm for user in game.players for dm in user.dms()]
    return (
        logged(game),
        deal.to_act,
        deal.phase,
        [(message.id, len(message.versions), message.text) for message in messages],
    )


async def refused(
    game: SkatGame,
    user: SimUser,
    message: Message | MessageVersion,
    custom_id: str,
    values: list[str] | None = None,
    *,
    stale: bool = False,
) -> str:
    """``user`` clicks ``custom_id`` on ``message`` — forged, or with ``stale`` on the old
    version of the message that showed it — and is refused: one sentence, ephemeral; the
    table is as before. The sentence."""
    before = what_is_shown(game)
    handle: InteractionHandle
    if not stale:
        handle = await user.click_custom_id(message, custom_id, values=values)
    elif values is None:
        handle = await user.click(message, custom_id)
    else:
        handle = await user.select(message, custom_id, values)
    await handle.wait_ack()
    await game.h.settle()
    answers = handle.messages
    assert len(answers) == 1 and answers[0].ephemeral, [m.text for m in answers]
    text = answers[0].text
    assert text and "\n" not in text and ". " not in text.rstrip("."), text
    assert not re.search(r"\b(SF|RA)-\d|Traceback|Error\b", text), text
    assert what_is_shown(game) == before, f"{user.name}'s refused click changed the table"
    return text


@pytest.fixture
def hochzeit_dealt(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first deal of the next table is ``HOCHZEIT_DEAL``."""
    original = FullSchafkopfRules.deal_from_seed
    first_seed = deal_seed(FIRST_SEED + len(harness.seeds), 0)

    def dealt(self: FullSchafkopfRules, seed: int, carry: Any = None) -> Deal:
        if seed == first_seed:
            return Deal(self, [[Card.parse(c) for c in hand.split()] for hand in HOCHZEIT_DEAL])
        return original(self, seed, carry)

    monkeypatch.setattr(FullSchafkopfRules, "deal_from_seed", dealt)


async def test_hochzeit_buttons_of_another_seat_a_stranger_and_stale_ones_are_refused(
    harness: Harness, hochzeit_dealt: None
) -> None:
    """SF-16: while the seat after the offerer is asked, Accept forged by the seat after him
    and by a stranger; once he accepted, his old Accept, and the card to give forged by
    another seat, by a stranger, and a trump forged by himself; once he gave, his old select
    and his Accept again: each refused in one sentence, nothing changed."""
    players = [harness.emulator.add_user(name) for name in NAMES]
    stranger = harness.emulator.add_user("Mallory")
    game = SchafkopfGame(harness, players)
    await game.open(rounds=1, options="hochzeit=ja")
    await game.start()
    await game.press("call", "hochzeit")
    await game.call_round(None, None, None)
    offerer, asked, next_seat = game.at(0), game.at(1), game.at(2)
    table = game.table_id
    accept, give = ids.action_id(table, 0, "accept"), ids.action_id(table, 0, "give")
    waiting = f"It's not your turn: waiting for {asked.name}"
    assert "accept" in game.kinds(asked) and not game.kinds(next_seat)
    next_hand = game.hand_message(next_seat)
    assert next_hand is not None
    assert await refused(game, next_seat, next_hand, accept) == waiting
    not_playing = "You are not playing at this table"
    assert await refused(game, stranger, game.table_message(), accept) == not_playing

    asked_hand = game.hand_message(asked)
    assert asked_hand is not None
    before_accepting = asked_hand.snapshot()
    await game.press("accept", user=asked)
    assert game.contest().partner == game.replay().deal_seat(game.players.index(asked))
    assert await refused(game, asked, before_accepting, accept, stale=True) == (
        "You accepted the Hochzeit: give a card that is not a trump"
    )
    assert await refused(game, next_seat, next_hand, give, ["S8"]) == waiting
    assert await refused(game, stranger, game.table_message(), give, ["D9"]) == not_playing
    assert await refused(game, asked, asked_hand, give, ["CQ"]) == (
        "A trump cannot be given for the Hochzeit: give a card that is not a trump"
    )
    assert await refused(game, asked, asked_hand, give, ["DA"]) == "You do not hold 🔔A"

    before_giving = asked_hand.snapshot()
    await game.press("give", "D9", user=asked)
    assert Card.parse("DQ") in game.replay().deal.hand(1)
    leading = f"It's not your turn: waiting for {offerer.name}"
    assert await refused(game, asked, before_giving, give, ["S9"], stale=True) == leading
    assert await refused(game, asked, asked_hand, accept) == leading
    await game.play_out()
    assert harness.emulator.errors == []


async def test_schlecken_buttons_of_another_seat_a_stranger_and_stale_ones_are_refused(
    harness: Harness,
) -> None:
    """RA-8 with ``schlecken: "choice"``: before the cutter chooses, Keep and Leave forged by
    another seat and by a stranger; once he kept the card, his old Leave and Keep: each
    refused in one sentence, nothing changed; the deal goes on from his choice."""
    players = [harness.emulator.add_user(name) for name in NAMES]
    stranger = harness.emulator.add_user("Mallory")
    game = RamsenGame(harness, players)
    await game.open(seats=4)
    await game.start()
    assert game.replay().deal.phase == "schlecken"
    cutter, forehand = game.at(2), game.at(0)
    table = game.table_id
    keep, leave = ids.action_id(table, 0, "schleck"), ids.action_id(table, 0, "no_schleck")
    forehand_hand = game.hand_message(forehand)
    assert forehand_hand is not None
    waiting = f"It's not your turn: waiting for {cutter.name}"
    assert await refused(game, forehand, forehand_hand, leave) == waiting
    dealer_hand = game.hand_message(game.at(3))
    assert dealer_hand is not None
    assert await refused(game, game.at(3), dealer_hand, keep) == waiting
    not_playing = "You are not playing at this table"
    assert await refused(game, stranger, game.table_message(), keep) == not_playing
    assert await refused(game, stranger, game.table_message(), leave) == not_playing

    cutter_hand = game.hand_message(cutter)
    assert cutter_hand is not None
    choosing = cutter_hand.snapshot()
    await game.press("schleck", user=cutter)
    assert game.state().schleck_seat == 2
    after = f"It's not your turn: waiting for {forehand.name}"
    assert await refused(game, cutter, choosing, leave, stale=True) == after
    assert await refused(game, cutter, choosing, keep, stale=True) == after
    assert game.state().schleck_seat == 2 and game.replay().deal.phase != "schlecken"
    await game.auto_deal()
    assert harness.emulator.errors == []


async def test_a_hochzeit_nobody_accepts_at_a_stock_table_leaves_the_dealer_his_choice(
    harness: Harness, hochzeit_dealt: None
) -> None:
    """SF-16, SK-9: at a Stock table forehand offers a Hochzeit and nobody accepts. The
    dealer, whose Ramsch the offer took away, gets his word again: a call menu of the Ramsch
    alone and Weiter; a Solo forged on his hand is refused. He says Weiter: a Stock,
    everyone antes into the pot the table shows."""
    players = [harness.emulator.add_user(name) for name in NAMES]
    game = SchafkopfGame(harness, players, "schafkopf-stock")
    await game.open(rounds=1, options="hochzeit=ja")
    await game.start()
    await game.press("call", "hochzeit")
    dealer = game.at(3)
    dealer_hand = game.hand_message(dealer)
    assert dealer_hand is not None
    await game.call_round(None, None)
    calls = {str(choice_arg(c)) for c in game.kinds(dealer).get("call", [])}
    assert "ramsch" not in calls and "solo_H" in calls  # the offer stands: no Ramsch now
    await game.press("pass", user=dealer)
    await game.call_round(None, None, None)  # the offer: nobody accepts
    assert game.replay().deal.phase == "calling" and game.on_turn()[0] is dealer
    assert [str(choice_arg(c)) for c in game.kinds(dealer)["call"]] == ["ramsch"]
    assert "nobody accepted the Hochzeit: choose **Ramsch**" in game.hand_text(dealer)
    call = ids.action_id(game.table_id, 0, "call")
    assert await refused(game, dealer, dealer_hand, call, ["solo_H"]) == (
        "Nobody accepted the Hochzeit: choose a Ramsch, or pass to leave a Stock"
    )
    await game.press("pass", user=dealer)
    match = game.replay()
    assert match.finished_deals[0].result.contract == "passed" and match.carry == 40
    assert "**Stock:** 40¢ in the pot" in game.table_message().text
    assert harness.emulator.errors == []

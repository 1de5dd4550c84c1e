"""Issue 31: a member who is not seated takes over an AI seat between two deals of a Ramsch
match with the host's OK, plays on, and the rating credits him with the seat."""

from __future__ import annotations

from bot.ui import ids
from tests.e2e.conftest import Harness
from tests.e2e.driver import answer
from tests.e2e.helpers import ai_table


async def test_a_member_takes_over_an_ai_seat_between_deals_and_is_rated(
    harness: Harness,
) -> None:
    alice = harness.emulator.add_user("Alice")
    bob = harness.emulator.add_user("Bob")
    game = await ai_table(harness, alice, ais=2, rounds=1)
    await game.start()
    await game.step()  # the first deal is on
    table = game.table_message()
    assert ids.sit_id(game.table_id) in [b["custom_id"] for b in table.buttons()]

    seated = await game.click(alice, table, ids.sit_id(game.table_id))
    assert game.refusals(seated) == ["You already have a seat at this table"]

    choice = await game.click(bob, table, ids.sit_id(game.table_id))
    (offer,) = [m for m in choice.messages if m.ephemeral]
    assert [b.get("label") for b in offer.buttons()] == ["Seat 2: AI 1", "Seat 3: AI 2"]
    asked = await game.click(bob, offer, ids.sit_id(game.table_id, 1))
    assert not game.refusals(asked)
    (request,) = [m for m in harness.channel.current_messages() if "asks to take over" in m.text]
    assert f"<@{alice.id}>" in request.text and "seat 2 (AI 1)" in request.text

    stranger = await game.click(bob, request, ids.seat_answer_id(game.table_id, 0, True))
    assert game.refusals(stranger) == ["Only the host can say who takes over a seat"]
    twice = await game.click(bob, offer, ids.sit_id(game.table_id, 2))
    assert game.refusals(twice) == ["You have asked for a seat already: the host has to answer"]

    asked_shown = request.snapshot()
    ok = await game.click(alice, request, ids.seat_answer_id(game.table_id, 0, True))
    assert not game.refusals(ok)
    assert "from the next deal on" in request.text and not request.buttons()
    stale = await game.click(alice, asked_shown, ids.seat_answer_id(game.table_id, 0, False))
    assert game.refusals(stale) == ["That request was answered already"]
    assert game.hand_message(bob) is None  # not during the deal he did not start

    await game.play_deal()
    await harness.settle()
    game.players.append(bob)  # seat 1 from now on
    channel = harness.channel.current_messages()
    assert any("Bob takes over the seat of AI 1" in v.text for m in channel for v in m.versions)
    assert "Bob" in game.table_message().text
    while not game.replay().finished:
        await game.step()
    await harness.settle()
    logged = await harness.store.tables.load_actions(game.table_id)
    assert any(a.seat == 1 and a.user_id == bob.id and a.source == "human" for a in logged)
    await harness.store.ratings.rate_finished_matches()
    rated = await harness.store.db.execute_fetchall(
        "SELECT seat, user_id, ai FROM rating_changes WHERE table_id = ? ORDER BY seat",
        (game.table_id,),
    )
    assert [tuple(row) for row in rated] == [
        (0, alice.id, None),
        (1, bob.id, None),
        (2, None, "heuristic"),
    ]
    # Each deal names whoever played the seat in it: AI 1 the first, Bob the second.
    (first,) = await answer(bob, harness.channel, "ramsch replay", table=game.table_id, deal=1)
    assert "🤖 AI 1" in first.text and "Bob" not in first.text, first.text
    (second,) = await answer(bob, harness.channel, "ramsch replay", table=game.table_id, deal=2)
    assert "Bob" in second.text and "AI 1" not in second.text, second.text
    (history,) = await answer(bob, harness.channel, "ramsch history")
    assert f"#{game.table_id}" in history.text and "Bob" in history.text
    assert harness.emulator.errors == []

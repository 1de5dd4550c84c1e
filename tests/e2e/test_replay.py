"""Issue 13: `/ramsch replay` steps through a finished deal privately, trick by trick, with every
hand; from the command, the history's select and the Replay button under a deal's result. Stale,
foreign and forged clicks and numbers out of range are refused clearly and change nothing."""

from __future__ import annotations

from typing import Any

from ramsch_core import Match
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, answer
from tests.e2e.helpers import played_session
from tests.emulator import Message, SimUser
from tests.emulator.interactions import APPLICATION_COMMAND

NAMES = ["Alice", "🤖 AI 1", "🤖 AI 2"]


def trick_lines(match: Match, number: int) -> list[str]:
    """What each trick step of deal ``number`` (0-based) must say: who led, who took it."""
    entry = match.finished_deals[number]
    names = [NAMES[seat] for seat in entry.seats]
    return [
        f"**Trick {index}** — {names[trick.leader]} leads\nTrick {index}: "
        for index, trick in enumerate(entry.result.tricks, start=1)
    ] + [f"→ **{names[trick.winner]}** takes {trick.points}\n" for trick in entry.result.tricks]


def step_of(message: Message) -> tuple[int, int]:
    """``(step, steps)`` from a replay's footer."""
    footer = message.text.split("Step ")[-1]
    step, _, rest = footer.partition(" of ")
    return int(step), int(rest.split()[0])


async def press(user: SimUser, message: Message, label: str) -> None:
    handle = await user.click(message, label)
    shown = await handle.wait_response()
    assert shown == [message], [m.text for m in shown]


async def test_a_deal_is_replayed_step_by_step_to_its_result(harness: Harness) -> None:
    alice, bob = harness.emulator.add_user("Alice"), harness.emulator.add_user("Bob")
    game = await played_session(harness, alice)
    match = game.replay()
    (shown,) = await answer(alice, harness.channel, "ramsch replay")  # the latest deal
    assert shown.ephemeral and alice.can_see(shown) and not bob.can_see(shown)
    assert "Replay — Ramsch #1, deal 3" in shown.text
    assert step_of(shown)[0] == 1 and "Hands as dealt" in shown.text
    steps = step_of(shown)[1]
    entry = match.finished_deals[2]
    assert steps == len(entry.result.tricks) + 2  # dealt, the tricks, the result
    assert {b["label"]: bool(b.get("disabled")) for b in shown.buttons()} == {
        "⏮": True, "◀": True, "▶": False, "⏭": False,
    }  # fmt: skip
    texts = [shown.text]
    for _ in range(steps - 1):
        await press(alice, shown, "▶")
        texts.append(shown.text)
    assert [step_of(shown)] == [(steps, steps)]
    everything = "\n".join(texts)
    for line in trick_lines(match, 2):
        assert line in everything, line
    assert "**Result**" in texts[-1] and "Hands" not in texts[-1]
    names = [NAMES[seat] for seat in entry.seats]
    for seat, name in enumerate(names):
        points = entry.result.card_points[seat]
        assert f"**{name}**" in texts[-1] and f": {points} card points" in texts[-1]
    assert not shown.attachments  # the result step has no trick picture
    await press(alice, shown, "◀")
    assert step_of(shown) == (steps - 1, steps) and len(shown.attachments) == 1
    await press(alice, shown, "⏮")
    assert shown.text == texts[0] and not shown.attachments
    await press(alice, shown, "⏭")
    assert shown.text == texts[-1]
    await harness.restart()  # the buttons hold all they need
    await press(alice, shown, "⏮")
    assert shown.text == texts[0]


async def test_a_replay_from_the_command_the_history_and_a_result(harness: Harness) -> None:
    alice, bob = harness.emulator.add_user("Alice"), harness.emulator.add_user("Bob")
    game = await played_session(harness, alice)
    match = game.replay()
    (second,) = await answer(alice, harness.channel, "ramsch replay", table=1, deal=2)
    assert "Ramsch #1, deal 2" in second.text
    await press(alice, second, "▶")
    assert trick_lines(match, 1)[0] in second.text
    (history,) = await answer(alice, harness.channel, "ramsch history")
    handle = await alice.select(history, "ramsch:rps", ["1:0"])
    (first,) = [m for m in await handle.wait_response() if m is not history]
    assert first.ephemeral and "Ramsch #1, deal 1" in first.text and "Step 1 of" in first.text
    results = [m for m in harness.channel.current_messages() if ": result" in m.text]
    handle = await bob.click(results[2], "ramsch:rp:1:2:0:open")  # anyone on the server
    (private,) = await handle.wait_response()
    assert private.ephemeral and bob.can_see(private) and not alice.can_see(private)
    assert "Ramsch #1, deal 3" in private.text
    await press(bob, private, "▶")
    assert trick_lines(match, 2)[0] in private.text
    hans = harness.emulator.add_user("Hans", locale="de")
    handle = await hans.click(results[0], "ramsch:rp:1:0:0:open")
    (german,) = await handle.wait_response()
    assert "Nachspielen — Ramsch #1, Spiel 1" in german.text and "Schritt 1 von" in german.text
    assert "Blätter nach dem Geben" in german.text
    assert harness.emulator.errors == []


async def forged_click(user: SimUser, message: Message, custom_id: str) -> list[str]:
    """A click on a component the message never showed (a forged or stale id)."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
    handle = await user._component_interaction(message, data, f"forged {custom_id}")
    return [m.text for m in await handle.wait_response() if m is not message]


async def forged_select(user: SimUser, message: Message, custom_id: str, value: str) -> list[str]:
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3, "values": [value]}
    handle = await user._component_interaction(message, data, f"forged {custom_id}")
    return [m.text for m in await handle.wait_response() if m is not message]


async def forged_command(user: SimUser, harness: Harness, sub: str, **options: Any) -> list[str]:
    """`/ramsch <sub>` with option values no Discord client would send (out of its range)."""
    registered = harness.emulator.find_command("ramsch", harness.guild)
    assert registered is not None
    data = {
        "id": registered["id"],
        "name": "ramsch",
        "type": 1,
        "options": [
            {
                "type": 1,
                "name": sub,
                "options": [
                    {"name": name, "type": 4, "value": value} for name, value in options.items()
                ],
            }
        ],
        "guild_id": registered.get("guild_id"),
    }
    handle = user._handle(APPLICATION_COMMAND, harness.channel, data, f"forged /ramsch {sub}")
    await harness.emulator.dispatch_interaction(handle)
    return [m.text for m in await handle.wait_response()]


async def test_stale_foreign_and_forged_replays_are_refused(harness: Harness) -> None:
    alice, carol = harness.emulator.add_user("Alice"), harness.emulator.add_user("Carol")
    await played_session(harness, alice)
    (nothing,) = await answer(carol, harness.channel, "ramsch replay")
    assert nothing.text == "You have no finished deal on this server to replay"
    for options, refusal in (
        ({"table": 99}, "Table #99 has no finished deal"),
        ({"table": 1, "deal": 4}, "Table #1 has no finished deal 4"),
    ):
        (refused,) = await answer(alice, harness.channel, "ramsch replay", **options)
        assert refused.ephemeral and refused.text == refusal
    (shown,) = await answer(alice, harness.channel, "ramsch replay", table=1, deal=1)
    before = shown.text
    steps = f"This replay has {step_of(shown)[1]} steps: start it again with /ramsch replay"
    assert await forged_click(alice, shown, "ramsch:rp:1:0:999:next") == [steps]
    assert await forged_click(alice, shown, "ramsch:rp:1:7:0:next") == [
        "Table #1 has no finished deal 8"
    ]
    huge = "9" * 20
    assert await forged_click(alice, shown, f"ramsch:rp:{huge}:0:0:next") == [
        "Table numbers run from 1 to 2147483647"
    ]
    assert await forged_select(alice, shown, "ramsch:rps", f"{huge}:0") == [
        "Table numbers run from 1 to 2147483647"
    ]
    assert await forged_select(alice, shown, "ramsch:rps", "one:two") == [
        "Pick one of the deals in the list"
    ]
    assert shown.text == before  # nothing changed
    # a member of another server, with a click forged from this server's ids
    other = harness.emulator.add_guild("Other Club", channels=("other",))
    mallory = harness.emulator.add_user("Mallory", guilds=(other,))
    posted = await mallory.say(other.channels[0], "hello")
    assert await forged_click(mallory, posted, "ramsch:rp:1:0:0:open") == [
        "Table #1 has no finished deal 1"
    ]
    assert await forged_select(mallory, posted, "ramsch:rps", "1:0") == [
        "Table #1 has no finished deal 1"
    ]
    assert harness.emulator.errors == []


async def test_record_and_replay_refuse_numbers_out_of_range(harness: Harness) -> None:
    """Discord's clients keep to the options' bounds; a forged request does not."""
    alice = harness.emulator.add_user("Alice")
    await played_session(harness, alice)
    too_big = 10**30
    assert await forged_command(alice, harness, "record", table=too_big, deal=1) == [
        "Table numbers run from 1 to 2147483647"
    ]
    assert await forged_command(alice, harness, "record", table=1, deal=too_big) == [
        "Deals are numbered from 1 to 200"
    ]
    assert await forged_command(alice, harness, "record", table=-5, deal=1) == [
        "Table numbers run from 1 to 2147483647"
    ]
    assert await forged_command(alice, harness, "replay", table=too_big) == [
        "Table numbers run from 1 to 2147483647"
    ]
    assert await forged_command(alice, harness, "replay", table=1, deal=0) == [
        "Deals are numbered from 1 to 200"
    ]
    (history,) = await answer(alice, harness.channel, "ramsch history")
    assert await forged_select(alice, history, "ramsch:rec", f"{too_big}:0") == [
        "Table numbers run from 1 to 2147483647"
    ]
    assert await forged_click(alice, history, f"ramsch:rr:{'9' * 20}:0") == [
        "Table numbers run from 1 to 2147483647"
    ]
    assert harness.emulator.errors == []


async def test_a_deal_of_full_skat_is_replayed_with_its_bidding(harness: Harness) -> None:
    """The replay is the same for every game: full Skat with the bidding and the skat."""
    alice = harness.emulator.add_user("Alice")
    game = Game(harness, [alice], "skat", from_log=True, game_id="skat")
    lobby = await game.open(rounds=1)
    for _ in range(2):
        await (await game.click(alice, lobby, "Add AI")).wait_response()
    await game.start()
    while not game.replay().finished_deals:
        await game.step()
    await harness.settle()
    entry = game.replay().finished_deals[0]
    (shown,) = await answer(alice, harness.channel, "ramsch replay", table=1, deal=1)
    assert "Replay — Skat #1, deal 1" in shown.text
    texts = [shown.text]
    while step_of(shown)[0] < step_of(shown)[1]:
        await press(alice, shown, "▶")
        texts.append(shown.text)
    assert "Reizen (bidding)" in texts[1] and "**Result**" in texts[-1]
    tricks = [text for text in texts if "**Trick " in text]
    assert len(tricks) == len(entry.result.tricks)
    assert harness.emulator.errors == []

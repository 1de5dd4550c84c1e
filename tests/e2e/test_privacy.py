"""Issue 13: `/ramsch forget-me` as a player uses it — refused at a running table, asked
before it is done, only for the one who asked, and afterwards nothing in the database names
him while the others keep their games."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from bot.storage import FORGOTTEN
from bot.ui import ids
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, answer
from tests.emulator import SimUser
from tests.pg import dump_postgres


async def two_player_table(harness: Harness, alice: SimUser, bob: SimUser) -> Game:
    """Alice hosts, Bob joins, one AI seat; started."""
    game = Game(harness, [alice, bob], "skat", from_log=True)
    lobby = await game.open(rounds=1)
    for user, key in ((bob, "join"), (alice, "addai"), (alice, "start")):
        handle = await game.click(user, lobby, ids.lobby_id(game.table_id, key))  # type: ignore[arg-type]
        assert not game.refusals(handle), game.refusals(handle)
    return game


def mentions(db: Path, user_id: int, name: str) -> list[str]:
    """Rows of the database that still hold the user's id or name."""
    found = []
    if isinstance(db, str):  # a PostgreSQL database (RAMSCH_TEST_BACKEND)
        for table, rows in dump_postgres(db).items():
            for row in rows:
                for value in row:
                    if value == user_id or (
                        isinstance(value, str) and (str(user_id) in value or name in value)
                    ):
                        found.append(f"{table}: {row}")
        return found
    with closing(sqlite3.connect(db)) as conn:
        tables = [row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
        )]  # fmt: skip
        for table in tables:
            for row in conn.execute(f'SELECT * FROM "{table}"'):
                for value in row:
                    if value == user_id or (
                        isinstance(value, str) and (str(user_id) in value or name in value)
                    ):
                        found.append(f"{table}: {row}")
    return found


async def test_forget_me_is_refused_at_the_table_then_asked_and_done(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    bob = harness.emulator.add_user("Bob")
    game = await two_player_table(harness, alice, bob)
    await game.step()
    (refusal,) = await answer(alice, harness.channel, "ramsch forget-me")
    assert refusal.ephemeral and not refusal.components
    assert refusal.text == f"You are at table #{game.table_id}: leave or finish your table first."
    while not game.replay().finished:
        await game.step()
    await harness.settle()
    assert mentions(harness.db, alice.id, "Alice")

    # Asked first: Cancel keeps everything.
    (asked,) = await answer(alice, harness.channel, "ramsch forget-me")
    assert asked.ephemeral and "Forget me?" in asked.text
    labels = [button.get("label") for button in asked.buttons()]
    assert labels == ["Forget me", "Cancel"]
    assert asked.buttons()[0]["style"] == 4  # danger: red
    handle = await alice.click(asked, "Cancel")
    await handle.wait_ack()
    assert "Nothing was forgotten" in asked.text and not asked.buttons()
    assert mentions(harness.db, alice.id, "Alice")

    # Someone else's forged click changes nothing.
    (posted,) = [m for m in harness.channel.current_messages() if m.buttons()][:1]
    handle = await bob.click_custom_id(posted, f"ramsch:fm:{alice.id}:yes")
    shown = await handle.wait_response()
    assert [m.text for m in shown if m.ephemeral] == [
        "This button is not for you: use /ramsch forget-me yourself"
    ]
    assert mentions(harness.db, alice.id, "Alice")

    (asked,) = await answer(alice, harness.channel, "ramsch forget-me")
    handle = await alice.click(asked, "Forget me")
    await handle.wait_ack()
    await harness.settle()
    assert "You have been forgotten" in asked.text and not asked.buttons()
    assert mentions(harness.db, alice.id, "Alice") == []
    assert await harness.store.integrity_check() == ["ok"]

    # Alice has no history left; Bob's shows her seat as a former player.
    (own,) = await answer(alice, harness.channel, "ramsch history")
    assert "not played a session" in own.text
    (others,) = await answer(bob, harness.channel, "ramsch history")
    assert f"**Ramsch #{game.table_id}**" in others.text and "former player" in others.text
    assert "Alice" not in others.text
    seats = await harness.store.db.execute_fetchall(
        "SELECT user_id FROM seats WHERE table_id = ? ORDER BY seat", (game.table_id,)
    )
    assert [row[0] for row in seats] == [FORGOTTEN, bob.id, None]

    # A stale click on the old confirmation, after a restart, is answered and harmless.
    await harness.restart()
    handle = await alice.click_custom_id(asked, f"ramsch:fm:{alice.id}:yes")
    await handle.wait_ack()
    assert mentions(harness.db, alice.id, "Alice") == []


async def test_forget_me_speaks_german(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice", locale="de")
    (asked,) = await answer(alice, harness.channel, "ramsch forget-me")
    assert "Dich vergessen?" in asked.text
    assert [button.get("label") for button in asked.buttons()] == ["Vergiss mich", "Abbrechen"]
    handle = await alice.click(asked, "Vergiss mich")
    await handle.wait_ack()
    await harness.settle()
    assert "Du wurdest vergessen" in asked.text
    assert await harness.store.preferences.load_user_preferences() == []

"""Issue 5: who may press what — every refusal is a clear private answer and changes nothing."""

from __future__ import annotations

from bot.cogs.config import NOT_A_MANAGER
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, answer
from tests.e2e.helpers import ai_table


async def test_strangers_and_guests_are_refused_on_host_buttons(harness: Harness) -> None:
    alice, bob = (harness.emulator.add_user(name) for name in ("Alice", "Bob"))
    stranger = harness.emulator.add_user("Mallory")
    game = await ai_table(harness, alice, ais=1)
    lobby = game.lobby
    assert lobby is not None
    expected = {
        "Add AI": "Only the host can add AI players",
        "Remove AI": "Only the host can remove AI players",
        "Rules": "Only the host can change the rules",
        "Start": "Only the host can start the game",
        "Cancel": "Only the host or a member with Manage Server can abort this table",
    }
    before = len(lobby.versions)
    for label in ("Add AI", "Remove AI", "Rules", "Cancel"):  # Start is off: seats are free
        assert game.refusals(await game.click(stranger, lobby, label)) == [expected[label]]
    assert len(lobby.versions) == before, "a refused click changed the lobby"
    await game.click(bob, lobby, "Join")
    before = len(lobby.versions)
    for user in (bob, stranger):
        for label in ("Remove AI", "Rules", "Start", "Cancel"):  # Add AI is off: the table is full
            assert game.refusals(await game.click(user, lobby, label)) == [expected[label]]
    assert len(lobby.versions) == before, "a refused click changed the lobby"
    assert not [m for m in stranger.ephemerals() if "House rules" in m.text]
    assert [seat.name for seat in harness.service.tables.get(game.table_id).seats] == [
        "Alice", "AI 1", "Bob",
    ]  # fmt: skip


async def test_only_managers_may_configure_the_server(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    (refused,) = await answer(alice, harness.channel, "ramsch config")
    assert refused.ephemeral and refused.text == NOT_A_MANAGER
    (refused,) = await answer(alice, harness.channel, "ramsch config", timer=0, dms=False)
    assert refused.ephemeral and refused.text == NOT_A_MANAGER
    assert await harness.store.load_guild_settings(harness.guild.id) is None
    admin = harness.emulator.add_user("Admin")
    harness.guild.grant(admin, administrator=True)
    (shown,) = await answer(admin, harness.channel, "ramsch config", timer=0)
    assert shown.ephemeral and "Saved: turn timer" in shown.text


async def test_only_the_host_or_a_manager_aborts(harness: Harness) -> None:
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    mod = harness.emulator.add_user("Mod")
    harness.guild.grant(mod, manage_guild=True)
    game = Game(harness, players, "skat")
    await game.open()
    await game.start()
    for user in players[1:]:
        (refusal,) = await answer(user, harness.channel, "ramsch abort")
        assert refusal.text == "Only the host or a member with Manage Server can abort this table"
    stranger = harness.emulator.add_user("Mallory")
    refused = game.refusals(await game.click(stranger, game.table_message(), "My hand"))
    assert refused == ["You are not playing at this table"]
    (done,) = await answer(mod, harness.channel, "ramsch abort")
    assert done.ephemeral and "is cancelled" in done.text


async def test_records_stay_in_their_server(harness: Harness) -> None:
    from bot.tables import TableError
    from tests.e2e.helpers import played_session

    alice = harness.emulator.add_user("Alice")
    game = await played_session(harness, alice)
    record = await harness.service.boards.deal_record(game.table_id, 0, guild_id=harness.guild.id)
    assert record["seed"] and record["actions"]
    try:
        await harness.service.boards.deal_record(game.table_id, 0, guild_id=harness.guild.id + 1)
    except TableError as error:
        assert error.message == "Table #1 has no finished deal 1"
    else:
        raise AssertionError("another server's record was handed out")

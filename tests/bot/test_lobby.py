"""Lobby flows of the table service and every refusal (issue 3, issue 5 AI seats and rules)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.storage import Store
from bot.tables import (
    ChannelBusy,
    GuildSettings,
    NotFound,
    NotHost,
    NotSeated,
    TableError,
    TableService,
    WrongState,
)
from ramsch_core import preset
from tests.bot.helpers import Recorder, open_lobby, start_table
from tests.bot.people import ALICE, BOB, CAROL, CHANNEL, GUILD, HOST, STRANGER


async def seated(store: Store, table_id: int) -> list[tuple[int | None, str, str | None]]:
    rows = await store.db.execute_fetchall(
        "SELECT user_id, name, ai FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
    )
    return [(row[0], row[1], row[2]) for row in rows]


async def test_open_join_start_keeps_join_order(service: TableService, store: Store) -> None:
    recorder = Recorder()
    service.tables.listeners.append(recorder)
    table = await open_lobby(service)
    assert table.host_id == HOST and service.tables.get(table.id).status == "lobby"
    assert [seat.user_id for seat in table.seats] == [HOST]
    assert not table.can_start()
    await service.lobby.join(table.id, ALICE, "Alice")
    await service.lobby.join(table.id, BOB, "Bob")
    assert table.can_start()
    update = await service.lobby.start(table.id, HOST)
    assert update.kind == "started" and table.status == "playing"
    assert [seat.user_id for seat in table.seats] == [HOST, ALICE, BOB]
    assert table.match is not None and table.seed == 1000
    assert table.deal_number == 0 and table.to_act == 1  # seat 0 deals, forehand is seat 1
    assert recorder.kinds == ["opened", "joined", "joined", "started"]
    assert await seated(store, table.id) == [(HOST, "Host", None), (ALICE, "Alice", None),
                                             (BOB, "Bob", None)]  # fmt: skip
    assert service.tables.open_tables(CHANNEL) == [table]


async def test_versions_bump_on_every_change(service: TableService) -> None:
    table = await open_lobby(service)
    first = table.version
    await service.lobby.join(table.id, ALICE, "Alice")
    assert table.version == first + 1


async def test_join_refusals(service: TableService) -> None:
    table = await open_lobby(service)
    with pytest.raises(TableError, match="already sit"):
        await service.lobby.join(table.id, HOST, "Host")
    await service.lobby.join(table.id, ALICE, "Alice")
    await service.lobby.join(table.id, BOB, "Bob")
    with pytest.raises(WrongState, match="full"):
        await service.lobby.join(table.id, CAROL, "Carol")
    await service.lobby.start(table.id, HOST)
    with pytest.raises(WrongState, match="already started"):
        await service.lobby.join(table.id, CAROL, "Carol")
    with pytest.raises(NotFound, match="no longer exists"):
        await service.lobby.join(12345, CAROL, "Carol")


async def test_start_refusals(service: TableService) -> None:
    table = await open_lobby(service)
    await service.lobby.join(table.id, ALICE, "Alice")
    with pytest.raises(NotHost, match="Only the host can start"):
        await service.lobby.start(table.id, ALICE)
    with pytest.raises(WrongState, match=r"Waiting for 1 more player$"):
        await service.lobby.start(table.id, HOST)
    assert table.status == "lobby" and table.match is None


async def test_schafkopf_needs_four(service: TableService) -> None:
    """SK-1: Schafkopf Ramsch is dealt to four players."""
    with pytest.raises(TableError, match="played by four"):
        await service.lobby.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Host",
                           rules=preset("schafkopf"), options={"seats": 3})  # fmt: skip
    table = await open_lobby(service, "schafkopf")
    for user, name in ((ALICE, "Alice"), (BOB, "Bob")):
        await service.lobby.join(table.id, user, name)
    with pytest.raises(WrongState, match="Waiting for 1 more"):
        await service.lobby.start(table.id, HOST)
    await service.lobby.join(table.id, CAROL, "Carol")
    await service.lobby.start(table.id, HOST)
    assert table.match is not None and table.match.rules.players == 4


async def test_bad_rules_are_refused_with_the_core_message(service: TableService) -> None:
    with pytest.raises(TableError, match="unknown option 'bogus'"):
        await service.lobby.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Host",
                           rules={"variant": "skat", "bogus": 1})  # fmt: skip
    assert service.tables.open_tables() == []


async def test_one_open_table_per_channel(service: TableService) -> None:
    table = await open_lobby(service)
    with pytest.raises(ChannelBusy, match=f"#{table.id}"):
        await open_lobby(service)
    other = await open_lobby(service, channel=CHANNEL + 1)
    assert other.id != table.id
    await service.lobby.cancel(table.id, HOST)
    assert (await open_lobby(service)).id > other.id


async def test_leave_and_host_leaving_cancels(service: TableService, store: Store) -> None:
    recorder = Recorder()
    service.tables.listeners.append(recorder)
    table = await open_lobby(service)
    await service.lobby.join(table.id, ALICE, "Alice")
    await service.lobby.join(table.id, BOB, "Bob")
    await service.lobby.leave(table.id, ALICE)
    assert [seat.user_id for seat in table.seats] == [HOST, BOB]
    assert [row[0] for row in await seated(store, table.id)] == [HOST, BOB]
    with pytest.raises(NotSeated):
        await service.lobby.leave(table.id, STRANGER)
    update = await service.lobby.leave(table.id, HOST)
    assert update.kind == "cancelled" and "host left" in update.note
    assert table.status == "cancelled"
    with pytest.raises(NotFound):
        service.tables.get(table.id)
    assert recorder.kinds[-1] == "cancelled"


async def test_leave_after_start_is_refused(service: TableService) -> None:
    table = await open_lobby(service)
    await service.lobby.join(table.id, ALICE, "Alice")
    await service.lobby.join(table.id, BOB, "Bob")
    await service.lobby.start(table.id, HOST)
    with pytest.raises(WrongState):
        await service.lobby.leave(table.id, ALICE)


async def test_cancel_host_or_manager_only(service: TableService, store: Store) -> None:
    table = await open_lobby(service)
    await service.lobby.join(table.id, ALICE, "Alice")
    with pytest.raises(NotHost, match="Manage Server"):
        await service.lobby.cancel(table.id, ALICE)
    assert table.status == "lobby"
    update = await service.lobby.cancel(table.id, STRANGER, can_manage=True)
    assert update.kind == "cancelled" and update.actor == STRANGER
    rows = await store.db.execute_fetchall("SELECT status FROM tables WHERE id = ?", (table.id,))
    assert list(rows) == [("cancelled",)]
    with pytest.raises(NotFound):
        await service.lobby.cancel(table.id, HOST)


async def test_ai_seats_host_only(service: TableService, store: Store) -> None:
    """Issue 5: "Add AI" / "Remove AI" in the lobby, host only."""
    table = await open_lobby(service)
    await service.lobby.join(table.id, ALICE, "Alice")
    with pytest.raises(NotHost):
        await service.lobby.add_ai(table.id, ALICE)
    with pytest.raises(TableError, match="Unknown AI"):
        await service.lobby.add_ai(table.id, HOST, "genius")
    update = await service.lobby.add_ai(table.id, HOST, "random")
    assert update.kind == "ai_added"
    assert table.seats[2].user_id is None and table.seats[2].ai == "random"
    assert table.seats[2].name == "AI 1" and table.can_start()
    with pytest.raises(WrongState, match="full"):
        await service.lobby.add_ai(table.id, HOST)
    with pytest.raises(NotHost):
        await service.lobby.remove_ai(table.id, ALICE)
    with pytest.raises(TableError, match="Seat 2 is not an AI"):
        await service.lobby.remove_ai(table.id, HOST, seat=1)
    await service.lobby.remove_ai(table.id, HOST)
    assert [seat.user_id for seat in table.seats] == [HOST, ALICE]
    with pytest.raises(WrongState, match="no AI"):
        await service.lobby.remove_ai(table.id, HOST)
    assert await seated(store, table.id) == [(HOST, "Host", None), (ALICE, "Alice", None)]


async def test_ai_unavailable_is_a_clear_refusal(store: Store) -> None:
    def missing(kind: str, seed: int) -> object:
        raise ImportError("No module named 'ramsch_core.ai'")

    service = TableService(store, player_factory=missing)  # type: ignore[arg-type]
    table = await open_lobby(service)
    with pytest.raises(TableError, match="not available"):
        await service.lobby.add_ai(table.id, HOST)


async def test_set_rules_before_start(service: TableService, store: Store) -> None:
    """Issue 5 house rules: the host changes rules and options in the lobby."""
    table = await open_lobby(service)
    await service.lobby.join(table.id, ALICE, "Alice")
    with pytest.raises(NotHost):
        await service.lobby.set_rules(table.id, ALICE, preset("skat-fixed"))
    rules = preset("skat", stake=20, scoring="fixed")
    update = await service.lobby.set_rules(table.id, HOST, rules, {"seats": 3, "rounds": 2})
    assert update.kind == "rules"
    assert table.rules == preset("skat", stake=20, scoring="fixed") and table.options.rounds == 2
    await service.lobby.set_rules(table.id, HOST, {"variant": "altenburg"})
    assert table.rules.variant == "altenburg" and table.options.rounds == 2
    with pytest.raises(TableError, match="played by four"):
        await service.lobby.set_rules(table.id, HOST, preset("schafkopf"))
    await service.lobby.join(table.id, BOB, "Bob")
    await service.lobby.set_rules(table.id, HOST, preset("skat"), {"seats": 4})
    await service.lobby.join(table.id, CAROL, "Carol")
    with pytest.raises(WrongState, match="4 players are seated"):
        await service.lobby.set_rules(table.id, HOST, preset("skat"), {"seats": 3})
    rows = await store.db.execute_fetchall("SELECT options FROM tables WHERE id = ?", (table.id,))
    assert '"seats": 4' in next(iter(rows))[0]
    await service.lobby.start(table.id, HOST)
    with pytest.raises(WrongState):
        await service.lobby.set_rules(table.id, HOST, preset("skat"))


async def test_guild_settings_round_trip_and_apply(service: TableService) -> None:
    assert await service.guilds.get(GUILD) == GuildSettings()
    settings = await service.guilds.set(
        GUILD, {"preset": "bauernramsch", "options": {"seats": 4}, "turn_timeout": None,
                "dms": False, "channels": [CHANNEL + 5]},
    )  # fmt: skip
    assert await service.guilds.get(GUILD) == settings
    assert settings.default_rules() == preset("bauernramsch")
    with pytest.raises(ChannelBusy, match="can't be opened in this channel"):
        await open_lobby(service)
    table = await open_lobby(service, channel=CHANNEL + 5)
    assert table.turn_timeout is None
    with pytest.raises(TableError, match="Invalid setting 'turn_timeout'"):
        await service.guilds.set(GUILD, {"turn_timeout": 1})
    with pytest.raises(TableError, match="four players"):
        await service.guilds.set(GUILD, {"preset": "schafkopf"})
    with pytest.raises(TableError, match="Unknown preset"):
        await service.guilds.set(GUILD, {"preset": "poker"})


async def test_set_message_is_stored(service: TableService, store: Store) -> None:
    table = await open_lobby(service)
    await service.lobby.set_message(table.id, 5555)
    assert table.message_id == 5555
    rows = await store.db.execute_fetchall("SELECT message_id FROM tables")
    assert list(rows) == [(5555,)]
    await service.lobby.cancel(table.id, HOST)
    await service.lobby.set_message(table.id, 6666)  # the final message of a closed table
    rows = await store.db.execute_fetchall("SELECT message_id FROM tables")
    assert list(rows) == [(6666,)]


# -- play again and new table (issue 13) ----------------------------------------------------


async def finished(service: TableService, store: Store) -> int:
    """A table of the host, Alice and an AI whose match is over (as the store knows it)."""
    table = await start_table(service, players=(ALICE,), ai=1)
    async with service.tables.locked(table.id) as held:
        await service.lobby.end(held, "closed", None, "")
    await store.tables.set_status(table.id, "finished", 0.0)
    return table.id


async def test_play_again_waits_for_every_human_seat(service: TableService, store: Store) -> None:
    table_id = await finished(service, store)
    with pytest.raises(NotSeated, match="Only the players of table #1"):
        await service.lobby.play_again(table_id, STRANGER, GUILD)
    with pytest.raises(TableError, match="another server"):
        await service.lobby.play_again(table_id, HOST, GUILD + 1)
    with pytest.raises(NotFound):
        await service.lobby.play_again(99, HOST, GUILD)
    again = await service.lobby.play_again(table_id, ALICE, GUILD)
    assert again.confirmed == (1,) and again.update is None
    with pytest.raises(TableError, match="You are in already"):
        await service.lobby.play_again(table_id, ALICE, GUILD)
    assert service.tables.open_tables() == []
    again = await service.lobby.play_again(table_id, HOST, GUILD)
    assert again.confirmed == (0, 1) and again.update is not None
    table = again.update.table
    assert table.status == "playing" and table.channel_id == CHANNEL and table.host_id == HOST
    assert await seated(store, table.id) == [(HOST, "Host", None), (ALICE, "Alice", None),
                                             (None, "AI 1", "heuristic")]  # fmt: skip
    with pytest.raises(WrongState, match="played again already: table #2"):
        await service.lobby.play_again(table_id, ALICE, GUILD)


async def test_play_again_refuses_a_busy_channel_and_keeps_the_last_press(
    service: TableService, store: Store
) -> None:
    table_id = await finished(service, store)
    await service.lobby.play_again(table_id, ALICE, GUILD)
    busy = await open_lobby(service)
    with pytest.raises(ChannelBusy):
        await service.lobby.play_again(table_id, HOST, GUILD)
    assert (await service.lobby.social.rematch(table_id)).confirmed == (1,)
    await service.lobby.cancel(busy.id, HOST)
    again = await service.lobby.play_again(table_id, HOST, GUILD)
    assert again.update is not None


async def test_only_a_finished_table_is_played_again(service: TableService) -> None:
    table = await start_table(service, players=(ALICE,), ai=1)
    with pytest.raises(WrongState, match="Only a finished table"):
        await service.lobby.play_again(table.id, ALICE, GUILD)


async def test_new_table_takes_the_rules_and_the_clicker_hosts(
    service: TableService, store: Store
) -> None:
    table_id = await finished(service, store)
    update = await service.lobby.new_table(
        table_id, user_id=CAROL, name="Carol", guild_id=GUILD, channel_id=CHANNEL
    )
    table = update.table
    assert (table.host_id, table.status, table.rules) == (CAROL, "lobby", preset("skat"))
    with pytest.raises(TableError, match="another server"):
        await service.lobby.new_table(
            table_id, user_id=CAROL, name="Carol", guild_id=GUILD + 1, channel_id=CHANNEL + 1
        )


async def test_a_forgotten_seat_cannot_be_played_again(service: TableService, store: Store) -> None:
    table_id = await finished(service, store)
    assert not (await store.privacy.forget_user(ALICE)).live_tables
    with pytest.raises(NotSeated):  # Alice's seat no longer names her
        await service.lobby.play_again(table_id, ALICE, GUILD)
    with pytest.raises(WrongState, match="asked the bot to forget him"):
        await service.lobby.play_again(table_id, HOST, GUILD)
    assert (await service.lobby.social.rematch(table_id)).confirmed == ()


# -- issue 14: the AI seats' levels ------------------------------------------------------------


async def test_the_host_adds_ais_by_level_and_changes_their_levels(
    service: TableService, store: Store
) -> None:
    """Levels easy, normal (the heuristic) and hard are stored as AI kinds, so no migration:
    old kinds still seat; the host alone changes a seat's level, only in the lobby."""
    from bot.ui.lobby import render_lobby

    table = await open_lobby(service)
    await service.lobby.add_ai(table.id, HOST, "easy")
    await service.lobby.add_ai(table.id, HOST, "normal")
    assert [seat.ai for seat in table.seats] == [None, "easy", "heuristic"]
    shown = render_lobby(table).embeds[0].fields[0].value or ""
    assert "🤖 AI 1 (easy)" in shown and "🤖 AI 2 (normal)" in shown
    with pytest.raises(NotHost):
        await service.lobby.set_ai_level(table.id, ALICE, 1, "normal")
    with pytest.raises(TableError, match="Seat 1 is not an AI"):
        await service.lobby.set_ai_level(table.id, HOST, 0, "easy")
    with pytest.raises(TableError, match="Seat 5 is not an AI"):
        await service.lobby.set_ai_level(table.id, HOST, 4, "easy")
    with pytest.raises(TableError, match="Unknown AI 'expert': choose easy, normal or hard"):
        await service.lobby.set_ai_level(table.id, HOST, 1, "expert")
    await service.lobby.set_ai_level(table.id, HOST, 1, "hard")
    assert table.seats[1].ai == "hard"
    assert "🤖 AI 1 (hard)" in (render_lobby(table).embeds[0].fields[0].value or "")
    update = await service.lobby.set_ai_level(table.id, HOST, 1, "normal")
    assert update.kind == "ai_added" and update.seat == 1
    await service.lobby.set_ai_level(table.id, HOST, 2, "easy")
    assert await seated(store, table.id) == [
        (HOST, "Host", None),
        (None, "AI 1", "heuristic"),
        (None, "AI 2", "easy"),
    ]
    await service.lobby.start(table.id, HOST)
    with pytest.raises(WrongState, match="already started"):
        await service.lobby.set_ai_level(table.id, HOST, 1, "easy")


async def test_the_lobby_offers_levels_only_with_an_ai_seated(service: TableService) -> None:
    """The level select appears with the first AI: one option per AI seat and level."""
    from bot.ui.lobby import render_lobby

    table = await open_lobby(service)
    alone = render_lobby(table).view
    assert alone is not None and len(alone.children) == 7
    await service.lobby.add_ai(table.id, HOST, "random")
    await service.lobby.add_ai(table.id, HOST)
    view = render_lobby(table).view
    assert view is not None and len(view.children) == 8
    select = getattr(view.children[-1], "item", None)
    assert select is not None and select.custom_id == f"ramsch:t:{table.id}:ailevel"
    assert [option.value for option in select.options] == [
        "1:easy",
        "1:normal",
        "1:hard",
        "2:easy",
        "2:normal",
        "2:hard",
    ]
    assert select.options[0].label == "AI 1: easy"
    shown = render_lobby(table).embeds[0].fields[0].value or ""
    assert "🤖 AI 1 (random)" in shown and "🤖 AI 2 (normal)" in shown


async def test_easy_and_normal_ais_play_a_table_with_the_real_core(store: Store) -> None:
    """The service with ramsch_core.ai.make_player: an easy and a normal AI play it out."""
    from tests.bot.helpers import play_out

    service = TableService(store, seed_source=lambda: 7)
    try:
        table = await open_lobby(service)
        await service.lobby.add_ai(table.id, HOST, "easy")
        await service.lobby.add_ai(table.id, HOST, "normal")
        await service.lobby.start(table.id, HOST)
        await service.autoplay.wait_idle()
        await play_out(service, table, seed=3)
        assert table.status == "finished"
        assert [seat.ai for seat in table.seats] == [None, "easy", "heuristic"]
    finally:
        await service.close()


async def test_a_hard_ai_thinks_in_a_worker_process_and_plays_a_table(store: Store) -> None:
    """The hard AI's decisions go to the process pool (the seat's player comes back from the
    worker with its random state moved on), and it plays a table to the end."""
    from tests.bot.helpers import play_out

    service = TableService(store, seed_source=lambda: 7, ai_processes=1, ai_budget=0.05)
    calls: list[str] = []
    thinker = service.autoplay.thinker
    choose = thinker.choose

    async def counted(kind: str, player: Any, view: Any) -> Any:
        calls.append(kind)
        action, after = await choose(kind, player, view)
        if kind == "hard" and len(view.legal) > 1:
            assert after is not player  # it came back from the worker
        return action, after

    thinker.choose = counted  # type: ignore[method-assign]
    try:
        table = await open_lobby(service)
        await service.lobby.add_ai(table.id, HOST, "hard")
        await service.lobby.add_ai(table.id, HOST, "hard")
        await service.lobby.start(table.id, HOST)
        await service.autoplay.wait_idle()
        await play_out(service, table, seed=3)
        assert table.status == "finished"
        assert [seat.ai for seat in table.seats] == [None, "hard", "hard"]
        assert calls and set(calls) == {"hard"}
        assert thinker._pool is not None
    finally:
        await service.close()
    assert thinker._pool is None


def test_ai_levels_rate_between_the_random_and_the_hard_ai() -> None:
    from bot.ratings import anchor

    assert anchor("random").mu < anchor("easy").mu < anchor("heuristic").mu == anchor(None).mu
    assert anchor("heuristic").mu < anchor("hard").mu

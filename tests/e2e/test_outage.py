"""The database goes away in the middle of a deal (issue 15): a real PostgreSQL server is
stopped and started again under the bot, which runs in this process against the emulator.

A card clicked while the server is down is answered privately with a clear message (in the
player's German), the hand stays as it was, nothing is applied or logged as an error (one
warning line, without the database password); once the server is back the same click plays
the card and the session is played to its end."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, action_of, answer, logged
from tests.emulator import Emulator
from tests.pg import PgCluster

GERMAN_DEAL = "Spiel {number} von"
DOWN = "Der Bot erreicht seine Datenbank gerade nicht, deshalb wurde nichts geändert."
PASSWORD = "hunter2-outage"


@pytest_asyncio.fixture
async def on_postgres(
    emulator: Emulator, postgres_cluster: PgCluster, postgres_url: str
) -> AsyncIterator[Harness]:
    """The bot on a German server, its store on PostgreSQL whatever ``RAMSCH_TEST_BACKEND``
    says; the URL carries a password (the test server trusts every login, so it only has to
    stay out of the logs)."""
    guild = emulator.add_guild("Ramsch-Runde", channels=("allgemein",), locale="de")
    url = postgres_url.replace("postgresql://postgres@", f"postgresql://postgres:{PASSWORD}@")
    assert PASSWORD in url
    running = Harness(emulator, guild, guild.channels[0], url)  # type: ignore[arg-type]
    await running.launch()
    try:
        yield running
    finally:
        await running.shutdown()
        try:
            postgres_cluster.psql("SELECT 1")
        except Exception:  # the test failed with the server down: the session needs it
            postgres_cluster.start_server()


async def test_a_card_clicked_while_the_database_is_down_is_refused_then_played(
    on_postgres: Harness, postgres_cluster: PgCluster, caplog: pytest.LogCaptureFixture
) -> None:
    h = on_postgres
    players = [h.emulator.add_user(name, locale="de") for name in ("Anna", "Bernd", "Clara")]
    game = Game(h, players, "skat", deal_marker=GERMAN_DEAL, from_log=True)
    await game.open(rounds=1)
    await game.start()
    for _ in range(4):  # into the first trick of the first deal
        await game.step()
    user, message, enabled = game.on_turn()
    card = next(c for c in enabled if ":play:" in c["custom_id"])
    before_logged, before_actions = logged(game), list(game.actions)
    before_versions, before_text = len(message.versions), message.text
    table = h.service.tables.get(game.table_id)
    assert table.match is not None
    before_history = len(table.match.deal.history)
    await h.publisher.recorder.written()  # what the table shows is stored: not in the way
    caplog.clear()
    caplog.set_level(logging.DEBUG)

    await asyncio.to_thread(postgres_cluster.stop_server)
    try:
        handle = await user.click(message, card["custom_id"])
        await handle.wait_ack()
        await h.settle()
        [refusal] = game.refusals(handle)
        assert refusal.startswith(DOWN), refusal
        # A command the database fails says the same.
        [stats] = await answer(user, h.channel, "ramsch stats")
        assert stats.ephemeral and stats.text.startswith(DOWN), stats.text
        # Nothing changed: the action is neither applied nor shown.
        assert logged(game) == before_logged
        assert len(table.match.deal.history) == before_history
        hand = game.hand_message(user)
        assert hand is message and len(message.versions) == before_versions
        assert message.text == before_text
        assert game.on_turn()[0] is user
    finally:
        await asyncio.to_thread(postgres_cluster.start_server)

    records = [r for r in caplog.records if r.name.startswith(("bot", "discord"))]
    warnings = [r for r in records if r.levelno >= logging.WARNING]
    assert [(r.name, r.levelname) for r in warnings] == [("bot.client", "WARNING")] * 2, [
        r.getMessage() for r in warnings
    ]
    assert all(r.exc_info is None for r in warnings)
    assert all(f"user {user.id}" in r.getMessage() for r in warnings)
    assert not [r for r in caplog.records if PASSWORD in r.getMessage()]

    # The server is back: the same click on the same hand plays the card.
    handle = await user.click(message, card["custom_id"])
    await handle.wait_ack()
    await h.settle()
    assert not game.refusals(handle), game.refusals(handle)
    await game.read_log()
    assert logged(game) == before_logged + 1
    assert game.actions[:-1] == before_actions
    assert game.actions[-1] == (players.index(user), action_of(card))
    assert len(message.versions) > before_versions or game.hand_message(user) is not message

    while not game.replay().finished:
        await game.step()
    assert table.status == "finished"
    assert "Endstand" in h.channel.current_messages()[-1].text or any(
        "Endstand" in m.text for m in h.channel.current_messages()
    )
    stored = await h.store.tables.load_actions(game.table_id)
    assert [(a.seat, a.action) for a in stored] == game.actions
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not [r for r in caplog.records if PASSWORD in r.getMessage()]

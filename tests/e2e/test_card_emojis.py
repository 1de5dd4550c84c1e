"""Card pictures on the buttons: the bot's card faces as application emojis, uploaded at the
first start only, and text cards with one warning when Discord refuses them."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.emoji_faces import all_faces
from bot.settings import Settings
from tests.e2e import conftest
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, card_of_control
from tests.emulator import Message
from tests.emulator import components as comp
from tests.emulator.app_emojis import UPLOAD_ROUTE

FACES = len({face.name for face in all_faces()})
"""The emojis the bot owns: one per distinct picture of a card."""


def card_controls(message: Message) -> list[dict[str, object]]:
    return [c for c in comp.interactive(message.components) if card_of_control(c["custom_id"])]


async def skat_steps(harness: Harness, steps: int) -> Game:
    """A Skat Ramsch table of Alice, Bob and Carol, opened, started and played ``steps`` steps."""
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open()
    await game.start()
    for _ in range(steps):
        await game.step()
    return game


async def test_every_card_button_of_a_game_shows_the_applications_emoji(
    harness: Harness,
) -> None:
    """A Skat Ramsch deal and an Altenburg push deal (the lay select too): the driver checks,
    at every step, that each card control carries an emoji the application owns, named for
    that card; the emulator refuses any other custom emoji."""
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    for preset_name in ("skat", "altenburg-schieberamsch"):
        game = Game(harness, players, preset_name)
        await game.open()
        await game.start()
        await game.play_deal()
        assert game.checks > 30
        await (await game.players[0].slash(harness.channel, "ramsch abort")).wait_response()
    assert harness.emulator.app_emojis.uploads == 0  # they were there from before
    assert harness.emulator.errors == []


async def test_the_first_start_uploads_them_and_a_restart_nothing(harness: Harness) -> None:
    emulator = harness.emulator
    emulator.app_emojis.by_id.clear()  # an application that never ran the bot
    outdated = emulator.app_emojis.add("c_fr2en_CJ_000000")
    other = emulator.app_emojis.add("party_parrot")
    await harness.restart()
    assert emulator.app_emojis.uploads == FACES
    assert outdated.id not in emulator.app_emojis.by_id and other.id in emulator.app_emojis.by_id
    await harness.restart()
    await harness.restart()
    assert emulator.app_emojis.uploads == FACES
    assert emulator.request_counts[f"POST {UPLOAD_ROUTE}"] == FACES
    game = await skat_steps(harness, 6)
    assert game.checks > 6


async def test_refused_uploads_give_text_cards_and_one_warning(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    emulator = harness.emulator
    emulator.app_emojis.by_id.clear()
    emulator.faults.add(
        "POST",
        UPLOAD_ROUTE,
        status=400,
        code=30008,
        message="Maximum number of emojis reached (2000)",
        times=None,
    )
    caplog.set_level(logging.INFO, logger="bot")
    await harness.restart()
    harness.card_emojis = False
    game = await skat_steps(harness, 6)
    message, _ = game.controls(game.on_turn()[0])
    assert message is not None
    controls = card_controls(message)
    assert controls and all("emoji" not in c and c["label"] for c in controls)
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.name for r in warnings] == ["bot.emojis"], [r.getMessage() for r in warnings]
    assert f"{FACES} card emojis could not be uploaded" in warnings[0].getMessage()
    assert emulator.app_emojis.by_id == {}


async def test_turned_off_no_emoji_is_listed_or_uploaded(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RAMSCH_CARD_EMOJIS=false: text cards, and not one request about emojis."""
    plain = conftest.bot_settings

    def without_emojis(*args: Any, **options: Any) -> Settings:
        return plain(*args, **options).model_copy(update={"ramsch_card_emojis": False})

    monkeypatch.setattr(conftest, "bot_settings", without_emojis)
    emulator = harness.emulator
    listed = emulator.request_counts[f"GET {UPLOAD_ROUTE}"]
    await harness.restart()
    harness.card_emojis = False
    game = await skat_steps(harness, 1)
    message, _ = game.controls(game.on_turn()[0])
    assert message is not None and card_controls(message)
    assert all("emoji" not in c for c in card_controls(message))
    assert emulator.request_counts[f"GET {UPLOAD_ROUTE}"] == listed
    assert emulator.app_emojis.uploads == 0

"""Card faces as application emojis: the drawing (bot/emoji_faces.py), the sync at start and the
lookup per button (bot/emojis.py)."""

from __future__ import annotations

import io
import logging
import subprocess
import sys
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from PIL import Image

from bot import emojis
from bot.emoji_faces import SIZE, STYLES, all_faces
from bot.ui import faces
from bot.ui.faces import Preference
from bot.ui.hand import render_hand
from bot.ui.items import ActionItem
from ramsch_core import Card
from tests.emulator.app_emojis import NAME
from tests.ui.helpers import USER_IDS, items, make_table


class FakeEmoji:
    """An application emoji as the sync sees it."""

    def __init__(self, owner: FakeApp, emoji_id: int, name: str) -> None:
        self.owner, self.id, self.name = owner, emoji_id, name

    async def delete(self) -> None:
        self.owner.deleted.append(self.name)
        self.owner.present.remove(self)


def _error(status: int, code: int) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="refused")
    return discord.HTTPException(response, {"code": code, "message": "refused"})


class FakeApp:
    """The application's emojis on Discord's side, with a way to refuse uploads."""

    def __init__(self, names: tuple[str, ...] = ()) -> None:
        self.present: list[FakeEmoji] = []
        self.uploaded: list[str] = []
        self.deleted: list[str] = []
        self.room: int | None = None
        """Uploads Discord still takes; None: any number."""
        self.raced: set[str] = set()
        """Names another process uploads just before this one."""
        for name in names:
            self._make(name)

    def _make(self, name: str) -> FakeEmoji:
        emoji = FakeEmoji(self, 1000 + len(self.present) + len(self.deleted), name)
        self.present.append(emoji)
        return emoji

    async def fetch_application_emojis(self) -> list[FakeEmoji]:
        return list(self.present)

    async def create_application_emoji(self, *, name: str, image: bytes) -> FakeEmoji:
        assert image.startswith(b"\x89PNG")
        if name in self.raced:
            self._make(name)
        if any(emoji.name == name for emoji in self.present):
            raise _error(400, emojis.INVALID_FORM_BODY)
        if self.room is not None:
            if self.room == 0:
                raise _error(400, 30008)
            self.room -= 1
        self.uploaded.append(name)
        return self._make(name)


async def _start(app: FakeApp) -> None:
    """One start of the bot: prepare, then the background uploads to their end."""
    task = await emojis.sync(app)  # type: ignore[arg-type]
    if task is not None:
        await task


@pytest.fixture(autouse=True)
def _no_emojis() -> Iterator[None]:
    emojis.forget()
    yield
    emojis.forget()


# -- drawing ------------------------------------------------------------------------------


def test_every_face_is_a_small_distinct_png_with_a_valid_name() -> None:
    drawn = all_faces()
    assert len(drawn) == 32 * len(STYLES)
    for style in STYLES:
        assert len({face.png for face in drawn if face.style == style}) == 32
    # Styles that draw a card alike (the ace in English and German) share one emoji.
    assert len({face.name for face in drawn}) == len({face.png for face in drawn}) < len(drawn)
    assert len({(face.name, face.png) for face in drawn}) == len({face.png for face in drawn})
    for face in drawn:
        assert NAME.match(face.name) and emojis.OURS.match(face.name)
        assert len(face.png) <= 256 * 1024
        with Image.open(io.BytesIO(face.png)) as image:
            assert image.size == (SIZE, SIZE) and image.mode == "RGBA"


def test_the_names_are_the_same_in_another_process() -> None:
    """A restart must find the emojis of the last start under the same names."""
    script = "from bot.emoji_faces import all_faces; print(' '.join(f.name for f in all_faces()))"
    other = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert other.stdout.split() == [face.name for face in all_faces()]


def test_the_rank_fills_the_top_and_the_suit_the_bottom() -> None:
    """Readable at button size: the faces of two ranks of a suit differ in the top half only,
    those of two suits of a rank in the bottom half too."""
    by_card = {face.card: face for face in all_faces() if face.style == "fr2en"}

    def half(card: Card, top: bool) -> bytes:
        with Image.open(io.BytesIO(by_card[card].png)) as image:
            box = (0, 0, SIZE, SIZE // 2) if top else (0, SIZE * 5 // 8, SIZE, SIZE)
            return image.crop(box).tobytes()

    assert half(Card.CJ, top=True) != half(Card.CQ, top=True)
    assert half(Card.CJ, top=False) == half(Card.CQ, top=False)
    assert half(Card.CJ, top=False) != half(Card.SJ, top=False)


# -- sync ---------------------------------------------------------------------------------


async def test_the_first_start_uploads_every_face_and_a_restart_none() -> None:
    app = FakeApp()
    await _start(app)
    assert sorted(app.uploaded) == sorted({face.name for face in all_faces()})
    first = {face.card: emojis._known[face.style, face.card] for face in all_faces()}
    emojis.forget()
    app.uploaded.clear()
    assert await emojis.sync(app) is None  # type: ignore[arg-type]
    assert app.uploaded == [] and app.deleted == []
    assert {face.card: emojis._known[face.style, face.card] for face in all_faces()} == first


async def test_outdated_faces_are_replaced_and_other_emojis_left_alone() -> None:
    current = {face.name for face in all_faces()}
    fresh = next(face for face in all_faces() if face.prefix == "c_fr2en_CJ")
    outdated = ("c_fr2en_CJ_000000", "c_ger_HA_ffffff")
    app = FakeApp((*sorted(current - {fresh.name}), *outdated, "party_parrot", "c_xx_CJ_123456"))
    await _start(app)
    assert sorted(app.deleted) == sorted(outdated)
    assert app.uploaded == [fresh.name]
    assert {emoji.name for emoji in app.present} == current | {"party_parrot", "c_xx_CJ_123456"}


async def test_a_name_another_process_uploaded_first_is_taken() -> None:
    app = FakeApp()
    raced = all_faces()[3]
    app.raced.add(raced.name)
    await _start(app)
    made = next(emoji for emoji in app.present if emoji.name == raced.name)
    assert emojis._known[raced.style, raced.card].id == made.id
    assert len(emojis._known) == len(all_faces())


async def test_refused_uploads_leave_text_cards_and_one_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = FakeApp()
    app.room = 10
    with caplog.at_level(logging.INFO, logger="bot.emojis"):
        await _start(app)
    assert 10 <= len(emojis._known) < len(all_faces())
    assert {emoji.name for emoji in emojis._known.values()} == set(app.uploaded)
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and warnings[0].levelno == logging.WARNING
    pictures = len({face.name for face in all_faces()})
    assert f"{pictures - 10} card emojis" in warnings[0].getMessage()


async def test_an_unreachable_list_leaves_text_cards_and_one_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = FakeApp()

    async def refused() -> list[Any]:
        raise _error(503, 0)

    app.fetch_application_emojis = refused  # type: ignore[method-assign]
    with caplog.at_level(logging.WARNING, logger="bot.emojis"):
        assert await emojis.sync(app) is None  # type: ignore[arg-type]
    assert emojis._known == {} and app.uploaded == []
    assert len(caplog.records) == 1


# -- buttons ------------------------------------------------------------------------------


def _play_buttons(preference: Preference | None = None, name: str = "skat") -> list[Any]:
    table = make_table(name, seed=3)
    match = table.match
    assert match is not None
    while match.deal.view(match.deal_seat(match.to_act or 0) or 0).phase != "play":
        view = match.deal.view(match.deal_seat(match.to_act or 0) or 0)
        match.apply(view.legal[0], match.to_act or 0)
    with faces.preferring(preference):
        shown = render_hand(table, USER_IDS[match.to_act or 0])
    return [item for item in items(shown) if ":play:" in str(item.custom_id)]


async def test_card_buttons_carry_the_emoji_and_keep_their_label() -> None:
    without = _play_buttons()
    assert without and all(button.emoji is None for button in without)
    await _start(FakeApp())
    buttons = _play_buttons()
    assert [button.label for button in buttons] == [button.label for button in without]
    for button in buttons:
        card = Card[button.custom_id.rsplit(":", 1)[1]]
        assert button.emoji == emojis._known["fr2en", card]


async def test_the_readers_pack_picks_the_emoji() -> None:
    await _start(FakeApp())
    german = _play_buttons(Preference(pack="german"))
    four = _play_buttons(Preference(four_colour=True))
    for button in german:
        assert button.emoji == emojis._known["ger", Card[button.custom_id.rsplit(":", 1)[1]]]
    for button in four:
        assert button.emoji == emojis._known["fr4en", Card[button.custom_id.rsplit(":", 1)[1]]]


async def test_a_card_button_sends_what_a_dynamic_button_would() -> None:
    """The hand's card buttons are built straight as JSON (``CardButton``): Discord receives
    what a ``discord.ui.Button`` in an ``ActionItem`` would send, emoji, style and all."""
    for before in (False, True):
        if before:
            await _start(FakeApp())
        for button in _play_buttons():
            rebuilt = ActionItem(
                1,
                0,
                "play",
                "x",
                item=discord.ui.Button(
                    style=button.style,
                    label=button.label,
                    emoji=button.emoji,
                    disabled=button.disabled,
                    row=button.row,
                ),
            )
            rebuilt.item.custom_id = button.custom_id
            assert button.to_component_dict() == rebuilt.to_component_dict()
            assert (button.emoji is not None) is before
            assert button.disabled is (button.style is discord.ButtonStyle.secondary)

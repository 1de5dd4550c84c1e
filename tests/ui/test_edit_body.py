"""The edit of a table or hand message is sent with the JSON its key was made of: the same
request body as discord.py makes of ``edit_kwargs``, byte for byte, and the key changes with
what the message shows and with nothing else."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import discord
from discord.http import MultipartParameters, handle_message_parameters

from bot.ui.card_pictures import with_hand, with_trick
from bot.ui.hand import render_hand
from bot.ui.message import Rendered
from bot.ui.table import render_table, render_table_closed
from tests.ui.helpers import USER_IDS, act_randomly, make_table


def _attachment(picture_id: int, filename: str) -> discord.Attachment:
    data: Any = {
        "id": picture_id,
        "filename": filename,
        "size": 10,
        "url": f"https://cdn.invalid/{picture_id}",
        "proxy_url": f"https://cdn.invalid/{picture_id}",
    }
    return discord.Attachment(data=data, state=SimpleNamespace(http=None))  # type: ignore[arg-type]


def _body(params: MultipartParameters) -> tuple[Any, list[Any], list[tuple[str, bytes]]]:
    """What goes over the wire: the JSON payload or the multipart parts, and the files."""
    parts = [
        (part["name"], part["filename"], part["content_type"])
        if "filename" in part
        else (part["name"], part["value"])
        for part in params.multipart or ()
    ]
    files = [(file.filename, file.fp.read()) for file in params.files or ()]
    return params.payload, parts, files


def _renders(seed: int) -> list[Rendered]:
    """Table and hand messages of a game played at random, with their pictures."""
    rng = random.Random(seed)
    table = make_table(rng.choice(["skat", "schafkopf", "altenburg"]))
    shown: list[Rendered] = []
    for _ in range(rng.randint(0, 14)):
        act_randomly(table, rng)
    shown.append(with_trick(render_table(table), table))
    shown.append(render_table_closed(table, "Deal 1 is over."))
    for user in USER_IDS[:3]:
        shown.append(with_hand(render_hand(table, user), table, user))
    return shown


def test_the_edit_body_is_what_discord_py_makes_of_the_edit() -> None:
    """With every picture new, with every picture kept (a JSON body, no files) and with some
    kept: the body of ``edit_params`` is the body discord.py builds of ``edit_kwargs``."""
    checked = 0
    for seed in range(12):
        for shown in _renders(seed):
            assert shown.layout
            kept_all = {
                picture.shows(): _attachment(900 + index, picture.filename)
                for index, picture in enumerate(shown.pictures)
            }
            some = dict(list(kept_all.items())[:1]) if len(kept_all) > 1 else {}
            for kept in (None, kept_all, some):
                expected = handle_message_parameters(**shown.edit_kwargs(kept))
                assert _body(shown.edit_params(kept)) == _body(expected)
                checked += 1
    assert checked > 100


def test_the_key_follows_what_is_shown() -> None:
    """Equal renders have equal keys; another text, another picture or another alt text is
    another key; a render as text only (its picture refused) is another key too."""
    table = make_table("skat")
    rng = random.Random(4)
    for _ in range(5):
        act_randomly(table, rng)
    first = with_trick(render_table(table), table)
    again = with_trick(render_table(table), table)
    assert first.key() == again.key()
    assert first.text_only().key() != first.key()
    act_randomly(table, rng)
    later = with_trick(render_table(table), table)
    assert later.key() != first.key()
    hand = with_hand(render_hand(table, USER_IDS[0]), table, USER_IDS[0])
    assert hand.pictures
    other = Rendered(
        content=hand.content,
        embeds=hand.embeds,
        view=hand.view,
        pictures=[
            type(picture)(picture.filename, picture.source, "other words", picture.recipe)
            for picture in hand.pictures
        ],
        layout=True,
    )
    assert other.key() != hand.key()

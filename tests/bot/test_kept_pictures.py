"""A picture a message already carries is kept by its attachment's id at the next edit, not
drawn and uploaded again; a picture that changed is uploaded (hand DMs and the table
message)."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import discord

from bot.publish.hands import Hands, Private
from bot.publish.publisher import Publisher
from bot.publish.state import TableState
from bot.ui.card_pictures import with_trick
from bot.ui.message import Picture, Rendered
from bot.ui.table import render_table
from tests.ui.helpers import USER_IDS, act_randomly, make_table

IDS = itertools.count(1)


@dataclass
class Attachment:
    """What Discord answers for a file a message carries."""

    id: int
    filename: str
    data: bytes


class Message:
    """A message that keeps what each edit sent and carries its attachments as Discord does:
    a file is a new attachment, an attachment passed back by id stays as it is."""

    def __init__(self) -> None:
        self.id = next(IDS)
        self.channel = SimpleNamespace(id=1)
        self.attachments: list[Attachment] = []
        self.edits: list[list[Any]] = []
        self.fail = False

    async def edit(self, **kwargs: Any) -> Message:
        if self.fail:
            self.fail = False
            self.attachments = []  # the edit was made, but its answer was lost
            raise discord.HTTPException(SimpleNamespace(status=500, reason="lost"), "lost")
        sent = list(kwargs["attachments"])
        self.edits.append(sent)
        carried = []
        for item in sent:
            if isinstance(item, discord.File):
                carried.append(Attachment(next(IDS), item.filename, item.fp.read()))
            else:
                assert item in self.attachments, "an attachment the message does not carry"
                carried.append(item)
        self.attachments = carried
        return self


class Http:
    """discord.py's HTTP client as the bot's edits reach it (``bot.ui.message.edit_message``):
    each edit goes to its message, which answers with the attachments it carries now."""

    def __init__(self, *messages: Message) -> None:
        self.messages = {message.id: message for message in messages}

    async def edit_message(self, channel_id: int, message_id: int, *, params: Any) -> Any:
        message = self.messages[message_id]
        payload = params.payload
        if payload is None:  # with files: the JSON is the first part
            payload = json.loads(params.multipart[0]["value"])
        files = iter(params.files or ())
        by_id = {attachment.id: attachment for attachment in message.attachments}
        sent = [
            by_id[int(entry["id"])] if "url" in entry else next(files)
            for entry in payload.get("attachments", [])
        ]
        await message.edit(attachments=sent)
        return {
            "attachments": [
                {
                    "id": attachment.id,
                    "filename": attachment.filename,
                    "size": len(attachment.data),
                    "url": f"https://cdn.invalid/{attachment.id}",
                    "proxy_url": f"https://cdn.invalid/{attachment.id}",
                }
                for attachment in message.attachments
            ]
        }


def client(*messages: Message, **more: Any) -> Any:
    """A bot whose edits reach ``messages`` (``Http``)."""
    state = SimpleNamespace(http=Http(*messages), allowed_mentions=None)
    return SimpleNamespace(_connection=state, **more)


def uploads(edit: list[Any]) -> int:
    return sum(isinstance(item, discord.File) for item in edit)


def test_an_edit_keeps_an_unchanged_picture_and_uploads_a_changed_one() -> None:
    message = Message()
    first = Rendered(content="a", pictures=[Picture("hand.png", b"one", "Your cards", "one")])
    asyncio.run(message.edit(**first.edit_kwargs()))
    kept = first.kept(message)
    again = Rendered(content="b", pictures=[Picture("hand.png", b"one", "Your cards", "one")])
    assert again.edit_kwargs(kept)["attachments"] == message.attachments  # by id, no file
    changed = Rendered(content="b", pictures=[Picture("hand.png", b"two", "Your cards", "two")])
    [file] = changed.edit_kwargs(kept)["attachments"]
    assert isinstance(file, discord.File) and file.fp.read() == b"two"
    described = Rendered(pictures=[Picture("hand.png", b"one", "Deine Karten", "one")])
    assert isinstance(described.edit_kwargs(kept)["attachments"][0], discord.File)
    assert Rendered().edit_kwargs(kept)["attachments"] == []  # a picture no longer shown goes


async def _show(hands: Hands, bot: Any, table: Any) -> None:
    hands.show(bot, table, True, lambda _: None)
    await asyncio.gather(*(d.task for d in hands.deliveries() if d.task is not None))


async def test_a_hand_dm_uploads_its_picture_only_when_it_changed() -> None:
    """Over a deal's card play, each DM edit uploads the hand picture exactly when it shows
    something else than the message carries; a failed edit forgets what it carries."""
    table = make_table("skat", seed=5)
    rng = random.Random(5)
    players = USER_IDS[:3]
    hands = Hands()
    messages = {user: Message() for user in players}
    for user in players:
        hands.dms[user] = Private(0, messages[user], None)  # type: ignore[arg-type]
    bot = client(*messages.values())
    match = table.match
    assert match is not None
    while match.deal.view(match.deal_seat(match.to_act or 0) or 0).phase != "play":
        act_randomly(table, rng)
    before = {user: b"" for user in players}
    kept = uploaded = 0
    for step in range(12):
        failed: list[int] = []
        if step == 6:
            for message in messages.values():
                message.fail = True
        await _show(hands, bot, table)
        if step == 6:
            failed = [user for user in players if hands.dms[user].delivery.failures]
            assert failed
            for user in players:
                messages[user].fail = False
                hands.dms[user].delivery.retry_at = 0.0
            # A 500 on an edit with a picture shows the hands as text for a while; here the
            # while is over at once, so the retry carries the picture again.
            assert hands.pictures_off()
            hands.pictures_off_until = 0.0
            await _show(hands, bot, table)  # the retry
        for user, message in messages.items():
            if not message.edits:
                continue
            [sent] = message.edits[-1]
            [carried] = message.attachments
            if isinstance(sent, discord.File):
                uploaded += 1
            else:
                assert user not in failed  # what it carries after a failed edit is not known
                assert carried.data == before[user]
                kept += 1
            before[user] = carried.data
            shown = hands.render(SimpleNamespace(), table, user)  # type: ignore[arg-type]
            assert carried.data == shown.pictures[0].data  # the message shows the hand
            message.edits.clear()
        act_randomly(table, rng)
    assert kept > 0 and uploaded > 0


async def test_the_table_message_keeps_an_unchanged_trick_picture() -> None:
    table = make_table("skat", seed=9)
    rng = random.Random(9)
    match = table.match
    assert match is not None
    while match.deal.public_view().phase != "play":
        act_randomly(table, rng)
    act_randomly(table, rng)  # a card on the table: the trick picture shows it
    message = Message()
    publisher = Publisher(client(message), 0)  # type: ignore[arg-type]
    state = TableState(table, message_id=message.id)
    shown = with_trick(render_table(table), table)
    await publisher.channel.show(state, shown)
    await publisher.channel.show(state, shown)  # unchanged: no edit at all
    shown.content = "another line"
    await publisher.channel.show(state, shown)
    assert [uploads(edit) for edit in message.edits] == [1, 0]
    act_randomly(table, rng)
    await publisher.channel.show(state, with_trick(render_table(table), table))
    assert [uploads(edit) for edit in message.edits] == [1, 0, 1]

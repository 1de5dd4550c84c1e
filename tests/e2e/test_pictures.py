"""Card pictures through Discord: an edit keeps a picture the message already carries (by its
attachment's id, nothing uploaded) and uploads one that changed."""

from __future__ import annotations

from tests.e2e.conftest import Harness
from tests.e2e.driver import Game
from tests.emulator import Message


def picture_steps(messages: list[Message]) -> tuple[int, int]:
    """Over each message's versions, the pictures kept and the pictures replaced; asserts
    that a picture keeps its attachment exactly as long as it shows the same."""
    kept = replaced = 0
    for message in messages:
        before: dict[str, tuple[int, bytes]] = {}
        for version in message.versions:
            now = {a.filename: (a.id, a.data) for a in version.attachments}
            for name, (attachment_id, data) in now.items():
                if name not in before:
                    continue
                same = before[name][1] == data
                assert (before[name][0] == attachment_id) == same, (name, message.id)
                kept, replaced = kept + same, replaced + (not same)
            before = now
    return kept, replaced


async def test_an_unchanged_picture_is_kept_and_a_changed_one_uploaded(harness: Harness) -> None:
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = Game(harness, players, "skat")
    await game.open(rounds=1)
    await game.start()
    await game.play_deal()
    hands = picture_steps([dm for user in players for dm in user.dms()])
    table = picture_steps(list(harness.channel.messages))
    assert hands[0] > 0 and hands[1] > 0, hands
    assert table[1] > 0, table

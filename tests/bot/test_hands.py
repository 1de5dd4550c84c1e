"""The publisher's retry pieces: nonces that tell posts apart, and growing retry delays."""

from __future__ import annotations

import asyncio
import itertools
from types import SimpleNamespace

from bot.publish.delivery import RETRY_CAP, RETRY_FIRST, backoff, nonce
from bot.publish.hands import Hands, Private


def test_a_nonce_is_stable_short_and_distinct() -> None:
    first = nonce(7, 1700000000.5, 123456789012345678, 2, "hand")
    assert first == nonce(7, 1700000000.5, 123456789012345678, 2, "hand")  # every try alike
    assert len(first) <= 25  # Discord's limit for a string nonce
    others = {
        nonce(7, 1700000000.5, 123456789012345678, 3, "hand"),  # another deal
        nonce(7, 1700000000.5, 123456789012345679, 2, "hand"),  # another player
        nonce(8, 1700000000.5, 123456789012345678, 2, "hand"),  # another table
        nonce(7, 1700000001.5, 123456789012345678, 2, "hand"),  # a table of another database
        nonce(7, 1700000000.5, 123456789012345678, 2, "hand", 99),  # posted anew
    }
    assert first not in others and len(others) == 5


def test_retries_back_off_up_to_a_cap() -> None:
    delays = [backoff(failures) for failures in range(1, 12)]
    assert delays[0] == RETRY_FIRST
    pairs = itertools.pairwise(delays)
    assert all(later == min(2 * earlier, RETRY_CAP) for earlier, later in pairs)
    assert delays[-1] == RETRY_CAP


async def test_a_closed_dms_notice_in_flight_keeps_the_hands_busy() -> None:
    """The refused DM leaves the deliveries before its notice is posted: until the notice is
    out, the hands still count as busy, so the table is not taken for settled too early."""
    release = asyncio.Event()
    sent: list[str] = []

    async def send(text: str, **_: object) -> None:
        await release.wait()
        sent.append(text)

    channel = SimpleNamespace(send=send)
    bot = SimpleNamespace(get_partial_messageable=lambda *_, **__: channel)
    table = SimpleNamespace(id=1, created_at=0.0, channel_id=2, guild_id=3, public=False)
    hands = Hands()
    private = hands.dms[5] = Private(1, None, None, "n")
    telling = asyncio.create_task(hands._closed_dms(bot, table, 5, private))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    assert 5 not in hands.dms and 5 in hands.dm_closed
    assert hands.busy()
    release.set()
    await telling
    assert not hands.busy() and len(sent) == 1 and "<@5>" in sent[0]

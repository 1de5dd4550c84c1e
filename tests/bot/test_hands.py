"""The publisher's retry pieces: nonces that tell posts apart, and growing retry delays."""

from __future__ import annotations

import itertools

from bot.publish.hands import RETRY_CAP, RETRY_FIRST, backoff, nonce


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

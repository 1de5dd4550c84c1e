"""discord.py's rate limit buckets: the bot sweeps them for unused ones at most every
BUCKET_SWEEP_INTERVAL seconds instead of at every new bucket (bot.client)."""

from __future__ import annotations

import asyncio

import discord

from bot.client import BUCKET_SWEEP_INTERVAL, _throttle_bucket_sweep


async def test_unused_buckets_are_still_swept_but_not_at_every_new_one() -> None:
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    now = [1000.0]
    sweeps: list[int] = []
    sweep = type(http)._try_clear_expired_ratelimits

    def counted(self: discord.http.HTTPClient) -> None:
        sweeps.append(len(self._buckets))
        sweep(self)

    original = type(http)._try_clear_expired_ratelimits
    type(http)._try_clear_expired_ratelimits = counted  # type: ignore[method-assign]
    try:
        _throttle_bucket_sweep(http, clock=lambda: now[0])  # wraps the counting sweep
        for n in range(300):
            bucket = http.get_ratelimit(f"old {n}")
            bucket._last_request = -1_000.0  # unused for long: may go
        assert sweeps == [] and len(http._buckets) == 300
        now[0] += BUCKET_SWEEP_INTERVAL
        http.get_ratelimit("new")
        assert sweeps == [301]
        assert list(http._buckets) == ["new"]  # the unused ones went, the new one stayed
        for n in range(300):
            http.get_ratelimit(f"more {n}")
        assert sweeps == [301]  # not again within the interval
        now[0] += BUCKET_SWEEP_INTERVAL
        http.get_ratelimit("later")
        assert len(sweeps) == 2
        assert len(http._buckets) == 302  # the recent ones are kept
    finally:
        type(http)._try_clear_expired_ratelimits = original  # type: ignore[method-assign]


def test_a_client_without_the_sweep_is_left_alone() -> None:
    class Other:
        pass

    other = Other()
    _throttle_bucket_sweep(other)
    assert vars(other) == {}

"""`/ramsch about` in Discord (issue 31): version, commit, uptime, servers and links."""

from __future__ import annotations

import time

from bot.version import build_info
from tests.bot.helpers import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.driver import answer


async def test_about_says_version_commit_uptime_servers_and_links(harness: Harness) -> None:
    clock = FakeClock(time.time())
    harness.use_clock(clock)
    await harness.restart()
    clock.advance(3 * 3600 + 5 * 60 + 20)
    alice = harness.emulator.add_user("Alice")
    (about,) = await answer(alice, harness.channel, "ramsch about")
    assert about.ephemeral and about.ephemeral_for == alice.id
    info = build_info()
    assert info.version == "0.1.0" and info.commit is not None
    assert "About the Ramsch bot" in about.text
    assert f"Version\n{info.version}" in about.text
    assert f"Commit\n{info.commit}" in about.text
    assert "Uptime\n3 h 5 min" in about.text
    assert f"Servers\n{len(harness.emulator.guilds)}" in about.text
    for label, url in info.links:
        assert f"{label}: {url}" in about.text
    assert f"v{info.version} · {info.commit}" in about.text

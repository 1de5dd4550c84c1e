"""`/ramsch about` in Discord (issue 31): version, commit, uptime, servers and links."""

from __future__ import annotations

import os
import subprocess
import time
from importlib import metadata
from pathlib import Path

from bot.version import build_info
from tests.bot.helpers import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.driver import answer

ROOT = Path(__file__).resolve().parents[2]


def checkout_commit() -> str:
    """The commit of the checkout the tests run in, as git says it."""
    done = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


async def test_about_says_version_commit_uptime_servers_and_links(harness: Harness) -> None:
    clock = FakeClock(time.time())
    harness.use_clock(clock)
    await harness.restart()
    clock.advance(3 * 3600 + 5 * 60 + 20)
    alice = harness.emulator.add_user("Alice")
    (about,) = await answer(alice, harness.channel, "ramsch about")
    assert about.ephemeral and about.ephemeral_for == alice.id
    version = metadata.version("ramsch-bot")
    commit = os.environ.get("RAMSCH_COMMIT") or checkout_commit()
    assert "About the Ramsch bot" in about.text
    assert f"Version\n{version}" in about.text
    assert f"Commit\n{commit[:7]}" in about.text, "the tests run in a checkout"
    assert "Uptime\n3 h 5 min" in about.text
    assert f"Servers\n{len(harness.emulator.guilds)}" in about.text
    links = build_info().links
    for label, url in links:
        assert f"{label}: {url}" in about.text
    if not links:
        assert "The documentation is in the docs folder of the bot's source." in about.text
    assert f"v{version} · {commit[:7]}" in about.text

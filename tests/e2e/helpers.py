"""Shared steps of the issue 4/5 tests: AI tables, the log's replay, and what a channel showed."""

from __future__ import annotations

from bot.ui.text import score_text
from ramsch_core import Match
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game
from tests.emulator import Message, SimUser


async def ai_table(harness: Harness, host: SimUser, ais: int = 2, **options: object) -> Game:
    """A lobby opened by ``host`` with ``ais`` AI seats added by the Add AI button."""
    game = Game(harness, [host], "skat", from_log=True)
    lobby = await game.open(**options)
    for _ in range(ais):
        handle = await game.click(host, lobby, "Add AI")
        assert not game.refusals(handle), game.refusals(handle)
    return game


async def played_session(harness: Harness, host: SimUser) -> Game:
    """``host`` and two AIs play a whole session of one round (three deals) to its end."""
    game = await ai_table(harness, host, rounds=1)
    await game.start()
    while not game.replay().finished:
        await game.step()
    await harness.settle()
    return game


def all_texts(messages: list[Message]) -> str:
    """Every version of every message, as one text (what was ever shown)."""
    return "\n".join(version.text for message in messages for version in message.versions)


def standings_lines(names: list[str], match: Match) -> list[str]:
    """The final standings' lines, best first, as the bot writes them."""
    return [f"**{names[seat]}** {score_text(total)}" for seat, total in match.standings()]

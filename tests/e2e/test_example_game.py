"""The example game Stich through Discord: ``python -m bot`` started with
``RAMSCH_EXTRA_GAMES=tests.example_game`` (``bot/extra_games.py``) opens a Stich table, the
real discord.py client's players double or pass with the game's own buttons (ST-6) and play
a whole deal against the emulator; the bot's log replays to what it showed. Without the
setting the bot offers no Stich, and a module it can't import is one line, status 2."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from bot.ui import ids
from bot.ui.text import score_text
from ramsch_core import Game as CoreGame
from tests import example_game
from tests.e2e.driver import Game, is_one_view
from tests.e2e.durability_helpers import (
    BotProcess,
    ProcessHost,
    bot_env,
    logged_actions,
    run_bot,
    session_seed,
)
from tests.emulator import Emulator, InteractionHandle

EXTRA = {"RAMSCH_EXTRA_GAMES": "tests.example_game"}


@pytest.fixture
def stich(monkeypatch: pytest.MonkeyPatch) -> CoreGame:
    """The example game in this process too: the driver replays the bot's log with it."""
    return example_game.register(monkeypatch)


@pytest_asyncio.fixture
async def stich_bot(
    emulator: Emulator, tmp_path: Path, database: Path, stich: CoreGame
) -> AsyncIterator[tuple[ProcessHost, BotProcess]]:
    guild = emulator.add_guild("Stich Club", channels=("general",))
    host = ProcessHost(emulator, guild, guild.channels[0], database)
    running = await BotProcess.start(emulator, guild, host.db, tmp_path, extra=EXTRA)
    try:
        yield host, running
    finally:
        await running.stop()


@dataclass
class StichGame(Game):
    """A Stich table in the bot's process, its actions read from the bot's log (the driver
    clicks buttons of an action kind only the example game has)."""

    preset_name: str = "doubling"
    game_id: str = "stich"

    async def click_kind(self, kind: str | None = None) -> InteractionHandle:
        """The player on turn clicks a control of ``kind`` (any enabled one when None) and
        waits until the bot logged it and shows the next turn."""
        await self.until_shown()
        user, message, enabled = self.on_turn()
        assert is_one_view(message.current), message.current
        kinds = {c["custom_id"]: found["kind"] for c in enabled
                 if (found := re.fullmatch(ids.ACTION_TEMPLATE, c["custom_id"]))}  # fmt: skip
        choices = [c for c in enabled if kind is None or kinds.get(c["custom_id"]) == kind]
        assert choices, (kind, sorted(set(kinds.values())))
        count = len(self.actions)
        handle = await user.click(message, str(self.rng.choice(choices)["custom_id"]))
        await handle.wait_ack()
        await self.h.settle()
        assert not self.refusals(handle), self.refusals(handle)
        await self.read_logged(count)
        await self.until_shown()
        self.check_no_leak()
        return handle

    async def read_logged(self, count: int, seconds: float = 10.0) -> None:
        """The bot's log, once it holds more than ``count`` actions."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while loop.time() < deadline:
            self.actions = logged_actions(self.h.db, self.table_id)
            if len(self.actions) > count:
                return
            await asyncio.sleep(0.05)
        raise AssertionError("the bot did not log the click in time")

    def enabled_kinds(self) -> dict[str, set[str]]:
        """The enabled action kinds of each player's hand, by name."""
        found: dict[str, set[str]] = {}
        for user in self.players:
            _, enabled = self.controls(user)
            found[user.name] = {
                match["kind"]
                for c in enabled
                if (match := re.fullmatch(ids.ACTION_TEMPLATE, c["custom_id"]))
            }
        return found


async def test_a_whole_deal_of_the_example_game_with_its_own_step(
    stich_bot: tuple[ProcessHost, BotProcess],
) -> None:
    """ST-6: forehand alone is offered Double and Pass; his double is shown at the table and
    counts in the result; then the deal is played to its end with the shared card buttons,
    and the bot's log (its own action kind among the cards) replays to the scores shown. The
    match's other deals are clicked through to its final standings."""
    host, running = stich_bot
    players = [host.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = StichGame(host, players)
    lobby = await game.open(rounds=1)
    assert "Stich" in lobby.text
    await game.start()
    host.seeds.append(session_seed(host.db, game.table_id))
    await game.until_shown()
    match = game.replay()
    assert match.deal.phase == "announce"
    forehand = players[match.to_act or 0]
    kinds = game.enabled_kinds()
    assert kinds[forehand.name] == {"double", "pass"}
    assert all(not found for name, found in kinds.items() if name != forehand.name)
    assert "is to double or pass" in game.table_message().text
    await game.click_kind("double")
    assert "counts ×2" in game.table_message().text
    await game.click_kind("pass")
    await game.click_kind("pass")
    assert game.replay().deal.phase == "play"
    while not game.replay().finished_deals:
        await game.click_kind("play")
    await host.settle()
    logged = [action.kind for _, action in logged_actions(host.db, game.table_id)]
    assert logged[:3] == ["double", "pass", "pass"] and set(logged[3:]) == {"play"}
    result = game.replay().finished_deals[0].result
    assert result.multiplier == 2
    shown = next(m for m in host.channel.current_messages() if ": result" in m.text)
    assert "doubled" in shown.text and "×2" in shown.text, shown.text
    for seat, user in enumerate(players):
        assert user.name in shown.text
        deal_seat = game.replay().finished_deals[0].seats.index(seat)
        score = score_text(result.scores[deal_seat])
        assert f"→ **{score}** (×2)" in shown.text, shown.text
    while not game.replay().finished:  # the other two deals, each seat dealing once
        await game.click_kind()
    await host.settle()
    final = host.channel.current_messages()[-1].text
    assert "final standings" in final and "the fewest win" in final, final
    assert await running.stop() == 0
    assert not running.errors(), "\n".join(running.lines)


async def test_without_the_setting_the_bot_offers_no_stich(
    emulator: Emulator, tmp_path: Path, database: Path
) -> None:
    """The example game exists only where it is named: a bot started without
    ``RAMSCH_EXTRA_GAMES`` refuses a Stich table as an unknown game choice."""
    guild = emulator.add_guild("Plain Club", channels=("general",))
    running = await BotProcess.start(emulator, guild, database, tmp_path)
    try:
        alice = emulator.add_user("Alice")
        with pytest.raises(Exception, match="option 'game' must be one of") as refused:
            await alice.slash(guild.channels[0], "ramsch new", game="stich", preset="plain")
        assert "'skat'" in str(refused.value) and "stich" not in str(refused.value)
    finally:
        assert await running.stop() == 0


async def test_a_module_it_cannot_import_is_one_line_and_status_2(tmp_path: Path) -> None:
    env = bot_env(DISCORD_TOKEN="unused", RAMSCH_EXTRA_GAMES="tests.no_such_game")
    code, out, err = await run_bot(env, tmp_path)
    assert code == 2
    lines = err.decode().strip().splitlines()
    assert len(lines) == 1 and "RAMSCH_EXTRA_GAMES" in lines[0], lines
    assert "tests.no_such_game" in lines[0] and out == b""

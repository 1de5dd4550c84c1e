"""Two gateway shards in one process: the real discord.py AutoShardedBot (shard_ids [0, 1],
shard_count 2) against the emulator, a guild on each shard, a table played in each. Discord
sends the hand messages' button clicks (DMs) to shard 0, also for the table on shard 1."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import pytest_asyncio

from bot.client import RamschBot
from bot.settings import Settings
from bot.shards import ShardedRamschBot, build_bot, shard_of
from bot.storage import Store
from bot.tables import TableService
from bot.ui import ids
from tests.e2e.conftest import Harness, synced_commands
from tests.e2e.driver import Game, answer
from tests.e2e.durability_helpers import BotProcess, bot_env, error_lines, run_bot
from tests.e2e.test_play import check_result, result_messages
from tests.emulator import Channel, Emulator, Guild, InteractionHandle
from tests.emulator.fixtures import start_client
from tests.pg import chosen_backends

SHARDS = (0, 2), (1, 2)


async def no_pause(self: ShardedRamschBot, shard_id: int | None, *, initial: bool = False) -> None:
    """discord.py waits 5 s between two IDENTIFYs (Discord's limit); the emulator has none."""


class ShardedHarness(Harness):
    """The bot of ``tests.e2e.conftest`` built from shard settings: ``guilds`` on two shards,
    commands synced to both."""

    guilds: tuple[Guild, ...] = ()

    def settings(self) -> Settings:
        return Settings(
            discord_token="unused",
            ramsch_db=self.db,
            ramsch_guild_ids=tuple(g.id for g in self.guilds),
            ramsch_render_interval=0,
            ramsch_ai_delay=0,
            ramsch_tick_interval=0,
            ramsch_shard_count=2,
            ramsch_shard_ids=(0, 1),
            _env_file=None,
        )

    async def launch(self) -> None:
        self.store = await Store.open(self.db)
        self.service = TableService(
            self.store, seed_source=self._seed, ai_delay=0, clock=self.clock
        )
        self.bot = build_bot(self.settings(), self.service, self.store)
        await start_client(self.bot, self.emulator)
        await synced_commands(self.bot)


@dataclass
class GuildHost:
    """One guild's channel as the driver's ``Game`` host; the bot is the harness's."""

    harness: ShardedHarness
    emulator: Emulator
    channel: Channel
    seeds: list[int] = field(default_factory=list)

    @property
    def service(self) -> TableService:
        return self.harness.service

    async def settle(self) -> None:
        await self.harness.settle()


@pytest_asyncio.fixture
async def sharded(
    emulator: Emulator,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> AsyncIterator[ShardedHarness]:
    monkeypatch.setattr(ShardedRamschBot, "before_identify_hook", no_pause)
    emulator.shard_count = 2
    zero = emulator.add_guild("Shard Zero Club", shard=0)
    one = emulator.add_guild("Shard One Club", shard=1)
    db: Path = tmp_path / "ramsch.sqlite3"
    if chosen_backends() == ["postgresql"]:  # as tests.e2e.conftest's harness does
        db = request.getfixturevalue("postgres_url")
    running = ShardedHarness(emulator, zero, zero.channels[0], db)
    running.guilds = (zero, one)
    await running.launch()
    try:
        yield running
    finally:
        await running.shutdown()


def table_of(handle: InteractionHandle) -> int | None:
    """The table a hand control's click acts on (``ramsch:a:<table>:...``), else None."""
    found = re.fullmatch(ids.ACTION_TEMPLATE, str(handle.data.get("custom_id", "")))
    return int(found["table"]) if found else None


async def test_two_shards_in_one_process_play_a_table_in_each_guild(
    sharded: ShardedHarness,
) -> None:
    """Guild commands and lobby clicks arrive on their guild's shard, every hand click on
    shard 0; both tables are played through a deal, turn by turn in alternation, and each
    result is the core's replay of the clicks."""
    emulator, bot = sharded.emulator, sharded.bot
    zero, one = sharded.guilds
    assert isinstance(bot, ShardedRamschBot)
    assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
    assert [shard_of(g.id, 2) for g in (zero, one)] == [0, 1]
    assert {g.id: g.shard_id for g in bot.guilds} == {zero.id: 0, one.id: 1}
    identified = sorted(
        (tuple(e.data["shard"]), tuple(e.data["guilds"]))
        for e in emulator.events
        if e.kind == "identify"
    )
    assert identified == [((0, 2), (zero.id,)), ((1, 2), (one.id,))]
    alice, bob, carol, dora, emil = (
        emulator.add_user(name) for name in ("Alice", "Bob", "Carol", "Dora", "Emil")
    )
    hosts = [GuildHost(sharded, emulator, g.channels[0]) for g in (zero, one)]
    # Alice plays at both tables: her one DM channel holds both hands.
    games = [
        Game(hosts[0], [alice, bob, carol], "skat"),
        Game(hosts[1], [dora, alice, emil], "skat"),
    ]
    for game, host in zip(games, hosts, strict=True):
        await game.open(rounds=1)
        await game.start()
        host.seeds.append(sharded.seeds[-1])
    assert games[0].table_id != games[1].table_id
    while any(not game.replay().finished_deals for game in games):
        for game in games:
            if not game.replay().finished_deals:
                await game.step()
    for game in games:
        assert len(result_messages(game)) == 1
        check_result(game, 0)  # the posted result is the replay's
        assert game.checks > 0
    # Where each interaction went: a guild's on its shard, a DM's on shard 0.
    for handle in emulator.interactions:
        if handle.guild is None:
            assert handle.shards == [(0, 2)], handle
        else:
            assert handle.shards == [SHARDS[shard_of(handle.guild.id, 2)]], handle
    dm_clicks = [h for h in emulator.interactions if h.guild is None and table_of(h)]
    on_one = [h for h in dm_clicks if table_of(h) == games[1].table_id]
    assert on_one and all(h.shards == [(0, 2)] for h in on_one)
    assert {h.user.id for h in on_one} == {dora.id, alice.id, emil.id}
    in_one = [h for h in emulator.interactions if h.guild is one]
    assert in_one and all(h.shards == [(1, 2)] for h in in_one)
    # A guild command on shard 1: its table ends; Alice's hand at the other table stays.
    tables = [game.table_message() for game in games]
    (done,) = await answer(dora, hosts[1].channel, "ramsch abort")
    assert done.ephemeral and "cancelled" in done.text, done.text
    await sharded.settle()
    assert "This table was cancelled" in tables[1].text and not tables[1].buttons()
    assert games[0].table_message() is tables[0] and "cancelled" not in tables[0].text
    assert games[1].controls(alice)[1] == []
    await games[0].step()  # the table on shard 0 plays on: deal 2, by a DM click
    assert len(games[0].replay().deal.history) == 1
    assert emulator.errors == [], "a Discord limit or rule was broken"


async def test_without_shard_settings_the_bot_is_the_unsharded_one(
    harness: Harness,
) -> None:
    """No RAMSCH_SHARD_*: one unsharded connection, as before."""
    assert type(harness.bot) is RamschBot
    assert [tuple(e.data["shard"]) for e in harness.emulator.events if e.kind == "identify"] == [
        (0, 1)
    ]


# -- the bot as a process ------------------------------------------------------------------------


async def test_the_bot_process_runs_the_shards_its_settings_name(
    emulator: Emulator, tmp_path: Path
) -> None:
    """``python -m bot`` with RAMSCH_SHARD_COUNT=2 and RAMSCH_SHARD_IDS=0-1 opens both shards
    (discord.py waits its 5 s between the two IDENTIFYs) and answers in a guild on each."""
    emulator.shard_count = 2
    zero = emulator.add_guild("Zero", shard=0)
    one = emulator.add_guild("One", shard=1)
    extra = {
        "RAMSCH_SHARD_COUNT": "2",
        "RAMSCH_SHARD_IDS": "0-1",
        "RAMSCH_GUILD_IDS": f"{zero.id},{one.id}",
    }
    running = await BotProcess.start(
        emulator, zero, tmp_path / "ramsch.sqlite3", tmp_path, timeout=30, extra=extra
    )
    try:
        assert any("Shards: 0-1 of 2" in line for line in running.lines), running.lines
        sessions = {s.shard for s in emulator.gateway.live_sessions()}
        assert sessions == set(SHARDS)
        user = emulator.add_user("Dora")
        for guild in (zero, one):
            (help_text,) = await answer(user, guild.channels[0], "ramsch help")
            assert help_text.ephemeral and "My hand" in help_text.text
    finally:
        code = await running.stop()
    assert code == 0 and not error_lines(running.lines), "\n".join(running.lines)


@pytest.mark.parametrize(
    ("settings", "says"),
    [
        ({"RAMSCH_SHARD_COUNT": "2"}, "RAMSCH_SHARD_IDS: Value error, is not set but"),
        ({"RAMSCH_SHARD_IDS": "0-1"}, "RAMSCH_SHARD_IDS: Value error, needs RAMSCH_SHARD_COUNT"),
        (
            {"RAMSCH_SHARD_COUNT": "2", "RAMSCH_SHARD_IDS": "1-2"},
            "RAMSCH_SHARD_IDS: Value error, shard 2 is not below RAMSCH_SHARD_COUNT (2)",
        ),
        ({"RAMSCH_SHARD_COUNT": "0", "RAMSCH_SHARD_IDS": "0"}, "RAMSCH_SHARD_COUNT: Input"),
    ],
)
async def test_bad_shard_settings_are_one_line_and_status_2(
    tmp_path: Path, settings: dict[str, str], says: str
) -> None:
    env = bot_env(DISCORD_TOKEN="secret-token", **settings)
    code, _, err = await run_bot(env, tmp_path)
    text = err.decode()
    assert code == 2, text
    lines = text.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in text, lines
    assert lines[0].startswith("Invalid configuration: ") and says in lines[0], lines
    assert "secret-token" not in text

"""Test helpers for the table service: a fake clock, a stub AI, seating and playing."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from bot.settings import Settings
from bot.storage import Store
from bot.tables import Table, TableService, Update
from ramsch_core import DEFAULT_GAME, Action, SeatView, preset
from tests.bot.people import ALICE, BOB, CAROL, CHANNEL, GUILD, HOST, NAMES, STRANGER  # noqa: F401


class FakeClock:
    """A clock the tests move by hand."""

    def __init__(self, now: float = 1_750_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class StubPlayer:
    """Chooses a random legal action, reproducibly from its seed (stands in for ramsch_core.ai)."""

    def __init__(self, kind: str, seed: int) -> None:
        self.kind = kind
        self.random = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        return self.random.choice(view.legal)


def stub_factory(kind: str, seed: int) -> StubPlayer:
    return StubPlayer(kind, seed)


def bot_settings(tmp_path: Path) -> Settings:
    """Settings of a bot built in a test: one guild, no delays, a database in ``tmp_path``."""
    return Settings(
        discord_token="unused",
        ramsch_db=tmp_path / "ramsch.db",
        ramsch_guild_ids=(1,),
        ramsch_render_interval=0,
        ramsch_ai_delay=0,
        ramsch_tick_interval=0,
        _env_file=None,
    )


def make_service(store: Store, clock: FakeClock, seeds: Callable[[], int]) -> TableService:
    return TableService(store, seed_source=seeds, clock=clock, player_factory=stub_factory)


async def restart(
    service: TableService, store: Store, db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> tuple[TableService, Store]:
    """Close everything and open a fresh service on the same database, as after a restart."""
    await service.close()
    await store.close()
    new_store = await Store.open(db_path)
    return make_service(new_store, clock, seeds), new_store


class Recorder:
    """A listener that keeps every update it is given."""

    def __init__(self) -> None:
        self.updates: list[Update] = []

    async def __call__(self, update: Update) -> None:
        self.updates.append(update)

    @property
    def kinds(self) -> list[str]:
        return [update.kind for update in self.updates]


async def open_lobby(
    service: TableService,
    preset_name: str = "skat",
    *,
    seats: int | None = None,
    rounds: int = 1,
    channel: int = CHANNEL,
    guild: int = GUILD,
    game: str = DEFAULT_GAME,
) -> Table:
    rules = preset(preset_name, game=game)
    options = {"seats": seats or rules.players, "rounds": rounds}
    update = await service.lobby.open(
        guild_id=guild, channel_id=channel, host_id=HOST, host_name="Host",
        rules=rules, options=options,
    )  # fmt: skip
    return update.table


async def start_table(
    service: TableService,
    preset_name: str = "skat",
    *,
    players: tuple[int, ...] = (ALICE, BOB),
    ai: int = 0,
    seats: int | None = None,
    rounds: int = 1,
    channel: int = CHANNEL,
    guild: int = GUILD,
    game: str = DEFAULT_GAME,
) -> Table:
    """Open a lobby, seat the host, ``players`` and ``ai`` AI seats, and start it."""
    table = await open_lobby(
        service, preset_name, seats=seats, rounds=rounds, channel=channel, guild=guild, game=game
    )
    for user in players:
        await service.lobby.join(table.id, user, NAMES[user])
    for _ in range(ai):
        await service.lobby.add_ai(table.id, HOST)
    await service.lobby.start(table.id, HOST)
    await service.autoplay.wait_idle()
    return table


def to_act_user(table: Table) -> int:
    seat = table.to_act
    assert seat is not None
    user = table.seats[seat].user_id
    assert user is not None
    return user


async def play_human_turn(service: TableService, table: Table, rng: random.Random) -> Update:
    """The human to act takes a random legal action; then the AI seats move."""
    user = to_act_user(table)
    view = table.view_for(user)
    assert view is not None
    action = rng.choice(view.legal)
    update = await service.play.act(table.id, user, action, deal_number=table.deal_number)
    await service.autoplay.wait_idle()
    return update


async def play_out(
    service: TableService, table: Table, seed: int = 0, max_actions: int | None = None
) -> None:
    """Play the table to its end (or ``max_actions`` human actions) with random legal moves."""
    rng = random.Random(seed)
    count = 0
    while table.status == "playing" and (max_actions is None or count < max_actions):
        await play_human_turn(service, table, rng)
        count += 1

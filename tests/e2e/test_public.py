"""Issue 32 through Discord, with two servers in the emulator: players of both are matched by
the quick-match queue and play a whole session in their DMs, no hand leaks, no channel of one
server names a member of the other; refusals; a restart with a waiting queue and a live public
table."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from bot.client import RamschBot
from bot.settings import Settings
from bot.storage import Store
from bot.tables import TableService
from bot.ui.public import JOIN_TEMPLATE
from tests.e2e.conftest import Harness, own_card_emojis, synced_commands
from tests.e2e.driver import Game, answer
from tests.emulator import Emulator, Guild, Message, SimUser
from tests.emulator.fixtures import start_client
from tests.pg import chosen_backends


class TwoServers(Harness):
    """The bot in two servers (``guild`` and ``other``), both with the commands."""

    other: Guild

    async def launch(self) -> None:
        self.store = await Store.open(self.db)
        self.service = TableService(
            self.store, seed_source=self._seed, ai_delay=0, clock=self.clock
        )
        settings = Settings(
            discord_token="unused", ramsch_db=self.db,
            ramsch_guild_ids=(self.guild.id, self.other.id), ramsch_render_interval=0,
            ramsch_ai_delay=0, ramsch_tick_interval=0, _env_file=None,
        )  # fmt: skip
        self.bot = RamschBot(settings, self.service, self.store)
        await start_client(self.bot, self.emulator)
        await synced_commands(self.bot)


@pytest_asyncio.fixture
async def servers(
    emulator: Emulator, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[TwoServers]:
    guild = emulator.add_guild("Ramsch Club", channels=("general",))
    other = emulator.add_guild("Skat Stube", channels=("spiele",))
    db: Path = tmp_path / "ramsch.sqlite3"
    if chosen_backends() == ["postgresql"]:
        db = request.getfixturevalue("postgres_url")
    own_card_emojis(emulator)
    running = TwoServers(emulator, guild, guild.channels[0], db)
    running.other = other
    await running.launch()
    try:
        yield running
    finally:
        await running.shutdown()


@dataclass
class People:
    anna: SimUser
    """Of the first server (its admin)."""
    bernd: SimUser
    """Of the second server (its admin)."""
    clara: SimUser
    """Of the second server."""


async def opted_in(servers: TwoServers) -> People:
    """Three players, one of the first server and two of the second; both servers take part
    in public games (mirrors off)."""
    emulator = servers.emulator
    anna = emulator.add_user("anna", guilds=(servers.guild,), global_name="Anna Aurora")
    bernd = emulator.add_user("bernd", guilds=(servers.other,), global_name="Bernd Borealis")
    clara = emulator.add_user("clara", guilds=(servers.other,), global_name="Clara Cosmos")
    servers.guild.grant(anna, manage_guild=True)
    servers.other.grant(bernd, manage_guild=True)
    for admin, channel in ((anna, servers.channel), (bernd, servers.other.channels[0])):
        await answer(admin, channel, "ramsch-config public", public=True)
    await servers.settle()
    return People(anna, bernd, clara)


class PublicGame(Game):
    """A public table driven through its players' DMs: it has no channel message."""

    def hand_message(self, user: SimUser) -> Message | None:
        mark = re.compile(rf" #{self.table_id}\*\* · ")
        found = [m for m in user.dms() if mark.search(m.text)]
        return max(found, key=lambda m: m.order) if found else None

    def table_message(self) -> Message:
        """The table as its first player sees it: in his DM, beside his hand."""
        shown = self.hand_message(self.players[0])
        assert shown is not None
        return shown


def names_of_members(guild: Guild, people: list[SimUser]) -> list[str]:
    """How a channel could name each of ``people``: their names and mention ids."""
    shown: list[str] = []
    for person in people:
        if person.id in guild.members:
            continue
        shown += [person.name, str(person.id), person.account.global_name or person.name]
    return shown


def channel_texts(guild: Guild, people: list[SimUser]) -> list[str]:
    """Every message shown in the server's channels, also those shown to one member only."""
    texts = [m.text for channel in guild.channels for m in channel.current_messages()]
    for person in people:
        texts += [m.text for m in person.ephemerals() if m.channel.guild is guild]
    return texts


async def queue(user: SimUser, channel: object) -> Message:
    (shown,) = await answer(user, channel, "ramsch quick", game="ramsch")  # type: ignore[arg-type]
    return shown


async def test_players_of_two_servers_are_matched_and_play_a_session_in_their_dms(
    servers: TwoServers,
) -> None:
    people = await opted_in(servers)
    other = servers.other.channels[0]
    first = await queue(people.anna, servers.channel)
    assert first.ephemeral and "1 player waits in this queue" in first.text
    second = await queue(people.bernd, other)
    assert "2 players wait in this queue" in second.text
    await queue(people.clara, other)
    await servers.settle()
    (table,) = servers.service.tables.open_tables()
    assert table.public and table.status == "playing"
    by_id = {person.id: person for person in (people.anna, people.bernd, people.clara)}
    seated = [by_id[seat.user_id] for seat in table.seats if seat.user_id is not None]
    assert {person.name for person in seated} == {"anna", "bernd", "clara"}
    for shown in (first, second):  # their queue messages say where they play now
        assert f"#{table.id}" in shown.current.text and "direct messages" in shown.current.text
    game = PublicGame(servers, seated, "skat", table_id=table.id)
    while not game.replay().finished:
        await game.step()  # checks that no message shows a card its reader may not know
    await servers.settle()
    assert table.status == "finished"
    hand = game.hand_message(people.clara)
    assert hand is not None and "Anna Aurora" in hand.text and "Bernd Borealis" in hand.text
    everyone = [people.anna, people.bernd, people.clara]
    for guild in (servers.guild, servers.other):
        texts = channel_texts(guild, everyone)
        for name in names_of_members(guild, everyone):
            assert not any(name in text for text in texts), (guild.name, name)
    await servers.store.ratings.rate_finished_matches()
    rated = await servers.store.fetch(
        "SELECT DISTINCT guild_id FROM rating_changes WHERE table_id = ?", (table.id,)
    )
    assert [int(row[0]) for row in rated] == [0]  # the public board, no server's
    (board,) = await answer(people.anna, servers.channel, "ramsch public-board")
    assert board.ephemeral and "Public games — Leaderboard" in board.text
    assert "You: **" in board.text  # Anna's public rating


async def test_refusals_of_public_play_are_one_sentence_and_change_nothing(
    servers: TwoServers,
) -> None:
    dora = servers.emulator.add_user("dora", guilds=(servers.guild,), global_name="Dora")
    (refused,) = await answer(dora, servers.channel, "ramsch quick", game="ramsch")
    assert refused.ephemeral and "does not take part in public games" in refused.text
    assert await servers.store.public.queued(dora.id) is None
    people = await opted_in(servers)
    other = servers.other.channels[0]
    await queue(people.anna, servers.channel)
    (twice,) = await answer(people.anna, servers.channel, "ramsch quick", game="skat")
    assert "wait in a queue already" in twice.text
    (report,) = await answer(people.clara, other, "ramsch report", table=1, reason="rude")
    assert "only report a public table you sat at" in report.text
    # Bernd opens a public table; Anna (of the other server) sees it and Clara's block hides it
    (opened,) = await answer(people.bernd, other, "ramsch new", preset="skat", public=True)
    assert opened.ephemeral and "public table #" in opened.text
    table_id = max(servers.service.tables.ids())
    (listing,) = await answer(people.anna, servers.channel, "ramsch tables")
    joins = [b for b in listing.buttons() if re.fullmatch(JOIN_TEMPLATE, b["custom_id"])]
    assert [b["custom_id"] for b in joins] == [f"ramsch:pj:{table_id}"]
    assert "Bernd" not in listing.text
    (seen,) = await answer(people.clara, other, "ramsch tables")
    await answer(people.bernd, other, "ramsch block", user=people.clara)
    (hidden,) = await answer(people.clara, other, "ramsch tables")
    assert not hidden.buttons()
    handle = await people.clara.click_custom_id(seen, f"ramsch:pj:{table_id}")
    (blocked,) = await handle.wait_response()
    assert "blocked the other" in blocked.text
    assert [seat.user_id for seat in servers.service.tables.get(table_id).seats] == [
        people.bernd.id
    ]
    # a forged id: a table of the other server that is not public
    await answer(people.clara, other, "ramsch new", preset="skat")
    private = max(servers.service.tables.ids())
    forged = await people.anna.click_custom_id(listing, f"ramsch:pj:{private}")
    (foreign,) = await forged.wait_response()
    assert "belongs to another server" in foreign.text
    assert len(servers.service.tables.get(private).seats) == 1
    await servers.settle()


async def test_a_waiting_queue_and_a_live_public_table_survive_a_restart(
    servers: TwoServers,
) -> None:
    people = await opted_in(servers)
    other = servers.other.channels[0]
    await answer(people.anna, servers.channel, "ramsch new", preset="skat", public=True)
    table_id = max(servers.service.tables.ids())
    (listing,) = await answer(people.bernd, other, "ramsch tables")
    handle = await people.bernd.click_custom_id(listing, f"ramsch:pj:{table_id}")
    await handle.wait_response()
    await queue(people.clara, other)
    await servers.restart()
    table = servers.service.tables.get(table_id)
    assert table.public and [seat.user_id for seat in table.seats] == [
        people.anna.id, people.bernd.id,
    ]  # fmt: skip
    (look,) = await answer(people.clara, other, "ramsch tables")
    assert f"ramsch:pj:{table_id}" in [b["custom_id"] for b in look.buttons()]
    joined = await people.clara.click_custom_id(look, f"ramsch:pj:{table_id}")
    await joined.wait_response()
    await servers.settle()
    assert await servers.store.public.queued(people.clara.id) is None  # seated: not queued
    assert table.status == "playing"
    assert all(game_hand(person, table_id) for person in (people.anna, people.bernd, people.clara))


def game_hand(user: SimUser, table_id: int) -> bool:
    return any(f"#{table_id}** · " in message.text for message in user.dms())


async def test_a_server_with_a_mirror_channel_shows_its_members_public_tables_there(
    servers: TwoServers,
) -> None:
    people = await opted_in(servers)
    mirror = servers.guild.add_channel("zuschauen")
    await answer(people.anna, servers.channel, "ramsch-config public", mirror=mirror)
    other = servers.other.channels[0]
    await queue(people.anna, servers.channel)
    await queue(people.bernd, other)
    await queue(people.clara, other)
    await servers.settle()
    (table,) = servers.service.tables.open_tables()
    assert table.guild_id == servers.guild.id and table.channel_id == mirror.id
    shown = [m.text for m in mirror.current_messages()]
    assert any("Bernd Borealis" in text and "Clara Cosmos" in text for text in shown), shown
    assert not servers.channel.current_messages()  # only the mirror shows the table
    everyone = [people.anna, people.bernd, people.clara]
    texts = channel_texts(servers.other, everyone)
    for name in names_of_members(servers.other, everyone):
        assert not any(name in text for text in texts), name


async def test_a_running_public_table_survives_a_restart_and_a_leaver_is_rated_last(
    servers: TwoServers,
) -> None:
    people = await opted_in(servers)
    other = servers.other.channels[0]
    for person, channel in ((people.anna, servers.channel), (people.bernd, other),
                            (people.clara, other)):  # fmt: skip
        await queue(person, channel)
    await servers.settle()
    (table,) = servers.service.tables.open_tables()
    by_id = {person.id: person for person in (people.anna, people.bernd, people.clara)}
    seated = [by_id[seat.user_id] for seat in table.seats if seat.user_id is not None]
    game = PublicGame(servers, seated, "skat", table_id=table.id)
    for _ in range(4):
        await game.step()
    before = [(seat.user_id, seat.name) for seat in table.seats], table.log_length
    await servers.restart()
    table = servers.service.tables.get(game.table_id)
    assert table.public and ([(seat.user_id, seat.name) for seat in table.seats],
                             table.log_length) == before  # fmt: skip
    await game.step()  # the hands in the DMs still play
    leaver = game.players[2]
    leaver_channel = servers.channel if leaver is people.anna else other
    (left,) = await answer(leaver, leaver_channel, "ramsch leave", table=game.table_id)
    assert left.ephemeral and "last place" in left.text
    await servers.settle()
    hand = game.hand_message(leaver)
    assert hand is not None and not hand.buttons()  # his hand is closed, nothing lost
    game.from_log = True
    while not game.replay().finished:
        await game.step()
    await servers.settle()
    await servers.store.ratings.rate_finished_matches()
    ranks = await servers.store.fetch(
        "SELECT user_id, rank FROM rating_changes WHERE table_id = ? ORDER BY seat",
        (game.table_id,),
    )
    assert [int(rank) for user, rank in ranks if user == leaver.id] == [3]

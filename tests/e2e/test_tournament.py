"""Tournaments through Discord (issue 33): ten Skat players at tables of 4 + 3 + 3 over two
series, one leaving mid-series, the bot restarted between two games; eight Schafkopf players
at two tables; the final standings checked against the tables' lists worked out again from
the logs; and every bad input refused with one sentence, nothing changed."""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction
from typing import Any

from ramsch_core import Match, TableOptions, parse_rules
from ramsch_core.match import SheetEntry
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, answer
from tests.e2e.schafkopf_driver import SchafkopfGame
from tests.e2e.skat_driver import SkatGame
from tests.emulator import Message, SimUser
from tests.emulator.threads import Thread

NAMES = ("Anna", "Ben", "Cleo", "Dirk", "Emma", "Finn", "Greta", "Hugo", "Ida", "Jan")


def cog(harness: Harness) -> Any:
    return harness.bot.get_cog("Tournaments")


async def settle(harness: Harness) -> None:
    """Everything answered, shown and played that may be, the tournament's messages too."""
    for _ in range(3):
        await harness.settle()
        await cog(harness).settled()
    await harness.settle()


class Host:
    """The harness for a table's driver: settling waits for the tournament's messages too;
    its channel is the table's (its thread, or the tournament's channel)."""

    def __init__(self, harness: Harness, channel: Any = None) -> None:
        self.harness = harness
        self.channel = channel or harness.channel

    def __getattr__(self, name: str) -> Any:
        return getattr(self.harness, name)

    async def settle(self) -> None:
        await settle(self.harness)


class TableOracle:
    """A table's rules and seed as the bot stored them: the replay of the driver's clicks."""

    game: Game

    def stored_table(self) -> tuple[Any, TableOptions, int]:
        table = self.game.h.service.tables.get(self.game.table_id)
        return table.rules, table.options, table.seed


class TournamentSkat(SkatGame):
    """A Skat table of the tournament: rules, options and seed the bot's own."""

    seed: int = 0
    known: tuple[Any, TableOptions] | None = None

    def _known(self) -> tuple[Any, TableOptions]:
        service = self.h.service
        if self.table_id in service.tables:
            table = service.tables.get(self.table_id)
            assert table.seed is not None
            self.known, self.seed = (table.rules, table.options), table.seed
        assert self.known is not None
        return self.known

    def rules(self) -> Any:
        return self._known()[0]

    def table_options(self) -> TableOptions:
        return self._known()[1]

    def replay(self) -> Match:
        self._known()
        return Match.replay(self.rules(), self.table_options(), self.seed, self.actions)


class TournamentSchafkopf(SchafkopfGame):
    seed: int = 0
    known: tuple[Any, TableOptions] | None = None

    _known = TournamentSkat._known
    table_options = TournamentSkat.table_options
    replay = TournamentSkat.replay

    def rules(self) -> Any:
        return self._known()[0]


class Nobody:
    """A seat whose player left: the AI plays it, he is shown nothing to click."""

    name = "nobody"

    def dms(self) -> list[Message]:
        return []

    def ephemerals(self, channel: Any = None) -> list[Message]:
        return []

    def visible_messages(self) -> list[Message]:
        return []


def join_id(tournament: int, action: str = "join") -> str:
    return f"ramsch:tn:{tournament}:{action}"


async def open_tournament(
    harness: Harness, mod: SimUser, players: list[SimUser], **options: Any
) -> tuple[int, Message]:
    (page,) = await answer(mod, harness.channel, "ramsch tournament new", **options)
    assert not page.ephemeral
    number = int(re.search(r"ramsch:tn:(\d+):join", str(page.buttons()))[1])  # type: ignore[index]
    for user in players:
        handle = await user.click(page, join_id(number))
        await handle.wait_ack()
        assert [m.text for m in handle.messages] == ["You are registered. Good luck!"]
    await settle(harness)
    return number, page


def drivers(
    harness: Harness,
    drawn: dict[int, list[int | None]],
    users: dict[int, SimUser],
    kind: type[SkatGame],
) -> list[SkatGame]:
    """A driver per table of a series (``drawn``: its tables' seats), players in seat order."""
    found = []
    for table_id, seats in sorted(drawn.items()):
        players = [users[seat] if seat is not None else Nobody() for seat in seats]
        channel = harness.emulator.channels[harness.service.tables.get(table_id).channel_id]
        host = Host(harness, channel)
        game = kind(host, players, from_log=True, table_id=table_id)  # type: ignore[arg-type]
        game.rng.seed(table_id)
        found.append(game)
    return found


async def tables_of(harness: Harness, number: int, series: int) -> dict[int, list[int | None]]:
    """The tables of a series as drawn: table id -> the player of each seat (None: an AI)."""
    found = {}
    for row in await harness.store.tournaments.tables(number):
        if row.series == series:
            assert row.table_id is not None
            found[row.table_id] = row.seats
    return found


async def play_out(game: SkatGame) -> None:
    while not game.replay().finished:
        await game.read_log()
        if game.replay().finished:
            break
        await game.auto_deal()


def expected_totals(
    matches: dict[int, Match],
    seats: dict[int, list[int | None]],
    replaced: dict[int, dict[int, int]],
) -> dict[int, Fraction]:
    """The standings worked out from the tables' logs alone: each game's table scores (FS-14
    at Skat) count for the player drawn to a seat until an AI took it over; a game an AI
    declared counts for nobody."""
    totals: dict[int, Fraction] = {}
    for table_id, match in matches.items():
        players = seats[table_id]
        gone = replaced.get(table_id, {})

        def holder(
            seat: int,
            entry: SheetEntry,
            players: list[int | None] = players,
            gone: dict[int, int] = gone,
        ) -> int | None:
            if entry.number >= gone.get(seat, 10**6):
                return None
            return players[seat]

        for entry in match.finished_deals:
            details = entry.result.details or {}
            declarer = details.get("declarer")
            if declarer is not None and holder(entry.seats[declarer], entry) is None:
                continue
            for seat in range(len(players)):
                player = holder(seat, entry)
                if player is not None:
                    totals[player] = totals.get(player, Fraction(0)) + entry.table_scores[seat]
    return totals


async def matches_of(harness: Harness, number: int) -> dict[int, Match]:
    """Each table of the tournament replayed from its stored log."""
    found = {}
    for row in await harness.store.tournaments.tables(number):
        assert row.table_id is not None
        stored = await harness.store.fetch(
            "SELECT t.rules, t.options, s.seed FROM tables t JOIN matches s"
            " ON s.table_id = t.id WHERE t.id = ?",
            (row.table_id,),
        )
        rules, options, seed = stored[0]
        actions = await harness.store.tables.load_actions(row.table_id)
        found[row.table_id] = Match.replay(
            parse_rules(json.loads(rules)),
            TableOptions.model_validate(json.loads(options)),
            int(seed),
            [(a.seat, a.action) for a in actions],
        )
    return found


async def check_final(harness: Harness, number: int, users: dict[int, SimUser]) -> None:
    """The final standings message and its CSV equal the standings worked out from the logs."""
    replaced: dict[int, dict[int, int]] = {}
    rows = await harness.store.tournaments.tables(number)
    by_key = {(r.series, r.number): r.table_id for r in rows}
    for (series, table), seats in (await harness.store.tournaments.replacements(number)).items():
        table_id = by_key[(series, table)]
        assert table_id is not None
        replaced[table_id] = seats
    seats = {r.table_id: r.seats for r in rows if r.table_id is not None}
    expected = expected_totals(await matches_of(harness, number), seats, replaced)
    final = [m for m in harness.channel.current_messages() if "Final standings" in m.text]
    assert len(final) == 1, [m.text for m in harness.channel.current_messages()][-5:]
    files = {a.filename: a.data.decode() for a in final[0].attachments}
    table = list(csv.reader(io.StringIO(files[f"tournament-{number}.csv"])))
    assert table[0][:5] == ["Rank", "Player", "Total", "Won", "Lost"]
    names = {user.name: user_id for user_id, user in users.items()}
    shown = {names[row[1]]: Fraction(row[2]) for row in table[1:]}
    assert shown == {p: expected.get(p, Fraction(0)) for p in shown}
    ranks = [int(row[0]) for row in table[1:]]
    assert ranks == sorted(ranks)
    totals = [Fraction(row[2]) for row in table[1:]]
    assert totals == sorted(totals, reverse=True)
    assert "Series 1, table 1" in files[f"tournament-{number}-lists.csv"]


async def test_ten_skat_players_two_series_a_leaver_and_a_restart(harness: Harness) -> None:
    mod = harness.emulator.add_user("Mod")
    harness.guild.grant(mod, manage_guild=True)
    players = [harness.emulator.add_user(name) for name in NAMES]
    users = {user.id: user for user in players}
    number, page = await open_tournament(
        harness, mod, players, game="skat", series=2, games=3, language="en"
    )
    assert "10 players:" in page.text and "Anna" in page.text

    refused = await answer(players[0], harness.channel, "ramsch tournament start")
    assert [m.text for m in refused] == [
        "Only the organiser, a server manager or the tournament role can do this"
    ]
    await answer(mod, harness.channel, "ramsch tournament start")
    await settle(harness)
    first = await tables_of(harness, number, 0)
    assert sorted(len(s) for s in first.values()) == [3, 3, 4]
    games = drivers(harness, first, users, TournamentSkat)

    # The first table plays a game; then one of its players leaves: an AI takes his seat.
    await games[0].auto_deal()
    await settle(harness)
    assert "Standings:" in page.text and "1. " in page.text, "live after the first game"
    leaver = games[0].players[1]
    assert isinstance(leaver, SimUser)
    handle = await leaver.click(page, join_id(number, "leave"))
    await handle.wait_ack()
    assert [m.text for m in handle.messages] == ["You left the tournament."]
    await settle(harness)
    replaced = await harness.store.tournaments.replacements(number)
    assert list(replaced.values()) == [{1: 1}], "his seat is the AI's from the second game"
    games[0].players[1] = Nobody()  # type: ignore[call-overload]
    late = await leaver.click(page, join_id(number))
    await late.wait_ack()
    assert [m.text for m in late.messages] == [
        "Series 1 is being played: you can join before the next one begins"
    ]

    # The bot restarts between two games of the first table.
    await games[0].read_log()
    await harness.restart()
    await settle(harness)
    for game in games:
        await game.read_log()
        await play_out(game)
    await settle(harness)
    assert any(
        "Standings after series 1 of 2" in m.text for m in harness.channel.current_messages()
    )

    await answer(mod, harness.channel, "ramsch tournament start")
    await settle(harness)
    second = await tables_of(harness, number, 1)
    assert sorted(len(s) for s in second.values()) == [3, 3, 3]
    assert leaver.id not in [p for seats in second.values() for p in seats]
    again = await leaver.click_custom_id(page, join_id(number))  # a stale Join
    await again.wait_ack()
    assert [m.text for m in again.messages] == ["The last series has begun: registration is closed"]
    for game in drivers(harness, second, users, TournamentSkat):
        await play_out(game)
    await settle(harness)
    await check_final(harness, number, users)
    shown = await answer(players[3], harness.channel, "ramsch tournament show")
    assert shown[0].ephemeral and "Finished" in shown[0].text


async def test_eight_schafkopf_players_at_two_tables_in_their_threads(harness: Harness) -> None:
    """A member of the role the server named organises; the server gives tables threads:
    each table plays in the thread of its announcement."""
    mod = harness.emulator.add_user("Mod")
    harness.guild.grant(mod, manage_guild=True)
    await answer(mod, harness.channel, "ramsch-config announce", threads=True)
    organiser = harness.emulator.add_user("Olga")
    role = harness.guild.grant(organiser)
    (said,) = await answer(mod, harness.channel, "ramsch tournament role", role=role)
    assert said.ephemeral and "may organise tournaments now" in said.text
    (shown,) = await answer(mod, harness.channel, "ramsch-config announce")
    assert f"Role that organises tournaments\n{role.mention}" in shown.text
    players = [harness.emulator.add_user(name) for name in NAMES[:8]]
    users = {user.id: user for user in players}
    number, _ = await open_tournament(
        harness, organiser, players, game="schafkopf", series=1, games=4, language="en"
    )
    await answer(organiser, harness.channel, "ramsch tournament start")
    await settle(harness)
    drawn = await tables_of(harness, number, 0)
    assert sorted(len(s) for s in drawn.values()) == [4, 4]
    for table_id in drawn:
        channel = harness.service.tables.get(table_id).channel_id
        thread = harness.emulator.channels[channel]
        assert isinstance(thread, Thread) and thread.parent is harness.channel
        assert f"Tournament {number} · series 1 · table" in thread.name
    for game in drivers(harness, drawn, users, TournamentSchafkopf):
        await play_out(game)
    await settle(harness)
    await check_final(harness, number, users)


async def test_a_paused_tournament_holds_its_table_across_a_restart(harness: Harness) -> None:
    """Paused, the player on turn is refused with one sentence and the table says why; the
    pause survives a restart; resumed, the table plays to its end."""
    mod = harness.emulator.add_user("Mod")
    harness.guild.grant(mod, manage_guild=True)
    players = [harness.emulator.add_user(name) for name in NAMES[:3]]
    users = {user.id: user for user in players}
    number, _ = await open_tournament(
        harness, mod, players, game="skat", series=1, games=3, language="en"
    )
    await answer(mod, harness.channel, "ramsch tournament start")
    await settle(harness)
    (game,) = drivers(harness, await tables_of(harness, number, 0), users, TournamentSkat)
    (said,) = await answer(mod, harness.channel, "ramsch tournament pause")
    assert said.text == "The tournament is paused."
    await settle(harness)
    assert any("The tournament is paused" in m.text for m in game.h.channel.current_messages())
    await harness.restart()
    await settle(harness)
    user, message, enabled = game.on_turn()
    handle = await user.click(message, enabled[0]["custom_id"])
    await handle.wait_ack()
    assert [m.text for m in handle.messages] == [
        "The tournament is paused: the game goes on when it is resumed"
    ]
    await game.read_log()
    assert game.actions == []
    (said,) = await answer(mod, harness.channel, "ramsch tournament resume")
    assert said.text == "The tournament goes on."
    await settle(harness)
    await play_out(game)
    await settle(harness)
    await check_final(harness, number, users)


async def test_bad_input_is_refused_with_one_sentence(harness: Harness) -> None:
    """Too few players to start, a tournament of another server, a member who may not
    organise pausing: one sentence each, nothing changes."""
    mod = harness.emulator.add_user("Mod")
    harness.guild.grant(mod, manage_guild=True)
    players = [harness.emulator.add_user(name) for name in NAMES[:2]]
    number, page = await open_tournament(harness, mod, players, game="skat", language="en")
    refused = await answer(mod, harness.channel, "ramsch tournament start")
    assert [m.text for m in refused] == ["A tournament needs at least 3 players"]
    refused = await answer(players[0], harness.channel, "ramsch tournament pause")
    assert [m.text for m in refused] == [
        "Only the organiser, a server manager or the tournament role can do this"
    ]
    other = await harness.store.tournaments.create(999, 5, 6, {"game": "skat"}, 1, None, 0.0)
    refused = await answer(mod, harness.channel, "ramsch tournament start", tournament=other)
    assert [m.text for m in refused] == ["That tournament belongs to another server"]
    stranger = await players[0].click_custom_id(page, join_id(other))
    await stranger.wait_ack()
    assert [m.text for m in stranger.messages] == ["That tournament belongs to another server"]
    refused = await answer(players[0], harness.channel, "ramsch tournament new", game="skat")
    assert [m.text for m in refused] == [
        "Only the organiser, a server manager or the tournament role can do this"
    ]
    stored = await harness.store.tournaments.get(number)
    assert stored is not None and (stored.status, stored.series) == ("registration", 0)
    assert len(await harness.store.tournaments.players(number)) == 2

"""Helpers for the durability tests: a gate that holds the bot's requests, the bot as a process,
what the database holds, and what the players were shown."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import sqlite3
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from aiohttp import web

from bot.storage import Store
from bot.ui import ids
from bot.ui.text import score_text
from ramsch_core import Action, Card, Match, Play
from ramsch_core.record import action_from_json
from tests.e2e.driver import Game, logged
from tests.emulator import Channel, Emulator, Guild, Message, MessageVersion, SimUser
from tests.emulator.errors import json_response
from tests.emulator.rest import Call
from tests.pg import PgReader

ROOT = Path(__file__).resolve().parents[2]
CALLBACK_ROUTE = "POST /interactions/{interaction_id}/{token}/callback"
Handler = Callable[[Call], Any]


# -- holding the bot's requests ---------------------------------------------------------------


class RequestGate:
    """Holds the bot's REST requests in the emulator while armed, so that a test can act at an
    exact point of the bot's work (e.g. after an action's commit, before its render).

    The emulator has no public hook for this: the gate wraps the handlers of its router. A held
    request is answered only when the gate is released; ``release(drop=True)`` answers it with
    a 503 without applying it (its sender is dead by then).
    """

    def __init__(self, emulator: Emulator, hold: Callable[[str], bool]) -> None:
        self.emulator = emulator
        self.hold = hold
        self.armed = False
        self.drop = False
        self.held: list[str] = []
        self._released = asyncio.Event()
        router = emulator.rest.router
        router._routes = [
            (method, pattern, template, self._wrap(f"{method} {template}", handler), auth)
            for method, pattern, template, handler, auth in router._routes
        ]

    def _wrap(self, route: str, handler: Handler) -> Handler:
        async def gated(call: Call) -> web.StreamResponse:
            if self.armed and self.hold(route):
                self.held.append(route)
                self.emulator.record("held", route=route)
                await self._released.wait()
                if self.drop:
                    return json_response({"message": "dropped by the test", "code": 0}, 503)
            response: web.StreamResponse = await handler(call)
            return response

        return gated

    def arm(self) -> None:
        self.armed, self.drop = True, False
        self.held.clear()
        self._released.clear()

    async def wait_held(self, timeout: float = 5.0) -> str:
        """The first request held since the gate was armed."""
        await self.emulator.wait_for(
            lambda: bool(self.held), timeout=timeout, description="a held request"
        )
        return self.held[0]

    def release(self, *, drop: bool) -> None:
        """Let held requests go (``drop``: answer them without applying them); disarm."""
        self.armed, self.drop = False, drop
        self._released.set()


def all_but_callbacks(route: str) -> bool:
    """Everything the bot sends except interaction acknowledgements: messages, edits, DMs."""
    return route != CALLBACK_ROUTE


# -- the bot as a separate process ------------------------------------------------------------


def bot_env(**settings: str) -> dict[str, str]:
    """A clean environment: no DISCORD_*/RAMSCH_* from the caller, the repository importable."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "RAMSCH_"))}
    env["PYTHONPATH"] = str(ROOT)
    env.update(settings)
    return env


async def run_bot(env: dict[str, str], cwd: Path) -> tuple[int, bytes, bytes]:
    """``python -m bot`` in ``cwd`` with ``env``, to its end (30 s at most): its exit code,
    standard output and standard error."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=cwd, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode is not None
    return process.returncode, out, err


def error_lines(lines: Iterable[str]) -> list[str]:
    """Lines of a bot's stderr that report an error or a traceback."""
    return [line for line in lines if " ERROR " in line or "Traceback" in line]


@dataclass
class BotProcess:
    """One `python -m bot` process against the emulator; what it wrote to stderr."""

    process: asyncio.subprocess.Process
    lines: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    @classmethod
    async def start(
        cls,
        emulator: Emulator,
        guild: Guild,
        db: Path,
        cwd: Path,
        *,
        timeout: float = 20.0,
        extra: dict[str, str] | None = None,
    ) -> BotProcess:
        """Start the bot on ``db`` and wait until it has logged in to the emulator; ``extra``
        settings (environment variables) come on top of the test defaults."""
        env = bot_env(
            DISCORD_TOKEN=emulator.token,
            DISCORD_API_BASE=emulator.api_base,
            DISCORD_GATEWAY_URL=emulator.gateway_url,
            RAMSCH_DB=str(db),
            RAMSCH_GUILD_IDS=str(guild.id),
            RAMSCH_RENDER_INTERVAL="0",
            RAMSCH_GUILD_READY_TIMEOUT="0.05",
            RAMSCH_LOG_LEVEL="INFO",
        )
        env.update(extra or {})
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=cwd, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert process.stderr is not None
        running = cls(process)
        running.reader = asyncio.create_task(_collect(process.stderr, running.lines))
        try:
            await emulator.wait_for(
                lambda: running.serving or process.returncode is not None,
                timeout=timeout,
                description="the bot process to log in and sync its commands",
            )
        except BaseException:
            await running.stop()
            raise
        assert running.serving, "\n".join(running.lines)
        return running

    @property
    def logged_in(self) -> bool:
        return any("Logged in as" in line for line in self.lines)

    @property
    def serving(self) -> bool:
        """Logged in, and its commands synced in the background (the emulator refuses a
        command the bot never registered)."""
        return self.logged_in and any("Command sync finished" in line for line in self.lines)

    def errors(self) -> list[str]:
        return error_lines(self.lines)

    async def kill(self) -> int:
        """SIGKILL: no clean-up, no pending render, as in a power cut or an OOM kill."""
        os.kill(self.process.pid, signal.SIGKILL)
        code = await self.process.wait()
        await self._drain()
        return code

    async def stop(self, timeout: float = 10.0) -> int:
        """SIGTERM (a clean shutdown); SIGKILL if it does not end in ``timeout`` seconds."""
        if self.process.returncode is None:
            self.process.terminate()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.process.wait(), timeout)
        if self.process.returncode is None:
            self.process.kill()
        code = await self.process.wait()
        await self._drain()
        return code

    async def _drain(self) -> None:
        if self.reader is not None:
            await self.reader


async def _collect(stream: asyncio.StreamReader, lines: list[str]) -> None:
    while line := await stream.readline():
        lines.append(line.decode(errors="replace").rstrip())


@dataclass
class ProcessHost:
    """What the e2e driver's ``Game`` needs of a bot that runs in another process."""

    emulator: Emulator
    guild: Guild
    channel: Channel
    db: Path
    seeds: list[int] = field(default_factory=list)
    eventual: bool = True
    """The bot shows a change when its process gets to it: a quiet emulator does not prove
    every message is edited yet (``Game.until_shown`` waits for the turn to show)."""

    async def settle(self) -> None:
        await self.emulator.idle(quiet=0.05)


# -- what the database holds --------------------------------------------------------------------


def read_only(db: Path) -> sqlite3.Connection:
    """A read-only connection (a WAL reader: it never blocks the bot and never writes); for a
    PostgreSQL database (RAMSCH_TEST_BACKEND), a reader of it (tests/pg.py)."""
    if isinstance(db, str):
        return PgReader(db)  # type: ignore[return-value]
    return sqlite3.connect(f"file:{db}?mode=ro", uri=True)


def logged_actions(db: Path, table_id: int) -> list[tuple[int, Action]]:
    """The table's action log as (table seat, action), in order."""
    with contextlib.closing(read_only(db)) as conn:
        rows = conn.execute(
            "SELECT seq, seat, payload FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
    return [(seat, action_from_json(json.loads(payload), seq)[1]) for seq, seat, payload in rows]


def session_seed(db: Path, table_id: int) -> int:
    with contextlib.closing(read_only(db)) as conn:
        (seed,) = conn.execute(
            "SELECT seed FROM matches WHERE table_id = ?", (table_id,)
        ).fetchone()
    return int(seed)


def stored_session(db: Path, table_id: int) -> tuple[str, list[Any], bool]:
    """The table's status, its session's stored totals (JSON) and whether it is finished."""
    with contextlib.closing(read_only(db)) as conn:
        status, totals, finished = conn.execute(
            "SELECT t.status, s.totals, s.finished_at IS NOT NULL FROM tables t"
            " JOIN matches s ON s.table_id = t.id WHERE t.id = ?",
            (table_id,),
        ).fetchone()
    return str(status), list(json.loads(totals)), bool(finished)


async def integrity(db: Path) -> list[str]:
    """``PRAGMA integrity_check`` and ``foreign_key_check`` through the bot's own store."""
    async with Store(db) as store:
        return await store.integrity_check()


def replay_log(game: Game, db: Path) -> Match:
    """The core's replay of the bot's action log (not of what the test clicked)."""
    seed = session_seed(db, game.table_id)
    actions = logged_actions(db, game.table_id)
    return Match.replay(game.rules(), game.table_options(), seed, actions)


# -- what the players see ---------------------------------------------------------------------


def card_of(custom_id: str) -> Card:
    """The card of a card button (``ramsch:a:<table>:<deal>:play:<card>``)."""
    return Card[custom_id.split(":")[-1]]


def enabled_cards(message: Message | MessageVersion) -> list[dict[str, Any]]:
    return [b for b in message.buttons() if not b.get("disabled") and ":play:" in b["custom_id"]]


def standings_text(game: Game) -> str:
    """The channel's final standings message."""
    found = [m for m in game.h.channel.current_messages() if "final standings" in m.text]
    assert len(found) == 1, [m.text for m in found]
    return found[0].text


def assert_standings_match(game: Game, match: Match) -> None:
    """The final standings list every player with the replay's total, best first."""
    text = standings_text(game)
    expected = [f"**{game.players[seat].name}** {score_text(total)}" for seat, total in
                match.standings()]  # fmt: skip
    positions = [text.index(line) for line in expected]
    assert positions == sorted(positions), (expected, text)


async def restart_and_check(game: Game, harness: Any) -> None:
    """Restart the in-process bot on its database; check it rebuilt the table from its log
    (the same actions, the same deal) and kept every message: the table message and each
    player's hand are the very messages shown before."""
    dms = {user.id: game.hand_message(user) for user in game.players}
    table_message = game.table_message()
    count = logged(game)
    await harness.restart()
    await harness.settle()
    table = harness.service.tables.get(game.table_id)
    assert table.log_length == count and table.match is not None
    assert table.match.deal.history == game.replay().deal.history
    assert logged_actions(harness.db, game.table_id) == game.actions
    assert game.table_message() is table_message
    assert all(game.hand_message(user) is dms[user.id] for user in game.players)


# -- the 200-click storm (test_storm.py; across two processes in test_processes.py) ---------

CLICKS_TO_ACT = 110
"""Clicks of the player to lead on the cards of their hand: one of them is played."""
STALE_CLICKS = 30
"""Stale card clicks of each of the other two players (their DMs as seen in the last trick)."""
HAND_CLICKS = 10
""""My hand" clicks on the table message by the player after the leader."""
STRANGER_CLICKS = 20
""""My hand" clicks on the table message by users not at the table."""

Click = tuple[SimUser, Message | MessageVersion, str]
"""Who clicks, on which message (or a version of it seen before), which button."""


class Storm(NamedTuple):
    """The storm's clicks and who is who in them."""

    leader: SimUser
    """The player to lead: their clicks on the cards of their hand play one card."""
    following: SimUser
    """The player after the leader, to act once the lead is played."""
    table: Message
    """The table message, where the "My hand" clicks are."""
    clicks: list[Click]
    """All 200 clicks, shuffled (the same order each run)."""


def storm_clicks(
    game: Game,
    strangers: list[SimUser],
    seen: dict[int, MessageVersion],
    played: dict[int, Action],
) -> Storm:
    """The 200 clicks of the storm at ``game``'s table, once a trick is over and its winner is
    to lead: ``seen`` holds each player's DM as it was on their turn in that trick, ``played``
    the action each took in it (by user id); ``strangers`` are users not at the table."""
    # The trick's winner leads; after their card the next player is to act, the third waits.
    match = game.replay()
    deal_seat = match.deal.to_act
    assert deal_seat is not None and not match.deal.view(0).trick
    leader, following, third = (
        game.players[match.active_seats[(deal_seat + step) % 3]] for step in range(3)
    )
    _, hand, _ = game.on_turn()
    assert game.hand_message(leader) is hand
    cards = enabled_cards(hand)
    assert len(cards) == 9  # a lead: every card of the hand
    own = played[following.id]
    assert isinstance(own, Play)
    stale_own = ids.action_id(game.table_id, 0, "play", own.card.name)
    stale_third = [button["custom_id"] for button in enabled_cards(seen[third.id])]
    table = game.table_message()

    clicks: list[Click] = []
    clicks += [(leader, hand, cards[n % len(cards)]["custom_id"]) for n in range(CLICKS_TO_ACT)]
    # The next player would be to act once the lead is played: only their played card, which
    # is refused whenever it comes; the third player may click any card they were offered.
    clicks += [(following, seen[following.id], stale_own)] * STALE_CLICKS
    clicks += [(third, seen[third.id], stale_third[n % len(stale_third)])
               for n in range(STALE_CLICKS)]  # fmt: skip
    clicks += [(following, table, "My hand")] * HAND_CLICKS
    clicks += [(strangers[n % len(strangers)], table, "My hand") for n in range(STRANGER_CLICKS)]
    assert len(clicks) == 200
    random.Random(200).shuffle(clicks)
    return Storm(leader, following, table, clicks)

"""The floor of `benchmarks.tables`: a minimal discord.py bot that answers each card click and
sends the message edits the Ramsch bot sends for it, with the same bodies, and nothing else:
no game, no database, no rendering. `python -m benchmarks.floor` (started by the benchmark).

At start it plays one sample deal of Skat Ramsch with the bot's own renderers (`bot.ui`, the
card pictures included) and keeps, for every click of that deal, the request bodies of the
messages the click changes: the table message, and each hand DM whose render differs from the
one before (the clicker's, and the next player's unless the clicker leads the next trick),
with the PNG bytes; at the end of the deal the result, the closed table message and DMs, and
the new ones. Each table then replays that deal over and over: a click is acknowledged as the
bot acknowledges it (a deferred update) and answered with the next step's requests, sent
through discord.py's HTTP client as they are. The custom_ids stay those of the sample table:
the floor knows a table by the player who clicked (in the benchmark each plays at one)."""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import os
import random
import signal
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl
from discord import app_commands
from discord.http import MultipartParameters, handle_message_parameters

from bot.client import _throttle_bucket_sweep, freeze_startup_heap
from bot.i18n import _
from bot.tables import Seat, Table
from bot.tables.settings import GuildSettings
from bot.ui import faces
from bot.ui.card_pictures import with_hand, with_trick
from bot.ui.hand import render_hand, render_hand_closed
from bot.ui.message import Rendered
from bot.ui.results import render_result
from bot.ui.table import render_table, render_table_closed
from ramsch_core import Match, Play, TableOptions, preset

log = logging.getLogger("floor")

MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True)
"""The bot's allowed mentions (sent with every message, as discord.py does)."""
SEATS = 3
SNOWFLAKE = 1_300_000_000_000_000_000
"""Ids of the sample table's server, channel and players: as long as Discord's."""


@dataclass(frozen=True)
class Body:
    """One request's body, prepared once: JSON, or multipart with its PNG files."""

    payload: dict[str, Any] | None
    json: str
    files: tuple[tuple[str, bytes, str | None], ...]

    @classmethod
    def of(cls, shown: Rendered, *, post: bool) -> Body:
        """What discord.py sends for the bot's ``send`` (``post``) or ``edit`` of ``shown``."""
        kwargs = shown.send_kwargs() if post else shown.edit_kwargs()
        params = handle_message_parameters(**kwargs, previous_allowed_mentions=MENTIONS)
        files = tuple((f.filename, f.fp.read(), f.description) for f in params.files or ())
        json = params.multipart[0]["value"] if params.multipart else ""
        return cls(params.payload, json, files)

    def params(self) -> MultipartParameters:
        """Fresh parameters for one request (discord.py reads each file once)."""
        if not self.files:
            return MultipartParameters(payload=self.payload, multipart=None, files=None)
        files = [discord.File(io.BytesIO(data), name, description=about)
                 for name, data, about in self.files]  # fmt: skip
        multipart: list[dict[str, Any]] = [{"name": "payload_json", "value": self.json}]
        multipart += [
            {"name": f"files[{index}]", "value": file.fp, "filename": file.filename,
             "content_type": "application/octet-stream"}
            for index, file in enumerate(files)
        ]  # fmt: skip
        return MultipartParameters(payload=None, multipart=multipart, files=files)


@dataclass(frozen=True)
class Step:
    """The table before one click of the sample deal: who clicks, and what the click before
    it changed (the table message; each seat's DM, None where it is unchanged)."""

    actor: int
    table: Body
    hands: tuple[Body | None, ...]


@dataclass(frozen=True)
class Script:
    """The sample deal's requests (see the module's docstring)."""

    steps: tuple[Step, ...]
    table_post: Body
    hand_posts: tuple[Body, ...]
    result: Body
    table_closed: Body
    hands_closed: tuple[Body, ...]


def sample_table(seed: int) -> Table:
    """A table as the benchmark's: Skat Ramsch, three players, the servers' default settings
    (turn timer, card pictures), just started."""
    rules = preset("skat")
    options = TableOptions(seats=SEATS, rounds=10)
    users = [SNOWFLAKE + 10 + n for n in range(SEATS)]
    settings = GuildSettings()
    return Table(
        id=100, guild_id=SNOWFLAKE + 1, channel_id=SNOWFLAKE + 2, host_id=users[0],
        status="playing", rules=rules, options=options,
        seats=[Seat(user, f"p100{'abc'[n]}") for n, user in enumerate(users)],
        match=Match(rules, options, seed), seed=seed, turn_timeout=settings.turn_timeout,
        turn_started_at=time.time(), created_at=time.time(),
    )  # fmt: skip


def hand(table: Table, user_id: int) -> Rendered:
    """A player's hand DM as the publisher renders it (the default choice of cards)."""
    with faces.preferring(faces.Preference()):
        return with_hand(render_hand(table, user_id), table, user_id)


def record(seed: int) -> Script:
    """Play the sample deal (random legal cards) and keep each click's requests."""
    rng = random.Random(seed)
    table = sample_table(seed)
    match = table.match
    assert match is not None
    users = [seat.user_id for seat in table.seats]
    steps: list[Step] = []
    keys: list[str | None] = [None] * SEATS
    posts: tuple[Body, ...] = ()
    table_post: Body | None = None
    while match.number == 0:
        shown = with_trick(render_table(table, dms=True), table)
        hands = [hand(table, user) for user in users if user is not None]
        if not steps:
            table_post = Body.of(shown, post=True)
            posts = tuple(Body.of(h, post=True) for h in hands)
        bodies = tuple(
            None if h.key() == keys[n] else Body.of(h, post=False) for n, h in enumerate(hands)
        )
        keys = [h.key() for h in hands]
        actor = match.to_act
        assert actor is not None
        steps.append(Step(actor, Body.of(shown, post=False), bodies))
        plays = [a for a in match.deal.legal_actions() if isinstance(a, Play)]
        match.apply(rng.choice(plays), actor)
        table.log_length += 1
        table.turn_started_at += 1.0
    assert table_post is not None
    note = _("Deal {number} is over.", number=1)
    closed = tuple(
        Body.of(render_hand_closed(table, 0), post=False) for user in users if user is not None
    )
    return Script(
        steps=tuple(steps),
        table_post=table_post,
        hand_posts=posts,
        result=Body.of(render_result(table, match.finished_deals[0]), post=True),
        table_closed=Body.of(render_table_closed(table, note, 0), post=False),
        hands_closed=closed,
    )


@dataclass
class FloorTable:
    """What the floor keeps of a table: its players, its messages, the step of the deal."""

    id: int
    channel_id: int
    seats: list[int]
    message_id: int = 0
    dms: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Each seat's hand DM: its channel and message."""
    step: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """One click's requests at a time (a message's edits never overtake each other)."""


def lobby(table: FloorTable) -> dict[str, Any]:
    """A table before its start: Join (two more players), then the host's Start. (Its
    buttons are answered by ``on_interaction``: a view's callbacks would miss a click that
    arrives before discord.py has stored the view.)"""
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(discord.ui.Button(label="Join", custom_id=f"floor:join:{table.id}"))
    buttons.add_item(
        discord.ui.Button(
            label="Start", custom_id=f"floor:start:{table.id}", disabled=len(table.seats) < SEATS
        )
    )
    text = f"Ramsch #{table.id}: {len(table.seats)} of {SEATS} seats taken"
    return {"content": text, "view": buttons}


class Floor(discord.Client):
    """The minimal bot: `/ramsch new` opens a lobby; a card click in a hand DM is answered
    with the next step of the sample deal."""

    def __init__(self, script: Script) -> None:
        super().__init__(
            intents=discord.Intents(guilds=True), guild_ready_timeout=0.05,
            allowed_mentions=MENTIONS,
        )  # fmt: skip
        _throttle_bucket_sweep(self.http)  # the bot's fix of discord.py's bucket sweep
        self.script = script
        self.tree = app_commands.CommandTree(self)
        self.lobbies: dict[int, FloorTable] = {}
        self.by_user: dict[int, FloorTable] = {}
        """The table of each player."""
        self.dm_channels: dict[int, int] = {}
        self.frozen = False
        group = app_commands.Group(name="ramsch", description="Play Ramsch", guild_only=True)

        @group.command(name="new", description="Open a table")
        async def new(interaction: discord.Interaction, preset: str, rounds: int) -> None:
            await self.open(interaction)

        self.tree.add_command(group)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_ready(self) -> None:
        if not self.frozen:  # as the bot: the start's objects left out of every collection
            self.frozen = True
            freeze_startup_heap()
        log.info("Logged in as %s in %d guild(s)", self.user, len(self.guilds))

    async def open(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        table = FloorTable(len(self.lobbies) + 1, interaction.channel_id, [interaction.user.id])
        self.lobbies[table.id] = table
        await interaction.response.send_message(**lobby(table))

    async def join(self, interaction: discord.Interaction, table: FloorTable) -> None:
        if interaction.user.id not in table.seats and len(table.seats) < SEATS:
            table.seats.append(interaction.user.id)
        await interaction.response.edit_message(**lobby(table))

    async def deal(self, table: FloorTable, message_id: int) -> None:
        """The lobby message becomes the table message; every player gets his hand DM."""
        table.message_id = message_id
        for user in table.seats:
            self.by_user[user] = table
        async with table.lock:
            await asyncio.gather(
                self.edit(table.channel_id, message_id, self.script.steps[0].table),
                *(self.post_hand(table, seat) for seat in range(SEATS)),
            )

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A card click in a hand DM, or a lobby's Join or Start."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom_id: str = data.get("custom_id", "")
        if custom_id.startswith("floor:"):
            await self.lobby_click(interaction, custom_id)
        elif ":play:" in custom_id:
            await self.play(interaction)

    async def lobby_click(self, interaction: discord.Interaction, custom_id: str) -> None:
        _floor, action, number = custom_id.split(":")
        table = self.lobbies[int(number)]
        if action == "join":
            await self.join(interaction, table)
            return
        await interaction.response.defer()
        assert interaction.message is not None
        await self.deal(table, interaction.message.id)

    async def play(self, interaction: discord.Interaction) -> None:
        """Acknowledge the click, then send the next step's requests (at the deal's end: the
        next deal's)."""
        table = self.by_user.get(interaction.user.id)
        if table is None:
            log.error("A card click by a player at no table")
            return
        await interaction.response.defer()
        async with table.lock:
            step = self.script.steps[table.step]
            if interaction.user.id != table.seats[step.actor]:
                log.error("Table %d: a click by a player whose turn it is not", table.id)
                return
            table.step += 1
            if table.step < len(self.script.steps):
                await self.show(table, self.script.steps[table.step])
            else:
                table.step = 0
                await self.next_deal(table)

    async def show(self, table: FloorTable, step: Step) -> None:
        """The table message and the DMs the click changed, side by side."""
        edits = [self.edit(table.channel_id, table.message_id, step.table)]
        for seat, body in enumerate(step.hands):
            if body is not None:
                edits.append(self.edit(*table.dms[seat], body))
        await asyncio.gather(*edits)

    async def next_deal(self, table: FloorTable) -> None:
        """The deal is over: its result, the table message closed and posted anew below it;
        the DMs closed and new ones posted."""
        script = self.script

        async def channel() -> None:
            await self.http.send_message(table.channel_id, params=script.result.params())
            await self.edit(table.channel_id, table.message_id, script.table_closed)
            posted = await self.http.send_message(
                table.channel_id, params=script.table_post.params()
            )
            table.message_id = int(posted["id"])

        old = dict(table.dms)
        await asyncio.gather(
            channel(),
            *(self.edit(*old[seat], script.hands_closed[seat]) for seat in range(SEATS)),
            *(self.post_hand(table, seat) for seat in range(SEATS)),
        )

    async def post_hand(self, table: FloorTable, seat: int) -> None:
        user = table.seats[seat]
        channel = self.dm_channels.get(user)
        if channel is None:
            opened = await self.http.start_private_message(user)
            channel = self.dm_channels[user] = int(opened["id"])
        posted = await self.http.send_message(channel, params=self.script.hand_posts[seat].params())
        table.dms[seat] = (channel, int(posted["id"]))

    async def edit(self, channel_id: int, message_id: int, body: Body) -> None:
        await self.http.edit_message(channel_id, message_id, params=body.params())


async def run(seed: int) -> None:
    token = os.environ["DISCORD_TOKEN"]
    if base := os.environ.get("DISCORD_API_BASE"):
        discord.http.Route.BASE = base.rstrip("/")
    if gateway := os.environ.get("DISCORD_GATEWAY_URL"):
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    started = time.perf_counter()
    script = record(seed)
    log.info(
        "Sample deal recorded in %.1f s: %d clicks, %d bytes of pictures",
        time.perf_counter() - started,
        len(script.steps),
        sum(len(data) for step in script.steps for body in (step.table, *step.hands)
            if body is not None for _name, data, _about in body.files),
    )  # fmt: skip
    floor = Floor(script)
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(floor.close()))
    async with floor:
        await floor.start(token)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.floor", description=__doc__)
    parser.add_argument("--seed", type=int, default=1, help="the sample deal's cards")
    args = parser.parse_args()
    logging.basicConfig(
        level=logging.WARNING,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    log.setLevel(logging.INFO)
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    asyncio.run(run(args.seed))


if __name__ == "__main__":
    main()

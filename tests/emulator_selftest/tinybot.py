"""A tiny discord.py bot exercising what the emulator must support (used by the self-tests)."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands


class Board(discord.ui.View):
    """A channel message listing who joined; buttons edit the message in three different ways."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.players: list[str] = []

    def text(self) -> str:
        return "Players: " + (", ".join(self.players) or "nobody")

    @discord.ui.button(label="Join", style=discord.ButtonStyle.primary, custom_id="board:join")
    async def join(self, interaction: discord.Interaction, _: discord.ui.Button[Board]) -> None:
        self.players.append(interaction.user.name)
        await interaction.response.edit_message(content=self.text(), view=self)  # type 7

    @discord.ui.button(label="Leave", custom_id="board:leave")
    async def leave(self, interaction: discord.Interaction, _: discord.ui.Button[Board]) -> None:
        if interaction.user.name in self.players:
            self.players.remove(interaction.user.name)
        await interaction.response.defer()  # type 6, then PATCH /channels/.../messages/...
        assert interaction.message is not None
        await interaction.message.edit(content=self.text(), view=self)

    @discord.ui.button(label="Note", custom_id="board:note")
    async def note(self, interaction: discord.Interaction, _: discord.ui.Button[Board]) -> None:
        await interaction.response.send_modal(NoteModal(self))  # a modal from a component

    @discord.ui.button(label="Close", style=discord.ButtonStyle.danger, custom_id="board:close")
    async def close(self, interaction: discord.Interaction, _: discord.ui.Button[Board]) -> None:
        for item in self.children:
            if isinstance(item, discord.ui.Button):
                item.disabled = True
        await interaction.response.defer()  # type 6, then PATCH .../webhooks/.../@original
        await interaction.edit_original_response(content=self.text() + " (closed)", view=self)
        self.stop()


class NoteModal(discord.ui.Modal, title="Add a note"):
    """A modal using a Label (component type 18); its submit updates the board (type 7)."""

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board
        self.text: discord.ui.TextInput[NoteModal] = discord.ui.TextInput(
            custom_id="note", max_length=20
        )
        self.add_item(discord.ui.Label(text="Note", component=self.text))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        content = f"{self.board.text()} note={self.text.value}"
        await interaction.response.edit_message(content=content, view=self.board)


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"counter:(?P<n>\d+)"):
    """A persistent button whose state lives in its custom_id."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"counter:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count={self.n + 1}", view=view)


class Form(discord.ui.Modal, title="Tell me"):
    answer: discord.ui.TextInput[Form] = discord.ui.TextInput(label="Answer", custom_id="answer")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"you said {self.answer.value}", ephemeral=True)


class Picker(discord.ui.View):
    @discord.ui.select(
        custom_id="pick",
        placeholder="Variant",
        options=[discord.SelectOption(label=v.title(), value=v) for v in ("skat", "schafkopf")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)


ramsch = app_commands.Group(name="ramsch", description="Ramsch games")
admin = app_commands.Group(name="admin", description="Admin tools", parent=ramsch)


@ramsch.command(description="Replies ephemerally")
async def ping(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pong", ephemeral=True)


@ramsch.command(description="Start a game")
@app_commands.choices(
    variant=[app_commands.Choice(name=v, value=v) for v in ("skat", "schafkopf", "altenburg")]
)
async def new(
    interaction: discord.Interaction,
    variant: str,
    rounds: int = 1,
    public: bool = False,
    partner: discord.Member | None = None,
) -> None:
    who = partner.display_name if partner else "-"
    await interaction.response.send_message(
        f"variant={variant} rounds={rounds} public={public} partner={who}", ephemeral=not public
    )


@ramsch.command(description="A board with buttons")
async def board(interaction: discord.Interaction) -> None:
    view = Board()
    await interaction.response.send_message(view.text(), view=view)


@ramsch.command(description="A persistent counter")
async def counter(interaction: discord.Interaction) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(0))
    await interaction.response.send_message("count=0", view=view)


@ramsch.command(description="Deferred answer")
async def slow(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    await asyncio.sleep(0.05)
    await interaction.followup.send("done")
    extra = await interaction.followup.send("and one more", ephemeral=True, wait=True)
    original = await interaction.original_response()
    await extra.edit(content=f"original said {original.content}")
    await extra.delete()


@ramsch.command(description="DM a user")
async def dm(interaction: discord.Interaction, user: discord.Member) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        await user.send("hello from the bot")
    except discord.Forbidden as exc:
        await interaction.followup.send(f"cannot DM {user.name} ({exc.code})")
    else:
        await interaction.followup.send(f"sent to {user.name}")


@ramsch.command(description="Over-long answer")
async def long(interaction: discord.Interaction) -> None:
    try:
        await interaction.response.send_message("x" * 2001)
    except discord.HTTPException as exc:
        await interaction.response.send_message(f"refused {exc.code}", ephemeral=True)


@ramsch.command(description="Answers after a delay")
async def late(interaction: discord.Interaction, delay: float) -> None:
    await asyncio.sleep(delay)
    try:
        await interaction.response.send_message("too late")
    except discord.NotFound as exc:
        interaction.client.late_codes.append(exc.code)  # type: ignore[attr-defined]


@ramsch.command(description="Join a table (autocomplete)")
async def join(interaction: discord.Interaction, table: str) -> None:
    await interaction.response.send_message(f"joined {table}", ephemeral=True)


@join.autocomplete("table")
async def join_table(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    tables = ("skat-1", "skat-2", "schafkopf-1")
    return [app_commands.Choice(name=t, value=t) for t in tables if t.startswith(current)]


@ramsch.command(description="Opens a modal")
async def form(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(Form())


@ramsch.command(description="A select menu")
async def pick(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pick one", view=Picker(), ephemeral=True)


@ramsch.command(description="Sends a file")
async def upload(interaction: discord.Interaction) -> None:
    file = discord.File(io.BytesIO(b"score,1\n"), filename="score.csv")
    await interaction.response.send_message("here", file=file)


@admin.command(description="A command in a subcommand group")
async def reset(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("reset done", ephemeral=True)


@app_commands.command(description="Needs Manage Server")
@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
async def settings(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("settings", ephemeral=True)


@app_commands.command(description="Say hello, also in DMs")
async def hello(interaction: discord.Interaction) -> None:
    where = "dm" if interaction.guild is None else "guild"
    await interaction.response.send_message(f"hello {interaction.user.name} ({where})")


class TinyBot(commands.Bot):
    """The self-test bot: /ramsch group in one guild, /hello globally."""

    def __init__(self, guild_id: int) -> None:
        intents = discord.Intents.default()
        intents.members = True
        intents.message_content = True
        super().__init__(command_prefix="!", intents=intents)
        self.guild_id = guild_id
        self.late_codes: list[int] = []
        self.seen_messages: list[str] = []

    async def setup_hook(self) -> None:
        guild = discord.Object(self.guild_id)
        self.tree.add_command(ramsch, guild=guild)
        self.tree.add_command(settings, guild=guild)
        self.tree.add_command(hello)
        self.add_dynamic_items(Counter)
        await self.tree.sync(guild=guild)
        await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        if not message.author.bot:
            self.seen_messages.append(message.content)

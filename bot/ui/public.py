"""Public play's messages: the list of open public tables with Join buttons, and a player's
place in the quick-match queue with Leave and Start with AI."""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord

from bot import i18n
from bot.i18n import N_, _
from bot.storage.public import Waiting
from bot.tables.public import Listed
from bot.tables.quick import AI_WAIT, Queued
from bot.ui import ids
from bot.ui.games import table_name
from bot.ui.lobby import table_title
from bot.ui.message import Rendered
from ramsch_core import get_game

PUBLIC_COG = "Public play"
LISTED = 5
"""Public tables one listing shows: their Join buttons fill one row (a phone's width)."""
JOIN_TEMPLATE = rf"{ids.PREFIX}:pj:(?P<table>[0-9]{{1,20}})"
"""Join a public table from `/ramsch tables` (any server that takes part)."""
QUEUE_TEMPLATE = rf"{ids.PREFIX}:pq:(?P<user>[0-9]{{1,20}}):(?P<choice>leave|ai|look)"
"""The queue message's buttons, of the player it was shown to."""
LANGUAGE_NAMES = {"de": N_("German"), "en": N_("English"), "pl": N_("Polish")}
PUBLIC_COLOUR = discord.Colour.teal()


class PublicHandler(Protocol):
    async def on_join(self, interaction: discord.Interaction, table_id: int) -> None: ...

    async def on_queue(
        self, interaction: discord.Interaction, user_id: int, choice: str
    ) -> None: ...


def _handler(interaction: discord.Interaction) -> PublicHandler:
    return cast(PublicHandler, cast(Any, interaction.client).get_cog(PUBLIC_COG))


class JoinPublicButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=JOIN_TEMPLATE):
    """Join, under one table of the listing."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.success,
                label=_("Join #{table}", table=table_id),
                custom_id=f"{ids.PREFIX}:pj:{table_id}",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> JoinPublicButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        i18n.speak_to(interaction)
        await _handler(interaction).on_join(interaction, self.table_id)


QUEUE_LABELS = {"leave": N_("Leave the queue"), "ai": N_("Play with AI now"), "look": N_("Refresh")}


class QueueButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=QUEUE_TEMPLATE):
    """Leave, Play with AI now or Refresh, on the queue message of one player."""

    def __init__(self, user_id: int, choice: str) -> None:
        style = discord.ButtonStyle.danger if choice == "leave" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.primary if choice == "ai" else style,
                label=_(QUEUE_LABELS[choice]),
                custom_id=f"{ids.PREFIX}:pq:{user_id}:{choice}",
            )
        )
        self.user_id = user_id
        self.choice = choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> QueueButton:
        return cls(int(match["user"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        i18n.speak_to(interaction)
        await _handler(interaction).on_queue(interaction, self.user_id, self.choice)


PUBLIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (JoinPublicButton, QueueButton)


def language_name(language: str) -> str:
    return _(LANGUAGE_NAMES[language]) if language in LANGUAGE_NAMES else _("any language")


def preset_title(game: str, preset: str) -> str:
    """A queue's game and preset as players read them."""
    return f"{get_game(game).title} · {preset}"


def render_listing(listed: list[Listed]) -> Rendered:
    """The open public tables (the first ``LISTED``), each with its Join button."""
    embed = discord.Embed(title=_("Open public tables"), colour=PUBLIC_COLOUR)
    if not listed:
        embed.description = _(
            "No public table is open right now: open one with /ramsch new public:True, or "
            "wait for a match with /ramsch quick."
        )
        return Rendered(embeds=[embed], layout=True)
    lines = []
    view = discord.ui.View(timeout=None)
    for entry in listed[:LISTED]:
        table = entry.table
        preset = get_game(table.rules.game).preset_of(table.rules) or _("house rules")
        lines.append(
            _(
                "**{table}** · {preset} · {language} · {free} free · host rated {rating}",
                table=table_title(table),
                preset=preset,
                language=language_name(entry.language),
                free=entry.free,
                rating=entry.host_rating,
            )
        )
        view.add_item(JoinPublicButton(table.id))
    if len(listed) > LISTED:
        lines.append(_("… and {count} more", count=len(listed) - LISTED))
    embed.description = "\n".join(lines)
    return Rendered(embeds=[embed], view=view, layout=True)


def render_queue(queued: Queued, now: float) -> Rendered:
    """A player's place in the quick-match queue, with Leave, Play with AI now (after the
    wait) and Refresh."""
    entry = queued.entry
    waited = max(0, int(now - entry.joined_at))
    lines = [
        _(
            "**{queue}** in {language}",
            queue=preset_title(entry.game, entry.preset),
            language=language_name(entry.language),
        ),
        i18n._n(
            "{count} player waits in this queue",
            "{count} players wait in this queue",
            queued.waiting,
        ),
        _("Your rating: {rating} · waiting {seconds} s", rating=entry.rating, seconds=waited),
        _("When you are matched, your cards come by direct message."),
    ]
    if waited < AI_WAIT:
        lines.append(_("After {seconds} s you may start with AI players.", seconds=int(AI_WAIT)))
    embed = discord.Embed(
        title=_("Quick match"), description="\n".join(lines), colour=PUBLIC_COLOUR
    )
    view = discord.ui.View(timeout=None)
    view.add_item(QueueButton(entry.user_id, "leave"))
    if waited >= AI_WAIT:
        view.add_item(QueueButton(entry.user_id, "ai"))
    view.add_item(QueueButton(entry.user_id, "look"))
    return Rendered(embeds=[embed], view=view, layout=True)


def render_matched(table_id: int, game: str) -> Rendered:
    """The queue message once the player is seated: where his cards are."""
    embed = discord.Embed(
        title=_("Quick match"),
        description=_(
            "You are seated at **{table}**: your cards and the table are in your direct messages.",
            table=table_name(game, table_id),
        ),
        colour=PUBLIC_COLOUR,
    )
    return Rendered(embeds=[embed], layout=True)


def render_left(entry: Waiting) -> Rendered:
    embed = discord.Embed(
        title=_("Quick match"),
        description=_(
            "You left the queue for {queue}.", queue=preset_title(entry.game, entry.preset)
        ),
        colour=PUBLIC_COLOUR,
    )
    return Rendered(embeds=[embed], layout=True)


def global_name(user: discord.User | discord.Member) -> str:
    """A player's name at public tables: his global display name (never a server's
    nickname, which belongs to that server). Stored as Discord gives it: every message
    escapes it (``bot.ui.text.name_text``)."""
    return user.global_name or user.name

"""The confirmation of `/ramsch forget-me`: a red "Forget me" and a Cancel, for one user."""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord

from bot import i18n
from bot.i18n import N_, _
from bot.ui import ids
from bot.ui.message import Rendered

FORGET_TEMPLATE = rf"{ids.PREFIX}:fm:(?P<user>[0-9]{{1,20}}):(?P<choice>yes|no)"
"""Forget me (``yes``) or Cancel (``no``) of the user the confirmation was shown to."""
PRIVACY_COG = "Privacy"
FORMER_PLAYER_LABEL = N_("former player")
"""How a forgotten player's seats are shown (``bot.storage.FORMER_PLAYER`` is stored)."""


class ForgetHandler(Protocol):
    async def on_forget(
        self, interaction: discord.Interaction, user_id: int, confirmed: bool
    ) -> None: ...


class ForgetButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=FORGET_TEMPLATE):
    """Forget me (red) or Cancel; the id names the user it belongs to."""

    def __init__(self, user_id: int, confirmed: bool) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.danger if confirmed else discord.ButtonStyle.secondary,
                label=_("Forget me") if confirmed else _("Cancel"),
                custom_id=f"{ids.PREFIX}:fm:{user_id}:{'yes' if confirmed else 'no'}",
            )
        )
        self.user_id = user_id
        self.confirmed = confirmed

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ForgetButton:
        return cls(int(match["user"]), match["choice"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        i18n.speak_to(interaction)
        handler = cast(Any, interaction.client).get_cog(PRIVACY_COG)
        await cast(ForgetHandler, handler).on_forget(interaction, self.user_id, self.confirmed)


def render_confirmation(user_id: int) -> Rendered:
    """What forget-me will do, asked before it is done."""
    lines = [
        _("This removes you from the bot's database, on every server:"),
        "- " + _("your name and user id at every finished or cancelled table"),
        "- " + _("your scores on the leaderboards, your ratings and your statistics"),
        "- " + _("your history, and your language and card preferences"),
        _(
            "The games stay, with their moves and scores, but they no longer say who played: "
            "you appear as a former player. This cannot be undone."
        ),
        _("Messages already posted in channels and DMs are not deleted."),
    ]
    embed = discord.Embed(
        title=_("Forget me?"), description="\n".join(lines), colour=discord.Colour.red()
    )
    view = discord.ui.View(timeout=None)
    view.add_item(ForgetButton(user_id, True))
    view.add_item(ForgetButton(user_id, False))
    return Rendered(embeds=[embed], view=view)


def render_forgotten() -> Rendered:
    """The confirmation once done: no buttons left."""
    embed = discord.Embed(
        title=_("You have been forgotten"),
        description=_(
            "Your name and user id are gone from the bot's database; your games now show a "
            "former player. If you play again, the bot starts a new record of you."
        ),
        colour=discord.Colour.dark_grey(),
    )
    return Rendered(embeds=[embed], view=None)


def render_kept() -> Rendered:
    """The confirmation once cancelled: no buttons left."""
    embed = discord.Embed(
        title=_("Nothing was forgotten"),
        description=_("Your records stay as they were."),
        colour=discord.Colour.dark_grey(),
    )
    return Rendered(embeds=[embed], view=None)

"""`/ramsch cards`: how a player sees the cards — the pack, four colours, pictures."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import i18n
from bot.commands.group import RamschCog, subcommand
from bot.i18n import _
from bot.pictures import CardStyle, alt_text, hand_picture, style_lang
from bot.ui.message import Picture, Rendered
from ramsch_core import Card

if TYPE_CHECKING:
    from bot.client import RamschBot

SAMPLE = tuple(Card.parse(name) for name in ("CJ", "SQ", "HK", "DA", "HT", "C7"))
"""The cards the reply shows in the chosen style: one of each suit, the ranks that differ."""

PACKS = [
    app_commands.Choice(name="each game's own pack", value="auto"),
    app_commands.Choice(name="French: Kreuz, Pik, Herz, Karo", value="french"),
    app_commands.Choice(name="German: Eichel, Gras, Herz, Schellen", value="german"),
]
COLOURS = [
    app_commands.Choice(name="two colours (red and black)", value="two"),
    app_commands.Choice(name="four colours (tournament deck)", value="four"),
]


class PreferencesCog(RamschCog, name="Preferences"):
    """A player's own choice of cards, for his hands and replies on every server."""

    @subcommand("cards", "How you see the cards: pack, colours, pictures")
    @app_commands.describe(
        pack="French or German pack, or each game's own",
        colours="the French pack in two or four colours",
        pictures="card pictures in your hand and the trick",
    )
    @app_commands.choices(pack=PACKS, colours=COLOURS)
    async def cards(
        self,
        interaction: discord.Interaction,
        pack: app_commands.Choice[str] | None = None,
        colours: app_commands.Choice[str] | None = None,
        pictures: bool | None = None,
    ) -> None:
        i18n.speak_to(interaction)
        preferences = self.bot.preferences
        if pack is None and colours is None and pictures is None:
            row = preferences.get(interaction.user.id)
        else:
            row = await preferences.choose(
                interaction.user.id,
                pack="keep" if pack is None else (None if pack.value == "auto" else pack.value),  # type: ignore[arg-type]
                four_colour=None if colours is None else colours.value == "four",
                pictures=pictures,
            )
        shown = cards_reply(row.pack, row.four_colour, row.pictures)
        await interaction.response.send_message(**shown.send_kwargs(), ephemeral=True)


def cards_reply(pack: str | None, four_colour: bool, pictures: bool) -> Rendered:
    """What a player chose, with a sample of cards in that style."""
    if pack == "french":
        pack_text = _("French (Kreuz, Pik, Herz, Karo)")
    elif pack == "german":
        pack_text = _("German (Eichel, Gras, Herz, Schellen)")
    else:
        pack_text = _("each game's own (German for Schafkopf and Ramsen, French for Skat)")
    colour_text = _("four colours") if four_colour else _("two colours")
    lines = [
        _("Pack: {pack}", pack=pack_text),
        _("The French pack in {colours}.", colours=colour_text),
        _("Card pictures: on") if pictures else _("Card pictures: off"),
        _("Change it with the options of this command; it holds at every table."),
    ]  # fmt: skip
    embed = discord.Embed(
        title=_("Your cards"), description="\n".join(lines), colour=discord.Colour.dark_green()
    )
    if not pictures:
        return Rendered(embeds=[embed])
    style = CardStyle(
        pack="german" if pack == "german" else "french",
        four_colour=four_colour,
        lang=style_lang(i18n.current()),
    )
    picture = Picture("cards.png", hand_picture(SAMPLE, style), alt_text(SAMPLE, style)[:1024])
    embed.set_image(url=picture.url)
    return Rendered(embeds=[embed], pictures=[picture])


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(PreferencesCog(bot))

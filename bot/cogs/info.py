"""Information: `/ramsch rules [variant]` and `/ramsch help`, answered privately."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.commands.choices import GAME_CHOICES, chosen_game, preset_autocomplete
from bot.commands.group import RamschCog, subcommand
from bot.i18n import N_, _
from bot.ui.games import rules_brief, title
from bot.ui.lobby import table_title
from bot.ui.text import presets_overview

if TYPE_CHECKING:
    from bot.client import RamschBot

INFO_COLOUR = discord.Colour.teal()

HELP = (
    (N_("Open a table"), N_("`/ramsch new` opens a lobby here with the server's default rules; "
     "pick a `preset` and options such as `rounds`, `seats`, `schieben` or `scoring` if you "
     "like.")),
    (N_("Join and start"), N_("Players press **Join**; the host presses **Start** once every seat "
     "is taken. **Leave** gives a seat back; **Cancel** or `/ramsch abort` ends the table.")),
    (N_("Playing alone?"), N_("The host fills free seats with **Add AI** (**Remove AI** takes one "
     "away) and sets every option of the variant, the seats and the rounds with **Rules**.")),
    (N_("Play"), N_("At every deal I DM you your hand. On your turn the cards you may play are "
     "green: press one. The table message in the channel shows the trick, whose turn it is, the "
     "last trick and the score sheet. No DMs? Press **My hand** on the table message.")),
    (N_("Turn timer"), N_("At half time I remind you; when it runs out the AI plays for you. After "
     "two in a row you are away and the AI keeps your seat until you press **I'm back**.")),
    (N_("Schieberamsch"), N_("On your turn press **Pick up** (or **Pass on**, in Skat), then "
     "choose the two cards to lay for the next player.")),
    (N_("After the game"), N_("Under the final standings, **Play again** starts the same table "
     "once every player has pressed it; **New table** opens a lobby with the same rules. "
     "`/ramsch new` can invite up to three players by name.")),
    (N_("Ratings and records"), N_("`/ramsch leaderboard` ranks the server by rating (or points "
     "per deal), `/ramsch stats` shows a player's figures and rating curve, `/ramsch history` "
     "your recent games. `/ramsch replay` steps through a finished deal trick by trick with "
     "every hand; `/ramsch record` sends its record as a file. `/ramsch rules` explains the "
     "rules, `/ramsch-config` sets the server's defaults (Manage Server), `/ramsch forget-me` "
     "deletes what the bot knows about you.")),
)  # fmt: skip


class InfoCog(RamschCog, name="Info"):
    """Rules in brief and help."""

    @subcommand("rules", "The rules in brief: of a preset, or of this channel's table")
    @app_commands.describe(
        game="the game whose presets to explain (default: the server's)",
        variant="a preset to explain (default: this channel's table, or all)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(variant=preset_autocomplete)
    async def rules(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        variant: str | None = None,
    ) -> None:
        chosen = await chosen_game(interaction)
        if variant is not None:
            rules = chosen.preset(variant)
            embed = discord.Embed(
                title=_("{title} — preset `{preset}`", title=title(rules), preset=variant),
                description=f"{_(chosen.descriptions[variant])}\n\n{rules_brief(rules)}",
                colour=INFO_COLOUR,
            )
        elif tables := self.bot.service.tables.open_tables(interaction.channel_id):
            table = tables[0]
            embed = discord.Embed(
                title=table_title(table), description=rules_brief(table.rules), colour=INFO_COLOUR
            )
        else:
            embed = discord.Embed(
                title=_("{game}: the presets", game=_(chosen.title)),
                description=presets_overview(chosen),
                colour=INFO_COLOUR,
            )
            embed.set_footer(text=_("/ramsch rules variant:<preset> explains one of them."))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @subcommand("help", "How to play Ramsch with this bot")
    async def help(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title=_("Ramsch — help"), colour=INFO_COLOUR)
        for name, value in HELP:
            embed.add_field(name=_(name), value=_(value), inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(InfoCog(bot))

"""Information: `/ramsch rules [variant]`, `/ramsch help` and `/ramsch about`, answered
privately."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.commands.choices import GAME_CHOICES, chosen_game, preset_autocomplete
from bot.commands.group import RamschCog, subcommand
from bot.i18n import N_, _, _n
from bot.ui.games import rules_brief, title
from bot.ui.lobby import table_title
from bot.ui.text import presets_overview
from bot.version import build_info

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
    (N_("Private tables"), N_("`/ramsch new private:true` opens a table that only you and the "
     "players you invite can join: invite more with the lobby's **Invite players…** menu, and "
     "each gets the table's link by DM. Every lobby shows its link to share. `/ramsch about` "
     "tells the bot's version.")),
    (N_("Public games"), N_("On a server that takes part, `/ramsch tables` lists open tables of "
     "every such server to join, `/ramsch quick` matches you with players of your strength, "
     "`/ramsch new public:true` opens one; they play in your DMs. `/ramsch block` and "
     "`/ramsch report` keep it fair.")),
    (N_("Ratings and records"), N_("`/ramsch leaderboard` ranks the server by rating (or points "
     "per deal), `/ramsch stats` shows a player's figures and rating curve, `/ramsch history` "
     "your recent games. `/ramsch replay` steps through a finished deal trick by trick with "
     "every hand; `/ramsch record` sends its record as a file. `/ramsch rules` explains the "
     "rules, `/ramsch-config` sets the server's defaults (Manage Server), `/ramsch forget-me` "
     "deletes what the bot knows about you.")),
)  # fmt: skip


def uptime_text(seconds: float) -> str:
    """How long the bot has run, to the minute: ``42 minutes``, ``3 h 5 min``, ``2 days, 1 h
    0 min``."""
    minutes = max(0, int(seconds)) // 60
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if not days and not hours:
        return _n("{count} minute", "{count} minutes", minutes)
    clock = _("{hours} h {minutes} min", hours=hours, minutes=minutes)
    if not days:
        return clock
    return _("{days}, {clock}", days=_n("{count} day", "{count} days", days), clock=clock)


class InfoCog(RamschCog, name="Info"):
    """Rules in brief, help, and what this bot is."""

    def __init__(self, bot: RamschBot) -> None:
        super().__init__(bot)
        self.started_at: float | None = None
        """When this bot started (its cogs load at the start): its uptime counts from here."""

    async def cog_load(self) -> None:
        await super().cog_load()
        self.started_at = self.bot.service.clock()

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

    @subcommand("about", "This bot's version, uptime and links")
    async def about(self, interaction: discord.Interaction) -> None:
        info = build_info()
        embed = discord.Embed(title=_("About the Ramsch bot"), colour=INFO_COLOUR)
        embed.add_field(name=_("Version"), value=info.version or _("unknown"))
        embed.add_field(name=_("Commit"), value=info.commit or _("unknown"))
        now = self.bot.service.clock()
        uptime = now - (now if self.started_at is None else self.started_at)
        embed.add_field(name=_("Uptime"), value=uptime_text(uptime))
        embed.add_field(name=_("Servers"), value=str(len(self.bot.guilds)))
        if info.links:
            links = "\n".join(f"{label}: {url}" for label, url in info.links)
        else:
            links = _("The documentation is in the docs folder of the bot's source.")
        embed.add_field(name=_("Links"), value=links[:1024], inline=False)
        embed.set_footer(text=info.line())
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(InfoCog(bot))

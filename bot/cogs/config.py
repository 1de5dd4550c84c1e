"""Settings: `/ramsch-config` (Manage Server) and the rules editor of lobbies and of the server."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import i18n
from bot.commands.choices import (
    GAME_CHOICES,
    SEAT_SIZES,
    preset_autocomplete,
    seats_autocomplete,
)
from bot.commands.group import RamschCog
from bot.i18n import N_, _
from bot.tables import GuildSettings, NotHost, TableError, WrongState
from bot.ui import ids
from bot.ui.editor import Draft, Proposal, checked_timer, choose, enter_numbers, section_of
from bot.ui.editor_view import numbers_modal, render_editor
from ramsch_core import RuleSetError, get_game

if TYPE_CHECKING:
    from bot.client import RamschBot

NOT_A_MANAGER = N_("Only members with the Manage Server permission can change the Ramsch settings")
CHANGED = {
    "preset": N_("preset {preset}"),
    "timer": N_("turn timer"),
    "dms": N_("hands by DM"),
    "rounds": N_("rounds"),
    "seats": N_("seats"),
    "channels": N_("channels"),
    "language": N_("language"),
    "reminder": N_("reminder"),
    "pictures": N_("card pictures"),
    "ping_role": N_("role pinged for new tables"),
    "threads": N_("a thread per table"),
    "public": N_("public games"),
    "mirror": N_("channel for public tables"),
}
"""What `/ramsch-config` names as saved (the preset's with its name)."""
LANGUAGE_CHOICES = [
    app_commands.Choice(name="the server's language", value="auto"),
    app_commands.Choice(name="Deutsch", value="de"),
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Polski", value="pl"),
]
CHANNEL_CHOICES = [
    app_commands.Choice(name="allow tables in the channel", value="add"),
    app_commands.Choice(name="no more tables in the channel", value="remove"),
    app_commands.Choice(name="allow tables in every channel", value="everywhere"),
]


def can_manage(interaction: discord.Interaction) -> bool:
    permissions = interaction.permissions
    return permissions.manage_guild or permissions.administrator


class ConfigCog(RamschCog, name="Config"):
    """Server defaults for new tables (`/ramsch-config`, Manage Server), and the editor that
    changes rules before a start."""

    group = app_commands.Group(
        name="ramsch-config",
        description="Ramsch server settings for new tables (Manage Server)",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )
    """A top-level group: Discord hides it from members without Manage Server (it takes
    default permissions only at the top level); every subcommand checks at run time too."""

    @group.command(name="show", description="The server's defaults for new tables, to edit")
    async def show(self, interaction: discord.Interaction) -> None:
        await self._configure(interaction, {})

    @group.command(name="rules", description="The game, its rules, rounds and seats of new tables")
    @app_commands.describe(
        game="the game new tables play",
        preset="the rules new tables start with (a preset of that game)",
        rounds="rounds a table plays",
        seats="players at a table (4 at a 3-player game: the dealer sits out)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(preset=preset_autocomplete)
    @app_commands.autocomplete(seats=seats_autocomplete)
    async def rules(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        preset: app_commands.Range[str, 1, 100] | None = None,
        rounds: app_commands.Range[int, 1, 50] | None = None,
        seats: app_commands.Range[int, min(SEAT_SIZES), max(SEAT_SIZES)] | None = None,
    ) -> None:
        await self._configure(
            interaction, {"game": game, "preset": preset, "rounds": rounds, "seats": seats}
        )

    @group.command(name="table", description="Turn timer, reminder, DMs, pictures, language")
    @app_commands.describe(
        timer="seconds a player has for a turn; 0: no timer",
        reminder="seconds into a turn when the player is pinged; 0: at once; -1: at half time",
        dms="DM each player their hand (else they use My hand)",
        pictures="card pictures on the table messages and hands",
        language="the language of the table messages in the channels",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def table(
        self,
        interaction: discord.Interaction,
        timer: app_commands.Range[int, 0, 86400] | None = None,
        reminder: app_commands.Range[int, -1, 86400] | None = None,
        dms: bool | None = None,
        pictures: bool | None = None,
        language: str | None = None,
    ) -> None:
        await self._configure(
            interaction,
            {"timer": timer, "reminder": reminder, "dms": dms, "pictures": pictures,
             "language": language},
        )  # fmt: skip

    @group.command(name="channels", description="The channels where tables may be opened")
    @app_commands.describe(
        action="allow tables in a channel, stop allowing them, or allow every channel",
        channel="the channel (default: this one)",
    )
    @app_commands.choices(action=CHANNEL_CHOICES)
    async def channels(
        self,
        interaction: discord.Interaction,
        action: str | None = None,
        channel: discord.TextChannel | None = None,
    ) -> None:
        await self._configure(interaction, {"channels": action, "channel": channel})

    @group.command(name="announce", description="A role pinged for new tables; a thread each")
    @app_commands.describe(
        ping_role="the role pinged when a table opens",
        no_ping_role="True: ping no role when a table opens",
        threads="each table plays in its own thread, keeping the channel clean",
    )
    async def announce(
        self,
        interaction: discord.Interaction,
        ping_role: discord.Role | None = None,
        no_ping_role: bool | None = None,
        threads: bool | None = None,
    ) -> None:
        await self._configure(
            interaction, {"ping_role": ping_role, "no_ping_role": no_ping_role, "threads": threads}
        )

    @group.command(name="public", description="Public games with players of other servers")
    @app_commands.describe(
        public="True: members may play public games with players of other servers",
        mirror="a channel where public tables of members are shown for watching",
        no_mirror="True: show members' public tables in no channel",
    )
    async def public(
        self,
        interaction: discord.Interaction,
        public: bool | None = None,
        mirror: discord.TextChannel | None = None,
        no_mirror: bool | None = None,
    ) -> None:
        await self._configure(
            interaction, {"public": public, "mirror": mirror, "no_mirror": no_mirror}
        )

    async def _configure(self, interaction: discord.Interaction, given: dict[str, Any]) -> None:
        """Show the server's settings with the editor; the options given are changed first."""
        if not can_manage(interaction):
            raise TableError(NOT_A_MANAGER)
        guild_id = interaction.guild_id
        assert guild_id is not None
        service = self.bot.service
        data = (await service.guilds.get(guild_id)).model_dump(mode="json")
        changed: list[str] = []
        notes: list[str] = []
        game, preset = given.get("game"), given.get("preset")
        if game is not None or preset is not None:
            old = get_game(data["game"]).preset(data["preset"])
            chosen = get_game(game or data["game"])
            keep = data["preset"] if chosen.id == data["game"] else chosen.default_preset
            name = preset or keep
            new = chosen.preset(name)
            data["game"], data["preset"], data["rules"] = chosen.id, name, {}
            seats_now = data["options"]["seats"]
            if seats_now not in new.table_sizes() or len(old.table_sizes()) == 1:
                data["options"]["seats"] = new.players
            changed.append(_(CHANGED["preset"], preset=name))
        if given.get("timer") is not None:
            data["turn_timeout"] = checked_timer(given["timer"])
            changed.append(_(CHANGED["timer"]))
        if given.get("dms") is not None:
            data["dms"] = given["dms"]
            changed.append(_(CHANGED["dms"]))
        if given.get("rounds") is not None:
            data["options"]["rounds"] = given["rounds"]
            changed.append(_(CHANGED["rounds"]))
        if given.get("seats") is not None:
            data["options"]["seats"] = given["seats"]
            data["rules"] = seated_overrides(data, given["seats"])
            changed.append(_(CHANGED["seats"]))
        action, channel = given.get("channels"), given.get("channel")
        if action is not None or channel is not None:
            where = channel.id if channel is not None else interaction.channel_id
            assert where is not None
            data["channels"] = allowed_channels(data["channels"], action or "add", where)
            changed.append(_(CHANGED["channels"]))
        if given.get("language") is not None:
            data["language"] = given["language"]
            changed.append(_(CHANGED["language"]))
        if given.get("reminder") is not None:
            reminder = given["reminder"]
            data["reminder"] = None if reminder < 0 else float(reminder)
            changed.append(_(CHANGED["reminder"]))
        if given.get("pictures") is not None:
            data["pictures"] = given["pictures"]
            changed.append(_(CHANGED["pictures"]))
        role, no_role = given.get("ping_role"), given.get("no_ping_role")
        if role is not None and no_role:
            raise TableError("Choose a role to ping or no role, not both")
        if role is not None:
            data["ping_role"] = checked_role(role)
            changed.append(_(CHANGED["ping_role"]))
            if not role.mentionable and not interaction.app_permissions.mention_everyone:
                notes.append(
                    _(
                        "{role} can't be mentioned by everyone: allow it in the role's settings "
                        "or give me the permission **Mention @everyone, @here and All Roles**, "
                        "else nobody is pinged.",
                        role=role.mention,
                    )
                )
        elif no_role:
            data["ping_role"] = None
            changed.append(_(CHANGED["ping_role"]))
        if given.get("threads") is not None:
            data["threads"] = given["threads"]
            changed.append(_(CHANGED["threads"]))
        changed += public_settings(data, given)
        settings = await service.guilds.get(guild_id)
        if changed:
            settings = await service.guilds.set(guild_id, data)
        draft = Draft.of_guild(guild_id, settings, _guild_name(interaction))
        note = _("Saved: {changes}.", changes=", ".join(changed)) if changed else ""
        shown = render_editor(draft, "\n".join([note, *notes]).strip())
        shown.embeds[0].add_field(
            name=_("Role pinged for new tables"), value=_role_text(settings.ping_role)
        )
        shown.embeds[0].add_field(
            name=_("A thread per table"), value=_("on") if settings.threads else _("off")
        )
        shown.embeds[0].add_field(name=_("Public games"), value=_public_text(settings))
        shown.embeds[0].add_field(
            name=_("Role that organises tournaments"),
            value=_role_text(settings.tournament_role),
        )
        await interaction.response.send_message(
            **shown.send_kwargs(), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    # -- the editor's controls (see bot.ui.editor_items) --------------------------------------

    async def on_editor_select(
        self,
        interaction: discord.Interaction,
        target: ids.EditorTarget,
        target_id: int,
        name: str,
        values: list[str],
    ) -> None:
        i18n.speak_to(interaction)
        try:
            draft = await self._draft(interaction, target, target_id)
            draft = await self._apply(interaction, draft, choose(draft, name, values))
            shown = render_editor(draft, section=section_of(name))
            await interaction.response.edit_message(**shown.edit_kwargs())
        except Exception as error:
            await self.bot.report_error(interaction, error)

    async def on_editor_numbers(
        self,
        interaction: discord.Interaction,
        target: ids.EditorTarget,
        target_id: int,
        section: str | None,
    ) -> None:
        i18n.speak_to(interaction)
        try:
            draft = await self._draft(interaction, target, target_id)
            await interaction.response.send_modal(numbers_modal(draft, section))
        except Exception as error:
            await self.bot.report_error(interaction, error)

    async def on_editor_section(
        self,
        interaction: discord.Interaction,
        target: ids.EditorTarget,
        target_id: int,
        section: str | None,
    ) -> None:
        i18n.speak_to(interaction)
        try:
            draft = await self._draft(interaction, target, target_id)
            shown = render_editor(draft, section=section)
            await interaction.response.edit_message(**shown.edit_kwargs())
        except Exception as error:
            await self.bot.report_error(interaction, error)

    async def on_editor_modal(
        self,
        interaction: discord.Interaction,
        target: ids.EditorTarget,
        target_id: int,
        texts: dict[str, str],
        section: str | None,
    ) -> None:
        i18n.speak_to(interaction)
        try:
            draft = await self._draft(interaction, target, target_id)
            draft = await self._apply(interaction, draft, enter_numbers(draft, texts, section))
            shown = render_editor(draft, section=section)
            if interaction.message is not None:
                await interaction.response.edit_message(**shown.edit_kwargs())
            else:
                await interaction.response.send_message(**shown.send_kwargs(), ephemeral=True)
        except Exception as error:
            await self.bot.report_error(interaction, error)

    async def _draft(
        self, interaction: discord.Interaction, target: ids.EditorTarget, target_id: int
    ) -> Draft:
        """The editor's current state, if the user may change it."""
        if target == "t":
            table = self.bot.service.check_click(
                target_id, guild_id=interaction.guild_id, user_id=interaction.user.id
            )
            if interaction.user.id != table.host_id:
                raise NotHost("Only the host can change the rules")
            if table.status != "lobby":
                raise WrongState("The game has already started")
            return Draft.of_table(table)
        if not can_manage(interaction):
            raise TableError(NOT_A_MANAGER)
        if interaction.guild_id != target_id:
            raise TableError("Those are the settings of another server")
        settings = await self.bot.service.guilds.get(target_id)
        return Draft.of_guild(target_id, settings, _guild_name(interaction))

    async def _apply(
        self, interaction: discord.Interaction, draft: Draft, proposal: Proposal
    ) -> Draft:
        service = self.bot.service
        if draft.target == "t":
            update = await service.lobby.set_rules(
                draft.target_id, interaction.user.id, proposal.rules, proposal.options
            )
            return Draft.of_table(update.table)
        # The editor shows only some settings: the others (language, reminder, pictures, the
        # role ping, threads) are kept as they are.
        current = (await service.guilds.get(draft.target_id)).model_dump(mode="json")
        settings = await service.guilds.set(
            draft.target_id, current | proposal.guild_settings(draft.channels)
        )
        return Draft.of_guild(draft.target_id, settings, _guild_name(interaction))


def allowed_channels(current: list[Any], action: str, channel_id: int) -> list[int]:
    """The channel list after allowing or disallowing one channel (empty: every channel)."""
    channels = [int(channel) for channel in current]
    if action == "everywhere":
        return []
    if action == "add":
        return channels if channel_id in channels else [*channels, channel_id]
    if not channels:
        raise TableError(
            "Tables may open in every channel now: first allow the channels where they may"
        )
    if channel_id not in channels:
        raise TableError(
            "{channel} is not one of the channels for tables", channel=f"<#{channel_id}>"
        )
    if channels == [channel_id]:
        raise TableError(
            "That is the only channel for tables: allow another first, or every channel"
        )
    return [channel for channel in channels if channel != channel_id]


def seated_overrides(data: dict[str, Any], seats: int) -> dict[str, Any]:
    """A server's rule overrides after its tables got ``seats`` seats: in a game whose number
    of players is a rule (Ramsen) it follows the seats."""
    game = get_game(data["game"])
    base = game.preset(data["preset"])
    try:
        rules = game.preset(data["preset"], **data["rules"])
    except RuleSetError:
        return dict(data["rules"])
    if seats not in rules.seatings():
        return dict(data["rules"])
    seated = rules.seated(seats).options()
    return {name: value for name, value in seated.items() if base.options().get(name) != value}


def checked_role(role: discord.Role) -> int:
    """The id of a role to ping for new tables; @everyone and the roles of bots are refused."""
    if role.is_default():
        raise TableError("Choose a role: the bot never pings @everyone")
    if role.managed:
        raise TableError("{role} belongs to a bot or an integration: choose a role of members",
                         role=role.mention)  # fmt: skip
    return role.id


def _role_text(role: int | None) -> str:
    return f"<@&{role}>" if role is not None else _("none")


def public_settings(data: dict[str, Any], given: dict[str, Any]) -> list[str]:
    """Public play and its mirror channel, changed in ``data``; what was changed, to name."""
    changed: list[str] = []
    mirror, no_mirror = given.get("mirror"), given.get("no_mirror")
    if mirror is not None and no_mirror:
        raise TableError("Choose a channel for public tables or no channel, not both")
    if given.get("public") is not None:
        data["public"] = given["public"]
        changed.append(_(CHANGED["public"]))
    if mirror is not None:
        data["mirror"] = mirror.id
        changed.append(_(CHANGED["mirror"]))
    elif no_mirror:
        data["mirror"] = None
        changed.append(_(CHANGED["mirror"]))
    return changed


def _public_text(settings: GuildSettings) -> str:
    if not settings.public:
        return _("off")
    if settings.mirror is None:
        return _("on")
    return _("on, shown in {channel}", channel=f"<#{settings.mirror}>")


def _guild_name(interaction: discord.Interaction) -> str:
    return interaction.guild.name if interaction.guild is not None else _("this server")


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(ConfigCog(bot))

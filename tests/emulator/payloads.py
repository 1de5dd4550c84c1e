"""Builders of the JSON payloads Discord sends: READY, GUILD_CREATE, interactions, messages."""

from __future__ import annotations

from typing import Any

from .interactions import InteractionHandle
from .message_model import Message
from .model import Guild, Member, UserAccount

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
API_VERSION = 10


def bot_user_payload(bot: UserAccount) -> dict[str, Any]:
    """The bot's own user as ``GET /users/@me`` and READY carry it."""
    data = bot.payload()
    data.update(verified=True, mfa_enabled=False, locale="en-US", email=None)
    return data


def application_payload(app_id: int, bot: UserAccount, owner: UserAccount) -> dict[str, Any]:
    """``GET /oauth2/applications/@me``."""
    return {
        "id": str(app_id),
        "name": bot.name,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "hook": True,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "owner": owner.payload(),
        "team": None,
        "flags": 0,
        "tags": [],
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "approximate_guild_count": 1,
        "bot": bot_user_payload(bot),
    }


def ready_payload(
    *,
    bot: UserAccount,
    app_id: int,
    session_id: str,
    resume_url: str,
    guilds: list[Guild],
    shard: tuple[int, int] = (0, 1),
) -> dict[str, Any]:
    """The READY dispatch: guilds start unavailable and follow as GUILD_CREATE."""
    return {
        "v": API_VERSION,
        "user": bot_user_payload(bot),
        "session_id": session_id,
        "session_type": "normal",
        "resume_gateway_url": resume_url,
        "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
        "application": {"id": str(app_id), "flags": 0},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "user_settings": {},
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": [],
        "shard": list(shard),
        "_trace": ["discord-emulator"],
    }


def guild_create_payload(guild: Guild, *, bot: UserAccount, with_members: bool) -> dict[str, Any]:
    """A full GUILD_CREATE: channels, roles incl. @everyone, members, member_count, joined_at.

    Without the GUILD_MEMBERS intent Discord only sends the bot's own member.
    """
    members: list[Member] = list(guild.members.values())
    if not with_members:
        members = [m for m in members if m.user.id == bot.id]
    bot_member = guild.members.get(bot.id)
    bot_perms = guild.permissions_of(bot.id)
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(guild.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": guild.locale,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "vanity_url_code": None,
        "application_id": None,
        "features": [],
        "roles": [r.payload() for r in guild.roles.values()],
        "emojis": [],
        "stickers": [],
        "joined_at": bot_member.joined_at if bot_member else guild.created_at,
        "large": False,
        "unavailable": False,
        "lazy": True,
        "member_count": len(guild.members),
        "members": [m.payload() for m in members],
        "channels": [c.payload(permissions=bot_perms) for c in guild.channels if not c.deleted],
        "threads": [t.payload(permissions=bot_perms) for t in guild.threads if not t.deleted],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def message_event_payload(message: Message) -> dict[str, Any]:
    """MESSAGE_CREATE / MESSAGE_UPDATE data: the message plus guild_id and the author member."""
    data = message.payload()
    guild = message.channel.guild
    if guild is not None:
        data["guild_id"] = str(guild.id)
        member = guild.members.get(message.author.id)
        if member is not None:
            data["member"] = member.payload(with_user=False)
    return data


def interaction_payload(
    handle: InteractionHandle, *, app_id: int, bot: UserAccount, owners: dict[str, str]
) -> dict[str, Any]:
    """INTERACTION_CREATE data with every key discord.py needs (pitfalls 2, 4, 5)."""
    guild, channel = handle.guild, handle.channel
    data: dict[str, Any] = {
        "id": str(handle.id),
        "application_id": str(app_id),
        "type": handle.type,
        "token": handle.token,
        "version": 1,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        "locale": handle.user.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "authorizing_integration_owners": owners,
        "context": 0 if guild is not None else 1,
        "channel_id": str(channel.id),
        "data": handle.data,
    }
    if guild is not None:
        # Permissions in the channel, overwrites applied: the bot's as app_permissions.
        member = guild.members[handle.user.id]
        user_perms = guild.permissions_in(channel, handle.user.id)
        data.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": guild.locale, "features": []},
            guild_locale=guild.locale,
            member={**member.payload(with_permissions=True), "permissions": str(user_perms)},
            app_permissions=str(guild.permissions_in(channel, bot.id)),
            channel=channel.payload(permissions=user_perms),
        )
    else:
        data.update(
            user=handle.user.payload(),
            app_permissions=str(0),
            channel=channel.payload(),
        )
    if handle.component_message is not None:
        data["message"] = handle.component_message.payload()
    return data


def stored_command(
    command: dict[str, Any], *, id: int, app_id: int, guild_id: int | None, version: int
) -> dict[str, Any]:
    """A registered application command as Discord returns it."""
    stored: dict[str, Any] = {
        "id": str(id),
        "application_id": str(app_id),
        "version": str(version),
        "type": command.get("type", 1),
        "name": command["name"],
        "name_localizations": command.get("name_localizations"),
        "description": command.get("description", ""),
        "description_localizations": command.get("description_localizations"),
        "options": command.get("options", []),
        "default_member_permissions": _permissions_string(
            command.get("default_member_permissions")
        ),
        "dm_permission": command.get("dm_permission", True),
        "contexts": command.get("contexts"),
        "integration_types": command.get("integration_types", [0]),
        "nsfw": command.get("nsfw", False),
    }
    if guild_id is not None:
        stored["guild_id"] = str(guild_id)
    return stored


def _permissions_string(value: Any) -> str | None:
    """Discord answers a command's ``default_member_permissions`` as a string (or null)."""
    return None if value is None else str(value)

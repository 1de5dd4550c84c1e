"""Discord's state as the emulator keeps it: users, guilds, roles, members and channels."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .message_model import Message

DISCORD_EPOCH_MS = 1_420_070_400_000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1
EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | ADD_REACTIONS
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES

GUILD_TEXT = 0
DM = 1


def now_iso() -> str:
    """The current time as Discord formats timestamps."""
    return datetime.now(UTC).isoformat()


class Snowflakes:
    """Unique, increasing snowflake ids derived from the clock."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next id whose guild lands on ``shard_id`` of ``shard_count`` (its timestamp
        moved forward by at most ``shard_count - 1`` milliseconds)."""
        stamp = self.next() >> 22
        stamp += (shard_id - stamp) % shard_count
        self._last = max(stamp << 22, self._last)
        return self._last


class ModelOwner(Protocol):
    """What model objects need from the emulator that owns them."""

    def next_id(self) -> int: ...

    def register_channel(self, channel: Channel) -> None: ...

    def register_user(self, account: UserAccount) -> None: ...

    def model_event(
        self, event: str, data: dict[str, Any], *, guild: Guild | None = None
    ) -> None: ...


def as_account(user: Any) -> UserAccount:
    """A ``UserAccount`` from an account, a simulated user (has ``.account``)."""
    account = getattr(user, "account", user)
    if not isinstance(account, UserAccount):
        raise TypeError(f"expected a user, got {user!r}")
    return account


@dataclass(eq=False)
class UserAccount:
    """A Discord user: the bot's own user or a simulated one."""

    id: int
    name: str
    bot: bool = False
    global_name: str | None = None
    dms_open: bool = True
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass(eq=False)
class Role:
    """A guild role; the @everyone role has the guild's id."""

    id: int
    name: str
    permissions: int
    position: int = 0
    mentionable: bool = False
    """Anyone may ping it (else only members who may mention every role)."""

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": self.mentionable,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    """A user's membership in a guild."""

    user: UserAccount
    guild: Guild
    role_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=now_iso)

    @property
    def permissions(self) -> int:
        return self.guild.permissions_of(self.user.id)

    def payload(self, *, with_user: bool = True, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.role_ids],
            "joined_at": self.joined_at,
            "nick": None,
            "avatar": None,
            "banner": None,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass
class Overwrite:
    """A channel's permission overwrite for a role (type 0) or a member (type 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


class Channel:
    """A guild text channel or a DM channel; holds its non-ephemeral messages in order."""

    def __init__(
        self,
        id: int,
        name: str,
        *,
        guild: Guild | None = None,
        recipient: UserAccount | None = None,
        position: int = 0,
        topic: str | None = None,
    ) -> None:
        self.id = id
        self.name = name
        self.guild = guild
        self.recipient = recipient
        self.position = position
        self.topic = topic
        self.type = GUILD_TEXT if guild is not None else DM
        self.messages: list[Message] = []
        self.deleted = False
        self.overwrites: dict[int, Overwrite] = {}
        """Permission overwrites by role or user id (see ``Guild.set_permissions``)."""

    def __repr__(self) -> str:
        return f"<Channel {self.name!r} id={self.id}>"

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def last_message_id(self) -> str | None:
        return str(self.messages[-1].id) if self.messages else None

    def current_messages(self) -> list[Message]:
        """Messages not deleted, oldest first."""
        return [m for m in self.messages if not m.deleted]

    def payload(self, *, permissions: int | None = None) -> dict[str, Any]:
        if self.guild is None:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": self.last_message_id,
                "recipients": [self.recipient.payload()],
                "flags": 0,
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": GUILD_TEXT,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [o.payload() for o in self.overwrites.values()],
            "nsfw": False,
            "topic": self.topic,
            "last_message_id": self.last_message_id,
            "rate_limit_per_user": 0,
            "parent_id": None,
            "flags": 0,
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


class Guild:
    """A guild with roles, members and text channels."""

    def __init__(self, owner: ModelOwner, id: int, name: str, owner_id: int) -> None:
        self._owner = owner
        self.id = id
        self.name = name
        self.owner_id = owner_id
        self.roles: dict[int, Role] = {id: Role(id, "@everyone", EVERYONE_PERMISSIONS)}
        self.members: dict[int, Member] = {}
        self.channels: list[Channel] = []
        self.threads: list[Channel] = []
        """Active threads (tests/emulator/threads.py), in GUILD_CREATE's ``threads``."""
        self.created_at = now_iso()
        self.locale = "en-US"

    def __repr__(self) -> str:
        return f"<Guild {self.name!r} id={self.id}>"

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def channel(self, name: str) -> Channel:
        for channel in self.channels:
            if channel.name == name:
                return channel
        raise KeyError(f"{self!r} has no channel {name!r}")

    def add_channel(self, name: str, *, topic: str | None = None) -> Channel:
        channel = Channel(
            self._owner.next_id(), name, guild=self, position=len(self.channels), topic=topic
        )
        self.channels.append(channel)
        self._owner.register_channel(channel)
        self._owner.model_event("CHANNEL_CREATE", channel.payload(), guild=self)
        return channel

    def add_role(self, name: str, permissions: int = 0, *, mentionable: bool = False) -> Role:
        role = Role(
            self._owner.next_id(), name, permissions, position=len(self.roles),
            mentionable=mentionable,
        )  # fmt: skip
        self.roles[role.id] = role
        self._owner.model_event(
            "GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": role.payload()}, guild=self
        )
        return role

    def add_member(
        self,
        user: Any,
        *,
        administrator: bool = False,
        manage_guild: bool = False,
        permissions: int = 0,
        roles: tuple[Role, ...] = (),
    ) -> Member:
        """Make a user (simulated user or account) a member; optionally grant permissions."""
        account = as_account(user)
        member = self.members.get(account.id)
        if member is None:
            member = Member(account, self)
            self.members[account.id] = member
            data = member.payload()
            data["guild_id"] = str(self.id)
            self._owner.model_event("GUILD_MEMBER_ADD", data, guild=self)
        for role in roles:
            self.give_role(account, role)
        if administrator or manage_guild or permissions:
            self.grant(
                account,
                administrator=administrator,
                manage_guild=manage_guild,
                permissions=permissions,
            )
        return member

    def member(self, user: Any) -> Member:
        return self.members[as_account(user).id]

    def give_role(self, user: Any, role: Role) -> None:
        member = self.member(user)
        if role.id not in member.role_ids and role.id != self.id:
            member.role_ids.append(role.id)
            data = member.payload()
            data["guild_id"] = str(self.id)
            self._owner.model_event("GUILD_MEMBER_UPDATE", data, guild=self)

    def grant(
        self,
        user: Any,
        *,
        administrator: bool = False,
        manage_guild: bool = False,
        permissions: int = 0,
    ) -> Role:
        """Give a member a new role with the given permissions (e.g. Manage Server)."""
        bits = permissions | (ADMINISTRATOR if administrator else 0)
        bits |= MANAGE_GUILD if manage_guild else 0
        role = self.add_role(f"grant-{len(self.roles)}", bits)
        self.give_role(user, role)
        return role

    def set_permissions(
        self, channel: Channel, target: Any, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Set a channel's overwrite for a role or a member (a user, or the bot's account),
        as an admin does in the channel's settings; ``allow=deny=0`` removes it. Dispatched
        as CHANNEL_UPDATE; later interactions in the channel carry the new permissions."""
        if isinstance(target, Role):
            kind, target_id = 0, target.id
        else:
            kind, target_id = 1, as_account(target).id
        if allow or deny:
            channel.overwrites[target_id] = Overwrite(target_id, kind, allow, deny)
        else:
            channel.overwrites.pop(target_id, None)
        self._owner.model_event("CHANNEL_UPDATE", channel.payload(), guild=self)

    def permissions_in(self, channel: Channel, user_id: int) -> int:
        """A member's permissions in a channel, as Discord computes them: the guild's, then
        the channel's overwrites for @everyone, for the member's roles (together) and for the
        member; all for the owner and administrators; none without View Channel. A thread
        (a channel with a ``parent``) takes its parent's overwrites."""
        bits = self.permissions_of(user_id)
        if bits == ALL_PERMISSIONS or user_id not in self.members:
            return bits
        source = getattr(channel, "parent", None) or channel
        overwrites: dict[int, Overwrite] = source.overwrites
        everyone = overwrites.get(self.id)
        if everyone is not None:
            bits = (bits & ~everyone.deny) | everyone.allow
        allow = deny = 0
        for role_id in self.members[user_id].role_ids:
            found = overwrites.get(role_id)
            if found is not None and found.type == 0:
                allow, deny = allow | found.allow, deny | found.deny
        bits = (bits & ~deny) | allow
        own = overwrites.get(user_id)
        if own is not None and own.type == 1:
            bits = (bits & ~own.deny) | own.allow
        return bits if bits & VIEW_CHANNEL else 0

    def permissions_of(self, user_id: int) -> int:
        member = self.members.get(user_id)
        if member is None:
            return 0
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        bits = self.everyone.permissions
        for role_id in member.role_ids:
            role = self.roles.get(role_id)
            if role is not None:
                bits |= role.permissions
        return ALL_PERMISSIONS if bits & ADMINISTRATOR else bits

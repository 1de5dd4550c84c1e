"""Simulated users: slash commands, clicks, selects, modals, and what each user can see."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from . import components as comp
from .errors import SimulationError
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionHandle,
)
from .message_model import Message, MessageVersion
from .model import ADMINISTRATOR, Channel, Guild, Role, UserAccount
from .options import build_options, resolve_users

if TYPE_CHECKING:
    from .emulator import Emulator


class SimUser:
    """A simulated Discord user acting through a (perfectly obedient) Discord client."""

    def __init__(self, emulator: Emulator, account: UserAccount) -> None:
        self._emulator = emulator
        self.account = account

    def __repr__(self) -> str:
        return f"<SimUser {self.name} id={self.id}>"

    @property
    def id(self) -> int:
        return self.account.id

    @property
    def name(self) -> str:
        return self.account.name

    @property
    def mention(self) -> str:
        return self.account.mention

    @property
    def dms_open(self) -> bool:
        return self.account.dms_open

    @dms_open.setter
    def dms_open(self, value: bool) -> None:
        self.account.dms_open = value

    @property
    def dm_channel(self) -> Channel:
        """This user's DM channel with the bot (use it for slash commands in DMs)."""
        return self._emulator.dm_channel(self.account)

    # -- what the user sees ---------------------------------------------------------------

    def can_see(self, message: Message) -> bool:
        if message.deleted or message.channel.deleted:
            return False
        if message.ephemeral:
            return message.ephemeral_for == self.id
        guild = message.channel.guild
        if guild is None:
            return message.channel.recipient is self.account
        return self.id in guild.members

    def channel_messages(self, channel: Channel) -> list[Message]:
        """Current non-ephemeral messages of a channel the user can read, oldest first."""
        self._context(channel)
        return channel.current_messages()

    def ephemerals(self, channel: Channel | None = None) -> list[Message]:
        """Ephemeral messages shown to this user (optionally in one channel), oldest first."""
        found = self._emulator.store.ephemerals.get(self.id, [])
        return [m for m in found if not m.deleted and (channel is None or m.channel is channel)]

    def dms(self) -> list[Message]:
        """Current messages in this user's DM channel with the bot."""
        channel = self._emulator.dm_channels.get(self.id)
        return channel.current_messages() if channel is not None else []

    def visible_messages(self) -> list[Message]:
        """Everything this user sees now: guild channels, own ephemerals and DMs."""
        found: list[Message] = []
        for guild in self._emulator.guilds.values():
            if self.id in guild.members:
                for channel in [*guild.channels, *guild.threads]:
                    if not channel.deleted:
                        found.extend(channel.current_messages())
        found.extend(self.ephemerals())
        found.extend(self.dms())
        return sorted(found, key=lambda m: m.order)

    # -- acting ---------------------------------------------------------------------------

    def _context(self, channel: Channel) -> Guild | None:
        guild = channel.guild
        if guild is None:
            if channel.recipient is not self.account:
                raise SimulationError(f"{self.name} is not a participant of {channel!r}")
            return None
        if self.id not in guild.members:
            raise SimulationError(f"{self.name} is not a member of {guild!r}")
        if channel.deleted:
            raise SimulationError(f"{channel!r} was deleted")
        return guild

    def _handle(
        self,
        kind: int,
        channel: Channel,
        data: dict[str, Any],
        description: str,
        component_message: Message | None = None,
    ) -> InteractionHandle:
        emulator = self._emulator
        return InteractionHandle(
            emulator,
            id=emulator.next_id(),
            token=f"itoken.{secrets.token_urlsafe(32)}",
            type=kind,
            user=self.account,
            channel=channel,
            guild=channel.guild,
            data=data,
            description=description,
            component_message=component_message,
        )

    def _command(
        self, channel: Channel, command: str
    ) -> tuple[Guild | None, dict[str, Any], list[str]]:
        guild = self._context(channel)
        parts = command.strip().lstrip("/").split()
        registered = self._emulator.find_command(parts[0], guild)
        where = f"in {guild!r}" if guild is not None else "globally"
        if registered is None:
            raise SimulationError(
                f"/{parts[0]} is not registered {where} (did the bot sync its tree?)"
            )
        contexts = registered.get("contexts")
        context = 0 if guild is not None else 1
        if contexts is not None and context not in contexts:
            raise SimulationError(
                f"/{parts[0]} cannot be used {'in DMs' if context else 'in guilds'}"
            )
        if guild is None and contexts is None and registered.get("dm_permission") is False:
            raise SimulationError(f"/{parts[0]} is not available in DMs")
        needed = registered.get("default_member_permissions")
        if guild is not None and needed is not None:
            have = guild.permissions_of(self.id)
            need = int(needed)
            if not have & ADMINISTRATOR and (need == 0 or have & need != need):
                raise SimulationError(f"{self.name} lacks the permissions to see /{parts[0]}")
        return guild, registered, parts[1:]

    async def slash(self, channel: Channel, command: str, /, **options: Any) -> InteractionHandle:
        """Run ``/command [group] [sub]`` with typed options, e.g.
        ``await alice.slash(ch, "ramsch new", variant="skat", rounds=1)``."""
        guild, registered, path = self._command(channel, command)
        data_options, resolved = build_options(registered, path, options, guild)
        data: dict[str, Any] = {
            "id": registered["id"],
            "name": registered["name"],
            "type": 1,
            "options": data_options,
        }
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in registered:
            data["guild_id"] = registered["guild_id"]
        handle = self._handle(APPLICATION_COMMAND, channel, data, f"/{command.strip()}")
        await self._emulator.dispatch_interaction(handle)
        return handle

    async def autocomplete(
        self, channel: Channel, command: str, focused: str, value: str, /, **options: Any
    ) -> list[dict[str, Any]]:
        """Type ``value`` into option ``focused``; returns the bot's choices."""
        guild, registered, path = self._command(channel, command)
        data_options, _ = build_options(registered, path, options, guild, focused=(focused, value))
        data = {
            "id": registered["id"],
            "name": registered["name"],
            "type": 1,
            "options": data_options,
        }
        if "guild_id" in registered:
            data["guild_id"] = registered["guild_id"]
        handle = self._handle(AUTOCOMPLETE, channel, data, f"autocomplete /{command} {focused}")
        await self._emulator.dispatch_interaction(handle)
        await handle.wait_ack()
        return list(handle.choices or [])

    def _live(self, message: Message | MessageVersion) -> tuple[Message, MessageVersion]:
        if isinstance(message, MessageVersion):
            live = self._emulator.store.by_id.get(message.message_id)
            version = message
        else:
            live, version = message, message.current
        if live is None or live.deleted:
            raise SimulationError(f"message {message.id} no longer exists")
        if not self.can_see(live):
            raise SimulationError(f"{self.name} cannot see {live!r}")
        if live.loading:
            raise SimulationError(f"{live!r} is still loading; it has no components yet")
        return live, version

    def _component(
        self, version: MessageVersion, key: str, types: frozenset[int]
    ) -> dict[str, Any]:
        try:
            component = comp.find(version.components, key, types)
        except LookupError as exc:
            raise SimulationError(str(exc)) from None
        if component.get("disabled"):
            raise SimulationError(f"component {key!r} is disabled")
        return component

    async def _component_interaction(
        self, message: Message, data: dict[str, Any], description: str
    ) -> InteractionHandle:
        handle = self._handle(MESSAGE_COMPONENT, message.channel, data, description, message)
        await self._emulator.dispatch_interaction(handle)
        return handle

    async def click(self, message: Message | MessageVersion, key: str) -> InteractionHandle:
        """Click a button by custom_id or label. Pass ``message.snapshot()`` taken earlier to
        click a stale button; disabled or missing buttons raise SimulationError."""
        live, version = self._live(message)
        button = self._component(version, key, frozenset({comp.BUTTON}))
        if button.get("style") in (comp.LINK_STYLE, comp.PREMIUM_STYLE):
            raise SimulationError(f"button {key!r} is a link/premium button: no interaction")
        data: dict[str, Any] = {"custom_id": button["custom_id"], "component_type": comp.BUTTON}
        if isinstance(button.get("id"), int):
            data["id"] = button["id"]
        return await self._component_interaction(live, data, f"click {key!r}")

    async def click_custom_id(
        self,
        message: Message | MessageVersion,
        custom_id: str,
        *,
        values: Sequence[str] | None = None,
    ) -> InteractionHandle:
        """A component interaction with any ``custom_id`` on a message this user sees, as a
        modified client (or one that forged the id) sends it: Discord dispatches it with the
        message as it is now, so the bot gets a custom_id that message need not show. With
        ``values``: a string select's choice; else a button click."""
        if not 1 <= len(custom_id) <= 100:
            raise SimulationError("a custom_id has 1 to 100 characters")
        live, _ = self._live(message)
        kind = comp.BUTTON if values is None else comp.STRING_SELECT
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if values is not None:
            data["values"] = list(values)
        return await self._component_interaction(live, data, f"forged {custom_id!r}")

    async def select(
        self, message: Message | MessageVersion, key: str, values: Sequence[Any]
    ) -> InteractionHandle:
        """Choose ``values`` in a select menu (option values, or users/roles/channels)."""
        live, version = self._live(message)
        select = self._component(version, key, comp.SELECT_TYPES)
        low, high = select.get("min_values", 1), select.get("max_values", 1)
        if not low <= len(values) <= high:
            raise SimulationError(f"select {key!r} takes {low} to {high} values, got {len(values)}")
        kind = select["type"]
        data: dict[str, Any] = {"custom_id": select["custom_id"], "component_type": kind}
        if kind == comp.STRING_SELECT:
            allowed = [o["value"] for o in select.get("options", [])]
            unknown = [v for v in values if v not in allowed]
            if unknown:
                raise SimulationError(f"select {key!r} has no option(s) {unknown}; has {allowed}")
            data["values"] = list(values)
        elif kind == comp.USER_SELECT:
            data["values"] = [str(getattr(v, "id", v)) for v in values]
            data["resolved"] = resolve_users(values, live.channel.guild)
        else:
            data["values"] = [str(getattr(v, "id", v)) for v in values]
            roles = [v for v in values if isinstance(v, Role)]
            if roles:
                data["resolved"] = {"roles": {str(r.id): r.payload() for r in roles}}
        return await self._component_interaction(live, data, f"select {key!r} {list(values)!r}")

    async def submit_modal(
        self,
        values: Mapping[str, str | Sequence[str]] | None = None,
        *,
        modal: InteractionHandle | None = None,
    ) -> InteractionHandle:
        """Fill in and submit the modal the bot opened for this user (the latest by default).

        ``values`` maps text input custom_ids to text (select custom_ids to lists of values).
        """
        emulator = self._emulator
        source = modal or emulator.pending_modals.get(self.id)
        if source is None or source.modal is None or source.user is not self.account:
            raise SimulationError(f"no modal is open for {self.name}")
        spec = source.modal
        remaining = dict(values or {})
        submitted: list[dict[str, Any]] = []
        for top in spec.get("components", []):
            if top.get("type") == comp.ACTION_ROW:
                inner = [self._modal_field(c, remaining) for c in top.get("components", [])]
                submitted.append({"type": comp.ACTION_ROW, "components": inner})
            elif top.get("type") == comp.LABEL:
                submitted.append(
                    {
                        "type": comp.LABEL,
                        "component": self._modal_field(top["component"], remaining),
                    }
                )
        if remaining:
            raise SimulationError(f"the modal has no field(s) {sorted(remaining)}")
        data = {"custom_id": spec["custom_id"], "components": submitted}
        handle = self._handle(
            MODAL_SUBMIT,
            source.channel,
            data,
            f"submit modal {spec.get('title')!r}",
            source.component_message,
        )
        emulator.pending_modals.pop(self.id, None)
        source.modal = None
        await emulator.dispatch_interaction(handle)
        return handle

    @staticmethod
    def _modal_field(item: dict[str, Any], remaining: dict[str, Any]) -> dict[str, Any]:
        custom_id = item.get("custom_id", "")
        result: dict[str, Any] = {"type": item.get("type"), "custom_id": custom_id}
        if isinstance(item.get("id"), int):
            result["id"] = item["id"]
        if item.get("type") == comp.TEXT_INPUT:
            value = remaining.pop(custom_id, item.get("value") or "")
            if not isinstance(value, str):
                raise SimulationError(f"text input {custom_id!r} takes a string")
            if item.get("required", True) and not value:
                raise SimulationError(f"text input {custom_id!r} is required")
            low, high = item.get("min_length"), item.get("max_length")
            if value and (
                (low is not None and len(value) < low) or (high is not None and len(value) > high)
            ):
                raise SimulationError(f"text input {custom_id!r} needs {low}..{high} characters")
            result["value"] = value
        else:
            chosen = remaining.pop(custom_id, [])
            result["values"] = [chosen] if isinstance(chosen, str) else list(chosen)
        return result

    async def say(self, channel: Channel, content: str) -> Message:
        """Post a plain message as this user (dispatched as MESSAGE_CREATE)."""
        self._context(channel)
        message = self._emulator.store.create(
            channel, {"content": content}, [], source="user", author=self.account
        )
        await asyncio.sleep(0)
        return message

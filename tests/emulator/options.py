"""Turning a simulated user's slash command arguments into Discord's typed option payloads."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import SimulationError
from .model import Channel, Guild, Role, as_account

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING = 3
INTEGER = 4
BOOLEAN = 5
USER = 6
CHANNEL = 7
ROLE = 8
MENTIONABLE = 9
NUMBER = 10
ATTACHMENT = 11
MAX_SAFE_INTEGER = 2**53


def resolve_users(users: Iterable[Any], guild: Guild | None) -> dict[str, Any]:
    """``resolved`` data (users, and members in a guild) for user options and user selects."""
    resolved: dict[str, Any] = {"users": {}}
    for user in users:
        account = as_account(user)
        resolved["users"][str(account.id)] = account.payload()
        member = guild.members.get(account.id) if guild is not None else None
        if member is not None:
            resolved.setdefault("members", {})[str(account.id)] = member.payload(
                with_user=False, with_permissions=True
            )
    return resolved


def _merge(into: dict[str, Any], extra: dict[str, Any]) -> None:
    for key, value in extra.items():
        into.setdefault(key, {}).update(value)


def _convert(
    spec: dict[str, Any], value: Any, guild: Guild | None, resolved: dict[str, Any]
) -> Any:
    """Validate one value against its option definition as the Discord client would."""
    name, kind = spec["name"], spec["type"]
    if kind == STRING:
        if not isinstance(value, str):
            raise SimulationError(f"option {name!r} takes a string, got {value!r}")
        low, high = spec.get("min_length"), spec.get("max_length")
        if (low is not None and len(value) < low) or (high is not None and len(value) > high):
            raise SimulationError(f"option {name!r} needs {low}..{high} characters")
        converted: Any = value
    elif kind in (INTEGER, NUMBER):
        ok = isinstance(value, int) if kind == INTEGER else isinstance(value, int | float)
        if not ok or isinstance(value, bool) or abs(value) > MAX_SAFE_INTEGER:
            raise SimulationError(
                f"option {name!r} takes a {'n integer' if kind == INTEGER else ' number'}"
            )
        low, high = spec.get("min_value"), spec.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise SimulationError(f"option {name!r} must be between {low} and {high}")
        converted = value
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise SimulationError(f"option {name!r} takes a bool")
        converted = value
    elif kind in (USER, MENTIONABLE) and not isinstance(value, Role):
        account = as_account(value)
        if kind == USER and guild is not None and account.id not in guild.members:
            raise SimulationError(f"{account.name} is not a member of {guild!r}; can't be picked")
        _merge(resolved, resolve_users([account], guild))
        converted = str(account.id)
    elif kind in (ROLE, MENTIONABLE):
        if not isinstance(value, Role):
            raise SimulationError(f"option {name!r} takes a role")
        _merge(resolved, {"roles": {str(value.id): value.payload()}})
        converted = str(value.id)
    elif kind == CHANNEL:
        if not isinstance(value, Channel) or value.guild is not guild:
            raise SimulationError(f"option {name!r} takes a channel of this guild")
        types = spec.get("channel_types")
        if types and value.type not in types:
            raise SimulationError(f"option {name!r} does not accept this channel type")
        perms = guild.everyone.permissions if guild else 0
        _merge(
            resolved,
            {
                "channels": {
                    str(value.id): {
                        "id": str(value.id),
                        "name": value.name,
                        "type": value.type,
                        "permissions": str(perms),
                        "guild_id": str(guild.id) if guild else None,
                    }
                }
            },
        )
        converted = str(value.id)
    else:
        raise SimulationError(f"option type {kind} of {name!r} is not supported by the emulator")
    choices = spec.get("choices")
    if choices and converted not in [c["value"] for c in choices]:
        raise SimulationError(f"option {name!r} must be one of {[c['value'] for c in choices]}")
    return converted


def _leaf(
    specs: list[dict[str, Any]],
    values: dict[str, Any],
    guild: Guild | None,
    resolved: dict[str, Any],
    focused: tuple[str, str] | None,
) -> list[dict[str, Any]]:
    by_name = {s["name"]: s for s in specs}
    result: list[dict[str, Any]] = []
    for name, value in values.items():
        spec = by_name.get(name)
        if spec is None:
            raise SimulationError(f"unknown option {name!r}; the command has {sorted(by_name)}")
        result.append(
            {"type": spec["type"], "name": name, "value": _convert(spec, value, guild, resolved)}
        )
    if focused is not None:
        name, typed = focused
        spec = by_name.get(name)
        if spec is None or not spec.get("autocomplete"):
            raise SimulationError(f"option {name!r} does not use autocomplete")
        result.append({"type": spec["type"], "name": name, "value": typed, "focused": True})
        return result
    missing = [s["name"] for s in specs if s.get("required") and s["name"] not in values]
    if missing:
        raise SimulationError(f"required option(s) missing: {missing}")
    return result


def build_options(
    command: dict[str, Any],
    path: list[str],
    values: dict[str, Any],
    guild: Guild | None,
    *,
    focused: tuple[str, str] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Options for ``data.options`` following the subcommand path, plus ``resolved`` data."""
    resolved: dict[str, Any] = {}

    def walk(specs: list[dict[str, Any]], rest: list[str]) -> list[dict[str, Any]]:
        subs = [s for s in specs if s["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        if not rest:
            if subs:
                raise SimulationError(f"choose a subcommand: {[s['name'] for s in subs]}")
            return _leaf(specs, values, guild, resolved, focused)
        sub = next((s for s in subs if s["name"] == rest[0]), None)
        if sub is None:
            raise SimulationError(f"no subcommand {rest[0]!r}; has {[s['name'] for s in subs]}")
        return [
            {
                "type": sub["type"],
                "name": sub["name"],
                "options": walk(sub.get("options") or [], rest[1:]),
            }
        ]

    return walk(command.get("options") or [], path), resolved

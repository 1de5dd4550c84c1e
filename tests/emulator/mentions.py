"""Who a new message pings, as Discord decides it: the mentions in its content that its
``allowed_mentions`` let through (all of them when it has none). A role is pinged only if it is
mentionable or the author may mention every role (Mention @everyone, @here and All Roles, or
Administrator). Edits ping nobody."""

from __future__ import annotations

import re
from typing import Any

from .errors import INVALID_FORM_BODY, APIError
from .model import ADMINISTRATOR, Guild, UserAccount

MENTION_EVERYONE = 1 << 17
USER = re.compile(r"<@!?([0-9]{15,20})>")
ROLE = re.compile(r"<@&([0-9]{15,20})>")
EVERYONE = re.compile(r"@(everyone|here)")


def check_allowed_mentions(allowed: Any) -> None:
    """Discord's 400 for an ``allowed_mentions`` it cannot read."""
    if allowed is None:
        return
    if not isinstance(allowed, dict):
        raise APIError(400, INVALID_FORM_BODY, "Invalid Form Body: allowed_mentions: an object")
    parse = allowed.get("parse") or []
    for kind in ("users", "roles"):
        if kind in parse and allowed.get(kind):
            raise APIError(
                400,
                INVALID_FORM_BODY,
                f'Invalid Form Body: allowed_mentions: parse:["{kind}"] and {kind}: [ids] '
                "are mutually exclusive",
            )
        if len(allowed.get(kind) or []) > 100:
            raise APIError(
                400, INVALID_FORM_BODY, f"Invalid Form Body: allowed_mentions.{kind}: at most 100"
            )


def pings(
    content: str, allowed: Any, guild: Guild | None, author: UserAccount
) -> tuple[frozenset[int], frozenset[int], bool]:
    """(users, roles, everyone) that a message with ``content`` pings."""
    users = {int(found) for found in USER.findall(content)}
    roles = {int(found) for found in ROLE.findall(content)}
    everyone = bool(EVERYONE.search(content))
    if isinstance(allowed, dict):
        parse = allowed.get("parse") or []
        if "users" not in parse:
            users &= {int(user) for user in allowed.get("users") or []}
        if "roles" not in parse:
            roles &= {int(role) for role in allowed.get("roles") or []}
        everyone = everyone and "everyone" in parse
    if guild is None:
        return frozenset(users), frozenset(), False
    bits = guild.permissions_of(author.id)
    may_all = bool(bits & (MENTION_EVERYONE | ADMINISTRATOR))
    roles = {
        role_id
        for role_id in roles
        if role_id in guild.roles and (may_all or guild.roles[role_id].mentionable)
    }
    users = {user for user in users if user in guild.members}
    return frozenset(users), frozenset(roles), everyone and may_all

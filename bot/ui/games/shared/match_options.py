"""The words of the match options several games share (``policies.BockOptions``, the
tournament list): their titles in the rules editor and their part of a table's line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import N_, _

BOCK_TITLES = {
    "bock_on_durchmarsch": N_("Bock round after a Durchmarsch"),
    "bock_on_tie": N_("Bock round after a tie"),
}
"""The editor's titles of the Bock rounds a Ramsch can open."""
TOURNAMENT_TITLES = {"tournament": N_("Tournament scoring")}
BOCK_AFTER = {
    "bock_on_durchmarsch": N_("a Durchmarsch"),
    "bock_on_tie": N_("a tie"),
}
"""What opens a Bock round, by option (translated where shown)."""


def bock_line(after: list[str]) -> list[str]:
    """The table line's Bock rounds, given what opens one (translated words); none: none."""
    if len(after) > 1:
        listed = ", ".join(after[:-1])
        return [_("Bock round after {listed} or {last}", listed=listed, last=after[-1])]
    if after:
        return [_("Bock round after {what}", what=after[0])]
    return []


def tournament_line(chosen: Mapping[str, Any]) -> list[str]:
    """The table line's tournament list, if chosen."""
    return [_("tournament scoring (Seeger-Fabian)")] if chosen.get("tournament") else []


def match_lines(chosen: Mapping[str, Any]) -> list[str]:
    """The shared options' part of the table line: the Bock rounds, the tournament list."""
    after = [_(what) for name, what in BOCK_AFTER.items() if chosen.get(name)]
    return bock_line(after) + tournament_line(chosen)

"""Game actions in and out of component ids: a kind and one argument, read back through the
core's action registry (so a new game's actions need no new button class)."""

from __future__ import annotations

from typing import Any

from bot.tables.errors import IllegalAction
from ramsch_core import ACTIONS, Action, RulesError, action_from_json

LEGACY_FORMS = {"c": "play", "l": "push"}
LEGACY_ARGS = {"pickup": "pick_up", "passon": "pass_on"}


def control_arg(action: Action) -> str | None:
    """The argument an action's button carries: its one text field (a card), else none."""
    fields = type(action).fields
    if len(fields) != 1:
        return None
    value = action.to_json()[fields[0]]
    return value if isinstance(value, str) else None


def action_of(kind: str, arg: str | None, values: list[str] | None = None) -> Action:
    """The action a control stands for: ``kind`` with ``arg`` (a button) or the ``values`` a
    player chose (a select) as its one field. Raises IllegalAction for one that can't be."""
    cls = ACTIONS.get(kind)
    if cls is None:
        raise IllegalAction("That button belongs to a game this bot no longer knows")
    if values is not None and len(set(values)) != len(values):
        raise IllegalAction(_choose_hint(kind, values))
    data: dict[str, Any] = {"action": kind}
    if cls.fields:
        if values is not None:
            data[cls.fields[0]] = values
        elif arg is not None:
            data[cls.fields[0]] = arg
    try:
        return action_from_json(data, 0)[1]
    except RulesError:
        raise IllegalAction(_choose_hint(kind, values)) from None


def _choose_hint(kind: str, values: list[str] | None) -> str:
    if kind == "push":
        return "Choose exactly two cards to lay face down."
    return "That choice can't be read: open your hand again and choose once more."


def legacy_kind(form: str, arg: str | None) -> tuple[str, str | None]:
    """The kind and argument of a control id of the first versions (see ids)."""
    if form == "p":
        return LEGACY_ARGS.get(arg or "", "pick_up"), None
    return LEGACY_FORMS[form], arg

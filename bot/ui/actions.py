"""Game actions in and out of component ids: a kind and one argument, read back through the
core's action registry (so a new game's actions need no new button class).

Most actions carry at most one text field (a card), which is the argument as it is. A few carry
more, and have a codec that packs them into the argument's 16 characters of ``[A-Za-z0-9_]``;
a game's package gives the codecs of its actions (its renderer's ``codecs``, e.g. Skat's bid
``20`` and declaration ``grand_z``), built from the ones here: a number (``value_arg``) and
cards (``cards_arg``: ``S7HK``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.i18n import N_
from bot.tables.errors import IllegalAction
from ramsch_core import ACTIONS, Action, RulesError, action_from_json

LEGACY_FORMS = {"c": "play", "l": "push"}
LEGACY_ARGS = {"pickup": "pick_up", "passon": "pass_on"}


@dataclass(frozen=True)
class Codec:
    """How the fields of one action kind become an id's argument and back."""

    encode: Callable[[dict[str, Any]], str | None]
    decode: Callable[[str], dict[str, Any] | None]


def cards_arg(data: dict[str, Any]) -> str | None:
    cards = data.get("cards")
    return "".join(cards) if isinstance(cards, list) and cards else None


def cards_of(arg: str) -> dict[str, Any] | None:
    if len(arg) % 2:
        return None
    return {"cards": [arg[i : i + 2] for i in range(0, len(arg), 2)]}


def value_arg(data: dict[str, Any]) -> str | None:
    value = data.get("value")
    return str(value) if isinstance(value, int) else None


def value_of(arg: str) -> dict[str, Any] | None:
    return {"value": int(arg)} if arg.isdigit() and len(arg) <= 6 else None


def codecs() -> dict[str, Codec]:
    """The codec of every action kind whose fields do not fit the plain one-text-field
    argument, as the registered games give them (``bot.ui.games``)."""
    # The games' controls build their buttons with this module: the registry is imported when
    # first asked.
    from bot.ui import games

    return games.action_codecs()


def control_arg(action: Action) -> str | None:
    """The argument an action's button carries: its one text field (a card), its codec's
    argument, else none."""
    codec = codecs().get(action.kind)
    if codec is not None:
        return codec.encode(action.to_json())
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
        raise IllegalAction(N_("That button belongs to a game this bot no longer knows"))
    if values is not None and len(set(values)) != len(values):
        raise IllegalAction(_choose_hint(kind, values))
    data: dict[str, Any] = {"action": kind}
    codec = codecs().get(kind)
    if codec is not None and values is not None and len(values) == 1:
        arg, values = values[0], None  # a select of single values: each one an argument
    if codec is not None and values is None and arg is not None:
        fields = codec.decode(arg)
        if fields is None:
            raise IllegalAction(_choose_hint(kind, values))
        data.update(fields)
    elif cls.fields:
        if values is not None:
            data[cls.fields[0]] = values
        elif arg is not None:
            data[cls.fields[0]] = arg
    try:
        return action_from_json(data, 0)[1]
    except RulesError:
        raise IllegalAction(_choose_hint(kind, values)) from None


def _choose_hint(kind: str, values: list[str] | None) -> str:
    """The refusal's template (translated where the refusal is shown)."""
    if kind == "push":
        return N_("Choose exactly two cards to lay face down.")
    if kind == "discard":
        return N_("Choose exactly two cards to lay away.")
    if kind == "exchange":
        return N_("Mark the cards to lay away, then press Exchange.")
    return N_("That choice can't be read: open your hand again and choose once more.")


def legacy_kind(form: str, arg: str | None) -> tuple[str, str | None]:
    """The kind and argument of a control id of the first versions (see ids)."""
    if form == "p":
        return LEGACY_ARGS.get(arg or "", "pick_up"), None
    return LEGACY_FORMS[form], arg

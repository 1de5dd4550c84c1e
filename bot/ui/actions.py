"""Game actions in and out of component ids: a kind and one argument, read back through the
core's action registry (so a new game's actions need no new button class).

Most actions carry at most one text field (a card), which is the argument as it is. A few carry
more, and have a codec here that packs them into the argument's 16 characters of
``[A-Za-z0-9_]``: a bid's value (``20``), the two cards laid away (``S7HK``), a declaration
(``clubs``, ``grand_z`` — Schwarz announced, ``null_o``, see ``DECLARE_FLAGS``), a Ramsen
exchange (``S7HK``, ``keep``; ``_u`` when the dealer takes the upcard) and a Schafkopf call
(``sauspiel_C``, ``wenz``, ``solo_H``, ``ramsch``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.i18n import N_
from bot.tables.errors import IllegalAction
from ramsch_core import ACTIONS, Action, RulesError, action_from_json

LEGACY_FORMS = {"c": "play", "l": "push"}
LEGACY_ARGS = {"pickup": "pick_up", "passon": "pass_on"}

DECLARE_FLAGS = {"s": "schneider", "z": "schwarz", "o": "ouvert"}
"""The letters of a declaration's announcements in its argument: Schneider, Schwarz, Ouvert;
``h`` / ``p`` say Hand / not Hand when the declaration names it."""


@dataclass(frozen=True)
class Codec:
    """How the fields of one action kind become an id's argument and back."""

    encode: Callable[[dict[str, Any]], str | None]
    decode: Callable[[str], dict[str, Any] | None]


def _cards_arg(data: dict[str, Any]) -> str | None:
    cards = data.get("cards")
    return "".join(cards) if isinstance(cards, list) and cards else None


def _cards_of(arg: str) -> dict[str, Any] | None:
    if len(arg) % 2:
        return None
    return {"cards": [arg[i : i + 2] for i in range(0, len(arg), 2)]}


def _value_arg(data: dict[str, Any]) -> str | None:
    value = data.get("value")
    return str(value) if isinstance(value, int) else None


def _value_of(arg: str) -> dict[str, Any] | None:
    return {"value": int(arg)} if arg.isdigit() and len(arg) <= 6 else None


def _declare_arg(data: dict[str, Any]) -> str | None:
    flags = "".join(letter for letter, name in DECLARE_FLAGS.items() if data.get(name))
    hand = data.get("hand")
    if hand is not None:
        flags += "h" if hand else "p"
    game = data.get("game")
    if not isinstance(game, str):
        return None
    return f"{game}_{flags}" if flags else game


def _declare_of(arg: str) -> dict[str, Any] | None:
    game, _, flags = arg.partition("_")
    if any(letter not in "szohp" for letter in flags):
        return None
    data: dict[str, Any] = {name: letter in flags for letter, name in DECLARE_FLAGS.items()}
    data["game"] = game
    data["hand"] = True if "h" in flags else False if "p" in flags else None
    return data


KEEP = "keep"
"""The argument of an exchange that lays nothing away (Ramsen: keep the hand)."""
UPCARD_FLAG = "_u"
"""What an exchange's argument ends with when the dealer takes the upcard."""


def _exchange_arg(data: dict[str, Any]) -> str | None:
    cards = data.get("cards")
    if not isinstance(cards, list):
        return None
    return ("".join(cards) or KEEP) + (UPCARD_FLAG if data.get("upcard") else "")


def _exchange_of(arg: str) -> dict[str, Any] | None:
    upcard = arg.endswith(UPCARD_FLAG)
    body = arg[: -len(UPCARD_FLAG)] if upcard else arg
    if body == KEEP:
        return {"cards": [], "upcard": upcard}
    cards = _cards_of(body)
    return None if cards is None else {**cards, "upcard": upcard}


CALL_GAMES = ("sauspiel", "wenz", "solo", "ramsch")
"""The games a Schafkopf call names; a Sauspiel's argument adds the called Ace's suit
(``sauspiel_C``), a Solo's its trump suit (``solo_H``)."""
CALL_SUIT_FIELDS = {"sauspiel": "ace", "solo": "suit"}


def _call_arg(data: dict[str, Any]) -> str | None:
    game = data.get("game")
    if game not in CALL_GAMES:
        return None
    field = CALL_SUIT_FIELDS.get(game)
    suit = data.get(field) if field is not None else None
    return f"{game}_{suit}" if isinstance(suit, str) else game


def _call_of(arg: str) -> dict[str, Any] | None:
    game, _, suit = arg.partition("_")
    if game not in CALL_GAMES:
        return None
    field = CALL_SUIT_FIELDS.get(game)
    if field is None:
        return None if suit else {"game": game}
    if len(suit) != 1 or suit not in "CSHD":
        return None
    return {"game": game, field: suit}


CODECS: dict[str, Codec] = {
    "bid": Codec(_value_arg, _value_of),
    "discard": Codec(_cards_arg, _cards_of),
    "declare": Codec(_declare_arg, _declare_of),
    "exchange": Codec(_exchange_arg, _exchange_of),
    "call": Codec(_call_arg, _call_of),
}
"""The action kinds whose fields do not fit the plain one-text-field argument."""


def control_arg(action: Action) -> str | None:
    """The argument an action's button carries: its one text field (a card), its codec's
    argument, else none."""
    codec = CODECS.get(action.kind)
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
    codec = CODECS.get(kind)
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

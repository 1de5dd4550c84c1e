"""Schafkopf's call in a control's argument: ``sauspiel_C``, ``wenz``, ``solo_H``, ``ramsch``."""

from __future__ import annotations

from typing import Any

from bot.ui.actions import Codec

CALL_GAMES = ("sauspiel", "wenz", "solo", "ramsch")
"""The games a Schafkopf call names; a Sauspiel's argument adds the called Ace's suit
(``sauspiel_C``), a Solo's its trump suit (``solo_H``)."""
CALL_SUIT_FIELDS = {"sauspiel": "ace", "solo": "suit"}


def call_arg(data: dict[str, Any]) -> str | None:
    game = data.get("game")
    if game not in CALL_GAMES:
        return None
    field = CALL_SUIT_FIELDS.get(game)
    suit = data.get(field) if field is not None else None
    return f"{game}_{suit}" if isinstance(suit, str) else game


def call_of(arg: str) -> dict[str, Any] | None:
    game, _, suit = arg.partition("_")
    if game not in CALL_GAMES:
        return None
    field = CALL_SUIT_FIELDS.get(game)
    if field is None:
        return None if suit else {"game": game}
    if len(suit) != 1 or suit not in "CSHD":
        return None
    return {"game": game, field: suit}


CODECS = {"call": Codec(call_arg, call_of)}

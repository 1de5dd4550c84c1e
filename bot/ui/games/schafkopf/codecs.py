"""Schafkopf's call in a control's argument: ``sauspiel_C``, ``hochzeit``, ``wenz``,
``solo_H``, ``ramsch``, ``sie``, and a Tout with ``_tout`` after it: ``wenz_tout``,
``solo_H_tout``; the card given for a Hochzeit (SF-16): ``S9``."""

from __future__ import annotations

from typing import Any

from bot.ui.actions import Codec

CALL_GAMES = ("sauspiel", "hochzeit", "wenz", "solo", "geier", "farbwenz", "ramsch", "sie")
"""The games a Schafkopf call names; a Sauspiel's argument adds the called Ace's suit
(``sauspiel_C``), a Solo's its trump suit (``solo_H``)."""
CALL_SUIT_FIELDS = {"sauspiel": "ace", "solo": "suit", "farbwenz": "suit"}
TOUT = "_tout"
TOUT_GAMES = ("wenz", "solo", "geier", "farbwenz")


def call_arg(data: dict[str, Any]) -> str | None:
    game = data.get("game")
    if game not in CALL_GAMES:
        return None
    field = CALL_SUIT_FIELDS.get(game)
    suit = data.get(field) if field is not None else None
    arg = f"{game}_{suit}" if isinstance(suit, str) else str(game)
    return arg + TOUT if data.get("tout") is True else arg


def call_of(arg: str) -> dict[str, Any] | None:
    tout = arg.endswith(TOUT)
    game, _, suit = arg.removesuffix(TOUT).partition("_")
    if game not in CALL_GAMES or (tout and game not in TOUT_GAMES):
        return None
    extra = {"tout": True} if tout else {}
    field = CALL_SUIT_FIELDS.get(game)
    if field is None:
        return None if suit else {"game": game, **extra}
    if len(suit) != 1 or suit not in "CSHD":
        return None
    return {"game": game, field: suit, **extra}


def give_arg(data: dict[str, Any]) -> str | None:
    card = data.get("card")
    return card if isinstance(card, str) else None


def give_of(arg: str) -> dict[str, Any] | None:
    """A card name from a select's value (a select of a field would give a list)."""
    return {"card": arg} if len(arg) == 2 else None


CODECS = {"call": Codec(call_arg, call_of), "give": Codec(give_arg, give_of)}

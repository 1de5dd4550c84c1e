"""Ramsen's exchange in a control's argument: the cards laid away (``S7HK``) or ``keep``, and
``_u`` when the dealer takes the upcard."""

from __future__ import annotations

from typing import Any

from bot.ui.actions import Codec, cards_of

KEEP = "keep"
"""The argument of an exchange that lays nothing away (Ramsen: keep the hand)."""
UPCARD_FLAG = "_u"
"""What an exchange's argument ends with when the dealer takes the upcard."""


def exchange_arg(data: dict[str, Any]) -> str | None:
    cards = data.get("cards")
    if not isinstance(cards, list):
        return None
    return ("".join(cards) or KEEP) + (UPCARD_FLAG if data.get("upcard") else "")


def exchange_of(arg: str) -> dict[str, Any] | None:
    upcard = arg.endswith(UPCARD_FLAG)
    body = arg[: -len(UPCARD_FLAG)] if upcard else arg
    if body == KEEP:
        return {"cards": [], "upcard": upcard}
    cards = cards_of(body)
    return None if cards is None else {**cards, "upcard": upcard}


CODECS = {"exchange": Codec(exchange_arg, exchange_of)}

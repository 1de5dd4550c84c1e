"""Skat's actions in a control's argument: a bid's value (``20``), the two cards laid away
(``S7HK``), a declaration (``clubs``, ``grand_z`` — Schwarz announced, ``null_o``, see
``DECLARE_FLAGS``)."""

from __future__ import annotations

from typing import Any

from bot.ui.actions import Codec, cards_arg, cards_of, value_arg, value_of

DECLARE_FLAGS = {"s": "schneider", "z": "schwarz", "o": "ouvert"}
"""The letters of a declaration's announcements in its argument: Schneider, Schwarz, Ouvert;
``h`` / ``p`` say Hand / not Hand when the declaration names it."""


def declare_arg(data: dict[str, Any]) -> str | None:
    flags = "".join(letter for letter, name in DECLARE_FLAGS.items() if data.get(name))
    hand = data.get("hand")
    if hand is not None:
        flags += "h" if hand else "p"
    game = data.get("game")
    if not isinstance(game, str):
        return None
    return f"{game}_{flags}" if flags else game


def declare_of(arg: str) -> dict[str, Any] | None:
    game, _, flags = arg.partition("_")
    if any(letter not in "szohp" for letter in flags):
        return None
    data: dict[str, Any] = {name: letter in flags for letter, name in DECLARE_FLAGS.items()}
    data["game"] = game
    data["hand"] = True if "h" in flags else False if "p" in flags else None
    return data


CODECS = {
    "bid": Codec(value_arg, value_of),
    "discard": Codec(cards_arg, cards_of),
    "declare": Codec(declare_arg, declare_of),
}

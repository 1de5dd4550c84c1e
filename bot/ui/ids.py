"""The custom_id scheme of every button and select: table id, deal number and what was clicked."""

from __future__ import annotations

from typing import Literal

from ramsch_core import Card

PREFIX = "ramsch"
LobbyAction = Literal["join", "leave", "start", "cancel"]
PushAction = Literal["pickup", "passon"]

LOBBY_TEMPLATE = rf"{PREFIX}:t:(?P<table>[0-9]{{1,18}}):(?P<action>join|leave|start|cancel)"
HAND_TEMPLATE = rf"{PREFIX}:t:(?P<table>[0-9]{{1,18}}):hand"
CARD_TEMPLATE = (
    rf"{PREFIX}:c:(?P<table>[0-9]{{1,18}}):(?P<deal>[0-9]{{1,4}}):(?P<card>[CSHD][ATKQJ987])"
)
PUSH_TEMPLATE = (
    rf"{PREFIX}:p:(?P<table>[0-9]{{1,18}}):(?P<deal>[0-9]{{1,4}}):(?P<action>pickup|passon)"
)
LAY_TEMPLATE = rf"{PREFIX}:l:(?P<table>[0-9]{{1,18}}):(?P<deal>[0-9]{{1,4}})"


def lobby_id(table_id: int, action: LobbyAction) -> str:
    return f"{PREFIX}:t:{table_id}:{action}"


def hand_id(table_id: int) -> str:
    return f"{PREFIX}:t:{table_id}:hand"


def card_id(table_id: int, deal: int, card: Card) -> str:
    return f"{PREFIX}:c:{table_id}:{deal}:{card.name}"


def push_id(table_id: int, deal: int, action: PushAction) -> str:
    return f"{PREFIX}:p:{table_id}:{deal}:{action}"


def lay_id(table_id: int, deal: int) -> str:
    return f"{PREFIX}:l:{table_id}:{deal}"

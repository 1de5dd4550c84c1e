"""The custom_id scheme of every button, select and modal: what was clicked, and where."""

from __future__ import annotations

from typing import Literal

PREFIX = "ramsch"
LobbyAction = Literal["join", "leave", "start", "cancel", "addai", "removeai", "rules"]
EditorTarget = Literal["t", "g"]
"""What a rules editor changes: a table's lobby (t) or a guild's defaults (g)."""
PageDirection = Literal["prev", "next"]

_ID = "[0-9]{1,20}"
LOBBY_TEMPLATE = (
    rf"{PREFIX}:t:(?P<table>{_ID}):(?P<action>join|leave|start|cancel|addai|removeai|rules)"
)
HAND_TEMPLATE = rf"{PREFIX}:t:(?P<table>{_ID}):hand"
INVITE_TEMPLATE = rf"{PREFIX}:t:(?P<table>{_ID}):invite"
"""The host's select of players to invite to his private table, in its lobby."""
BACK_TEMPLATE = rf"{PREFIX}:t:(?P<table>{_ID}):back"
SIT_TEMPLATE = rf"{PREFIX}:t:(?P<table>{_ID}):sit(?::(?P<seat>[0-9]))?"
"""Take a seat on a running table (a substitute), or one free seat of the choice it offers."""
SEAT_ANSWER_TEMPLATE = (
    rf"{PREFIX}:t:(?P<table>{_ID}):seat(?P<answer>ok|no):(?P<number>[0-9]{{1,6}})"
)
"""The host's OK or No under request ``number`` of a substitute."""
CLAIM_TEMPLATE = rf"{PREFIX}:t:(?P<table>{_ID}):claim:(?P<deal>[0-9]{{1,4}})"
"""The claim of the rest on a hand, with the deal it belongs to (another deal's is stale)."""
ACTION_TEMPLATE = (
    rf"{PREFIX}:a:(?P<table>{_ID}):(?P<deal>[0-9]{{1,4}}):(?P<kind>[a-z_]{{1,16}})"
    r"(?::(?P<arg>[A-Za-z0-9_]{1,16}))?"
)
"""A game action: the table, the deal it belongs to, the action's kind (see
``ramsch_core.ACTIONS``) and its argument (a card for ``play``); a select's chosen values are
the argument of a select."""
MARK_TEMPLATE = (
    rf"{PREFIX}:m:(?P<table>{_ID}):(?P<deal>[0-9]{{1,4}}):(?P<mark>[A-Za-z0-9_]{{1,16}})"
)
"""A choice a player marks before acting, e.g. a card to lay away or an announcement: only
what their hand shows changes (see ``GameRenderer.mark``); the action comes with a button."""
LEGACY_ACTION_TEMPLATE = (
    rf"{PREFIX}:(?P<form>[cpl]):(?P<table>{_ID}):(?P<deal>[0-9]{{1,4}})"
    r"(?::(?P<arg>[CSHD][ATKQJ987]|pickup|passon))?"
)
"""The card (``c``), Schieberamsch (``p``) and lay (``l``) ids of the first versions: hand
messages sent before an upgrade still carry them."""
EDITOR_TEMPLATE = rf"{PREFIX}:r:(?P<target>[tg])(?P<id>{_ID}):(?P<field>[a-z_]{{1,32}})"
_SECTION = r"(?::(?P<section>[a-z]{1,16}))?"
NUMBERS_TEMPLATE = rf"{PREFIX}:rn:(?P<target>[tg])(?P<id>{_ID}){_SECTION}"
EDITOR_MODAL_TEMPLATE = rf"{PREFIX}:rm:(?P<target>[tg])(?P<id>{_ID}){_SECTION}"
"""The numbers button and its modal, of the editor's main page or of a ``section``."""
SECTION_TEMPLATE = rf"{PREFIX}:rs:(?P<target>[tg])(?P<id>{_ID}){_SECTION}"
"""The editor's button to the options of a nested rule set (``section``) and back (none)."""
PAGE_TEMPLATE = (
    rf"{PREFIX}:lb:(?P<guild>{_ID}):(?P<variant>[a-z]{{1,16}}(?:/[a-z]{{1,16}})?)"
    r":(?P<period>all|month|week)"
    r":(?P<offset>[0-9]{1,6}):(?P<direction>prev|next)"
    r"(?::(?P<rank>[ra])(?P<min>[0-9]{1,5}))?"
)
"""A leaderboard page: ``rank`` r (rating) or a (average) and the minimum of deals; buttons
posted before ratings (issue 13) have neither and show the rating board."""
RECORD_TEMPLATE = rf"{PREFIX}:rec(?::(?P<table>{_ID}))?"
"""The select of deal records: in the history (any table), or under a match's standings."""
RESULT_RECORD_TEMPLATE = rf"{PREFIX}:rr:(?P<table>{_ID}):(?P<deal>[0-9]{{1,4}})"
"""The Record button under a deal's result."""
AGAIN_TEMPLATE = rf"{PREFIX}:t:(?P<table>{_ID}):(?P<action>again|newtable)"
"""Play again (same seats, same rules, once every player confirmed) and New table (a lobby
with the same rules, the clicker its host) under a match's final standings."""
AgainAction = Literal["again", "newtable"]


def lobby_id(table_id: int, action: LobbyAction) -> str:
    return f"{PREFIX}:t:{table_id}:{action}"


def invite_id(table_id: int) -> str:
    return f"{PREFIX}:t:{table_id}:invite"


def hand_id(table_id: int) -> str:
    return f"{PREFIX}:t:{table_id}:hand"


def back_id(table_id: int) -> str:
    return f"{PREFIX}:t:{table_id}:back"


def sit_id(table_id: int, seat: int | None = None) -> str:
    tail = "" if seat is None else f":{seat}"
    return f"{PREFIX}:t:{table_id}:sit{tail}"


def seat_answer_id(table_id: int, number: int, ok: bool) -> str:
    return f"{PREFIX}:t:{table_id}:seat{'ok' if ok else 'no'}:{number}"


def claim_id(table_id: int, deal: int) -> str:
    return f"{PREFIX}:t:{table_id}:claim:{deal}"


def action_id(table_id: int, deal: int, kind: str, arg: str | None = None) -> str:
    """The id of a control for an action of ``kind`` (with ``arg``, e.g. a card name)."""
    tail = f":{arg}" if arg else ""
    return f"{PREFIX}:a:{table_id}:{deal}:{kind}{tail}"


def mark_id(table_id: int, deal: int, mark: str) -> str:
    """The id of a control that marks (or unmarks) ``mark`` on the player's hand."""
    return f"{PREFIX}:m:{table_id}:{deal}:{mark}"


def section_id(target: EditorTarget, target_id: int, section: str | None) -> str:
    """The editor's button to the options of ``section`` (a nested rule set), or back."""
    tail = f":{section}" if section else ""
    return f"{PREFIX}:rs:{target}{target_id}{tail}"


def editor_id(target: EditorTarget, target_id: int, field: str) -> str:
    """A select of a rules editor; ``field`` is an option name, ``preset`` or ``toggles``."""
    return f"{PREFIX}:r:{target}{target_id}:{field}"


def numbers_id(target: EditorTarget, target_id: int, section: str | None = None) -> str:
    """The editor's button that opens the modal for the integer options (of a section)."""
    tail = f":{section}" if section else ""
    return f"{PREFIX}:rn:{target}{target_id}{tail}"


def editor_modal_id(target: EditorTarget, target_id: int, section: str | None = None) -> str:
    tail = f":{section}" if section else ""
    return f"{PREFIX}:rm:{target}{target_id}{tail}"


def page_id(
    guild_id: int,
    variant: str,
    period: str,
    offset: int,
    direction: PageDirection,
    rank: Literal["rating", "average"] = "rating",
    min_deals: int = 10,
) -> str:
    """A leaderboard page button: the page it shows (``offset``) is in the id."""
    board = f"{rank[0]}{min_deals}"
    return f"{PREFIX}:lb:{guild_id}:{variant}:{period}:{offset}:{direction}:{board}"


def record_id(table_id: int | None = None) -> str:
    """The select of deal records; with a table: under that match's standings."""
    return f"{PREFIX}:rec" if table_id is None else f"{PREFIX}:rec:{table_id}"


def result_record_id(table_id: int, deal: int) -> str:
    return f"{PREFIX}:rr:{table_id}:{deal}"


def again_id(table_id: int, action: AgainAction) -> str:
    """Play again (``again``) or New table (``newtable``) under ``table_id``'s standings."""
    return f"{PREFIX}:t:{table_id}:{action}"

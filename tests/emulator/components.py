"""Helpers to walk and search message components (action rows, v2 containers, sections, labels)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18

SELECT_TYPES = frozenset(
    {STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT}
)
INTERACTIVE_TYPES = SELECT_TYPES | {BUTTON, TEXT_INPUT}
LINK_STYLE = 5
PREMIUM_STYLE = 6

Component = dict[str, Any]


def children(component: Component) -> list[Component]:
    """The direct children of a component: rows, container items, section accessory, label child."""
    result: list[Component] = list(component.get("components") or [])
    accessory = component.get("accessory")
    if isinstance(accessory, dict):
        result.append(accessory)
    inner = component.get("component")
    if isinstance(inner, dict):
        result.append(inner)
    return result


def walk(components: list[Component]) -> Iterator[Component]:
    """Every component, depth first, including nested ones."""
    for component in components:
        yield component
        yield from walk(children(component))


def interactive(components: list[Component]) -> list[Component]:
    """Buttons, selects and text inputs anywhere in the tree."""
    return [c for c in walk(components) if c.get("type") in INTERACTIVE_TYPES]


def buttons(components: list[Component]) -> list[Component]:
    """All buttons anywhere in the tree."""
    return [c for c in walk(components) if c.get("type") == BUTTON]


def find(components: list[Component], key: str, types: frozenset[int] | None = None) -> Component:
    """Find one interactive component by ``custom_id`` first, then by label or placeholder.

    Raises ``LookupError`` if nothing or more than one component matches.
    """
    candidates = [c for c in interactive(components) if types is None or c.get("type") in types]
    by_id = [c for c in candidates if c.get("custom_id") == key]
    if len(by_id) == 1:
        return by_id[0]
    by_label = [c for c in candidates if key in (c.get("label"), c.get("placeholder"))]
    if len(by_label) == 1:
        return by_label[0]
    if not by_label:
        known = [c.get("custom_id") or c.get("label") for c in candidates]
        raise LookupError(f"no component {key!r} on the message (has {known})")
    raise LookupError(f"{len(by_label)} components are labelled {key!r}; use the custom_id")


def text_of(components: list[Component]) -> str:
    """The visible text of components: text displays, button labels, select placeholders."""
    parts: list[str] = []
    for component in walk(components):
        for key in ("content", "label", "placeholder"):
            value = component.get(key)
            if isinstance(value, str):
                parts.append(value)
    return "\n".join(parts)


def assign_ids(components: list[Component], start: int = 1) -> int:
    """Give every component without one a numeric ``id`` as Discord does; returns the next id."""
    used = {c["id"] for c in walk(components) if isinstance(c.get("id"), int)}
    next_id = start
    for component in walk(components):
        if not isinstance(component.get("id"), int):
            while next_id in used:
                next_id += 1
            component["id"] = next_id
            used.add(next_id)
    return next_id

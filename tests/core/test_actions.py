"""The action registry: every registered kind is read and written by records and the bot's
action log through ``to_json`` / ``action_from_json`` (docs/records.md)."""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from typing import Any, ClassVar, get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramsch_core import ACTIONS, Action, RecordError, action_from_json, action_to_json
from ramsch_core import actions as actions_module
from ramsch_core.actions import registered


def fields_of(cls: type[Action]) -> tuple[dataclasses.Field[Any], ...]:
    """The dataclass fields of an action kind (every kind is a dataclass)."""
    assert dataclasses.is_dataclass(cls)
    return dataclasses.fields(cls)


def actions_of(cls: type[Action]) -> st.SearchStrategy[Action]:
    """Actions of one kind, every field drawn from its type."""
    hints = get_type_hints(cls)
    fields = {field.name: st.from_type(hints[field.name]) for field in fields_of(cls)}
    return st.builds(cls, **fields)


any_action: st.SearchStrategy[Action] = st.sampled_from(list(ACTIONS.values())).flatmap(actions_of)
"""An action of every registered kind."""


def test_the_registry_holds_the_kinds_records_use() -> None:
    assert {"play", "pick_up", "push", "pass_on"} <= set(ACTIONS)
    assert all(cls.kind == kind for kind, cls in ACTIONS.items())


@settings(max_examples=200, deadline=None)
@given(action=any_action, seat=st.integers(0, 4))
def test_every_registered_kind_round_trips_through_json(action: Action, seat: int) -> None:
    """``to_json`` writes the kind and exactly the kind's declared fields (one that is None or
    false may be left out: a Schafkopf call names an Ace or a suit, or neither, and says
    ``tout`` only when it is one); reading the JSON text back gives the same action, with its
    seat when one is written."""
    data = action.to_json()
    assert data["action"] == action.kind
    fields = type(action).fields
    assert set(data) - {"action"} <= set(fields)
    given = {name for name in fields if getattr(action, name) not in (None, False)}
    assert given <= set(data)
    assert action_from_json(json.loads(json.dumps(data)), 0) == (None, action)
    written = action_to_json(action, seat)
    assert action_from_json(json.loads(json.dumps(written)), 7) == (seat, action)


@pytest.mark.parametrize("kind", list(ACTIONS))
def test_every_field_of_an_action_kind_must_be_given(kind: str) -> None:
    """An action's JSON fields are required: none has a default (one would be written by
    nobody and read as the default)."""
    cls = ACTIONS[kind]
    assert [field.name for field in fields_of(cls)] == list(cls.fields)
    assert all(field.default is dataclasses.MISSING for field in fields_of(cls))
    if cls.fields:
        with pytest.raises(TypeError, match=r"missing \d+ required positional argument"):
            cls()


def test_an_unknown_kind_is_refused_naming_every_known_kind() -> None:
    for item in ({"action": "jump", "value": 18}, {"seat": 0}, {"action": 3}):
        with pytest.raises(RecordError) as caught:
            action_from_json(item, 4)
        message = str(caught.value)
        assert message.startswith(f"action 5: unknown action {item.get('action')!r}; use one of ")
        assert re.findall(r"'(\w+)'", message.split("use one of ")[1]) == list(ACTIONS)


def test_a_second_class_under_a_taken_kind_is_refused() -> None:
    """Two classes may not share a kind; registering the same class again changes nothing."""
    before = dict(ACTIONS)

    @dataclass(frozen=True, slots=True)
    class Impostor(Action):
        kind: ClassVar[str] = "play"

    with pytest.raises(ValueError, match="Two actions are registered as 'play'"):
        registered(Impostor)
    assert registered(ACTIONS["play"]) is ACTIONS["play"]
    assert before == ACTIONS


def test_a_newly_registered_kind_is_read_by_records(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kind registered with ``@registered`` is known to ``action_from_json`` at once, and its
    unexpected fields are refused like any other kind's."""
    monkeypatch.setattr(actions_module, "ACTIONS", dict(ACTIONS))

    @registered
    @dataclass(frozen=True, slots=True)
    class Tap(Action):
        kind: ClassVar[str] = "tap"

    assert actions_module.ACTIONS["tap"] is Tap
    assert action_from_json({"seat": 2, "action": "tap"}, 0) == (2, Tap())
    with pytest.raises(RecordError, match="action 1: unexpected field"):
        action_from_json({"action": "tap", "card": "CA"}, 0)

"""Self-tests of Discord's limits as the emulator checks them (no client needed)."""

from __future__ import annotations

from typing import Any

from tests.emulator import limits
from tests.emulator.message_model import FLAG_COMPONENTS_V2


def button(custom_id: str, label: str = "B", **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label, **extra}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def problems(**fields: Any) -> list[str]:
    message: dict[str, Any] = {
        "content": "",
        "embeds": [],
        "components": [],
        "flags": 0,
        "attachment_sizes": [],
        "size_limit": 100,
    }
    message.update(fields)
    return limits.message_problems(**message)


def test_a_valid_message_has_no_problems() -> None:
    assert problems(content="x" * 2000, components=[row(button("a"), button("b"))]) == []


def test_a_hand_keeps_two_rows_of_controls_besides_its_cards() -> None:
    """The project's own rule on a message with game controls: card rows don't count, a third
    row of other controls does, and so does a label over 20 characters; a message without game
    controls (a lobby, the editor) has Discord's limits only."""
    cards = [row(*(button(f"ramsch:a:1:0:play:{s}{r}") for r in "AKQJT")) for s in "CS"]
    marked = row(button("ramsch:m:1:0:H7"), button("ramsch:m:1:0:H8"))
    one = row(button("ramsch:a:1:0:pass"), button("ramsch:m:1:0:schwarz"))
    clubs = {"label": "♣ Kreuz", "value": "clubs"}
    select = {"type": 3, "custom_id": "ramsch:a:1:0:declare", "options": [clubs]}
    assert problems(components=[*cards, marked, one, row(select)]) == []
    third = row(button("ramsch:a:1:0:kontra"))
    assert problems(components=[*cards, one, row(select), third])
    assert problems(components=[row(button("ramsch:a:1:0:pass", label="l" * 21))])
    assert (
        problems(components=[row(button("a"), button("b")), row(button("c")), row(button("d"))])
        == []
    )
    # in Components V2 the rows sit in a container: they count the same
    text = {"type": 10, "content": "Your hand"}
    box = {"type": 17, "components": [text, *cards, one, row(select)]}
    assert problems(components=[box], flags=FLAG_COMPONENTS_V2) == []
    box = {"type": 17, "components": [text, *cards, one, row(select), third]}
    assert problems(components=[box], flags=FLAG_COMPONENTS_V2)


def test_content_and_embed_limits() -> None:
    assert problems(content="x" * 2001)
    assert problems(embeds=[{"title": "t" * 257}])
    assert problems(embeds=[{"description": "d" * 4097}])
    assert problems(embeds=[{"fields": [{"name": "n", "value": "v"}] * 26}])
    assert problems(embeds=[{"fields": [{"name": "n", "value": "v" * 1025}]}])
    assert problems(embeds=[{"footer": {"text": "f" * 2049}}])
    assert problems(embeds=[{"author": {"name": "a" * 257}}])
    assert problems(embeds=[{"description": "d" * 4000}, {"description": "d" * 2001}])
    assert problems(embeds=[{"title": "x"}] * 11)


def test_component_limits() -> None:
    assert problems(components=[row(button(f"b{i}")) for i in range(6)])
    assert problems(components=[row(*(button(f"b{i}") for i in range(6)))])
    assert problems(components=[row(button("same"), button("same"))])
    assert problems(components=[row(button("x" * 101))])
    assert problems(components=[row(button("a", label="l" * 81))])
    assert problems(components=[button("not-in-a-row")])
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}
    assert problems(components=[row(select)]) == []
    assert problems(components=[row(select, button("b"))])
    many = {**select, "options": [{"label": str(i), "value": str(i)} for i in range(26)]}
    assert problems(components=[row(many)])
    assert problems(components=[row({**select, "placeholder": "p" * 151})])
    assert problems(components=[row({**select, "min_values": 2, "max_values": 1})])


def test_components_v2_rules() -> None:
    text = {"type": 10, "content": "hello"}
    container = {"type": 17, "components": [text, row(button("a"))]}
    assert problems(components=[container], flags=FLAG_COMPONENTS_V2) == []
    assert problems(content="no", components=[container], flags=FLAG_COMPONENTS_V2)


def test_modal_limits() -> None:
    text_input = {"type": 4, "custom_id": "a", "style": 1, "label": "Answer"}
    assert (
        limits.modal_problems({"title": "T", "custom_id": "m", "components": [row(text_input)]})
        == []
    )
    assert limits.modal_problems(
        {"title": "T" * 46, "custom_id": "m", "components": [row(text_input)]}
    )
    assert limits.modal_problems(
        {"title": "T", "custom_id": "m", "components": [row({**text_input, "label": "L" * 46})]}
    )


def test_empty_messages_are_detected() -> None:
    assert limits.is_empty(content=" ", embeds=[], components=[], attachments=0, extra=False)
    assert not limits.is_empty(content="", embeds=[], components=[], attachments=1, extra=False)

"""What the messages show is written in batches: at most one write per RECORD_INTERVAL,
also when renders come one at a time, each after the last write ended."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from bot.publish import shown as shown_module
from bot.publish.shown import ShownRecorder


class Saves:
    """The store's ``shown.save``: each call's table ids (shown and forgotten)."""

    def __init__(self) -> None:
        self.calls: list[list[int]] = []

    async def save(self, shown: list[Any], *, forget: list[int], at: float) -> None:
        await asyncio.sleep(0)  # a round trip to the database
        self.calls.append(sorted([item.table_id for item in shown] + forget))


async def test_renders_noted_after_a_write_wait_for_the_next_batch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shown_module, "RECORD_INTERVAL", 60.0)
    saves = Saves()
    bot: Any = SimpleNamespace(service=SimpleNamespace(shown=saves))
    closing = asyncio.Event()
    recorder = ShownRecorder(bot, closing)

    def note(table_id: int) -> None:  # as ``note`` does for a table that is over
        recorder._shown[table_id] = None
        if recorder._recorder is None or recorder._recorder.done():
            recorder._recorder = asyncio.create_task(recorder.write())

    note(1)
    for _ in range(5):
        await asyncio.sleep(0)
    assert saves.calls == [[1]]  # written at once
    note(2)  # after the write: it waits for the interval, with the next one
    for _ in range(5):
        await asyncio.sleep(0)
    note(3)
    for _ in range(5):
        await asyncio.sleep(0)
    assert saves.calls == [[1]]
    closing.set()  # the publisher closes: what is left is written at once
    await recorder.close()
    assert saves.calls == [[1], [2, 3]]

"""Issue 4: `/ramsch history` and a deal's record as a file that `ramsch_core replay` accepts."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import aiohttp

from bot.ui.text import score_text
from tests.e2e.conftest import Harness
from tests.e2e.driver import answer
from tests.e2e.helpers import ai_table, played_session
from tests.emulator import Message, SimUser

ROOT = Path(__file__).resolve().parents[2]


async def download(url: str) -> bytes:
    """The attachment's bytes, fetched from the emulator as a Discord client would."""
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        assert response.status == 200
        return await response.read()


async def replay_cli(path: Path) -> dict[str, Any]:
    """`python -m ramsch_core replay <path>` in a subprocess: its JSON summary."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "ramsch_core", "replay", str(path), cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await process.communicate()
    assert process.returncode == 0, err.decode()
    summary: dict[str, Any] = json.loads(out)
    return summary


async def record_file(message: Message, tmp_path: Path) -> Path:
    (attachment,) = message.attachments
    assert attachment.filename.endswith(".json")
    path = tmp_path / attachment.filename
    path.write_bytes(await download(attachment.url))
    return path


async def test_history_lists_the_sessions_and_records_replay(
    harness: Harness, tmp_path: Path
) -> None:
    alice = harness.emulator.add_user("Alice")
    (empty,) = await answer(alice, harness.channel, "ramsch history")
    assert empty.ephemeral and "not played a session" in empty.text and not empty.components
    game = await played_session(harness, alice)
    match = game.replay()
    (shown,) = await answer(alice, harness.channel, "ramsch history")
    assert shown.ephemeral and "**Ramsch #1** · Skat Ramsch" in shown.text
    assert "3 deals · finished" in shown.text
    totals = [score_text(total) for total in match.totals]
    assert f"**Alice {totals[0]}**" in shown.text and f"🤖 AI 2 {totals[2]}" in shown.text
    options = [o["value"] for row in shown.components for c in row["components"]
               for o in c.get("options", [])]  # fmt: skip
    assert options == ["1:0", "1:1", "1:2"] * 2  # to download, and to replay (issue 13)
    results = [m for m in harness.channel.current_messages() if ": result" in m.text]
    for number in range(3):
        handle = await alice.select(shown, "ramsch:rec", [f"1:{number}"])
        (sent,) = [m for m in await handle.wait_response() if m is not shown]
        assert sent.ephemeral and f"Ramsch #1, deal {number + 1}" in sent.text
        summary = await replay_cli(await record_file(sent, tmp_path))
        entry = match.finished_deals[number]
        assert summary == {"finished": True, "to_act": None, **entry.result.to_json()}
        names = [["Alice", "AI 1", "AI 2"][seat] for seat in entry.seats]
        for name, points in zip(names, summary["card_points"], strict=True):
            assert f"**{name}**" in results[number].text
            assert f": {points} card points" in results[number].text
    handle = await alice.slash(harness.channel, "ramsch record", table=1, deal=3)
    (sent,) = await handle.wait_response()
    summary = await replay_cli(await record_file(sent, tmp_path))
    assert summary["card_points"] == list(match.finished_deals[2].result.card_points)


async def test_records_of_unfinished_deals_are_refused(harness: Harness) -> None:
    alice = harness.emulator.add_user("Alice")
    game = await ai_table(harness, alice)
    await game.start()
    await game.step()
    for table, deal in ((1, 1), (1, 4), (99, 1)):
        handle = await alice.slash(harness.channel, "ramsch record", table=table, deal=deal)
        (refusal,) = await handle.wait_response()
        assert refusal.ephemeral and refusal.text == f"Table #{table} has no finished deal {deal}"
    (shown,) = await answer(alice, harness.channel, "ramsch history")
    assert "0 deals · playing" in shown.text and not shown.components


async def test_others_see_only_their_own_history(harness: Harness) -> None:
    alice, bob = harness.emulator.add_user("Alice"), harness.emulator.add_user("Bob")
    await played_session(harness, alice)
    await aborted_session(harness, bob)
    (shown,) = await answer(bob, harness.channel, "ramsch history")
    assert "**Ramsch #2**" in shown.text and "#1" not in shown.text and "aborted" in shown.text


async def aborted_session(harness: Harness, host: SimUser) -> None:
    game = await ai_table(harness, host)
    await game.start()
    assert game.lobby is not None
    await answer(host, harness.channel, "ramsch abort")
    await harness.settle()


async def test_results_and_standings_hand_out_their_records(
    harness: Harness, tmp_path: Path
) -> None:
    """Record under a deal's result and the select under the standings send that deal's
    record privately; it replays to the result the channel showed."""
    alice = harness.emulator.add_user("Alice")
    game = await played_session(harness, alice)
    match = game.replay()
    channel = harness.channel.current_messages()
    results = [m for m in channel if ": result" in m.text]
    assert len(results) == len(match.finished_deals) == 3
    for number, result in enumerate(results):
        button = f"ramsch:rr:{game.table_id}:{number}"
        handle = await alice.click(result, button)
        (sent,) = await handle.wait_response()
        assert sent.ephemeral and f"deal {number + 1}" in sent.text
        summary = await replay_cli(await record_file(sent, tmp_path))
        assert summary["scores"] == match.finished_deals[number].result.to_json()["scores"]
    standings = channel[-1]
    assert "final standings" in standings.text
    select = f"ramsch:rec:{game.table_id}"
    handle = await alice.select(standings, select, [f"{game.table_id}:1"])
    (sent,) = await handle.wait_response()
    summary = await replay_cli(await record_file(sent, tmp_path))
    assert summary["tricks"] == match.finished_deals[1].result.to_json()["tricks"]

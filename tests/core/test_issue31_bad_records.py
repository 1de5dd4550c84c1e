"""Records carrying the bad input of issue 31's rules, replayed from the command line: a
Hochzeit offered, accepted or paid for wrongly (SF-16), a game a table does not play (SF-11,
SF-13, SF-14), a schlecken a table does not allow (RA-8), and an option a game does not
have or a value it does not take. Each exits 2 with one line naming the fault, nothing on
standard output (docs/records.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
HOCHZEIT = "schafkopf/hochzeit_won_schwarz_with_5"
"""Forehand holds one trump (the Schellen-Ober), seat 1 five, seat 2 four, seat 3 four."""
OFFERED = [
    {"seat": 0, "action": "call", "game": "hochzeit"},
    {"seat": 1, "action": "pass"},
    {"seat": 2, "action": "pass"},
    {"seat": 3, "action": "pass"},
]

Change = Callable[[dict[str, Any]], None]


def actions(*items: dict[str, Any]) -> Change:
    return lambda record: record.update(actions=list(items))


def rules(**options: Any) -> Change:
    return lambda record: record["rules"].update(options)


def both(*changes: Change) -> Change:
    def change(record: dict[str, Any]) -> None:
        for one in changes:
            one(record)

    return change


BAD: dict[str, tuple[str, Change, str]] = {
    "a Hochzeit offered with five trumps": (
        HOCHZEIT,
        actions({"seat": 0, "action": "pass"}, {"seat": 1, "action": "call", "game": "hochzeit"}),
        "action 2 (call hochzeit): A Hochzeit is offered with exactly one trump in hand",
    ),
    "a Hochzeit where the table does not play it": (
        HOCHZEIT,
        rules(hochzeit=False),
        "action 1 (call hochzeit): Hochzeit is not played at this table",
    ),
    "a Hochzeit accepted by a seat not asked": (
        HOCHZEIT,
        actions(*OFFERED, {"seat": 2, "action": "accept"}),
        "action 5 (accept): It is not your turn: middlehand (seat 1) is to act",
    ),
    "a trump given for the Hochzeit": (
        HOCHZEIT,
        actions(
            *OFFERED, {"seat": 1, "action": "accept"}, {"seat": 1, "action": "give", "card": "CQ"}
        ),
        "action 6 (give CQ): A trump cannot be given for the Hochzeit",
    ),
    "a card given that the partner does not hold": (
        HOCHZEIT,
        actions(
            *OFFERED, {"seat": 1, "action": "accept"}, {"seat": 1, "action": "give", "card": "CA"}
        ),
        "action 6 (give CA): You do not hold",
    ),
    "a card played before the card is given": (
        HOCHZEIT,
        actions(
            *OFFERED, {"seat": 1, "action": "accept"}, {"seat": 0, "action": "play", "card": "CA"}
        ),
        "action 6 (play CA): It is not your turn: middlehand (seat 1) is to act",
    ),
    "a Geier where the table does not play it": (
        HOCHZEIT,
        actions({"seat": 0, "action": "call", "game": "geier"}),
        "Geier is not played at this table",
    ),
    "a Farbwenz where the table does not play it": (
        HOCHZEIT,
        actions({"seat": 0, "action": "call", "game": "farbwenz", "suit": "D"}),
        "Farbwenz is not played at this table",
    ),
    "a Tout where the table does not play it": (
        HOCHZEIT,
        both(
            rules(tout=False), actions({"seat": 0, "action": "call", "game": "wenz", "tout": True})
        ),
        "Tout is not played at this table",
    ),
    "a schleck at a table that never schleckt": (
        "ramsen/schlecken_choice_kept",
        rules(schlecken="never"),
        "action 1 (keep the bottom card): It is not your turn",
    ),
    "Schafkopf with Skat Ramsch's durchmarsch_value": (
        HOCHZEIT,
        rules(durchmarsch_value=150),
        "unknown option 'durchmarsch_value'",
    ),
    "Schafkopf with Ramsen's stake": (HOCHZEIT, rules(stake=10), "unknown option 'stake'"),
    "Skat with Schafkopf's pack": (
        "skat/forehand_must_play_clubs_won",
        rules(pack="short"),
        "unknown option 'pack'",
    ),
    "Skat with Ramsen's schlecken": (
        "skat/forehand_must_play_clubs_won",
        rules(schlecken="choice"),
        "unknown option 'schlecken'",
    ),
    "Ramsen with Schafkopf's hochzeit": (
        "ramsen/schlecken_choice_kept",
        rules(hochzeit=True),
        "unknown option 'hochzeit'",
    ),
    "Ramsen with Skat's all_pass": (
        "ramsen/schlecken_choice_kept",
        rules(all_pass="forehand"),
        "unknown option 'all_pass'",
    ),
    "Skat Ramsch with Skat's all_pass": (
        "skat_durchmarsch",
        rules(all_pass="forehand"),
        "unknown option 'all_pass'",
    ),
    "Schafkopf Ramsch with Skat Ramsch's durchmarsch_value": (
        "schafkopf_durchmarsch_off",
        rules(durchmarsch_value=150),
        "unknown option 'durchmarsch_value'",
    ),
    "a durchmarsch_value below 120": (
        "skat_durchmarsch",
        rules(durchmarsch_value=100),
        "'durchmarsch_value'",
    ),
    "a Ramsen stake below 0": ("ramsen/schlecken_choice_kept", rules(stake=-1), "'stake'"),
    "a schlecken that is neither choice, always nor never": (
        "ramsen/schlecken_choice_kept",
        rules(schlecken="sometimes"),
        "'schlecken'",
    ),
    "a pack that is neither long nor short": (HOCHZEIT, rules(pack="tiny"), "'pack'"),
    "an all_pass Skat does not know": (
        "skat/forehand_must_play_clubs_won",
        rules(all_pass="dealer"),
        "'all_pass'",
    ),
}


def replay(name: str, change: Change) -> subprocess.CompletedProcess[str]:
    record = json.loads((DATA / f"{name}.json").read_text())
    change(record)
    return subprocess.run(
        [sys.executable, "-m", "ramsch_core", "replay", "-"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
        check=False,
    )


@pytest.fixture(scope="module")
def runs() -> dict[str, subprocess.CompletedProcess[str]]:
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {key: pool.submit(replay, name, change) for key, (name, change, _) in BAD.items()}
        return {key: future.result() for key, future in futures.items()}


def test_the_records_changed_replay_unchanged() -> None:
    """The records the bad ones are made from replay (exit 0): the fault is the change."""
    for name in sorted({name for name, _change, _message in BAD.values()}):
        done = replay(name, lambda record: None)
        assert done.returncode == 0, (name, done.stderr)


@pytest.mark.parametrize("key", list(BAD))
def test_a_bad_record_exits_2_with_one_line(
    key: str, runs: dict[str, subprocess.CompletedProcess[str]]
) -> None:
    done = runs[key]
    assert (done.returncode, done.stdout) == (2, ""), done
    assert done.stderr.endswith("\n") and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert BAD[key][2] in done.stderr, done.stderr

"""The ``python -m ramsch_core`` command line, run as a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from ramsch_core import deal_record, preset, replay_record, replay_summary
from ramsch_core.games.ramsch import PRESETS
from tests.core.builders import rules_of, table_deal
from tests.core.cli import ROOT, run_cli
from tests.core.deals import D1, D1_SKAT

DATA = ROOT / "tests" / "data"


def d1_record() -> dict[str, Any]:
    return deal_record(table_deal(rules_of("skat"), D1, D1_SKAT))


def changed(change: Any) -> str:
    record = d1_record()
    change(record)
    return json.dumps(record)


BAD_INPUTS: dict[str, tuple[list[str], str | bytes | None, str]] = {
    "malformed JSON": (["replay", "-"], '{"rules": {"variant": "skat"}, ', "Malformed JSON"),
    "unknown card": (
        ["replay", "-"],
        changed(lambda r: r["hands"][0].__setitem__(0, "CX")),
        "Unknown card 'CX'",
    ),
    "duplicate card": (
        ["replay", "-"],
        changed(lambda r: r["hands"][0].__setitem__(0, "CT")),
        "dealt twice",
    ),
    "wrong hand size": (
        ["replay", "-"],
        changed(lambda r: r["hands"][1].pop()),
        "Hand 1 holds 9 cards",
    ),
    "action by the wrong seat": (
        ["replay", "-"],
        changed(lambda r: r.update(actions=[{"seat": 2, "action": "play", "card": "C8"}])),
        "not your turn",
    ),
    "illegal play": (
        ["replay", "-"],
        changed(lambda r: r.update(actions=["CA", "SA"])),
        "must follow suit",
    ),
    "unknown option": (
        ["replay", "-"],
        changed(lambda r: r["rules"].update(jungfrau_doubles_all=True)),
        "unknown option 'jungfrau_doubles_all'",
    ),
    "missing file": (["replay", "no/such/record.json"], None, "Cannot read no/such/record.json"),
    "a directory": (["replay", str(DATA)], None, "Cannot read"),
    "unknown preset": (
        ["deal", "--preset", "doppelkopf", "--seed", "1"],
        None,
        "Unknown preset 'doppelkopf' for Ramsch",
    ),
    "no seed": (["deal", "--preset", "skat"], None, "--seed"),
    "no command": ([], None, "required"),
}


@pytest.fixture(scope="module")
def bad_runs() -> dict[str, subprocess.CompletedProcess[str]]:
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {
            name: pool.submit(run_cli, *args, stdin=stdin)
            for name, (args, stdin, _) in BAD_INPUTS.items()
        }
        return {name: future.result() for name, future in futures.items()}


@pytest.mark.parametrize("name", list(BAD_INPUTS))
def test_bad_input_exits_2_with_one_line_on_stderr(
    name: str, bad_runs: dict[str, subprocess.CompletedProcess[str]]
) -> None:
    done = bad_runs[name]
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.endswith("\n") and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert BAD_INPUTS[name][2] in done.stderr


def test_a_file_that_is_not_utf8_text(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(b"\xff\xfe{\x00")
    done = run_cli("replay", str(path))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and "UTF-8" in done.stderr


def test_replay_from_a_file_and_from_stdin() -> None:
    """`replay FILE` and `replay -` print the same result JSON (7.5 stays 7.5, AR-4)."""
    path = DATA / "altenburg_penalty_half.json"
    expected = json.loads(path.with_suffix(".expected.json").read_text())
    from_file = run_cli("replay", str(path))
    from_stdin = run_cli("replay", "-", stdin=path.read_text())
    for done in (from_file, from_stdin):
        assert done.returncode == 0 and done.stderr == ""
        assert done.stdout.count("\n") == 1
        assert json.loads(done.stdout) == expected
    assert '"scores": [-7.5, -7.5, 0]' in from_file.stdout


def test_deal_prints_a_record_that_replays() -> None:
    """`deal --preset skat --seed 7` prints a record (hands, skat, no actions) that replays."""
    dealt = run_cli("deal", "--preset", "skat", "--seed", "7")
    assert dealt.returncode == 0 and dealt.stderr == ""
    record = json.loads(dealt.stdout)
    assert record["rules"] == {"game": "ramsch", "variant": "skat", **preset("skat").options()}
    assert [len(hand) for hand in record["hands"]] == [10, 10, 10] and len(record["skat"]) == 2
    assert record["actions"] == []
    assert run_cli("deal", "--preset", "skat", "--seed", "7").stdout == dealt.stdout
    replayed = run_cli("replay", "-", stdin=dealt.stdout)
    assert replayed.returncode == 0
    summary = json.loads(replayed.stdout)
    assert summary["finished"] is False and summary["to_act"] == 0 and summary["tricks"] == []


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_deal_for_every_preset_replays(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """In-process for speed: every preset deals a record that replays to an unfinished deal."""
    from ramsch_core.cli import main

    assert main(["deal", "--preset", name, "--seed", "11"]) == 0
    record = json.loads(capsys.readouterr().out)
    deal = replay_record(record)
    assert deal.rules == preset(name)
    assert replay_summary(deal)["finished"] is False


def test_a_reader_that_goes_away_is_no_traceback() -> None:
    """`deal ... | head -c 5`: the closed pipe ends the command quietly."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    writer = subprocess.Popen(
        [sys.executable, "-m", "ramsch_core", "deal", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )
    assert writer.stdout is not None and writer.stderr is not None
    writer.stdout.close()  # nobody reads: the first write breaks the pipe
    error = writer.stderr.read().decode()
    assert writer.wait(timeout=60) == 1
    assert "Traceback" not in error


def test_bench_refuses_an_unknown_preset_before_timing() -> None:
    done = run_cli("--preset", "doppelkopf", module="ramsch_core.bench")
    assert done.returncode == 2 and done.stdout == ""
    assert "no game chosen has the preset(s) doppelkopf" in done.stderr
    assert "Traceback" not in done.stderr

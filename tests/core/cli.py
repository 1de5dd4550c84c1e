"""The command line (``python -m ramsch_core``) run as a real subprocess, for the tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
"""The repository: the subprocess's working directory and import path."""


def run_cli(
    *args: str, stdin: str | bytes | None = None, module: str = "ramsch_core"
) -> subprocess.CompletedProcess[str]:
    """``python -m ramsch_core ARGS`` (or another ``module``) with ``stdin`` as its input:
    its exit code and its output as text."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    data = stdin.encode() if isinstance(stdin, str) else stdin
    done = subprocess.run(
        [sys.executable, "-m", module, *args],
        input=data, capture_output=True, cwd=ROOT, env=env, timeout=120, check=False,
    )  # fmt: skip
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode(), done.stderr.decode()
    )


def refused_replay(directory: Path, record: dict[str, Any]) -> str:
    """``replay FILE`` of ``record`` written to a file in ``directory``, which must exit 2 with
    one line on stderr, no output and no traceback: that line."""
    path = directory / "record.json"
    path.write_text(json.dumps(record))
    done = run_cli("replay", str(path))
    assert done.returncode == 2, done.stdout
    assert done.stdout == "" and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
    return done.stderr

"""The command line (``python -m ramsch_core``) run as a real subprocess, for the tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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

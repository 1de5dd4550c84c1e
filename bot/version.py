"""What this bot is: its version (package metadata), the commit it was built from when known,
and the project's links; said by `/ramsch about` and logged once at the start."""

from __future__ import annotations

import functools
import logging
import os
import subprocess
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "ramsch-bot"
COMMIT_VARIABLE = "RAMSCH_COMMIT"
"""The environment variable holding the commit (the Docker image sets it from a build arg)."""
COMMIT_FILE = Path(__file__).with_name("COMMIT")
"""A file a build may write the commit into, shipped with the package."""
CHECKOUT = Path(__file__).resolve().parent.parent
"""The source checkout the package runs from, if it does (``git rev-parse`` asks there)."""
GIT_TIMEOUT = 2.0
"""Seconds ``git rev-parse`` may take before the commit counts as unknown."""
SHORT = 7
"""Characters of a commit hash shown."""

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BuildInfo:
    """The bot's version (None if the package metadata is missing), its commit (None if not
    known) and the project's links (label, URL) from its metadata or pyproject."""

    version: str | None
    commit: str | None
    links: tuple[tuple[str, str], ...] = ()

    def line(self) -> str:
        """``v0.1.0 · a38d0e2``: the version and, when known, the commit."""
        shown = f"v{self.version}" if self.version else "v?"
        return f"{shown} · {self.commit}" if self.commit else shown


def package_version() -> str | None:
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None


def _short(commit: str) -> str | None:
    commit = commit.strip()
    if not commit or len(commit) > 64 or not all(c in "0123456789abcdef" for c in commit.lower()):
        return None
    return commit[:SHORT].lower()


def build_commit(
    environ: dict[str, str] | None = None,
    commit_file: Path = COMMIT_FILE,
    checkout: Path = CHECKOUT,
) -> str | None:
    """The commit: the environment variable, else the file written at build, else ``git
    rev-parse`` in a checkout; None when none of them says it (never an error)."""
    environ = dict(os.environ) if environ is None else environ
    if (found := _short(environ.get(COMMIT_VARIABLE, ""))) is not None:
        return found
    try:
        if commit_file.is_file() and (found := _short(commit_file.read_text("utf-8"))):
            return found
    except (OSError, UnicodeDecodeError):
        pass
    if not (checkout / ".git").exists():
        return None
    try:
        done = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=checkout,
            capture_output=True,
            text=True,
            timeout=GIT_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return _short(done.stdout) if done.returncode == 0 else None


def project_links(checkout: Path = CHECKOUT) -> tuple[tuple[str, str], ...]:
    """The project's links (``Project-URL`` of the package metadata, else ``project.urls`` of
    a checkout's pyproject.toml), as (label, URL); none if neither has them."""
    found: list[tuple[str, str]] = []
    try:
        entries = metadata.metadata(DISTRIBUTION).get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        entries = []
    for entry in entries:
        label, _, url = str(entry).partition(",")
        if url.strip():
            found.append((label.strip(), url.strip()))
    if found:
        return tuple(found)
    try:
        with (checkout / "pyproject.toml").open("rb") as file:
            urls = tomllib.load(file).get("project", {}).get("urls", {})
    except (OSError, tomllib.TOMLDecodeError):
        return ()
    if not isinstance(urls, dict):
        return ()
    return tuple((str(label), str(url)) for label, url in urls.items() if isinstance(url, str))


@functools.cache
def build_info() -> BuildInfo:
    """This bot's build, worked out once per process."""
    return BuildInfo(package_version(), build_commit(), project_links())


def log_build() -> BuildInfo:
    """Log the version and commit (once, at the start); nothing secret is in them."""
    info = build_info()
    log.info("Ramsch bot %s (commit %s)", info.version or "unknown", info.commit or "unknown")
    return info

"""What `/ramsch about` says and the start logs (issue 31): the version from the package
metadata, the commit from the environment, a build file or git (never an error when none
says it), the project's links, and the uptime in words."""

from __future__ import annotations

import logging
import subprocess
from importlib import metadata
from pathlib import Path

import pytest

from bot import i18n, version
from bot.cogs.info import uptime_text
from bot.version import BuildInfo, build_commit, project_links

COMMIT = "a38d0e2f0c1b2a3948576a5b4c3d2e1f00112233"


def test_the_version_comes_from_the_package_metadata() -> None:
    assert version.package_version() == metadata.version("ramsch-bot")
    assert BuildInfo("0.1.0", "a38d0e2").line() == "v0.1.0 · a38d0e2"
    assert BuildInfo("0.1.0", None).line() == "v0.1.0"
    assert BuildInfo(None, None).line() == "v?"


def test_the_commit_from_the_environment_wins(tmp_path: Path) -> None:
    written = tmp_path / "COMMIT"
    written.write_text("ffffffff\n", "utf-8")
    assert build_commit({"RAMSCH_COMMIT": COMMIT}, written, tmp_path) == "a38d0e2"
    assert build_commit({}, written, tmp_path) == "fffffff"
    # Not a commit hash: the next source is asked.
    assert build_commit({"RAMSCH_COMMIT": "latest; rm -rf"}, written, tmp_path) == "fffffff"


def test_a_checkout_asks_git_and_nothing_known_is_none(tmp_path: Path) -> None:
    nothing = tmp_path / "missing"
    assert build_commit({}, nothing, tmp_path) is None, "no .git here, no file, no variable"
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    git = ["git", "-C", str(checkout), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", "x"], check=True)
    head = subprocess.run(
        [*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()
    assert build_commit({}, nothing, checkout) == head[:7]
    (checkout / ".git").rename(checkout / "moved")
    (checkout / ".git").write_text("gitdir: /nowhere\n", "utf-8")
    assert build_commit({}, nothing, checkout) is None, "a broken checkout: unknown, no error"


def test_links_come_from_pyproject_when_the_metadata_has_none(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n[project.urls]\nRepository = "https://example.org/ramsch"\n',
        "utf-8",
    )
    assert project_links(tmp_path) == (("Repository", "https://example.org/ramsch"),)
    (tmp_path / "pyproject.toml").write_text("not toml [", "utf-8")
    assert project_links(tmp_path) == ()
    assert project_links(tmp_path / "missing") == ()


def test_the_start_logs_version_and_commit(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="bot.version"):
        info = version.log_build()
    (record,) = [r for r in caplog.records if r.name == "bot.version"]
    assert record.getMessage() == (f"Ramsch bot {info.version} (commit {info.commit or 'unknown'})")


@pytest.mark.parametrize(
    ("seconds", "english", "german"),
    [
        (59, "0 minutes", "0 Minuten"),
        (61, "1 minute", "1 Minute"),
        (3 * 3600 + 5 * 60 + 20, "3 h 5 min", "3 Std. 5 Min."),
        (86_400 + 60, "1 day, 0 h 1 min", "1 Tag, 0 Std. 1 Min."),
        (2 * 86_400 + 3600, "2 days, 1 h 0 min", "2 Tage, 1 Std. 0 Min."),
        (-5, "0 minutes", "0 Minuten"),
    ],
)
def test_uptime_in_words(seconds: float, english: str, german: str) -> None:
    assert uptime_text(seconds) == english
    with i18n.using("de"):
        assert uptime_text(seconds) == german

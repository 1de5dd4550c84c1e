"""The Docker image's inputs: the lock file pins every dependency of pyproject, with hashes,
and the Dockerfile only copies files the build context holds."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]


def locked() -> dict[str, tuple[str, int]]:
    """name -> (pinned version, number of hashes) from requirements.lock."""
    pins: dict[str, tuple[str, int]] = {}
    name = ""
    for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        pin = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s\\]+)", line)
        if pin:
            name = canonicalize_name(pin[1])
            pins[name] = (pin[2], 0)
        elif "--hash=sha256:" in line and name:
            version, hashes = pins[name]
            pins[name] = (version, hashes + 1)
    return pins


def test_the_lock_pins_every_dependency_within_its_range() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = locked()
    for spec in project["dependencies"]:
        requirement = Requirement(spec)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not in requirements.lock: regenerate it"
        version, hashes = pins[name]
        assert requirement.specifier.contains(version, prereleases=True), (spec, version)
        assert hashes > 0, f"{name} has no hash"
    assert all(hashes > 0 for _, hashes in pins.values())


def _ignored(path: str, patterns: list[str]) -> bool:
    verdict = False
    for pattern in patterns:
        negated = pattern.startswith("!")
        bare = pattern.lstrip("!").removeprefix("**/")
        if fnmatch.fnmatch(path, bare) or fnmatch.fnmatch(path.split("/")[0], bare):
            verdict = not negated
    return verdict


def test_the_dockerfile_copies_only_what_the_context_holds() -> None:
    patterns = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    sources = [
        source
        for line in dockerfile.splitlines()
        if line.startswith("COPY ") and "--from=" not in line
        for source in line.split()[1:-1]
    ]
    assert {"requirements.lock", "LICENSE"} <= set(sources)
    for source in sources:
        assert (ROOT / source).exists(), source
        assert not _ignored(source, patterns), f"{source} is excluded by .dockerignore"
    assert "--require-hashes" in dockerfile and "bot.health" in dockerfile

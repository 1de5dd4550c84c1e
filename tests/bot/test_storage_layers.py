"""Issue 29: the Discord adapter reaches storage only through the application layer. The
store is held by bot/storage (the repositories), bot/tables (the table service) and the
start-up wiring; cogs, views, renderers and the publisher ask the table service."""

from __future__ import annotations

import ast
from pathlib import Path

import bot

ROOT = Path(bot.__file__).parent
HOLDERS = ("storage", "tables")
"""The packages of bot/ that hold the store: its repositories, the application layer."""
WIRING = {
    "__main__.py": "opens the store and hands it to the service, the bot and the cluster",
    "shards.py": "passes it on to the bot it builds",
    "client.py": "hands the preferences and the command sync their repository",
    "cluster.py": "the process leases and relayed clicks of this process (store.leases, .relays)",
}
"""Modules outside those packages that may hold the store, and why."""


def store_uses(source: str) -> list[str]:
    """Where ``source`` reaches the store: an import of ``Store`` or of ``bot.storage.store``,
    or an attribute named ``store`` (``service.store``, ``self.store``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bot.storage"):
            if node.module == "bot.storage.store" or any(a.name == "Store" for a in node.names):
                found.append(f"line {node.lineno}: imports the store")
        elif isinstance(node, ast.Attribute) and node.attr == "store":
            found.append(f"line {node.lineno}: .store")
    return found


def test_the_check_finds_a_store_reached_directly() -> None:
    assert store_uses("x = await self.bot.service.store.results.history(1)") == ["line 1: .store"]
    assert store_uses("from bot.storage import ShownTable, Store") == ["line 1: imports the store"]
    assert store_uses("from bot.storage.store import Store") == ["line 1: imports the store"]
    assert store_uses("from bot.storage import ShownTable\nx = service.shown") == []


def test_only_the_application_layer_and_the_wiring_hold_the_store() -> None:
    reaching = {}
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT)
        if relative.parts[0] in HOLDERS or str(relative) in WIRING:
            continue
        uses = store_uses(path.read_text(encoding="utf-8"))
        if uses:
            reaching[str(relative)] = uses
    assert reaching == {}


def test_the_wiring_modules_exist() -> None:
    """An exception for a module that is gone would hide one that takes its name."""
    assert all((ROOT / name).is_file() for name in WIRING)

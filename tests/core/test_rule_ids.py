"""Every rule of docs/rules/ is checked by a test that cites its id."""

from __future__ import annotations

import inspect
import re
from types import ModuleType

from tests.core import (
    test_altenburg,
    test_constraints,
    test_conventions,
    test_kernel,
    test_properties,
    test_records,
    test_registry,
    test_rules,
    test_schafkopf,
    test_session,
    test_skat,
)

RULE_IDS = (
    [f"C-{n}" for n in range(1, 7)]
    + [f"SR-{n}" for n in range(1, 13)]
    + [f"SK-{n}" for n in range(1, 10)]
    + [f"AR-{n}" for n in range(1, 8)]
)
MODULES: list[ModuleType] = [
    test_altenburg,
    test_constraints,
    test_conventions,
    test_kernel,
    test_properties,
    test_records,
    test_registry,
    test_rules,
    test_schafkopf,
    test_session,
    test_skat,
]


def cited_ids() -> set[str]:
    cited: set[str] = set()
    for module in MODULES:
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if not name.startswith("test_") or function.__module__ != module.__name__:
                continue
            for prefix, number in re.findall(r"(?<![a-z])(c|sr|sk|ar)(\d+)(?=_)", name):
                cited.add(f"{prefix.upper()}-{number}")
            cited.update(re.findall(r"\b(?:C|SR|SK|AR)-\d+\b", function.__doc__ or ""))
    return cited


def test_every_rule_id_has_a_test() -> None:
    missing = [rule for rule in RULE_IDS if rule not in cited_ids()]
    assert missing == []

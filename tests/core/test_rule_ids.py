"""Every rule of docs/rules/ is checked by a test that cites its id (in its name, ``test_sr4_``,
or its docstring, ``SR-4`` or ``SR-4..10``). The ids are read from the docs, so a new game's
rules doc is covered the moment it is written (tests/completeness.py)."""

from __future__ import annotations

from tests.completeness import ROOT, cited_ids, rule_ids

DOCS = sorted((ROOT / "docs" / "rules").glob("*.md"))


def test_the_rules_docs_define_rule_ids() -> None:
    """The conventions and each game's rules carry ids (no doc read as empty by a typo in the
    form of its rules)."""
    defined = {doc.stem: rule_ids(doc) for doc in DOCS if doc.stem != "README"}
    assert set(defined) >= {"conventions", "ramsch", "skat", "schafkopf", "ramsen"}
    assert all(defined.values()), defined
    prefixes = {rule.split("-")[0] for ids in defined.values() for rule in ids}
    assert prefixes >= {"C", "SR", "SK", "AR", "FS", "SF", "RA"}


def test_every_rule_id_has_a_test() -> None:
    cited = cited_ids(ROOT / "tests")
    missing = [rule for doc in DOCS for rule in rule_ids(doc) if rule not in cited]
    assert missing == []

"""STYLE.md 10: every rule ID of RULES.md has a test named after it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine import RULE_IDS

TESTS = Path(__file__).resolve().parent
RULES_MD = TESTS.parent.parent / "shared" / "RULES.md"


def rule_test_names() -> set[str]:
    names = set()
    for path in TESTS.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_r_"):
                names.add(node.name)
    return names


def test_every_rule_id_has_a_test_named_after_it():
    names = rule_test_names()
    missing = []
    for rule in RULE_IDS:
        prefix = "test_" + rule.lower().replace("-", "_") + "_"
        if not any(name.startswith(prefix) for name in names):
            missing.append(rule)
    assert missing == []


def test_rule_ids_match_rules_md():
    if not RULES_MD.exists():
        pytest.skip(f"{RULES_MD} is not beside this checkout")
    listed = re.findall(r"^- \*\*(R-[A-Z-]+)\*\*", RULES_MD.read_text(encoding="utf-8"), re.M)
    assert tuple(listed) == RULE_IDS

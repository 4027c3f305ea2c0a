"""STYLE.md 10: every rule ID of RULES.md has a test named after it.

The rules are read from docs/RULES.md, the checkout's copy of ../shared/RULES.md: these checks run
in any clone. Only the check that the copy is current needs ../shared, and skips without it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine import RULE_IDS
from tests.rules_md import RULES_MD, SHARED_RULES_MD, rule_ids

TESTS = Path(__file__).resolve().parent
#: Rules RULES.md has and the engine does not implement yet, with the issue that builds them:
#: each keeps an xfail test named after it (strict: it fails the suite once the rule is built,
#: so it leaves this list then).
PENDING: dict[str, str] = {}


def rule_test_names() -> set[str]:
    names = set()
    for path in TESTS.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_r_"):
                names.add(node.name)
    return names


def prefix(rule: str) -> str:
    return "test_" + rule.lower().replace("-", "_") + "_"


def rule_of(name: str) -> str | None:
    """The rule a test is named after: the longest ID its name starts with, so a test of
    R-FOLLOW-TRUMP does not count for R-FOLLOW."""
    matches = [rule for rule in rule_ids() if name.startswith(prefix(rule))]
    return max(matches, key=len, default=None)


def test_docs_rules_md_is_a_current_copy_of_the_shared_rules_md():
    if not SHARED_RULES_MD.exists():
        pytest.skip(f"{SHARED_RULES_MD} is not beside this checkout: nothing to compare with")
    assert RULES_MD.read_bytes() == SHARED_RULES_MD.read_bytes(), (
        f"copy {SHARED_RULES_MD} to {RULES_MD}")


def test_rule_ids_match_rules_md():
    assert tuple(rule for rule in rule_ids() if rule not in PENDING) == RULE_IDS


def test_a_pending_rule_is_in_rules_md_and_not_yet_in_the_engine():
    assert set(PENDING) <= set(rule_ids())
    assert set(PENDING).isdisjoint(RULE_IDS)


def test_every_rule_id_has_a_test_named_after_it():
    named = {rule_of(name) for name in rule_test_names()}
    assert [rule for rule in rule_ids() if rule not in named] == []


def test_every_rule_test_is_named_after_a_rule_id():
    assert sorted(name for name in rule_test_names() if rule_of(name) is None) == []


def test_a_test_of_a_longer_rule_id_does_not_count_for_a_shorter_one():
    assert rule_of("test_r_follow_trump_when_trump_is_led") == "R-FOLLOW-TRUMP"
    assert rule_of("test_r_follow_suit_when_able") == "R-FOLLOW"
    assert rule_of("test_r_rubicon_a_team_below_half_is_named") == "R-RUBICON"
    assert rule_of("test_r_folow_typo") is None

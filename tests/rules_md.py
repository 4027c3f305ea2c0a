"""RULES.md as the tests read it: the copy in docs/, so no test skips in a clone without ../shared.

``docs/RULES.md`` is kept equal to ``../shared/RULES.md`` (tests/test_engine_rule_ids.py checks
it wherever that file is beside the checkout).
"""

from __future__ import annotations

import re
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
RULES_MD = CHECKOUT / "docs" / "RULES.md"
SHARED_RULES_MD = CHECKOUT.parent / "shared" / "RULES.md"

RULE = re.compile(r"- \*\*(R-[A-Z-]+)\*\*")


def lines() -> list[str]:
    return RULES_MD.read_text(encoding="utf-8").splitlines()


def rule_ids() -> list[str]:
    """Every rule ID that starts a bullet, in the order of RULES.md."""
    return [found[1] for line in lines() if (found := RULE.match(line))]


def section_of() -> dict[str, int]:
    """Each rule ID and the number of the ``## `` heading it is under (0 for the first)."""
    sections: dict[str, int] = {}
    heading = -1
    for line in lines():
        if line.startswith("## "):
            heading += 1
        elif found := RULE.match(line):
            sections[found[1]] = heading
    return sections


def rule_text(rule_id: str) -> str:
    """The whole bullet of ``rule_id`` on one line: its first line and those indented under it."""
    text: list[str] = []
    for line in lines():
        if text and not line.startswith("  "):
            break
        found = RULE.match(line)
        if text or (found and found[1] == rule_id):
            text.append(line.strip())
    if not text:
        raise KeyError(f"{rule_id} is not in {RULES_MD}")
    return " ".join(text)

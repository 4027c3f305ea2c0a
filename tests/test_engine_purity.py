"""STYLE.md 1: the engine imports only the standard library and itself."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_engine_imports_only_the_standard_library_and_nothing_of_tutor():
    sources = sorted(ENGINE.rglob("*.py"))
    assert len(sources) >= 10
    offenders = []
    for path in sources:
        for name in imported_modules(path):
            top = name.split(".")[0]
            if top != "engine" and top not in sys.stdlib_module_names:
                offenders.append(f"{path.relative_to(ENGINE.parent)} imports {name}")
    assert offenders == []


def test_engine_ships_py_typed():
    assert (ENGINE / "py.typed").exists()

"""STYLE.md 1: the engine imports only the standard library and itself; the tutor imports
only the engine's public API (the package ``engine``, not its modules)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

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


TUTOR = ENGINE.parent / "tutor"


def engine_imports(path: Path) -> list[str]:
    """The engine modules ``path`` imports, as written (``engine`` or ``engine.<module>``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[0] == "engine"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and \
                node.module.split(".")[0] == "engine":
            found.append(node.module)
    return found


def test_the_tutor_imports_only_the_public_engine_api():
    """``tutor`` imports from ``engine`` itself, never ``engine.<module>``: the names of
    engine/__init__.py are the API, and the engine's modules may change behind it."""
    sources = sorted(TUTOR.rglob("*.py"))
    assert len(sources) >= 40
    importers = [path for path in sources if "engine" in engine_imports(path)]
    assert len(importers) >= 20  # the check reads real imports
    offenders = [f"{path.relative_to(ENGINE.parent)} imports {name}"
                 for path in sources for name in engine_imports(path) if name != "engine"]
    assert offenders == []


def test_the_import_check_sees_an_engine_module(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import engine.cards\ndef f():\n    from engine.dds import Solver\n",
                      encoding="utf-8")
    assert engine_imports(module) == ["engine.cards", "engine.dds"]


def test_every_public_engine_name_resolves():
    import engine

    assert len(engine.__all__) == len(set(engine.__all__))
    for name in engine.__all__:
        assert getattr(engine, name) is not None, name
    with pytest.raises(AttributeError, match="no attribute 'solver'"):
        engine.solver  # noqa: B018


def test_importing_the_engine_loads_no_bot_search_or_coach():
    """The bots, the search and the coach load on first use of one of their names (the app
    opens its Play page later than its first window)."""
    code = ("import sys, engine\n"
            "lazy = ['engine.chibre.bots', 'engine.chibre.coach', 'engine.dds',"
            " 'engine.par']\n"
            "print([m for m in lazy if m in sys.modules])\n"
            "from engine import Position\n"
            "print('engine.chibre.bots.position' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ENGINE.parent).stdout
    assert out.split("\n")[:2] == ["[]", "True"]

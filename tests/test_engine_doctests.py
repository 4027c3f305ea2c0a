"""The examples in the engine's docstrings run and hold (STYLE.md 15).

Only modules with examples are listed, and each must run at least one: a module whose examples
are removed fails here until it is taken off the list, and a module that gains examples fails
the completeness test until it is put on it. A doctest run that finds nothing cannot pass.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine

WITH_EXAMPLES = [
    "engine",
    "engine.chibre.announcements",
    "engine.chibre.bots",
    "engine.chibre.bots.knowledge",
    "engine.chibre.bots.worlds",
    "engine.cards",
    "engine.cardset",
    "engine.chibre.coach",
    "engine.chibre.conventions",
    "engine.dds",
    "engine.hidden",
    "engine.chibre.game",
    "engine.notation",
    "engine.play",
    "engine.points",
    "engine.pomme.bots",
    "engine.pomme.coach",
    "engine.pomme.game",
    "engine.par",
    "engine.pomme.search",
    "engine.registry",
    "engine.replay",
    "engine.rules",
    "engine.chibre.scoring",
]


def examples_in(name: str) -> int:
    """How many examples the docstrings of module ``name`` hold (without running them)."""
    module = importlib.import_module(name)
    return sum(len(test.examples) for test in doctest.DocTestFinder().find(module))


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0, f"{name} has no example left: take it off WITH_EXAMPLES"
    assert result.failed == 0


def test_every_engine_module_with_examples_is_listed():
    modules = ["engine", *(m.name for m in pkgutil.walk_packages(engine.__path__, "engine."))]
    assert sorted(name for name in modules if examples_in(name)) == sorted(WITH_EXAMPLES)

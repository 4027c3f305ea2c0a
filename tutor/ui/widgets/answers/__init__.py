"""The answer widgets of the content kinds: one class per kind, in
``tutor/ui/widgets/answers/<kind>.py``.

The module of a kind is named as the kind (``spec.name`` in ``tutor.content.kinds``) and names
its class ``ANSWER``; ``answer_class`` finds it, so a kind added to the content registry needs
only its module here. ``tests/test_ui_exercise_kinds.py`` shows and answers every kind.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

from tutor.content.kinds import KindSpec, spec_of
from tutor.content.tasks import Task
from tutor.ui.widgets.answers.base import Answer, Host


@functools.cache
def answer_class(spec: KindSpec[Any, Any]) -> type[Answer[Any, Any]]:
    """The answer widget of the kind ``spec``."""
    found = importlib.import_module(f"{__name__}.{spec.name}").ANSWER
    if not (isinstance(found, type) and issubclass(found, Answer) and found.spec is spec):
        raise TypeError(f"{__name__}.{spec.name}.ANSWER is no Answer of kind {spec.name}")
    return found


def answer_for(task: Task) -> type[Answer[Any, Any]]:
    """The answer widget of ``task``'s kind."""
    return answer_class(spec_of(task))


__all__ = ["Answer", "Host", "answer_class", "answer_for"]

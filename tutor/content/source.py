"""Reading YAML with the line of every value, and the problems found in it.

YAML is parsed once with the safe loader (``SafeLoader``, or its C twin ``CSafeLoader``): the
node tree gives the data, built by the safe constructor as ``yaml.safe_load`` does, and the
line of every value. Nothing else reads YAML in the project.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

#: A key path into the data: ``("steps", 2, "exercises", 0, "trick")``.
KeyPath = tuple[str | int, ...]


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with a content file, with where it is."""

    path: str
    line: int
    item: str  # the lesson or puzzle id, or "" when the file itself is broken
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        parts = [where, self.item, self.field, self.message]
        return ": ".join(part for part in parts if part)


def field_name(keys: KeyPath) -> str:
    """``("steps", 2, "trick")`` → ``"steps[2].trick"``."""
    text = ""
    for key in keys:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else key)
    return text


class Source:
    """The data of one YAML file and the line of each of its values (1-based)."""

    def __init__(self, path: Path, display: str, data: Any, lines: dict[KeyPath, int],
                 duplicates: list[tuple[KeyPath, int]] | None = None) -> None:
        self.path = path
        self.display = display
        self.data = data
        self._lines = lines
        #: Keys given twice in one mapping (YAML keeps the last): where, and on which line.
        self.duplicates = duplicates or []

    def line(self, keys: KeyPath) -> int:
        """The line of the value at ``keys``, or of its nearest parent that has one."""
        while keys:
            if keys in self._lines:
                return self._lines[keys]
            keys = keys[:-1]
        return self._lines.get((), 1)

    def problem(self, item: str, keys: KeyPath, message: str, strip: int = 0) -> Problem:
        """A problem at ``keys``; the field is named without its first ``strip`` keys (the
        position of a puzzle in its file, when the puzzle's id already says which one)."""
        return Problem(self.display, self.line(keys), item, field_name(keys[strip:]), message)


def _walk(node: yaml.Node, keys: KeyPath, lines: dict[KeyPath, int],
          dups: list[tuple[KeyPath, int]]) -> None:
    lines[keys] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = str(key_node.value)
            if key in seen:
                dups.append(((*keys, key), key_node.start_mark.line + 1))
            seen.add(key)
            _walk(value_node, (*keys, key), lines, dups)
    elif isinstance(node, yaml.SequenceNode):
        for index, child in enumerate(node.value):
            _walk(child, (*keys, index), lines, dups)


#: The safe loader, in C when PyYAML was built with libyaml (several times faster, and the
#: content loads on a worker thread that holds Python's lock while it parses).
SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str, path: Path, display: str) -> Source:
    """``text`` as a source with the line of each value; raises ``yaml.YAMLError``.

    The text is parsed once into the node tree; the data is built from it by the safe
    constructor, exactly as ``yaml.safe_load`` would."""
    loader = SAFE_LOADER(text)
    try:
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else None
    finally:
        loader.dispose()
    lines: dict[KeyPath, int] = {}
    dups: list[tuple[KeyPath, int]] = []
    if root is not None:
        _walk(root, (), lines, dups)
    return Source(path, display, data, lines, dups)


def read_yaml(path: Path, display: str) -> tuple[Source | None, list[Problem]]:
    """Parse ``path``; on a syntax error, no source and one problem naming the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return None, [Problem(display, 0, "", "", f"cannot be read: {error}")]
    try:
        return parse_yaml(text, path, display), []
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        reason = getattr(error, "problem", None) or str(error)
        return None, [Problem(display, line, "", "", f"is not valid YAML: {reason}")]

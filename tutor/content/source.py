"""Reading YAML with the line of every value, and the problems found in it.

YAML is parsed with the safe loader (``SafeLoader``, or its C twin ``CSafeLoader``): the node
tree gives the data, built by the safe constructor as ``yaml.safe_load`` does, and the line of
every value. Nothing else reads YAML in the project.

Reading is bounded and total, whatever the file holds (a content file may be hostile or broken):

- only a regular file is read, never a FIFO, a device or a folder, nor a link to a file outside
  the content folder; it is looked at before it is opened, opened without blocking, and
  looked at again once open;
- at most ``MAX_FILE_BYTES`` are read;
- before anything is built, one pass over the parser's events refuses aliases (``*name``: an
  "alias bomb" of a few hundred bytes otherwise expands to billions of values), nesting deeper
  than ``MAX_DEPTH``, a list or mapping of more than ``MAX_ITEMS`` entries, more than
  ``MAX_NODES`` values, a number longer than ``MAX_NUMBER_LENGTH`` characters, a scalar its
  explicit tag cannot build (``!!int abc``, a 30 February), and a parse that runs past
  ``MAX_SECONDS``;
- every refusal and every error is a ``Problem`` naming the file, the line and the field: no
  exception leaves ``read_yaml``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tutor.files import MAX_FILE_BYTES, read_bytes

#: The deepest nesting of lists and mappings (shipped content nests 7 deep at most).
MAX_DEPTH = 32
#: The most entries in one list or mapping (the longest shipped list has under 100).
MAX_ITEMS = 5_000
#: The most values (scalars, lists, mappings) in one file.
MAX_NODES = 200_000
#: The longest number, in characters (Python refuses integers over 4300 digits).
MAX_NUMBER_LENGTH = 40
#: The longest one file may take to parse (a bound for a slow disk or machine, never reached by
#: a file within the limits above).
MAX_SECONDS = 20.0

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


class ContentError(Exception):
    """A file refused by a limit, or a value the safe constructor cannot build: where it is."""

    def __init__(self, line: int, keys: KeyPath, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.keys = keys
        self.message = message


def _walk(root: yaml.Node, lines: dict[KeyPath, int], dups: list[tuple[KeyPath, int]]) -> None:
    """The line of each value and the keys given twice; iterative, each node visited once
    (aliases are refused before, so the node graph is a tree)."""
    stack: list[tuple[yaml.Node, KeyPath]] = [(root, ())]
    while stack:
        node, keys = stack.pop()
        lines[keys] = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for key_node, value_node in node.value:
                key = _key_text(key_node)
                if key in seen:
                    dups.append(((*keys, key), key_node.start_mark.line + 1))
                seen.add(key)
                stack.append((value_node, (*keys, key)))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((child, (*keys, index)) for index, child in enumerate(node.value))
    dups.sort(key=lambda dup: dup[1])  # in the order of the file


def _key_text(node: yaml.Node) -> str:
    """A mapping key as a field name: a scalar's text, ``?`` for a list or mapping as a key."""
    return str(node.value) if isinstance(node, yaml.ScalarNode) else "?"


#: The safe loader, in C when PyYAML was built with libyaml (several times faster, and the
#: content loads on a worker thread that holds Python's lock while it parses).
SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
#: How a plain scalar that resolves to a number or a date starts (others are strings, null or
#: booleans, which cannot fail).
_NUMBER_START = frozenset("0123456789+-.")
_NODE_EVENTS = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent,
                yaml.AliasEvent)


class _Frame:
    """An open list or mapping during the check of the events: which child is being read."""

    __slots__ = ("child", "count", "key", "mapping")

    def __init__(self, mapping: bool) -> None:
        self.mapping = mapping
        self.count = 0  # children started (a mapping's keys and values both count)
        self.key: str | int = ""  # the last key read (mappings)
        self.child: str | int | None = None  # the key of the child being read, if a value


def _check_events(text: str, clock: float, loader_class: Any = SAFE_LOADER) -> None:
    """Raise ``ContentError`` at the first alias, nesting, size, number or tag the limits
    refuse; linear in the length of ``text`` (nothing is built)."""
    loader = loader_class(text)
    frames: list[_Frame] = []
    nodes = 0
    build = yaml.constructor.SafeConstructor()

    def keys() -> KeyPath:
        return tuple(frame.child for frame in frames if frame.child is not None)

    try:
        while loader.check_event():
            event = loader.get_event()
            if not isinstance(event, _NODE_EVENTS):
                if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                    frames.pop()
                continue
            line = event.start_mark.line + 1
            nodes += 1
            if nodes % 4096 == 0 and time.monotonic() - clock > MAX_SECONDS:
                raise ContentError(line, keys(), f"took over {MAX_SECONDS:g} s to read: "
                                   "refused")
            is_key = False
            if frames:
                parent = frames[-1]
                is_key = parent.mapping and parent.count % 2 == 0
                parent.count += 1
                entries = (parent.count + 1) // 2 if parent.mapping else parent.count
                if parent.mapping:
                    parent.child = None if is_key else parent.key
                else:
                    parent.child = parent.count - 1
                if entries > MAX_ITEMS:
                    raise ContentError(line, keys(), f"a list or mapping of over {MAX_ITEMS} "
                                       "entries: refused")
                if is_key:
                    parent.key = "?"
            if nodes > MAX_NODES:
                raise ContentError(line, keys(), f"over {MAX_NODES} values in one file: "
                                   "refused")
            if isinstance(event, yaml.AliasEvent):
                raise ContentError(line, keys(), f"uses the alias *{event.anchor}: aliases are "
                                   "not allowed in content files (write the value out)")
            if isinstance(event, yaml.ScalarEvent):
                _check_scalar(loader, build, event, line, keys)
                if is_key:
                    frames[-1].key = event.value[:80]
                continue
            frames.append(_Frame(isinstance(event, yaml.MappingStartEvent)))
            if len(frames) > MAX_DEPTH:
                raise ContentError(line, keys(), f"nested over {MAX_DEPTH} levels deep: "
                                   "refused")
    finally:
        loader.dispose()


def _check_scalar(loader: Any, build: Any, event: yaml.ScalarEvent, line: int,
                  keys: Any) -> None:
    """Refuse a number too long to read, or a scalar its tag cannot build (``!!int abc``, a
    timestamp on 30 February), with its line: the constructor would raise without one."""
    tag = event.tag
    if tag is None or tag == "!":
        if not event.implicit[0] or event.value[:1] not in _NUMBER_START:
            return  # quoted, or plain text that is no number nor date: a string
        tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
    elif tag.startswith("!!"):
        tag = "tag:yaml.org,2002:" + tag[2:]
    if tag in (_INT, _FLOAT) and len(event.value) > MAX_NUMBER_LENGTH:
        raise ContentError(line, keys(), f"a number of {len(event.value)} characters: at most "
                           f"{MAX_NUMBER_LENGTH}")
    if tag == _TIMESTAMP or event.tag not in (None, "!"):
        try:
            build.construct_object(yaml.ScalarNode(tag, event.value, style=event.style))
        except Exception as error:  # the constructor's own, or IndexError on '!!int ""'
            reason = getattr(error, "problem", None) or str(error)
            raise ContentError(line, keys(), f"{event.value[:40]!r} cannot be read as "
                               f"{tag.rsplit(':', 1)[-1]}: {reason}") from error


def parse_yaml(text: str, path: Path, display: str) -> Source:
    """``text`` as a source with the line of each value; raises ``yaml.YAMLError``, or
    ``ContentError`` for what the limits refuse (with its line and field).

    The events are checked first, in time linear in the text; then the text is parsed into
    the node tree, and the data built from it by the safe constructor, exactly as
    ``yaml.safe_load`` would."""
    if len(text) > MAX_FILE_BYTES:
        raise ContentError(0, (), f"over {MAX_FILE_BYTES} characters: refused")
    clock = time.monotonic()
    try:
        _check_events(text, clock)
    except yaml.YAMLError:
        if SAFE_LOADER is yaml.SafeLoader:
            raise
        # libyaml has limits of its own, and they change with PyYAML's releases (6.0.4's
        # scanner stops at 1000 nested flow levels, ahead of the parser's events): the
        # pure-Python parser, which has none, finds our own refusal with its line and field,
        # so the learner reads the same words whatever PyYAML is installed.
        _check_events(text, clock, yaml.SafeLoader)
        raise
    loader = SAFE_LOADER(text)
    try:
        root = loader.get_single_node()
        try:
            data = loader.construct_document(root) if root is not None else None
        except yaml.YAMLError:
            raise
        except Exception as error:  # what the constructor raises without a line
            raise ContentError(0, (), f"cannot be read: {type(error).__name__}: {error}") \
                from error
    finally:
        loader.dispose()
    lines: dict[KeyPath, int] = {}
    dups: list[tuple[KeyPath, int]] = []
    if root is not None:
        _walk(root, lines, dups)
    return Source(path, display, data, lines, dups)


def _reason(error: OSError) -> str:
    """An ``OSError`` in words: its own sentence, or the system's reason."""
    return error.strerror if error.strerror else str(error)


def read_yaml(path: Path, display: str,
              folder: Path | None = None) -> tuple[Source | None, list[Problem]]:
    """Parse ``path`` (a link followed only inside ``folder``, when given); on any error, no
    source and one problem naming the line and the field. Never raises."""
    try:
        text = read_bytes(path, folder).decode("utf-8")
    except OSError as error:
        return None, [Problem(display, 0, "", "", f"cannot be read: {_reason(error)}")]
    except UnicodeDecodeError as error:
        return None, [Problem(display, 0, "", "", f"cannot be read: not UTF-8 text ({error})")]
    return parse_text(text, path, display)


def parse_text(text: str, path: Path, display: str) -> tuple[Source | None, list[Problem]]:
    """``parse_yaml`` that never raises: on any error, no source and one problem naming the
    line and the field."""
    try:
        return parse_yaml(text, path, display), []
    except ContentError as error:
        return None, [Problem(display, error.line, "", field_name(error.keys), error.message)]
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        reason = getattr(error, "problem", None) or str(error)
        return None, [Problem(display, line, "", "", f"is not valid YAML: {reason}")]
    except Exception as error:  # the parser's own, with no line: still a problem
        return None, [Problem(display, 0, "", "", f"cannot be read: {type(error).__name__}: "
                              f"{error}")]

"""A Babel extractor for the prose of lessons and puzzles (the ``content`` domain).

Each message is what the app looks up with ``content_text(text, id)``: the text as the loader
reads it (stripped), with the lesson or puzzle id as its context, at its file and line, with
the key path (``steps[2].exercises[0].hint``) as an extracted comment for translators.
``babel-content.cfg`` maps ``lessons/*.yaml`` and ``puzzles/*.yaml`` to :func:`extract_content`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

import yaml

from tutor.content.source import ContentError, KeyPath, Source, field_name, parse_yaml

Message = tuple[int, str, tuple[str, str], list[str]]

_EXERCISE_FIELDS = ("prompt", "hint")


def _texts_of_lesson(data: dict[str, Any]) -> Iterator[tuple[KeyPath, Any]]:
    yield ("title",), data.get("title")
    for i, step in enumerate(data.get("steps") or []):
        if not isinstance(step, dict):
            continue
        yield ("steps", i, "text"), step.get("text")
        played = step.get("round")
        notes = played.get("notes") if isinstance(played, dict) else None
        if isinstance(notes, dict):  # a recorded round's notes, by trick number
            for number, note in notes.items():
                yield ("steps", i, "round", "notes", str(number)), note
        for j, exercise in enumerate(step.get("exercises") or []):
            if not isinstance(exercise, dict):
                continue
            for name in _EXERCISE_FIELDS:
                yield ("steps", i, "exercises", j, name), exercise.get(name)
            for k, option in enumerate(exercise.get("options") or []):
                yield ("steps", i, "exercises", j, "options", k), option


def _messages(source: Source) -> Iterator[Message]:
    data = source.data
    if isinstance(data, dict):  # a lesson
        context = str(data.get("id", ""))
        items = [(context, keys, text) for keys, text in _texts_of_lesson(data)]
    elif isinstance(data, list):  # a puzzle file
        items = [(str(p.get("id", "")), (i, name), p.get(name))
                 for i, p in enumerate(data) if isinstance(p, dict)
                 for name in ("prompt", "hint")]
    else:
        items = []
    for context, keys, text in items:
        if isinstance(text, str) and text.strip():
            yield (source.line(keys), "pgettext", (context, text.strip()),
                   [field_name(keys)])


def extract_content(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                    options: Mapping[str, Any]) -> Iterator[Message]:
    """Babel's extractor interface: ``(lineno, funcname, messages, comments)`` per message."""
    name = getattr(fileobj, "name", "content.yaml")
    try:
        source = parse_yaml(fileobj.read().decode("utf-8"), Path(str(name)), str(name))
    except (yaml.YAMLError, ContentError, UnicodeDecodeError):
        return  # `python -m tutor.content check` names the problem; nothing to extract
    yield from _messages(source)

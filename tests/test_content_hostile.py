"""Hostile and broken content files, as an attacker or a broken disk would make them: each one
is a problem naming file, line and field, never an exception, a hang or a blow-up, and every
other file still loads."""

from __future__ import annotations

import os
import threading
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_content_loader import GOOD_LEGAL, GOOD_LESSON, write

from tutor import files
from tutor.content import loader, source
from tutor.content.loader import Content, load_content
from tutor.content.source import MAX_DEPTH, MAX_FILE_BYTES, MAX_ITEMS, read_yaml

GOOD_WINNER = """\
- id: wn001
  kind: winner
  themes: [trump-in]
  difficulty: 1
  trump: H
  trick: "SK S6 H6 SA"
  answer: H6
"""


def alias_bomb(levels: int) -> str:
    """The "billion laughs": each level a list of nine aliases of the one before, 9**levels
    strings once expanded. Seven levels are 386 bytes."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


LESSON = GOOD_LESSON.replace("puzzles: {legal: [follow-suit]}",
                             "puzzles: {legal: [follow-suit], winner: [trump-in]}")


def good_root(root: Path) -> Path:
    """A content folder with a good lesson and two good puzzle files."""
    write(root, "lessons/01-sample.yaml", LESSON)
    write(root, "puzzles/legal.yaml", GOOD_LEGAL)
    write(root, "puzzles/winner.yaml", GOOD_WINNER)
    return root


def load_with(root: Path, name: str, text: str) -> Content:
    """The content of ``root`` after ``name`` is replaced by ``text``."""
    write(root, name, text)
    return load_content(root)


def assert_the_rest_loads(content: Content, lessons: int = 1, puzzles: int = 1) -> None:
    assert len(content.lessons) == lessons
    assert len(content.puzzles) == puzzles


def test_the_alias_bomb_is_refused_at_its_first_alias_with_bounded_memory(tmp_path: Path) -> None:
    good_root(tmp_path)
    bomb = alias_bomb(7)
    assert len(bomb.encode()) == 386
    tracemalloc.start()
    try:
        content = load_with(tmp_path, "puzzles/winner.yaml", bomb)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [str(p) for p in content.problems] == [
        "puzzles/winner.yaml:2: a1[0]: uses the alias *a0: aliases are not allowed in content "
        "files (write the value out)"]
    assert peak < 50 * 2**20  # expanded, it would be 4.8 million strings: gigabytes
    assert_the_rest_loads(content)


def test_an_alias_bomb_in_a_lesson_is_refused_and_the_puzzles_load(tmp_path: Path) -> None:
    good_root(tmp_path)
    content = load_with(tmp_path, "lessons/01-sample.yaml", alias_bomb(12))
    assert [(p.path, p.line, p.field) for p in content.problems] == [
        ("lessons/01-sample.yaml", 2, "a1[0]")]
    assert_the_rest_loads(content, lessons=0, puzzles=2)


def test_even_a_harmless_alias_is_refused_where_it_is_used(tmp_path: Path) -> None:
    good_root(tmp_path)
    text = GOOD_LEGAL.replace('hand: "S9 HA C7 CT"', 'hand: &h "S9 HA C7 CT"')
    text += GOOD_LEGAL.replace("lg001", "lg002").replace('hand: "S9 HA C7 CT"', "hand: *h")
    content = load_with(tmp_path, "puzzles/legal.yaml", text)
    assert [str(p) for p in content.problems] == [
        "puzzles/legal.yaml:14: [1].hand: uses the alias *h: aliases are not allowed in content "
        "files (write the value out)"]
    assert_the_rest_loads(content)


@pytest.mark.parametrize("text, line, field", [
    ("- id: lg001\n  trick: " + "[" * 100_000 + "]" * 100_000 + "\n", 2,
     "[0].trick" + "[0]" * (MAX_DEPTH - 2)),
    ("".join("  " * i + f"k{i}:\n" for i in range(200)) + "  " * 200 + "x\n", MAX_DEPTH + 1,
     ".".join(f"k{i}" for i in range(MAX_DEPTH))),
], ids=["flow", "block"])
def test_deep_nesting_is_refused_with_its_line(tmp_path: Path, text: str, line: int,
                                               field: str) -> None:
    good_root(tmp_path)
    content = load_with(tmp_path, "puzzles/legal.yaml", text)
    assert [(p.path, p.line, p.field, p.message) for p in content.problems] == [
        ("puzzles/legal.yaml", line, field, f"nested over {MAX_DEPTH} levels deep: refused")]
    assert_the_rest_loads(content)


@pytest.mark.parametrize("value", ["9" * 5000, "-" + "1" * 4301, "0x" + "f" * 5000,
                                   "!!int '" + "9" * 5000 + "'", "1" * 400 + ".5"])
def test_a_number_too_long_to_read_is_refused_with_its_field(tmp_path: Path, value: str) -> None:
    good_root(tmp_path)
    content = load_with(tmp_path, "puzzles/legal.yaml",
                        GOOD_LEGAL.replace("difficulty: 1", f"difficulty: {value}"))
    [problem] = content.problems
    assert (problem.path, problem.line, problem.field) == ("puzzles/legal.yaml", 4,
                                                           "[0].difficulty")
    assert problem.message.startswith("a number of ")
    assert_the_rest_loads(content)


@pytest.mark.parametrize("value, message", [
    ("!!int abc", "'abc' cannot be read as int: invalid literal for int() with base 10: 'abc'"),
    ("2001-02-30", "'2001-02-30' cannot be read as timestamp: day is out of range for month"),
    ("!!float abc", "'abc' cannot be read as float: could not convert string to float: 'abc'"),
    ("!unknown x", "'x' cannot be read as !unknown: could not determine a constructor for the "
                   "tag '!unknown'"),
])
def test_a_value_its_tag_cannot_build_is_a_problem_with_its_line(tmp_path: Path, value: str,
                                                                 message: str) -> None:
    good_root(tmp_path)
    content = load_with(tmp_path, "puzzles/legal.yaml",
                        GOOD_LEGAL.replace("difficulty: 1", f"difficulty: {value}"))
    assert [str(p) for p in content.problems] == [f"puzzles/legal.yaml:4: [0].difficulty: "
                                                  f"{message}"]
    assert_the_rest_loads(content)


def test_a_list_longer_than_the_limit_is_refused(tmp_path: Path) -> None:
    good_root(tmp_path)
    text = "".join(GOOD_LEGAL.replace("lg001", f"lg{i:03d}") for i in range(1, 1 + MAX_ITEMS // 2))
    text += "- " + "\n- ".join(["1"] * MAX_ITEMS) + "\n"  # within the size limit
    assert len(text.encode()) < MAX_FILE_BYTES
    content = load_with(tmp_path, "puzzles/legal.yaml", text)
    [problem] = content.problems
    assert (problem.path, problem.field) == ("puzzles/legal.yaml", f"[{MAX_ITEMS}]")
    assert problem.message == f"a list or mapping of over {MAX_ITEMS} entries: refused"
    assert_the_rest_loads(content, puzzles=1)


def test_a_puzzle_list_over_the_size_limit_is_not_read(tmp_path: Path) -> None:
    good_root(tmp_path)
    copies = MAX_FILE_BYTES // len(GOOD_LEGAL) + 1
    content = load_with(tmp_path, "puzzles/legal.yaml", GOOD_LEGAL * copies)
    size = len(GOOD_LEGAL) * copies
    assert [str(p) for p in content.problems] == [
        f"puzzles/legal.yaml: cannot be read: is {size} bytes, over the {MAX_FILE_BYTES} such a "
        "file may have: not read"]
    assert_the_rest_loads(content, puzzles=1)


@pytest.mark.parametrize("name, old, new, line, field", [
    ("lessons/01-sample.yaml", "sources: [000_eff31e455dd8c5c0.txt]",
     "sources: [[000_eff31e455dd8c5c0.txt]]", 4, "sources[0]"),
    ("lessons/01-sample.yaml", "rules: [R-FOLLOW]", "rules: [{R-FOLLOW: 1}]", 3, "rules[0]"),
    ("lessons/01-sample.yaml", "      - kind: pick_legal", "      - kind: [pick_legal]", 10,
     "steps[0].exercises[0].kind"),
    ("lessons/01-sample.yaml", "id: sample", "id: [sample]", 1, "id"),
    ("lessons/01-sample.yaml", "title: A sample lesson", "title: [A, sample]", 2, "title"),
    ("puzzles/legal.yaml", "  kind: legal", "  kind: [legal]", 2, "kind"),
    ("puzzles/legal.yaml", "  trump: H", "  trump: [H]", 5, "trump"),
    ("puzzles/legal.yaml", "themes: [follow-suit]", "themes: [[follow-suit]]", 3, "themes[0]"),
])
def test_a_list_where_text_is_expected_is_a_problem_with_its_field(
        tmp_path: Path, name: str, old: str, new: str, line: int, field: str) -> None:
    good_root(tmp_path)
    text = (LESSON if name.startswith("lessons") else GOOD_LEGAL).replace(old, new, 1)
    assert text != (LESSON if name.startswith("lessons") else GOOD_LEGAL)
    content = load_with(tmp_path, name, text)
    assert content.problems
    assert all(p.path == name for p in content.problems)
    assert (line, field) in [(p.line, p.field) for p in content.problems]
    lessons, puzzles = (0, 2) if name.startswith("lessons") else (1, 1)
    assert_the_rest_loads(content, lessons, puzzles)


def test_a_fifo_is_never_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good_root(tmp_path)
    fifo = tmp_path / "puzzles" / "legal.yaml"
    fifo.unlink()
    os.mkfifo(fifo)
    opened: list[str] = []
    real_open = os.open

    def watched_open(path: object, *args: object, **kwargs: object) -> int:
        opened.append(os.fspath(path))  # type: ignore[arg-type]
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(files.os, "open", watched_open)
    result: list[Content] = []
    # A thread, so that a loader that did open it fails this test instead of hanging the suite.
    worker = threading.Thread(target=lambda: result.append(load_content(tmp_path)), daemon=True)
    worker.start()
    worker.join(120)
    assert result, "the loader hung on a FIFO"
    [content] = result
    assert str(fifo) not in opened
    assert [str(p) for p in content.problems] == [
        "puzzles/legal.yaml: cannot be read: is a FIFO (named pipe), not a regular file: not "
        "read"]
    assert_the_rest_loads(content)


def test_a_retired_list_that_is_a_fifo_is_a_problem(tmp_path: Path) -> None:
    good_root(tmp_path)
    os.mkfifo(tmp_path / "puzzles" / "RETIRED")
    content = load_content(tmp_path)
    assert [str(p) for p in content.problems] == [
        "puzzles/RETIRED: cannot be read: is a FIFO (named pipe), not a regular file: not read"]
    assert_the_rest_loads(content, puzzles=2)


def test_a_link_to_a_device_or_outside_the_folder_is_not_read(tmp_path: Path) -> None:
    root = good_root(tmp_path / "content")
    outside = write(tmp_path, "elsewhere/winner.yaml", GOOD_WINNER)
    (root / "puzzles" / "winner.yaml").unlink()
    (root / "puzzles" / "winner.yaml").symlink_to(outside)
    (root / "puzzles" / "points.yaml").symlink_to("/dev/zero")
    content = load_content(root)
    assert [str(p) for p in content.problems] == [
        "puzzles/points.yaml: cannot be read: is a link to /dev/zero, outside its folder: not "
        "read",
        f"puzzles/winner.yaml: cannot be read: is a link to {outside.resolve()}, outside its "
        "folder: not read"]
    assert_the_rest_loads(content)


def test_a_device_inside_the_folder_is_not_read(tmp_path: Path) -> None:
    """``/dev/zero`` reached through a link inside the folder is still a device."""
    root = good_root(tmp_path)
    (root / "puzzles" / "dev").symlink_to("/dev")
    (root / "puzzles" / "points.yaml").symlink_to(root / "puzzles" / "dev" / "zero")
    source_, problems = read_yaml(root / "puzzles" / "points.yaml", "points.yaml",
                                  root / "puzzles" / "dev")
    assert source_ is None
    assert [str(p) for p in problems] == [
        "points.yaml: cannot be read: is a device, not a regular file: not read"]


def test_a_link_inside_the_folder_is_followed(tmp_path: Path) -> None:
    root = good_root(tmp_path)
    (root / "puzzles" / "winner.yaml").rename(root / "puzzles" / "winner.txt")
    (root / "puzzles" / "winner.yaml").symlink_to("winner.txt")
    content = load_content(root)
    assert content.problems == []
    assert_the_rest_loads(content, puzzles=2)


def test_a_folder_named_like_a_content_file_is_a_problem(tmp_path: Path) -> None:
    good_root(tmp_path)
    (tmp_path / "puzzles" / "points.yaml").mkdir()
    content = load_content(tmp_path)
    assert [str(p) for p in content.problems] == [
        "puzzles/points.yaml: cannot be read: is a folder, not a regular file: not read"]
    assert_the_rest_loads(content, puzzles=2)


def test_an_error_no_check_foresaw_is_a_problem_of_its_lesson(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good_root(tmp_path)

    def broken(*args: object) -> None:
        raise RuntimeError("a bug in a check")

    monkeypatch.setattr(loader, "read_lesson", broken)
    content = load_content(tmp_path)
    assert [str(p) for p in content.problems] == [
        "lessons/01-sample.yaml:1: sample: could not be checked (RuntimeError: a bug in a check)"]
    assert_the_rest_loads(content, lessons=0, puzzles=2)


def test_an_error_no_check_foresaw_is_a_problem_of_its_puzzle(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good_root(tmp_path)
    real = loader.read_puzzle

    def broken(src: source.Source, index: int, data: object, kind: loader.Kind) -> object:
        if kind is loader.Kind.LEGAL:
            raise ValueError("a bug in a check")
        return real(src, index, data, kind)

    monkeypatch.setattr(loader, "read_puzzle", broken)
    content = load_content(tmp_path)
    assert [str(p) for p in content.problems] == [
        "puzzles/legal.yaml:1: could not be checked (ValueError: a bug in a check)"]
    assert_the_rest_loads(content, puzzles=1)


YAML_PIECES = st.sampled_from([
    "a", ": ", "- ", "[", "]", "{", "}", ",", "\n", "  ", "&x ", "*x", "!!int ", "!!str ",
    "!!binary ", "!!timestamp ", "!t ", "? ", "'", '"', "#", "|", ">", "---", "...", "%YAML 1.1",
    "9" * 50, "2001-02-30", "0x", "1e999", "<<: ", "\t", "\\", "\x00", "é", "\ufeff",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(YAML_PIECES, max_size=40).map("".join))
def test_reading_any_text_never_raises(text: str) -> None:
    parsed, problems = source.parse_text(text, Path("any.yaml"), "any.yaml")
    assert (parsed is None) == bool(problems)
    assert all(p.path == "any.yaml" for p in problems)


def test_a_puzzle_file_that_takes_too_long_to_check_is_cut_short(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Thousands of hard puzzles would keep the engine busy for hours: past the time bound the
    rest of the file is skipped with a problem (here a bound of 0 s: nothing is checked)."""
    good_root(tmp_path)
    write(tmp_path, "puzzles/legal.yaml", GOOD_LEGAL + GOOD_LEGAL.replace("lg001", "lg002"))
    monkeypatch.setattr(loader, "MAX_CHECK_SECONDS", 0.0)
    content = load_content(tmp_path)
    problems = [str(p) for p in content.problems if p.path.startswith("puzzles")]
    assert problems == [
        "puzzles/legal.yaml:1: [0]: checking this file took over 0 s: this puzzle and the 1 "
        "after it were skipped",
        "puzzles/winner.yaml:1: [0]: checking this file took over 0 s: this puzzle was skipped"]
    assert content.puzzles == []


def test_a_lesson_that_takes_too_long_to_check_is_not_shown_and_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lesson is shown whole or not at all: past the time bound it is refused with a problem
    naming the step that was next, and the puzzles still load."""
    good_root(tmp_path)
    monkeypatch.setattr(loader, "MAX_CHECK_SECONDS", 0.0)
    content = load_content(tmp_path)
    [problem] = [p for p in content.problems if p.path.startswith("lessons")]
    assert problem.path == "lessons/01-sample.yaml" and problem.line > 0
    assert "checking this lesson took over 0 s: it was not shown (step 1 of" in str(problem)
    assert content.lessons == []


@pytest.mark.parametrize("name", ["lessons/02-loop.yaml", "puzzles/weis.yaml", "puzzles/RETIRED"])
def test_a_link_that_leads_back_to_itself_is_a_problem_and_the_rest_loads(tmp_path: Path,
                                                                          name: str) -> None:
    """A symlink loop raised RuntimeError out of the reader, and every lesson and puzzle was
    lost; now it is one file that cannot be read."""
    good_root(tmp_path)
    (tmp_path / name).symlink_to(tmp_path / name)
    content = load_content(tmp_path)
    [problem] = [p for p in content.problems if p.path == name]
    assert "cannot be read" in problem.message and "link" in problem.message
    assert_the_rest_loads(content, puzzles=2)

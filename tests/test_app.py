"""The application shell: the main window, the command line, and where Qt may be imported."""

from __future__ import annotations

import ast
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel

from engine import Rules
from tutor import __version__, i18n
from tutor.__main__ import main
from tutor.ui.window import MainWindow

ROOT = Path(__file__).resolve().parent.parent
QT_MODULES = ("PySide6", "shiboken6", "PyQt5", "PyQt6")


@pytest.fixture
def window(qtbot, content):
    window = MainWindow(content=content)
    qtbot.addWidget(window)
    window.show_page("home")
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def english():
    yield
    i18n.set_language("en")


def label_texts(window: MainWindow) -> list[str]:
    return [label.text() for label in window.findChildren(QLabel) if label.isVisible()]


def value_of(window: MainWindow, option: str) -> str:
    label = window.findChild(QLabel, f"value_{option}")
    assert label is not None, f"no value shown for option {option!r}"
    return label.text()


def test_window_shows_name_version_and_profile(window):
    texts = label_texts(window)
    assert window.windowTitle() == "Jass tutor"
    assert "Jass tutor" in texts
    assert any(__version__ in text for text in texts)
    assert value_of(window, "profile") == "Chibre"  # the game, not its code
    status = window.findChild(QLabel, "statusProfile")
    assert status is not None and "Target: 1'000 points" in status.text()


def test_window_shows_every_option_in_force(window):
    options = Rules().options()
    for name in options:
        label = window.findChild(QLabel, f"label_{name}")
        assert label is not None and label.isVisible() and label.text(), name
        assert label.text() != name, f"option {name!r} has no human label"
    assert value_of(window, "first_trump_card") == "Holder of 7♦"
    assert value_of(window, "chibre_in_first_round") == "Yes"
    assert value_of(window, "pique_double") == "No"
    assert value_of(window, "target") == f"{i18n.format_number(1000)} points"


def test_window_shows_the_rules_it_was_given(qtbot, content):
    window = MainWindow(Rules(pique_double=True, first_trump_card="H7"), content=content)
    qtbot.addWidget(window)
    assert value_of(window, "pique_double") == "Yes"
    assert value_of(window, "target") == f"{i18n.format_number(1500)} points"
    assert value_of(window, "first_trump_card") == "Holder of 7♥"


def test_a_window_given_loaded_content_shows_it_and_loads_nothing(qtbot, tmp_path, content):
    window = MainWindow(content=content, content_root=tmp_path / "gone", load_now=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.content is content
    assert window.learn.lessons == content.lessons and window.puzzles.puzzles == content.puzzles
    assert not window.notice.isVisible()  # the folder that is gone was never looked in
    assert window.learn.list.count() == len(content.lessons)


def write_catalog(root: Path, language: str, messages: dict[str, str]) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    """A ``tutor`` catalog of ``messages`` (and an empty ``content`` one: a language is there
    when both are) for ``language`` under ``root``."""
    catalog = Catalog(locale=language, domain="tutor")
    for source, translation in messages.items():
        catalog.add(source, translation)
    folder = root / language / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "tutor.mo", "wb") as file:
        write_mo(file, catalog)
    with open(folder / "content.mo", "wb") as file:
        write_mo(file, Catalog(locale=language, domain="content"))


def test_retranslate_ui_switches_language_live(window, tmp_path, monkeypatch, english):
    write_catalog(
        tmp_path,
        "de",
        {
            "Table rules": "Tischregeln",
            "Yes": "Ja",
            "Rules at the table: {options}": "Regeln am Tisch: {options}",
        },
    )
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.set_language("de")
    window.retranslate_ui()
    assert "Tischregeln" in label_texts(window)
    assert value_of(window, "chibre_in_first_round") == "Ja"
    assert window.findChild(QLabel, "statusProfile").text().startswith("Regeln am Tisch: ")
    i18n.set_language("en")
    window.retranslate_ui()
    assert "Table rules" in label_texts(window)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_screenshot_writes_a_1280_by_800_png(tmp_path):
    path = tmp_path / "s.png"
    code = (
        f"from tutor.__main__ import main; raise SystemExit(main(['--screenshot', {str(path)!r}]))"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    data = path.read_bytes()
    assert len(data) > 1000
    assert png_size(data) == (1280, 800)


def test_version_option_prints_the_version_without_qt(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"jass-tutor {__version__}"


def imported_modules(path: Path) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules.add(node.module)
    return modules


def test_only_tutor_ui_imports_qt():
    sources = sorted((ROOT / "engine").rglob("*.py")) + sorted((ROOT / "tutor").rglob("*.py"))
    assert sources, "no source files found"
    ui = ROOT / "tutor" / "ui"
    offenders = [
        f"{path.relative_to(ROOT)}: {module}"
        for path in sources
        if not path.is_relative_to(ui)
        for module in imported_modules(path)
        if module.split(".")[0] in QT_MODULES
    ]
    assert offenders == []


def test_the_qt_scan_sees_qt_imports():
    assert "PySide6.QtWidgets" in imported_modules(ROOT / "tutor" / "ui" / "window.py")


def test_none_and_bools_survive_many_qt_calls_once_tutor_ui_is_imported():
    code = (
        "import tutor.ui\n"
        "from PySide6.QtGui import QPainterPath\n"
        "path = QPainterPath()\n"
        "for _ in range(20000):\n"
        "    path.moveTo(1, 1)\n"
        "    path.isEmpty()\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stderr[-500:]


def test_the_place_still_marked_after_about_opens_its_page_on_a_click(window, qtbot):
    """About and Keys are no place of the list, which keeps the last place marked: a click on
    that place must go there all the same (issue 35)."""
    from PySide6.QtCore import Qt

    window.show_page("learn")
    window.show_page("home")
    assert window.current_page() == "home" and window.nav.currentRow() == 1
    item = window.nav.item(1)
    qtbot.mouseClick(window.nav.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.nav.visualItemRect(item).center())
    assert window.current_page() == "learn"


def test_the_rules_line_shows_where_the_rules_matter_and_those_of_the_game_at_the_table(
        play_window, qtbot):
    """The status line of table options is on the Rules page (the options in force) and on the
    Play page (the game at the table: the guided game's target of 300), not on the other pages
    nor at a table of Pomme, whose rules are its own (issue 35)."""
    window = play_window()
    status = window.findChild(QLabel, "statusProfile")
    window.show_page("play")
    window.play.new_game(guided=True)
    qtbot.waitUntil(lambda: "300" in status.text())
    assert window.statusBar().isVisible() and "1'000" not in status.text()
    window.show_page("learn")
    assert not window.statusBar().isVisible()
    window.show_page("rules")
    assert window.statusBar().isVisible() and "1'000" in status.text()
    window.show_page("play")
    assert "300" in status.text()
    window.play.new_game(["learner", "random", "random"], seed=2)
    qtbot.waitUntil(lambda: not window.statusBar().isVisible())

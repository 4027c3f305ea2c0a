"""Write faults in the window (issue 19, item 4): a notice that stopped being true is replaced
or taken away, a lock is waited for off the UI thread, and closing the window never loses what
a file refused without asking."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from tutor.progress import Progress, PuzzleRef
from tutor.progress.store import Notice
from tutor.ui.background import running_jobs
from tutor.ui.window import MainWindow


def make_window(qtbot, tmp_path: Path, content) -> MainWindow:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(content=content, settings=settings,
                        progress=Progress(tmp_path / "progress.sqlite3"))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    return window


def shown(window: MainWindow) -> list[str]:
    return window.notice.text.text().splitlines() if window.notice.isVisible() else []


def test_a_notice_with_a_key_replaces_the_one_it_makes_untrue(qtbot, tmp_path, content):
    window = make_window(qtbot, tmp_path, content)
    window.notice.add("An unrelated notice.")
    window.notice.add(Notice("The answer could not be saved.", "writes:x"))
    window.notice.add(Notice("The file can be written again.", "writes:x"))
    assert shown(window) == ["An unrelated notice.", "The file can be written again."]
    window.notice.add(Notice("", "writes:x"))  # no longer true at all: it goes
    assert shown(window) == ["An unrelated notice."]
    window.notice.dismiss()
    assert not window.notice.isVisible() and window.notice.messages == []
    window.notice.add(Notice("", "reads:y"))  # taking away what is not there shows nothing
    assert not window.notice.isVisible()


def test_a_refused_write_is_then_replaced_by_its_resolution(qtbot, tmp_path, content):
    window = make_window(qtbot, tmp_path, content)
    record = window.progress
    record._file.execute("PRAGMA query_only = ON")
    record.complete_lesson("01")
    assert any("could not be saved" in line for line in shown(window))
    record._file.execute("PRAGMA query_only = OFF")
    window.retry_writes()
    lines = shown(window)
    assert not any("could not be saved" in line for line in lines)
    assert any("can be written again" in line for line in lines)


def test_a_lock_is_waited_for_in_the_background_and_the_write_lands(qtbot, tmp_path, content):
    window = make_window(qtbot, tmp_path, content)
    record = window.progress
    other = sqlite3.connect(record.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    record.complete_lesson("01")  # returns at once: the wait is a background job
    assert record.pending == ("The lesson you completed",) and running_jobs() == 1
    other.execute("ROLLBACK")
    other.close()
    qtbot.waitUntil(lambda: record.pending == () and running_jobs() == 0)
    assert record.completed_lessons() == {"01"}
    assert shown(window) == []  # a lock that went in time is never a notice


def answer_box(button_text: str, seen: list[str]) -> None:
    """Click ``button_text`` in the question box the window shows (once it is up)."""
    def click() -> None:
        box = next((w for w in QApplication.topLevelWidgets()
                    if isinstance(w, QMessageBox) and w.isVisible()), None)
        if box is None:
            QTimer.singleShot(20, click)
            return
        seen.append(box.text())
        button = next(b for b in box.findChildren(QPushButton) if b.text() == button_text)
        button.click()
    QTimer.singleShot(0, click)


def test_closing_asks_before_losing_what_can_be_neither_saved_nor_kept(qtbot, tmp_path,
                                                                      content, monkeypatch):
    window = make_window(qtbot, tmp_path, content)
    record = window.progress
    record._file.execute("PRAGMA query_only = ON")
    record.record_attempt(PuzzleRef("p1", ("x",), 3), "HJ", True, 1.0)

    def no_room(*args: object, **kwargs: object) -> Path:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(record, "keep_unsaved", no_room)
    seen: list[str] = []
    answer_box("Keep the app open", seen)
    window.close()
    assert window.isVisible() and record.pending  # nothing lost, still open
    assert "Your answer to a puzzle could not be saved" in seen[0]
    assert "No space left on device" in seen[0]
    answer_box("Quit and lose it", seen)
    window.close()
    assert not window.isVisible()


def test_closing_keeps_what_the_file_refuses_beside_it_without_asking(qtbot, tmp_path, content):
    window = make_window(qtbot, tmp_path, content)
    record = window.progress
    record._file.execute("PRAGMA query_only = ON")
    record.complete_lesson("01")
    window.close()
    assert not window.isVisible()
    assert len(list(tmp_path.glob("progress.sqlite3.kept-*"))) == 1

"""The one speaking path: what the app says reaches the screen reader through the focused widget
(Orca 43 speaks a change of the focused object's description; it drops Qt's alerts)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from tutor.ui.common import announce


def test_what_is_said_becomes_the_focused_widgets_description_each_time(qtbot):
    page = QWidget()
    layout = QVBoxLayout(page)
    shown, button = QLabel("Right!"), QPushButton("Next")
    layout.addWidget(shown)
    layout.addWidget(button)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    page.activateWindow()
    button.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(button.hasFocus)
    announce(shown, "Right! The ace takes the trick.")
    first = button.accessibleDescription()
    assert first.rstrip("\u200b") == "Right! The ace takes the trick."
    announce(shown, "Right! The ace takes the trick.")  # said again: a change again
    second = button.accessibleDescription()
    assert second != first and second.rstrip("\u200b") == first.rstrip("\u200b")
    assert shown.accessibleName() == "", "the label keeps its own name: its text"

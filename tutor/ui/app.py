"""The application object and the main window.

The window holds a stack of pages; today there is one, the home page, which shows the version
and the table rules in force. Every visible string is set in ``retranslate_ui()`` so that a
language switch (``tutor.i18n.set_language``) can be shown live.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from engine import Rules
from tutor import __version__
from tutor.i18n import _
from tutor.rule_options import option_rows

APP_NAME = "Jass tutor"  # a name, not translated
SCREENSHOT_SIZE = (1280, 800)
CONTENT_WIDTH = 760

STYLE_SHEET = """
#rulesCard { background: palette(base); border: 1px solid palette(mid); border-radius: 8px; }
#rulesCard QLabel { background: transparent; }
#rowSeparator { color: palette(midlight); }
"""


def _font(scale: float, bold: bool = False) -> QFont:
    font = QFont(QApplication.font())
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(bold)
    return font


def _label(name: str, text: str = "", *, wrap: bool = False) -> QLabel:
    label = QLabel(text)
    label.setObjectName(name)
    label.setWordWrap(wrap)
    return label


def _dim(label: QLabel) -> QLabel:
    palette = label.palette()
    palette.setColor(label.foregroundRole(), palette.color(palette.ColorRole.PlaceholderText))
    label.setPalette(palette)
    return label


class RulesCard(QFrame):
    """The options in force, one row each: label and meaning on the left, value on the right."""

    def __init__(self, rules: Rules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesCard")
        self.rules = rules
        self._labels: dict[str, tuple[QLabel, QLabel, QLabel]] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(20, 12, 20, 12)
        grid.setHorizontalSpacing(24)
        grid.setVerticalSpacing(0)
        grid.setColumnStretch(0, 1)
        for index, row in enumerate(option_rows(rules)):
            if index:
                grid.addWidget(self._separator(), 3 * index - 1, 0, 1, 2)
            self._add_row(grid, 3 * index, row.name)

    def _add_row(self, grid: QGridLayout, line: int, name: str) -> None:
        label = _label(f"label_{name}")
        label.setFont(_font(1.05, bold=True))
        meaning = _dim(_label(f"meaning_{name}", wrap=True))
        meaning.setContentsMargins(0, 2, 0, 8)
        value = _label(f"value_{name}")
        value.setFont(_font(1.05))
        value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        label.setContentsMargins(0, 8, 0, 0)
        grid.addWidget(label, line, 0)
        grid.addWidget(meaning, line + 1, 0)
        grid.addWidget(value, line, 1, 2, 1)
        self._labels[name] = (label, meaning, value)

    def _separator(self) -> QFrame:
        line = QFrame()
        line.setObjectName("rowSeparator")
        line.setFrameShape(QFrame.Shape.HLine)
        return line

    def retranslate_ui(self) -> None:
        for row in option_rows(self.rules):
            label, meaning, value = self._labels[row.name]
            label.setText(row.label)
            meaning.setText(row.meaning)
            meaning.setVisible(bool(row.meaning))
            value.setText(row.value)


class HomePage(QScrollArea):
    """The first page: what the app is, its version, and the table rules in force."""

    def __init__(self, rules: Rules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.title = _label("title", APP_NAME)
        self.title.setFont(_font(2.4, bold=True))
        self.tagline = _label("tagline", wrap=True)
        self.tagline.setFont(_font(1.25))
        self.version = _dim(_label("version"))
        self.rules_heading = _label("rulesHeading")
        self.rules_heading.setFont(_font(1.4, bold=True))
        self.rules_intro = _dim(_label("rulesIntro", wrap=True))
        self.rules_card = RulesCard(rules)
        self.setWidget(self._centered(self._column()))

    def _column(self) -> QWidget:
        column = QWidget()
        column.setMaximumWidth(CONTENT_WIDTH)
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 48, 0, 32)
        layout.setSpacing(4)
        for widget in (self.title, self.tagline, self.version):
            layout.addWidget(widget)
        layout.addSpacing(32)
        layout.addWidget(self.rules_heading)
        layout.addWidget(self.rules_intro)
        layout.addSpacing(12)
        layout.addWidget(self.rules_card)
        layout.addStretch(1)
        return column

    def _centered(self, column: QWidget) -> QWidget:
        page = QWidget()
        layout = QHBoxLayout(page)
        layout.setContentsMargins(32, 0, 32, 0)
        layout.addStretch(1)
        layout.addWidget(column, 100)
        layout.addStretch(1)
        return page

    def retranslate_ui(self) -> None:
        self.tagline.setText(_("Learn Chibre, the Swiss card game."))
        self.version.setText(_("Version {version}").format(version=__version__))
        self.rules_heading.setText(_("Table rules"))
        self.rules_intro.setText(_("The options in force for lessons, puzzles and games."))
        self.rules_card.retranslate_ui()


class MainWindow(QMainWindow):
    """The main window: a stack of pages and a status bar with the rule profile."""

    def __init__(self, rules: Rules | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = rules if rules is not None else Rules()
        self.pages = QStackedWidget()
        self.pages.setObjectName("pages")
        self.home = HomePage(self.rules)
        self.pages.addWidget(self.home)
        self.setCentralWidget(self.pages)
        self.status_label = _label("statusProfile")
        self.status_label.setContentsMargins(8, 0, 0, 0)
        self.statusBar().addWidget(self.status_label)
        self.setMinimumSize(640, 480)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """Set every visible string again, in the current language."""
        self.setWindowTitle(APP_NAME)
        self.status_label.setText(_("Rule profile: {profile}").format(profile=self.rules.profile))
        self.home.retranslate_ui()


def create_application() -> QApplication:
    """The running QApplication, created and named on first use."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    app = QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName("jass-tutor")
    app.setStyle("Fusion")
    app.setStyleSheet(STYLE_SHEET)
    return app


def run() -> int:
    """Open the main window and run until it is closed."""
    app = create_application()
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl+C in the terminal quits
    window = MainWindow()
    window.resize(1100, 760)
    window.show()
    return app.exec()


def screenshot(path: Path) -> int:
    """Render the main window offscreen at 1280×800 into the PNG file ``path``."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"  # only has effect before the app exists
    app = create_application()
    window = MainWindow()
    window.resize(*SCREENSHOT_SIZE)
    window.show()
    app.processEvents()
    if not window.grab().save(str(path), "PNG"):
        print(f"jass-tutor: could not write the screenshot to {path}", file=sys.stderr)
        return 1
    return 0

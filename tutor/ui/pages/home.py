"""The About page (``HomePage``): what the app is, its version, and the table options in force
(``RulesCard``)."""

from __future__ import annotations

from PySide6.QtCore import (
    Qt,
)
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from engine import Rules
from tutor import __version__
from tutor.design import BODY, DISPLAY, HEADING
from tutor.desktop import APP_NAME
from tutor.i18n import (
    _,
)
from tutor.rule_options import (
    option_rows,
)
from tutor.ui.widgets.common import center_column, landing
from tutor.ui.widgets.common import dim as _dim
from tutor.ui.widgets.common import font as _font
from tutor.ui.widgets.common import label as _label


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
        label.setFont(_font(BODY, bold=True))
        meaning = _dim(_label(f"meaning_{name}", wrap=True))
        meaning.setContentsMargins(0, 2, 0, 8)
        value = _label(f"value_{name}", wrap=True)  # a card named in words can be long
        value.setFont(_font(BODY))
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
    """The About page (Help menu): what the app is, its version, and the table rules in
    force."""

    def __init__(self, rules: Rules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.title = landing(_label("title", APP_NAME))  # where focus lands on the page
        self.title.setFont(_font(DISPLAY, bold=True))
        self.tagline = _label("tagline", wrap=True)
        self.tagline.setFont(_font(HEADING))
        self.version = _dim(_label("version"))
        self.rules_heading = _label("rulesHeading")
        self.rules_heading.setFont(_font(HEADING, bold=True))
        self.rules_intro = _dim(_label("rulesIntro", wrap=True))
        self.rules_card = RulesCard(rules)
        page = QWidget()
        center_column(page, self._column())
        self.setWidget(page)

    def _column(self) -> QWidget:
        column = QWidget()
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

    def retranslate_ui(self) -> None:
        self.tagline.setText(_("Learn Chibre, the Swiss card game."))
        self.version.setText(_("Version {version}").format(version=__version__))
        self.rules_heading.setText(_("Table rules"))
        self.rules_intro.setText(_("The options in force for lessons, puzzles and games."))
        self.rules_card.retranslate_ui()

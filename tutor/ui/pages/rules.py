"""The Rules page: every rule the app plays by, with its ID and source."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from engine import Rules
from tutor.content.rule_reference import SCHIEBER_NOTE, RuleEntry, entries_by_section
from tutor.design import HEADING, TITLE
from tutor.i18n import _
from tutor.refs import plain
from tutor.rule_options import (
    option_rows,
)
from tutor.ui.widgets.common import (
    dim,
    label,
    landing,
    scrolled,
)


class RulesPage(QScrollArea):
    """Every rule with its ID, grouped by section, and the table option in force beside it."""

    def __init__(self, rules: Rules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesPage")
        self.rules = rules
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        column = QWidget()
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 24, 0, 24)
        self.heading = landing(label("rulesPageHeading", scale=TITLE, bold=True))
        self.intro = dim(label("rulesIntro", wrap=True))
        layout.addWidget(self.heading)
        layout.addWidget(self.intro)
        self.sections: list[tuple[QLabel, str]] = []
        self.entries: list[tuple[QLabel, QLabel, QLabel, RuleEntry]] = []
        for section, entries in entries_by_section():
            heading = label("ruleSection", scale=HEADING, bold=True)
            heading.setContentsMargins(0, 18, 0, 4)
            layout.addWidget(heading)
            self.sections.append((heading, section))
            for entry in entries:
                title = label(f"rule_{entry.id}", wrap=True, bold=True)
                text = label(f"ruleText_{entry.id}", wrap=True)
                text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                option = dim(label(f"ruleOption_{entry.id}", wrap=True))
                for widget in (title, text, option):
                    layout.addWidget(widget)
                text.setContentsMargins(0, 0, 0, 2)
                option.setContentsMargins(0, 0, 0, 10)
                self.entries.append((title, text, option, entry))
        self.schieber = dim(label("schieberNote", wrap=True))
        layout.addWidget(self.schieber)
        layout.addStretch(1)
        self.setWidget(scrolled(column))

    def set_rules(self, rules: Rules) -> None:
        self.rules = rules
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.heading.setText(_("Rules"))
        self.intro.setText(_("The rules of Chibre as this app plays them. Lessons and puzzles "
                             "cite the IDs; where the source texts disagree, a table option "
                             "decides, set in Settings."))
        for heading, section in self.sections:
            heading.setText(_(section))
        rows = {row.name: row for row in option_rows(self.rules)}
        for title, text, option, entry in self.entries:
            # the rule in words first; its id, which lessons and puzzles cite, after it, dim
            # (issue 35), with the table option in force when the rule has one
            title.setText(plain(_(entry.title)))
            text.setText(plain(_(entry.text)))
            name = entry.option
            parts = [entry.id]
            if name is not None and name in rows:
                parts.append(_("Table option “{option}”: {value}").format(
                    option=rows[name].label, value=rows[name].value))
            option.setText(" · ".join(parts))
        self.schieber.setText(_(SCHIEBER_NOTE))

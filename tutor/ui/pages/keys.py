"""The Keys page: every keyboard shortcut."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tutor.design import TITLE
from tutor.i18n import _
from tutor.keys import KEYS
from tutor.ui.widgets.common import (
    center_column,
    dim,
    key_name,
    label,
    landing,
)


class KeysPage(QWidget):
    """Every key of the app (``tutor.keys``), grouped by where it works (Help, F1): a list a
    screen reader reads line by line with the arrows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("keysPage")
        self.heading = landing(label("keysHeading", scale=TITLE, bold=True))
        self.intro = dim(label("keysIntro", wrap=True))
        self.list = QListWidget()
        self.list.setObjectName("keysList")
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for _heading, keys in KEYS:
            heading = QListWidgetItem()
            font = heading.font()
            font.setBold(True)
            heading.setFont(font)
            self.list.addItem(heading)
            for _key in keys:
                self.list.addItem(QListWidgetItem())
        column = QWidget()
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 24, 0, 24)
        for widget in (self.heading, self.intro):
            layout.addWidget(widget)
        layout.addWidget(self.list, 1)
        center_column(self, column)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.heading.setText(_("Keys"))
        self.intro.setText(_("Every page can be used with the keyboard alone. Focus lands on "
                             "what says where you are; a screen reader reads it. Tab moves on; "
                             "the arrows move in lists and among cards."))
        self.list.setAccessibleName(_("Keys"))
        row = 0
        for heading, keys in KEYS:
            self.list.item(row).setText(_(heading))
            row += 1
            for key in keys:
                self.list.item(row).setText(_("{key}: {action}").format(
                    key=key_name(key.keys), action=_(key.does)))
                row += 1

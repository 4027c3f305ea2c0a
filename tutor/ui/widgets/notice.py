"""The window's own widgets: the notice bar at the top (``NoticeBar``: what the learner must
know, each notice replaced or taken away when it stops being true) and the status line that
ends in "…" (``ElidedLabel``)."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from tutor.i18n import _
from tutor.ui.widgets.common import announce, push_button
from tutor.ui.widgets.common import label as _label


class NoticeBar(QFrame):
    """A calm banner at the top of the window for things the learner must know."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("noticeBar")
        layout = QHBoxLayout(self)
        self.text = _label("noticeText", wrap=True)
        # plain text: a notice quotes file names, paths and errors, never markup to render
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = push_button("noticeClose", self.dismiss)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.messages: list[str] = []
        self.keys: list[str | None] = []  # each message's key (``tutor.progress.store.Notice``)
        self.hide()

    def add(self, message: str) -> None:
        """Show ``message``; a ``Notice`` with a key replaces the message with the same key
        (an empty one only takes it away): a notice that stopped being true does not stay."""
        key: str | None = getattr(message, "key", None)
        if key is not None and key in self.keys:
            index = self.keys.index(key)
            del self.messages[index], self.keys[index]
            if not message:
                self._show_messages()
                return
            self.messages.insert(index, str(message))
            self.keys.insert(index, key)
        elif not message:
            return
        else:
            self.messages.append(str(message))
            self.keys.append(key)
        self._show_messages()
        announce(self, message)

    def _show_messages(self) -> None:
        self.text.setText("\n".join(self.messages))
        self.setVisible(bool(self.messages))

    def dismiss(self) -> None:
        """The learner has read them: they go (a later notice shows the bar again)."""
        self.messages.clear()
        self.keys.clear()
        self.hide()

    def retranslate_ui(self) -> None:
        self.close_button.setText(_("Dismiss"))


class ElidedLabel(QLabel):
    """One line that ends in "…" when there is no room for all of it (the status line); the
    whole text stays its ``text()``, its tooltip and what screen readers read."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("elides", True)  # tests/layout_helpers.py: cut on purpose

    def minimumSizeHint(self) -> QSize:
        return QSize(0, super().minimumSizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             rect.width())
        self.style().drawItemText(painter, rect, int(self.alignment()), self.palette(),
                                  self.isEnabled(), text, self.foregroundRole())
        painter.end()


__all__ = ["ElidedLabel", "NoticeBar"]

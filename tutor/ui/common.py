"""Small helpers shared by the pages: fonts, labels, and telling screen readers."""

from __future__ import annotations

from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QFont,
    Qt,
    QTextDocumentFragment,
)
from PySide6.QtWidgets import QApplication, QFrame, QLabel, QWidget

CONTENT_WIDTH = 820
QWIDGETSIZE_MAX = (1 << 24) - 1  # Qt's "no maximum" for a widget's size


def font(scale: float, bold: bool = False) -> QFont:
    result = QFont(QApplication.font())
    result.setPointSizeF(result.pointSizeF() * scale)
    result.setBold(bold)
    return result


def label(name: str, text: str = "", *, wrap: bool = False, scale: float = 1.0,
          bold: bool = False) -> QLabel:
    widget = QLabel(text)
    widget.setObjectName(name)
    widget.setWordWrap(wrap)
    if scale != 1.0 or bold:
        widget.setFont(font(scale, bold))
    return widget


def dim(widget: QLabel) -> QLabel:
    palette = widget.palette()
    palette.setColor(widget.foregroundRole(), palette.color(palette.ColorRole.PlaceholderText))
    widget.setPalette(palette)
    return widget


def separator() -> QFrame:
    line = QFrame()
    line.setFrameShape(QFrame.Shape.HLine)
    line.setObjectName("separator")
    return line


def spoken_text(text: str) -> str:
    """``text`` as a screen reader should say it: rich text as its plain words, one line."""
    if Qt.mightBeRichText(text):
        text = QTextDocumentFragment.fromHtml(text).toPlainText()
    return " ".join(text.split())


_said = [False]  # alternates, so that saying the same text twice is still a change


def announce(widget: QWidget, text: str) -> None:
    """Say ``text`` to screen readers: the one speaking path.

    Orca 43 drops Qt's Alert events and ignores its announcement events, but it speaks a change
    of the focused object's description: ``text`` becomes the accessible description of the
    widget with the keyboard focus (a zero-width space alternates behind it, so the same text
    said twice is said twice). Qt's announcement event is sent too, for readers that take it.
    Rich text is said as its plain words (``spoken_text``).
    ``widget`` is where the text is shown; it keeps its own name (a label's is its text)."""
    text = spoken_text(text)
    focused = QApplication.focusWidget()
    if focused is not None and text:
        _said[0] = not _said[0]
        focused.setAccessibleDescription(text + ("\u200b" if _said[0] else ""))
    if text:
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(widget, text))

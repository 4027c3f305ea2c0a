"""Small helpers shared by the pages: fonts, labels, and telling screen readers."""

from __future__ import annotations

from PySide6.QtGui import QAccessible, QAccessibleEvent, QFont
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


def announce(widget: QWidget, text: str) -> None:
    """Say ``text`` to screen readers: set it as the widget's description and raise an alert."""
    widget.setAccessibleName(text)
    widget.setAccessibleDescription(text)
    QAccessible.updateAccessibility(QAccessibleEvent(widget, QAccessible.Event.Alert))

"""Small helpers shared by the pages: fonts, labels, and telling screen readers."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QFont,
    QKeyEvent,
    QKeySequence,
    Qt,
    QTextDocumentFragment,
)
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

CONTENT_WIDTH = 820  # a page's column of text at most (lines stay short enough to read)
PAGE_MARGIN = 32  # either side of a page's column
QWIDGETSIZE_MAX = (1 << 24) - 1  # Qt's "no maximum" for a widget's size


def font(scale: float, bold: bool = False, base: QFont | None = None) -> QFont:
    """``base`` (the app's font) at ``scale`` of its size, bold or not."""
    result = QFont(base if base is not None else QApplication.font())
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


def center_column(page: QWidget, column: QWidget) -> QHBoxLayout:
    """Lay ``column`` out in ``page``: at most ``CONTENT_WIDTH`` wide, in the middle, with
    ``PAGE_MARGIN`` either side (the row is returned: a page may narrow its margins)."""
    column.setMaximumWidth(CONTENT_WIDTH)
    row = QHBoxLayout(page)
    row.setContentsMargins(PAGE_MARGIN, 0, PAGE_MARGIN, 0)
    row.addStretch(1)
    row.addWidget(column, 100)
    row.addStretch(1)
    return row


def push_button(name: str, slot: Callable[[], object]) -> QPushButton:
    """A push button named ``name`` (its text is set in ``retranslate_ui``) that calls
    ``slot`` when clicked."""
    button = QPushButton()
    button.setObjectName(name)
    button.clicked.connect(slot)
    return button


def choice_box(name: str) -> QComboBox:
    """A drop-down list named ``name`` (its items' texts are set in ``retranslate_ui``) that
    takes the width of its longest item again whenever its texts change: a language switched
    while the app runs never leaves a choice cut short ("auf Anfrag…")."""
    box = QComboBox()
    box.setObjectName(name)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    return box


def dim(widget: QLabel) -> QLabel:
    palette = widget.palette()
    palette.setColor(widget.foregroundRole(), palette.color(palette.ColorRole.PlaceholderText))
    widget.setPalette(palette)
    return widget


#: What may end a paragraph as it is said; a paragraph that ends otherwise gets a full stop,
#: so that a screen reader pauses there ("The answer: nine of clubs ♣. The engine's…").
_SAID_ENDS = tuple(".:;!?…»\"”)")


def spoken_text(text: str) -> str:
    """``text`` as a screen reader should say it: rich text as its plain words, one line, its
    paragraphs kept apart by a full stop."""
    if Qt.mightBeRichText(text):
        text = QTextDocumentFragment.fromHtml(text).toPlainText()
    lines = [" ".join(line.split()) for line in text.splitlines()]
    lines = [line for line in lines if line]
    return " ".join(line if index == len(lines) - 1 or line.endswith(_SAID_ENDS)
                    else line + "." for index, line in enumerate(lines))


_said = [False]  # alternates, so that saying the same text twice is still a change


def announce(widget: QWidget, text: str, *, focus: bool = False) -> None:
    """Say ``text`` to screen readers: the one speaking path.

    Orca 43 drops Qt's Alert events and ignores its announcement events, but it speaks the
    object that takes the keyboard focus, and a change of the focused object's description.
    With ``focus``, ``widget`` (a focusable label: see ``landing``) takes the focus with
    ``text`` as its name: where the learner is now (a verdict, a step, a question). Otherwise
    ``text`` becomes the accessible description of the widget that has the focus (a zero-width
    space alternates behind it, so the same text said twice is said twice), and ``widget``
    keeps its own name (a label's is its text). Qt's announcement event is sent too, for
    readers that take it. Rich text is said as its plain words (``spoken_text``). A page not
    on screen says nothing."""
    text = spoken_text(text)
    parent = widget.parentWidget()
    if not text or not (widget.isVisible() or (parent is not None and parent.isVisible())):
        return  # a page not shown says nothing (a line hidden on a shown page may speak)
    if focus:
        widget.setAccessibleName(text)
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
    else:
        focused = QApplication.focusWidget()
        if focused is not None:
            _said[0] = not _said[0]
            focused.setAccessibleDescription(text + ("\u200b" if _said[0] else ""))
    QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(widget, text))


def landing(widget: QLabel) -> QLabel:
    """``widget`` made a place the keyboard focus can land on (and Tab reaches): a heading, a
    step's text, a question or a verdict that a screen reader reads when focus lands there.
    Call it after ``setTextInteractionFlags``, which sets a focus policy of its own."""
    widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return widget


def land(widget: QWidget) -> None:
    """Focus to ``widget``, a place that says where the learner is (``landing``); a screen
    reader reads it. When it has the focus already (the same question label, now naming the
    next exercise) its name is said again through ``announce``."""
    if widget.hasFocus():
        announce(widget, widget.accessibleName())
    else:
        widget.setFocus(Qt.FocusReason.OtherFocusReason)


def chain(*widgets: QWidget | None) -> None:
    """The Tab order of ``widgets``, in this order (``None`` and missing ones are skipped)."""
    shown = [w for w in widgets if w is not None]
    for first, second in itertools.pairwise(shown):
        QWidget.setTabOrder(first, second)


def key_name(key: str) -> str:
    """A key (``tutor.keys``) as this platform writes it: "Ctrl+Return", "Esc"."""
    return QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)


class EnterClicks(QObject):
    """Enter or Return on a focused button clicks it (Qt only does that in dialogs): the cards
    are played with Enter, and so are the buttons beside them."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.KeyPress and isinstance(watched, QPushButton)
                and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier):
            watched.click()
            return True
        return False


def scrolled(column: QWidget) -> QScrollArea:
    """A page's centred column in a scroll area without a frame."""
    page = QWidget()
    center_column(page, column)
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setWidget(page)
    return scroll


def with_note(field: QWidget, note: QWidget) -> QWidget:
    """A settings field with a line about its value under it."""
    holder = QWidget()
    column = QVBoxLayout(holder)
    column.setContentsMargins(0, 0, 0, 0)
    column.setSpacing(2)
    column.addWidget(field)
    column.addWidget(note)
    return holder

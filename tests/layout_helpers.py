"""Layout checks for a shown window: nothing clipped, nothing cut short, no siblings overlapping.

Reusable by any page's GUI test::

    from tests.layout_helpers import assert_layout_ok, scaled_app_font, show_at

    show_at(window, 800, 560)
    assert_layout_ok(window)
    with scaled_app_font(1.5):
        window = make_the_window()  # built inside: headings take their font when built
        show_at(window, 800, 560)
        assert_layout_ok(window, "1.5× font")

``layout_problems(window)`` returns the problems as sentences instead of failing.

What is checked, for every visible label, button (push, check, radio, tool), combo box and card
(``CardWidget``) in ``window``:

- **inside**: the widget lies inside each of its ancestors, up to the window. A widget that
  reaches past the viewport of a scroll area is not clipped but scrolled: it is accepted when that
  scroll area can scroll in that direction (its scroll bar has a range and is not switched
  off), else it is reported, as is a widget hidden wholly beyond a view that cannot scroll.
  Widgets wholly scrolled out of view are not checked further.
- **not cut**: a label without word wrap is at least as wide and as high as its ``sizeHint()``;
  a wrapped label is at least as wide as its ``minimumSizeHint()`` (its longest word) and as high
  as ``heightForWidth(width)`` and as its text is high when painted (Qt wraps a label with a
  shortcut letter, "&Deck", differently from how it sizes it); a button, check box or combo
  box is at least as large as its ``minimumSizeHint()`` and, for buttons and check boxes, as
  wide as its ``sizeHint()`` (the text would be cut otherwise). A label that elides on
  purpose (shows "…" with the whole text in its tooltip) says so with the dynamic property
  ``elides`` set to ``True`` and is checked only for being inside.
- **no sideways scrolling**: no scroll area shows a horizontal scroll bar (text wraps instead),
  unless it sets the dynamic property ``scrolls_sideways`` to ``True``.
- **no overlap**: visible siblings (any widgets with the same parent) do not overlap, except
  cards fanned in a hand. A card occupies the rectangle of its painted card, not its margin for
  the glow and the focus ring.

Tolerance: one pixel everywhere (rounding of fractional font metrics).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QFont, QImage, QPainter
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QApplication,
    QCheckBox,
    QComboBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QToolButton,
    QWidget,
)

from tutor.ui.widgets.card import CardWidget
from tutor.ui.widgets.hand import HandView

TOLERANCE = 1
MIN_WINDOW = (800, 560)

__all__ = [
    "MIN_WINDOW", "assert_layout_ok", "checked_widgets", "layout_problems", "scaled_app_font",
    "show_at",
]


def show_at(window: QWidget, width: int, height: int) -> None:
    """Resize ``window`` to ``width`` × ``height`` and let every layout settle."""
    window.resize(width, height)
    window.show()
    for _round in range(3):  # word-wrapped labels and hand views settle over a few passes
        QApplication.processEvents()
        QApplication.sendPostedEvents()


@contextmanager
def scaled_app_font(factor: float) -> Iterator[QFont]:
    """The application font scaled by ``factor`` while the block runs, then restored.

    Widgets built earlier with a font of their own (headings) keep it; to check a whole window
    at the larger size, build the window inside the block.
    """
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = QFont(app.font())
    bigger = QFont(before)
    if before.pointSizeF() > 0:
        bigger.setPointSizeF(before.pointSizeF() * factor)
    else:
        bigger.setPixelSize(round(before.pixelSize() * factor))
    app.setFont(bigger)
    try:
        yield bigger
    finally:
        app.setFont(before)


def _kind(widget: QWidget) -> str | None:
    if isinstance(widget, CardWidget):
        return "card"
    if isinstance(widget, QLabel):
        return "label"
    if isinstance(widget, QComboBox):
        return "combo"
    if isinstance(widget, (QPushButton, QCheckBox, QRadioButton, QToolButton)):
        return "button"
    return None


def _name(widget: QWidget) -> str:
    text = ""
    if isinstance(widget, (QLabel, QAbstractButton)):
        text = widget.text()
    elif isinstance(widget, QComboBox):
        text = widget.currentText()
    elif isinstance(widget, CardWidget):
        text = widget.accessibleName()
    text = text.replace("\n", " ")
    if len(text) > 40:
        text = text[:39] + "…"
    name = widget.objectName() or type(widget).__name__
    return f"{name} {text!r}" if text else name


def _shown(widget: QWidget, window: QWidget) -> bool:
    return widget.isVisibleTo(window) and widget.isVisible() and not widget.isWindow()


def checked_widgets(window: QWidget) -> list[QWidget]:
    """The visible labels, buttons, combo boxes and cards of ``window``."""
    return [w for w in window.findChildren(QWidget)
            if _kind(w) is not None and _shown(w, window) and _has_content(w)]


def _has_content(widget: QWidget) -> bool:
    if isinstance(widget, QLabel):
        return bool(widget.text()) or (widget.pixmap() is not None and not widget.pixmap().isNull())
    return True


def _occupied(widget: QWidget) -> QRect:
    """The widget's rectangle in its parent's coordinates (a card: its painted card)."""
    if isinstance(widget, CardWidget):
        return widget.card_rect().toAlignedRect().translated(widget.pos())
    return widget.geometry()


def _scroll_area_of(viewport: QWidget) -> QAbstractScrollArea | None:
    parent = viewport.parentWidget()
    if isinstance(parent, QAbstractScrollArea) and parent.viewport() is viewport:
        return parent
    return None


def _inside_problems(widget: QWidget, window: QWidget) -> tuple[list[str], bool]:
    """Where ``widget`` reaches outside an ancestor; and whether it is wholly scrolled away."""
    problems: list[str] = []
    rect = _occupied(widget)  # in the parent's coordinates
    child = widget
    parent = widget.parentWidget()
    while parent is not None:
        bounds = parent.rect()
        inner = bounds.adjusted(-TOLERANCE, -TOLERANCE, TOLERANCE, TOLERANCE)
        if not inner.contains(rect):
            area = _scroll_area_of(parent)
            if area is not None:
                horizontal = rect.left() < inner.left() or rect.right() > inner.right()
                vertical = rect.top() < inner.top() or rect.bottom() > inner.bottom()
                how = "cut at" if bounds.intersects(rect) else "hidden beyond"
                if horizontal and not _scrolls(area, Qt.Orientation.Horizontal):
                    problems.append(f"{_name(widget)} is {how} the side of "
                                    f"{_name(area)}, which cannot scroll sideways")
                if vertical and not _scrolls(area, Qt.Orientation.Vertical):
                    problems.append(f"{_name(widget)} is {how} the top or bottom of "
                                    f"{_name(area)}, which cannot scroll")
                if not bounds.intersects(rect):
                    return problems, True  # out of view: scrolled away, or reported above
            else:
                problems.append(f"{_name(widget)} at {_fmt(rect)} reaches outside "
                                f"{_name(parent)} ({_fmt(bounds)})")
            rect = rect.intersected(bounds)
            if rect.isEmpty():
                return problems, True
        if parent is window:
            break
        child = parent
        rect = rect.translated(child.pos())
        parent = child.parentWidget()
    return problems, False


def _scrolls(area: QAbstractScrollArea, orientation: Qt.Orientation) -> bool:
    """Whether the learner can scroll ``area`` that way (a range and a scroll bar to use)."""
    if orientation == Qt.Orientation.Horizontal:
        bar, policy = area.horizontalScrollBar(), area.horizontalScrollBarPolicy()
    else:
        bar, policy = area.verticalScrollBar(), area.verticalScrollBarPolicy()
    return bar.maximum() > bar.minimum() and policy != Qt.ScrollBarPolicy.ScrollBarAlwaysOff


def _sideways_problems(window: QWidget) -> list[str]:
    """Text wraps, it does not scroll sideways: a visible horizontal scroll bar is reported
    unless its scroll area allows it with the dynamic property ``scrolls_sideways``."""
    problems = []
    for area in window.findChildren(QAbstractScrollArea):
        bar = area.horizontalScrollBar()
        if (_shown(area, window) and bar.isVisible() and bar.maximum() > bar.minimum()
                and not area.property("scrolls_sideways")):
            problems.append(f"{_name(area)} scrolls sideways by {bar.maximum()} px")
    return problems


def _size_problems(widget: QWidget) -> list[str]:
    kind = _kind(widget)
    size = widget.size()
    problems: list[str] = []

    def short(what: str, have: int, need: int) -> None:
        if have + TOLERANCE < need:
            problems.append(f"{_name(widget)} is {what} {have} px, needs {need} px")

    if kind == "label":
        assert isinstance(widget, QLabel)
        if widget.property("elides"):
            return problems
        if widget.wordWrap():
            short("wide", size.width(), widget.minimumSizeHint().width())
            if widget.hasHeightForWidth():
                short("high", size.height(), widget.heightForWidth(size.width()))
            if not problems:
                short("high", widget.contentsRect().height(), _painted_height(widget))
        else:
            hint = widget.sizeHint()
            short("wide", size.width(), hint.width())
            short("high", size.height(), hint.height())
    elif kind in ("button", "combo"):
        minimum = widget.minimumSizeHint()
        wide = max(minimum.width(), widget.sizeHint().width() if kind == "button" else 0)
        short("wide", size.width(), wide)
        short("high", size.height(), minimum.height())
    elif kind == "card":
        hint = widget.sizeHint()
        short("wide", size.width(), hint.width())
        short("high", size.height(), hint.height())
    return problems


def _painted_height(label: QLabel) -> int:
    """How high the wrapped plain text of ``label`` is when painted in its width.

    Qt sizes a label with a shortcut letter ("&Deck") without the "&" but wraps it with the
    "&" when painting, so a label exactly as wide as its text wraps onto a line it has no room
    for; measure as the painting does. Rich text is laid out the same way for both: its height
    for the width is trusted.
    """
    text = label.text()
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(text))
    if rich:
        return 0
    rect = label.contentsRect()
    image = QImage(max(1, rect.width()), 1, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    painter.setFont(label.font())
    flags = int(label.alignment()) | int(Qt.TextFlag.TextWordWrap)
    if label.buddy() is not None and "&" in text:
        flags |= int(Qt.TextFlag.TextShowMnemonic)
    painted = painter.drawText(QRect(0, 0, rect.width(), 100000), flags, text)
    painter.end()
    return painted.height()


def _overlap_problems(window: QWidget) -> list[str]:
    problems: list[str] = []
    parents = [window, *window.findChildren(QWidget)]
    for parent in parents:
        if not (parent is window or _shown(parent, window)):
            continue
        children = [c for c in parent.children()
                    if isinstance(c, QWidget) and _shown(c, window) and not c.isWindow()]
        fanned = isinstance(parent, HandView)
        for i, first in enumerate(children):
            for second in children[i + 1:]:
                if fanned and isinstance(first, CardWidget) and isinstance(second, CardWidget):
                    continue
                common = _occupied(first).intersected(_occupied(second))
                if common.width() > TOLERANCE and common.height() > TOLERANCE:
                    problems.append(f"{_name(first)} and {_name(second)} overlap in "
                                    f"{_name(parent)} by {common.width()}×{common.height()} px")
    return problems


def _fmt(rect: QRect) -> str:
    return f"({rect.x()},{rect.y()} {rect.width()}×{rect.height()})"


def layout_problems(window: QWidget) -> list[str]:
    """Every clipped, cut or overlapping widget in the shown ``window``, one sentence each."""
    problems: list[str] = []
    for widget in checked_widgets(window):
        inside, scrolled_away = _inside_problems(widget, window)
        problems.extend(inside)
        if not scrolled_away:
            problems.extend(_size_problems(widget))
    problems.extend(_overlap_problems(window))
    problems.extend(_sideways_problems(window))
    return problems


def assert_layout_ok(window: QWidget, context: str = "") -> None:
    """Fail with the list of problems unless ``window``'s layout is sound (see the module)."""
    problems = layout_problems(window)
    where = f" ({context})" if context else ""
    size = window.size()
    assert not problems, (f"{len(problems)} layout problem(s) at {size.width()}×{size.height()}"
                          f"{where}:\n  " + "\n  ".join(problems))


def window_point(widget: QWidget, window: QWidget) -> QPoint:
    """Where ``widget``'s top left corner lies in ``window`` (for messages and screenshots)."""
    return widget.mapTo(window, QPoint(0, 0))

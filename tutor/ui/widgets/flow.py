"""A layout that places its items in a row and wraps them onto more rows when space is short.

For tool bars of buttons and small labelled choices: at 1280 pixels they sit on one line, at the
minimum window width or with a large font they wrap instead of being squeezed until their text is
cut. Items with a horizontal stretch (``add_stretch``) push the items after them to the right
end of their row.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QSizePolicy, QSpacerItem, QWidget


class FlowLayout(QLayout):
    """Items left to right, wrapped onto as many rows as the width needs."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self.setContentsMargins(0, 0, 0, 0)

    # -- QLayout

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def add_stretch(self) -> None:
        """Space that takes what a row has left, pushing the following items to its end."""
        self.addItem(QSpacerItem(0, 0, QSizePolicy.Policy.Expanding,
                                 QSizePolicy.Policy.Minimum))

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def spacing(self) -> int:
        return self._spacing

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), apply=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, apply=True)

    def sizeHint(self) -> QSize:
        """All items on one row."""
        width = height = 0
        shown = self._shown()
        for item in shown:
            hint = item.sizeHint()
            width += hint.width()
            height = max(height, hint.height())
        width += self._spacing * max(0, len(shown) - 1)
        return QSize(width, height).grownBy(self.contentsMargins())

    def minimumSize(self) -> QSize:
        """As wide as the widest item; the height follows from ``heightForWidth``."""
        size = QSize()
        for item in self._shown():
            size = size.expandedTo(item.sizeHint())
        return size.grownBy(self.contentsMargins())

    # -- placing

    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty() or item.spacerItem()]

    def _arrange(self, rect: QRect, *, apply: bool) -> int:
        """Place the items in ``rect`` (when ``apply``); the height they take."""
        margins: QMargins = self.contentsMargins()
        area = rect.marginsRemoved(margins)
        rows: list[list[QLayoutItem]] = [[]]
        used = 0
        for item in self._shown():
            width = 0 if item.spacerItem() else item.sizeHint().width()
            gap = self._spacing if rows[-1] else 0
            if rows[-1] and used + gap + width > area.width() and width:
                rows.append([])
                used, gap = 0, 0
            rows[-1].append(item)
            used += gap + width
        y = area.y()
        for row in rows:
            widgets = [item for item in row if not item.spacerItem()]
            if not widgets:
                continue
            height = max(item.sizeHint().height() for item in widgets)
            if apply:
                self._place_row(row, area, y, height)
            y += height + self._spacing
        used_height = max(0, y - self._spacing - area.y())
        return used_height + margins.top() + margins.bottom()

    def _place_row(self, row: list[QLayoutItem], area: QRect, y: int, height: int) -> None:
        natural = sum(item.sizeHint().width() for item in row if not item.spacerItem())
        natural += self._spacing * max(0, len([i for i in row if not i.spacerItem()]) - 1)
        spacers = [item for item in row if item.spacerItem()]
        spare = max(0, area.width() - natural)
        x = area.x()
        first = True
        for item in row:
            if item.spacerItem():
                x += spare // len(spacers)
                continue
            if not first:
                x += self._spacing
            first = False
            hint = item.sizeHint()
            top = y + (height - hint.height()) // 2
            item.setGeometry(QRect(QPoint(x, top), hint))
            x += hint.width()


__all__ = ["FlowLayout"]

"""Motion at the table (issue 35): a card played travels from its seat's chip (the learner's
from where it lay in the hand) to its place in the trick; a trick taken travels to the chip of
the seat that took it and fades.

Each move lasts ``theme.motion_ms()`` (about 250 ms) and is skippable: any key or click of the
learner's finishes every move at once (the cards are where they belong). Under "reduce motion"
(and in the tests, and with ``--watch --fast``) ``motion_ms()`` is 0 and no animation is made
at all: the table is drawn in its new state at once, as without this module.

A move draws a picture of the card (a "ghost") over the table; the card's own widget, already in
its place (focus, screen readers and tests see it there), is only made transparent until its
ghost arrives.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QEvent,
    QObject,
    QParallelAnimationGroup,
    QPoint,
    QPointF,
    QPropertyAnimation,
    Qt,
)
from PySide6.QtGui import QPixmap, QRegion
from PySide6.QtWidgets import QApplication, QGraphicsOpacityEffect, QLabel, QWidget

from tutor.ui import theme


def picture(widget: QWidget) -> QPixmap:
    """``widget`` as a picture on a clear ground (``grab`` would fill what it does not paint,
    such as a card's margin, with the window's colour: a pale box round a flying card)."""
    ratio = widget.devicePixelRatioF()
    pixmap = QPixmap((widget.size().toSizeF() * ratio).toSize())
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    widget.render(pixmap, QPoint(0, 0), QRegion(),
                  QWidget.RenderFlag.DrawChildren)  # not DrawWindowBackground
    return pixmap


class Motion(QObject):
    """The moves under way on one table (``area``: the felt and the hand); ``finish`` ends
    them all."""

    def __init__(self, area: QWidget) -> None:
        super().__init__(area)
        self.area = area
        self._running: list[tuple[QAbstractAnimation, list[QWidget], list[QWidget]]] = []
        self._filtering = False

    @property
    def running(self) -> bool:
        return bool(self._running)

    def fly_in(self, card: QWidget, start: QPointF) -> None:
        """``card`` (a widget in its place) arrives from ``start`` (in the area's coordinates,
        a centre): nothing when motion is off."""
        duration = theme.motion_ms()
        if duration <= 0 or not card.isVisible():
            return
        ghost = self._ghost(picture(card), card.mapTo(self.area, QPoint(0, 0)))
        end = ghost.pos()
        begin = (start - QPointF(ghost.width() / 2, ghost.height() / 2)).toPoint()
        ghost.move(begin)
        hidden = QGraphicsOpacityEffect(card)
        hidden.setOpacity(0.0)
        card.setGraphicsEffect(hidden)
        move = self._move(ghost, begin, end, duration)
        self._start(move, [ghost], [card])

    def fly_away(self, pictures: Sequence[tuple[QPixmap, QPoint]], target: QPointF) -> None:
        """Pictures of the cards of a trick taken (each at its place in the area) travel to
        ``target`` (the taker's chip, in the area's coordinates) and fade."""
        duration = theme.motion_ms()
        if duration <= 0 or not pictures:
            return
        group = QParallelAnimationGroup(self)
        ghosts: list[QWidget] = []
        for pixmap, place in pictures:
            ghost = self._ghost(pixmap, place)
            end = (target - QPointF(ghost.width() / 2, ghost.height() / 2)).toPoint()
            group.addAnimation(self._move(ghost, place, end, duration))
            fade = QGraphicsOpacityEffect(ghost)
            ghost.setGraphicsEffect(fade)
            opacity = QPropertyAnimation(fade, b"opacity", group)
            opacity.setDuration(duration)
            opacity.setStartValue(1.0)
            opacity.setEndValue(0.0)
            opacity.setEasingCurve(QEasingCurve.Type.InQuad)
            group.addAnimation(opacity)
            ghosts.append(ghost)
        self._start(group, ghosts, [])

    def finish(self) -> None:
        """Every move at its end at once: the cards where they belong, no picture left."""
        for animation, ghosts, cards in list(self._running):
            animation.stop()
            self._done(animation, ghosts, cards)

    # --- internals --------------------------------------------------------------------------------

    def _ghost(self, pixmap: QPixmap, place: QPoint) -> QLabel:
        ghost = QLabel(self.area)
        ghost.setObjectName("motionGhost")
        ghost.setPixmap(pixmap)
        ghost.resize(pixmap.deviceIndependentSize().toSize())
        ghost.move(place)
        ghost.setAccessibleName("")  # a picture of a card already said
        ghost.show()
        ghost.raise_()
        return ghost

    def _move(self, ghost: QWidget, begin: QPoint, end: QPoint,
              duration: int) -> QPropertyAnimation:
        move = QPropertyAnimation(ghost, b"pos", self)
        move.setDuration(duration)
        move.setStartValue(begin)
        move.setEndValue(end)
        move.setEasingCurve(QEasingCurve.Type.OutCubic)
        return move

    def _start(self, animation: QAbstractAnimation, ghosts: list[QWidget],
               cards: list[QWidget]) -> None:
        entry = (animation, ghosts, cards)
        self._running.append(entry)
        animation.finished.connect(lambda: self._done(animation, ghosts, cards))
        self._listen(True)
        animation.start()

    def _done(self, animation: QAbstractAnimation, ghosts: list[QWidget],
              cards: list[QWidget]) -> None:
        entry = (animation, ghosts, cards)
        if entry not in self._running:
            return
        self._running.remove(entry)
        for ghost in ghosts:
            ghost.hide()
            ghost.deleteLater()
        for card in cards:
            card.setGraphicsEffect(None)  # type: ignore[arg-type]
        animation.deleteLater()
        if not self._running:
            self._listen(False)

    def _listen(self, on: bool) -> None:
        """While a move is under way, the learner's keys and clicks finish it."""
        app = QApplication.instance()
        if app is None or on == self._filtering:
            return
        self._filtering = on
        if on:
            app.installEventFilter(self)
        else:
            app.removeEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress):
            self.finish()
        return False


__all__ = ["Motion"]

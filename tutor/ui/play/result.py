"""The end of a game on the Play page (issue 35, "moments"): the table gives way to a result
card (``tutor.ui.widgets.result_card``) saying who won, the final score, the par, the coach's
flagged mistakes with the lesson to read, and one next step. What it says is decided in
``tutor.table.result``; this panel draws it and turns its steps into the page's actions.

The page keeps its table: ``GameResultPanel.paint`` (called at the end of each of the page's
paints) shows the card in the page's stack while the game is over and the table would be shown,
and redraws it as the coach's review lands; a new game shows the table again."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QTimer, SignalInstance
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tutor import design
from tutor.result import Step
from tutor.table.controller import Table
from tutor.table.flow import Stage
from tutor.table.pomme import PommeTable
from tutor.table.result import (
    FULL_GAME,
    NEW_GAME,
    READ_LESSON,
    REVIEW,
    STATISTICS,
    Course,
    game_card,
)
from tutor.ui.widgets.common import CONTENT_WIDTH, chain
from tutor.ui.widgets.result_card import ResultCardView
from tutor.vocab import Variant


class Page(Protocol):
    """What the panel uses of the Play page (``tutor.ui.play.page.PlayPage``, which imports
    this module)."""

    stack: QStackedWidget
    status: QLabel
    playing: Variant
    lesson_requested: SignalInstance

    @property
    def view(self) -> QWidget: ...

    @property
    def at_table(self) -> Table | PommeTable: ...

    @property
    def course(self) -> Course: ...

    def ask_new_game(self, guided: bool = False, variant: Variant | None = None) -> None: ...

    def show_review(self) -> None: ...

    def show_statistics(self) -> None: ...


class GameResultPanel(QScrollArea):
    """The result card of the game over at the page's table, in the middle of the table's
    place (scrolled in a low window)."""

    def __init__(self, page: Page) -> None:
        super().__init__()
        self.setObjectName("gameResult")
        self.page = page
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.card = ResultCardView()
        self.card.setMaximumWidth(CONTENT_WIDTH)
        self.card.chosen.connect(self._chosen)
        holder = QWidget()
        column = QVBoxLayout(holder)
        column.setContentsMargins(design.SPACE_L, design.SPACE_L, design.SPACE_L, design.SPACE_L)
        row = QHBoxLayout()  # in the middle, at most a column of text wide
        row.addStretch(1)
        row.addWidget(self.card, 100)
        row.addStretch(1)
        column.addLayout(row)
        column.addStretch(1)
        self.setWidget(holder)
        page.stack.addWidget(self)

    def paint(self) -> None:
        """After the page drew its table: at a game's end, the card in the table's place (said
        when it appears), redrawn as the review lands; else nothing to do."""
        page = self.page
        stack = page.stack
        card = (game_card(page.at_table, page.course) if page.at_table.stage is Stage.OVER
                else None)
        if card is None:
            if stack.currentWidget() is self:
                stack.setCurrentWidget(page.view)
            page.status.show()
            return
        arrive = stack.currentWidget() is page.view
        if arrive:
            stack.setCurrentWidget(self)
            self.verticalScrollBar().setValue(0)
        if stack.currentWidget() is self:
            page.status.hide()  # the card says it, larger
            self.card.show_card(card, arrive=arrive)
            chain(*self.card.tab_order())
            primary = self.card.primary()
            if primary is not None and (arrive or primary.hasFocus()):
                # a low window: the step where focus is stays in view as the card grows
                QTimer.singleShot(0, self._primary_in_view)

    def landing(self) -> QWidget:
        return self.card.landing()

    def _primary_in_view(self) -> None:
        primary = self.card.primary()
        if primary is not None and self.isVisible():
            self.ensureWidgetVisible(primary, 0, design.SPACE_L)

    def _chosen(self, step: Step) -> None:
        page = self.page
        if step.action in (NEW_GAME, FULL_GAME):
            page.ask_new_game(variant=page.playing)
        elif step.action == REVIEW:
            page.show_review()
        elif step.action == STATISTICS:
            page.show_statistics()
        elif step.action == READ_LESSON and step.target:
            page.lesson_requested.emit(step.target)


__all__ = ["GameResultPanel"]

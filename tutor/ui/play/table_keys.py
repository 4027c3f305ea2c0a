"""The Play page's keys at the table (``tutor.ui.play.page.PlayPage``): the letters that read
the table aloud (C, F, S, L, T, A), the hint, Pomme's H and G (003), the keys of the table's
buttons (announce, withhold, play anyway, next round, review, retry), and Esc, the one way back
from wherever one is. They work wherever focus is on the page (``WidgetWithChildrenShortcut``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QPushButton, QStackedWidget, QWidget

from tutor import keys
from tutor.table.pomme import PommeTable
from tutor.ui.play.base import KEYS, TableView
from tutor.ui.play.chibre import ChibreTableView
from tutor.ui.play.confirm import ConfirmBar


class KeyedPage(Protocol):
    """The Play page as its keys use it (``tutor.ui.play.page.PlayPage``, which imports this
    module: naming it here would make a cycle)."""

    chibre_view: ChibreTableView
    pomme: PommeTable
    views: dict[str, TableView]
    stack: QStackedWidget
    confirm: ConfirmBar
    confirm_no: QPushButton

    @property
    def view(self) -> TableView: ...

    @property
    def pomme_at_table(self) -> bool: ...

    def ask_hint(self) -> None: ...

    def ask_take_aside(self) -> None: ...

    def back_to_table(self) -> None: ...


class TableKeys:
    """The table's keys of one Play page, bound on ``owner`` (the page) and its children."""

    def __init__(self, page: KeyedPage, owner: QWidget) -> None:
        self.page = page
        bound: dict[str, Callable[[], None]] = {
            keys.TABLE_TRUMP: self.focus_trump, keys.TABLE_HINT: self._key_h,
            keys.TABLE_POMME_HINT: page.ask_hint, keys.TABLE_SIX: self._key_g,
            keys.TABLE_CARDS: lambda: self.read("cards"),
            keys.TABLE_LED_SUIT: lambda: self.read("led_suit"),
            keys.TABLE_SCORES: lambda: self.read("scores"),
            keys.TABLE_LAST_TRICK: lambda: self.read("last_trick"),
            keys.TABLE_TURN: lambda: self.read("turn"),
        }
        chibre = page.chibre_view
        buttons: dict[str, Callable[[TableView], QAbstractButton]] = {
            "announce": lambda _v: chibre.announce_button,
            "withhold": lambda _v: chibre.withhold_button,
            "play_anyway": lambda v: v.play_anyway,
            "next_round": lambda v: v.next_round_button,
            "review": lambda v: v.review_button,
            "retry": lambda v: v.retry_button}
        for name, button in buttons.items():
            bound[KEYS[name]] = self._clicker(button)
        bound[KEYS["take_back"]] = self._escape  # one key, the way back from wherever one is
        for key, slot in bound.items():
            shortcut = QShortcut(QKeySequence(key), owner)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    def _clicker(self, button: Callable[[TableView], QAbstractButton]) -> Callable[[], None]:
        """A shortcut's slot: click the button of the table at the page, if it is shown and
        enabled."""
        def click() -> None:
            shown = button(self.page.view)
            if shown.isVisible() and shown.isEnabled():
                shown.click()
        return click

    def _escape(self) -> None:
        """Esc: back to the table from the review or the statistics, else take the card back
        after a warning, else keep playing when asked about a new game."""
        page = self.page
        if page.stack.currentWidget() not in page.views.values():
            page.back_to_table()
        elif page.view.take_back.isVisible():
            page.view.take_back.click()
        elif page.confirm.isVisible():
            page.confirm_no.click()

    def _key_h(self) -> None:
        """H: in a game of Pomme, take the aside (003); in a game of Chibre, the hint."""
        if self.page.pomme_at_table:
            self.page.ask_take_aside()
        else:
            self.page.ask_hint()

    def _key_g(self) -> None:
        """G: in a game of Pomme, exchange the 6 of trump for the shown card (003)."""
        if self.page.pomme_at_table:
            self.page.pomme.exchange_six()

    def focus_trump(self) -> None:
        """A: to the trump buttons when trump is the learner's choice, else the trump, read."""
        visible = [b for b in self.page.chibre_view.trump_buttons if b.isVisible()]
        if visible and not self.page.pomme_at_table:
            visible[0].setFocus()
        else:  # A reads the trump when it is not the learner's choice
            self.read("trump")

    def read(self, name: str) -> None:
        """A key that reads the table (C, F, S, L, T, A): its words, said, once there is a
        game."""
        text = self.page.view.reading(name)
        if text is not None:
            self.page.view.say(text)

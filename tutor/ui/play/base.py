"""What every game's table on the Play page shares (``TableView``): the hand, the coach's line,
the log, the buttons of the moment that every table has (take it back, play it anyway, next
round, review, try again), the side panel and the scroll area round it.

A game's view (``tutor.ui.play.chibre``, ``tutor.ui.play.pomme``) adds its trick, its own
buttons and its side panel, and says how its table is put in words (``status``, ``coach_line``,
``narrate``, the keys' readings). It only draws what its table (a ``tutor.table.flow.TableFlow``)
holds, and hands the learner's choices up as ``action``; the Play page hosts one view per game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt, Signal
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QListWidget,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from engine import Card, CardSet, Trump
from tutor import keys
from tutor.i18n import _
from tutor.speech import DEFAULT_SPEECH
from tutor.table.flow import Stage, TableFlow
from tutor.ui import theme
from tutor.ui.theme import mark_primary
from tutor.ui.widgets.common import announce, key_name, label, push_button
from tutor.ui.widgets.felt import FeltView, SeatInfo
from tutor.ui.widgets.flow import FlowLayout
from tutor.ui.widgets.hand import HandView
from tutor.ui.widgets.motion import Motion, picture
from tutor.ui.widgets.trick import SeatedTrickView
from tutor.vocab import DEFAULT_DECK, LEARNER, LEARNER_SEAT, Deck, Player

#: Keys of the buttons that come and go (shown on them).
KEYS = keys.TABLE_BUTTONS
LOG_HEIGHT = 240  # the game's log at most (in the side panel, when shown)

#: What the keys that read the table say (C, F, S, L, T, A): a name each, read by the view.
READINGS = ("cards", "led_suit", "scores", "last_trick", "turn", "trump")


class TableView(QWidget):
    """One game's table (see the module text). ``action`` carries the learner's card or choice;
    ``review_requested`` the click on Review the round."""

    action = Signal(object)
    review_requested = Signal()

    def __init__(self, table: TableFlow[Any, Any, Any, Any], name: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        #: the game's table (``Table``, ``PommeTable``): a ``TableFlow`` and what each adds
        self.table: Any = table
        self.fast = False
        self.deck: Deck = DEFAULT_DECK
        self.card_height = 110  # the card size chosen in Settings
        #: what screen readers hear of the table as it happens: every card, tricks only, off
        self.speech = DEFAULT_SPEECH
        self._logged: tuple[int, int] = (0, 0)  # (id of the log list, lines shown)
        self.trick = self._make_trick()
        self.hand = HandView(height=self.card_height)
        self.hand.set_selectable("single")
        self.hand.card_chosen.connect(self.action.emit)
        self.coach_text = label(f"{name}CoachText", wrap=True)
        self.coach_text.setTextFormat(Qt.TextFormat.PlainText)
        self.log = wrapping_list(f"{name}Log")
        self.log.setMinimumHeight(3 * self.log.fontMetrics().lineSpacing() + 8)  # 3 lines
        self.log.setMaximumHeight(max(self.log.minimumHeight(), LOG_HEIGHT))
        self.take_back = push_button(f"{name}TakeBack", self.take_back_card)
        self.play_anyway = push_button(f"{name}PlayAnyway", table.play_anyway)
        self.next_round_button = push_button(f"{name}NextRound", table.next_round)
        self.review_button = push_button(f"{name}Review", self.review_requested.emit)
        self.retry_button = push_button(f"{name}Retry", table.retry)
        # the game's log, one click away: its button, with the buttons of the moment, shows it
        # at the foot of the side panel
        self.log_button = push_button(f"{name}LogButton", self._toggle_log)
        self.log_button.setCheckable(True)
        self.action_bar = QWidget()
        self.action_bar.setObjectName(f"{name}Actions")
        actions = FlowLayout(self.action_bar)
        for button in (*self._own_buttons(), self.take_back, self.play_anyway,
                       self.next_round_button, self.review_button, self.retry_button):
            actions.addWidget(button)
            button.hide()
        actions.addWidget(self.log_button)
        self.felt = FeltView(self.trick)
        self.felt.setObjectName(f"{name}Felt")
        # the trick laid on the felt (cards, leader, winner); none yet: the first is laid
        self._trick_shown: tuple[tuple[Card, ...], int | None, int | None] = ((), -1, None)
        self._hand_places: dict[Card, QPoint] = {}  # the hand's cards' centres, on screen
        #: what each seat announced in the trick going on (its chip says it), and that trick
        self._said: dict[int, str] = {}
        self._said_in: int | None = None
        self.left = QVBoxLayout()
        self.left.setContentsMargins(0, 0, 0, 0)
        self.left.addWidget(self.felt, 1)
        for widget in (self.action_bar, self.hand, self.coach_text):
            self.left.addWidget(widget)
        self.side = QWidget()
        self.side.setObjectName(f"{name}Side")
        side = QVBoxLayout(self.side)
        self._fill_side(side)
        # the game's log, one click away: its button shows it at the foot of the side panel
        side.addWidget(self.log)
        self.log.hide()
        inner = QWidget()
        inner.setObjectName(f"{name}Inner")
        # the moves are drawn over the whole table, so that the learner's card rises from the
        # hand and not only from the felt's edge
        self.motion = Motion(inner)
        self.row = QBoxLayout(QBoxLayout.Direction.LeftToRight, inner)
        self.row.setContentsMargins(0, 0, 0, 0)
        # The side panel scrolls on its own when it is long, so the trick and the hand stay
        # whole beside it.
        self.side_scroll = scroll(self.side, f"{name}SideScroll")
        self.side_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.row.addLayout(self.left, 3)
        self.row.addWidget(self.side_scroll, 1)
        self.table_scroll = scroll(inner, f"{name}TableScroll")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.table_scroll)
        self.table_scroll.viewport().installEventFilter(self)
        inner.installEventFilter(self)
        self.side.installEventFilter(self)
        mark_primary(self.next_round_button)  # the one thing to do when a round is over

    # --- what a game's view adds -----------------------------------------------------------------

    def _make_trick(self) -> SeatedTrickView:
        raise NotImplementedError

    def _own_buttons(self) -> tuple[QPushButton, ...]:
        """The game's own buttons, before the shared ones in the action bar."""
        return ()

    def _fill_side(self, side: QVBoxLayout) -> None:
        """The side panel's widgets."""
        side.setContentsMargins(0, 0, 0, 0)

    def _own_buttons_shown(self, view: Any, stage: Stage) -> Mapping[QPushButton, bool]:
        return {}

    def _paint_empty(self) -> None:
        """Draw what is the game's own at a table with no game yet (nothing by default)."""

    def _paint_own(self, view: Any, stage: Stage) -> None:
        """The trick's trump, the side panel and whatever else is the game's own."""

    def status(self) -> str:
        """Whose turn it is, or what the table waits for (the page's status line)."""
        raise NotImplementedError

    def coach_line(self) -> str:
        raise NotImplementedError

    def narrate(self, item: Any) -> str | None:
        """A log item as a line of the log."""
        raise NotImplementedError

    def narrate_at(self, log: Any, index: int) -> str | None:
        """The line of ``log[index]``, which may read the items before it."""
        return self.narrate(log[index])

    def said(self, item: Any) -> bool:
        """Whether a log item's line is said as it happens (``speech``)."""
        raise NotImplementedError

    def reading(self, name: str) -> str | None:
        """What a key that reads the table says (``READINGS``), once there is a game."""
        raise NotImplementedError

    def _own_decision(self, view: Any) -> QWidget | None:
        """The widget of a decision of the game's own (trump, weis, the aside, the 6)."""
        return None

    def arrange(self) -> None:
        """Fit the table to the space it has."""

    def seat_tooltip(self, seat: int, level: Player) -> str:
        raise NotImplementedError

    def described_buttons(self, status: str) -> dict[QPushButton, str]:
        """The buttons that take the focus, with what was just said, as their description (a
        screen reader reads it with the button)."""
        return {self.take_back: self.coach_text.text(), self.next_round_button: status,
                self.retry_button: status}

    def shown_view(self) -> Any:
        """The view of the learner's seat that the table shows (None before a game)."""
        return self.table.view()

    #: whether a reviewed mistake links to the strategy course (Chibre's)
    has_course = False
    #: the key of the hint
    hint_key = keys.TABLE_HINT

    def review_words(self) -> Any:
        """The words of this game's review: ``par_text``, ``costly``, ``review_heading``,
        ``review_line``, ``review_detail``."""
        raise NotImplementedError

    def players(self) -> int:
        """How many seats the table has."""
        raise NotImplementedError

    # --- drawing ---------------------------------------------------------------------------------

    def paint(self) -> list[str]:
        """Draw the table's state; the new lines of the log, to be said."""
        table, stage = self.table, self.table.stage
        view = self.shown_view()
        self.coach_text.setText(self.coach_line())
        self.coach_text.setVisible(bool(self.coach_text.text()))
        if view is not None:  # what was announced is said for the length of its trick
            trick_number = len(view.tricks) - (1 if table.shown_trick is not None else 0)
            if stage is Stage.ROUND_OVER or self._said_in != trick_number:
                self._said.clear()
            self._said_in = trick_number
        happened = self.paint_log()
        learner = stage is Stage.LEARNER
        between = stage in (Stage.ROUND_OVER, Stage.OVER)
        shown = {
            self.take_back: stage is Stage.WARNING,
            self.play_anyway: stage is Stage.WARNING,
            self.next_round_button: stage is Stage.ROUND_OVER and not table.watch,
            self.review_button: between and not table.watch,
            self.retry_button: stage is Stage.FAILED,
            **self._own_buttons_shown(view if learner else None, stage),
        }
        shown[self.log_button] = view is not None  # no log before a game
        for button, visible in shown.items():
            if button.isVisibleTo(self) != visible:
                button.setVisible(visible)
        if view is None:
            self.hand.set_cards([])
            self._show_trick((), None, None)  # no game: nobody leads
            self.trick.set_highlight(CardSet())
            self._said.clear()
            self.felt.set_seats(self.seat_infos(None, stage))
            self._paint_empty()
            return happened
        actions = view.legal_actions if learner else ()
        self.hand.set_trump(view.trump)
        # where each card of the hand lay, so that the one played travels from there
        self._hand_places = {w.card: w.mapToGlobal(w.rect().center())
                             for w in self.hand.card_widgets()
                             if w.card is not None and w.isVisible()} if self._moving() else {}
        self.hand.set_cards([] if stage is Stage.ROUND_OVER else view.hand)
        legal = CardSet([a for a in actions if isinstance(a, Card)])
        self.hand.set_legal(legal if learner and legal else None)
        self.hand.set_highlight(CardSet([table.hinted]) if table.hinted is not None
                                else CardSet(), "hint")
        self.hand.set_selected(CardSet([table.pending]) if table.pending is not None
                               else CardSet())
        won = table.shown_trick
        if won is not None:
            self._show_trick(tuple(won.cards), won.leader, won.winner)
            players = len(won.cards)
            self.trick.set_highlight(CardSet([won.cards[(won.winner - won.leader) % players]]),
                                     "winner")
        else:
            self._show_trick(tuple(view.trick), view.leader, None)
            self.trick.set_highlight(CardSet())
        self.trick.set_turn(view.current_player if stage in (Stage.LEARNER, Stage.BOT)
                            else None)
        session = table.session
        for seat in range(self.players()):
            level = session.seats[seat] if session is not None else LEARNER
            self.trick.seat_label(seat).setToolTip(
                "" if level == LEARNER else self.seat_tooltip(seat, level))
        self.felt.set_seats(self.seat_infos(view, stage))
        self._paint_own(view, stage)
        return happened

    def _show_trick(self, cards: tuple[Card, ...], leader: int | None,
                    winner: int | None) -> None:
        """Lay ``cards`` on the felt; with motion, a card just played travels there from its
        seat (the learner's from where it lay in the hand), and a trick just taken travels to
        its taker."""
        before, before_leader, before_winner = self._trick_shown
        now = (cards, leader, winner)
        if now == self._trick_shown:
            return
        self._trick_shown = now
        moving = self._moving()
        taken = []
        if moving and before_winner is not None and before:
            area = self.motion.area
            taken = [(picture(w), w.mapTo(area, QPoint(0, 0))) for w in self.trick.card_widgets()]
        self.motion.finish()
        self.trick.set_trick(cards, leader=leader)
        if not moving:
            return
        if taken and before_winner is not None:
            self.motion.fly_away(taken, self._on_table(self.felt.chip_centre(before_winner)))
            return
        same = before_winner is None and (not before or before_leader == leader)
        if same and cards[:len(before)] == before and leader is not None:
            count = self.players()
            for index in range(len(before), len(cards)):
                seat = (leader + index) % count
                place = self._hand_places.get(cards[index]) if seat == LEARNER_SEAT else None
                start = (QPointF(self.motion.area.mapFromGlobal(place)) if place is not None
                         else self._on_table(self.felt.chip_centre(seat)))  # hand, else seat
                self.motion.fly_in(self.trick.seat_widget(seat), start)

    def _moving(self) -> bool:
        """Whether what changes on the table moves there (motion on, not watched fast, seen)."""
        return theme.motion_ms() > 0 and not self.fast and self.isVisible()

    def _on_table(self, point: QPointF) -> QPointF:
        """``point`` of the felt where the moves are drawn (the whole table)."""
        return QPointF(self.felt.mapTo(self.motion.area, point.toPoint()))

    def seat_infos(self, view: Any, stage: Stage) -> list[SeatInfo]:
        """What each seat's chip shows: its name, the dealer, whose turn it is, what it
        announced in this trick (and in a game with teams its team and who chose trump)."""
        session = self.table.session
        turn = (view.current_player if view is not None
                and stage in (Stage.LEARNER, Stage.BOT) else None)
        infos = []
        for seat in range(self.players()):
            level = session.seats[seat] if session is not None else LEARNER
            infos.append(SeatInfo(
                name=self.trick.seat_name(seat), team=self._team(seat),
                dealer=view is not None and view.dealer == seat and stage is not Stage.ROUND_OVER,
                chose=self._chose(view, seat, stage), turn=seat == turn,
                leads=view is not None and bool(view.trick) and view.leader == seat,
                said=self._said.get(seat, ""),
                tooltip="" if level == LEARNER else self.seat_tooltip(seat, level)))
        return infos

    def _team(self, seat: int) -> int | None:
        """The seat's team (0 the learner's): ``None`` in a game without teams."""
        return None

    def _chose(self, view: Any, seat: int, stage: Stage) -> Trump | None:
        """The trump ``seat`` chose, if it did (none in a game where nobody chooses)."""
        return None

    def say_at_seat(self, seat: int, text: str) -> None:
        """``text`` by ``seat``'s chip for the length of the trick (an announcement)."""
        self._said[seat] = text

    def paint_log(self, again: bool = False) -> list[str]:
        """Add the new log items as lines (all of them again after a language or deck switch);
        the new lines, to be said (none after a switch: nothing new happened)."""
        items = self.table.log
        limit = self._log_limit()
        shown_id, shown = self._logged
        if again or shown_id != id(items) or shown > limit:
            self.log.clear()
            shown = 0
            self._log_restart()
        said = []
        fresh = shown_id == id(items) and not again
        for index in range(shown, limit):
            item = items[index]
            text = self.narrate_at(items, index)
            if text:
                self.log.addItem(text)
                if fresh and self.said(item):
                    said.append(text)
        if limit != shown:
            self.log.scrollToBottom()
            if fresh and limit > shown:
                self._logged_new(items[shown:limit])
        self._logged = (id(items), limit)
        return said

    def _log_limit(self) -> int:
        """How many log items are shown (between two rounds, not the next deal yet)."""
        return len(self.table.log)

    def _log_restart(self) -> None:
        """The log is written again from its first line."""

    def _logged_new(self, new: list[Any]) -> None:
        """New log items were shown (a card played may slide in)."""

    def forget_log(self) -> None:
        """A new game: its log starts afresh."""
        self._logged = (0, 0)

    def decision_target(self) -> QWidget | None:
        """The widget of the learner's decision now, if there is one."""
        table = self.table
        if table.stage is Stage.WARNING:
            return self.take_back
        if table.stage is Stage.ROUND_OVER and self.next_round_button.isVisible():
            return self.next_round_button
        if table.stage is Stage.FAILED:
            return self.retry_button
        view = table.view()
        if table.stage is Stage.LEARNER and view is not None:
            own = self._own_decision(view)
            if own is not None:
                return own
            legal = [w for w in self.hand.card_widgets() if w.legal]
            return legal[0] if legal else None
        return None

    def announce_stage(self, status: QWidget, happened: list[str]) -> None:
        """Tell screen readers, in one message: what just happened at the table (the new log
        lines ``happened``, as ``speech`` chooses), then the status when it changed (not the
        bots' turns nor the trick taken: the log's lines say those) and the coach's line."""
        said = list(happened)
        for widget in (status, self.coach_text):
            text = widget.text() if hasattr(widget, "text") else ""
            if text and widget.property("announced") != text:
                widget.setProperty("announced", text)
                if widget is not status or self.table.stage not in (Stage.BOT, Stage.TRICK):
                    said.append(text)
        if said:
            announce(self.coach_text, " ".join(said))
        for button, text in self.described_buttons(
                status.text() if hasattr(status, "text") else "").items():
            if button.accessibleDescription() != text:
                button.setAccessibleDescription(text)

    def say(self, text: str) -> None:
        """A key's reading, shown as the coach's line and said."""
        self.coach_text.setText(text)
        self.coach_text.show()
        announce(self.coach_text, text)

    def _toggle_log(self) -> None:
        """Show or hide the game's log (its button)."""
        shown = self.log_button.isChecked()
        self.log.setVisible(shown)
        self._name_log_button()
        if shown:
            self.log.scrollToBottom()

    def _name_log_button(self) -> None:
        self.log_button.setText(_("Hide the log") if self.log_button.isChecked()
                                else _("Show the log"))

    def take_back_card(self) -> None:
        self.table.take_back()
        self.hand.clear_selection()

    # --- look and language -----------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self.arrange()
        return super().eventFilter(watched, event)

    def set_look(self, deck: Deck, card_height: int) -> None:
        self.deck, self.card_height = deck, card_height
        self.trick.set_deck(deck)
        self.felt.set_deck(deck)
        self.hand.set_deck(deck)
        self.hand.set_card_height(card_height)

    def retranslate_ui(self) -> None:
        texts = {"play_anyway": (self.play_anyway, _("Play it anyway")),
                 "take_back": (self.take_back, _("Take it back")),
                 "next_round": (self.next_round_button, _("Next round")),
                 "review": (self.review_button, _("Review the round")),
                 "retry": (self.retry_button, _("Try again"))}
        for name, (button, text) in texts.items():
            button.setText(_("{action} ({key})").format(action=text, key=key_name(KEYS[name])))
        self.log.setAccessibleName(_("Game log"))
        self._name_log_button()
        self.log_button.setToolTip(_("Every card played and every trick taken in this game"))
        self.table_scroll.setAccessibleName(_("The table"))
        self.trick.retranslate_ui()
        self.hand.retranslate_ui()


def scroll(widget: QWidget, name: str) -> QScrollArea:
    area = QScrollArea()
    area.setObjectName(name)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(widget)
    return area


def wrapping_list(name: str) -> QListWidget:
    """A list whose long lines wrap instead of scrolling sideways."""
    items = QListWidget()
    items.setObjectName(name)
    items.setWordWrap(True)
    items.setTextElideMode(Qt.TextElideMode.ElideNone)
    items.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    items.setResizeMode(QListWidget.ResizeMode.Adjust)
    return items


Reading = Callable[[], "str | None"]

__all__ = ["KEYS", "LOG_HEIGHT", "READINGS", "TableView", "scroll", "wrapping_list"]

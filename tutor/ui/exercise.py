"""One exercise or puzzle on screen: the position, the way to answer, and the feedback.

The engine's solution is known before the learner answers; the view only compares and explains
(``tutor.content.explain``). Every kind is answered with the keyboard alone: cards take focus and
Enter or Space, buttons and spin boxes are in the tab order, Ctrl+Return checks, Ctrl+H shows the
authored hint before answering.

``rated`` says whether an answer given now counts, as on Lichess: a task just shown is rated; a
second try, an answer after the hint was shown, and an answer once the solution was shown are
not. While ``answered`` is emitted, ``rated`` still describes the answer being reported (and
``answer_rated`` keeps it afterwards); once the feedback is shown, the solution is revealed and
``rated`` is False. *Check* with nothing chosen (no card selected, no option chosen) says what
to do in the feedback area and emits nothing: it is no answer.
"""

from __future__ import annotations

import html
from typing import assert_never

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine import Card, CardSet, Trump
from tutor import keys
from tutor.content.explain import player_name
from tutor.content.kinds import explain
from tutor.content.kinds.aside import SPEC as ASIDE
from tutor.content.kinds.best import SPEC as BEST
from tutor.content.kinds.legal import SPEC as LEGAL
from tutor.content.kinds.marks import SPEC as MARKS
from tutor.content.kinds.points import SPEC as POINTS
from tutor.content.kinds.slate import SPEC as SLATE
from tutor.content.kinds.strategy import SPEC as STRATEGY
from tutor.content.kinds.strategy import strategy_situation
from tutor.content.kinds.weis import SPEC as WEIS
from tutor.content.kinds.winner import SPEC as WINNER
from tutor.content.strategy import TRUMP_CODES, answer_choice, view_of
from tutor.content.tasks import (
    CHIBRE_PLAYERS,
    AsideTask,
    BestTask,
    ChoiceTask,
    LegalTask,
    MarksTask,
    PointsTask,
    SlateTask,
    Solution,
    StrategyTask,
    Task,
    WeisTask,
    WinnerTask,
)
from tutor.i18n import _, content_text, ngettext
from tutor.markup import card_html, to_html
from tutor.names import seat_name
from tutor.refs import content_plain, plain
from tutor.ui.cards import CardWidget, HandView, TrickView, TrumpBadge
from tutor.ui.common import announce, label, land, landing, spoken_text
from tutor.ui.flow import FlowLayout
from tutor.ui.trick_row import TrickRow
from tutor.vocab import DEFAULT_DECK

SMALL = 0.62  # small cards (points piles, announcements) as a share of the card height
#: The answers' group is named with the question for screen readers and draws nothing itself.
ANSWERS_STYLE = "#answers { border: 0; margin: 0; padding: 0; }"
HINT_STYLE = ("#hintBox { background: palette(alternate-base); border-left: 4px solid #e0c060;"
              " border-radius: 4px; }")


def _default_prompt(task: Task, context: str = "") -> str:
    """The question of ``task`` when it has no ``prompt:`` of its own."""
    match task:
        case LegalTask():
            if task.players != CHIBRE_PLAYERS:
                return ngettext("Pomme for {count} player: which cards may you play? Select "
                                "every legal card, then check.",
                                "Pomme for {count} players: which cards may you play? Select "
                                "every legal card, then check.", task.players).format(
                                    count=task.players)
            return _("Which cards may you play? Select every legal card, then check.")
        case WinnerTask():
            if task.players != CHIBRE_PLAYERS:
                return ngettext("Pomme for {count} player: which card takes this trick?",
                                "Pomme for {count} players: which card takes this trick?",
                                task.players).format(count=task.players)
            return _("Which card takes this trick?")
        case WeisTask():
            return _("Whose announcement wins?")
        case PointsTask():
            return _("How many points does this team score?")
        case SlateTask():
            return _("How are {points} points drawn on the slate?").format(points=task.points)
        case BestTask():
            return _("Every hand is open. Which card is best for your team?")
        case ChoiceTask():
            return content_plain(task.prompt, context)  # the question is the task's own
        case MarksTask():
            return _("Pomme: what does each player mark for these round points? Set each "
                     "mark, then check.")
        case AsideTask():
            return _("Pomme for 3: it is your turn before your first card, and nobody has "
                     "taken the aside. Take it, or keep your hand?")
        case StrategyTask():
            if task.trump is None:
                return _("Which trump would a strong player name with this hand?")
            if task.need is not None:
                return _("Which card gives your team the best chance of the points it needs?")
            return _("The other hands are hidden. Which card would a strong player play?")
        case _:
            assert_never(task)


def answer_html(task: Task, solution: Solution, context: str = "") -> str:
    """The right answer in words, for the feedback after a wrong one."""
    match task:
        case LegalTask():
            return ", ".join(card_html(card) for card in LEGAL.own_solution(solution).legal)
        case WinnerTask():
            return card_html(WINNER.own_solution(solution).card)
        case WeisTask():
            winner = WEIS.own_solution(solution).winner
            return _("nobody") if winner is None else player_name(winner)
        case PointsTask():
            return str(POINTS.own_solution(solution).total)
        case SlateTask():
            return " · ".join(str(n) for n in SLATE.own_solution(solution).strokes)
        case BestTask():
            return card_html(BEST.own_solution(solution).answer)
        case ChoiceTask():
            return html.escape(content_plain(task.options[task.answer], context))
        case MarksTask():
            return ", ".join(_("{player}: {mark}").format(player=player_name(i),
                                                        mark=mark_text(mark))
                             for i, mark in enumerate(MARKS.own_solution(solution).marks))
        case AsideTask():
            return aside_choice_text(ASIDE.own_solution(solution).take_aside)
        case StrategyTask():
            return strategy_choice_html(STRATEGY.own_solution(solution).answer)
        case _:
            assert_never(task)


class ExerciseView(QWidget):
    """Shows one task; emits ``answered(correct, answer_text)`` once the learner answers."""

    answered = Signal(bool, str)
    hint_shown = Signal()
    retried = Signal()  # the answer was cleared for another try: it is open again
    shown = Signal()  # a task (or the same one again) is on screen: the Tab order is new
    HINT_KEY = keys.EXERCISE_HINT

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("exercise")
        self.deck: str = DEFAULT_DECK
        self.card_height = 110
        self.task: Task | None = None
        self.solution: Solution | None = None
        self.prompt_text: str | None = None
        self.hint_text: str | None = None
        self.context = ""
        #: Said before the question when focus lands on it ("Exercise 2", "Puzzle"): the page's.
        self.heading = ""
        self.result: bool | None = None
        self.hint_used = False  # the hint was shown before this answer
        self.retrying = False  # a second try after a wrong answer
        self.answer_rated: bool | None = None  # whether the last answer counted
        self.rating_note = True  # say "this answer is not rated" (puzzles; lessons do not)
        self._asking: str | None = None  # "legal" or "choice": Check was pressed with no answer
        self._reporting = False  # ``answered`` is being emitted
        self._reset_parts()
        self._build()
        QShortcut(QKeySequence(keys.CHECK), self).activated.connect(self.check)
        QShortcut(QKeySequence(self.HINT_KEY), self).activated.connect(self.show_hint)

    @property
    def rated(self) -> bool:
        """Whether an answer given now is rated (see the module doc)."""
        if self._reporting:
            return bool(self.answer_rated)
        return self.result is None and not self.hint_used and not self.retrying

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        # Focus lands on the question (``setFocus`` on the view goes there); the answers are a
        # group named with it, so a screen reader says the question with the first answer.
        self.prompt = landing(label("exercisePrompt", wrap=True, scale=1.1, bold=True))
        self.setFocusProxy(self.prompt)
        self.body = QGroupBox()
        self.body.setObjectName("answers")
        self.body.setFlat(True)
        self.body.setStyleSheet(ANSWERS_STYLE)
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(0, 0, 0, 0)
        self.check_button = QPushButton()
        self.check_button.setObjectName("checkButton")
        self.check_button.clicked.connect(self.check)
        self.retry_button = QPushButton()
        self.retry_button.setObjectName("retryButton")
        self.retry_button.clicked.connect(self.try_again)
        self.hint_button = QPushButton()
        self.hint_button.setObjectName("hintButton")
        self.hint_button.clicked.connect(self.show_hint)
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.retry_button)
        buttons.addWidget(self.hint_button)
        buttons.addStretch(1)
        self.hint_box = QFrame()
        self.hint_box.setObjectName("hintBox")
        self.hint_box.setStyleSheet(HINT_STYLE)
        hint_layout = QVBoxLayout(self.hint_box)
        hint_layout.setContentsMargins(12, 6, 12, 6)
        self.hint_label = label("hintText", wrap=True)
        self.hint_label.setTextFormat(Qt.TextFormat.RichText)
        self.unrated_label = label("unratedNote", wrap=True)
        hint_layout.addWidget(self.hint_label)
        hint_layout.addWidget(self.unrated_label)
        self.feedback = QFrame()
        self.feedback.setObjectName("feedback")
        feedback_layout = QVBoxLayout(self.feedback)
        # After an answer, focus lands on the verdict, named with the whole feedback
        self.verdict = landing(label("verdict", scale=1.2, bold=True))
        self.explanation = label("explanation", wrap=True)
        self.explanation.setTextFormat(Qt.TextFormat.RichText)
        feedback_layout.addWidget(self.verdict)
        feedback_layout.addWidget(self.explanation)
        for widget in (self.prompt, self.body, self.hint_box):
            layout.addWidget(widget)
        layout.addLayout(buttons)
        layout.addWidget(self.feedback)
        self.feedback.hide()
        self.retry_button.hide()
        self.hint_box.hide()

    # --- showing a task -------------------------------------------------------------------------

    def show_task(self, task: Task, solution: Solution, *, prompt: str | None = None,
                  hint: str | None = None, context: str = "") -> None:
        self.task, self.solution = task, solution
        self.prompt_text, self.hint_text, self.context = prompt, hint, context
        self.result = None
        self.hint_used = self.retrying = False
        self.answer_rated = None
        self._asking = None
        self._rebuild_body()
        self.verdict.clear()
        self.verdict.setAccessibleName("")  # the last verdict's words go with it
        self.explanation.clear()
        self.feedback.hide()
        self.retry_button.hide()
        self._show_hint_state()
        self.retranslate_ui()
        self.shown.emit()

    def tab_order(self) -> list[QWidget]:
        """The view's part of the Tab order: the question, the answers, Check, Hint, the
        verdict, Try again (hidden ones are skipped by Tab)."""
        answers = [w for w in self.body.findChildren(QWidget)
                   if w.focusPolicy() & Qt.FocusPolicy.TabFocus]
        return [self.prompt, *answers, self.check_button, self.hint_button, self.verdict,
                self.retry_button]

    def _clear_body(self) -> None:
        while (item := self.body_layout.takeAt(0)) is not None:
            widget = item.widget()
            if widget is not None:
                widget.hide()  # at once: deletion waits for the event loop
                widget.deleteLater()
            elif (layout := item.layout()) is not None:
                QWidget().setLayout(layout)  # reparent the layout so it is deleted

    def _reset_parts(self) -> None:
        self.hand: HandView | None = None
        self.trick: TrickView | None = None
        self.badge: TrumpBadge | None = None
        self.spins: list[QSpinBox] = []
        self.choice_group: QButtonGroup | None = None
        self.player_buttons: list[QPushButton] = []
        self.weis_views: list[HandView] = []
        self.info: list[tuple[QLabel, str]] = []
        self.seat_views: list[HandView] = []  # best puzzles: the hands of seats 1-3
        self.seat_labels: list[tuple[QLabel, int]] = []
        self.trick_row: TrickRow | None = None  # a Pomme trick of 3 or 5 cards
        self.mark_labels: list[tuple[QLabel, int, int]] = []  # (label, player, points)
        self.aside_view: HandView | None = None  # the aside: its top card and a back
        self.aside_label: QLabel | None = None
        self.choice_buttons: list[QPushButton] = []  # aside: take, keep
        self.hand_label: QLabel | None = None
        self.situation: QLabel | None = None  # strategy: what you know before you choose
        self.strategy_codes: list[str] = []  # strategy: the trump buttons' choices

    def _rebuild_body(self) -> None:
        self._clear_body()
        self._reset_parts()
        task = self.task
        if task is None:
            return
        # Each kind: its trump (cards are drawn in it), its way to answer, and whether the
        # answer is given with Check (else by choosing a card or a player)
        match task:
            case LegalTask():
                self._add_badge(task.trump)
                self._build_legal(task)
                by_check = True
            case WinnerTask():
                self._add_badge(task.trump)
                self._build_winner(task)
                by_check = False
            case WeisTask():
                self._add_badge(task.trump)
                self._build_weis(task)
                by_check = False
            case PointsTask():
                self._add_badge(task.trump)
                self._build_points(task)
                by_check = True
            case SlateTask():
                self._build_slate()
                by_check = True
            case ChoiceTask():
                self._build_choice(task)
                by_check = True
            case BestTask():
                self._add_badge(task.trump)
                self._build_best(task)
                by_check = False
            case MarksTask():
                self._build_marks(task)
                by_check = True
            case AsideTask():
                self._add_badge(task.trump)
                self._build_aside(task)
                by_check = False
            case StrategyTask():
                if task.trump is not None:
                    self._add_badge(task.trump)
                self._build_strategy(task)
                by_check = False
            case _:
                assert_never(task)
        self.check_button.setVisible(by_check)
        self.check_button.setEnabled(True)
        # Qt shows widgets added to a shown layout on the next turn of the event loop; until
        # then the page would lay out by the last exercise's size (the figure beside this one
        # or above it), so they are shown now
        direct = Qt.FindChildOption.FindDirectChildrenOnly
        for child in self.body.findChildren(QWidget, options=direct):
            if child.isHidden() and not child.testAttribute(
                    Qt.WidgetAttribute.WA_WState_ExplicitShowHide):
                child.show()

    def _add_badge(self, trump: Trump) -> None:
        self.badge = TrumpBadge(deck=self.deck)
        self.badge.set_trump(trump)
        self.body_layout.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignLeft)

    def _pomme_trick(self, trump: Trump, trick: tuple[Card, ...], height: int) -> TrickRow:
        row = TrickRow(deck=self.deck, height=height)
        row.set_trump(trump)
        row.set_trick(trick)
        self.trick_row = row
        self.body_layout.addWidget(row)
        return row

    def _build_legal(self, task: LegalTask) -> None:
        if task.trick and task.players != CHIBRE_PLAYERS:
            self._pomme_trick(task.trump, task.trick, int(self.card_height * 0.8))
        elif task.trick:
            self.trick = TrickView(deck=self.deck, height=int(self.card_height * 0.8))
            self.trick.set_trump(task.trump)
            self.trick.set_trick(task.trick, leader=(4 - len(task.trick)) % 4)
            self.body_layout.addWidget(self.trick)
        self.hand = HandView(deck=self.deck, height=self.card_height)
        self.hand.set_trump(task.trump)
        self.hand.set_cards(task.hand)
        self.hand.set_selectable("multi")
        self.body_layout.addWidget(self.hand)

    def _build_winner(self, task: WinnerTask) -> None:
        if task.players != CHIBRE_PLAYERS:
            row = self._pomme_trick(task.trump, task.trick, self.card_height)
            row.set_selectable(True)
            row.card_chosen.connect(self._winner_chosen)
            return
        self.trick = TrickView(deck=self.deck, height=self.card_height)
        self.trick.set_trump(task.trump)
        self.trick.set_trick(task.trick, leader=0)
        self.trick.set_selectable(True)
        self.trick.card_chosen.connect(self._winner_chosen)
        self.body_layout.addWidget(self.trick)

    def _build_best(self, task: BestTask) -> None:
        """The four open hands around the trick: you at the bottom, your partner at the top,
        the opponents left and right; you pick a card of your hand."""
        small = int(self.card_height * SMALL)
        grid = QGridLayout()
        places = {2: (0, 1), 3: (1, 0), 1: (1, 2)}
        for seat, (row, column) in places.items():
            view = HandView(deck=self.deck, height=small)
            view.set_trump(task.trump)
            view.set_cards(task.hands[seat])
            self.seat_views.append(view)
            grid.addLayout(self._seat_box(seat, view), row, column)
        self.trick = TrickView(deck=self.deck, height=small)
        self.trick.set_trump(task.trump)
        self.trick.set_trick(task.trick, leader=task.leader)
        grid.addWidget(self.trick, 1, 1, Qt.AlignmentFlag.AlignCenter)
        self.hand = HandView(deck=self.deck, height=self.card_height)
        self.hand.set_trump(task.trump)
        self.hand.set_cards(task.hands[0])
        self.hand.set_selectable("single")
        self.hand.card_chosen.connect(self._best_chosen)
        grid.addLayout(self._seat_box(0, self.hand), 2, 0, 1, 3)
        self.body_layout.addLayout(grid)

    def _seat_box(self, seat: int, view: HandView) -> QVBoxLayout:
        box = QVBoxLayout()
        caption = label(f"seat{seat}", bold=seat == 0)
        caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.seat_labels.append((caption, seat))
        box.addWidget(caption)
        box.addWidget(view, 0, Qt.AlignmentFlag.AlignHCenter)
        return box

    def _build_marks(self, task: MarksTask) -> None:
        """Each player's round points and a spin box for their mark (−1 to 3)."""
        grid = QGridLayout()
        for index, points in enumerate(task.points):
            caption = QLabel()
            spin = QSpinBox()
            spin.setObjectName(f"answerSpin{index}")
            spin.setRange(-1, 3)
            caption.setBuddy(spin)
            self.mark_labels.append((caption, index, points))
            self.spins.append(spin)
            grid.addWidget(caption, index, 0)
            grid.addWidget(spin, index, 1)
        grid.setColumnStretch(2, 1)
        self.body_layout.addLayout(grid)

    def _build_aside(self, task: AsideTask) -> None:
        """Your hand, the aside (its face-up top card on a face-down pile), the trick so far,
        and the two choices as buttons."""
        if task.trick:
            self._pomme_trick(task.trump, task.trick, int(self.card_height * 0.8))
        row = QHBoxLayout()
        self.aside_view = HandView(deck=self.deck, height=int(self.card_height * 0.8))
        self.aside_view.set_trump(task.trump)
        self.aside_view.set_cards([task.top])
        back = CardWidget(None, self.deck, int(self.card_height * 0.8))
        back.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        back.set_interactive(False)
        self.aside_label = label("asideLabel", wrap=True)
        row.addWidget(back)
        row.addWidget(self.aside_view)
        row.addWidget(self.aside_label, 1)
        self.body_layout.addLayout(row)
        self.hand_label = label("handLabel")
        self.body_layout.addWidget(self.hand_label)
        self.hand = HandView(deck=self.deck, height=self.card_height)
        self.hand.set_trump(task.trump)
        self.hand.set_cards(task.hand)
        self.body_layout.addWidget(self.hand)
        buttons = QHBoxLayout()
        for take in (True, False):
            button = QPushButton()
            button.setObjectName("takeAside" if take else "keepHand")
            button.clicked.connect(lambda _checked=False, t=take: self._aside_chosen(t))
            self.choice_buttons.append(button)
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.body_layout.addLayout(buttons)

    def _build_strategy(self, task: StrategyTask) -> None:
        """What you know (who named trump, the tricks so far, the announcements, the score),
        the trick in progress, your hand; you pick a legal card, or a trump with its button."""
        self.situation = label("situation", wrap=True)
        self.body_layout.addWidget(self.situation)
        if task.trump is None:
            self.hand = HandView(deck=self.deck, height=self.card_height)
            self.hand.set_cards(task.deal[0])
            self.body_layout.addWidget(self.hand)
            buttons = FlowLayout()  # wraps at the minimum size or with a large font
            codes = [code for code in TRUMP_CODES if code != "chibre" or not task.chibred]
            for code in codes:
                button = QPushButton()
                button.setObjectName(f"strategy_{code}")
                button.clicked.connect(lambda _checked=False, c=code: self._strategy_chosen(c))
                self.choice_buttons.append(button)
                self.strategy_codes.append(code)
                buttons.addWidget(button)
            self.body_layout.addLayout(buttons)
            return
        view = view_of(task)
        if view.trick:
            self.trick = TrickView(deck=self.deck, height=int(self.card_height * SMALL))
            self.trick.set_trump(task.trump)
            self.trick.set_trick(view.trick, leader=view.leader)
            self.body_layout.addWidget(self.trick, 0, Qt.AlignmentFlag.AlignHCenter)
        self.hand = HandView(deck=self.deck, height=self.card_height)
        self.hand.set_trump(task.trump)
        self.hand.set_cards(view.hand)
        self.hand.set_legal(CardSet([a for a in view.legal_actions if isinstance(a, Card)]))
        self.hand.set_selectable("single")
        self.hand.card_chosen.connect(lambda card: self._strategy_chosen(str(card)))
        self.body_layout.addWidget(self.hand)

    def _strategy_chosen(self, code: str) -> None:
        if self.result is None:
            self._finish(code == task_answer(self), code)

    def _build_weis(self, task: WeisTask) -> None:
        grid = QGridLayout()
        height = int(self.card_height * SMALL)
        for index, cards in enumerate(task.players):
            button = QPushButton()
            button.setObjectName(f"player{index}")
            button.clicked.connect(lambda _checked=False, i=index: self._weis_chosen(i))
            view = HandView(deck=self.deck, height=height)
            view.set_trump(task.trump)
            view.set_cards(cards)
            self.player_buttons.append(button)
            self.weis_views.append(view)
            grid.addWidget(button, index, 0)
            grid.addWidget(view, index, 1, Qt.AlignmentFlag.AlignLeft)
        nobody = QPushButton()
        nobody.setObjectName("nobody")
        nobody.clicked.connect(lambda: self._weis_chosen(None))
        self.player_buttons.append(nobody)
        grid.addWidget(nobody, 4, 0)
        grid.setColumnStretch(1, 1)
        self.body_layout.addLayout(grid)

    def _build_points(self, task: PointsTask) -> None:
        height = int(self.card_height * SMALL)
        piles = [CardSet(trick) for trick in task.tricks] if task.tricks else [task.cards]
        grid = QGridLayout()
        columns = 3 if len(piles) > 2 else len(piles)
        for index, pile in enumerate(piles):
            view = HandView(deck=self.deck, height=height)
            view.set_trump(task.trump)
            view.set_cards(pile)
            grid.addWidget(view, index // columns, index % columns, Qt.AlignmentFlag.AlignLeft)
        self.body_layout.addLayout(grid)
        self._points_info(task)
        self._spin_row([(_("Points"), 2000)])

    def _points_info(self, task: PointsTask) -> None:
        facts = []
        if task.last or task.match:
            facts.append("last")
        if task.weis:
            facts.append("weis")
        if task.stoeck:
            facts.append("stoeck")
        if task.rules.pique_double:
            facts.append("pique")
        for fact in facts:
            info = label(f"fact_{fact}", wrap=True)
            self.info.append((info, fact))
            self.body_layout.addWidget(info)

    def _spin_row(self, fields: list[tuple[str, int]]) -> None:
        row = QHBoxLayout()
        for index, (text, maximum) in enumerate(fields):
            caption = QLabel(text)
            spin = QSpinBox()
            spin.setObjectName(f"answerSpin{index}")
            spin.setRange(0, maximum)
            spin.setAccessibleName(text)
            caption.setBuddy(spin)
            row.addWidget(caption)
            row.addWidget(spin)
            self.spins.append(spin)
        row.addStretch(1)
        self.body_layout.addLayout(row)

    def _build_slate(self) -> None:
        self._spin_row([(_("Strokes for 100"), 100), (_("Half-crosses for 50"), 1),
                        (_("Strokes for 20"), 4), (_("At the side"), 19)])

    def _build_choice(self, task: ChoiceTask) -> None:
        self.choice_group = QButtonGroup(self)
        for index, option in enumerate(task.options):
            radio = QRadioButton(content_plain(option, self.context))
            radio.setObjectName(f"choice{index}")
            radio.installEventFilter(self)  # Enter chooses, as on a card
            self.choice_group.addButton(radio, index)
            self.body_layout.addWidget(radio)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter on an answer of a choice chooses it, as Space does (and as Enter on a card)."""
        if (isinstance(watched, QRadioButton) and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and not event.modifiers() & Qt.KeyboardModifier.ControlModifier):
            watched.setChecked(True)
            return True
        return super().eventFilter(watched, event)

    # --- answering ------------------------------------------------------------------------------

    def check(self) -> None:
        """Check the answer given with the selection, spin boxes or choices."""
        task = self.task
        if task is None or self.result is not None:
            return
        match task:
            case LegalTask():
                if self.hand is None:
                    return
                chosen = self.hand.selected()
                if not chosen:
                    self._ask("legal")
                    return
                self._finish(chosen == task_answer(self), " ".join(map(str, chosen)))
            case PointsTask():
                value = self.spins[0].value()
                self._finish(value == task_answer(self), str(value))
            case MarksTask():
                marks = tuple(spin.value() for spin in self.spins)
                self._finish(marks == task_answer(self), ",".join(map(str, marks)))
            case SlateTask():
                values = tuple(spin.value() for spin in self.spins)
                self._finish(values == task_answer(self), ",".join(map(str, values)))
            case ChoiceTask():
                if self.choice_group is None:
                    return
                index = self.choice_group.checkedId()
                if index < 0:
                    self._ask("choice")
                    return
                self._finish(index == task.answer, str(index))
            case WinnerTask() | WeisTask() | BestTask() | AsideTask() | StrategyTask():
                return  # answered by choosing a card, a player or a button: Check is hidden
            case _:
                assert_never(task)

    def _ask(self, what: str) -> None:
        """*Check* with nothing chosen: say what to do, in the feedback area; no answer."""
        self._asking = what
        self.verdict.clear()
        self.verdict.hide()
        self.feedback.setProperty("right", None)
        self.feedback.style().unpolish(self.feedback)
        self.feedback.style().polish(self.feedback)
        self.explanation.setText(self._asking_text())
        self.feedback.show()
        announce(self.feedback, self.explanation.text())

    def _asking_text(self) -> str:
        if self._asking == "legal":
            return _("Select every card you may play, then check.")
        return _("Choose one of the answers, then check.")

    def show_hint(self) -> None:
        """Show the authored hint before answering; the answer is then not rated."""
        if self.task is None or not self.hint_text or self.result is not None or self.hint_used:
            return
        self.hint_used = True
        self._show_hint_state()
        self.hint_shown.emit()
        announce(self.hint_box, self.hint_label.text() + " " + self.unrated_label.text())

    def _winner_chosen(self, card: Card) -> None:
        if self.result is None:
            self._finish(card == task_answer(self), str(card))

    def _best_chosen(self, card: Card) -> None:
        if self.result is None:
            self._finish(card == task_answer(self), str(card))

    def _aside_chosen(self, take: bool) -> None:
        if self.result is None:
            answer = "take" if take else "keep"
            self._finish(answer == task_answer(self), answer)

    def _weis_chosen(self, index: int | None) -> None:
        if self.result is None:
            self._finish(index == task_answer(self), "none" if index is None else str(index))

    def _finish(self, correct: bool, answer: str) -> None:
        self.answer_rated = self.rated
        self._asking = None
        self.verdict.show()
        self.result = correct
        self._mark_answer()
        self.check_button.setEnabled(False)
        self.retry_button.setVisible(not correct)
        self._show_hint_state()
        self._show_feedback(speak=True)
        self._reporting = True  # ``rated`` describes this answer while the signal is out
        try:
            self.answered.emit(correct, answer)
        finally:
            self._reporting = False

    def _mark_answer(self) -> None:
        """Once answered, the cards show the answer: the legal cards outlined (the others
        dimmed), the winning card or the best card highlighted."""
        task, solution = self.task, self.solution
        if task is None or solution is None:
            return
        match task:
            case LegalTask():
                if self.hand is not None:
                    self.hand.set_legal(LEGAL.own_solution(solution).legal)
            case WinnerTask():
                won = CardSet([WINNER.own_solution(solution).card])
                if self.trick is not None:
                    self.trick.set_highlight(won, "winner")
                if self.trick_row is not None:
                    self.trick_row.set_highlight(won, "winner")
                    self.trick_row.set_selectable(False)
            case BestTask():
                if self.hand is not None:
                    self.hand.set_highlight(CardSet([BEST.own_solution(solution).answer]), "best")
                    self.hand.set_selectable("none")
            case AsideTask():
                for button in self.choice_buttons:
                    button.setEnabled(False)
            case StrategyTask():
                for button in self.choice_buttons:
                    button.setEnabled(False)
                answer = answer_choice(STRATEGY.own_solution(solution).answer)
                if self.hand is not None and isinstance(answer, Card):
                    self.hand.set_highlight(CardSet([answer]), "best")
                    self.hand.set_selectable("none")
            case WeisTask() | PointsTask() | SlateTask() | ChoiceTask() | MarksTask():
                pass  # the answer is a player, a number or a choice: no card to mark
            case _:
                assert_never(task)

    def try_again(self) -> None:
        """Clear the answer and let the learner answer once more; that answer is not rated."""
        if self.task is not None and self.solution is not None:
            hint_used = self.hint_used
            self.show_task(self.task, self.solution, prompt=self.prompt_text, hint=self.hint_text,
                           context=self.context)
            self.retrying, self.hint_used = True, hint_used
            self._show_hint_state()
            self.retried.emit()
            land(self.prompt)  # the question, once more

    def _show_hint_state(self) -> None:
        """The Hint button before the hint is used; the hint and the note once it is; neither
        after answering (the hint is then part of the explanation). A second try says it is
        not rated either."""
        open_task = self.task is not None and self.result is None
        self.hint_button.setVisible(open_task and bool(self.hint_text) and not self.hint_used)
        shown = open_task and self.hint_used and bool(self.hint_text)
        self.hint_label.setVisible(shown)
        if shown and self.hint_text:
            rich = to_html(content_text(self.hint_text, self.context))
            lead = "<b>" + _("Hint:") + "</b> "
            self.hint_label.setText("<p>" + lead + rich[3:] if rich.startswith("<p>")
                                    else lead + rich)
        note = ""
        if open_task and self.rating_note:
            if self.hint_used:
                note = _("Hint used: this answer is not rated.")
            elif self.retrying:
                note = _("Second try: this answer is not rated.")
        self.unrated_label.setText(note)
        self.unrated_label.setVisible(bool(note))
        self.hint_box.setVisible(shown or bool(note))

    def _show_feedback(self, speak: bool = False) -> None:
        """The verdict and explanation; with ``speak`` (a new answer, not a new language or
        look), focus lands on the verdict, which a screen reader reads with the explanation."""
        if self.task is None or self.solution is None or self.result is None:
            return
        right = self.result
        self.verdict.setText(_("Right.") if right else _("Not quite."))
        self.feedback.setProperty("right", right)
        self.feedback.style().unpolish(self.feedback)
        self.feedback.style().polish(self.feedback)
        lines = []
        if not right:
            lines.append(_("The answer: {answer}").format(
                answer=answer_html(self.task, self.solution, self.context)))
        if not isinstance(self.task, ChoiceTask):
            lines += [to_html(line) for line in explain(self.task, self.solution)]
        if self.hint_text:
            lines.append("<i>" + to_html(content_text(self.hint_text, self.context)) + "</i>")
        self.explanation.setText("".join(lines))
        self.feedback.show()
        said = self.verdict.text() + " " + self.explanation.text()
        if speak:
            announce(self.verdict, said, focus=True)
        else:
            self.verdict.setAccessibleName(spoken_text(said))

    def retranslate_ui(self) -> None:
        prompt = self.prompt_text
        self.prompt.setText(content_plain(prompt, self.context) if prompt
                            else _default_prompt(self.task, self.context) if self.task else "")
        question = self.prompt.text()
        self.prompt.setAccessibleName(f"{self.heading}: {question}" if self.heading
                                      else question)
        self.body.setAccessibleName(question)  # the answers' group is named by its question
        self.check_button.setText(_("Check"))
        self.check_button.setToolTip(_("Check the answer (Ctrl+Return)"))
        if isinstance(self.task, ChoiceTask) and self.choice_group is not None:
            for index, option in enumerate(self.task.options):  # the language or deck changed
                button = self.choice_group.button(index)
                if button is not None:
                    button.setText(content_plain(option, self.context))
        self.retry_button.setText(_("Try again"))
        self.retry_button.setToolTip(_("Answer once more; a second try is not rated"))
        self.hint_button.setText(_("Hint"))
        self.hint_button.setToolTip(_("Show the hint ({key}); the answer is then not rated")
                                    .format(key=self.HINT_KEY))
        self._show_hint_state()
        if self._asking is not None:
            self.explanation.setText(self._asking_text())
        for index, button in enumerate(self.player_buttons):
            button.setText(player_name(index) if index < 4 else _("Nobody"))
        facts = {
            "last": _("One of these tricks was the last trick of the round."),
            "weis": _("The team also scores its announcements: {list}."),
            "stoeck": _("The team also scores Stöck."),
            "pique": _("Pique double is in force."),
        }
        if isinstance(self.task, PointsTask):
            shown = ", ".join(" ".join(str(c) for c in w) for w in self.task.weis)
            for info, fact in self.info:
                info.setText(facts[fact].format(list=shown))
        for caption, seat in self.seat_labels:
            caption.setText(seat_name(seat))
        for caption, player, points in self.mark_labels:
            caption.setText(ngettext("{player}: {points} point", "{player}: {points} points",
                                     points).format(player=player_name(player), points=points))
        if isinstance(self.task, AsideTask) and self.aside_label is not None:
            self.aside_label.setText(plain(
                _("The aside: nine cards, the {top} face up on top; you have seen none of "
                  "the others.").format(top="{" + str(self.task.top) + "}")))
            for button, take in zip(self.choice_buttons, (True, False), strict=True):
                button.setText(aside_choice_text(take))
            if self.hand_label is not None:
                self.hand_label.setText(_("Your hand:"))
        if isinstance(self.task, StrategyTask):
            if self.situation is not None:
                self.situation.setText("<br>".join(
                    to_html(line)[3:-4] if to_html(line).startswith("<p>") else to_html(line)
                    for line in strategy_situation(self.task)))
            for button, code in zip(self.choice_buttons, self.strategy_codes, strict=True):
                button.setText(strategy_choice_text(code))
        for widget in (self.hand, self.trick, self.trick_row, self.aside_view,
                       *self.weis_views, *self.seat_views):
            if widget is not None:
                widget.retranslate_ui()
        if self.badge is not None:
            self.badge.retranslate_ui()
        if self.result is not None:
            self._show_feedback()

    def set_look(self, deck: str, card_height: int) -> None:
        """Show cards of ``deck`` at ``card_height`` pixels, keeping the answer state."""
        self.deck, self.card_height = deck, card_height
        if self.task is not None and self.solution is not None and self.result is None:
            self._rebuild_body()
            self.retranslate_ui()


def mark_text(mark: int) -> str:
    """A mark as the score shows it: +2, 0, −1."""
    return f"+{mark}" if mark > 0 else f"−{-mark}" if mark < 0 else "0"


def aside_choice_text(take: bool) -> str:
    """The two answers of an aside exercise."""
    return _("Take the aside") if take else _("Keep my hand")


def strategy_choice_text(code: str) -> str:
    """A trump decision's answer in words: the suit as trump, or chibre."""
    if code == "chibre":
        return _("Chibre")
    return plain("{suit:" + code + "}")


def strategy_choice_html(code: str) -> str:
    """A strategy answer for the feedback: the card drawn as a name, the suit, or chibre."""
    choice = answer_choice(code)
    if isinstance(choice, Card):
        return card_html(choice)
    return html.escape(strategy_choice_text(code))


def task_answer(view: ExerciseView) -> object:
    return view.solution.answer if view.solution is not None else None


__all__ = ["ExerciseView", "answer_html"]

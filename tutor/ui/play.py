"""The Play page: draws the table of ``tutor.table.Table`` and takes the learner's input.

The tool bar chooses the game before a new one: Chibre for four, or Pomme (Putz, R-POMME) for
three or five, whose table (``tutor.table.pomme.PommeTable``, drawn by
``tutor.ui.pomme.PommeTableView`` on a page of the stack of its own) has no partner across; in a
game of Pomme H takes the aside and G exchanges the 6 of trump (003), and Ctrl+H asks for the
hint (it does in a game of Chibre too, where H still does).

The learner sits at the bottom (``tutor.vocab.LEARNER_SEAT``), the partner at the top. All that
decides (whose turn, what is legal, what the coach says, what is saved) is the table's; this page
renders its state after every change (``_paint``), in the language and deck in force, and runs
its background work through ``tutor.ui.background.QtRunner``. After each round: the result and
the par, and the review, trick by trick.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    QEasingCurve,
    QEvent,
    QObject,
    QPoint,
    QPropertyAnimation,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QBoxLayout,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from engine import (
    CHIBRE,
    Card,
    CardPlayed,
    CardSet,
    Chibre,
    Conventions,
    Dealt,
    GameView,
    Phase,
    PommeChoice,
    PommeView,
    Rules,
    Suit,
    Trump,
    TrumpChosen,
    WeisChoice,
)
from tutor import keys
from tutor.course import CourseLink, advice_theme
from tutor.games import GameStore
from tutor.i18n import _, format_number
from tutor.jobs import Failure
from tutor.names import seat_name, suit_name, team_name
from tutor.refs import content_plain
from tutor.speech import DEFAULT_SPEECH
from tutor.table import pomme_words, words
from tutor.table.controller import GUIDED_TARGET, Table
from tutor.table.flow import Stage
from tutor.table.pomme import PommeTable
from tutor.table.session import Review, Session
from tutor.table.worker import WorkerProcess
from tutor.ui.background import QtRunner, log_failure
from tutor.ui.cards import REVIEW_MARKS, CardMarksLegend, HandView, TrickView, TrumpBadge
from tutor.ui.common import (
    QWIDGETSIZE_MAX,
    announce,
    dim,
    key_name,
    label,
    landing,
    push_button,
)
from tutor.ui.flow import FlowLayout
from tutor.ui.pomme import PommeTableView
from tutor.ui.slate import SlateWidget
from tutor.vocab import (
    BOT_LEVELS,
    COACH_LEVELS,
    DEFAULT_BOT,
    DEFAULT_COACH,
    DEFAULT_DECK,
    DEFAULT_VARIANT,
    LEARNER,
    VARIANT_PLAYERS,
    VARIANTS,
    Deck,
    Player,
    Variant,
)

TRICK_HEIGHT = 96  # the trick's cards at 1280×800 with the usual card size
TRICK_MIN_HEIGHT = 64  # the smallest the trick's cards become to fit a low window
LOG_HEIGHT = 120  # the game's log at most
TABLE, REVIEW, STATS, POMME = range(4)  # the pages of the stack
TABLES = (TABLE, POMME)  # the pages that are a table: Chibre's and Pomme's
#: Keys of the buttons that come and go (shown on them); A C F S T H read or act on the table.
KEYS = keys.TABLE_BUTTONS


def _course_sentence(link: CourseLink) -> str:
    """The review's word on a mistake's strategy lesson."""
    title = content_plain(link.lesson.title, link.lesson.id)
    return _("This is the theme of lesson {number}, “{title}”: read it again, or practise "
             "with two puzzles on it.").format(number=link.lesson.number, title=title)


class PlayPage(QWidget):
    """Seats, trick, hand, scores and slate, with the coach beside them."""

    notice = Signal(str)  # something failed: for the window's notice bar
    game_finished = Signal()
    #: The review's link to the strategy course: a lesson id; two puzzle ids and their theme.
    lesson_requested = Signal(str)
    puzzles_requested = Signal(tuple, str)

    def __init__(self, rules: Rules, parent: QWidget | None = None, *,
                 store: GameStore | None = None, fast: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("playPage")
        self.rules = rules
        self.runner = QtRunner(self)
        self.worker = None if fast else WorkerProcess()
        games = store if store is not None else GameStore()
        self.table = Table(games, self.runner, fast=fast,
                           listener=self._paint, notice=self._failed, worker=self.worker)
        #: the table of a game of Pomme (R-POMME, 3 or 5 players); one game at a time is played
        #: and saved, of either kind: ``playing`` says which is at the table
        self.pomme = PommeTable(games, self.runner, fast=fast, listener=self._paint,
                                notice=self._failed)
        self.playing: Variant = DEFAULT_VARIANT
        if self.worker is not None:
            self.destroyed.connect(self.worker.close)
            app = QApplication.instance()
            if app is not None:  # quitting does not wait for a replay under way
                app.aboutToQuit.connect(self.worker.close)
        self.fast = fast
        self.on_game_over: Callable[[], None] | None = None
        self.deck: Deck = DEFAULT_DECK
        self.card_height = 110
        self.wide = True  # the side panel beside the table (see _arrange_table)
        self.reviewing = -1  # the round shown in the review
        self.reviews: list[Review] = []
        self.review_links: list[CourseLink | None] = []  # beside ``reviews``, row by row
        self._logged: tuple[int, int] = (0, 0)  # (id of the log list, lines shown)
        self._log_trump: Trump | None = None  # the trump of the last log item's round
        #: what screen readers hear of the table as it happens: every card, tricks only, off
        self.speech = DEFAULT_SPEECH
        self._focused_at: object = None  # the decision focus was last moved for
        self._stage = Stage.EMPTY
        self._build()
        self.retranslate_ui()

    # --- layout ---------------------------------------------------------------------------------

    def _build(self) -> None:
        self.new_button = push_button("newGame", self.ask_new_game)
        self.guided_button = push_button("guidedGame", lambda: self.ask_new_game(guided=True))
        self.resume_button = push_button("resumeGame", self.resume)
        self.variant_box = QComboBox()
        self.variant_box.setObjectName("variant")
        for variant in VARIANTS:
            self.variant_box.addItem("", variant)
        self.variant_box.currentIndexChanged.connect(lambda _i: self._variant_chosen())
        self.level_boxes = []
        self.level_labels = []
        self.level_pairs: list[QWidget] = []
        for seat in (1, 2, 3, 4):  # the fourth only for Pomme for 5
            box = QComboBox()
            box.setObjectName(f"level{seat}")
            for bot in BOT_LEVELS:
                box.addItem("", bot)
            box.setCurrentIndex(BOT_LEVELS.index(DEFAULT_BOT))
            self.level_boxes.append(box)
            self.level_labels.append(QLabel())
        self.coach_box = QComboBox()
        self.coach_box.setObjectName("coachLevel")
        for coach in COACH_LEVELS:
            self.coach_box.addItem("", coach)
        self.coach_box.setCurrentIndex(COACH_LEVELS.index(DEFAULT_COACH))
        self.coach_box.currentIndexChanged.connect(lambda _i: self._coach_chosen())
        self.coach_label = QLabel()
        self.hint_button = push_button("hintButton", self.ask_hint)
        self.stats_button = push_button("statsButton", self.show_statistics)
        # The tool bar wraps onto a second row when the window is narrow or the font large.
        bar = QWidget()
        bar.setObjectName("playBar")
        flow = FlowLayout(bar)
        flow.addWidget(self.new_button)
        flow.addWidget(self.guided_button)
        flow.addWidget(self.resume_button)
        for caption, box in (*zip(self.level_labels, self.level_boxes, strict=True),
                             (self.coach_label, self.coach_box)):
            caption.setBuddy(box)
            pair = _pair(caption, box)
            if box in self.level_boxes:
                self.level_pairs.append(pair)
            flow.addWidget(pair)
        self.level_pairs[3].hide()
        # the game to play: its items say what they are ("Chibre", "Pomme for 3"), so it has no
        # caption (the tool bar keeps two rows in the smallest window); its name says "Game"
        flow.addWidget(self.variant_box)
        flow.add_stretch()
        flow.addWidget(self.stats_button)
        flow.addWidget(self.hint_button)
        self.confirm = self._confirm_bar()
        self.stack = QStackedWidget()
        self.stack.addWidget(self._table())
        self.stack.addWidget(self._review_panel())
        self.stack.addWidget(self._stats_panel())
        self.pomme_view = PommeTableView()
        self.pomme_view.action.connect(self.learner_acts)
        self.pomme_view.next_round_button.clicked.connect(self.pomme.next_round)
        self.pomme_view.take_back_button.clicked.connect(self._take_back)
        self.pomme_view.play_anyway_button.clicked.connect(self.pomme.play_anyway)
        self.pomme_view.retry_button.clicked.connect(self.pomme.retry)
        self.stack.addWidget(self.pomme_view)
        self._pomme_logged: tuple[int, int] = (0, 0)
        self.stack.currentChanged.connect(lambda _index: self._name_parts())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.addWidget(bar)
        layout.addWidget(self.confirm)
        layout.addWidget(self.stack, 1)
        # where focus lands on the page when there is no decision to take: whose turn it is
        self.status = landing(label("playStatus", wrap=True, scale=1.1, bold=True))
        layout.addWidget(self.status)
        self._shortcuts()
        self._enter = _EnterClicks(self)
        for button in self.findChildren(QPushButton):
            button.installEventFilter(self._enter)  # Enter presses a button, as Space does

    def _confirm_bar(self) -> QFrame:
        """Asks before a new game replaces the one in progress (which is kept as abandoned)."""
        frame = QFrame()
        frame.setObjectName("confirmNewGame")
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        row = QHBoxLayout(frame)
        self.confirm_text = label("confirmText", wrap=True)
        self.confirm_yes = push_button("confirmYes", self._confirmed)
        self.confirm_no = push_button("confirmNo", self._keep_playing)
        row.addWidget(self.confirm_text, 1)
        row.addWidget(self.confirm_yes)
        row.addWidget(self.confirm_no)
        frame.hide()
        self._guided_asked = False
        return frame

    def _table(self) -> QWidget:
        """The trick, the actions, the hand, the coach's line and the log on the left; trump,
        announcements, scores, the slate and the legend of the card marks on the right. In a
        scroll area: the trick's cards shrink to fit the height first (``_arrange_table``), and
        only when that is not enough (a large font, large cards) does the table scroll."""
        self.trick = TrickView(height=TRICK_HEIGHT)
        self.trick.say_winning(True)  # at the table, the card winning so far says so
        self.badge = TrumpBadge()
        self.trump_info = dim(label("trumpInfo", wrap=True))
        self.weis_info = label("weisInfo", wrap=True)
        self.score_info = label("scoreInfo", wrap=True)
        self.slate = SlateWidget()
        self.legend = CardMarksLegend()
        self.side = side = QWidget()
        side.setObjectName("playSide")
        info = QVBoxLayout(side)
        info.setContentsMargins(0, 0, 0, 0)
        info.addWidget(self.badge)
        for widget in (self.trump_info, self.weis_info, self.score_info):
            info.addWidget(widget)
        info.addStretch(1)
        info.addWidget(self.slate)
        info.addWidget(self.legend)
        self.trump_buttons: list[QPushButton] = []
        for index in range(4):
            button = QPushButton()
            button.setObjectName(f"trump{index}")
            button.clicked.connect(lambda _c=False, i=index: self.learner_acts(Trump(i)))
            self.trump_buttons.append(button)
        self.chibre_button = push_button("chibreButton", lambda: self.learner_acts(CHIBRE))
        self.announce_button = push_button("announceButton",
                                           lambda: self.learner_acts(WeisChoice.ANNOUNCE))
        self.withhold_button = push_button("withholdButton",
                                           lambda: self.learner_acts(WeisChoice.WITHHOLD))
        self.play_anyway = push_button("playAnyway", self.table.play_anyway)
        self.take_back = push_button("takeBack", self._take_back)
        self.next_round_button = push_button("nextRound", self.table.next_round)
        self.review_button = push_button("reviewRound", self.show_review)
        self.retry_button = push_button("retryButton", self.table.retry)
        self.action_bar = QWidget()
        self.action_bar.setObjectName("playActions")
        actions = FlowLayout(self.action_bar)
        for button in (*self.trump_buttons, self.chibre_button, self.announce_button,
                       self.withhold_button, self.take_back, self.play_anyway,
                       self.next_round_button, self.review_button, self.retry_button):
            actions.addWidget(button)
            button.hide()
        self.hand = HandView(height=self.card_height)
        self.hand.set_selectable("single")
        self.hand.card_chosen.connect(self.learner_acts)
        self.coach_text = label("coachText", wrap=True)
        self.coach_text.setTextFormat(Qt.TextFormat.PlainText)
        self.log = _wrapping_list("playLog")
        self.log.setMaximumHeight(LOG_HEIGHT)
        self.log.setMinimumHeight(3 * self.log.fontMetrics().lineSpacing() + 8)  # 3 lines
        self.left = QVBoxLayout()
        self.left.setContentsMargins(0, 0, 0, 0)
        self.left.addWidget(self.trick, 1, Qt.AlignmentFlag.AlignCenter)
        self.left.addWidget(self.action_bar)
        self.left.addWidget(self.hand)
        self.left.addWidget(self.coach_text)
        self.left.addWidget(self.log)
        self.left.addStretch(0)  # takes the spare height when the table scrolls
        table = QWidget()
        table.setObjectName("playTable")
        self.row = row = QBoxLayout(QBoxLayout.Direction.LeftToRight, table)
        row.setContentsMargins(0, 0, 0, 0)
        # The side panel scrolls on its own when a round's announcements make it long, so the
        # trick and the hand stay whole beside it.
        self.side_scroll = _scroll(side, "playSideScroll")
        self.side_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        row.addLayout(self.left, 3)
        row.addWidget(self.side_scroll, 1)
        self.table_scroll = _scroll(table, "playTableScroll")
        self.table_scroll.viewport().installEventFilter(self)
        table.installEventFilter(self)
        side.installEventFilter(self)
        return self.table_scroll

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self._arrange_table()
        return super().eventFilter(watched, event)

    def _arrange_table(self) -> None:
        """Fit the table to the space it has.

        The side panel sits beside the table when both fit side by side, else below it (a
        narrow window with a large font). The trick's cards are as large as the height allows,
        between ``TRICK_MIN_HEIGHT`` and a little smaller than the hand's; the log takes what is
        left, three lines at least. When the table fits the height, only the side panel scrolls
        (a round with many announcements); when it does not, the whole table scrolls, once.
        """
        viewport = self.table_scroll.viewport()
        side = self.side
        bar = self.side_scroll.verticalScrollBar().sizeHint().width()
        side_width = side.minimumSizeHint().width() + bar
        wide = viewport.width() >= self.left.minimumSize().width() + self.row.spacing() + side_width
        self.row.setDirection(QBoxLayout.Direction.LeftToRight if wide
                              else QBoxLayout.Direction.TopToBottom)
        self.side_scroll.setMinimumWidth(side_width if wide else 0)
        fits = self._fit_table(viewport.height())
        # a table that scrolls keeps the trick and the hand together at the top; one that fits
        # has the trick in the middle of the spare height
        self.left.setStretch(0, 1 if fits else 0)
        self.left.setStretch(self.left.count() - 1, 0 if fits else 1)
        if wide and fits:
            self.side_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            self.side_scroll.setMinimumHeight(0)
            self.side_scroll.setMaximumHeight(QWIDGETSIZE_MAX)
        else:
            self.side_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            width = self.side_scroll.width() if wide else viewport.width()
            height = side.heightForWidth(width)
            self.side_scroll.setFixedHeight(height if height >= 0 else side.sizeHint().height())
        self.wide = wide

    def _fit_table(self, viewport: int) -> bool:
        """Size the trick and the log for a table ``viewport`` high; whether it fits."""
        spacing = max(0, self.left.spacing())
        width = self.hand.width()
        other = spacing
        for widget in (self.action_bar, self.hand, self.coach_text):
            if widget.isHidden():
                continue
            if widget.hasHeightForWidth():
                height = widget.heightForWidth(max(1, width))
            else:
                height = widget.minimumSizeHint().height()
            other += max(0, height) + spacing
        log_min = self.log.minimumHeight()
        largest = max(TRICK_MIN_HEIGHT, round(self.card_height * 0.87))
        chosen = TRICK_MIN_HEIGHT
        for height in range(largest, TRICK_MIN_HEIGHT - 1, -4):
            if self.trick.size_for(height).height() + other + log_min <= viewport:
                chosen = height
                break
        if chosen != self.trick.card_height():
            self.trick.set_card_height(chosen)
        left = viewport - self.trick.size_for(chosen).height() - other
        self.log.setMaximumHeight(max(log_min, min(LOG_HEIGHT, left)))
        return left >= log_min

    def _review_panel(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        self.review_heading = label("reviewHeading", wrap=True, scale=1.3, bold=True)
        self.review_par = label("reviewPar", wrap=True)
        self.review_list = _wrapping_list("reviewList")
        self.review_list.currentRowChanged.connect(self._show_reviewed)
        self.review_trick = TrickView(height=90)
        self.review_hand = HandView(height=80)
        self.review_legend = CardMarksLegend(marks=REVIEW_MARKS, columns=2)
        self.review_text = label("reviewText", wrap=True)
        self.course_text = label("courseText", wrap=True)
        self.course_lesson = push_button("courseLesson", self._open_course_lesson)
        self.course_puzzles = push_button("coursePuzzles", self._open_course_puzzles)
        course_row = QHBoxLayout()
        course_row.addWidget(self.course_lesson)
        course_row.addWidget(self.course_puzzles)
        course_row.addStretch(1)
        #: Where the review sends the learner for a theme (the window gives it its content).
        self.course: Callable[[str | None], CourseLink | None] = lambda theme: None
        self.course_shown: CourseLink | None = None
        self.review_back = push_button("reviewBack", self.back_to_table)
        right = QVBoxLayout()
        right.addWidget(self.review_trick)
        right.addWidget(self.review_hand)
        right.addWidget(self.review_legend)
        right.addWidget(self.review_text)
        right.addWidget(self.course_text)
        right.addLayout(course_row)
        right.addStretch(1)
        holder = QWidget()
        holder.setLayout(right)
        split = QSplitter()
        split.setChildrenCollapsible(False)
        split.addWidget(self.review_list)
        self.review_scroll = _scroll(holder, "reviewScroll")
        split.addWidget(self.review_scroll)  # a low window scrolls the decision
        split.setSizes([460, 660])
        layout.addWidget(self.review_heading)
        layout.addWidget(self.review_par)
        layout.addWidget(split, 1)
        layout.addWidget(self.review_back, 0, Qt.AlignmentFlag.AlignLeft)
        return panel

    def _stats_panel(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        self.stats_heading = label("statsHeading", scale=1.3, bold=True)
        self.stats_summary = label("statsSummary", wrap=True, scale=1.1)
        self.stats_list = _wrapping_list("statsList")
        self.stats_back = push_button("statsBack", self.back_to_table)
        for widget in (self.stats_heading, self.stats_summary, self.stats_list):
            layout.addWidget(widget)
        layout.addWidget(self.stats_back, 0, Qt.AlignmentFlag.AlignLeft)
        return panel

    def _shortcuts(self) -> None:
        pomme = pomme_words
        bound: dict[str, Callable[[], None]] = {
            keys.TABLE_TRUMP: self.focus_trump, keys.TABLE_HINT: self._key_h,
            keys.TABLE_POMME_HINT: self.ask_hint, keys.TABLE_SIX: self._key_g,
            keys.TABLE_CARDS: lambda: self._read(words.table_cards_text,
                                                 pomme.table_cards_text),
            keys.TABLE_LED_SUIT: lambda: self._read(words.led_suit_text, pomme.led_suit_text),
            keys.TABLE_SCORES: lambda: self._read(
                words.scores_text, lambda _view: pomme.scores_text(self.pomme)),
            keys.TABLE_LAST_TRICK: lambda: self._read(words.last_trick_text,
                                                      pomme.last_trick_text),
            keys.TABLE_TURN: lambda: self._read(
                lambda _view: words.status_text(self.table),
                lambda _view: pomme.status_text(self.pomme)),
        }
        buttons = {"announce": (self.announce_button,),
                   "withhold": (self.withhold_button,),
                   "play_anyway": (self.play_anyway, self.pomme_view.play_anyway_button),
                   "take_back": (self.take_back,),
                   "next_round": (self.next_round_button, self.pomme_view.next_round_button),
                   "review": (self.review_button,),
                   "retry": (self.retry_button, self.pomme_view.retry_button)}
        for name, shown in buttons.items():
            bound[KEYS[name]] = _clicker(*shown)
        bound[KEYS["take_back"]] = self._escape  # one key, the way back from wherever one is
        for key, slot in bound.items():
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    def _name_parts(self) -> None:
        """The containers focus passes through say what they are (a screen reader says the
        name of a part as focus enters it): the table, the review or the statistics."""
        names = {TABLE: _("The table"), REVIEW: _("Review of the round"),
                 STATS: _("Statistics"), POMME: _("The table")}
        self.stack.setAccessibleName(names[self.stack.currentIndex()])
        self.table_scroll.setAccessibleName(_("The table"))
        self.side_scroll.setAccessibleName(_("Scores and announcements"))
        self.review_scroll.setAccessibleName(_("The decision"))
        self.pomme_view.table_scroll.setAccessibleName(_("The table"))
        self.pomme_view.side_scroll.setAccessibleName(_("Scores, the shown card and the aside"))

    def _escape(self) -> None:
        """Esc: back to the table from the review or the statistics, else take the card back
        after a warning, else keep playing when asked about a new game."""
        if self.stack.currentIndex() not in TABLES:
            self.back_to_table()
        elif self.take_back.isVisible():
            self.take_back.click()
        elif self.pomme_view.take_back_button.isVisible():
            self.pomme_view.take_back_button.click()
        elif self.confirm.isVisible():
            self.confirm_no.click()

    # --- starting -------------------------------------------------------------------------------

    @property
    def session(self) -> Session | None:
        """The game at the table (the table's)."""
        return self.table.session

    def seats(self) -> list[Player]:
        """The learner at ``LEARNER_SEAT`` (0), then the bots at the levels chosen, as many
        as the game chosen seats."""
        players = VARIANT_PLAYERS[self.variant()]
        return [LEARNER, *(box.currentData() for box in self.level_boxes[:players - 1])]

    def variant(self) -> Variant:
        """The game chosen for the next new game: Chibre, Pomme for 3 or for 5."""
        chosen = self.variant_box.currentData()
        return chosen if chosen in VARIANTS else DEFAULT_VARIANT

    @property
    def pomme_at_table(self) -> bool:
        """Whether the table shows a game of Pomme."""
        return self.playing != "chibre"

    def _table_page(self) -> int:
        return POMME if self.pomme_at_table else TABLE

    def _variant_chosen(self) -> None:
        """The tool bar names the seats of the game chosen (and offers the fourth bot for
        Pomme for 5)."""
        players = VARIANT_PLAYERS[self.variant()]
        for index, pair in enumerate(self.level_pairs):
            visible = index < players - 1
            if pair.isVisibleTo(self) != visible and (visible or not pair.isHidden()):
                pair.setVisible(visible)
        self._name_levels()
        at_table = self.pomme if self.pomme_at_table else self.table
        variant = self.variant()
        if at_table.stage is Stage.EMPTY and variant != self.playing:
            # no game at the table yet: it shows the seats of the game chosen, not the last one
            self.playing = variant
            if variant != "chibre":
                self.pomme_view.set_players(VARIANT_PLAYERS[variant])
            self.stack.setCurrentIndex(self._table_page())
            self._paint()

    def _name_levels(self) -> None:
        players = VARIANT_PLAYERS[self.variant()]
        for index, (caption, box) in enumerate(zip(self.level_labels, self.level_boxes,
                                                   strict=True)):
            seat = index + 1
            if seat == 4:  # Pomme for 5's alone
                name = pomme_words.seat_name(seat, 5)
            elif players == 4 or seat >= players:
                name = seat_name(seat)
            else:
                name = pomme_words.seat_name(seat, players)
            caption.setText(name + ":")
            box.setAccessibleName(_("Bot at {seat}").format(seat=name))

    def _coach_chosen(self) -> None:
        level = self.coach_box.currentData()
        self.table.set_coach(level)
        self.pomme.set_coach(level)

    def would_abandon(self) -> bool:
        return self.table.would_abandon() or self.pomme.in_progress

    def ask_new_game(self, guided: bool = False) -> None:
        """New game: at once, or after asking when a game is in progress (or saved)."""
        if self.would_abandon():
            self._guided_asked = guided
            saved = self.table.store.current()
            pomme = self.pomme.in_progress or (not self.table.in_progress and saved is not None
                                               and saved.pomme is not None)
            self.confirm_text.setText(_(
                "Start a new game? The game of Pomme in progress ends here (games of Pomme are "
                "not kept in your statistics).") if pomme else _(
                "Start a new game? The game in progress ends here; it is kept in your "
                "statistics as abandoned."))
            self.confirm.show()
            self.confirm_no.setFocus()
            announce(self.confirm_text, self.confirm_text.text())
            return
        self.new_game(guided=guided)

    def _confirmed(self) -> None:
        self.confirm.hide()
        self.new_game(guided=self._guided_asked)

    def _keep_playing(self) -> None:
        self.confirm.hide()
        self._focus_decision(force=True)

    def new_game(self, seats: list[Player] | None = None, seed: int | None = None, *,
                 guided: bool = False, deal: Sequence[CardSet] | None = None) -> None:
        """Start a game with the table options in force (Settings) and the chosen levels;
        the guided game is short (``GUIDED_TARGET``) and the coach explains every step.
        Three or five ``seats`` (or Pomme chosen in the tool bar) start a game of Pomme; the
        guided game is always Chibre. ``deal`` fixes the first round's hands of a game of
        Chibre (``Table.new_game``)."""
        self.confirm.hide()
        if seats is None and guided:
            seats = [LEARNER, *(box.currentData() for box in self.level_boxes[:3])]
        seats = seats or self.seats()
        coach = self.coach_box.currentData()
        if len(seats) == 4:
            self.pomme.abandon(quiet=True)
            self.playing = "chibre"
            self.stack.setCurrentIndex(TABLE)
            self.table.new_game(self.rules, seats, seed=seed, coach=coach, guided=guided,
                                deal=deal)
            return
        self.table.leave()  # a game of Chibre, at the table or saved, is kept as abandoned
        self.playing = "pomme3" if len(seats) == 3 else "pomme5"
        self._pomme_logged = (0, 0)
        self.pomme_view.set_players(len(seats))
        self.stack.setCurrentIndex(POMME)
        self.pomme.new_game(seats, seed=seed, coach=coach, rules=self.rules)

    def resume(self) -> None:
        saved = self.table.store.current()
        if saved is not None and saved.pomme is not None:
            self.playing = "pomme3" if saved.pomme.players == 3 else "pomme5"
            self._pomme_logged = (0, 0)
            self.pomme_view.set_players(saved.pomme.players)
            self.stack.setCurrentIndex(POMME)
            self.pomme.resume()
            return
        self.playing = "chibre"
        self.stack.setCurrentIndex(TABLE)
        self.table.resume()

    # --- input ----------------------------------------------------------------------------------

    def learner_acts(self, action: object) -> None:
        """The learner chose ``action`` (a card, a trump, chibre or a weis choice; in a game
        of Pomme a card, the aside or the 6)."""
        if self.pomme_at_table:
            if isinstance(action, (Card, PommeChoice)):
                self.pomme.learner_acts(action)
            if self.pomme.stage is Stage.LEARNER:
                self.pomme_view.hand.clear_selection()
            return
        if isinstance(action, (Card, Trump, Chibre, WeisChoice)):
            self.table.learner_acts(action)
        if self.table.stage is Stage.LEARNER:
            self.hand.clear_selection()

    def ask_hint(self) -> None:
        if self.pomme_at_table:
            self.pomme.ask_hint()
        else:
            self.table.ask_hint()

    def _key_h(self) -> None:
        """H: in a game of Pomme, take the aside (003); in a game of Chibre, the hint."""
        if self.pomme_at_table:
            self.pomme.take_aside()
        else:
            self.ask_hint()

    def _key_g(self) -> None:
        """G: in a game of Pomme, exchange the 6 of trump for the shown card (003)."""
        if self.pomme_at_table:
            self.pomme.exchange_six()

    def _take_back(self) -> None:
        if self.pomme_at_table:
            self.pomme.take_back()
            self.pomme_view.hand.clear_selection()
        else:
            self.table.take_back()
            self.hand.clear_selection()
        self._focus_decision(force=True)

    def back_to_table(self) -> None:
        self.stack.setCurrentIndex(self._table_page())
        self._paint()
        self._focus_decision(force=True)

    # --- drawing the table ----------------------------------------------------------------------

    def _paint(self) -> None:
        """Draw everything from the table's state: called after every change of it."""
        if self.pomme_at_table:
            self._paint_pomme()
            return
        table = self.table
        view = table.view()
        stage = table.stage
        self._show_actions()
        self.hint_button.setText(_("Hint (H)"))
        # reading the saved game only when no game is being played (not at every paint)
        self.resume_button.setVisible(not table.in_progress and self._can_resume())
        self._sync_levels()
        self.status.setText(words.status_text(table))
        self.coach_text.setText(words.coach_line_text(table.line))
        self.coach_text.setVisible(bool(self.coach_text.text()))
        happened = self._paint_log()
        if view is None:
            self.hand.set_cards([])
            self.trick.set_trick([])
            self.trick.set_highlight(CardSet())
            self.hint_button.setEnabled(False)
            self._announce_stage(happened)
            return
        learner = stage is Stage.LEARNER
        between = stage is Stage.ROUND_OVER  # the next round is dealt: not shown before Next
        trump = table.shown_trump if between else view.trump
        self.hand.set_trump(view.trump)
        self.hand.set_cards([] if between else view.hand)
        legal = CardSet([a for a in view.legal_actions if isinstance(a, Card)])
        self.hand.set_legal(legal if learner and view.phase is Phase.PLAY else None)
        self.hand.set_highlight(CardSet([table.hinted]) if table.hinted is not None
                                else CardSet(), "hint")
        self.hand.set_selected(CardSet([table.pending]) if table.pending is not None
                               else CardSet())
        self._paint_trick()
        self.badge.set_trump(trump)
        self.legend.set_trump(trump)
        self.hint_button.setEnabled(learner and table.coach != "off")
        self.trump_info.setText("" if between else words.trump_info_text(view))
        self.weis_info.setText("" if between else "\n".join(words.weis_lines(view)))
        self.score_info.setText(words.score_text(view, round_over=between))
        self.slate.set_scores(view.scores[0], view.scores[1],
                              names=(team_name(0), team_name(1)))
        self.trick.set_turn(view.current_player if stage in (Stage.LEARNER, Stage.BOT)
                            else None)
        for seat in range(4):  # the bots' levels, for whoever wonders who plays so well
            level = table.session.seats[seat] if table.session is not None else LEARNER
            self.trick.seat_label(seat).setToolTip(
                "" if level == LEARNER else
                _("{seat}: {level}").format(seat=seat_name(seat),
                                            level=words.level_name(level)))
        if self.stack.currentIndex() == REVIEW and self.reviewing >= 0:
            self._fill_review()
        self._announce_stage(happened)
        self._describe_focus_targets()
        self._focus_decision()
        if stage is Stage.OVER and self._stage is not Stage.OVER:
            self.game_finished.emit()
            if self.on_game_over is not None:
                self.on_game_over()
        self._stage = stage

    def _can_resume(self) -> bool:
        """A saved game that is not the one at the table (of either kind)."""
        saved = self.table.store.current()
        if saved is None:
            return False
        at_table = [t.session.game_id for t in (self.table, self.pomme) if t.session is not None]
        return saved.game_id not in at_table

    def _paint_pomme(self) -> None:
        """Draw the game of Pomme at the table (``_paint`` for Pomme)."""
        table, board = self.pomme, self.pomme_view
        view = table.table_view()
        stage = table.stage
        self.resume_button.setVisible(not table.in_progress and self._can_resume())
        self.hint_button.setText(_("Hint ({key})").format(key=key_name(keys.TABLE_POMME_HINT)))
        self._sync_levels()
        for button in (*self.trump_buttons, self.chibre_button, self.announce_button,
                       self.withhold_button, self.take_back, self.play_anyway,
                       self.next_round_button, self.review_button, self.retry_button):
            if not button.isHidden():
                button.hide()
        self.status.setText(pomme_words.status_text(table))
        board.coach_text.setText(pomme_words.coach_line_text(table.line))
        board.coach_text.setVisible(bool(board.coach_text.text()))
        happened = self._paint_pomme_log()
        learner = stage is Stage.LEARNER
        actions = view.legal_actions if view is not None and learner else ()
        shown = {
            board.exchange_button: PommeChoice.EXCHANGE_SIX in actions,
            board.keep_button: PommeChoice.KEEP_SIX in actions,
            board.aside_button: PommeChoice.TAKE_ASIDE in actions,
            board.take_back_button: stage is Stage.WARNING,
            board.play_anyway_button: stage is Stage.WARNING,
            board.next_round_button: stage is Stage.ROUND_OVER and not table.watch,
            board.retry_button: stage is Stage.FAILED,
        }
        for button, visible in shown.items():
            if button.isVisibleTo(board) != visible:
                button.setVisible(visible)
        self.hint_button.setEnabled(learner and table.coach != "off")
        if view is None:
            board.hand.set_cards([])
            board.trick.set_trick([])
            self._announce_pomme(happened)
            return
        board.set_players(view.players)
        between = stage in (Stage.ROUND_OVER, Stage.OVER)
        board.hand.set_trump(view.trump)
        board.hand.set_cards([] if between else view.hand)
        legal = CardSet([a for a in actions if isinstance(a, Card)])
        board.hand.set_legal(legal if learner and legal else None)
        board.hand.set_highlight(CardSet([table.hinted]) if table.hinted is not None
                                 else CardSet(), "hint")
        board.hand.set_selected(CardSet([table.pending]) if table.pending is not None
                                else CardSet())
        won = table.shown_trick
        board.trick.set_trump(view.trump)
        if won is not None:
            board.trick.set_trick(won.cards, leader=won.leader)
            board.trick.set_highlight(CardSet([won.cards[(won.winner - won.leader)
                                                         % view.players]]))
        else:
            board.trick.set_trick(view.trick, leader=view.leader)
            board.trick.set_highlight(CardSet())
        board.trick.set_turn(view.current_player if stage in (Stage.LEARNER, Stage.BOT)
                             else None)
        session = table.session
        for seat in range(view.players):
            level = session.seats[seat] if session is not None else LEARNER
            board.trick.seat_label(seat).setToolTip(
                "" if level == LEARNER else pomme_words.seat_tooltip(seat, view.players, level))
        board.badge.set_trump(view.trump)
        board.shown_card.set_card(view.shown)
        board.shown_card.set_marks(trump=view.trump)
        board.shown_caption.setText(_("Shown card"))
        board.aside_card.set_card(None)
        board.aside_caption.setText(_("Aside"))
        board.aside_card.setAccessibleName(pomme_words.aside_text(view))
        board.trump_info.setText(pomme_words.trump_info_text(view))
        board.aside_info.setText(pomme_words.aside_text(view))
        board.score_info.setText(pomme_words.score_text(table))
        board.fit()  # the coach's line and the buttons come and go: the cards' sizes follow
        self._announce_pomme(happened)
        self._focus_decision()
        if stage is Stage.OVER and self._stage is not Stage.OVER:
            self.game_finished.emit()
            if self.on_game_over is not None:
                self.on_game_over()
        self._stage = stage

    def _paint_pomme_log(self, again: bool = False) -> list[str]:
        """The Pomme table's log: new events as lines; the new lines to be said."""
        items, board = self.pomme.log, self.pomme_view
        shown_id, shown = self._pomme_logged
        players = self.pomme.players
        limit = self.pomme.log_shown()  # between two rounds, not the next deal yet
        if again or shown_id != id(items) or shown > limit:
            board.log.clear()
            shown = 0
        said = []
        for item in items[shown:limit]:
            text = pomme_words.narrate(item, players)
            if text:
                board.log.addItem(text)
                if shown_id == id(items) and not again and \
                        pomme_words.said_at_table(item, self.speech):
                    said.append(text)
        if limit != shown:
            board.log.scrollToBottom()
        self._pomme_logged = (id(items), limit)
        return said

    def _announce_pomme(self, happened: list[str]) -> None:
        """As ``_announce_stage``, at the Pomme table."""
        said = list(happened)
        coach_text = self.pomme_view.coach_text
        for widget in (self.status, coach_text):
            text = widget.text()
            if text and widget.property("announced") != text:
                widget.setProperty("announced", text)
                if widget is not self.status or self.pomme.stage not in (Stage.BOT, Stage.TRICK):
                    said.append(text)
        if said:
            announce(coach_text, " ".join(said))
        for button in (self.pomme_view.exchange_button, self.pomme_view.aside_button,
                       self.pomme_view.next_round_button, self.pomme_view.retry_button,
                       self.pomme_view.take_back_button):
            text = (coach_text.text() if button is self.pomme_view.take_back_button
                    else self.status.text())
            if button.accessibleDescription() != text:
                button.setAccessibleDescription(text)

    def _pomme_decision_target(self) -> QWidget | None:
        table, board = self.pomme, self.pomme_view
        view = table.view()
        if table.stage is Stage.WARNING:
            return board.take_back_button
        if table.stage is Stage.ROUND_OVER and board.next_round_button.isVisible():
            return board.next_round_button
        if table.stage is Stage.FAILED:
            return board.retry_button
        if table.stage is Stage.LEARNER and view is not None:
            if PommeChoice.EXCHANGE_SIX in view.legal_actions:
                return board.exchange_button
            legal = [w for w in board.hand.card_widgets() if w.legal]
            return legal[0] if legal else None
        return None

    def _show_actions(self) -> None:
        """The buttons of the moment, each shown or hidden once (hiding a focused button would
        send the focus elsewhere)."""
        table = self.table
        view = table.view()
        stage = table.stage
        phase = view.phase if view is not None and stage is Stage.LEARNER else None
        shown = {
            self.chibre_button: phase is Phase.TRUMP and view is not None
            and CHIBRE in view.legal_actions,
            self.announce_button: phase is Phase.WEIS,
            self.withhold_button: phase is Phase.WEIS,
            self.take_back: stage is Stage.WARNING,
            self.play_anyway: stage is Stage.WARNING,
            self.next_round_button: stage is Stage.ROUND_OVER and not table.watch,
            self.review_button: stage in (Stage.ROUND_OVER, Stage.OVER) and not table.watch,
            self.retry_button: stage is Stage.FAILED,
        }
        for button in self.trump_buttons:
            shown[button] = phase is Phase.TRUMP
        for button, visible in shown.items():
            if button.isVisibleTo(self) != visible:
                button.setVisible(visible)

    def _paint_trick(self) -> None:
        table = self.table
        view = table.view()
        assert view is not None
        won = table.shown_trick
        self.trick.set_trump(table.shown_trump if won is not None else view.trump)
        if won is not None:
            self.trick.set_trick(won.cards, leader=won.leader)
            self.trick.set_highlight(CardSet([won.cards[(won.winner - won.leader) % 4]]),
                                    "winner")
            return
        self.trick.set_trick(view.trick, leader=view.leader)
        self.trick.set_highlight(CardSet())

    def _paint_log(self, again: bool = False) -> list[str]:
        """Add the new log items as lines (all of them again after a language or deck switch);
        the new lines, to be said (none after a switch: nothing new happened)."""
        items = self.table.log
        shown_id, shown = self._logged
        if again or shown_id != id(items) or shown > len(items):
            self.log.clear()
            shown, self._log_trump = 0, None
        new = []
        for item in items[shown:]:
            self._log_trump = _trump_of(item, self._log_trump)  # the trump of the item's round
            text = words.log_text(item, guided=self.table.guided, trump=self._log_trump)
            if text:
                self.log.addItem(text)
                new.append((item, text))
        if len(items) != shown:
            self.log.scrollToBottom()
            if not self.fast and len(items) > shown:
                self._slide_last(items[shown:])
        fresh = shown_id == id(items) and not again
        self._logged = (id(items), len(items))
        return [text for item, text in new if fresh and words.said_at_table(item, self.speech)]

    def _slide_last(self, new: Sequence[object]) -> None:
        played = next((e for e in reversed(new) if isinstance(e, CardPlayed)), None)
        if played is not None and self.table.stage is not Stage.TRICK:
            self._slide_in(played.seat)

    def _slide_in(self, seat: int) -> None:
        """The card just played slides in from its player's side of the table."""
        widget = self.trick.seat_widget(seat)
        if not widget.isVisibleTo(self.trick):
            return
        end = widget.pos()
        offsets = ((0, 60), (60, 0), (0, -60), (-60, 0))
        start = end + QPoint(*offsets[seat])
        animation = QPropertyAnimation(widget, b"pos", self)
        animation.setDuration(180)
        animation.setStartValue(start)
        animation.setEndValue(end)
        animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        animation.start(QPropertyAnimation.DeletionPolicy.DeleteWhenStopped)

    def _announce_stage(self, happened: list[str] | None = None) -> None:
        """Tell screen readers, in one message: what just happened at the table (the new log
        lines ``happened``, as ``speech`` chooses), then the status when it changed (not the
        bots' turns nor the trick taken: the log's lines say those) and the coach's line."""
        said = list(happened or [])
        for widget in (self.status, self.coach_text):
            text = widget.text()
            if text and widget.property("announced") != text:
                widget.setProperty("announced", text)
                if widget is not self.status or self.table.stage not in (Stage.BOT,
                                                                          Stage.TRICK):
                    said.append(text)  # the cards played and the trick taken say those
        if said:
            announce(self.coach_text, " ".join(said))

    def _describe_focus_targets(self) -> None:
        """The buttons that take the focus carry what was just said as their description, so a
        screen reader reads it with the button (Orca speaks a focused widget's description)."""
        said = {self.take_back: self.coach_text.text(),
                self.next_round_button: self.status.text(),
                self.announce_button: self.coach_text.text(),
                self.retry_button: self.status.text(),
                self.trump_buttons[0]: " ".join(
                    t for t in (self.status.text(), self.coach_text.text()) if t)}
        for button, text in said.items():
            if button.accessibleDescription() != text:
                button.setAccessibleDescription(text)

    def _focus_decision(self, force: bool = False) -> None:
        """At each new decision, keyboard focus goes to where it is taken: the hand, the trump
        or weis buttons, the warning's Take it back, Next round."""
        table = self.pomme if self.pomme_at_table else self.table
        if self.stack.currentIndex() not in TABLES or self.confirm.isVisible():
            return
        key = (table.decision_at, table.stage)
        if key == self._focused_at and not force:
            return
        focus = self.focusWidget() if self.isAncestorOf(self.focusWidget() or self) else None
        target = self._decision_target()
        if target is None:
            return
        self._focused_at = key
        in_tool_bar = focus is not None and isinstance(focus, QComboBox)
        if force or not in_tool_bar:
            target.setFocus(Qt.FocusReason.OtherFocusReason)

    def landing(self) -> QWidget:
        """Where focus lands when the page is opened: the decision the learner has to take
        (the hand, the trump or weis buttons, Take it back, Next round), else the status
        (whose turn it is), else New game."""
        if self.stack.currentIndex() not in TABLES:
            return self.review_list if self.stack.currentIndex() == REVIEW else self.stats_list
        if self.confirm.isVisible():
            return self.confirm_yes
        target = self._decision_target()
        if target is not None:
            return target
        return self.status if self.status.text() else self.new_button

    def _decision_target(self) -> QWidget | None:
        """The widget of the learner's decision now, if there is one."""
        if self.pomme_at_table:
            return self._pomme_decision_target()
        table = self.table
        target: QWidget | None = None
        view = table.view()
        if table.stage is Stage.WARNING:
            target = self.take_back
        elif table.stage is Stage.ROUND_OVER and self.next_round_button.isVisible():
            target = self.next_round_button
        elif table.stage is Stage.FAILED:
            target = self.retry_button
        elif table.stage is Stage.LEARNER and view is not None:
            if view.phase is Phase.TRUMP:
                target = self.trump_buttons[0]
            elif view.phase is Phase.WEIS:
                target = self.announce_button
            else:
                legal = [w for w in self.hand.card_widgets() if w.legal]
                target = legal[0] if legal else None
        return target

    def _sync_levels(self) -> None:
        """The tool bar shows the levels of the game at the table (a resumed one too)."""
        session = self.pomme.session if self.pomme_at_table else self.table.session
        if session is None:
            return
        index = self.variant_box.findData(self.playing)
        if index >= 0 and self.variant_box.currentIndex() != index:
            self.variant_box.setCurrentIndex(index)  # names the seats of the game at the table
        for box, name in zip(self.level_boxes, session.seats[1:], strict=False):
            index = box.findData(name)
            if index >= 0 and box.currentIndex() != index:
                box.blockSignals(True)
                box.setCurrentIndex(index)
                box.blockSignals(False)
        index = self.coach_box.findData(self.table.coach)
        if index >= 0 and self.coach_box.currentIndex() != index:
            self.coach_box.blockSignals(True)
            self.coach_box.setCurrentIndex(index)
            self.coach_box.blockSignals(False)

    def _failed(self, failure: Failure) -> None:
        log_failure(failure)
        self.notice.emit(words.failure_text(failure))

    # --- keyboard announcements -----------------------------------------------------------------

    def _say(self, text: str) -> None:
        coach_text = self.pomme_view.coach_text if self.pomme_at_table else self.coach_text
        coach_text.setText(text)
        coach_text.show()
        announce(coach_text, text)

    def focus_trump(self) -> None:
        visible = [b for b in self.trump_buttons if b.isVisible()]
        if visible:
            visible[0].setFocus()
        else:  # A reads the trump when it is not the learner's choice
            self._read(words.trump_said, pomme_words.trump_said)

    def _read(self, words_of: Callable[[GameView], str],
              pomme_of: Callable[[PommeView], str] | None = None) -> None:
        """A key that reads the table (C, F, S, L, T): its words, said, once there is a game
        (of Chibre, or of Pomme with ``pomme_of``)."""
        if self.pomme_at_table:
            pomme = self.pomme.view()
            if pomme is not None and pomme_of is not None:
                self._say(pomme_of(pomme))
            return
        view = self.table.view()
        if view is not None:
            self._say(words_of(view))

    # --- the review -----------------------------------------------------------------------------

    def show_review(self) -> None:
        """The review of the last round played, trick by trick."""
        scored = self.table.last_scored()
        if scored is None:
            return
        self.reviewing = scored.round
        self.stack.setCurrentIndex(REVIEW)
        self._fill_review()
        self.review_list.setFocus()

    def _fill_review(self) -> None:
        number = self.reviewing
        found = self.table.review_of(number)
        par = self.table.pars.get(number)
        self.review_par.setText(words.par_text(par) if par is not None else "")
        self.review_par.setVisible(par is not None)
        if found is None:
            failure = self.table.review_failed(number)
            self.review_heading.setText(words.failure_text(failure) if failure is not None
                                        else _("The coach is reviewing the round…"))
            self.review_list.clear()
            self.reviews, self.review_links = [], []
            return
        listed = words.costly(found)
        if listed == self.reviews and self.review_list.count() == len(listed) and listed:
            return
        self.reviews = listed
        # each mistake's strategy lesson and puzzles, found once for the list and its detail
        self.review_links = [self._course_of(item) for item in listed]
        self.review_heading.setText(words.review_heading(found, number))
        row = max(0, self.review_list.currentRow())
        self.review_list.clear()
        for item, link in zip(listed, self.review_links, strict=True):
            line = QListWidgetItem(words.review_line(item))
            # A screen reader says the row and then its description: the detail and the course
            # link, which a sighted learner reads beside the list.
            said = words.review_detail(item)
            if link is not None:
                said = f"{said} {_course_sentence(link)}"
            line.setData(Qt.ItemDataRole.AccessibleDescriptionRole, said)
            self.review_list.addItem(line)
        if listed:
            self.review_list.setCurrentRow(min(row, len(listed) - 1))
        else:
            self.review_trick.set_trick([])
            self.review_hand.set_cards([])
            self.review_legend.hide()
            self._show_course(None)
            self.review_text.setText(_(
                "Every choice you made this round was as good as the coach's, within a point."))

    def _show_reviewed(self, row: int) -> None:
        if not 0 <= row < len(self.reviews):
            return
        item = self.reviews[row]
        view = item.decision.view
        self.review_trick.set_trump(view.trump)
        session = self.table.session
        won = (session.trick_of(view.round, item.decision.trick)
               if session is not None and item.decision.trick else None)
        if won is not None:  # the whole trick as it was played
            self.review_trick.set_trick(won.cards, leader=won.leader)
        else:
            self.review_trick.set_trick(view.trick, leader=view.leader)
        self.review_hand.set_trump(view.trump)
        self.review_hand.set_cards(view.hand)
        chosen, best = item.decision.action, item.advice.action
        self.review_hand.set_selected(CardSet([chosen]) if isinstance(chosen, Card)
                                      else CardSet())
        self.review_hand.set_highlight(CardSet([best]) if isinstance(best, Card) and
                                       best != chosen else CardSet(), "best")
        self.review_legend.setVisible(isinstance(chosen, Card))
        self.review_legend.set_trump(view.trump)
        self.review_text.setText(words.review_detail(item))
        self._show_course(self.review_links[row])

    def _course_of(self, item: Review) -> CourseLink | None:
        """The strategy lesson and puzzles a reviewed mistake links to, if any."""
        if not item.is_mistake:
            return None
        return self.course(advice_theme(item.decision.view, item.advice))

    def _show_course(self, link: CourseLink | None) -> None:
        """The strategy lesson and two puzzles of a mistake's theme, or nothing."""
        self.course_shown = link
        for widget in (self.course_text, self.course_lesson, self.course_puzzles):
            widget.setVisible(link is not None)
        if link is None:
            return
        self.course_text.setText(_course_sentence(link))
        self.course_lesson.setText(_("Open lesson {number}").format(number=link.lesson.number))
        self.course_puzzles.setText(_("Two puzzles on it"))

    def _open_course_lesson(self) -> None:
        if self.course_shown is not None:
            self.lesson_requested.emit(self.course_shown.lesson.id)

    def _open_course_puzzles(self) -> None:
        if self.course_shown is not None:
            link = self.course_shown
            self.puzzles_requested.emit(tuple(p.id for p in link.puzzles), link.theme)

    # --- statistics -----------------------------------------------------------------------------

    def show_statistics(self) -> None:
        """Games, wins, average points, the coach's flagged mistakes and par, over time."""
        stats = self.table.store.statistics()
        self.stats_heading.setText(_("Your games"))
        self.stats_summary.setText(words.statistics_summary(
            stats.games, stats.wins, stats.points_per_round, stats.mistakes_per_game,
            stats.par_per_round, stats.abandoned))
        self.stats_list.clear()
        for game in reversed(stats.series):
            self.stats_list.addItem(words.game_line(game))
        self.stack.setCurrentIndex(STATS)
        self.stats_back.setFocus()
        announce(self.stats_summary, self.stats_summary.text())

    # --- settings -------------------------------------------------------------------------------

    def set_rules(self, rules: Rules) -> None:
        """The table options for the next new game (a game in progress keeps its own)."""
        self.rules = rules

    def set_conventions(self, conventions: Conventions) -> None:
        """The conventions the bots and the coach keep in the next game of Chibre (a game in
        progress keeps its own; Pomme has no partners, so none)."""
        self.table.conventions = conventions

    def set_look(self, deck: Deck, card_height: int) -> None:
        self.deck, self.card_height = deck, card_height
        for view in (self.hand, self.trick, self.review_trick, self.review_hand):
            view.set_deck(deck)
        self.hand.set_card_height(card_height)
        self.pomme_view.set_deck(deck, card_height)
        self.badge.set_deck(deck)
        self.legend.set_deck(deck)
        self.review_legend.set_deck(deck)
        self._rerender()
        self._arrange_table()

    def retranslate_ui(self) -> None:
        self.new_button.setText(_("New game"))
        self.guided_button.setText(_("Guided game (to {target})").format(
            target=format_number(GUIDED_TARGET)))
        self.guided_button.setToolTip(_(
            "A short first game: before each of your decisions the coach says what the rules "
            "allow, and after each trick who took it and why."))
        self.resume_button.setText(_("Resume the unfinished game"))
        self.variant_box.setAccessibleName(_("Game"))
        self.variant_box.setToolTip(_("The game a new game plays: Chibre for four, or Pomme "
                                      "for three or five"))
        for index, variant in enumerate(VARIANTS):
            self.variant_box.setItemText(index, pomme_words.variant_name(
                VARIANT_PLAYERS[variant]))
        self._name_levels()
        for box in self.level_boxes:
            for index, bot in enumerate(BOT_LEVELS):
                box.setItemText(index, words.level_name(bot))
        self.coach_label.setText(_("Coach:"))
        self.coach_box.setAccessibleName(_("Coach"))
        for index, coach in enumerate(COACH_LEVELS):
            self.coach_box.setItemText(index, words.coach_level_name(coach))
        self.hint_button.setText(_("Hint (H)"))
        self.hint_button.setToolTip(_("The coach's best choice and why (H)"))
        for index, button in enumerate(self.trump_buttons):
            button.setText(suit_name(Suit(index)))  # the button of Trump(index), that suit
        self.chibre_button.setText(_("Chibre"))
        self.chibre_button.setToolTip(_("Let your partner choose trump"))
        texts = {"announce": (self.announce_button, _("Announce")),
                 "withhold": (self.withhold_button, _("Keep quiet")),
                 "play_anyway": (self.play_anyway, _("Play it anyway")),
                 "take_back": (self.take_back, _("Take it back")),
                 "next_round": (self.next_round_button, _("Next round")),
                 "review": (self.review_button, _("Review the round")),
                 "retry": (self.retry_button, _("Try again"))}
        for name, (button, text) in texts.items():
            button.setText(_("{action} ({key})").format(action=text, key=key_name(KEYS[name])))
        for back in (self.review_back, self.stats_back):
            back.setText(_("{action} ({key})").format(action=_("Back to the table"),
                                                      key=key_name(KEYS["take_back"])))
        self.stats_button.setText(_("Statistics"))
        self._name_parts()
        # the lists say what they are to screen readers (their items are read one by one)
        self.log.setAccessibleName(_("Game log"))
        self.review_list.setAccessibleName(_("Your choices that cost points"))
        self.stats_list.setAccessibleName(_("Your games"))
        self.confirm_yes.setText(_("Start a new game"))
        self.confirm_no.setText(_("Keep playing"))
        board = self.pomme_view
        board.aside_button.setText(_("{action} ({key})").format(
            action=_("Take the aside"), key=key_name(keys.TABLE_ASIDE)))
        board.aside_button.setToolTip(_("Play the 9 cards of the aside instead of your hand"))
        board.exchange_button.setText(_("{action} ({key})").format(
            action=_("Exchange the 6"), key=key_name(keys.TABLE_SIX)))
        board.exchange_button.setToolTip(_("Take the shown card into your hand for your 6 of "
                                           "trump"))
        board.keep_button.setText(_("Keep the 6"))
        board.take_back_button.setText(_("{action} ({key})").format(
            action=_("Take it back"), key=key_name(KEYS["take_back"])))
        board.play_anyway_button.setText(_("{action} ({key})").format(
            action=_("Play it anyway"), key=key_name(KEYS["play_anyway"])))
        board.next_round_button.setText(_("{action} ({key})").format(
            action=_("Next round"), key=key_name(KEYS["next_round"])))
        board.retry_button.setText(_("{action} ({key})").format(
            action=_("Try again"), key=key_name(KEYS["retry"])))
        board.log.setAccessibleName(_("Game log"))
        board.trick.retranslate_ui()
        board.hand.retranslate_ui()
        board.badge.retranslate_ui()
        for view in (self.hand, self.trick, self.review_trick, self.review_hand):
            view.retranslate_ui()
        self.badge.retranslate_ui()
        self.slate.retranslate_ui()
        self.legend.retranslate_ui()
        self.review_legend.retranslate_ui()
        self._rerender()

    def _rerender(self) -> None:
        """Everything in words again, in the language and deck now in force."""
        if not hasattr(self, "status"):
            return
        self._paint_log(again=True)
        self._paint_pomme_log(again=True)
        self.reviews = []
        self._paint()
        if self.stack.currentIndex() == STATS:
            self.show_statistics()


class _EnterClicks(QObject):
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




def _clicker(*buttons: QAbstractButton) -> Callable[[], None]:
    """A shortcut's slot: click the first of ``buttons`` that is shown and enabled (the
    Chibre table's or the Pomme table's)."""
    def click() -> None:
        for button in buttons:
            if button.isVisible() and button.isEnabled():
                button.click()
                return
    return click


def _trump_of(item: object, trump: Trump | None) -> Trump | None:
    """The trump in force after log item ``item``, ``trump`` before it."""
    if isinstance(item, TrumpChosen):
        return item.trump
    if isinstance(item, Dealt):
        return None
    return trump


def _scroll(widget: QWidget, name: str) -> QScrollArea:
    scroll = QScrollArea()
    scroll.setObjectName(name)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setWidget(widget)
    return scroll


def _wrapping_list(name: str) -> QListWidget:
    """A list whose long lines wrap instead of scrolling sideways."""
    items = QListWidget()
    items.setObjectName(name)
    items.setWordWrap(True)
    items.setTextElideMode(Qt.TextElideMode.ElideNone)
    items.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    items.setResizeMode(QListWidget.ResizeMode.Adjust)
    return items


def _pair(caption: QLabel, box: QComboBox) -> QWidget:
    """A caption and its choice, kept together on one row of the tool bar."""
    pair = QWidget()
    row = QHBoxLayout(pair)
    row.setContentsMargins(0, 0, 0, 0)
    row.setSpacing(4)
    row.addWidget(caption)
    row.addWidget(box)
    return pair


__all__ = ["KEYS", "PlayPage"]

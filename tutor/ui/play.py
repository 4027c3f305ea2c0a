"""The Play page: a coached game of Chibre against three bots.

The learner sits at the bottom (seat 0), the partner at the top. Bots think on a worker thread and
pause briefly so the learner can follow; the coach (off, on request, active) thinks off the UI
thread too. The game is saved as its events after every action and resumes after a restart.
After each round, the review lists the learner's decisions with the coach's view, mistakes first,
and replays them trick by trick.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import (
    QEasingCurve,
    QEvent,
    QObject,
    QPoint,
    QPropertyAnimation,
    QRunnable,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
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

from engine import CHIBRE, Card, CardSet, GameView, IllegalPlayError, Phase, Rules, Trump
from engine.bots.position import Position
from engine.coach import Assessment, assess, card_tags
from engine.events import (
    CardPlayed,
    Chibred,
    Event,
    GameOver,
    RoundScored,
    StoeckScored,
    TrickWon,
    TrumpChosen,
    WeisDeclared,
    WeisScored,
)
from engine.game import Action, WeisChoice
from tutor.coach_text import action_name, reasons
from tutor.content.explain import weis_name
from tutor.explain_play import reason_text
from tutor.games import GameStore
from tutor.i18n import _, format_number, ngettext, pgettext
from tutor.names import card_name, suit_name
from tutor.play_session import (
    FAST_BUDGET,
    TABLE_BUDGET,
    WARN_THRESHOLD,
    PlaySession,
    Review,
    hint,
    review,
)
from tutor.ui.cards import CardMarksLegend, HandView, TrickView, TrumpBadge
from tutor.ui.common import QWIDGETSIZE_MAX, announce, dim, label
from tutor.ui.flow import FlowLayout
from tutor.ui.slate import SlateWidget

TRICK_HEIGHT = 96  # the trick's cards at 1280×800 with the usual card size
TRICK_MIN_HEIGHT = 64  # the smallest the trick's cards become to fit a low window
LOG_HEIGHT = 120  # the game's log at most
BOT_PAUSE_MS = 650
TRICK_PAUSE_MS = 1100
LEVELS = ("random", "heuristic", "expert")


def seat_name(seat: int) -> str:
    """The seat as the table calls it (the same words as the seat labels of the cards)."""
    names = (pgettext("seat", "You"), pgettext("seat", "Right"), pgettext("seat", "Partner"),
             pgettext("seat", "Left"))
    return names[seat]


def team_name(team: int) -> str:
    return _("Your team") if team == 0 else _("Opponents")


class _Signals(QObject):
    done = Signal(object)


class _Job(QRunnable):
    """Runs ``work`` on the thread pool and reports its result with a signal."""

    def __init__(self, work: Callable[[], object]) -> None:
        super().__init__()
        self.work = work
        self.signals = _Signals()

    def run(self) -> None:
        self.signals.done.emit(self.work())


class PlayPage(QWidget):
    """Seats, trick, hand, scores and slate, with the coach beside them."""

    def __init__(self, rules: Rules, parent: QWidget | None = None, *,
                 store: GameStore | None = None, fast: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("playPage")
        self.rules = rules
        self.store = store if store is not None else GameStore()
        self.fast = fast
        self.session: PlaySession | None = None
        self.generation = 0  # results of workers from an older game are dropped
        self.jobs: set[_Job] = set()
        self.busy = False
        self.pending_card: Card | None = None
        self.reviews: list[Review] = []
        self.round_reviews: dict[int, list[Review]] = {}
        self.reviewing = -1
        self.watch = False
        self.on_game_over: Callable[[], None] | None = None
        self.deck, self.card_height = "french", 110
        self.wide = True  # the side panel beside the table (see _arrange_table)
        self._build()
        self.retranslate_ui()
        self._offer_resume()

    # --- layout ---------------------------------------------------------------------------------

    def _build(self) -> None:
        self.new_button = QPushButton()
        self.new_button.setObjectName("newGame")
        self.new_button.clicked.connect(lambda: self.new_game())
        self.resume_button = QPushButton()
        self.resume_button.setObjectName("resumeGame")
        self.resume_button.clicked.connect(self.resume)
        self.level_boxes = []
        self.level_labels = []
        for seat in (1, 2, 3):
            box = QComboBox()
            box.setObjectName(f"level{seat}")
            for name in LEVELS:
                box.addItem("", name)
            box.setCurrentIndex(1)
            self.level_boxes.append(box)
            self.level_labels.append(QLabel())
        self.coach_box = QComboBox()
        self.coach_box.setObjectName("coachLevel")
        for name in ("off", "request", "active"):
            self.coach_box.addItem("", name)
        self.coach_box.setCurrentIndex(1)
        self.coach_label = QLabel()
        self.hint_button = QPushButton()
        self.hint_button.setObjectName("hintButton")
        self.hint_button.clicked.connect(self.ask_hint)
        self.stats_button = QPushButton()
        self.stats_button.setObjectName("statsButton")
        self.stats_button.clicked.connect(self.show_statistics)
        # The tool bar wraps onto a second row when the window is narrow or the font large.
        bar = QWidget()
        bar.setObjectName("playBar")
        flow = FlowLayout(bar)
        flow.addWidget(self.new_button)
        flow.addWidget(self.resume_button)
        for caption, box in (*zip(self.level_labels, self.level_boxes, strict=True),
                             (self.coach_label, self.coach_box)):
            caption.setBuddy(box)
            flow.addWidget(_pair(caption, box))
        flow.add_stretch()
        flow.addWidget(self.stats_button)
        flow.addWidget(self.hint_button)
        self.stack = QStackedWidget()
        self.stack.addWidget(self._table())
        self.stack.addWidget(self._review_panel())
        self.stack.addWidget(self._stats_panel())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.addWidget(bar)
        layout.addWidget(self.stack, 1)
        self.status = label("playStatus", wrap=True, scale=1.1, bold=True)
        layout.addWidget(self.status)
        self._shortcuts()

    def _table(self) -> QWidget:
        """The trick, the actions, the hand, the coach's line and the log on the left; trump,
        announcements, scores, the slate and the legend of the card marks on the right. In a
        scroll area: the trick's cards shrink to fit the height first (``_arrange_table``), and
        only when that is not enough (a large font, large cards) does the table scroll."""
        self.trick = TrickView(height=TRICK_HEIGHT)
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
        self.chibre_button = QPushButton()
        self.chibre_button.setObjectName("chibreButton")
        self.chibre_button.clicked.connect(lambda: self.learner_acts(CHIBRE))
        self.announce_button = QPushButton()
        self.announce_button.setObjectName("announceButton")
        self.announce_button.clicked.connect(lambda: self.learner_acts(WeisChoice.ANNOUNCE))
        self.withhold_button = QPushButton()
        self.withhold_button.setObjectName("withholdButton")
        self.withhold_button.clicked.connect(lambda: self.learner_acts(WeisChoice.WITHHOLD))
        self.next_round_button = QPushButton()
        self.next_round_button.setObjectName("nextRound")
        self.next_round_button.clicked.connect(self.next_round)
        self.review_button = QPushButton()
        self.review_button.setObjectName("reviewRound")
        self.review_button.clicked.connect(self.show_review)
        self.play_anyway = QPushButton()
        self.play_anyway.setObjectName("playAnyway")
        self.play_anyway.clicked.connect(self._play_pending)
        self.take_back = QPushButton()
        self.take_back.setObjectName("takeBack")
        self.take_back.clicked.connect(self._take_back)
        self.action_bar = QWidget()
        self.action_bar.setObjectName("playActions")
        actions = FlowLayout(self.action_bar)
        for button in (*self.trump_buttons, self.chibre_button, self.announce_button,
                       self.withhold_button, self.play_anyway, self.take_back,
                       self.next_round_button, self.review_button):
            actions.addWidget(button)
        self.next_round_button.hide()
        self.review_button.hide()
        self.hand = HandView(height=self.card_height)
        self.hand.set_selectable("single")
        self.hand.card_chosen.connect(self.learner_acts)
        self.coach_text = label("coachText", wrap=True)
        self.coach_text.setTextFormat(Qt.TextFormat.RichText)
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
        self.review_heading = label("reviewHeading", scale=1.3, bold=True)
        self.review_list = _wrapping_list("reviewList")
        self.review_list.currentRowChanged.connect(self._show_reviewed)
        self.review_trick = TrickView(height=90)
        self.review_hand = HandView(height=80)
        self.review_text = label("reviewText", wrap=True)
        self.review_back = QPushButton()
        self.review_back.setObjectName("reviewBack")
        self.review_back.clicked.connect(lambda: self.stack.setCurrentIndex(0))
        right = QVBoxLayout()
        right.addWidget(self.review_trick)
        right.addWidget(self.review_hand)
        right.addWidget(self.review_text)
        right.addStretch(1)
        holder = QWidget()
        holder.setLayout(right)
        split = QSplitter()
        split.setChildrenCollapsible(False)
        split.addWidget(self.review_list)
        split.addWidget(_scroll(holder, "reviewScroll"))  # a low window scrolls the decision
        split.setSizes([420, 700])
        layout.addWidget(self.review_heading)
        layout.addWidget(split, 1)
        layout.addWidget(self.review_back, 0, Qt.AlignmentFlag.AlignLeft)
        return panel

    def _stats_panel(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        self.stats_heading = label("statsHeading", scale=1.3, bold=True)
        self.stats_summary = label("statsSummary", wrap=True, scale=1.1)
        self.stats_list = _wrapping_list("statsList")
        self.stats_back = QPushButton()
        self.stats_back.setObjectName("statsBack")
        self.stats_back.clicked.connect(lambda: self.stack.setCurrentIndex(0))
        for widget in (self.stats_heading, self.stats_summary, self.stats_list):
            layout.addWidget(widget)
        layout.addWidget(self.stats_back, 0, Qt.AlignmentFlag.AlignLeft)
        return panel

    def show_statistics(self) -> None:
        """Games, wins, average points and the coach's flagged mistakes per game, over time."""
        stats = self.store.statistics()
        self.stats_heading.setText(_("Your games"))
        self.stats_summary.setText(_(
            "Games: {games} · won: {wins} · average points per round: {points} · mistakes "
            "flagged by the coach per game: {mistakes}").format(
                games=stats.games, wins=stats.wins, points=_decimal(stats.points_per_round),
                mistakes=_decimal(stats.mistakes_per_game)))
        self.stats_list.clear()
        for game in reversed(stats.series):
            result = _("won") if game.won else _("lost")
            self.stats_list.addItem(_(
                "{date}: {result}, {points} points ({per_round} per round), {mistakes} "
                "mistakes").format(date=game.finished_at.strftime("%Y-%m-%d %H:%M"),
                                   result=result, points=format_number(game.points),
                                   per_round=_decimal(game.points_per_round),
                                   mistakes=game.mistakes))
        self.stack.setCurrentIndex(2)
        announce(self.stats_summary, self.stats_summary.text())

    def _shortcuts(self) -> None:
        keys = {
            "A": self.focus_trump, "C": self.read_table, "F": self.read_led_suit,
            "S": self.read_scores, "T": self.read_turn, "H": self.ask_hint,
        }
        for key, slot in keys.items():
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    # --- starting -------------------------------------------------------------------------------

    def _offer_resume(self) -> None:
        saved = self.store.current()
        self.resume_button.setVisible(saved is not None and not saved.game().is_over)

    def seats(self) -> list[str]:
        return ["learner", *(box.currentData() for box in self.level_boxes)]

    def new_game(self, seats: list[str] | None = None, seed: int | None = None) -> None:
        """Start a game with the table options in force (Settings) and the chosen levels."""
        seats = seats or self.seats()
        seed = seed if seed is not None else random.randrange(1 << 30)
        budget = FAST_BUDGET if self.fast else TABLE_BUDGET
        self._start(PlaySession(self.rules, seats, seed, budget=budget))

    def resume(self) -> None:
        saved = self.store.current()
        if saved is None:
            return
        game = saved.game()
        session = PlaySession(saved.rules, saved.seats, game.seed, game=game,
                              game_id=saved.game_id)
        self._start(session)

    def _start(self, session: PlaySession) -> None:
        self.generation += 1
        self.session = session
        self.busy = False
        self.pending_card = None
        self.round_reviews = {}
        self.reviewing = -1
        self.watch = session.seats[0] != "learner"
        self.log.clear()
        self.coach_text.clear()
        self.next_round_button.hide()
        self.review_button.hide()
        self.stack.setCurrentIndex(0)
        self.resume_button.hide()
        self._save()
        self.refresh()
        self.advance()

    # --- the flow -------------------------------------------------------------------------------

    def advance(self) -> None:
        """Give the turn to whoever is to move: wait for the learner, or let a bot think."""
        session = self.session
        if session is None or self.busy:
            return
        if session.is_over:
            self._finish()
            return
        self.refresh()
        if session.learner_to_move():
            self.status.setText(self._turn_text())
            announce(self.status, self.status.text())
            return
        self.busy = True
        generation = self.generation
        pause = 0 if self.fast else BOT_PAUSE_MS
        QTimer.singleShot(pause, lambda: self._think(generation))

    def _think(self, generation: int) -> None:
        if generation != self.generation or self.session is None:
            return
        session = self.session
        self._run(session.bot_choice, lambda action: self._bot_done(generation, action))

    def _run(self, work: Callable[[], object], then: Callable[[object], None]) -> None:
        job = _Job(work)
        self.jobs.add(job)

        def finished(result: object) -> None:
            self.jobs.discard(job)
            then(result)

        job.signals.done.connect(finished, Qt.ConnectionType.QueuedConnection)
        QThreadPool.globalInstance().start(job)

    def _bot_done(self, generation: int, action: object) -> None:
        if generation != self.generation or self.session is None:
            return
        self.busy = False
        self._apply(action)  # type: ignore[arg-type]

    def _apply(self, action: Action) -> None:
        assert self.session is not None
        seat = self.session.to_move()
        if self.watch and seat == 0 and isinstance(action, Card):
            self._comment(action)
        events = self.session.apply(action)
        self._save()
        for event in events:
            self._narrate(event)
        self.refresh(events)
        played = next((e for e in events if isinstance(e, CardPlayed)), None)
        if played is not None and not self.fast:
            self._slide_in(played.seat)
        won = next((e for e in events if isinstance(e, TrickWon)), None)
        scored = next((e for e in events if isinstance(e, RoundScored)), None)
        if scored is not None and not self.session.is_over:
            self._round_over(scored)
            return
        if won is not None:
            self.busy = True
            generation = self.generation
            pause = 0 if self.fast else TRICK_PAUSE_MS
            QTimer.singleShot(pause, lambda: self._after_trick(generation))
            return
        self.advance()

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

    def _after_trick(self, generation: int) -> None:
        if generation != self.generation:
            return
        self.busy = False
        self.refresh()
        self.advance()

    def learner_acts(self, action: object) -> None:
        """The learner chose ``action`` (a card, a trump, chibre or a Weis choice)."""
        session = self.session
        if session is None or self.busy or not session.learner_to_move():
            return
        view = session.view()
        if action not in view.legal_actions:
            self._explain_illegal(action)
            return
        coach = self.coach_box.currentData()
        if coach == "active" and isinstance(action, Card) and view.phase is Phase.PLAY:
            self.busy = True
            generation = self.generation
            self.status.setText(_("The coach is looking at your card…"))
            self._run(lambda: _assess_all(view),
                      lambda found: self._warn_or_play(generation, action, found))
            return
        self._apply(action)  # type: ignore[arg-type]

    def _explain_illegal(self, action: object) -> None:
        assert self.session is not None
        view = self.session.view()
        try:
            self.session.game.clone().apply(action)  # type: ignore[arg-type]
            text = _("That is not possible now.")
        except IllegalPlayError as error:
            text = reason_text(error.reason, action, view)
        except (ValueError, TypeError):
            text = _("That is not possible now.")
        self.coach_text.setText(text)
        announce(self.coach_text, text)
        self.hand.clear_selection()

    def _warn_or_play(self, generation: int, card: Card, found: object) -> None:
        if generation != self.generation:
            return
        self.busy = False
        assessments: list[Assessment] = found  # type: ignore[assignment]
        best = assessments[0]
        mine = next(a for a in assessments if a.action == card)
        lost = best.points - mine.points
        if lost <= WARN_THRESHOLD:
            self._apply(card)
            return
        self.pending_card = card
        text = _("The coach would play the {best}: about {points} points better. {why}").format(
            best=action_name(best.action), points=format_number(round(lost)),
            why=reasons(best.tags))
        self.coach_text.setText(text)
        announce(self.coach_text, text)
        self.refresh()

    def _play_pending(self) -> None:
        card, self.pending_card = self.pending_card, None
        if card is not None:
            self._apply(card)

    def _take_back(self) -> None:
        self.pending_card = None
        self.hand.clear_selection()
        self.coach_text.setText(_("Taken back: choose another card."))
        self.refresh()

    def ask_hint(self) -> None:
        session = self.session
        if session is None or self.busy or not session.learner_to_move():
            return
        if self.coach_box.currentData() == "off":
            self.coach_text.setText(_("The coach is off. Choose a coach level to get hints."))
            return
        view = session.view()
        generation = self.generation
        self.coach_text.setText(_("The coach is thinking…"))
        self._run(lambda: hint(view), lambda best: self._show_hint(generation, best))

    def _show_hint(self, generation: int, best: object) -> None:
        if generation != self.generation or best is None:
            return
        assessment: Assessment = best  # type: ignore[assignment]
        text = _("Hint: {action}. {why}").format(action=action_name(assessment.action),
                                                 why=reasons(assessment.tags))
        self.coach_text.setText(text)
        announce(self.coach_text, text)
        if isinstance(assessment.action, Card):
            self.hand.set_highlight(CardSet([assessment.action]))

    def _comment(self, card: Card) -> None:
        """Watch mode: the coach's word on the card seat 0 is about to play (cheap checks)."""
        assert self.session is not None
        view = self.session.view(0)
        if view.trump is None:
            return
        tags = card_tags(Position(view), card.index)
        if tags:
            self.log.addItem(_("Coach on {card}: {why}").format(card=card_name(card),
                                                                 why=reasons(tags)))

    def _round_over(self, scored: RoundScored) -> None:
        self._review_round(scored.round)
        self.status.setText(self._round_text(scored))
        announce(self.status, self.status.text())
        self.next_round_button.show()
        self.review_button.setVisible(not self.watch)
        self.next_round_button.setFocus()
        if self.watch:
            QTimer.singleShot(0 if self.fast else 1500, self.next_round)

    def next_round(self) -> None:
        self.next_round_button.hide()
        self.review_button.hide()
        self.stack.setCurrentIndex(0)
        self.advance()

    def _finish(self) -> None:
        assert self.session is not None
        session = self.session
        over = next((e for e in reversed(session.game.events) if isinstance(e, GameOver)), None)
        if over is not None:
            if over.winner == 0:
                text = _("Your team wins the game, {a} to {b}!")
            else:
                text = _("The opponents win the game, {b} to {a}.")
            text = text.format(a=format_number(over.scores[0]), b=format_number(over.scores[1]))
            if 1 in session.game.rubicon:
                text += " " + _("The opponents end in the Rubicon, below half the target.")
            if 0 in session.game.rubicon:
                text += " " + _("Your team ends in the Rubicon, below half the target.")
            self.status.setText(text)
            announce(self.status, self.status.text())
        self.review_button.setVisible(not self.watch)
        self.refresh()
        last = next(e for e in reversed(session.game.events) if isinstance(e, RoundScored))
        self._review_round(last.round, self._store_finished)

    def _store_finished(self) -> None:
        session = self.session
        assert session is not None
        mistakes = sum(r.is_mistake for found in self.round_reviews.values() for r in found)
        if session.seats.count("learner"):
            self.store.finish(session.game_id, session.game.events, mistakes=mistakes)
        else:
            self.store.discard_current()
        if self.on_game_over is not None:
            self.on_game_over()

    def _save(self) -> None:
        session = self.session
        if session is not None and not session.is_over:
            self.store.save_current(session.game_id, session.game.events, seats=session.seats,
                                    rules=session.rules)

    # --- the review -----------------------------------------------------------------------------

    def _review_round(self, number: int, then: Callable[[], None] | None = None) -> None:
        """Let the coach review the learner's decisions of round ``number`` in the background."""
        session = self.session
        if session is None or self.watch or number in self.round_reviews:
            if then is not None:
                then()
            return
        decisions = session.round_decisions(number)
        generation = self.generation
        budget = FAST_BUDGET if self.fast else TABLE_BUDGET

        def done(found: object) -> None:
            if generation != self.generation:
                return
            self.round_reviews[number] = list(found)  # type: ignore[call-overload]
            if self.stack.currentIndex() == 1 and self.reviewing == number:
                self._fill_review(number)
            if then is not None:
                then()

        self._run(lambda: review(decisions, budget), done)

    def show_review(self) -> None:
        """The review of the last round played: each decision, the mistakes first."""
        session = self.session
        if session is None:
            return
        scored = [e for e in session.game.events if isinstance(e, RoundScored)]
        if not scored:
            return
        self.reviewing = scored[-1].round
        self.stack.setCurrentIndex(1)
        if self.reviewing in self.round_reviews:
            self._fill_review(self.reviewing)
        else:
            self.review_heading.setText(_("The coach is reviewing the round…"))
            self.review_list.clear()
            self._review_round(self.reviewing)

    def _fill_review(self, number: int) -> None:
        self.reviews = self.round_reviews[number]
        mistakes = sum(r.is_mistake for r in self.reviews)
        self.review_heading.setText(ngettext(
            "Review of the round: {count} mistake", "Review of the round: {count} mistakes",
            mistakes).format(count=mistakes))
        self.review_list.clear()
        for item in self.reviews:
            self.review_list.addItem(QListWidgetItem(self._review_line(item)))
        if self.reviews:
            self.review_list.setCurrentRow(0)
        self.review_list.setFocus()

    def _review_line(self, item: Review) -> str:
        where = (_("Trump choice") if item.decision.trick == 0
                 else _("Trick {number}").format(number=item.decision.trick))
        mark = "✗" if item.is_mistake else "✓"
        return _("{mark} {where}: you chose {chosen}; best {best} ({lost} points)").format(
            mark=mark, where=where, chosen=action_name(item.decision.action),
            best=action_name(item.best.action), lost=format_number(round(item.lost)))

    def _show_reviewed(self, row: int) -> None:
        if not 0 <= row < len(self.reviews):
            return
        item = self.reviews[row]
        view = item.decision.view
        self.review_trick.set_trump(view.trump)
        won = (self.session.trick_of(view.round, item.decision.trick)
               if self.session is not None and item.decision.trick else None)
        if won is not None:  # the whole trick as it was played, the learner's card marked
            self.review_trick.set_trick(won.cards, leader=won.leader)
        else:
            self.review_trick.set_trick(view.trick, leader=view.leader)
        self.review_hand.set_trump(view.trump)
        self.review_hand.set_cards(view.hand)
        marks = [a for a in (item.decision.action, item.best.action) if isinstance(a, Card)]
        self.review_hand.set_highlight(CardSet(marks))
        lines = [_("You chose {chosen}. {why}").format(chosen=action_name(item.decision.action),
                                                       why=reasons(item.tags))]
        if item.best.action != item.decision.action:
            lines.append(_("The coach prefers {best}, about {points} points better. {why}")
                         .format(best=action_name(item.best.action),
                                 points=format_number(round(item.lost)),
                                 why=reasons(item.best.tags)))
        self.review_text.setText("\n".join(lines))
        announce(self.review_text, self.review_text.text())

    # --- showing the table ----------------------------------------------------------------------

    def refresh(self, events: list[Event] | None = None) -> None:
        session = self.session
        has = session is not None
        for button in (*self.trump_buttons, self.chibre_button, self.announce_button,
                       self.withhold_button, self.play_anyway, self.take_back):
            button.hide()
        if session is None:
            self.hand.set_cards([])
            self.trick.set_trick([])
            self.status.setText(_("Press New game to play against the bots."))
            return
        view = session.view(0)
        learner = session.learner_to_move() and not self.busy
        self.hand.set_trump(view.trump)
        self.hand.set_cards(view.hand)
        legal = CardSet([a for a in view.legal_actions if isinstance(a, Card)])
        self.hand.set_legal(legal if learner and view.phase is Phase.PLAY else None)
        self._show_trick(view, events)
        self.badge.set_trump(view.trump)
        self.legend.set_trump(view.trump)
        if learner and view.phase is Phase.TRUMP:
            for button in self.trump_buttons:
                button.show()
            self.chibre_button.setVisible(CHIBRE in view.legal_actions)
        if learner and view.phase is Phase.WEIS:
            self.announce_button.show()
            self.withhold_button.show()
        if self.pending_card is not None:
            self.play_anyway.show()
            self.take_back.show()
        self.hint_button.setEnabled(has and learner)
        self._info(view)

    def _show_trick(self, view: GameView, events: list[Event] | None) -> None:
        won = next((e for e in events or [] if isinstance(e, TrickWon)), None)
        if won is not None or (self.busy and not view.trick and view.tricks):
            last = won or view.tricks[-1]
            self.trick.set_trump(view.trump)
            self.trick.set_trick(last.cards, leader=last.leader)
            self.trick.set_highlight(CardSet([last.cards[(last.winner - last.leader) % 4]]))
            return
        self.trick.set_trump(view.trump)
        self.trick.set_trick(view.trick, leader=view.leader)
        self.trick.set_highlight(CardSet())

    def _info(self, view: GameView) -> None:
        if view.trump is not None:
            chooser = seat_name(view.trump_declarer if view.trump_declarer is not None
                                else view.trump_chooser)
            text = _("Chosen by: {seat}").format(seat=chooser)
            if view.chibred:
                text += " · " + _("chibred")
        elif view.trump_chooser == 0:
            text = _("You choose trump")
        else:
            text = _("{seat} chooses trump").format(seat=seat_name(view.trump_chooser))
        self.trump_info.setText(text)
        lines = []
        for seat, value in enumerate(view.announced):
            if value and seat == 0:
                lines.append(_("You announce {points}").format(points=value))
            elif value:
                lines.append(_("{seat} announces {points}").format(seat=seat_name(seat),
                                                                   points=value))
        if view.weis_scored is not None:
            lines.append(weis_scored_text(view.weis_scored.best_seat % 2,
                                          view.weis_scored.points))
            for seat, shown in view.weis_scored.shown:  # the winning team shows its cards
                weis = ", ".join(weis_name(w) for w in shown)
                lines.append(_("You show {weis}").format(weis=weis) if seat == 0 else
                             _("{seat} shows {weis}").format(seat=seat_name(seat), weis=weis))
        if view.stoeck is not None:
            lines.append(_("{seat}: Stöck, {points}").format(seat=seat_name(view.stoeck.seat),
                                                             points=view.stoeck.points))
        self.weis_info.setText("\n".join(lines))
        tricks = [sum(1 for t in view.tricks if t.winner % 2 == team) for team in (0, 1)]
        self.score_info.setText(
            _("Tricks: {a} to {b} · This round: {pa} to {pb}").format(
                a=tricks[0], b=tricks[1], pa=view.round_points[0], pb=view.round_points[1])
            + "\n" + _("Game: {a} to {b} (target {target})").format(
                a=format_number(view.scores[0]), b=format_number(view.scores[1]),
                target=format_number(view.rules.target)))
        self.slate.set_scores(view.scores[0], view.scores[1],
                              names=(team_name(0), team_name(1)))
        self.trick.set_turn(view.current_player if view.phase is not Phase.OVER else None)
        for seat in range(4):  # the bots' levels, for whoever wonders who plays so well
            level = self.session.seats[seat] if self.session is not None else "learner"
            self.trick.seat_label(seat).setToolTip(
                "" if level == "learner" else
                _("{seat}: {level}").format(seat=seat_name(seat), level=level_name(level)))

    # --- keyboard announcements -----------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.coach_text.setText(text)
        announce(self.coach_text, text)

    def focus_trump(self) -> None:
        visible = [b for b in self.trump_buttons if b.isVisible()]
        if visible:
            visible[0].setFocus()
        else:
            self._say(_("Trump is not yours to choose now."))

    def read_table(self) -> None:
        if self.session is None:
            return
        view = self.session.view(0)
        if not view.trick:
            self._say(_("The table is empty."))
            return
        played = [_("{seat}: {card}").format(seat=seat_name((view.leader + i) % 4),
                                             card=card_name(card))
                  for i, card in enumerate(view.trick)]
        self._say("; ".join(played))

    def read_led_suit(self) -> None:
        if self.session is None:
            return
        view = self.session.view(0)
        if not view.trick:
            self._say(_("Nothing has been led yet."))
        else:
            self._say(_("Led suit: {suit}").format(suit=suit_name(view.trick[0].suit)))

    def read_scores(self) -> None:
        if self.session is None:
            return
        view = self.session.view(0)
        self._say(_("Game: your team {a}, opponents {b}. This round: {pa} to {pb}.").format(
            a=format_number(view.scores[0]), b=format_number(view.scores[1]),
            pa=view.round_points[0], pb=view.round_points[1]))

    def read_turn(self) -> None:
        if self.session is not None:
            self._say(self._turn_text())

    def _turn_text(self) -> str:
        assert self.session is not None
        view = self.session.view(0)
        if view.phase is Phase.OVER:
            return _("The game is over.")
        seat = view.current_player
        if seat != 0:
            return _("{seat} to play.").format(seat=seat_name(seat))
        if view.phase is Phase.TRUMP:
            return _("Your turn: choose trump (A), or chibre.")
        if view.phase is Phase.WEIS:
            return _("Your turn: announce your weis or keep it quiet, then play.")
        return _("Your turn: play a card (arrows and Enter).")

    def _round_text(self, scored: RoundScored) -> str:
        parts = [_("Round {number}: cards {a} to {b}").format(
            number=scored.round + 1, a=scored.cards[0], b=scored.cards[1])]
        if any(scored.match):
            parts.append(_("match {a} to {b}").format(a=scored.match[0], b=scored.match[1]))
        if any(scored.weis):
            parts.append(_("announcements {a} to {b}").format(a=scored.weis[0],
                                                              b=scored.weis[1]))
        if any(scored.stoeck):
            parts.append(_("Stöck {a} to {b}").format(a=scored.stoeck[0], b=scored.stoeck[1]))
        if scored.multiplier != 1:
            parts.append(_("pique double ×{factor}").format(factor=scored.multiplier))
        parts.append(_("total {a} to {b}").format(a=scored.total[0], b=scored.total[1]))
        return " · ".join(parts)

    def _narrate(self, event: Event) -> None:
        text = narrate(event)
        if text:
            self.log.addItem(text)
            self.log.scrollToBottom()

    # --- settings -------------------------------------------------------------------------------

    def set_rules(self, rules: Rules) -> None:
        """The table options for the next new game (a game in progress keeps its own)."""
        self.rules = rules

    def set_look(self, deck: str, card_height: int) -> None:
        self.deck, self.card_height = deck, card_height
        for view in (self.hand, self.trick, self.review_trick, self.review_hand):
            view.set_deck(deck)
        self.hand.set_card_height(card_height)
        self.badge.set_deck(deck)
        self.legend.set_deck(deck)
        self._arrange_table()

    def retranslate_ui(self) -> None:
        self.new_button.setText(_("New game"))
        self.resume_button.setText(_("Resume the unfinished game"))
        for caption, seat in zip(self.level_labels, (1, 2, 3), strict=True):
            caption.setText(seat_name(seat) + ":")
        for box in self.level_boxes:
            for index, name in enumerate(LEVELS):
                box.setItemText(index, level_name(name))
        self.coach_label.setText(_("Coach:"))
        for index, text in enumerate((_("off"), _("on request"), _("active"))):
            self.coach_box.setItemText(index, text)
        self.hint_button.setText(_("Hint (H)"))
        self.hint_button.setToolTip(_("The coach's best choice and why (H)"))
        for index, button in enumerate(self.trump_buttons):
            button.setText(suit_name(Trump(index).suit))  # type: ignore[arg-type]
        self.chibre_button.setText(_("Chibre"))
        self.chibre_button.setToolTip(_("Let your partner choose trump"))
        self.announce_button.setText(_("Announce"))
        self.withhold_button.setText(_("Keep quiet"))
        self.play_anyway.setText(_("Play it anyway"))
        self.take_back.setText(_("Take it back"))
        self.next_round_button.setText(_("Next round"))
        self.review_button.setText(_("Review the round"))
        self.review_back.setText(_("Back to the table"))
        self.stats_back.setText(_("Back to the table"))
        self.stats_button.setText(_("Statistics"))
        for view in (self.hand, self.trick, self.review_trick, self.review_hand):
            view.retranslate_ui()
        self.badge.retranslate_ui()
        self.slate.retranslate_ui()
        self.legend.retranslate_ui()
        self.refresh()
        if self.session is not None and self.session.learner_to_move():
            self.status.setText(self._turn_text())


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


def _decimal(value: float | None) -> str:
    return "–" if value is None else format_number(round(value, 1))


def weis_scored_text(team: int, points: int) -> str:
    if team == 0:
        return _("Your team scores the announcements: {points} points.").format(points=points)
    return _("The opponents score the announcements: {points} points.").format(points=points)


def level_name(name: str) -> str:
    return {"random": _("random"), "heuristic": _("club player"), "expert": _("expert"),
            "learner": _("you")}[name]


def _assess_all(view: GameView) -> list[Assessment]:
    return assess(view, TABLE_BUDGET)


def narrate(event: Event) -> str:
    """One line of the game's log for ``event`` ("" for events not worth a line)."""
    you = getattr(event, "seat", getattr(event, "winner", None)) == 0
    if isinstance(event, TrumpChosen):
        suit = suit_name(event.trump.suit)  # type: ignore[arg-type]
        if you:
            return _("You choose {suit} as trump.").format(suit=suit)
        return _("{seat} chooses {suit} as trump.").format(seat=seat_name(event.seat), suit=suit)
    if isinstance(event, Chibred):
        if you:
            return _("You chibre: your partner chooses trump.")
        return _("{seat} chibres: the partner chooses trump.").format(seat=seat_name(event.seat))
    if isinstance(event, WeisDeclared):
        weis = ", ".join(weis_name(w) for w in event.weis)
        if you:
            return _("You announce {weis}.").format(weis=weis)
        return _("{seat} announces {weis}.").format(seat=seat_name(event.seat), weis=weis)
    if isinstance(event, CardPlayed):
        card = card_name(event.card)
        if you:
            return _("You play the {card}.").format(card=card)
        return _("{seat} plays the {card}.").format(seat=seat_name(event.seat), card=card)
    if isinstance(event, StoeckScored):
        return _("{seat}: Stöck, {points} points.").format(seat=seat_name(event.seat),
                                                           points=event.points)
    if isinstance(event, WeisScored):
        return weis_scored_text(event.best_seat % 2, event.points)
    if isinstance(event, TrickWon):
        if you:
            return _("You take trick {number} ({points} points).").format(
                number=event.number, points=event.points)
        return _("{seat} takes trick {number} ({points} points).").format(
            seat=seat_name(event.winner), number=event.number, points=event.points)
    if isinstance(event, GameOver):
        return _("Game over.")
    return ""


__all__ = ["PlayPage", "narrate"]

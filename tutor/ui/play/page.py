"""The Play page: the tool bar (new game, guided game, resume, the game and the bots' levels,
the coach), and one table view per game (``tutor.ui.play.chibre``, ``tutor.ui.play.pomme``),
each drawing its own table; the review of a round and the statistics beside them.

The tool bar chooses the game before a new one: Chibre for four, or Pomme (Putz, R-POMME) for
three or five. In a game of Pomme H takes the aside and G exchanges the 6 of trump (003), and
Ctrl+H asks for the hint (it does in a game of Chibre too, where H still does): the table's
keys are bound in ``tutor.ui.play.table_keys``.

The learner sits at the bottom (``tutor.vocab.LEARNER_SEAT``). All that decides (whose turn,
what is legal, what the coach says, what is saved) is the table's; the view of the game at the
table renders its state after every change (``_paint``), in the language and deck in force, and
the page runs the background work through ``tutor.ui.background.QtRunner``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from engine import Card, CardSet, Chibre, Conventions, PommeChoice, Rules, Trump, WeisChoice
from tutor.course import CourseLink
from tutor.design import LEAD
from tutor.games import GameStore
from tutor.i18n import _
from tutor.jobs import Failure
from tutor.table import words
from tutor.table.controller import Table
from tutor.table.flow import Stage
from tutor.table.pomme import PommeTable
from tutor.table.session import Session
from tutor.table.worker import WorkerProcess
from tutor.ui.background import QtRunner, log_failure
from tutor.ui.play.bar import PlayBar
from tutor.ui.play.base import KEYS, TableView
from tutor.ui.play.chibre import ChibreTableView
from tutor.ui.play.confirm import ConfirmBar
from tutor.ui.play.pomme import PommeTableView
from tutor.ui.play.result import GameResultPanel
from tutor.ui.play.review import ReviewPanel
from tutor.ui.play.stats import StatsPanel
from tutor.ui.play.table_keys import TableKeys
from tutor.ui.theme import PRIMARY_PROPERTY, mark_primary
from tutor.ui.widgets.common import EnterClicks, key_name, label, landing
from tutor.vocab import (
    DEFAULT_DECK,
    DEFAULT_VARIANT,
    VARIANT_PLAYERS,
    Deck,
    Player,
    Variant,
    game_of,
    variant_of,
)


class PlayPage(QWidget):
    """The tool bar, the table of the game being played, its review and the statistics."""

    notice = Signal(str)  # something failed: for the window's notice bar
    game_finished = Signal()
    round_finished = Signal(str, int, bool)  # the learner's game id, the round, the game's last
    #: The review's link to the strategy course: a lesson id; two puzzle ids and their theme.
    lesson_requested = Signal(str)
    puzzles_requested = Signal(tuple, str)
    painted = Signal()  # the table was drawn again: its game (and rules) may have changed

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
        self._focused_at: object = None  # the decision focus was last moved for
        self._stage = Stage.EMPTY
        self._build()
        self.retranslate_ui()

    # --- layout ---------------------------------------------------------------------------------

    def _build(self) -> None:
        self.bar = bar = PlayBar()
        bar.new_button.clicked.connect(lambda: self.ask_new_game())
        bar.guided_button.clicked.connect(lambda: self.ask_new_game(guided=True))
        bar.resume_button.clicked.connect(self.resume)
        bar.hint_button.clicked.connect(self.ask_hint)
        bar.stats_button.clicked.connect(self.show_statistics)
        bar.variant_chosen.connect(self._variant_chosen)
        bar.coach_chosen.connect(self._coach_chosen)
        self.confirm = ConfirmBar(self._confirmed, self._keep_playing)
        self.confirm_text, self.confirm_yes, self.confirm_no = (
            self.confirm.text, self.confirm.yes, self.confirm.no)
        self._guided_asked = False
        self.chibre_view = ChibreTableView(self.table)
        self.pomme_view = PommeTableView(self.pomme)
        #: one view per game, each drawing its own table
        self.views: dict[str, TableView] = {"chibre": self.chibre_view, "pomme": self.pomme_view}
        self.review = ReviewPanel()
        self.review.back.connect(self.back_to_table)
        self.review.lesson_requested.connect(self.lesson_requested.emit)
        self.review.puzzles_requested.connect(self.puzzles_requested.emit)
        self.stats = StatsPanel()
        self.stats.back.connect(self.back_to_table)
        self.stack = QStackedWidget()
        for view in self.views.values():
            view.action.connect(self.learner_acts)
            view.review_requested.connect(self.show_review)
            self.stack.addWidget(view)
        self.pomme_view.aside_requested.connect(self.ask_take_aside)
        self.stack.addWidget(self.review)
        self.stack.addWidget(self.stats)
        self.result = GameResultPanel(self)  # a game's end: its result card in the table's place
        self.stack.currentChanged.connect(lambda _index: self._name_parts())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.addWidget(bar)
        layout.addWidget(self.confirm)
        layout.addWidget(self.stack, 1)
        # where focus lands on the page when there is no decision to take: whose turn it is
        self.status = landing(label("playStatus", wrap=True, scale=LEAD, bold=True))
        layout.addWidget(self.status)
        self.table_keys = TableKeys(self, self)  # the keys that read and act at the table
        self._enter = EnterClicks(self)
        for button in self.findChildren(QPushButton):
            button.installEventFilter(self._enter)  # Enter presses a button, as Space does

    def _name_parts(self) -> None:
        """The containers focus passes through say what they are (a screen reader says the
        name of a part as focus enters it): the table, the review or the statistics."""
        current = self.stack.currentWidget()
        name = (_("Review of the round") if current is self.review else
                _("Statistics") if current is self.stats else
                _("Result of the game") if current is self.result else _("The table"))
        self.stack.setAccessibleName(name)

    # --- starting -------------------------------------------------------------------------------

    @property
    def session(self) -> Session | None:
        """The game of Chibre at the table (the table's)."""
        return self.table.session

    @property
    def view(self) -> TableView:
        """The view of the game at the table."""
        return self.views[game_of(self.playing)]

    @property
    def at_table(self) -> Table | PommeTable:
        """The table of the game being played."""
        return self.table if self.playing == "chibre" else self.pomme

    def seats(self) -> list[Player]:
        return self.bar.seats()

    def variant(self) -> Variant:
        return self.bar.variant()

    @property
    def pomme_at_table(self) -> bool:
        """Whether the table shows a game of Pomme."""
        return game_of(self.playing) == "pomme"

    def _show_table(self, variant: Variant) -> None:
        """The table of ``variant``'s game, set for its number of players."""
        self.playing = variant
        if game_of(variant) == "pomme":
            self.pomme_view.set_players(VARIANT_PLAYERS[variant])
        self.stack.setCurrentWidget(self.view)

    def _variant_chosen(self) -> None:
        variant = self.variant()
        if self.at_table.stage is Stage.EMPTY and variant != self.playing:
            # no game at the table yet: it shows the seats of the game chosen, not the last one
            self._show_table(variant)
            self._paint()

    def _coach_chosen(self) -> None:
        level = self.bar.coach()
        self.table.set_coach(level)
        self.pomme.set_coach(level)

    def would_abandon(self) -> bool:
        return self.table.would_abandon() or self.pomme.in_progress

    def ask_new_game(self, guided: bool = False, variant: Variant | None = None) -> None:
        """New game (of ``variant``, else the game chosen in the tool bar): at once, or after
        asking when a game is in progress (or saved)."""
        if variant is not None:
            self.bar.choose(variant)
        if self.would_abandon():
            self._guided_asked = guided
            saved = self.table.store.current()
            pomme = self.pomme.in_progress or (not self.table.in_progress and saved is not None
                                               and saved.pomme is not None)
            self.confirm.ask("new game", _(
                "Start a new game? The game of Pomme in progress ends here (games of Pomme are "
                "not kept in your statistics).") if pomme else _(
                "Start a new game? The game in progress ends here; it is kept in your "
                "statistics as abandoned."), self.confirm_no)
            return
        self.new_game(guided=guided)

    def ask_take_aside(self) -> None:
        """Take the aside (its button, key H): asks first, as the hand is given up for the
        round and cannot be taken back (Enter takes it, Esc keeps the hand); when the aside
        cannot be taken now, the table says why."""
        if not self._aside_open():
            self.pomme.take_aside()  # says why not
            return
        self.confirm.ask("aside", _(
            "Take the aside? You play its nine cards instead of your hand for the rest of the "
            "round, and your hand is put aside unseen: this cannot be taken back."),
            self.confirm_yes)

    def _aside_open(self) -> bool:
        view = self.pomme.view()
        return self.pomme_at_table and view is not None and \
            self.pomme.stage is Stage.LEARNER and PommeChoice.TAKE_ASIDE in view.legal_actions

    @property
    def question(self) -> str | None:
        """What the confirm bar asks (``None``: it is not shown)."""
        return self.confirm.question

    def _confirmed(self, question: str | None) -> None:
        if question == "aside":
            self.pomme.take_aside()
            return
        self.new_game(guided=self._guided_asked)

    def _keep_playing(self) -> None:
        self._focus_decision(force=True)

    def new_game(self, seats: list[Player] | None = None, seed: int | None = None, *,
                 guided: bool = False, deal: Sequence[CardSet] | None = None) -> None:
        """Start a game with the table options in force (Settings) and the chosen levels;
        the guided game is short (Chibre's ``GUIDED_TARGET``, Pomme's ``GUIDED_POMME_ROUNDS``)
        and the coach explains every step. Two, three or five ``seats`` (or Pomme chosen in the
        tool bar) start a game of Pomme. ``deal`` fixes the first round's hands of a game of
        Chibre (``Table.new_game``)."""
        self.confirm.close_question()
        seats = seats or self.seats()
        coach = self.bar.coach()
        if len(seats) == 4:
            self.pomme.abandon(quiet=True)
            self._show_table("chibre")
            self.table.new_game(self.rules, seats, seed=seed, coach=coach, guided=guided,
                                deal=deal)
            return
        self.table.leave()  # a game of Chibre, at the table or saved, is kept as abandoned
        self._show_table(variant_of("pomme", len(seats)))
        self.pomme_view.forget_log()
        self.pomme.new_game(seats, seed=seed, coach=coach, rules=self.rules, guided=guided)

    def resume(self) -> None:
        saved = self.table.store.current()
        if saved is not None and saved.pomme is not None:
            self._show_table(variant_of("pomme", saved.pomme.players))
            self.pomme_view.forget_log()
            self.pomme.resume()
            return
        self._show_table("chibre")
        self.table.resume()

    # --- input ----------------------------------------------------------------------------------

    def learner_acts(self, action: object) -> None:
        """The learner chose ``action`` (a card, a trump, chibre or a weis choice; in a game
        of Pomme a card, the aside or the 6); a card still travelling is where it belongs at
        once."""
        self.view.motion.finish()
        if self.pomme_at_table:
            if isinstance(action, (Card, PommeChoice)):
                self.pomme.learner_acts(action)
        elif isinstance(action, (Card, Trump, Chibre, WeisChoice)):
            self.table.learner_acts(action)
        if self.at_table.stage is Stage.LEARNER:
            self.view.hand.clear_selection()

    def ask_hint(self) -> None:
        self.at_table.ask_hint()

    def back_to_table(self) -> None:
        self.stack.setCurrentWidget(self.view)
        self._paint()
        self._focus_decision(force=True)

    # --- drawing the table ----------------------------------------------------------------------

    def _paint(self) -> None:
        """Draw everything from the table's state: called after every change of it."""
        view, table = self.view, self.at_table
        stage = table.stage
        self.bar.hint_button.setText(_("Hint ({key})").format(key=key_name(view.hint_key)))
        # reading the saved game only when no game is being played (not at every paint)
        self.bar.resume_button.setVisible(not table.in_progress and self._can_resume())
        self.painted.emit()
        if self.question == "aside" and not self._aside_open():  # a card was played meanwhile
            self.confirm.close_question()
        if table.session is not None:  # the tool bar shows the game at the table (resumed too)
            self.bar.show_game(self.playing, table.session.seats, self.table.coach)
        self.status.setText(view.status())
        self._mark_primary(table)
        happened = view.paint()
        self.bar.hint_button.setEnabled(stage is Stage.LEARNER and table.coach != "off"
                                    and table.view() is not None)
        if self.stack.currentWidget() is self.review:
            self.review.fill()
        view.announce_stage(self.status, happened)
        if table.view() is not None:
            self._focus_decision()
        scored = table.last_scored() if table.session is not None else None
        if (stage in (Stage.ROUND_OVER, Stage.OVER) and self._stage is not stage
                and scored is not None and table.session is not None
                and table.session.has_learner):
            self.round_finished.emit(table.session.game_id, scored.round, stage is Stage.OVER)
        if stage is Stage.OVER and self._stage is not Stage.OVER:
            self.game_finished.emit()
            if self.on_game_over is not None:
                self.on_game_over()
        self._stage = stage
        self.result.paint()

    def _mark_primary(self, table: Table | PommeTable) -> None:
        """The page's one primary action: at an empty table the guided game for a newcomer,
        else New game; during a game none in the tool bar (when a round is over, the table's
        Next round is; when the game is over, its result card's next step is)."""
        empty = table.stage is Stage.EMPTY
        guided = empty and table.newcomer()
        for button, primary in ((self.bar.guided_button, guided),
                                (self.bar.new_button, empty and not guided)):
            if bool(button.property(PRIMARY_PROPERTY)) != primary:
                mark_primary(button, primary)

    def _can_resume(self) -> bool:
        """A saved game that is not the one at the table (of either kind)."""
        saved = self.table.store.current()
        if saved is None:
            return False
        at_table = [t.session.game_id for t in (self.table, self.pomme) if t.session is not None]
        return saved.game_id not in at_table

    def _focus_decision(self, force: bool = False) -> None:
        """At each new decision, keyboard focus goes to where it is taken: the hand, the trump
        or weis buttons, the warning's Take it back, Next round."""
        table = self.at_table
        if self.stack.currentWidget() is not self.view or self.confirm.isVisible():
            return
        key = (table.decision_at, table.stage)
        if key == self._focused_at and not force:
            return
        focus = self.focusWidget() if self.isAncestorOf(self.focusWidget() or self) else None
        target = self.view.decision_target()
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
        current = self.stack.currentWidget()
        if current is self.review:
            return self.review.list
        if current is self.stats:
            return self.stats.list
        if current is self.result:
            return self.result.landing()
        if self.confirm.isVisible():
            return self.confirm_yes
        target = self.view.decision_target()
        if target is not None:
            return target
        return self.status if self.status.text() else self.bar.new_button

    def _failed(self, failure: Failure) -> None:
        log_failure(failure)
        self.notice.emit(words.failure_text(failure))

    # --- the review and the statistics ----------------------------------------------------------

    def show_review(self) -> None:
        """The review of the last round played, trick by trick."""
        scored = self.at_table.last_scored()
        if scored is None:
            return
        self.stack.setCurrentWidget(self.review)
        self.review.show_round(self.view, scored.round)

    def show_statistics(self) -> None:
        """Games, wins, average points, the coach's flagged mistakes and par, over time."""
        self.stack.setCurrentWidget(self.stats)
        self.stats.show_games(self.table.store)

    # --- settings -------------------------------------------------------------------------------

    def set_rules(self, rules: Rules) -> None:
        """The table options for the next new game (a game in progress keeps its own)."""
        self.rules = rules

    def rules_in_play(self) -> Rules | None:
        """The options of the game of Chibre at the table (a guided game's short target), else
        of the next one; ``None`` at a table of Pomme, whose rules are its own (R-POMME)."""
        if self.pomme_at_table:
            return None
        return self.table.session.rules if self.table.session is not None else self.rules

    def set_conventions(self, conventions: Conventions) -> None:
        """The conventions the bots and the coach keep in the next game of Chibre (a game in
        progress keeps its own; Pomme has no partners, so none)."""
        self.table.conventions = conventions

    @property
    def course(self) -> Callable[[str | None], CourseLink | None]:
        """Where the review sends the learner for a theme (the window gives it its content)."""
        return self.review.course

    @course.setter
    def course(self, value: Callable[[str | None], CourseLink | None]) -> None:
        self.review.course = value

    @property
    def speech(self) -> str:
        return self.chibre_view.speech

    @speech.setter
    def speech(self, value: str) -> None:
        for view in self.views.values():
            view.speech = value

    def set_look(self, deck: Deck, card_height: int) -> None:
        self.deck, self.card_height = deck, card_height
        for view in self.views.values():
            view.set_look(deck, card_height)
        self.review.set_deck(deck)
        self._rerender()
        self.view.arrange()

    def retranslate_ui(self) -> None:
        self.bar.retranslate_ui()
        self._name_parts()
        self.confirm.retranslate_ui()
        for view in self.views.values():
            view.retranslate_ui()
        self.review.retranslate_ui()
        self.stats.retranslate_ui()
        self._rerender()

    def _rerender(self) -> None:
        """Everything in words again, in the language and deck now in force."""
        if not hasattr(self, "status"):
            return
        for view in self.views.values():
            view.paint_log(again=True)
        self.review.reviews = []
        self._paint()
        if self.stack.currentWidget() is self.stats:
            self.show_statistics()


__all__ = ["KEYS", "PlayPage"]

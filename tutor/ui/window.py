"""The main window: a stack of pages (``tutor.vocab.PAGES``), six listed on the left and under
Go, Ctrl+1 … Ctrl+6 (``NAVIGATION``), and About and Keys in the Help menu (the places list,
the menus and the links between pages are ``tutor.ui.navigation``'s); a returning learner
starts on Progress, a new one on Learn (``MainWindow.start_page``). Every visible string is set
in ``retranslate_ui()`` so that a language switch (``tutor.i18n.set_language``) can be shown
live. Started by ``tutor.ui.launch``; the learner's choices are kept through
``tutor.ui.settings_file``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from engine import Conventions, Rules
from tutor.content import Content
from tutor.content.loader import ROOT, load_content
from tutor.design import Appearance, is_appearance
from tutor.desktop import APP_NAME
from tutor.i18n import Language, _, current_language, set_language
from tutor.jobs import Failure, Job
from tutor.names import set_deck
from tutor.progress import Progress
from tutor.progress.overview import Goal
from tutor.rule_options import (
    conventions_to_text,
    option_rows,
    set_table_conventions,
    set_table_rules,
)
from tutor.settings import (
    APPEARANCE_KEY,
    CARD_HEIGHT_KEY,
    CONVENTIONS_PREFIX,
    DECK_KEY,
    GOAL_KEY,
    LANGUAGE_KEY,
    MOTION_CHOICES,
    MOTION_KEY,
    SPEECH_KEY,
)
from tutor.speech import speech_level
from tutor.ui.background import QtRunner, log_failure, run_in_background
from tutor.ui.content_notices import content_notices, load_failed_text
from tutor.ui.navigation import Navigation
from tutor.ui.pages.home import HomePage
from tutor.ui.pages.keys import KeysPage
from tutor.ui.pages.learn import LearnPage
from tutor.ui.pages.progress import ProgressPage
from tutor.ui.pages.puzzles import PuzzlesPage
from tutor.ui.pages.rules import RulesPage
from tutor.ui.pages.settings import SettingsPage
from tutor.ui.qt_language import use_qt_language
from tutor.ui.settings_file import (
    app_settings,
    moved_notice,
    read_app_settings,
    write_corrections,
    write_rules,
)
from tutor.ui.theme import apply_theme, set_reduce_motion
from tutor.ui.widgets.common import announce, land
from tutor.ui.widgets.notice import ElidedLabel, NoticeBar
from tutor.vocab import (
    NAVIGATION,
    PAGES,
    Deck,
    Page,
)

if TYPE_CHECKING:
    from tutor.games import GameStore
    from tutor.ui.play import PlayPage



#: How long after the window is built the content starts loading: about one first frame.
FIRST_FRAME_MS = 30


RETRY_MS = 30_000  # how often what a file refused is tried again (tutor.progress.store)


@runtime_checkable
class Retranslated(Protocol):
    """A page that says its words again in the language just chosen."""

    def retranslate_ui(self) -> None: ...


class MainWindow(QMainWindow):
    """The main window: places on the left, the page on the right, the rules in the status line."""

    def __init__(self, rules: Rules | None = None, parent: QWidget | None = None, *,
                 content_root: Path | None = None, progress: Progress | None = None,
                 settings: QSettings | None = None, load_now: bool = False,
                 games: GameStore | None = None, fast: bool = False,
                 content: Content | None = None) -> None:
        # The Play page, its bots and the game store load on first use: the window opens first.
        self._games = games
        self._play: PlayPage | None = None
        self._ending_now = False  # quit_now: the window closes without a question
        super().__init__(parent)
        self.settings = settings if settings is not None else app_settings()
        # every value checked on its own; the bad ones are reset, written back and named below
        read = read_app_settings(self.settings)
        write_corrections(self.settings, read)
        self.rules = rules if rules is not None else read.settings.rules
        set_table_rules(self.rules)  # what {option:…} references in lessons show
        self.deck: Deck = read.settings.deck
        self.card_height = read.settings.card_height
        self.speech = read.settings.speech
        self.appearance: Appearance = read.settings.appearance
        self.saved_motion = read.settings.reduce_motion  # the setting; in force: theme's
        set_reduce_motion(self.saved_motion or fast)  # none when watched fast (--watch --fast)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, self.appearance)
        self.goal = read.settings.goal
        self.conventions = read.settings.conventions
        set_table_conventions(self.conventions)  # what {option:discard_signal} shows
        set_deck(self.deck)
        self.progress = progress if progress is not None else Progress()
        self.fast = fast
        self.content: Content | None = None
        self._build()
        self.retranslate_ui()
        if (moved := moved_notice(self.settings)) is not None:  # settings.ini was no file
            self.notice.add(moved)
        if (settings_notice := read.notice()) is not None:
            self.notice.add(settings_notice)
        if self.progress.notice:  # says itself what happened to the file (tutor.progress.store)
            self.notice.add(self.progress.notice)
        self.progress.listener = self.notice.add  # a write the file refuses, and its retry
        self.store_runner = QtRunner(self)  # waits for another program's lock off this thread
        self.progress.runner = self.store_runner
        self.retry_timer = QTimer(self)  # what a file refused is tried again now and then too
        self.retry_timer.setInterval(RETRY_MS)
        self.retry_timer.timeout.connect(self.retry_writes)
        self.retry_timer.start()
        root = content_root if content_root is not None else ROOT
        if content is not None:  # loaded already (the tests load the shipped content once)
            self.set_content(content)
        elif load_now:
            self.set_content(load_content(root))
        else:
            # Start once the first frame is up: the worker holds Python's lock while it parses,
            # and would slow the first paint of the window it is loading for.
            job = Job("content", lambda: load_content(root), self.set_content,
                      self._content_failed)
            QTimer.singleShot(FIRST_FRAME_MS, self, lambda: run_in_background(self, job))

    def _build(self) -> None:
        self.pages = QStackedWidget()
        self.pages.setObjectName("pages")
        self.progress_page = ProgressPage(self.progress, self.goal)
        self.learn = LearnPage(self.progress)
        self.puzzles = PuzzlesPage(self.progress)
        self.play_holder = QWidget()  # replaced by the Play page when it is first shown
        self.rules_page = RulesPage(self.rules)
        self.settings_page = SettingsPage(current_language(), self.deck, self.card_height,
                                          self.rules, goal=self.progress_page.goal,
                                          speech=self.speech, conventions=self.conventions,
                                          appearance=self.appearance,
                                          reduce_motion=self.saved_motion)
        self.home = HomePage(self.rules)
        self.keys_page = KeysPage()
        self.page_widgets: list[QWidget] = [self.progress_page, self.learn, self.puzzles,
                                            self.play_holder, self.rules_page,
                                            self.settings_page, self.home, self.keys_page]
        for page in self.page_widgets:
            self.pages.addWidget(page)
        self.navigation = Navigation(self)
        self.puzzles.drills.course = self.navigation.course_link  # a drill's lesson
        # the places list and the Go and Help menus' page entries, as the window's own
        self.nav = self.navigation.places
        self.page_actions = self.navigation.page_actions
        self.keys_action = self.navigation.keys_action
        # the arrows browse the pages (focus stays in the list, which reads each); Enter
        # goes into the page shown
        self.nav.currentRowChanged.connect(self._show_index)
        # a click or Enter on the place already marked still goes there: after About or Keys
        # (no place of the list) the list keeps the last place marked
        self.nav.itemClicked.connect(lambda item: self._show_index(self.nav.row(item)))
        self.nav.itemActivated.connect(lambda item: self._go_into(self.nav.row(item)))
        self.settings_page.language_changed.connect(self.change_language)
        self.settings_page.look_changed.connect(self.change_look)
        self.settings_page.rules_changed.connect(self.change_rules)
        self.settings_page.goal_changed.connect(self.change_goal)
        self.settings_page.speech_changed.connect(self.change_speech)
        self.settings_page.conventions_changed.connect(self.change_conventions)
        self.settings_page.appearance_changed.connect(self.change_appearance)
        self.settings_page.motion_changed.connect(self.change_motion)
        self.notice = NoticeBar()
        body = QWidget()
        row = QHBoxLayout(body)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.nav)
        row.addWidget(self.pages, 1)
        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.notice)
        column.addWidget(body, 1)
        self.setCentralWidget(central)
        self.status_label = ElidedLabel()
        self.status_label.setObjectName("statusProfile")
        self.status_label.setContentsMargins(8, 0, 0, 0)
        self.statusBar().addWidget(self.status_label, 1)
        self.setMinimumSize(800, 560)
        self._landed = False  # focus has landed on the first page's content (at launch)
        self.show_page(self.start_page(), focus=False)  # it lands once the content is there

    def retry_writes(self) -> None:
        """Write what a file refused earlier, if it can be written now (a lock is waited for
        in the background, never here)."""
        self.progress.retry()
        if self._games is not None:
            self._games.retry()

    def closeEvent(self, event: QCloseEvent) -> None:
        """What a file still refuses is written now, else kept beside it for the next start;
        if even that fails, the learner is asked before it is lost."""
        stores = [self.progress, *([self._games] if self._games is not None else [])]
        lost = [text for store in stores if (text := store.save_before_closing()) is not None]
        if lost and not self._ending_now and not self.confirm_losing(lost):
            event.ignore()
            return
        super().closeEvent(event)

    def quit_now(self) -> None:
        """End the app at once, as asked by the system (SIGTERM): the window closes as at a
        quit from the menu (what a file still refuses is kept beside it) but asks nothing, and
        the app quits (``aboutToQuit`` ends the Play page's worker process)."""
        self._ending_now = True  # closeEvent asks nothing
        self.close()
        QApplication.quit()

    def confirm_losing(self, lost: list[str]) -> bool:
        """Ask whether to quit although ``lost`` cannot be saved; whether to quit."""
        box = QMessageBox(QMessageBox.Icon.Warning, _("Quit without saving?"),
                          "\n\n".join([*lost, _("If you quit now, it is lost. If you keep the "
                                                   "app open, it is saved as soon as the file "
                                                   "can be written.")]),
                          parent=self)
        box.setObjectName("confirmLosing")
        box.setTextFormat(Qt.TextFormat.PlainText)
        quit_button = box.addButton(_("Quit and lose it"),
                                    QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton(_("Keep the app open"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.exec()
        return box.clickedButton() is quit_button

    def start_page(self) -> Page:
        """Progress for a returning learner (anything answered); Learn, at lesson 1, for a new
        one."""
        return "progress" if self.progress.has_practised() else "learn"

    @property
    def games(self) -> GameStore:
        """The learner's saved and finished games (opened on first use)."""
        if self._games is None:
            from tutor.games import GameStore

            self._games = GameStore(self.progress.path.parent / "games.sqlite3")
        if self._games.listener is None:  # its notices, now and when a write is refused
            if self._games.notice:
                self.notice.add(self._games.notice)
            self._games.listener = self.notice.add
            self._games.runner = self.store_runner
        return self._games

    @property
    def play(self) -> PlayPage:
        """The Play page, built the first time it is needed."""
        if self._play is None:
            from tutor.ui.play import PlayPage

            self._play = PlayPage(self.rules, store=self.games, fast=self.fast)
            self._play.set_look(self.deck, self.card_height)
            self._play.notice.connect(self.notice.add)
            self._play.painted.connect(self._show_rules_line)
            self._play.speech = self.speech
            self.navigation.link_play(self._play)
            self._play.round_finished.connect(  # a round played counts as practice
                lambda game, number, last: self.progress.record_round(game, number, last=last))
            # the positions of the learner's mistakes, kept when a round's review lands, to be
            # drilled (issue 36)
            self._play.table.keep = self._play.pomme.keep = self.progress.keep_positions
            self._play.set_conventions(self.conventions)
            index = self.pages.indexOf(self.play_holder)
            current = self.pages.currentIndex()
            self.pages.insertWidget(index, self._play)
            self.pages.removeWidget(self.play_holder)
            self.page_widgets[self.page_widgets.index(self.play_holder)] = self._play
            self.pages.setCurrentIndex(current)
        return self._play

    def _go_into(self, index: int) -> None:
        """Enter on a place: its page, with the focus in it."""
        self._show_index(index)
        self.land()

    def _show_index(self, index: int) -> None:
        if PAGES[index] == "play":
            self.play  # noqa: B018  (build it)
        self.pages.setCurrentIndex(index)
        self._name_pages()
        self._show_rules_line()

    def _show_rules_line(self) -> None:
        """The status line says the table options where they matter, on the Rules page (those
        in force) and on the Play page (those of the game at the table: a guided game's short
        target); a game of Pomme, whose rules are its own, and the other pages have none."""
        page = self.current_page()
        rules = self.rules if page == "rules" else (
            self._play.rules_in_play() if page == "play" and self._play is not None else None)
        if rules is not None:
            self.status_label.setText(status_text(rules))
            self.status_label.setToolTip(self.status_label.text())
        self.statusBar().setVisible(rules is not None)

    def _name_pages(self) -> None:
        """The pages' container is named after the page shown: a screen reader says where the
        learner is as focus enters it ("Learn layered pane")."""
        self.pages.setAccessibleName(self._page_titles()[self.current_page()])

    @staticmethod
    def _page_titles() -> dict[Page, str]:
        return {"progress": _("Progress"), "learn": _("Learn"), "puzzles": _("Puzzles"),
                "play": _("Play"), "rules": _("Rules"), "settings": _("Settings"),
                "home": _("About Jass tutor"), "keys": _("Keys")}

    def show_page(self, name: Page, *, focus: bool = True) -> None:
        """Show the page called ``name`` (one of ``PAGES``); with ``focus``, the keyboard focus
        lands on it (``land``). Without, the caller puts it somewhere on the page itself."""
        index = PAGES.index(name)
        if index < len(NAVIGATION):
            self.nav.setCurrentRow(index)
        self._show_index(index)
        if focus:
            self.land()

    def landing(self) -> QWidget:
        """Where focus lands on the page shown: what says where the learner is (a lesson's
        step or question, a puzzle's question, the decision at the table, else the page's
        heading)."""
        page = self.pages.currentWidget()
        assert page is not None  # the stack always has its pages
        chosen: Callable[[], QWidget] | None = getattr(page, "landing", None)
        if callable(chosen):
            return chosen()
        heading = getattr(page, "heading", None) or getattr(page, "title", None)
        return heading if isinstance(heading, QWidget) else page  # a landing of its own

    def land(self) -> None:
        """Focus to the page's landing (see ``landing``)."""
        land(self.landing())

    def current_page(self) -> Page:
        return PAGES[self.pages.currentIndex()]

    def set_content(self, content: Content) -> None:
        """Show what loaded; report what did not, so the learner knows something is missing."""
        self.content = content
        self.learn.set_lessons(content.lessons)
        self.progress_page.set_content(content.lessons, content.puzzles)
        self.puzzles.set_lessons(content.lessons)
        self.puzzles.set_puzzles(content.puzzles)
        self.learn.set_look(self.deck, self.card_height)
        self.puzzles.set_look(self.deck, self.card_height)
        if not self._landed:  # at launch: on the first page's content, now it is there
            self._first_landing()
        for text in content_notices(content):
            self.notice.add(text)

    def _first_landing(self) -> None:
        """Land at launch, then say the notices given before the window could speak (a
        settings value reset, a file moved aside): a screen reader hears them after the page."""
        self._landed = True
        self.land()
        if self.notice.messages and self.notice.isVisible():
            announce(self.notice, " ".join(self.notice.messages))

    def _content_failed(self, failure: Failure) -> None:
        """Loading failed as a whole: say so (``load_failed_text``)."""
        log_failure(failure)
        self.notice.add(load_failed_text(failure.detail))
        if not self._landed:
            self._first_landing()

    def change_speech(self, level: str) -> None:
        """What a screen reader hears of the table as it happens; kept for the next start."""
        self.speech = speech_level(level)
        self.settings.setValue(SPEECH_KEY, self.speech)
        if self._play is not None:
            self._play.speech = self.speech
            self._play.set_conventions(self.conventions)

    def change_appearance(self, appearance: str) -> None:
        """Light, dark, high contrast or the system's: at once, and for the next start."""
        if not is_appearance(appearance):
            return
        self.appearance = appearance
        self.settings.setValue(APPEARANCE_KEY, appearance)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, appearance)

    def change_motion(self, reduce: bool) -> None:
        """Cards move to their place at once (reduce motion), or travel there."""
        self.saved_motion = reduce
        self.settings.setValue(MOTION_KEY, MOTION_CHOICES[reduce])
        set_reduce_motion(reduce or self.fast)

    def change_goal(self, goal: Goal) -> None:
        self.goal = goal
        self.settings.setValue(GOAL_KEY, goal.key)
        self.progress_page.set_goal(goal)

    def change_language(self, code: Language) -> None:
        set_language(code)
        self.settings.setValue(LANGUAGE_KEY, code)
        self.navigation.check_language(code)
        index = self.settings_page.language.findData(code)
        if index >= 0 and self.settings_page.language.currentIndex() != index:
            self.settings_page.language.blockSignals(True)
            self.settings_page.language.setCurrentIndex(index)
            self.settings_page.language.blockSignals(False)
        self.retranslate_ui()

    def change_look(self, deck: Deck, card_height: int) -> None:
        self.deck, self.card_height = deck, card_height
        set_deck(deck)
        box = self.settings_page.deck  # in step when the look comes from elsewhere (screenshots)
        if box.currentData() != deck and box.findData(deck) >= 0:
            box.blockSignals(True)
            box.setCurrentIndex(box.findData(deck))
            box.blockSignals(False)
        self.settings.setValue(DECK_KEY, deck)
        self.settings.setValue(CARD_HEIGHT_KEY, card_height)
        self.learn.set_look(deck, card_height)
        self.puzzles.set_look(deck, card_height)
        if self._play is not None:
            self._play.set_look(deck, card_height)
        self.retranslate_ui()

    def change_conventions(self, conventions: Conventions) -> None:
        """The conventions the next game of Chibre is played under (a game in progress keeps
        its own)."""
        self.conventions = conventions
        set_table_conventions(conventions)
        for key, text in conventions_to_text(conventions).items():
            self.settings.setValue(CONVENTIONS_PREFIX + key, text)
        if self._play is not None:
            self._play.set_conventions(conventions)

    def change_rules(self, rules: Rules) -> None:
        self.rules = rules
        set_table_rules(rules)
        write_rules(self.settings, rules)
        self.rules_page.set_rules(rules)
        if self._play is not None:
            self._play.set_rules(rules)
        self.home.rules_card.rules = rules
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """Set every visible string again, in the current language."""
        use_qt_language(current_language())
        self.setWindowTitle(APP_NAME)
        self._name_pages()
        self.navigation.retranslate_ui(self._page_titles())
        self.status_label.setText(status_text(self.rules))
        self.status_label.setToolTip(self.status_label.text())
        self._show_rules_line()
        self.notice.retranslate_ui()
        for page in self.page_widgets:
            if page is not self.play_holder:
                assert isinstance(page, Retranslated)
                page.retranslate_ui()


def status_text(rules: Rules) -> str:
    """The options in force at the table, in words, for the status line (the profile's code
    is no learner's word: there is one family of rules, Chibre's)."""
    rows = option_rows(rules)
    shown = [_("{option}: {value}").format(option=row.label, value=row.value)
             for row in rows if row.name != "profile"]
    return _("Rules at the table: {options}").format(options=" · ".join(shown))

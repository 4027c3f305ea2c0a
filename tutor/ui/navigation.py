"""The main window's ways from page to page: the places list on the left, the menus (File, Go
with Ctrl+1 … Ctrl+6, Language, Help with Keys and About), and the links one page makes to
another (a lesson's puzzles, the review's lesson and puzzles, the Progress page's Continue and
puzzle of the day, the guided first game). ``tutor.ui.window.MainWindow`` builds one; it shows
the pages asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QMenuBar

from tutor import keys
from tutor.content import Content, Kind
from tutor.content.themes import THEMES_BY_KEY
from tutor.course import CourseLink, course_link
from tutor.design import LEAD
from tutor.i18n import LANGUAGE_NAMES, Language, _, available_languages, current_language
from tutor.progress import Progress
from tutor.ui.pages.learn import LearnPage
from tutor.ui.pages.progress import ProgressPage
from tutor.ui.pages.puzzles import PuzzlesPage
from tutor.ui.widgets.common import font
from tutor.vocab import NAVIGATION, Page

if TYPE_CHECKING:
    from tutor.ui.play import PlayPage


NAV_WIDTH = 170  # the places list at least; wider when a name needs it


NAV_PADDING = 2 * 16 + 16  # the items' padding (tutor.ui.theme), the border and some air


class Window(Protocol):
    """The main window as navigation uses it (``tutor.ui.window.MainWindow``, which imports
    this module: naming it here would make a cycle)."""

    progress: Progress
    content: Content | None
    learn: LearnPage
    puzzles: PuzzlesPage
    progress_page: ProgressPage

    @property
    def play(self) -> PlayPage: ...

    def menuBar(self) -> QMenuBar: ...

    def show_page(self, name: Page, *, focus: bool = True) -> None: ...

    def change_language(self, code: Language) -> None: ...

    def close(self) -> bool: ...


class Navigation:
    """The places list, the menus and the links between pages of one window."""

    def __init__(self, window: Window) -> None:
        self.window = window
        self.places = QListWidget()
        self.places.setObjectName("navigation")
        self.places.setFixedWidth(NAV_WIDTH)
        self.places.setFont(font(LEAD))
        for _name in NAVIGATION:
            self.places.addItem(QListWidgetItem())
        self._menus(window.menuBar())
        window.puzzles.lesson_requested.connect(self.open_lesson)
        window.progress_page.continue_lesson.connect(self.continue_lesson)
        window.progress_page.open_puzzle.connect(self.open_puzzle)
        window.progress_page.practise_puzzles.connect(self.practise_puzzles)
        window.learn.practise_requested.connect(self.practise)
        window.learn.guided_requested.connect(self.guided_game)

    def _menus(self, bar: QMenuBar) -> None:
        window = self.window
        self.file_menu = bar.addMenu("")
        self.quit_action = QAction(bar)
        self.quit_action.setShortcut(QKeySequence(keys.QUIT))
        self.quit_action.triggered.connect(window.close)
        self.file_menu.addAction(self.quit_action)
        self.go_menu = bar.addMenu("")
        self.page_actions: list[QAction] = []
        for index, name in enumerate(NAVIGATION):
            action = QAction(bar)
            action.setShortcut(QKeySequence(keys.PAGE_KEYS[index]))
            action.triggered.connect(lambda _checked=False, n=name: window.show_page(n))
            self.go_menu.addAction(action)
            self.page_actions.append(action)
        self.language_menu = bar.addMenu("")
        self.language_actions = QActionGroup(bar)
        for code in available_languages():
            action = QAction(LANGUAGE_NAMES[code], bar)
            action.setCheckable(True)
            action.setChecked(code == current_language())
            action.triggered.connect(lambda _checked=False, c=code: window.change_language(c))
            self.language_actions.addAction(action)
            self.language_menu.addAction(action)
        self.help_menu = bar.addMenu("")
        self.keys_action = QAction(bar)
        self.keys_action.setShortcut(QKeySequence(keys.KEYS_HELP))
        self.keys_action.triggered.connect(lambda: window.show_page("keys"))
        self.help_menu.addAction(self.keys_action)
        self.about_action = QAction(bar)
        self.about_action.triggered.connect(lambda: window.show_page("home"))
        self.help_menu.addAction(self.about_action)

    def link_play(self, play: PlayPage) -> None:
        """The Play page's review sends the learner to a lesson or to puzzles on a theme."""
        play.course = self.course_link
        play.lesson_requested.connect(self.open_lesson)
        play.puzzles_requested.connect(self.practise_linked)

    def check_language(self, code: Language) -> None:
        """The Language menu shows ``code`` as the language in force."""
        for action in self.language_actions.actions():
            action.setChecked(action.text() == LANGUAGE_NAMES[code])

    def retranslate_ui(self, titles: dict[Page, str]) -> None:
        """The places, the menus and their entries in the current language (``titles``: each
        page's name)."""
        for index, name in enumerate(titles[page] for page in NAVIGATION):
            item = self.places.item(index)
            item.setText(name)
            item.setToolTip(_("{page} (Ctrl+{number})").format(page=name, number=index + 1))
            self.page_actions[index].setText(name)
        self.file_menu.setTitle(_("&File"))
        self.quit_action.setText(_("&Quit"))
        self.go_menu.setTitle(_("&Go"))
        self.language_menu.setTitle(_("&Language"))
        self.help_menu.setTitle(_("&Help"))
        self.keys_action.setText(_("&Keys"))
        self.places.setAccessibleName(_("Pages"))
        self.about_action.setText(_("&About Jass tutor"))
        self._fit_places()

    def _fit_places(self) -> None:
        """The places list as wide as its longest name (in this language and font) needs."""
        metrics = self.places.fontMetrics()
        widest = max(metrics.horizontalAdvance(self.places.item(i).text())
                     for i in range(self.places.count()))
        self.places.setFixedWidth(max(NAV_WIDTH, widest + NAV_PADDING))

    # --- links between pages --------------------------------------------------------------------

    def practise(self, prepares: frozenset[tuple[Kind, str]]) -> None:
        """Open the Puzzles page on the puzzles a lesson prepares (its (kind, theme) pairs)."""
        window = self.window
        window.show_page("puzzles", focus=False)  # the first puzzle's question takes it
        lesson = window.learn.view.lesson  # the lesson whose completion screen asked
        if lesson is not None and lesson.prepares == prepares:
            window.puzzles.practise(prepares, lesson.title, lesson.id)
        else:
            window.puzzles.practise(prepares)

    def course_link(self, theme: str | None) -> CourseLink | None:
        """The strategy lesson and two puzzles for a theme the review found (``tutor.course``)."""
        content, progress = self.window.content, self.window.progress
        if content is None:
            return None
        return course_link(theme, content.lessons, content.puzzles,
                           progress.solved_puzzles(), progress.completed_lessons())

    def practise_linked(self, puzzle_ids: tuple[str, ...], theme: str) -> None:
        """The review's two puzzles on a theme, on the Puzzles page."""
        self.window.show_page("puzzles", focus=False)  # the first puzzle's question takes it
        name = THEMES_BY_KEY[theme].name if theme in THEMES_BY_KEY else theme
        self.window.puzzles.practise(frozenset({(Kind.STRATEGY, theme)}), _(name),
                                     ids=puzzle_ids)

    def open_lesson(self, lesson_id: str) -> None:
        """Show the lesson ``lesson_id`` on the Learn page."""
        self.window.show_page("learn", focus=False)  # the lesson's first screen takes it
        self.window.learn.open_lesson(lesson_id)

    def guided_game(self) -> None:
        """The guided first game, on the Play page (asking first if a game is in progress)."""
        self.window.show_page("play")
        self.window.play.ask_new_game(guided=True, variant="chibre")

    def continue_lesson(self, lesson_id: str, position: int) -> None:
        """Open a lesson at a screen on the Learn page (the Progress page's Continue)."""
        self.window.show_page("learn", focus=False)  # the lesson's screen takes it
        self.window.learn.open_lesson(lesson_id, position)

    def open_puzzle(self, puzzle_id: str) -> None:
        """Show one puzzle on the Puzzles page (the puzzle of the day)."""
        puzzles = self.window.puzzles
        puzzle = next((p for p in puzzles.puzzles if p.id == puzzle_id), None)
        if puzzle is not None:
            puzzles.show_daily(puzzle)  # first, so showing the page picks no other
            self.window.show_page("puzzles")

    def practise_puzzles(self) -> None:
        """On to "Next for me" on the Puzzles page (Continue once every lesson is done)."""
        self.window.show_page("puzzles", focus=False)  # the puzzle's question takes it
        self.window.puzzles.start("for-me")

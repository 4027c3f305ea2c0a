"""The ways to start the app: ``run`` (the window), ``watch`` (four bots play a game) and
``screenshot`` (a page rendered offscreen into a PNG file), with the application object, its
identity and icon, and Qt's own words in the learner's language.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import (
    QLocale,
    QSettings,
    QTimer,
)
from PySide6.QtGui import (
    QIcon,
)
from PySide6.QtWidgets import (
    QApplication,
)

from engine import Rules
from tutor import __version__, desktop
from tutor.content.loader import stop_loading
from tutor.design import Appearance
from tutor.desktop import APP_NAME
from tutor.i18n import (
    SOURCE_LANGUAGE,
    Language,
    _,
    available_languages,
    catalog_problem,
    is_language,
    set_language,
)
from tutor.progress import Progress
from tutor.progress.paths import data_dir
from tutor.settings import APPEARANCE_KEY
from tutor.table.worker import record_in
from tutor.ui.settings_file import app_settings, read_app_settings
from tutor.ui.theme import apply_theme
from tutor.ui.window import MainWindow
from tutor.vocab import (
    DEFAULT_BOT,
    BotLevel,
    Deck,
    Page,
    Player,
)

if TYPE_CHECKING:
    from tutor.games import GameStore


SCREENSHOT_SIZE = (1280, 800)


def create_application() -> QApplication:
    """The running QApplication, created and named on first use."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    app = QApplication(sys.argv[:1])
    identify(app)
    app.setStyle("Fusion")
    apply_theme(app)
    return app


def identify(app: QApplication) -> None:
    """The app as the desktop sees it: its name (on X11 also the class of its windows'
    WM_CLASS), its version, the desktop entry its windows belong to (docks and task switchers
    match them by it), and the icon every window wears."""
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName("jass-tutor")
    app.setDesktopFileName(desktop.APP_ID)
    use_app_icon(app)


def use_app_icon(app: QApplication) -> None:
    """Every window wears the app's icon; without it (a broken install) the app still starts,
    with the platform's default icon, and says which file is missing."""
    path = desktop.icon_path()
    icon = QIcon(str(path)) if path.is_file() else QIcon()
    if icon.isNull():
        print(f"jass-tutor: the app icon {path} is missing or unreadable", file=sys.stderr)
        return
    app.setWindowIcon(icon)


def start_language(settings: QSettings) -> Language:
    """The saved language; on the first start, the system's when it is one of ours; English
    when that one's catalogs are not there (``saved_language_problem`` says why)."""
    there = available_languages()
    saved = read_app_settings(settings).settings.language
    if saved is not None:
        return saved if saved in there else SOURCE_LANGUAGE
    system = QLocale.system().name().split("_")[0]
    return system if is_language(system) and system in there else SOURCE_LANGUAGE


def saved_language_problem(settings: QSettings) -> str | None:
    """Why the language the learner chose cannot be used (its catalogs are missing), or
    ``None``: the window says it rather than silently showing English."""
    saved = read_app_settings(settings).settings.language
    return None if saved is None else catalog_problem(saved)


def run(*, startup_report: bool = False, language: str | None = None) -> int:
    """Open the main window (in ``language``, else the saved one) and run until it is closed.

    ``startup_report``: print when the window showed and the peak memory, then quit
    (``python -m tutor.ui.startup`` measures the app this way).
    """
    started = time.time()
    end_orphans_of_earlier_runs()
    app = create_application()
    app.aboutToQuit.connect(stop_loading)  # a content load under way ends now, not at its end
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl+C in the terminal quits
    settings = app_settings()
    set_language(language or start_language(settings))
    window = MainWindow(settings=settings)
    if language is None and (problem := saved_language_problem(settings)) is not None:
        window.notice.add(_("The language you chose cannot be used, so the app is in English: "
                            "{problem}").format(problem=problem))
    window.resize(1180, 780)
    window.show()
    end_on_sigterm(app, window)
    if startup_report:
        from tutor.ui.startup import report_when_shown

        report_when_shown(app, window, started)
    return app.exec()


def end_orphans_of_earlier_runs() -> None:
    """End the worker processes an earlier run left behind (killed with SIGKILL before its
    workers saw it go) and list this run's in the data folder (``tutor.table.worker``)."""
    try:
        ended = record_in(data_dir())
    except OSError:  # no data folder: the window says so; nothing was listed there either
        return
    if ended:
        print(f"jass-tutor: ended {len(ended)} worker processes an earlier run left behind "
              f"({', '.join(map(str, ended))})", file=sys.stderr)


#: How often Python gets a turn while Qt's loop waits, so that a signal's handler runs (ms).
SIGNAL_CHECK_MS: Final = 250


def end_on_sigterm(app: QApplication, window: MainWindow) -> None:
    """A SIGTERM (the system, or ``kill``, asking the app to end) quits the app as its menu
    does, without asking (``MainWindow.quit_now``): the worker process ends with it. Python
    runs a signal's handler only between its own steps, so a timer gives it one now and then
    while Qt waits."""
    signal.signal(signal.SIGTERM, lambda _signal, _frame: window.quit_now())
    timer = QTimer(app)
    timer.timeout.connect(lambda: None)
    timer.start(SIGNAL_CHECK_MS)


def _game_store(path: Path) -> GameStore:
    from tutor.games import GameStore

    return GameStore(path)


def watch(*, fast: bool = False, seed: int | None = None, level: BotLevel = DEFAULT_BOT) -> int:
    """Four bots play a whole game with the coach's commentary; the app closes at the end
    when ``fast`` (an end-to-end check), else stays open to look at."""
    app = create_application()
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    scratch = Path(tempfile.mkdtemp(prefix="jass-tutor-watch-"))  # a watched game is not kept
    try:
        return _watch(app, scratch, fast, seed, level)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _watch(app: QApplication, scratch: Path, fast: bool, seed: int | None,
           level: BotLevel) -> int:
    settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
    set_language(start_language(app_settings()))
    progress = Progress(scratch / "progress.sqlite3")
    games = _game_store(scratch / "games.sqlite3")
    window = MainWindow(load_now=False, settings=settings, fast=fast, progress=progress,
                        games=games)
    window.resize(1180, 780)
    window.show_page("play")
    window.show()
    result = {"over": False}

    def over() -> None:
        result["over"] = True
        if fast:
            QTimer.singleShot(0, app.quit)

    window.play.on_game_over = over
    bots: list[Player] = [level] * 4
    window.play.new_game(bots, seed=seed)
    code = app.exec()
    window.close()
    progress.close()
    games.close()
    return code if result["over"] or not fast else 1


def screenshot(path: Path, page: Page = "learn", language: str = SOURCE_LANGUAGE,
               deck: Deck | None = None, lesson: str | None = None,
               size: tuple[int, int] = SCREENSHOT_SIZE,
               appearance: Appearance = "light") -> int:
    """Render ``page`` offscreen at ``size`` (default 1280×800) in ``language`` and
    ``appearance`` (light by default: offscreen has no system scheme) into the PNG file
    ``path``."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"  # only has effect before the app exists
    app = create_application()
    set_language(language)
    scratch = Path(tempfile.mkdtemp(prefix="jass-tutor-shot-"))  # the learner's files untouched
    try:
        return _screenshot(app, scratch, path, page, deck, lesson, size, appearance)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _screenshot(app: QApplication, scratch: Path, path: Path, page: Page, deck: Deck | None,
                lesson: str | None, size: tuple[int, int], appearance: Appearance) -> int:
    settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue(APPEARANCE_KEY, appearance)
    progress = Progress(scratch / "progress.sqlite3")
    games = _game_store(scratch / "games.sqlite3")  # the Play page's, when it is shown
    window = MainWindow(Rules(), load_now=True, settings=settings, progress=progress,
                        games=games)
    if deck is not None:
        window.change_look(deck, window.card_height)
    window.resize(*size)
    window.show_page(page)
    if lesson:
        lesson_id, _sep, screen = lesson.partition(":")
        window.learn.open_lesson(lesson_id, int(screen or 1) - 1)
    window.show()
    for _turn in range(3):  # a layout settles level by level, one turn of the loop each
        app.processEvents()
    saved = window.grab().save(str(path), "PNG")
    window.close()
    progress.close()
    games.close()
    if not saved:
        print(f"jass-tutor: could not write the screenshot to {path}", file=sys.stderr)
        return 1
    return 0

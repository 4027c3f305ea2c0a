"""A settings.ini full of bad values (issue 19): the window starts, says in one notice what it
reset and why, writes the values in force back, and its Settings page shows them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from engine import Rules
from tutor.games import GameStore
from tutor.progress import Progress
from tutor.rule_options import format_value
from tutor.ui.launch import start_language
from tutor.ui.settings_file import raw_settings, read_app_settings
from tutor.ui.window import MainWindow

BAD_FILE = """[General]
language=klingon
deck=klingon
card_height=15000
daily_goal=7/700
table_speech=loud

[rules]
first_trump_card=H7
chibre_in_first_round=false
pique_double=yes
long_sequences=true
target={target}
finish_round=maybe
"""


def bad_settings(tmp_path: Path, target: str = "5") -> QSettings:
    path = tmp_path / "settings.ini"
    path.write_text(BAD_FILE.format(target=target), encoding="utf-8")
    return QSettings(str(path), QSettings.Format.IniFormat)


def window_on(qtbot, tmp_path: Path, settings: QSettings, content) -> MainWindow:
    window = MainWindow(content=content, settings=settings, fast=True,
                        progress=Progress(tmp_path / "progress.sqlite3"),
                        games=GameStore(tmp_path / "games.sqlite3"))
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_a_window_on_bad_settings_starts_and_says_what_it_reset(qtbot, tmp_path, content):
    window = window_on(qtbot, tmp_path, bad_settings(tmp_path), content)
    assert window.notice.isVisible()
    [message] = window.notice.messages  # one notice for every reset
    assert message.startswith("Some settings could not be used and were reset:")
    for named in ("Language (“klingon”", "Deck (“klingon”", "Card size (“15000”",
                  "Daily goal (“7/700”", "Screen reader at the table (“loud”",
                  "Spades count double (“yes”", "Target (“5”", "Play the round out (“maybe”"):
        assert named in message
    assert "First trump chosen by" not in message and "Long sequences" not in message
    assert window.notice.text.text() == message


def test_the_settings_page_shows_the_values_in_force_after_a_reset(qtbot, tmp_path, content):
    window = window_on(qtbot, tmp_path, bad_settings(tmp_path), content)
    in_force = Rules(first_trump_card="H7", chibre_in_first_round=False, long_sequences=True)
    assert window.rules == in_force  # each bad option reset alone, the good ones kept
    page = window.settings_page
    assert page.current_rules() == in_force
    assert page.target.currentData() == 1000
    assert page.target.currentText() == format_value("target", 1000)
    assert page.deck.currentData() == window.deck == "french"
    assert page.card_size.value() == window.card_height == 200  # clamped to the slider's top
    assert page.goal.currentData() == window.progress_page.goal.key == "1/10"
    assert page.speech.currentData() == window.speech == "cards"
    window.show_page("settings")
    assert window.pages.currentWidget() is page


def test_the_values_in_force_are_written_back_so_the_next_start_is_quiet(qtbot, tmp_path,
                                                                          content):
    settings = bad_settings(tmp_path)
    window_on(qtbot, tmp_path, settings, content)
    settings.sync()
    again = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    read = read_app_settings(again)
    assert read.resets == ()
    assert not again.contains("language")  # the system's language is chosen again
    assert raw_settings(again)["card_height"] == "200"
    second = window_on(qtbot, tmp_path, again, content)
    assert second.notice.messages == [] and not second.notice.isVisible()


def test_targets_that_stopped_the_app_are_reset(qtbot, tmp_path, content):
    for index, target in enumerate(("abc", str(2**63), "9" * 5000, "1,5")):
        folder = tmp_path / f"t{index}"
        folder.mkdir()
        window = window_on(qtbot, folder, bad_settings(folder, target), content)
        assert window.rules.target == 1000
        assert window.settings_page.target.currentData() == 1000
        assert "Target (“" in window.notice.messages[0]


def test_a_bad_card_size_and_deck_leave_the_play_page_working(qtbot, tmp_path, content):
    path = tmp_path / "settings.ini"
    path.write_text("[General]\ndeck=klingon\ncard_height=110.5\n", encoding="utf-8")
    window = window_on(qtbot, tmp_path, QSettings(str(path), QSettings.Format.IniFormat),
                       content)
    window.show_page("play")
    assert window.pages.currentWidget() is window.play
    assert window.card_height == 110 and window.deck == "french"
    assert "Card size (“110.5” is not a whole number)" in window.notice.messages[0]


def test_a_bad_saved_language_starts_in_a_language_the_app_has(tmp_path):
    settings = bad_settings(tmp_path)
    assert start_language(settings) in ("en", "fr", "de", "it")


def test_rules_given_to_the_window_show_on_the_settings_page_even_if_not_standard(
        qtbot, tmp_path, content):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Rules(target=300), content=content, settings=settings, fast=True,
                        progress=Progress(tmp_path / "progress.sqlite3"))
    qtbot.addWidget(window)
    assert window.settings_page.target.currentData() == 300
    assert window.settings_page.current_rules() == Rules(target=300)


QT_TYPED_FILE = r"""[General]
deck=@Variant(\0\0\0\x7f\0\0\0\x5QFoo\0)
card_height=@ByteArray(120)
daily_goal=@Rect(1 2 3 4)
table_speech=@Size(1 2)
language=@Point(1 2)
[rules]
target=@Variant(\0\0\0\x2\0\0\0\x5)
long_sequences="a,b"
finish_round=a,b,c
first_trump_card=@DateTime(garbage)
"""


def test_values_qt_reads_as_other_types_are_read_as_text_and_checked(qtbot, tmp_path, content):
    path = tmp_path / "settings.ini"
    path.write_text(QT_TYPED_FILE, encoding="utf-8")
    window = window_on(qtbot, tmp_path, QSettings(str(path), QSettings.Format.IniFormat),
                       content)
    assert window.card_height == 120  # @ByteArray(120) is the text 120
    assert window.rules == Rules() and window.deck == "french"
    [message] = window.notice.messages
    assert "Target (“5”" in message and "Play the round out (“a,b,c”" in message


def test_a_settings_file_of_random_bytes_starts_with_the_defaults(qtbot, tmp_path, content):
    path = tmp_path / "settings.ini"
    path.write_bytes(bytes(range(256)) * 40)
    window = window_on(qtbot, tmp_path, QSettings(str(path), QSettings.Format.IniFormat),
                       content)
    assert window.rules == Rules() and window.card_height == 110


def test_a_screen_reader_hears_what_was_reset_once_the_first_page_has_landed(qtbot, tmp_path):
    from PySide6.QtWidgets import QApplication

    # As at launch: the content loads in the background, after the window is shown.
    window = MainWindow(settings=bad_settings(tmp_path), fast=True,
                        progress=Progress(tmp_path / "progress.sqlite3"),
                        games=GameStore(tmp_path / "games.sqlite3"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.content is not None, timeout=20_000)
    focused = QApplication.focusWidget()
    assert focused is not None and focused.accessibleName().startswith("Lesson 1, ")
    [message] = window.notice.messages
    assert message in focused.accessibleDescription()  # what Orca speaks after the page


def test_a_fifo_in_place_of_settings_ini_is_moved_aside_and_the_window_says_so(
        qtbot, tutor_home, content):
    """QSettings waits on a named pipe for ever (no window ever appeared): the app looks at the
    path first, moves what is no file aside, and starts on the default settings."""
    import os
    import stat
    import threading

    from tutor.i18n import set_language
    from tutor.ui.settings_file import app_settings, moved_notice

    path = tutor_home / "settings.ini"
    os.mkfifo(path)
    found: list[QSettings] = []
    # a thread, so that code that did open the pipe fails this test instead of hanging the suite
    worker = threading.Thread(target=lambda: found.append(app_settings()), daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert found, "app_settings waited on the FIFO"
    [settings] = found
    assert path.is_file()  # a new, empty settings file
    [moved] = [p for p in tutor_home.iterdir() if p.name.startswith("settings.ini.damaged-")]
    assert stat.S_ISFIFO(moved.lstat().st_mode)  # moved, not deleted
    notice = moved_notice(settings)
    assert notice is not None
    assert str(path) in notice and str(moved) in notice and "defaults" in notice
    window = window_on(qtbot, tutor_home, settings, content)
    assert notice in window.notice.messages
    set_language("de")  # said in the language in force when the window opens
    german = moved_notice(settings)
    assert german is not None and "Einstellungsdatei" in german and str(moved) in german


def test_a_settings_file_that_cannot_be_read_is_named_not_ignored(qtbot, tutor_home):
    """Issue 38: QSettings said nothing of a settings.ini it could not read (here a folder in
    its place: permission denied is no refusal for root); the notice names it."""
    from tutor.ui.settings_file import app_settings, moved_notice

    path = tutor_home / "settings.ini"
    path.mkdir()
    settings = app_settings()
    notice = moved_notice(settings)
    assert notice is not None and str(path) in notice and "cannot be read" in notice
    assert path.is_dir()  # left as it is

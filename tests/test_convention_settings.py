"""The discard signal as a table option: it round-trips through settings.ini, a bad value is
reset with the settings notice, the Settings page shows it in words, and choosing it changes
what the bots, the coach and the saved game of the next game of Chibre receive."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from engine import Conventions, Rules, Signal
from tests.test_ui_settings_file import window_on
from tutor.games import GameStore
from tutor.jobs import QueueRunner
from tutor.rule_options import conventions_to_text, signal_name
from tutor.settings import CONVENTIONS_PREFIX, read_settings, settings_keys
from tutor.table.controller import Options, Table
from tutor.vocab import LEARNER

KEY = CONVENTIONS_PREFIX + "discard"


def test_each_discard_signal_round_trips_through_the_settings_file():
    assert KEY in settings_keys()
    for signal in Signal:
        conventions = Conventions(signal)
        raw = {CONVENTIONS_PREFIX + k: v for k, v in conventions_to_text(conventions).items()}
        read = read_settings(raw)
        assert read.settings.conventions == conventions and not read.resets
    assert read_settings({}).settings.conventions == Conventions()  # none by default
    assert read_settings({KEY: " Ask "}).settings.conventions == Conventions(Signal.ASK)


def test_a_bad_discard_signal_is_reset_to_none_with_the_notice():
    read = read_settings({KEY: "loud", "deck": "german"})
    assert read.settings.conventions == Conventions()
    assert read.corrections() == {KEY: "none"}
    notice = read.notice()
    assert notice is not None and "Discard signal (“loud” is not one of the choices)" in notice


def test_a_saved_game_keeps_its_conventions_and_an_unreadable_one_plays_under_none():
    options = Options(conventions=Conventions(Signal.REFUSE))
    assert Options.from_json(options.to_json()).conventions == Conventions(Signal.REFUSE)
    assert Options.from_json({"conventions": {"discard": "x"}}).conventions == Conventions()
    assert Options.from_json({"coach": "active"}).conventions == Conventions()


def test_the_table_gives_its_conventions_to_the_bots_and_saves_them(tmp_path):
    store = GameStore(tmp_path / "games.sqlite3")
    table = Table(store, QueueRunner(), fast=True)
    table.conventions = Conventions(Signal.ASK)
    table.new_game(Rules(), [LEARNER, "heuristic", "expert", "random"], seed=4)
    session = table.session
    assert session is not None and session.conventions == Conventions(Signal.ASK)
    assert session.bots[1].conventions == Conventions(Signal.ASK)  # type: ignore[attr-defined]
    assert session.bots[2].conventions == Conventions(Signal.ASK)  # type: ignore[attr-defined]
    saved = store.current()
    assert saved is not None
    assert Options.from_json(saved.options).conventions == Conventions(Signal.ASK)
    table.conventions = Conventions()  # the Settings change: the game in progress keeps its own
    again = Table(store, QueueRunner(), fast=True)
    assert again.resume()
    assert again.session is not None and again.session.conventions == Conventions(Signal.ASK)


def test_the_settings_page_shows_the_signal_in_words_and_the_next_game_keeps_it(
        qtbot, tmp_path, content):
    path = tmp_path / "settings.ini"
    path.write_text("[conventions]\ndiscard=klingon\n", encoding="utf-8")
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    window = window_on(qtbot, tmp_path, settings, content)
    assert any("Discard signal (“klingon”" in m for m in window.notice.messages)
    assert settings.value(KEY) == "none"  # the value in force written back
    page = window.settings_page
    window.show_page("settings")
    box = page.signal
    assert box.isVisible()
    shown = [box.itemText(i) for i in range(box.count())]
    assert shown == ["None", "Low card asks", "Discard refuses"]  # words, never a code
    assert box.currentData() == "none"
    caption = next(c for c in page.captions if c.buddy() is box)
    assert caption.text().replace("&", "") == "Discard signal"
    box.setCurrentIndex(box.findData("refuse"))
    assert page.signal_meaning.text().startswith("A first discard says: I do not hold")
    assert window.conventions == Conventions(Signal.REFUSE)
    assert settings.value(KEY) == "refuse"
    play = window.play  # built now: it takes the conventions in force
    assert play.table.conventions == Conventions(Signal.REFUSE)
    play.new_game([LEARNER, "heuristic", "heuristic", "heuristic"], seed=3)
    session = play.table.session
    assert session is not None and session.conventions == Conventions(Signal.REFUSE)
    assert all(bot.conventions == Conventions(Signal.REFUSE)  # type: ignore[attr-defined]
               for bot in session.bots.values())
    box.setCurrentIndex(box.findData("ask"))
    assert play.table.conventions == Conventions(Signal.ASK)
    assert session.conventions == Conventions(Signal.REFUSE)  # the game in progress keeps its
    assert signal_name(Signal.ASK) == "low card asks"


def test_a_lesson_may_name_the_discard_signal_in_force_by_reference():
    from tutor import refs
    from tutor.rule_options import set_table_conventions

    assert refs.problems("Under {option:discard_signal} a discard says more.") == []
    assert refs.option_codes("Set discard_signal first.") == ["discard_signal"]
    set_table_conventions(Conventions(Signal.REFUSE))
    try:
        assert refs.name(refs.parse("option", "discard_signal")) == (
            "Discard signal (now: discard refuses)")
    finally:
        set_table_conventions(Conventions())

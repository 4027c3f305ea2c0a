"""Nothing clipped, cut or overlapping on the Play, Settings, Rules and Home pages at the smallest
window (800×560) and with a 1.5× font; the layout checker itself; the legend of the card marks."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from engine import Card, CardSet, Rules, Suit, Trump
from tests.layout_helpers import (
    MIN_WINDOW,
    assert_layout_ok,
    layout_problems,
    scaled_app_font,
    show_at,
)
from tests.test_ui_play import first_learner_card_turn, settle
from tutor import i18n, names
from tutor.games import GameStore
from tutor.progress import Progress
from tutor.ui.widgets.card import CardWidget
from tutor.ui.widgets.felt import TRICK_TO_HAND
from tutor.ui.widgets.marks import CardMarksLegend
from tutor.ui.widgets.trick import TrickView
from tutor.ui.window import MainWindow

SEATS = ["learner", "random", "random", "random"]
# suit and court words of both decks, in English: the legend must name none of them
SUIT_WORDS = ("heart", "diamond", "club", "spade", "rose", "bell", "acorn", "shield", "jack",
              "queen", "under", "ober", "banner")


@pytest.fixture
def make_window(qtbot, tmp_path):
    """A main window on an empty content folder (the pages checked here need no lessons)."""

    def make(language: str = "en", deck: str = "french") -> MainWindow:
        root = tmp_path / "content"
        (root / "lessons").mkdir(parents=True, exist_ok=True)
        (root / "puzzles").mkdir(parents=True, exist_ok=True)
        i18n.set_language(language)
        settings = QSettings(str(tmp_path / f"s-{language}-{deck}.ini"),
                             QSettings.Format.IniFormat)
        window = MainWindow(Rules(), load_now=True, content_root=root, settings=settings,
                            fast=True, progress=Progress(tmp_path / "progress.sqlite3"),
                            games=GameStore(tmp_path / f"games-{language}-{deck}.sqlite3"))
        qtbot.addWidget(window)
        window.notice.close_button.click()  # "no lessons found" of the empty folder: read
        window.change_look(deck, window.card_height)
        show_at(window, *MIN_WINDOW)
        qtbot.waitExposed(window)
        return window

    return make


def trick_in_progress(window: MainWindow, seed: int = 3) -> None:
    """A game on the Play page with cards on the table and the learner to play."""
    window.show_page("play")
    first_learner_card_turn(window, seed)


CASES = [("en", "french", 1.0), ("de", "german", 1.0), ("fr", "german", 1.5),
         ("de", "french", 1.5)]


def case_id(case: tuple[str, str, float]) -> str:
    return f"{case[0]}-{case[1]}-x{case[2]}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_play_with_a_trick_in_progress_fits_the_smallest_window(make_window, case):
    language, deck, scale = case
    with scaled_app_font(scale):
        window = make_window(language, deck)
        trick_in_progress(window)
        page = window.play
        hand = page.chibre_view.hand
        hand.set_highlight(CardSet(hand.cards()[:1]))  # as a hint shows it
        show_at(window, *MIN_WINDOW)
        assert_layout_ok(window, f"Play, {case_id(case)}")
        cards = page.chibre_view.trick.card_widgets() + page.chibre_view.hand.card_widgets()
        assert len(cards) >= 2 and all(card.isVisible() for card in cards)
        assert page.chibre_view.legend.isVisible()
        if scale == 1.0:  # the usual font: the whole table is in view, nothing to scroll to
            assert page.chibre_view.table_scroll.verticalScrollBar().maximum() == 0
            assert page.chibre_view.side_scroll.verticalScrollBar().maximum() == 0
            viewport = page.chibre_view.table_scroll.viewport()
            table = page.chibre_view
            for widget in (table.trick, table.hand, table.log, table.legend):
                top = widget.mapTo(viewport, widget.rect().topLeft()).y()
                assert top >= 0 and top + widget.height() <= viewport.height(), widget


def test_play_still_looks_roomy_at_1280_by_800(make_window):
    window = make_window()
    trick_in_progress(window)
    show_at(window, 1280, 800)
    assert_layout_ok(window, "Play at 1280×800")
    page = window.play
    table = page.chibre_view
    assert table.wide and table.trick.card_height() == round(page.card_height * TRICK_TO_HAND)
    assert page.chibre_view.log.height() >= 100  # the log shows several lines again


def test_play_before_a_game_at_the_end_of_a_round_and_its_review_fit(qtbot, make_window):
    window = make_window("de", "german")
    window.show_page("play")
    show_at(window, *MIN_WINDOW)
    assert_layout_ok(window, "Play before a game")
    page = window.play
    page.new_game(SEATS, seed=5)
    settle(window)
    while not page.chibre_view.next_round_button.isVisible():
        page.learner_acts(page.session.view().legal_actions[0])
        settle(window)
    show_at(window, *MIN_WINDOW)
    assert_layout_ok(window, "Play at the end of a round")
    page.show_review()
    qtbot.waitUntil(lambda: page.review.list.count() > 0, timeout=60000)
    page.review.list.setCurrentRow(0)
    show_at(window, *MIN_WINDOW)
    assert_layout_ok(window, "the review of a round")
    page.show_statistics()
    show_at(window, *MIN_WINDOW)
    assert_layout_ok(window, "the statistics")


@pytest.mark.parametrize("page", ["settings", "rules", "home"])
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_settings_rules_and_home_fit_the_smallest_window(make_window, page, case):
    language, deck, scale = case
    with scaled_app_font(scale):
        window = make_window(language, deck)
        window.show_page(page)
        show_at(window, *MIN_WINDOW)
        assert_layout_ok(window, f"{page}, {case_id(case)}")


def test_the_deck_choice_is_short_and_its_suits_wrap_below_it(make_window):
    window = make_window("en", "german")
    window.show_page("settings")
    page = window.settings_page
    assert page.deck.currentText() == "Swiss German-suited"
    assert page.deck_suits.wordWrap()
    assert page.deck_suits.text() == "Suits: roses, bells, acorns, shields"
    page.deck.setCurrentIndex(page.deck.findData("french"))
    assert page.deck_suits.text() == "Suits: hearts, diamonds, clubs, spades"
    assert all(word not in page.deck.itemText(i).lower() for i in range(2)
               for word in SUIT_WORDS)


def test_the_places_list_widens_for_a_long_name_in_a_large_font(make_window):
    with scaled_app_font(1.5):
        window = make_window("de")
    widest = max(window.nav.fontMetrics().horizontalAdvance(window.nav.item(i).text())
                 for i in range(window.nav.count()))
    assert window.nav.width() > widest + 32
    assert window.nav.horizontalScrollBar().maximum() == 0


def test_the_status_line_elides_but_keeps_the_whole_text(make_window):
    window = make_window()
    label = window.status_label
    assert label.width() < label.sizeHint().width()  # 800 pixels cannot hold every option
    assert label.text().startswith("Rules at the table: ")
    assert label.toolTip() == label.text()
    assert f"Target: {i18n.format_number(1000)} points" in label.text()


# --- the layout checker itself ----------------------------------------------------------------


@pytest.fixture
def box(qtbot):
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


def test_the_checker_reports_a_label_too_narrow_for_its_text(box):
    label = QLabel("A label much wider than its room", box)
    label.setGeometry(0, 0, 40, 20)
    show_at(box, 300, 100)
    problems = layout_problems(box)
    assert any("is wide 40 px" in p for p in problems), problems


def test_the_checker_reports_a_wrapped_label_without_the_height_for_its_lines(box):
    label = QLabel("Words that wrap onto several lines in a narrow label", box)
    label.setWordWrap(True)
    label.setGeometry(0, 0, 80, 16)
    show_at(box, 300, 100)
    assert any("is high 16 px" in p for p in layout_problems(box))


def test_the_checker_measures_a_wrapped_shortcut_label_as_qt_paints_it(box):
    """Qt sizes "&Deck size" without the "&" but wraps it with it: at exactly its text's
    width the label paints two lines in the room of one."""
    buddy = QPushButton("x", box)
    label = QLabel("&Taille des cartes", box)
    label.setWordWrap(True)
    label.setBuddy(buddy)
    one_line = label.heightForWidth(10000)
    width = label.fontMetrics().horizontalAdvance("Taille des cartes")
    while label.heightForWidth(width) > one_line:  # the narrowest Qt sizes on one line
        width += 1
    label.setGeometry(0, 0, width, one_line)
    buddy.setGeometry(0, 60, 40, 30)
    show_at(box, 300, 100)
    assert any("&Taille" in p for p in layout_problems(box))


def test_the_checker_reports_overlapping_siblings_and_a_cut_button(box):
    first = QPushButton("First", box)
    second = QPushButton("Second button", box)
    first.setGeometry(0, 0, 80, 30)
    second.setGeometry(40, 10, 20, 30)
    show_at(box, 300, 100)
    problems = layout_problems(box)
    assert any("overlap" in p for p in problems), problems
    assert any("'Second button' is wide 20 px" in p for p in problems), problems


def test_the_checker_reports_a_widget_reaching_outside_its_parent(box):
    inner = QWidget(box)
    inner.setGeometry(0, 0, 100, 40)
    button = QPushButton("Out", inner)
    button.setGeometry(70, 0, 60, 30)
    show_at(box, 300, 100)
    assert any("reaches outside" in p for p in layout_problems(box))


def test_the_checker_accepts_what_scrolls_and_reports_what_cannot(box):
    column = QWidget()
    layout = QVBoxLayout(column)
    labels = [QLabel(f"Line {i}") for i in range(40)]
    for label in labels:
        layout.addWidget(label)
    scroll = QScrollArea(box)
    scroll.setWidgetResizable(True)
    scroll.setWidget(column)
    outer = QHBoxLayout(box)
    outer.addWidget(scroll)
    show_at(box, 300, 150)
    assert layout_problems(box) == []  # lines below the view scroll into it
    scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    show_at(box, 300, 151)
    assert any("cannot scroll" in p for p in layout_problems(box))


def test_the_checker_reports_sideways_scrolling(box):
    scroll = QScrollArea(box)
    wide = QLabel("x" * 400)
    scroll.setWidget(wide)
    outer = QHBoxLayout(box)
    outer.addWidget(scroll)
    show_at(box, 300, 150)
    assert any("scrolls sideways" in p for p in layout_problems(box))
    scroll.setProperty("scrolls_sideways", True)
    assert not any("scrolls sideways" in p for p in layout_problems(box))


def test_scaled_app_font_restores_the_font(qapp):
    before = qapp.font().pointSizeF()
    with scaled_app_font(1.5) as bigger:
        assert qapp.font().pointSizeF() == pytest.approx(before * 1.5)
        assert bigger.pointSizeF() == pytest.approx(before * 1.5)
    assert qapp.font().pointSizeF() == before


# --- the trick's seat labels --------------------------------------------------------------------


@pytest.mark.parametrize("leader", range(4))
def test_a_long_leader_label_never_reaches_under_the_cards(qtbot, leader):
    i18n.set_language("de")  # "Rechts · spielt aus", "Links · spielt aus"
    with scaled_app_font(1.5):
        view = TrickView(height=70)
        qtbot.addWidget(view)
        cards = [Card.parse(code) for code in ("S9", "SA", "HJ", "C6")]
        view.set_trick(cards, leader=leader)
        view.set_turn((leader + 1) % 4)
        show_at(view, view.sizeHint().width(), view.sizeHint().height())
        assert_layout_ok(view, f"leader {leader}")


def test_the_seat_to_play_is_marked(qtbot):
    view = TrickView(height=70)
    qtbot.addWidget(view)
    view.set_trick([Card.parse("S9")], leader=3)
    view.set_turn(0)
    assert view.seat_label(0).text().startswith("▶ ")
    assert view.seat_label(3).text() == "Left · leads"
    view.set_turn(None)
    assert not view.seat_label(0).text().startswith("▶")


# --- the legend of the card marks ---------------------------------------------------------------


def test_the_legend_paints_each_mark_with_the_card_widget(qtbot):
    legend = CardMarksLegend()
    qtbot.addWidget(legend)
    legend.show()
    samples = {sample.mark: sample for sample in legend.samples}
    assert all(isinstance(sample, CardWidget) for sample in samples.values())
    assert samples["trump"].is_trump and not samples["legal"].is_trump
    assert samples["legal"].legal is True
    assert samples["illegal"].dimmed
    assert samples["hint"].highlighted
    assert [name.text() for name in legend.names] == [
        "Trump", "You may play it", "You may not play it", "The coach's hint, or the winning card"]
    images = [sample.grab().toImage() for sample in samples.values()]
    assert len({image.cacheKey() for image in images}) == 4 and not images[0].isNull()


def test_the_legend_names_no_suit_and_has_accessible_names(qtbot):
    legend = CardMarksLegend()
    qtbot.addWidget(legend)
    texts = [legend.heading.text(), *(name.text() for name in legend.names),
             *(sample.accessibleName() for sample in legend.samples), legend.accessibleName()]
    for text in texts:
        assert text and not any(word in text.lower() for word in SUIT_WORDS), text
    assert legend.accessibleName() == "Card marks"
    assert all(name.accessibleName() for name in legend.names)
    assert all(sample.focusPolicy() == Qt.FocusPolicy.NoFocus for sample in legend.samples)


def test_the_legend_follows_the_deck_and_the_trump(qtbot):
    legend = CardMarksLegend()
    qtbot.addWidget(legend)
    legend.show()
    trump = next(s for s in legend.samples if s.mark == "trump")
    french = trump.grab().toImage()
    legend.set_deck("german")
    assert all(sample.deck == "german" for sample in legend.samples)
    assert trump.grab().toImage() != french
    legend.set_trump(Trump.SPADES)
    assert trump.card.suit is Suit.SPADES and trump.is_trump
    assert not any(s.is_trump for s in legend.samples if s is not trump)
    legend.set_trump(Trump.OBENABE)  # no trump suit: the sample shows the usual one
    assert trump.card.suit is Suit.HEARTS
    with pytest.raises(ValueError, match="unknown deck"):
        legend.set_deck("tarot")


def test_the_play_page_shows_the_legend_in_the_deck_and_trump_in_force(make_window):
    window = make_window("en", "german")
    trick_in_progress(window)
    legend = window.play.chibre_view.legend
    assert legend.isVisible()
    assert all(sample.deck == "german" for sample in legend.samples)
    trump = next(s for s in legend.samples if s.mark == "trump")
    assert trump.card.suit is window.play.session.view(0).trump.suit
    window.settings_page.deck.setCurrentIndex(window.settings_page.deck.findData("french"))
    assert all(sample.deck == "french" for sample in legend.samples)
    names.set_deck("french")


# --- the screenshot size ------------------------------------------------------------------------


def test_the_screenshot_option_takes_a_size(tmp_path):
    path = tmp_path / "small.png"
    code = ("from tutor.__main__ import main; raise SystemExit(main(['--screenshot', "
            f"{str(path)!r}, '--page', 'settings', '--size', '800x560']))")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    data = Path(path).read_bytes()
    assert data[12:16] == b"IHDR" and struct.unpack(">II", data[16:24]) == (800, 560)


@pytest.mark.parametrize("size", ["700x500", "wide", "800", "20000x20000", "7681x800"])
def test_a_size_below_the_smallest_window_over_an_8k_screen_or_malformed_is_refused(size,
                                                                                  capsys):
    from tutor.__main__ import main

    with pytest.raises(SystemExit) as exit_info:
        main(["--screenshot", "x.png", "--size", size])
    assert exit_info.value.code == 2
    assert "--size" in capsys.readouterr().err


@pytest.fixture
def make_course_window(qtbot, tmp_path, content):
    """A main window with the real lessons and puzzles (loaded once per test session)."""

    def make(language: str = "en", deck: str = "french") -> MainWindow:
        i18n.set_language(language)
        settings = QSettings(str(tmp_path / f"c-{language}-{deck}.ini"),
                             QSettings.Format.IniFormat)
        empty = tmp_path / "no-content"
        (empty / "lessons").mkdir(parents=True, exist_ok=True)
        (empty / "puzzles").mkdir(parents=True, exist_ok=True)
        window = MainWindow(Rules(), load_now=True, content_root=empty, settings=settings,
                            progress=Progress(tmp_path / f"p-{language}-{deck}.sqlite3"))
        window.set_content(content)
        qtbot.addWidget(window)
        window.notice.close_button.click()  # "no lessons found" of the empty folder: read
        window.change_look(deck, window.card_height)
        show_at(window, *MIN_WINDOW)
        qtbot.waitExposed(window)
        return window

    return make


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_learn_puzzles_and_progress_fit_the_smallest_window(make_course_window, case):
    language, deck, scale = case
    with scaled_app_font(scale):
        window = make_course_window(language, deck)
        window.show_page("learn")
        window.learn.open_lesson("the-game", 0)
        show_at(window, *MIN_WINDOW)
        assert_layout_ok(window, f"the first lesson, {case_id(case)}")
        window.show_page("puzzles")
        show_at(window, *MIN_WINDOW)
        assert_layout_ok(window, f"puzzles, {case_id(case)}")
        window.puzzles.exercise.check()  # nothing selected: it says what to do
        show_at(window, *MIN_WINDOW)
        assert_layout_ok(window, f"puzzles after an empty check, {case_id(case)}")
        window.show_page("progress")
        show_at(window, *MIN_WINDOW)
        assert_layout_ok(window, f"progress, {case_id(case)}")

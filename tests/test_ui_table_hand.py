"""The Play page is a table (issue 35 item 2): the hand at the bottom never hides a card's
index (its rank and suit in the top-left corner) at any size down to 800×560, with either deck,
with a full hand of Chibre and the largest hand of Pomme; the felt shows the seats round the
trick with their names, teams, the dealer and whose turn it is, in words too; the newcomer's
empty table offers the guided game first; the log is one click away; the tool bar keeps its
table options in a panel.
"""

from __future__ import annotations

import dataclasses
import time

import pytest
from PySide6.QtCore import QPoint, QRectF, QSettings, Qt
from PySide6.QtWidgets import QApplication

from engine import Card, Rules, StoeckScored
from tests.layout_helpers import show_at
from tutor import i18n
from tutor.games import GameStore
from tutor.progress import Progress
from tutor.table.flow import Stage
from tutor.ui.background import QtRunner
from tutor.ui.theme import PRIMARY_PROPERTY
from tutor.ui.widgets.card import CardWidget
from tutor.ui.widgets.cardfaces import index_rect
from tutor.ui.window import MainWindow

SIZES = [(800, 560), (1280, 800)]
DECKS = ["french", "german"]
CHIBRE = ["learner", "random", "random", "random"]
POMME = ["learner", "random", "random"]  # Pomme for three: nine cards each, the largest hand


@pytest.fixture
def make_window(qtbot, tmp_path):
    def make(deck: str = "french", language: str = "en") -> MainWindow:
        root = tmp_path / "content"
        (root / "lessons").mkdir(parents=True, exist_ok=True)
        (root / "puzzles").mkdir(parents=True, exist_ok=True)
        i18n.set_language(language)
        settings = QSettings(str(tmp_path / f"s-{deck}.ini"), QSettings.Format.IniFormat)
        window = MainWindow(Rules(), load_now=True, content_root=root, settings=settings,
                            fast=True, progress=Progress(tmp_path / "progress.sqlite3"),
                            games=GameStore(tmp_path / f"games-{deck}.sqlite3"))
        qtbot.addWidget(window)
        window.notice.close_button.click()  # "no lessons found" of the empty folder: read
        window.change_look(deck, window.card_height)
        window.show_page("play")
        show_at(window, 800, 560)
        qtbot.waitExposed(window)
        return window

    return make


def settle(window: MainWindow, timeout: float = 60.0) -> None:
    """Until the table at the page waits for the learner."""
    page = window.play
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        QApplication.processEvents()
        if page.at_table.stage in (Stage.LEARNER, Stage.FAILED) and not QtRunner.busy():
            return
        time.sleep(0.002)
    raise AssertionError(f"the table did not settle ({page.at_table.stage})")


def playing(make_window, players: list[str], seed: int = 4) -> MainWindow:
    """A window (``make_window``) whose table waits for the learner in a new game."""
    window = make_window()
    window.play.new_game(players, seed=seed)
    settle(window)
    return window


def misplaced_chips(felt) -> list[int]:
    """The seats whose chip is not on the felt round the trick: past the felt's edge, or over
    the trick."""
    return [seat for seat, chip in enumerate(felt.chips)
            if not felt.rect().contains(chip.geometry())
            or chip.geometry().intersects(felt.trick.geometry())]


def card_box(card: CardWidget, window: MainWindow) -> QRectF:
    """The painted card of ``card`` in the window's coordinates."""
    return card.card_rect().translated(card.mapTo(window, QPoint(0, 0)).toPointF())


def index_problems(window: MainWindow, cards: list[CardWidget]) -> list[str]:
    """Each card whose index is covered by a card drawn over it (those after it in the hand)
    or lies outside what the window shows."""
    view = window.play.view
    viewport = view.table_scroll.viewport()
    shown = QRectF(viewport.rect().translated(viewport.mapTo(window, QPoint(0, 0))))
    problems = []
    for position, card in enumerate(cards):
        index = index_rect(card_box(card, window)).adjusted(0.5, 0.5, -0.5, -0.5)
        if not shown.contains(index):
            problems.append(f"{card.card}: its index {index} lies outside the view {shown}")
        for later in cards[position + 1:]:
            if card_box(later, window).intersects(index):
                problems.append(f"{card.card}: its index is under {later.card}")
    return problems


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("seats", [CHIBRE, POMME], ids=["chibre", "pomme3"])
def test_no_card_of_a_full_hand_hides_the_index_of_another(make_window, deck, size, seats):
    window = make_window(deck)
    page = window.play
    page.new_game(seats, seed=4)
    settle(window)
    show_at(window, *size)
    cards = page.view.hand.card_widgets()
    assert len(cards) == 9, "a full hand"
    assert all(card.isVisible() for card in cards)
    assert index_problems(window, cards) == []


def test_the_measure_sees_an_index_under_the_next_card(make_window):
    """The check itself: a card moved a few pixels right of the one before it hides its
    index, and one moved below the window is out of view."""
    window = make_window()
    page = window.play
    page.new_game(CHIBRE, seed=4)
    settle(window)
    cards = page.view.hand.card_widgets()
    assert index_problems(window, cards) == []
    cards[1].move(cards[0].pos() + QPoint(6, 0))
    assert any(p.startswith(f"{cards[0].card}: its index is under") for p in
               index_problems(window, cards))
    cards[1].move(cards[1].x(), window.height())
    assert any(p.startswith(f"{cards[1].card}: its index") and "outside" in p for p in
               index_problems(window, cards))


def test_the_seats_say_their_name_team_dealer_and_turn(make_window):
    window = make_window()
    page = window.play
    page.new_game(CHIBRE, seed=4)
    settle(window)
    view = page.table.view()
    felt = page.chibre_view.felt
    chips = felt.chips
    assert len(chips) == 4
    names = [chip.accessibleName() for chip in chips]
    assert names[0].startswith("You, your team") and names[2].startswith("Partner, your team")
    assert names[1].startswith("Right, opponents") and names[3].startswith("Left, opponents")
    assert "dealer" in names[view.dealer]
    assert sum("dealer" in name for name in names) == 1
    assert "to play" in names[0]  # the learner's turn
    assert [chip.info.turn for chip in chips] == [True, False, False, False]
    assert misplaced_chips(felt) == []  # round the trick, on the felt, over no card
    assert page.chibre_view.wide  # at 800×560 the trump and scores stay beside the table


def test_a_chip_above_or_below_the_trick_asks_for_no_room_at_the_felts_sides(make_window):
    """The learner's chip, below the trick, widened by its marks, leaves the felt's least width
    as it was (it once pushed the scores below the table at 800×560); a side chip widens it."""
    felt = playing(make_window, CHIBRE).play.chibre_view.felt
    least = felt.minimumSizeHint().width()
    infos = [chip.info for chip in felt.chips]
    long_word = "Stöck, Stöck, Stöck"
    felt.set_seats([dataclasses.replace(infos[0], said=long_word), *infos[1:]])
    assert felt.chips[0].sizeHint().width() > felt.chips[1].sizeHint().width()
    assert felt.minimumSizeHint().width() == least
    felt.set_seats([infos[0], dataclasses.replace(infos[1], said=long_word), *infos[2:]])
    assert felt.minimumSizeHint().width() > least


@pytest.mark.parametrize("before", [3, 5])
def test_a_game_of_pomme_for_two_after_a_larger_one_lays_its_chips_round_the_trick(
        make_window, before):
    """The trick's seats change before the chips do: the felt places only the seats both have
    (it once asked the trick for a seat it no longer had, and the app crashed)."""
    window = playing(make_window, ["learner"] + ["random"] * (before - 1))
    window.play.new_game(["learner", "random"], seed=4)
    settle(window)
    felt = window.play.pomme_view.felt
    assert len(felt.chips) == 2
    assert misplaced_chips(felt) == []


def test_after_a_language_switch_the_chips_of_pomme_for_five_stay_on_the_felt(make_window):
    """A chip's words change with the language: the felt asks for the room they need."""
    window = playing(make_window, ["learner"] + ["random"] * 4)
    felt = window.play.pomme_view.felt
    for language in ("de", "fr", "it"):
        window.change_language(language)
        for _turn in range(5):
            QApplication.processEvents()
        assert misplaced_chips(felt) == [], language


@pytest.mark.parametrize("players", [3, 5])
def test_a_table_of_pomme_has_its_chips_round_the_trick_over_no_card(make_window, players):
    felt = playing(make_window, ["learner"] + ["random"] * (players - 1)).play.pomme_view.felt
    assert len(felt.chips) == players
    assert misplaced_chips(felt) == []


def test_a_table_of_pomme_has_a_seat_per_player_and_no_teams(make_window):
    window = make_window()
    page = window.play
    page.new_game(["learner", "random", "random", "random", "random"], seed=4)
    settle(window)
    chips = page.pomme_view.felt.chips
    assert len(chips) == 5
    assert all(chip.info.team is None for chip in chips)
    assert not any(", your team" in chip.accessibleName() or ", opponents" in
                   chip.accessibleName() for chip in chips)


def test_a_newcomers_empty_table_offers_the_guided_game_first(make_window):
    window = make_window()
    bar = window.play.bar
    assert bar.guided_button.property(PRIMARY_PROPERTY) is True
    assert not bar.new_button.property(PRIMARY_PROPERTY)
    window.play.new_game(CHIBRE, seed=4)
    settle(window)
    assert not bar.guided_button.property(PRIMARY_PROPERTY)
    assert not bar.new_button.property(PRIMARY_PROPERTY)  # a game on: no primary in the bar


def test_the_log_is_one_click_away(qtbot, make_window):
    window = make_window()
    page = window.play
    page.new_game(CHIBRE, seed=4)
    settle(window)
    view = page.chibre_view
    assert not view.log.isVisible() and view.log.count() > 0
    qtbot.mouseClick(view.log_button, Qt.MouseButton.LeftButton)
    assert view.log.isVisible() and view.log.accessibleName() == "Game log"
    assert view.log_button.text() == "Hide the log"
    qtbot.mouseClick(view.log_button, Qt.MouseButton.LeftButton)
    assert not view.log.isVisible()


def test_the_tool_bar_keeps_to_one_row_with_the_options_behind_a_button(qtbot, make_window):
    window = make_window()
    bar = window.play.bar
    show_at(window, 800, 560)
    row = [bar.new_button, bar.guided_button, bar.options_button, bar.stats_button,
           bar.hint_button]
    assert len({button.y() for button in row}) == 1, "one row, the hint on it"
    assert not bar.options.isVisible()
    qtbot.mouseClick(bar.options_button, Qt.MouseButton.LeftButton)
    assert bar.options.isVisible() and bar.variant_box.isVisible()
    assert [box.accessibleName() for box in bar.level_boxes[:3]] == [
        "Bot at Right", "Bot at Partner", "Bot at Left"]
    assert bar.coach_box.accessibleName() == "Coach"


def test_stoeck_is_said_by_its_seat_until_the_trick_is_taken(make_window):
    window = make_window()
    page = window.play
    page.new_game(CHIBRE, seed=4)
    settle(window)
    view = page.chibre_view
    view._logged_new([StoeckScored(seat=3, points=20)])  # as the log brings it
    page._paint()
    chip = view.felt.chips[3]
    assert chip.info.said == "Stöck" and chip.accessibleName().endswith(", Stöck")
    assert view.felt.rect().contains(chip.geometry())
    assert not chip.geometry().intersects(view.trick.geometry())
    tricks = len(page.table.view().tricks)
    while len(page.table.view().tricks) == tricks:
        page.learner_acts(next(a for a in page.table.view().legal_actions
                               if isinstance(a, Card)))
        settle(window)
    assert chip.info.said == "" and "Stöck" not in chip.accessibleName()


@pytest.mark.parametrize("players", [CHIBRE, POMME])
def test_the_table_rests_once_it_has_fitted_itself(make_window, monkeypatch, players):
    """Fitting the table must not ask for another fitting: it once did, on every layout
    request, so the open Play page kept a core busy (and a screen reader seconds behind)."""
    window = make_window()
    window.play.new_game(players, seed=4)
    settle(window)
    view = window.play.view
    for _turn in range(20):
        QApplication.processEvents()
    fitted = []
    arrange = type(view).arrange
    monkeypatch.setattr(type(view), "arrange", lambda self: (fitted.append(1), arrange(self)))
    for _turn in range(50):
        QApplication.processEvents()
    assert fitted == []

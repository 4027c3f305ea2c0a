"""Pomme (Putz) for 2, 3 and 5 on the Play page, driven through real widgets offscreen (issue 20,
item 4): the game chosen in the tool bar, a whole game to its end with the learner's moves made
by keys (G exchanges the 6, H takes the aside, arrows and Enter play a card, N the next round),
H and G said to screen readers, the scores with apples and Putz points, save and resume."""

from __future__ import annotations

import random
import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from engine import Card, CardSet, PommeChoice, PommePhase
from tutor.table import pomme as pomme_table
from tutor.table import pomme_words
from tutor.table.flow import Stage
from tutor.ui.background import QtRunner
from tutor.ui.window import MainWindow

WAITING = (Stage.LEARNER, Stage.WARNING, Stage.ROUND_OVER, Stage.OVER)


@pytest.fixture
def make_window(play_window):
    def make() -> MainWindow:
        window = play_window()
        window.activateWindow()
        return window

    return make


def settle(window: MainWindow, timeout: float = 60.0) -> None:
    table = window.play.pomme
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        QApplication.processEvents()
        if table.stage in (Stage.EMPTY, Stage.FAILED) or (
                table.stage in WAITING and not QtRunner.busy()):
            return
        time.sleep(0.002)
    raise AssertionError(f"the Pomme table did not settle ({table.stage})")


def said() -> str:
    """What the focused widget said last (``tutor.ui.widgets.common.announce``)."""
    focused = QApplication.focusWidget()
    return focused.accessibleDescription().rstrip("\u200b") if focused is not None else ""


def choose_game(qtbot, window: MainWindow, players: int) -> None:
    """Pick the game in the tool bar with the keyboard, then New game."""
    page = window.play
    box = page.bar.variant_box
    page.bar.options_button.setFocus()  # the table options, behind their button
    qtbot.keyClick(page.bar.options_button, Qt.Key.Key_Space)
    assert box.isVisibleTo(page)
    target = box.findData({2: "pomme2", 3: "pomme3", 5: "pomme5"}[players])
    while box.currentIndex() != target:
        qtbot.keyClick(box, Qt.Key.Key_Down)
    assert [p.isVisibleTo(page.bar.options) for p in page.bar.level_pairs] == [
        i < players - 1 for i in range(4)]
    page.bar.new_button.setFocus()
    qtbot.keyClick(page.bar.new_button, Qt.Key.Key_Return)
    settle(window)


def play_a_card(qtbot, window: MainWindow) -> None:
    """The first legal card, reached with Right from the first card, played with Enter."""
    board = window.play.pomme_view
    view = window.play.pomme.view()
    legal = CardSet([a for a in view.legal_actions if isinstance(a, Card)])
    cards = board.hand.card_widgets()
    cards[0].setFocus()
    for index, widget in enumerate(cards):
        if widget.card in legal:
            qtbot.keyClick(widget, Qt.Key.Key_Return)
            return
        qtbot.keyClick(cards[index], Qt.Key.Key_Right)
    raise AssertionError("no legal card in the hand")


def learner_moves(qtbot, window: MainWindow, seen: dict[str, int]) -> None:
    """One decision of the learner with the keyboard only."""
    page = window.play
    table = page.pomme
    focused = QApplication.focusWidget() or page
    if table.stage is Stage.ROUND_OVER:
        qtbot.keyClick(focused, Qt.Key.Key_N)
    elif table.stage is Stage.WARNING:  # the active coach warned: play it anyway
        qtbot.keyClick(focused, Qt.Key.Key_P)
    else:
        view = table.view()
        if view.phase is PommePhase.EXCHANGE:
            assert focused is page.pomme_view.exchange_button  # the decision has the focus
            qtbot.keyClick(focused, Qt.Key.Key_G)
            seen["six"] += 1
        elif PommeChoice.TAKE_ASIDE in view.legal_actions and not seen["aside"]:
            qtbot.keyClick(focused, Qt.Key.Key_H)  # asks first: Enter takes the aside
            assert page.confirm.isVisible() and QApplication.focusWidget() is page.confirm_yes
            qtbot.keyClick(page.confirm_yes, Qt.Key.Key_Return)
            assert not page.confirm.isVisible()
            seen["aside"] += 1
        else:
            play_a_card(qtbot, window)
    settle(window)


@pytest.mark.parametrize("players", [3, 5])
def test_a_game_of_pomme_is_played_to_its_end_by_keyboard(qtbot, make_window, monkeypatch,
                                                          players):
    # New game draws the game's seed: drawn here from a seeded generator, so the game is the
    # same at every run (a random one took 2 to 12 s, by how many rounds it lasted)
    monkeypatch.setattr(pomme_table, "random", random.Random(1))
    window = make_window()
    page = window.play
    choose_game(qtbot, window, players)
    table = page.pomme
    assert page.stack.currentWidget() is page.pomme_view
    assert page.pomme_view.trick.players == players
    assert table.session is not None and len(table.session.seats) == players
    assert page.pomme_view.aside_card.isVisibleTo(page) == (players == 3)
    seen = {"six": 0, "aside": 0}
    for _ in range(2000):
        if table.stage is Stage.OVER:
            break
        learner_moves(qtbot, window, seen)
    assert table.stage is Stage.OVER
    game = table.session.game
    assert game.is_over and game.winners
    assert page.status.text() == pomme_words.status_text(table)
    assert "Final scores" in page.status.text()
    scores = page.pomme_view.score_info.text()
    for seat in range(players):
        assert pomme_words.seat_name(seat, players) + ": " in scores
    assert "apple" in scores and "Putz point" in scores
    assert window.games.current() is None  # nothing left to resume
    if players == 3:
        assert seen["aside"] == 1


def at_the_aside(qtbot, make_window, monkeypatch):
    """A game of Pomme for 3 at the learner's first card, the aside still to take: the window,
    its Play page and the Pomme table."""
    monkeypatch.setattr(pomme_table, "random", random.Random(1))
    window = make_window()
    page = window.play
    page.new_game(["learner", "random", "random"], seed=11)
    settle(window)
    table = page.pomme
    for _ in range(200):
        view = table.view()
        if table.stage is Stage.LEARNER and PommeChoice.TAKE_ASIDE in view.legal_actions:
            break
        learner_moves(qtbot, window, {"six": 0, "aside": 1})
    return window, page, table


def test_h_asks_before_the_hand_is_given_up_for_the_aside_and_esc_keeps_it(qtbot, make_window,
                                                                            monkeypatch):
    """Taking the aside gives the hand up for the round: H (or the button) asks first; Esc
    keeps the hand and the choice, Enter takes the aside (issue 35)."""
    _window, page, table = at_the_aside(qtbot, make_window, monkeypatch)
    view = table.view()
    assert PommeChoice.TAKE_ASIDE in view.legal_actions
    hand = view.hand
    qtbot.keyClick(QApplication.focusWidget() or page, Qt.Key.Key_H)
    assert page.confirm.isVisible() and "Take the aside?" in page.confirm_text.text()
    assert said() == page.confirm_text.text()  # a screen reader hears the question
    assert page.confirm_yes.text().startswith("Take the aside (")
    assert page.confirm_no.text().startswith("Keep my hand (")
    qtbot.keyClick(page.confirm_yes, Qt.Key.Key_Escape)
    assert not page.confirm.isVisible() and table.view().hand == hand
    assert PommeChoice.TAKE_ASIDE in table.view().legal_actions
    page.pomme_view.aside_button.click()  # the button asks too
    assert page.confirm.isVisible()
    qtbot.keyClick(page.confirm_yes, Qt.Key.Key_Return)
    assert not page.confirm.isVisible() and table.view().hand != hand


def test_the_aside_question_goes_when_a_card_is_played_instead(qtbot, make_window,
                                                              monkeypatch):
    """Asked, then answered by playing a card: the question is no longer true and goes."""
    window, page, table = at_the_aside(qtbot, make_window, monkeypatch)
    page.ask_take_aside()
    assert page.confirm.isVisible()
    card = next(a for a in table.view().legal_actions if isinstance(a, Card))
    page.learner_acts(card)
    settle(window)
    assert not page.confirm.isVisible() and page.question is None


def test_h_and_g_are_said_when_they_cannot_act_and_h_stays_the_hint_in_chibre(qtbot,
                                                                              make_window):
    window = make_window()
    page = window.play
    page.new_game(["learner", "random", "random", "random", "random"], seed=1)
    settle(window)
    table = page.pomme
    while table.view().phase is PommePhase.EXCHANGE or table.stage is not Stage.LEARNER:
        learner_moves(qtbot, window, {"six": 0, "aside": 1})
    card = QApplication.focusWidget()
    assert card in page.pomme_view.hand.card_widgets()
    qtbot.keyClick(card, Qt.Key.Key_H)
    assert said() == page.pomme_view.coach_text.text()
    assert said().endswith("With five players there is no aside.")
    qtbot.keyClick(card, Qt.Key.Key_G)
    assert "6" in said() or "six" in said()
    qtbot.keyClick(card, Qt.Key.Key_S)
    assert said().startswith("You: ") and "Putz point" in said()
    qtbot.keyClick(card, Qt.Key.Key_T)
    assert said().startswith("Your turn")
    qtbot.keyClick(card, Qt.Key.Key_A)
    assert said().startswith("Trump: ") and "Shown: the " in said()
    qtbot.keyClick(card, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: said().startswith("The coach would "), timeout=60000)
    assert page.pomme_view.hand.card_widgets()  # the hint named a choice of this decision


def test_a_game_of_pomme_resumes_after_the_window_closes(qtbot, make_window):
    window = make_window()
    page = window.play
    page.new_game(["learner", "random", "random"], seed=11)
    settle(window)
    for _ in range(6):
        learner_moves(qtbot, window, {"six": 0, "aside": 1})
    events = list(page.pomme.session.game.events)
    seats = page.pomme.session.seats
    window.close()
    again = make_window()
    resume = again.play.bar.resume_button
    assert resume.isVisibleTo(again.play)
    qtbot.mouseClick(resume, Qt.MouseButton.LeftButton)
    settle(again)
    table = again.play.pomme
    assert list(table.session.game.events[:len(events)]) == events
    assert table.session.seats == seats
    assert again.play.stack.currentWidget() is again.play.pomme_view
    assert again.play.bar.variant_box.currentData() == "pomme3"
    options = again.play.bar.options
    assert [p.isVisibleTo(options) for p in again.play.bar.level_pairs] == [True, True, False,
                                                                        False]


def test_a_new_game_of_pomme_during_a_game_of_chibre_asks_and_keeps_it_as_abandoned(
        qtbot, make_window):
    window = make_window()
    page = window.play
    page.new_game(["learner", "random", "random", "random"], seed=3)
    while page.table.stage not in (Stage.LEARNER, Stage.ROUND_OVER):
        QApplication.processEvents()
    page.bar.variant_box.setCurrentIndex(page.bar.variant_box.findData("pomme5"))
    page.ask_new_game()
    assert page.confirm.isVisible()
    qtbot.mouseClick(page.confirm_yes, Qt.MouseButton.LeftButton)
    settle(window)
    assert [g.abandoned for g in window.games.finished()] == [True]
    assert page.pomme.session is not None and page.pomme.players == 5
    assert window.games.current().pomme is not None
    # and back to Chibre: the game of Pomme goes (it is not counted)
    page.bar.variant_box.setCurrentIndex(page.bar.variant_box.findData("chibre"))
    page.ask_new_game()
    assert "game of Pomme in progress ends here" in page.confirm_text.text()
    qtbot.mouseClick(page.confirm_yes, Qt.MouseButton.LeftButton)
    assert page.stack.currentIndex() == 0 and page.table.session is not None
    assert window.games.current().pomme is None
    assert len(window.games.finished()) == 1


@pytest.mark.parametrize("players", [3, 5])
def test_the_pomme_table_fits_the_smallest_window_in_german(qtbot, make_window, players):
    """800x560, German with the Swiss German deck: the trick's seats, the hand, the shown card
    and the aside are all on screen, side by side with the scores (nothing cut at an edge)."""
    window = make_window()
    window.change_language("de")
    window.change_look("german", window.card_height)
    window.resize(800, 560)
    page = window.play
    page.new_game(["learner", *["random"] * (players - 1)], seed=9)
    settle(window)
    while page.pomme.view().phase is PommePhase.EXCHANGE:
        learner_moves(qtbot, window, {"six": 0, "aside": 1})
    for _ in range(3):
        QApplication.processEvents()
    board = page.pomme_view
    trick = board.trick
    assert trick.players == players
    assert trick.width() <= board.table_scroll.viewport().width()
    felt = board.felt
    for seat in range(players):  # every seat's place inside the trick, its chip on the felt
        chip = felt.chips[seat]
        assert chip.isVisible() and felt.rect().contains(chip.geometry()), seat
        assert not chip.geometry().intersects(trick.geometry()), seat
        assert trick.rect().contains(trick.seat_widget(seat).geometry()), seat
    assert all(card.isVisible() for card in board.hand.card_widgets())
    assert board.shown_card.isVisible() and board.aside_card.isVisible() == (players == 3)
    assert board.side_scroll.geometry().left() >= trick.mapTo(board, trick.rect().topRight()).x()


def test_the_active_coach_warns_and_esc_takes_the_card_back_p_plays_it(qtbot, make_window):
    from engine import MISTAKE_THRESHOLD, pomme_advise

    window = make_window()
    page = window.play
    page.bar.coach_box.setCurrentIndex(page.bar.coach_box.findData("active"))
    page.new_game(["learner", "random", "random"], seed=2)
    settle(window)
    table, board = page.pomme, page.pomme_view
    keys_used = []
    for _ in range(400):
        if len(keys_used) == 2 or table.stage is Stage.OVER:
            break
        view = table.view()
        if table.stage is not Stage.LEARNER or view.phase is PommePhase.EXCHANGE or \
                PommeChoice.TAKE_ASIDE in view.legal_actions:
            learner_moves(qtbot, window, {"six": 0, "aside": 1})
            continue
        found = table.assess(view)
        worst = next((a.action for a in reversed(found) if isinstance(a.action, Card)), None)
        costly = worst is not None and len(view.legal_actions) > 1 and (
            lambda advice: advice.action != worst and advice.lost >= MISTAKE_THRESHOLD)(
            pomme_advise(view, found, worst))
        if not costly:
            learner_moves(qtbot, window, {"six": 0, "aside": 1})
            continue
        widget = next(w for w in board.hand.card_widgets() if w.card == worst)
        widget.setFocus()
        qtbot.keyClick(widget, Qt.Key.Key_Return)
        settle(window)
        assert table.stage is Stage.WARNING
        assert QApplication.focusWidget() is board.take_back
        assert board.play_anyway.isVisible()
        assert said().startswith("The coach advises against the ")
        if not keys_used:
            qtbot.keyClick(board.take_back, Qt.Key.Key_Escape)
            assert table.stage is Stage.LEARNER and worst in table.view().hand
            keys_used.append("Esc")
        else:
            qtbot.keyClick(board.take_back, Qt.Key.Key_P)
            settle(window)
            assert worst not in table.view().hand
            keys_used.append("P")
    assert keys_used == ["Esc", "P"]


def test_before_any_game_the_table_shows_the_seats_of_the_game_chosen(make_window):
    """Nothing at the table yet: choosing Pomme for 5 lays out its five seats (not Chibre's
    partner across), and choosing Chibre again brings its table back."""
    window = make_window()
    page = window.play
    page.bar.variant_box.setCurrentIndex(page.bar.variant_box.findData("pomme5"))
    assert page.pomme_at_table and page.stack.currentWidget() is page.pomme_view
    names = [label.text() for label in page.pomme_view.trick._labels]
    assert len(names) == 5 and not any("Partner" in name for name in names)
    assert not page.pomme_view.aside_card.isVisibleTo(page.pomme_view)  # no aside for five
    page.bar.variant_box.setCurrentIndex(page.bar.variant_box.findData("pomme3"))
    assert len(page.pomme_view.trick._labels) == 3
    page.bar.variant_box.setCurrentIndex(page.bar.variant_box.findData("chibre"))
    assert not page.pomme_at_table and page.stack.currentWidget() is not page.pomme_view


# --- Pomme for two (R-POMME-TWO), the review and par of Pomme, its guided game (issue 32) ---


def test_a_round_of_pomme_for_two_exchanges_the_blind_and_is_reviewed(qtbot, make_window,
                                                                      monkeypatch):
    monkeypatch.setattr(pomme_table, "random", random.Random(3))
    window = make_window()
    page = window.play
    choose_game(qtbot, window, 2)
    board, table = page.pomme_view, page.pomme
    assert table.players == 2 and board.trick.players == 2
    assert not board.aside_card.isVisibleTo(page) and board.blind_info.isVisibleTo(page)
    chose_blind = gave_up = 0
    while table.stage is not Stage.ROUND_OVER:
        assert table.stage in (Stage.LEARNER, Stage.WARNING), table.stage
        view = table.view()
        if table.stage is Stage.WARNING:
            board.play_anyway.click()
        elif view.phase is PommePhase.BLIND:
            # the decision is on screen and has the focus: exchange three cards for the blind
            assert board.exchange_blind_button.isVisibleTo(page)
            assert board.keep_blind_button.isVisibleTo(page)
            assert QApplication.focusWidget() is board.exchange_blind_button
            qtbot.keyClick(board.exchange_blind_button, Qt.Key.Key_Return)
            chose_blind += 1
        elif view.phase is PommePhase.DISCARD:
            assert pomme_words.turn_text(view) in page.status.text()
            play_a_card(qtbot, window)  # a card of the hand, given up
            gave_up += 1
        elif PommeChoice.EXCHANGE_SIX in view.legal_actions:
            board.keep_button.click()
        else:
            assert not board.exchange_blind_button.isVisibleTo(page)
            play_a_card(qtbot, window)
        settle(window)
    assert chose_blind == 1 and gave_up == 3
    view = table.table_view()
    assert view is not None and len(view.blind_exchanged) == 2
    assert pomme_words.blind_text(view) and board.blind_info.text() == \
        pomme_words.blind_text(view)
    # the round's review and its par, from the Review button
    assert board.review_button.isVisibleTo(page)
    board.review_button.click()
    assert page.stack.currentWidget() is page.review
    number = table.last_scored().round
    qtbot.waitUntil(lambda: table.review_of(number) is not None, timeout=60000)
    page.review.fill()
    assert page.review.trick is page.review.tricks[1] and page.review.trick.players == 2
    heading = page.review.heading.text()
    assert heading == pomme_words.review_heading(table.review_of(number), number)
    par = table.pars.get(number)
    if par is not None:
        assert page.review.par.text() == pomme_words.par_text(par)
    qtbot.keyClick(page.review.list, Qt.Key.Key_Escape)
    assert page.stack.currentWidget() is board


def test_the_guided_game_of_pomme_says_what_the_rules_allow(qtbot, make_window, monkeypatch):
    monkeypatch.setattr(pomme_table, "random", random.Random(5))
    window = make_window()
    page = window.play
    box = page.bar.variant_box
    box.setCurrentIndex(box.findData("pomme3"))
    assert page.bar.guided_button.text() == "Guided game (3 rounds)"
    page.bar.guided_button.click()
    settle(window)
    table = page.pomme
    assert table.guided and table.players == 3
    while table.stage is not Stage.LEARNER or not any(
            isinstance(a, Card) for a in table.view().legal_actions):
        view = table.view()
        if PommeChoice.KEEP_SIX in view.legal_actions:
            page.pomme_view.keep_button.click()
        elif PommeChoice.TAKE_ASIDE in view.legal_actions:
            play_a_card(qtbot, window)
        settle(window)
    view = table.view()
    lines = pomme_words.guide_lines(view)
    assert lines and all(line in page.pomme_view.coach_text.text() for line in lines)


def test_after_the_exchange_the_trump_6_lies_where_the_shown_card_was(qtbot, make_window):
    """The shown card went to the holder of the 6 (issue 35: it stayed drawn): the side shows
    the trump 6 in its place, and says so."""
    window = make_window()
    page = window.play
    page.new_game(["learner", "random", "random"], seed=6)
    settle(window)
    table, board = page.pomme, page.pomme_view
    view = table.view()
    assert view.phase is PommePhase.EXCHANGE and view.current_player == 0
    assert board.shown_card.card == view.shown
    qtbot.keyClick(QApplication.focusWidget() or page, Qt.Key.Key_G)
    settle(window)
    view = table.view()
    assert view.six_holder_exchanged == 0 and view.shown in view.hand
    assert board.shown_card.card == pomme_words.six_of(view.trump)
    assert "trump 6" in board.shown_caption.text()

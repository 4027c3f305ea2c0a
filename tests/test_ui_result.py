"""A game's end on the Play page is a result card (issue 35, "moments"), driven through real
widgets offscreen with fast bots: it takes the table's place, says who won and the score, the
par and the flagged mistakes once the coach's review lands, and its one primary step, where
focus lands, starts the next game."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from engine import Rules
from tests.layout_helpers import MIN_WINDOW, assert_layout_ok, show_at
from tests.test_ui_play import SEATS
from tests.test_ui_play import settle as settle_chibre
from tests.test_ui_pomme import settle as settle_pomme
from tutor.table.flow import Stage
from tutor.ui.window import MainWindow


def settle(window: MainWindow) -> None:
    """The table of the game being played waits for the learner, or is over."""
    (settle_pomme if window.play.pomme_at_table else settle_chibre)(window)


def play_to_the_end(window: MainWindow) -> None:
    """The first legal action at every decision of the game at the table, to its end."""
    page = window.play
    for _ in range(2000):
        settle(window)
        table = page.at_table
        QApplication.processEvents()
        if table.stage is Stage.OVER:
            return
        if table.stage is Stage.ROUND_OVER:
            table.next_round()
        elif table.stage is Stage.WARNING:
            table.play_anyway()
        elif table.stage is Stage.LEARNER:
            page.learner_acts(table.view().legal_actions[0])
    raise AssertionError("the game did not end")


@pytest.fixture
def over(play_window, qtbot):
    window = play_window(Rules(target=200))
    window.activateWindow()
    window.play.new_game(SEATS, seed=5)
    play_to_the_end(window)
    return window


def test_a_games_end_shows_a_result_card_in_place_of_the_table(over, qtbot):
    page = over.play
    assert page.stack.currentWidget() is page.result and not page.status.isVisible()
    card = page.result.card
    assert card.objectName() == "resultCard" and card.isVisible()
    over_event = page.table.game_over()
    won = over_event.winner == 0
    assert card.title.text() == ("Your team wins the game!" if won
                                 else "The opponents win this game")
    mine, theirs = over_event.scores
    figures = [(name.text(), value.text()) for name, value, _note in card._figure_rows
               if name.isVisible()]
    assert figures[:2] == [("Your team", str(mine)), ("Opponents", str(theirs))]
    # focus on the one primary step, described by the whole card
    primary = card.primary()
    assert primary is card.button("new-game") and primary.property("primary") is True
    # the card's step is the page's one primary action: none in the tool bar beside it
    assert not any(button.property("primary") for button in (page.bar.new_button,
                                                              page.bar.guided_button))
    assert QApplication.focusWidget() is primary
    assert primary.accessibleDescription().startswith(card.title.text().rstrip("!"))
    assert page.stack.accessibleName() == "Result of the game"
    assert page.landing() is primary


def test_the_result_card_gets_the_par_and_mistakes_when_the_review_lands(over, qtbot):
    page = over.play
    card = page.result.card
    qtbot.waitUntil(lambda: card.mistakes_heading.isVisible(), timeout=60000)
    par = [(value.text(), note.text()) for name, value, note in card._figure_rows
           if name.isVisible() and name.text() == "Par"]
    assert len(par) == 1 and par[0][0] != "…"
    assert "±" not in par[0][1]
    for button in card.mistake_buttons():  # each mistake's lesson opens on the Learn page
        assert button.text().startswith("Read lesson")


def test_the_result_cards_steps_lead_to_the_review_and_a_new_game(over, qtbot):
    page = over.play
    card = page.result.card
    card.button("review").click()
    assert page.stack.currentWidget() is page.review
    page.back_to_table()  # back to the game's end: its card again
    assert page.stack.currentWidget() is page.result
    card.button("statistics").click()
    assert page.stack.currentWidget() is page.stats
    page.back_to_table()
    card.primary().click()
    settle(over)
    assert page.stack.currentWidget() is page.chibre_view
    assert page.table.stage is not Stage.OVER and page.status.isVisible()


def test_a_guided_game_of_pomme_ends_on_its_card_with_a_full_game_next(play_window, qtbot):
    window = play_window()
    page = window.play
    page.new_game(["learner", "random", "random"], seed=4, guided=True)
    play_to_the_end(window)
    assert page.stack.currentWidget() is page.result
    card = page.result.card
    assert card.title.text() in ("You win the game!", "The game is over")
    assert card.achieved.text()  # who won and every seat's score, as the table says it
    primary = card.primary()
    assert primary is card.button("full-game") and primary.text() == "Play a full game"
    assert card.button("statistics") is None  # games of Pomme are not in the statistics
    primary.click()
    settle(window)
    assert page.stack.currentWidget() is page.pomme_view and not page.pomme.guided


def test_the_result_card_fits_the_smallest_window_once_the_review_lands(over, qtbot):
    page = over.play
    card = page.result.card
    qtbot.waitUntil(lambda: card.mistakes_heading.isVisible(), timeout=60000)
    show_at(over, *MIN_WINDOW)
    assert_layout_ok(over, "the result card of a game")
    show_at(over, 1280, 800)
    assert_layout_ok(over, "the result card of a game")

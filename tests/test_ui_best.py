"""The best-card puzzle on screen: four open hands around the trick, one card to pick."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from engine import CardSet, Trump
from tutor.content.kinds import solve
from tutor.content.tasks import BestTask
from tutor.ui.widgets.card import CardWidget
from tutor.ui.widgets.exercise import ExerciseView

# Hearts trump; the Buur draws the last trump before the ace is led (see test_best_puzzles).
TASK = BestTask(Trump.HEARTS, tuple(CardSet.parse(h) for h in
                                    ("HJ SA", "H6 S7", "SK D6", "C6 C7")), (), 0)


def show(qtbot) -> ExerciseView:
    view = ExerciseView()
    qtbot.addWidget(view)
    view.resize(900, 760)
    view.show_task(TASK, solve(TASK), hint="Draw the last trump first.", context="bs001")
    view.show()
    qtbot.waitExposed(view)
    QApplication.processEvents()
    return view


def texts(view: ExerciseView) -> list[str]:
    return [label.text() for label in view.findChildren(QLabel) if label.isVisible()]


def learner_card(view: ExerciseView, code: str) -> CardWidget:
    assert view.hand is not None
    widget = next(w for w in view.hand.card_widgets() if str(w.card) == code)
    assert widget.isVisible()
    return widget


def test_the_four_hands_are_shown_around_the_trick(qtbot) -> None:
    view = show(qtbot)
    assert view.prompt.text() == "Every hand is open. Which card is best for your team?"
    shown = {str(w.card) for w in view.findChildren(CardWidget) if w.isVisible() and w.card}
    assert shown == {"HJ", "SA", "H6", "S7", "SK", "D6", "C6", "C7"}
    # partner at the top, then left and right
    assert [" ".join(sorted(map(str, v.cards()))) for v in view.seat_views] == [
        "D6 SK", "C6 C7", "H6 S7"]
    assert {"You", "Right", "Partner", "Left"} <= set(texts(view))
    assert not view.check_button.isVisible()  # a click answers at once


def test_the_best_card_is_right_and_explained(qtbot) -> None:
    view = show(qtbot)
    with qtbot.waitSignal(view.answered) as blocker:
        qtbot.mouseClick(learner_card(view, "HJ"), Qt.MouseButton.LeftButton)
    assert blocker.args == [True, "HJ"]
    assert view.verdict.text() == "Right."
    explanation = view.explanation.text()
    assert "That is 15 points more than the next best choice: <b>ace of spades</b>" in explanation
    assert "Trick 2: You: <b>ace of spades</b>" in explanation
    assert "Draw the last trump first." in explanation
    assert view.hand is not None and view.hand.selection_mode() == "none"


def test_another_card_is_wrong_shows_the_answer_and_may_be_retried(qtbot) -> None:
    view = show(qtbot)
    with qtbot.waitSignal(view.answered) as blocker:
        qtbot.keyClick(learner_card(view, "SA"), "\r")
    assert blocker.args == [False, "SA"]
    assert view.verdict.text() == "Not quite."
    assert "The answer: " in view.explanation.text()
    assert "jack of hearts" in view.explanation.text()
    assert view.retry_button.isVisible()
    view.retry_button.click()
    QApplication.processEvents()
    assert view.result is None and not view.feedback.isVisible()

"""The strategy write-up, reasons first (issue 34): the authored reason and the answer lead,
the engine's figures wait behind "Show the engine's figures" (closed; the verdict a screen reader
hears carries no figure), rounded, with the standard error, the deals and the method as
``tutor.content.strategy`` measures; one deal at most, as small cards, for a card decision and
none for a trump choice. And a deck switch redraws an answered exercise."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine import Card, CardSet, Suit, Trump
from tests.test_content_kinds import read, sample, solved
from tests.test_ui_pages import cards_in, click
from tutor.content.kinds import strategy as kind
from tutor.content.kinds.strategy import SPEC, explain_strategy, one_deal
from tutor.content.tasks import StrategySolution, StrategyTask
from tutor.ui.widgets.exercise import ExerciseView
from tutor.ui.widgets.hand import HandView

REASON = "No trump is left and your {H6} is the last heart: it takes the last trick."


def _trump_task() -> StrategyTask:
    data = sample(SPEC)
    del data["trump"], data["played"]
    data["chooser"] = 0
    task, _r = read(SPEC, data)
    assert isinstance(task, StrategyTask) and task.trump is None
    return task


TRUMP_FIGURES = StrategySolution(values=(("S", 149.7), ("chibre", 95.3), ("H", 80.0)),
                                 errors=(("chibre", 1.74), ("H", 2.2)), deals=400, unit="points")


def _show(qtbot: Any, task: Any, solution: Any, hint: str | None = REASON) -> ExerciseView:
    view = ExerciseView()
    qtbot.addWidget(view)
    view.resize(800, 900)
    view.show_task(task, solution, hint=hint)
    view.show()
    qtbot.waitExposed(view)
    return view


def _answer(qtbot: Any, view: ExerciseView, code: str) -> None:
    if code in view.strategy_codes:
        click(qtbot, view.choice_buttons[view.strategy_codes.index(code)])
    else:
        click(qtbot, cards_in(view.hand)[code])


def test_figures_are_rounded_with_their_error_and_deals() -> None:
    """149.7 against 95.3 is said 150 against 95, a difference of 55 (the two rounded figures
    the learner can subtract), ± 1.7 standard error, over 400 deals; no hidden hand."""
    figures, method = explain_strategy(_trump_task(), TRUMP_FIGURES)
    assert "150" in figures and "95" in figures and "55 ± 1.7" in figures
    assert "400" in figures and "149" not in figures and ".3" not in figures
    assert "every hand open" in method and "400 times" in method


def test_a_card_decision_says_how_its_deals_were_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """The course weighs its deals by the opponents' plays (issue 33) and says so; a budget
    without a pool would draw them uniformly and say that: the sentence follows the measure."""
    task, solution = solved(SPEC)
    assert isinstance(task, StrategyTask)
    method = explain_strategy(task, solution)[-1]
    assert "explains the opponents' plays" in method and "as likely" not in method
    assert "to the end of the round" in method
    uniform = dataclasses.replace(kind.CHECK_BUDGET, pool=1)
    monkeypatch.setattr(kind, "CHECK_BUDGET", uniform)
    method = explain_strategy(task, solution)[-1]
    assert "each as likely as any other" in method


def test_one_deal_for_a_card_none_for_a_trump() -> None:
    task, _solution = solved(SPEC)
    assert isinstance(task, StrategyTask)
    assert [seat for seat, _cards in one_deal(task)] == [1, 2, 3]
    assert one_deal(_trump_task()) == []


def test_the_reason_leads_and_the_figures_wait_closed(qtbot: Any) -> None:
    task, solution = solved(SPEC)
    view = _show(qtbot, task, solution)
    assert view.figures_button.isHidden()  # nothing before an answer
    _answer(qtbot, view, solution.values[1][0])  # a wrong answer
    text = view.explanation.text()
    assert text.index("last trick") < text.index("The answer")
    assert "deals" not in text and "±" not in text
    said = view.verdict.accessibleName()
    assert "last trick" in said and "deals" not in said
    assert view.figures_button.isVisible() and not view.figures_button.isChecked()
    assert not view.figures_box.isVisible()
    click(qtbot, view.figures_button)
    assert view.figures_box.isVisible()
    assert "±" in view.figures_label.text()
    assert f"{solution.deals} deals" in view.figures_label.text()
    deal = view.figures_box.findChildren(HandView)
    assert [len(hand.cards()) for hand in deal] == [
        len(cards) for _seat, cards in one_deal(task)]
    assert view.figures_button.text() == "Hide the engine's figures"
    view.try_again()  # a new answer: the figures closed again, their cards gone
    assert view.figures_button.isHidden() and not view.figures_box.isVisible()


def test_a_trump_choice_shows_no_hidden_hand(qtbot: Any) -> None:
    view = _show(qtbot, _trump_task(), TRUMP_FIGURES)
    _answer(qtbot, view, "S")
    click(qtbot, view.figures_button)
    assert "150" in view.figures_label.text()
    assert [hand for hand in view.figures_box.findChildren(HandView) if hand.isVisible()] == []


def test_a_deck_switch_redraws_an_answered_exercise(qtbot: Any) -> None:
    """The cards of an answered exercise are drawn in the new deck, the answer still marked
    and the feedback kept (issue 34: French faces beside "Trump: acorns")."""
    task, solution = solved(SPEC)
    view = _show(qtbot, task, solution)
    _answer(qtbot, view, solution.answer)
    assert view.result is True
    view.set_look("german", view.card_height)
    assert view.hand is not None
    assert {widget.deck for widget in view.hand.card_widgets()} == {"german"}
    assert view.result is True and view.feedback.isVisible()
    assert not view.check_button.isEnabled()
    best = view.hand.widget_for(Card.parse(solution.answer))
    assert best is not None and best.highlighted


def test_announcement_answers_name_seats_and_teams(qtbot: Any) -> None:
    """Not "Player 1 … Player 4": the seats as the table names them, with their team, and
    who is who in each answer's description (issue 34)."""
    from tutor.content.kinds import weis

    task, solution = solved(weis.SPEC)
    view = _show(qtbot, task, solution, hint=None)
    names = [button.text() for button in view.player_buttons]
    assert names == ["You · Your team", "Right · Opponents", "Partner · Your team",
                     "Left · Opponents", "Nobody"]
    assert all("you, then Right, your partner and Left" in button.accessibleDescription()
               for button in view.player_buttons)


def test_the_winning_announcement_is_shown_after_the_first_trick() -> None:
    """R-WEIS-WHEN: once the first trick is over the best team shows its announcements, so the
    situation lists their cards, and before it only what was announced."""
    deal = tuple(CardSet.parse(hand) for hand in (
        "H6 H7 HT D9 C9 CJ CQ S8 ST", "HJ HQ HA DJ DK C6 C7 C8 SK",
        "H9 HK D8 DT CK CA S6 S7 SJ", "H8 D6 D7 DQ DA CT S9 SQ SA"))
    played = tuple(Card.parse(code) for code in ["CJ", "C6", "CK", "CT"])
    task = StrategyTask(deal, 0, False, Trump.of_suit(Suit.CLUBS), played)
    lines = kind.strategy_situation(task)
    assert "Right announced 20 points." in lines
    assert "Right showed a sequence of 3 to the {C8} (20): {C6}, {C7}, {C8}." in lines
    early = dataclasses.replace(task, played=())
    assert not any("showed" in line for line in kind.strategy_situation(early))

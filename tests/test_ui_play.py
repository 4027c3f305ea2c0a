"""Coached games on the Play page, driven through real widgets offscreen with fast bots."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton

from engine import Card, CardSet, Game, Phase, Rules, legal_cards
from engine.chibre.scoring import slate
from engine.events import CardPlayed
from tutor.games import GameStore
from tutor.table.flow import Stage
from tutor.ui.background import QtRunner
from tutor.ui.window import MainWindow

WAITING = (Stage.LEARNER, Stage.WARNING, Stage.ROUND_OVER, Stage.OVER)

SEATS = ["learner", "random", "random", "random"]


@pytest.fixture
def make_window(play_window):
    """The Play page's window (conftest ``play_window``), with ``rules`` if given."""
    return play_window


def settle(window: MainWindow, timeout: float = 60.0) -> None:
    """Process events until the table waits for the learner (a decision, a warning, Next
    round), the game is over with nothing left to run, or something failed."""
    page = window.play
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        QApplication.processEvents()
        stage = page.table.stage
        if stage in (Stage.EMPTY, Stage.FAILED) or (
                stage in WAITING and not QtRunner.busy()):
            return
        time.sleep(0.002)
    raise AssertionError(f"the table did not settle ({page.table.stage})")


def key(qtbot, widget, which, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(widget, which, modifier)


def play_by_keyboard(qtbot, window: MainWindow) -> None:
    """One learner decision, with the keyboard only."""
    page = window.play
    view = page.session.view()
    if page.chibre_view.next_round_button.isVisible():
        page.chibre_view.next_round_button.setFocus()
        key(qtbot, page.chibre_view.next_round_button, Qt.Key.Key_Space)
    elif view.phase is Phase.TRUMP:
        key(qtbot, page, Qt.Key.Key_A)
        focused = QApplication.focusWidget()
        assert isinstance(focused, QPushButton) and focused in page.chibre_view.trump_buttons
        key(qtbot, focused, Qt.Key.Key_Space)
    elif view.phase is Phase.WEIS:
        page.chibre_view.announce_button.setFocus()
        key(qtbot, page.chibre_view.announce_button, Qt.Key.Key_Space)
    else:
        cards = page.chibre_view.hand.card_widgets()
        cards[0].setFocus()
        legal = CardSet([a for a in view.legal_actions if isinstance(a, Card)])
        for index, widget in enumerate(cards):
            if widget.card in legal:
                key(qtbot, widget, Qt.Key.Key_Return)
                break
            key(qtbot, cards[index], Qt.Key.Key_Right)
    settle(window)


def play_to_the_end(qtbot, window: MainWindow) -> None:
    """The learner's decisions, with the keyboard only, until the game is over."""
    for _ in range(400):
        if window.play.session.is_over:
            break
        play_by_keyboard(qtbot, window)
    settle(window)


def test_a_whole_game_by_keyboard_reaches_the_target_and_the_slate_agrees(qtbot, make_window):
    window = make_window(Rules(target=400))
    window.activateWindow()
    page = window.play
    page.new_game(SEATS, seed=7)
    settle(window)
    play_to_the_end(qtbot, window)
    session = page.session
    assert session.is_over
    scores = session.game.scores
    assert max(scores) >= 400
    assert page.chibre_view.slate.scores() == tuple(scores)
    for team in (0, 1):
        hundreds, fifties, twenties, rest = slate(scores[team])
        description = page.chibre_view.slate.describe(team)
        assert f"{hundreds} stroke" in description and f"{rest} at the side" in description
        assert f"{fifties} half-cross" in description and f"{twenties} stroke" in description
    assert window.games.current() is None
    assert [g.scores for g in window.games.finished()] == [tuple(scores)]


def first_learner_card_turn(window: MainWindow, seed: int = 3,
                            deal: tuple[CardSet, ...] | None = None) -> None:
    page = window.play
    page.new_game(SEATS, seed=seed, deal=deal)
    settle(window)
    for _ in range(20):
        view = page.session.view()
        if view.phase is Phase.PLAY and view.trick:
            return
        page.learner_acts(view.legal_actions[0])
        settle(window)
    raise AssertionError("no card to follow came up")


def play_first_round(window: MainWindow, seed: int, pick: int) -> None:
    """The first round, the learner taking the choice at index ``pick`` each time."""
    page = window.play
    page.new_game(SEATS, seed=seed)
    settle(window)
    while not page.chibre_view.next_round_button.isVisible():
        page.learner_acts(page.session.view().legal_actions[pick])
        settle(window)


#: The learner holds two or more cards of every suit: whatever is led, one of them is refused.
SPREAD_HAND = tuple(CardSet.parse(hand) for hand in (
    "H6 H9 S6 SK C6 CK D6 DK HA", "H7 HK S7 SA C7 CA D8 DA HT", "D7 HJ SJ CJ DJ S8 C8 H8 SQ",
    "HQ S9 ST C9 CT CQ D9 DT DQ"))


def test_an_illegal_card_is_refused_with_the_engines_reason(qtbot, make_window):
    window = make_window()
    page = window.play
    first_learner_card_turn(window, 3, SPREAD_HAND)
    view = page.session.view()
    legal = legal_cards(view.hand, view.trick, view.trump)
    illegal = [c for c in view.hand if c not in legal]
    assert illegal, "a hand of every suit, following a lead, holds a card it may not play"
    before = len(page.session.game.events)
    widget = next(w for w in page.chibre_view.hand.card_widgets() if w.card == illegal[0])
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
    assert len(page.session.game.events) == before
    text = page.chibre_view.coach_text.text()
    assert "you hold" in text or "undertrump" in text or "trump was led" in text, text


def test_the_hint_names_a_legal_card(qtbot, make_window):
    window = make_window()
    page = window.play
    first_learner_card_turn(window)
    view = page.session.view()
    qtbot.keyClick(page, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: page.chibre_view.coach_text.text().startswith("Hint:"), timeout=30000)
    legal = legal_cards(view.hand, view.trick, view.trump)
    from tutor.names import card_name

    assert any(card_name(card) in page.chibre_view.coach_text.text() for card in legal)


def test_a_game_interrupted_mid_trick_resumes_exactly(qtbot, make_window, tmp_path):
    window = make_window()
    first_learner_card_turn(window, seed=11)
    game = window.play.session.game
    assert game.view(0).trick, "the interruption should be mid-trick"
    events = list(game.events)
    window.close()
    again = make_window()
    assert again.play.bar.resume_button.isVisibleTo(again.play)
    qtbot.mouseClick(again.play.bar.resume_button, Qt.MouseButton.LeftButton)
    settle(again)
    assert list(again.play.session.game.events[: len(events)]) == events
    assert again.play.session.game.view(0).trick == game.view(0).trick


def test_the_review_goes_trick_by_trick_and_marks_the_two_cards_apart(qtbot, make_window):
    window = make_window()
    page = window.play
    play_first_round(window, seed=5, pick=-1)  # the last choice: not the best, often
    qtbot.keyClick(page, Qt.Key.Key_R)
    qtbot.waitUntil(lambda: page.review.list.count() > 0, timeout=60000)
    reviews = page.review.reviews
    tricks = [r.decision.trick for r in reviews]
    assert tricks == sorted(tricks), "in the order of play"
    every = page.table.reviews[0]
    assert reviews == [r for r in every if r.advice.is_learners and r.lost >= 1], \
        "no line under a point"
    for row, item in enumerate(reviews):
        text = page.review.list.item(row).text()
        assert "✓" not in text and "✗" not in text and "lost" in text, text
        assert text.endswith("a mistake") == item.is_mistake
    costly = next((row for row, r in enumerate(reviews) if r.lost >= 1
                   and isinstance(r.decision.action, Card)), None)
    if costly is not None:
        page.review.list.setCurrentRow(costly)
        item = reviews[costly]
        chosen = page.review.hand.widget_for(item.decision.action)
        best = page.review.hand.widget_for(item.advice.action)
        assert chosen.selected and not chosen.highlighted
        assert best.highlighted and not best.selected
        assert page.review.legend.isVisibleTo(page)


def test_keyboard_announcements_read_the_table(qtbot, make_window):
    window = make_window()
    page = window.play
    first_learner_card_turn(window)
    qtbot.keyClick(page, Qt.Key.Key_T)
    assert page.chibre_view.coach_text.text().startswith("Your turn")
    qtbot.keyClick(page, Qt.Key.Key_C)
    assert ":" in page.chibre_view.coach_text.text()
    qtbot.keyClick(page, Qt.Key.Key_F)
    assert page.chibre_view.coach_text.text().startswith("Led suit:")
    qtbot.keyClick(page, Qt.Key.Key_S)
    assert page.chibre_view.coach_text.text().startswith("Game: your team")


def test_watch_fast_plays_a_whole_game_and_exits_leaving_no_temporary_folder(tmp_path):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", JASS_TUTOR_HOME=str(tmp_path),
               TMPDIR=str(temporary))
    result = subprocess.run([sys.executable, "-m", "tutor", "--watch", "--fast", "--seed", "2"],
                            env=env, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert not [p for p in temporary.iterdir() if p.name.startswith("jass-tutor-")]


def test_new_game_during_a_game_asks_first_and_keeps_the_old_one_as_abandoned(qtbot,
                                                                              make_window):
    window = make_window()
    page = window.play
    first_learner_card_turn(window, seed=4)
    old = page.session.game_id
    qtbot.mouseClick(page.bar.new_button, Qt.MouseButton.LeftButton)
    assert page.confirm.isVisible() and page.session.game_id == old, "asked, not replaced"
    qtbot.mouseClick(page.confirm_no, Qt.MouseButton.LeftButton)
    assert not page.confirm.isVisible() and page.session.game_id == old
    qtbot.mouseClick(page.bar.new_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.confirm_yes, Qt.MouseButton.LeftButton)
    settle(window)
    assert page.session.game_id != old
    [abandoned] = window.games.finished()
    assert abandoned.game_id == old and abandoned.abandoned
    assert window.games.statistics().abandoned == 1


def test_a_bot_that_fails_leaves_a_notice_and_a_usable_table(qtbot, make_window, monkeypatch):
    from engine.chibre.bots.random_bot import RandomBot

    def broken(self, view):
        raise RuntimeError("the bot broke")

    window = make_window()
    page = window.play
    monkeypatch.setattr(RandomBot, "choose_card", broken)
    monkeypatch.setattr(RandomBot, "choose_trump", broken)
    page.new_game(["learner", "random", "random", "random"], seed=1)
    for _ in range(40):
        settle(window)
        if page.table.stage is Stage.FAILED:
            break
        page.learner_acts(page.session.view().legal_actions[0])
    assert page.table.stage is Stage.FAILED and not page.table.busy
    assert "the bot broke" in window.notice.text.text()
    assert window.notice.isVisible()
    assert "failed" in page.status.text() and page.chibre_view.retry_button.isVisible()
    monkeypatch.undo()
    qtbot.keyClick(page, Qt.Key.Key_Y)  # Try again (Y)
    settle(window)
    assert page.table.stage in WAITING
    page.new_game(["learner", "random", "random", "random"], seed=2)
    settle(window)
    assert page.table.stage is Stage.LEARNER


def test_every_step_of_a_game_is_at_most_two_keys_away(qtbot, make_window):
    """At every decision focus is where the decision is taken, and every button that comes and
    goes is focused or has its key on it."""
    window = make_window()
    window.activateWindow()
    page = window.play
    page.bar.coach_box.setCurrentIndex(page.bar.coach_box.findData("active"))
    page.new_game(SEATS, seed=9)
    settle(window)
    seen = set()
    for _ in range(120):
        stage = page.table.stage
        view = page.session.view()
        focus = QApplication.focusWidget()
        if stage is Stage.OVER:
            break
        if stage is Stage.WARNING:
            seen.add("warning")
            assert focus is page.chibre_view.take_back
            table = page.chibre_view
            assert "(Esc)" in table.take_back.text() and "(P)" in table.play_anyway.text()
            qtbot.keyClick(focus, Qt.Key.Key_P)  # Play it anyway: one key
        elif stage is Stage.ROUND_OVER:
            seen.add("round")
            assert focus is page.chibre_view.next_round_button and "(N)" in focus.text()
            assert "(R)" in page.chibre_view.review_button.text()
            qtbot.keyClick(focus, Qt.Key.Key_Space)
        elif view.phase is Phase.TRUMP:
            seen.add("trump")
            assert focus in page.chibre_view.trump_buttons
            qtbot.keyClick(focus, Qt.Key.Key_Space)
        elif view.phase is Phase.WEIS:
            seen.add("weis")
            assert focus is page.chibre_view.announce_button and "(W)" in focus.text()
            assert "(Q)" in page.chibre_view.withhold_button.text()
            qtbot.keyClick(focus, Qt.Key.Key_Q)  # Keep quiet: one key
        else:
            seen.add("card")
            assert focus in page.chibre_view.hand.card_widgets() and focus.legal
            qtbot.keyClick(focus, Qt.Key.Key_Return)  # the first legal card: one key
        settle(window)
        if seen >= {"warning", "round", "trump", "card"} and page.table.stage is not \
                Stage.WARNING:
            break
    assert {"round", "trump", "card"} <= seen, seen


def test_a_resumed_game_has_its_levels_coach_log_and_whole_review(qtbot, make_window):
    window = make_window()
    page = window.play
    page.bar.level_boxes[0].setCurrentIndex(page.bar.level_boxes[0].findData("expert"))
    page.bar.coach_box.setCurrentIndex(page.bar.coach_box.findData("off"))
    page.new_game(None, seed=12)
    settle(window)
    for _ in range(6):
        page.learner_acts(page.session.view().legal_actions[0])
        settle(window)
    events = list(page.session.game.events)
    decisions = page.session.decisions(0)
    lines = page.chibre_view.log.count()
    window.close()
    again = make_window()
    resumed = again.play
    assert resumed.bar.level_boxes[0].currentData() == "heuristic", "a new window's default"
    qtbot.mouseClick(resumed.bar.resume_button, Qt.MouseButton.LeftButton)
    settle(again)
    assert list(resumed.session.game.events[: len(events)]) == events
    assert resumed.bar.level_boxes[0].currentData() == "expert"
    assert resumed.bar.coach_box.currentData() == "off"
    assert resumed.chibre_view.log.count() >= lines
    assert [d.action for d in resumed.session.decisions(0)][: len(decisions)] == \
        [d.action for d in decisions]


def test_the_guided_game_is_offered_after_the_first_lessons_and_explains(qtbot, make_window):
    window = make_window()
    window.show_page("learn")
    view = window.learn.view
    window.learn.open_lesson("the-game")
    view.show_lesson(view.lesson, set(), len(view.screens) - 1)
    assert view.current_screen().end and view.ending.button("guided") is None
    window.learn.open_lesson("who-wins-a-trick")
    view.show_lesson(view.lesson, set(), len(view.screens) - 1)
    guided = view.ending.button("guided")
    assert guided is not None and guided.isVisibleTo(view)
    qtbot.mouseClick(guided, Qt.MouseButton.LeftButton)
    assert window.current_page() == "play"
    page = window.play
    settle(window)
    assert page.table.guided and page.session.rules.target == 300
    for _ in range(30):  # at each decision the coach says what the rules allow
        view = page.session.view()
        assert page.chibre_view.coach_text.isVisibleTo(page) and page.chibre_view.coach_text.text()
        if view.tricks:
            break
        page.learner_acts(view.legal_actions[0])
        settle(window)
    lines = [page.chibre_view.log.item(i).text() for i in range(page.chibre_view.log.count())]
    assert any("takes it" in line for line in lines), lines


def test_the_log_coach_line_and_review_follow_a_language_and_deck_switch(qtbot, make_window):
    window = make_window()
    page = window.play
    play_first_round(window, seed=5, pick=0)
    page.show_review()
    qtbot.waitUntil(lambda: page.review.list.count() > 0, timeout=60000)
    english = [page.chibre_view.log.item(i).text() for i in range(page.chibre_view.log.count())]
    assert any(" plays the " in line for line in english)
    window.change_language("de")
    try:
        german = [page.chibre_view.log.item(i).text() for i in range(page.chibre_view.log.count())]
        assert len(german) == len(english) and not any(" plays the " in x for x in german)
        assert any(" spielt " in line for line in german), german[:5]
        assert not page.review.list.item(0).text().startswith("Trump choice")
        window.change_look("german", window.card_height)
        log = page.chibre_view.log
        swiss = " ".join(log.item(i).text() for i in range(log.count()))
        assert not any(word in swiss for word in ("Herz", "Karo", "Kreuz", "Pik"))
        assert any(word in swiss for word in ("Rosen", "Schellen", "Eicheln", "Schilten"))
    finally:
        window.change_language("en")
        window.change_look("french", window.card_height)


def test_the_table_keys_and_the_hint_are_said_through_the_focused_card(qtbot, make_window):
    window = make_window()
    window.activateWindow()
    page = window.play
    first_learner_card_turn(window)
    card = QApplication.focusWidget()
    assert card in page.chibre_view.hand.card_widgets()

    def said() -> str:
        return QApplication.focusWidget().accessibleDescription().rstrip("\u200b")

    qtbot.keyClick(card, Qt.Key.Key_S)
    assert said().startswith("Game: your team")
    qtbot.keyClick(card, Qt.Key.Key_C)
    assert said() == page.chibre_view.coach_text.text()
    qtbot.keyClick(card, Qt.Key.Key_L)
    view = page.session.view()
    assert said() == ("No trick has been taken yet this round." if not view.tricks else
                      said()) and (not view.tricks or said().startswith("Last trick: "))
    qtbot.keyClick(card, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: said().startswith("Hint:"), timeout=30000)


def test_how_much_of_the_table_is_said_follows_the_setting(qtbot, make_window):
    from tutor.table import words

    window = make_window()
    page = window.play
    settings = window.settings_page
    settings.speech.setCurrentIndex(settings.speech.findData("tricks"))
    assert page.speech == "tricks" and window.settings.value("table_speech") == "tricks"
    first_learner_card_turn(window)
    said = [words.said_at_table(item, "tricks") for item in page.table.log]
    played = [isinstance(item, CardPlayed) for item in page.table.log]
    assert not any(s and p for s, p in zip(said, played, strict=True)), "no card at 'tricks'"
    assert not any(words.said_at_table(item, "off") for item in page.table.log)
    assert all(words.said_at_table(item, "cards") for item in page.table.log
               if isinstance(item, CardPlayed))


def test_a_saved_game_with_an_unknown_bot_is_told_and_not_offered_to_resume(
        qtbot, make_window, tmp_path):
    with GameStore(tmp_path / "games.sqlite3") as games:
        games.save_current("g1", Game(seed=1).events, seats=SEATS, rules=Rules())
    conn = sqlite3.connect(tmp_path / "games.sqlite3")
    with conn:
        conn.execute("UPDATE current_game SET seats = ?",
                     ('["learner", "klingon", "random", "random"]',))
    conn.close()
    window = make_window()
    page = window.play
    assert not page.bar.resume_button.isVisibleTo(page)
    assert window.notice.isVisibleTo(window)
    assert "could not be resumed" in window.notice.text.text()
    assert "klingon" in window.notice.text.text()


def test_a_reviewed_mistake_offers_its_strategy_lesson_and_two_puzzles(qtbot, make_window):
    window = make_window()
    page = window.play
    found = None
    for seed in range(5, 12):  # rounds played badly until the review flags a themed mistake
        play_first_round(window, seed=seed, pick=-1)
        page.show_review()
        qtbot.waitUntil(lambda: page.review.list.count() > 0 or
                        page.review.heading.text().startswith("Every"), timeout=60000)
        for row, item in enumerate(page.review.reviews):
            page.review.list.setCurrentRow(row)
            if page.review.course_shown is not None:
                found = row, item
                break
            assert not page.review.course_lesson.isVisibleTo(page), "no link without a theme"
        if found:
            break
    assert found, "no reviewed mistake matched a strategy theme in seven rounds"
    row, item = found
    link = page.review.course_shown
    assert item.is_mistake
    # a fresh learner has not reached the lesson: it is later in the course, its puzzles locked
    assert not link.reached and link.puzzles == ()
    assert "later in the course" in page.review.course_text.text()
    assert "read it again" not in page.review.course_text.text()
    assert not page.review.course_puzzles.isVisibleTo(page)
    for lesson in window.content.lessons:  # the whole course done: every puzzle is open
        window.progress.complete_lesson(lesson.id)
    page.review.reviews = []
    page.review.fill()
    page.review.list.setCurrentRow(row)
    link = page.review.course_shown
    assert link is not None and link.reached
    assert link.theme in {theme for p in link.puzzles for theme in p.themes}
    assert len(link.puzzles) == 2 and all(p.kind.value == "strategy" for p in link.puzzles)
    assert (link.theme in {t for kind, t in link.lesson.prepares})
    review = page.review
    assert review.course_lesson.isVisibleTo(page) and review.course_puzzles.isVisibleTo(page)
    assert f"lesson {link.lesson.number}" in page.review.course_text.text()
    said = page.review.list.item(row).data(Qt.ItemDataRole.AccessibleDescriptionRole)
    assert said.startswith(page.review.text.text()[:40]) and said.endswith(
        page.review.course_text.text()), "a screen reader hears the detail, then the link"
    if row + 1 < len(page.review.reviews) and not page.review.reviews[row + 1].is_mistake:
        page.review.list.setCurrentRow(row + 1)  # a small loss: the link goes away
        assert not page.review.course_text.isVisibleTo(page)
        page.review.list.setCurrentRow(row)
    qtbot.mouseClick(page.review.course_lesson, Qt.MouseButton.LeftButton)
    assert window.current_page() == "learn"
    assert window.learn.view.lesson is not None and window.learn.view.lesson.id == link.lesson.id
    window.show_page("play")
    qtbot.mouseClick(page.review.course_puzzles, Qt.MouseButton.LeftButton)
    assert window.current_page() == "puzzles"
    shown, ids = window.puzzles.current, {p.id for p in link.puzzles}
    assert window.puzzles.practice_ids == ids  # these two, in the order "Next for me" picks
    assert shown is not None and shown.id in ids

"""A game at the Play page counts as practice: each round the learner finishes is a day
practised, and a finished game meets the daily goal (real widgets, offscreen, fast bots)."""

from __future__ import annotations

from engine import Rules
from engine.chibre.events import RoundScored
from tests.test_ui_play import SEATS, play_by_keyboard, play_to_the_end, settle
from tutor.progress import Progress
from tutor.progress.overview import overview
from tutor.table.flow import Stage


def test_a_round_played_counts_for_the_day_and_a_finished_game_meets_the_goal(
        qtbot, tmp_path, play_window):
    progress = Progress(tmp_path / "progress.sqlite3")
    window = play_window(Rules(target=300), progress)
    window.activateWindow()
    page = window.play
    assert not progress.has_practised()
    page.new_game(SEATS, seed=7)
    settle(window)
    while page.table.stage is not Stage.ROUND_OVER:
        assert not page.session.is_over
        play_by_keyboard(qtbot, window)
    figures = overview(progress, [], [])
    assert len(progress.practice_times()) == 1 and figures.practised_today
    assert figures.days_in_a_row == 1 and figures.games_today == 0 and not figures.goal_met
    play_to_the_end(qtbot, window)
    rounds = sum(isinstance(event, RoundScored) for event in page.session.events)
    assert page.session.is_over and rounds >= 2
    assert len(progress.practice_times()) == rounds
    window.show_page("progress")
    shown = window.progress_page
    assert shown.goal_games.text() == "Games finished today: 1 of 1"
    assert shown.goal_state.text() == "Goal reached ✓" and shown.goal_bar.value() == 100


def test_the_mistakes_of_a_game_played_at_the_page_are_kept_in_the_progress_file(
        qtbot, tmp_path, play_window):
    progress = Progress(tmp_path / "progress.sqlite3")
    window = play_window(Rules(target=300), progress)
    window.activateWindow()
    page = window.play
    assert page.table.keep == page.pomme.keep == progress.keep_positions
    page.new_game(SEATS, seed=7)
    settle(window)
    play_to_the_end(qtbot, window)
    rounds = [e.round for e in page.session.events if isinstance(e, RoundScored)]
    qtbot.waitUntil(lambda: all(n in page.table.reviews for n in rounds), timeout=120_000)
    mistakes = [(page.session.game_id, r.decision.round, r.decision.trick, 0)
                for n in rounds for r in page.table.reviews[n] if r.is_mistake]
    assert mistakes  # the first legal card, each time, errs
    assert sorted(i.position.key for i in progress.kept_positions()) == sorted(mistakes)

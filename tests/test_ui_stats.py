"""Statistics on the Play page as charts (issue 35, "moments"): points per round, points lost
against the par and mistakes by theme, each with a sentence shown under it that is also what a
screen reader reads of it; driven offscreen with real widgets on a store of finished games."""

from __future__ import annotations

from tests.test_games import SEATS, finished_game
from tutor.games import GameStore


def test_statistics_show_three_charts_each_with_its_text_alternative(play_window, tmp_path):
    with GameStore(tmp_path / "games.sqlite3") as store:
        for number in range(3):
            game = finished_game(30 + number)
            store.save_current(f"g{number}", game.events[:-3], seats=SEATS, rules=game.rules)
            store.finish(f"g{number}", game.events)
            store.set_mistakes(f"g{number}", 3, {"leading": 2, "buur-nell": 1})
            store.set_par(f"g{number}", (-12, 2))
    window = play_window()
    page = window.play
    page.show_statistics()
    stats = page.stats
    assert page.stack.currentWidget() is stats
    assert stats.summary.text().startswith("3 games played to the end")
    for tile in (stats.points, stats.par, stats.themes):
        chart = tile.chart
        assert chart.isVisible() and chart.has_data()
        assert chart.accessibleName() == tile.heading.text()
        assert chart.accessibleDescription() == tile.summary.text() != ""
        assert tile.summary.isVisible()
    assert len(stats.points.chart.values) == 3
    assert stats.par.chart.values == [6.0, 6.0, 6.0]
    assert stats.themes.chart.labels == ["Leading", "Buur and Nell"]
    assert stats.themes.summary.text() == ("Mistakes flagged by the coach, by theme: Leading 6, "
                                           "Buur and Nell 3.")
    assert stats.list.count() == 3
    chart = stats.themes.chart
    image = chart.grab()  # it paints (bars, names) without error
    assert not image.isNull()


def test_statistics_without_games_say_so_in_each_chart(play_window):
    window = play_window()
    page = window.play
    page.show_statistics()
    for tile in (page.stats.points, page.stats.par, page.stats.themes):
        assert not tile.chart.has_data() and tile.summary.text()
    assert page.stats.points.summary.text().startswith("No game played to the end yet")

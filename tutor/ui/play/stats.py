"""The learner's games over time on the Play page (``StatsPanel``): the figures in one line,
three small charts — points per complete round game by game, the points lost per round against
the par, the coach's flagged mistakes by theme — each with its sentence under it (what a screen
reader reads of the chart too), and the list of the games. What the charts show and say is
``tutor.table.statistics``; the data is the game store's (``tutor.games.Statistics``)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from tutor import design
from tutor.games import GameStore, Statistics
from tutor.i18n import _
from tutor.table import statistics, words
from tutor.ui.play.base import KEYS, scroll, wrapping_list
from tutor.ui.widgets.chart import BarChart
from tutor.ui.widgets.common import announce, key_name, label, push_button
from tutor.ui.widgets.result_card import muted

#: The width from which the three charts stand side by side (else one above the other).
CHARTS_SIDE_BY_SIDE = 900


class ChartTile(QWidget):
    """A chart with its heading above and its sentence below."""

    def __init__(self, chart: BarChart) -> None:
        super().__init__()
        self.chart = chart
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(design.SPACE_XS)
        self.heading = label(chart.objectName() + "Heading", wrap=True, bold=True)
        self.summary: QLabel = muted(label(chart.objectName() + "Summary", wrap=True,
                                           scale=design.SMALL))
        box.addWidget(self.heading)
        box.addWidget(chart)
        box.addWidget(self.summary)
        box.addStretch(1)

    def set_words(self, heading: str, summary: str, empty: str) -> None:
        self.heading.setText(heading)
        self.summary.setText(summary)
        self.chart.set_text(heading, summary, empty)


class StatsPanel(QWidget):
    """Games, wins, average points, the coach's flagged mistakes and par, over time: in words,
    in charts and game by game."""

    back = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statsPanel")
        self.heading = label("statsHeading", scale=design.HEADING, bold=True)
        self.summary = label("statsSummary", wrap=True, scale=design.SUBHEADING)
        self.points = ChartTile(BarChart("pointsChart"))
        self.par = ChartTile(BarChart("parChart"))
        self.themes = ChartTile(BarChart("themesChart", across=True))
        self.charts = QWidget()
        self.chart_grid = QGridLayout(self.charts)
        self.chart_grid.setContentsMargins(0, design.SPACE_S, 0, design.SPACE_S)
        self.chart_grid.setSpacing(design.SPACE_XL)
        self._columns = 0
        self._arrange(3)
        self.list_heading = label("statsListHeading", bold=True)
        self.list = wrapping_list("statsList")
        self.list.setMinimumHeight(60)  # not a large empty box: see ``_fill``
        column = QWidget()
        inside = QVBoxLayout(column)
        inside.setContentsMargins(0, 0, design.SPACE_S, 0)
        inside.setSpacing(design.SPACE_M)
        for widget in (self.heading, self.summary, self.charts, self.list_heading, self.list):
            inside.addWidget(widget)
        inside.addStretch(1)
        self.area = scroll(column, "statsScroll")
        self.back_button = push_button("statsBack", self.back.emit)
        layout = QVBoxLayout(self)
        layout.addWidget(self.area, 1)
        layout.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.stats: Statistics | None = None

    def _arrange(self, columns: int) -> None:
        """The charts in ``columns`` columns (3 side by side, or 1 under each other)."""
        if columns == self._columns:
            return
        self._columns = columns
        for tile in (self.points, self.par, self.themes):
            self.chart_grid.removeWidget(tile)
        for index, tile in enumerate((self.points, self.par, self.themes)):
            self.chart_grid.addWidget(tile, index // columns, index % columns)
        for column in range(3):
            self.chart_grid.setColumnStretch(column, 1 if column < columns else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(3 if self.width() >= CHARTS_SIDE_BY_SIDE else 1)

    def show_games(self, store: GameStore) -> None:
        self.stats = store.statistics()
        self._fill()
        self.back_button.setFocus()
        announce(self.summary, self.summary.text())

    def _fill(self) -> None:
        stats = self.stats
        if stats is None:
            return
        self.heading.setText(_("Your games"))
        self.summary.setText(words.statistics_summary(
            stats.games, stats.wins, stats.points_per_round, stats.mistakes_per_game,
            stats.par_per_round, stats.abandoned))
        series = stats.series
        self.points.chart.set_bars(*statistics.points_bars(series), role="team_us")
        self.points.set_words(_("Points per complete round, game by game"),
                              statistics.points_summary(series), _("No game yet."))
        self.par.chart.set_bars(*statistics.par_bars(series), role="team_them")
        self.par.set_words(_("Points lost per round against the par"),
                           statistics.par_summary(series), _("No par yet."))
        self.themes.chart.set_bars(*statistics.theme_bars(stats.mistakes_by_theme))
        self.themes.set_words(_("Mistakes by theme"),
                              statistics.themes_summary(stats.mistakes_by_theme),
                              _("No mistake of a theme yet."))
        self.list_heading.setText(_("Game by game, the latest first"))
        self.list.clear()
        for game in reversed(series):
            self.list.addItem(words.game_line(game))
        # as tall as its games (a few), then it scrolls
        rows = sum(self.list.sizeHintForRow(row) for row in range(min(self.list.count(), 10)))
        self.list.setMaximumHeight(max(self.list.minimumHeight(),
                                       rows + 2 * self.list.frameWidth() + design.SPACE_S))

    def retranslate_ui(self) -> None:
        self.back_button.setText(_("{action} ({key})").format(
            action=_("Back to the table"), key=key_name(KEYS["take_back"])))
        self.list.setAccessibleName(_("Your games"))
        self._fill()


__all__ = ["StatsPanel"]

"""What the Statistics' charts show and say (``tutor.ui.play.stats``), without Qt: points per
complete round game by game, the points lost per round against the par game by game, and the
coach's flagged mistakes by theme — each as the bars to draw and one sentence that a screen
reader reads and a sighted learner sees under the chart.

>>> from datetime import UTC, datetime
>>> from tutor.games import GamePoint
>>> day = datetime(2026, 11, 27, tzinfo=UTC)
>>> games = [GamePoint(day, True, 1000, 71.5, 2, -8.0), GamePoint(day, False, 640, 63.0, 4)]
>>> points_bars(games)
([71.5, 63.0], ['1', '2'])
>>> par_bars(games)
([8.0], ['1'])
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.games import GamePoint
from tutor.i18n import _, format_number, ngettext
from tutor.table.result import theme_name

#: The games a chart shows at most: the latest ones.
LAST_GAMES = 20


def _latest(series: Sequence[GamePoint]) -> list[tuple[int, GamePoint]]:
    """The latest ``LAST_GAMES`` games, numbered from the first game played (1, 2, …)."""
    numbered = list(enumerate(series, start=1))
    return numbered[-LAST_GAMES:]


def decimal(value: float) -> str:
    return format_number(round(value, 1))


def points_bars(series: Sequence[GamePoint]) -> tuple[list[float], list[str]]:
    """Each game's points per complete round (a game with none is left out), and its number."""
    shown = [(n, g.points_per_round) for n, g in _latest(series) if g.points_per_round is not None]
    return [float(v) for _n, v in shown if v is not None], [str(n) for n, _v in shown]


def par_bars(series: Sequence[GamePoint]) -> tuple[list[float], list[str]]:
    """The points each game's choices gave away per round against a perfect player's (its par
    per round, turned to a loss: 0 or more), for the games that have a par."""
    shown = [(n, g.par_per_round) for n, g in _latest(series) if g.par_per_round is not None]
    return [max(0.0, -v) for _n, v in shown if v is not None], [str(n) for n, _v in shown]


def points_summary(series: Sequence[GamePoint]) -> str:
    """The points chart in one sentence."""
    values, _labels = points_bars(series)
    if not values:
        return _("No game played to the end yet: the points per round of each game show here.")
    if len(values) == 1:
        return _("Points per complete round in your game: {points}.").format(
            points=decimal(values[0]))
    return ngettext(
        "Points per complete round over your last {count} game: {last} in the last one, "
        "{best} at best, {mean} on average.",
        "Points per complete round over your last {count} games: {last} in the last one, "
        "{best} at best, {mean} on average.", len(values)).format(
        count=len(values), last=decimal(values[-1]), best=decimal(max(values)),
        mean=decimal(sum(values) / len(values)))


def par_summary(series: Sequence[GamePoint]) -> str:
    """The par chart in one sentence: the points lost per round against a perfect player."""
    values, _labels = par_bars(series)
    if not values:
        return _("No par yet: once the coach has gone over a game, the points it lost against "
                 "a perfect player show here.")
    return ngettext(
        "Points lost per round against a perfect player in your seat, over {count} game: "
        "{last} in the last one, {mean} on average. Lower is better.",
        "Points lost per round against a perfect player in your seat, over {count} games: "
        "{last} in the last one, {mean} on average. Lower is better.", len(values)).format(
        count=len(values), last=decimal(values[-1]), mean=decimal(sum(values) / len(values)))


def theme_bars(by_theme: Sequence[tuple[str, int]]) -> tuple[list[float], list[str]]:
    """A bar per theme of the flagged mistakes, the most frequent first, and its name."""
    named = [(theme_name(theme), count) for theme, count in by_theme if theme_name(theme)]
    return [float(count) for _name, count in named], [name for name, _count in named]


def themes_summary(by_theme: Sequence[tuple[str, int]]) -> str:
    """The mistakes by theme in one sentence."""
    values, names = theme_bars(by_theme)
    if not values:
        return _("No mistake of a strategy theme flagged yet: the themes to work on show "
                 "here.")
    items = _(", ").join(_("{theme} {count}").format(theme=name, count=format_number(round(v)))
                         for name, v in zip(names, values, strict=True))
    return _("Mistakes flagged by the coach, by theme: {items}.").format(items=items)


__all__ = ["LAST_GAMES", "par_bars", "par_summary", "points_bars", "points_summary",
           "theme_bars", "themes_summary"]

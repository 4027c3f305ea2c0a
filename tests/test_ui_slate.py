"""The traditional slate (R-SLATE): what it says to screen readers and what it paints."""

from __future__ import annotations

import doctest
import re

import pytest
from PySide6.QtGui import QImage

from engine.chibre.scoring import slate
from tutor import i18n
from tutor.ui.widgets import slate as slate_module
from tutor.ui.widgets.slate import SlateWidget, slate_sentence

TOTALS = (0, 157, 257, 999, 1234)
MARKS = re.compile(r"(\d+) strokes? for 100, (\d+) half-cross(?:es)?, (\d+) strokes? for 20, "
                   r"(\d+) at the side")


@pytest.fixture
def widget(qtbot):
    view = SlateWidget()
    qtbot.addWidget(view)
    return view


def marks(sentence: str) -> tuple[int, ...]:
    found = MARKS.search(sentence)
    assert found, sentence
    return tuple(int(group) for group in found.groups())


def render(view: SlateWidget, width: int, height: int) -> QImage:
    view.resize(width, height)
    return view.grab().toImage()


def count(image: QImage, test) -> int:
    step = max(1, image.width() // 260)
    return sum(1 for y in range(0, image.height(), step) for x in range(0, image.width(), step)
               if test(image.pixelColor(x, y)))


def chalk(image: QImage) -> int:
    return count(image, lambda c: min(c.red(), c.green(), c.blue()) > 200)


def board(image: QImage) -> int:
    return count(image, lambda c: max(c.red(), c.green(), c.blue()) < 80)


@pytest.mark.parametrize("points", TOTALS)
def test_r_slate_accessible_text_is_the_engine_slate(widget, points):
    widget.set_scores(points, 1234 - points)
    for team, total in enumerate((points, 1234 - points)):
        sentence = widget.describe(team)
        assert marks(sentence) == slate(total)
        assert sentence.startswith(f"Team {'AB'[team]}: {i18n.format_number(total)} point")
    assert widget.accessibleDescription() == "\n".join(widget.describe(t) for t in (0, 1))
    assert i18n.format_number(points) in widget.accessibleName()


def test_r_slate_sentence_reads_like_the_example():
    assert slate_sentence("Team A", 1234) == (
        f"Team A: {i18n.format_number(1234)} points — 12 strokes for 100, 0 half-crosses, "
        "1 stroke for 20, "
        "14 at the side")
    assert slate_sentence("Us", 1) == (
        "Us: 1 point — 0 strokes for 100, 0 half-crosses, 0 strokes for 20, 1 at the side")
    result = doctest.testmod(slate_module)
    assert result.attempted > 0 and result.failed == 0


def test_names_are_shown_and_negative_points_refused(widget):
    widget.set_scores(157, 0, names=("Anna & Beat", "Bots"))
    assert widget.describe(0).startswith("Anna & Beat: 157 points")
    assert widget.describe(1).startswith("Bots: 0 points")
    with pytest.raises(ValueError):
        widget.set_scores(-5, 0)
    assert widget.scores() == (157, 0)


def test_rendering_is_not_blank_and_follows_the_score(widget):
    assert widget.sizeHint().width() > 2 * widget.sizeHint().height()
    for width, height in ((520, 220), (1040, 440)):
        widget.set_scores(0, 0)
        empty = render(widget, width, height)
        assert board(empty) > 0.25 * count(empty, lambda c: True)
        widget.set_scores(1234, 157)
        full = render(widget, width, height)
        widget.set_scores(157, 1234)
        swapped = render(widget, width, height)
        assert chalk(full) > chalk(empty) + 60  # the marks, and 14 and 7 at the side
        assert full != swapped != empty
        assert render(widget, width, height) == swapped  # the chalk's wobble is deterministic


def test_retranslate_keeps_text_and_marks_consistent(widget):
    widget.set_scores(1234, 999)
    english = widget.accessibleDescription()
    i18n.set_language("fr")
    widget.retranslate_ui()
    french = widget.accessibleDescription()
    assert french == "\n".join(widget.describe(t) for t in (0, 1))
    assert i18n.format_number(1234) in widget.accessibleName()
    i18n.set_language("en")
    widget.retranslate_ui()
    assert widget.accessibleDescription() == english
    assert [marks(line) for line in english.splitlines()] == [slate(1234), slate(999)]

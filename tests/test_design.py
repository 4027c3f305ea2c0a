"""The app's look is one design (issue 35 item 1): every text colour of every appearance reaches
WCAG AA's 4.5:1 on the backgrounds it is drawn on, rings and marks 3:1; Qt's palette and the
style sheet are made from it; no widget brings colours of its own, but the card art."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QPushButton

from tutor import design
from tutor.design import (
    MARK_CONTRAST,
    MARK_PAIRS,
    PALETTES,
    TEXT_CONTRAST,
    TEXT_PAIRS,
    Palette,
    contrast_ratio,
)
from tutor.ui import theme

UI = Path(__file__).resolve().parent.parent / "tutor" / "ui"
#: The card art: faces, suit symbols, the chalk slate and the trump badge's little card are
#: pictures of real objects, drawn in their own colours whatever the appearance.
ART = {"cardfaces.py", "suits.py", "slate.py", "marks.py", "card.py"}
COLOUR_LITERAL = re.compile(r"#[0-9a-fA-F]{6}\b|QColor\(\s*\d")


@pytest.mark.parametrize("palette", PALETTES.values(), ids=PALETTES.keys())
def test_every_text_colour_reaches_aa_contrast_on_its_backgrounds(palette: Palette) -> None:
    weak = [(text, ground, round(contrast_ratio(getattr(palette, text),
                                                getattr(palette, ground)), 2))
            for text, grounds in TEXT_PAIRS.items() for ground in grounds
            if contrast_ratio(getattr(palette, text), getattr(palette, ground)) < TEXT_CONTRAST]
    assert weak == []


@pytest.mark.parametrize("palette", PALETTES.values(), ids=PALETTES.keys())
def test_the_focus_ring_and_the_turn_ring_stand_out_three_to_one(palette: Palette) -> None:
    weak = [(mark, ground) for mark, grounds in MARK_PAIRS.items() for ground in grounds
            if contrast_ratio(getattr(palette, mark), getattr(palette, ground)) < MARK_CONTRAST]
    assert weak == []


def test_every_role_of_every_palette_is_a_colour_and_every_text_role_is_checked() -> None:
    for palette in PALETTES.values():
        for role, value in palette.colours().items():
            assert re.fullmatch(r"#[0-9a-f]{6}", value), (palette.name, role, value)
    roles = set(design.LIGHT.colours())
    text_roles = {role for role in roles if role.endswith("text") or role == "link"}
    assert text_roles <= set(TEXT_PAIRS)
    assert {g for grounds in TEXT_PAIRS.values() for g in grounds} <= roles


def test_contrast_ratio_matches_the_wcag_examples() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)


def test_system_follows_the_desktops_dark_and_the_others_are_fixed() -> None:
    assert design.palette_for("system", system_dark=False) is design.LIGHT
    assert design.palette_for("system", system_dark=True) is design.DARK
    for name, palette in (("light", design.LIGHT), ("dark", design.DARK),
                          ("contrast", design.HIGH_CONTRAST)):
        assert design.palette_for(name, system_dark=True) is palette  # type: ignore[arg-type]


@pytest.mark.parametrize("appearance", ["light", "dark", "contrast"])
def test_the_app_draws_with_the_palette_of_the_appearance_chosen(qapp: QApplication,
                                                                 appearance: str) -> None:
    try:
        palette = theme.apply_theme(qapp, appearance)  # type: ignore[arg-type]
        qt = qapp.palette()
        assert qt.color(QPalette.ColorRole.Window) == QColor(palette.window)
        assert qt.color(QPalette.ColorRole.WindowText) == QColor(palette.text)
        assert qt.color(QPalette.ColorRole.Highlight) == QColor(palette.highlight)
        assert theme.colour("felt") == QColor(palette.felt)
        # the style sheet's colours are the palette's, and only those
        used = set(re.findall(r"#[0-9a-f]{6}\b", qapp.styleSheet()))
        assert used <= set(palette.colours().values())
        assert "QPushButton:focus { border: " in qapp.styleSheet()
    finally:
        theme.apply_theme(qapp, "light")


def test_a_primary_button_is_drawn_apart_and_is_the_default(qapp: QApplication) -> None:
    theme.apply_theme(qapp, "light")
    button = QPushButton("Next")
    theme.mark_primary(button)
    assert button.property(theme.PRIMARY_PROPERTY) is True
    assert button.isDefault()
    theme.mark_primary(button, False)
    assert not button.isDefault()


def test_no_widget_brings_colours_of_its_own_but_the_card_art() -> None:
    found = []
    for path in sorted(UI.rglob("*.py")):
        if path.name in ART or path.name == "theme.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if COLOUR_LITERAL.search(line):
                found.append(f"{path.relative_to(UI)}:{number}: {line.strip()}")
    assert found == []


def test_motion_lasts_a_quarter_second_and_is_off_when_reduced(monkeypatch) -> None:
    monkeypatch.delenv(theme.NO_MOTION_ENV, raising=False)
    theme.set_reduce_motion(False)
    try:
        assert theme.motion_ms() == design.MOTION_MS == 250
        theme.set_reduce_motion(True)
        assert theme.motion_ms() == 0
        theme.set_reduce_motion(False)
        monkeypatch.setenv(theme.NO_MOTION_ENV, "1")
        assert theme.motion_ms() == 0
    finally:
        theme.set_reduce_motion(False)

"""The app's look in Qt: ``tutor.design``'s palette as a ``QPalette`` and one style sheet,
applied to the whole application; light or dark following the system, or the learner's
choice (Settings → Appearance), and "reduce motion".

Widgets that paint ask ``colour(role)`` at paint time, so a switch of appearance repaints
them in the new colours; a page marks its one primary action with ``mark_primary``.
"""

from __future__ import annotations

import os
from typing import Final

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from tutor import design
from tutor.design import DEFAULT_APPEARANCE, LIGHT, MOTION_MS, Appearance, Palette

PRIMARY_PROPERTY: Final = "primary"
#: Set (to anything but empty) to turn motion off whatever the setting: the tests set it, so
#: that no test waits for a card to arrive.
NO_MOTION_ENV: Final = "JASS_TUTOR_NO_MOTION"


class _Theme(QObject):
    """The appearance and motion in force (one per application)."""

    def __init__(self) -> None:
        super().__init__()
        self.appearance: Appearance = DEFAULT_APPEARANCE
        self.palette: Palette = LIGHT
        self.reduce_motion = False
        self.connected = False


_theme = _Theme()


def system_is_dark() -> bool:
    """Whether the desktop asks for dark colours (Qt 6.5's colour scheme)."""
    hints = QGuiApplication.styleHints()
    return bool(hints is not None and hints.colorScheme() == Qt.ColorScheme.Dark)


def apply_theme(app: QApplication, appearance: Appearance | None = None) -> Palette:
    """Give ``app`` the palette and style sheet of ``appearance`` (the one in force when
    ``None``), and follow the system's light or dark from then on when it is ``system``."""
    if appearance is not None:
        _theme.appearance = appearance
    palette = design.palette_for(_theme.appearance, system_dark=system_is_dark())
    _theme.palette = palette
    # Setting either again re-polishes every widget alive (slow with many): only on a change.
    qpalette = qt_palette(palette)
    if app.palette() != qpalette:
        app.setPalette(qpalette)
    sheet = style_sheet(palette)
    if app.styleSheet() != sheet:
        app.setStyleSheet(sheet)
    hints = QGuiApplication.styleHints()
    if not _theme.connected and hints is not None:
        _theme.connected = True
        hints.colorSchemeChanged.connect(lambda _scheme: _follow_system(app))
    return palette


def _follow_system(app: QApplication) -> None:
    if _theme.appearance == "system":
        apply_theme(app)


def current_palette() -> Palette:
    return _theme.palette


def current_appearance() -> Appearance:
    return _theme.appearance


def colour(role: str) -> QColor:
    """The colour of ``role`` (a field of ``tutor.design.Palette``) in the appearance in
    force."""
    return QColor(getattr(_theme.palette, role))


def set_reduce_motion(reduce: bool) -> None:
    _theme.reduce_motion = reduce


def reduce_motion() -> bool:
    """Whether cards go to their place at once: the setting, or ``NO_MOTION_ENV``."""
    return _theme.reduce_motion or bool(os.environ.get(NO_MOTION_ENV))


def motion_ms() -> int:
    """How long a card's move lasts: ``MOTION_MS``, or 0 (no motion) under reduce motion."""
    return 0 if reduce_motion() else MOTION_MS


def mark_primary(button: QPushButton, primary: bool = True) -> None:
    """Draw ``button`` as its page's primary action (or no longer)."""
    button.setProperty(PRIMARY_PROPERTY, primary)
    button.setDefault(primary)
    restyle(button)


def restyle(widget: QWidget) -> None:
    """Apply the style sheet again after a dynamic property it selects on changed."""
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)
    widget.update()


def qt_palette(palette: Palette) -> QPalette:
    """``palette`` as Qt's palette: the roles Fusion draws every stock widget with."""
    result = QPalette()
    roles = {
        QPalette.ColorRole.Window: palette.window,
        QPalette.ColorRole.WindowText: palette.text,
        QPalette.ColorRole.Base: palette.surface,
        QPalette.ColorRole.AlternateBase: palette.surface_alt,
        QPalette.ColorRole.ToolTipBase: palette.surface,
        QPalette.ColorRole.ToolTipText: palette.text,
        QPalette.ColorRole.PlaceholderText: palette.muted_text,
        QPalette.ColorRole.Text: palette.text,
        QPalette.ColorRole.Button: palette.surface,
        QPalette.ColorRole.ButtonText: palette.text,
        QPalette.ColorRole.BrightText: palette.accent_text,
        QPalette.ColorRole.Highlight: palette.highlight,
        QPalette.ColorRole.HighlightedText: palette.highlight_text,
        QPalette.ColorRole.Link: palette.link,
        QPalette.ColorRole.LinkVisited: palette.link,
        QPalette.ColorRole.Light: palette.surface,
        QPalette.ColorRole.Midlight: palette.surface_alt,
        QPalette.ColorRole.Mid: palette.control,
        QPalette.ColorRole.Dark: palette.control,
        QPalette.ColorRole.Shadow: palette.control,
        QPalette.ColorRole.Accent: palette.highlight,
    }
    for role, value in roles.items():
        result.setColor(role, QColor(value))
    disabled = QColor(palette.disabled)
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        result.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return result


def style_sheet(p: Palette) -> str:
    """The one style sheet of the app, in ``p``'s colours: buttons and the primary action,
    the focus ring, the sidebar, panels, feedback and notices."""
    r, half = design.RADIUS, design.RADIUS // 2
    ring = 3 if p.name == "contrast" else 2
    return f"""
QPushButton {{ background: {p.surface}; color: {p.text}; border: 1px solid {p.border};
    border-radius: {half}px; padding: 3px 12px; }}
QPushButton:hover {{ background: {p.surface_alt}; }}
QPushButton:pressed {{ background: {p.border}; }}
QPushButton:disabled {{ color: {p.disabled}; border-color: {p.surface_alt}; }}
QPushButton[primary="true"] {{ background: {p.accent}; color: {p.accent_text};
    border: 1px solid {p.accent}; font-weight: bold; }}
QPushButton[primary="true"]:hover {{ border-color: {p.text}; }}
QPushButton[primary="true"]:disabled {{ background: {p.surface_alt}; color: {p.disabled};
    border-color: {p.surface_alt}; font-weight: normal; }}
QPushButton:focus {{ border: {ring}px solid {p.focus}; }}
QPushButton[primary="true"]:focus {{ border: {ring}px solid {p.accent_text}; }}
QComboBox:focus, QCheckBox:focus, QRadioButton:focus, QSlider:focus, QLineEdit:focus,
QSpinBox:focus, QAbstractItemView:focus, QScrollArea:focus, QTextBrowser:focus,
QPlainTextEdit:focus {{ outline: none; }}
QComboBox:focus, QLineEdit:focus, QSpinBox:focus {{ border: {ring}px solid {p.focus};
    border-radius: {half}px; }}
QAbstractItemView:focus, QTextBrowser:focus, QPlainTextEdit:focus {{
    border: {ring}px solid {p.focus}; }}
QCheckBox {{ border: {ring}px solid transparent; border-radius: {half}px; padding: 1px;
    spacing: 6px; }}
QCheckBox:focus {{ border-color: {p.focus}; }}
QCheckBox::indicator {{ width: 14px; height: 14px; border: 2px solid {p.control};
    background: {p.surface}; border-radius: 3px; }}
QRadioButton::indicator {{ width: 11px; height: 11px; border: 2px solid {p.control};
    background: {p.surface}; border-radius: 7px; }}
QRadioButton::indicator:focus {{ border-color: {p.focus}; }}
QCheckBox::indicator:checked, QRadioButton::indicator:checked {{ background: {p.highlight};
    border-color: {p.highlight}; }}
QCheckBox::indicator:disabled, QRadioButton::indicator:disabled {{
    border-color: {p.disabled}; }}
QSlider {{ border: {ring}px solid transparent; border-radius: {half}px; }}
QSlider:focus {{ border-color: {p.focus}; }}
QSlider::groove:horizontal {{ height: 4px; background: {p.control}; border-radius: 2px; }}
QSlider::sub-page:horizontal {{ background: {p.highlight}; border-radius: 2px; }}
QSlider::handle:horizontal {{ width: 14px; margin: -7px 0; border-radius: 9px;
    background: {p.surface}; border: 2px solid {p.control}; }}
QToolTip {{ background: {p.surface}; color: {p.text}; border: 1px solid {p.border}; }}
#navigation {{ border: none; border-right: 1px solid {p.border}; padding-top: 12px;
    background: {p.surface_alt}; }}
#navigation::item {{ padding: 10px 16px; color: {p.text}; }}
#navigation::item:selected {{ background: {p.highlight}; color: {p.highlight_text}; }}
#rulesCard, #progressCard, #resultCard {{ background: {p.surface};
    border: 1px solid {p.border}; border-radius: {r}px; }}
#rulesCard QLabel, #progressCard QLabel, #resultCard QLabel {{ background: transparent; }}
#resultCard QLabel[muted="true"] {{ color: {p.muted_text}; }}
#rowSeparator {{ color: {p.surface_alt}; }}
#noticeBar {{ background: {p.notice}; border-bottom: 1px solid {p.notice_edge}; }}
#noticeBar QLabel {{ color: {p.notice_text}; }}
#feedback {{ border-radius: {r}px; padding: 6px; background: {p.surface_alt}; }}
#feedback[right="true"] {{ background: {p.right}; }}
#feedback[right="true"] QLabel {{ color: {p.right_text}; }}
#feedback[right="false"] {{ background: {p.wrong}; }}
#feedback[right="false"] QLabel {{ color: {p.wrong_text}; }}
#hintBox {{ background: {p.surface_alt}; border-left: 4px solid {p.notice_edge};
    border-radius: {half}px; }}
#recordPanel {{ border-left: 1px solid {p.border}; padding-left: 12px; }}
#recordPanel[below="true"] {{ border-left: none; border-top: 1px solid {p.border};
    padding-left: 0; margin-top: 12px; }}
#answers {{ border: 0; margin: 0; padding: 0; }}
"""


__all__ = [
    "NO_MOTION_ENV",
    "PRIMARY_PROPERTY",
    "apply_theme",
    "colour",
    "current_appearance",
    "current_palette",
    "mark_primary",
    "motion_ms",
    "qt_palette",
    "reduce_motion",
    "restyle",
    "set_reduce_motion",
    "style_sheet",
    "system_is_dark",
]
